"""Cost of complete step-by-step explanations (mm.analysis.explain).

Explains Five Houses, Einstein and generated puzzles end to end and prints, for each, the
time, the number of steps by kind and the number of steps that needed more than one clue.
Targets (issue 14): Five Houses and Einstein under 5 s each, a generated 8x8 under 60 s.
On this shared 2-core machine wall-clock timings vary with the load (medians of --runs
runs); the CPU seconds of the process say what the explanation itself costs.
Run: python benchmarks/bench_explain.py [--runs 3] [--seeds 1 2]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from rich.console import Console
from rich.table import Table

import mm

TARGETS = {"five_houses": 5.0, "einstein": 5.0, "8x8": 60.0}


def run(puzzle: mm.Puzzle, runs: int) -> tuple[mm.Explanation, float, float]:
    """The explanation, and the median wall-clock and CPU seconds of `runs` runs."""
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        ex = puzzle.explain()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return ex, statistics.median(wall), statistics.median(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="runs per puzzle (median)")
    parser.add_argument("--seeds", type=int, nargs="*", default=[1],
                        help="seeds of the generated 8x8 puzzles")
    args = parser.parse_args()
    cases = [("five_houses", mm.load("five_houses"), TARGETS["five_houses"]),
             ("einstein", mm.load("einstein"), TARGETS["einstein"])]
    cases += [(f"8x8 seed {s}", mm.generate(8, 8, seed=s), TARGETS["8x8"]) for s in args.seeds]
    table = Table(title="explain: complete step-by-step explanations")
    for col in ("puzzle", "status", "seconds", "cpu s", "target", "steps", "laws",
                "one clue", "grid", "several"):
        table.add_column(col, justify="left" if col in ("puzzle", "status") else "right")
    for name, puzzle, target in cases:
        ex, seconds, cpu = run(puzzle, args.runs)
        kinds = Counter(step.kind for step in ex.steps)
        table.add_row(name, ex.status, f"{seconds:.2f}", f"{cpu:.2f}", f"{target:.0f}",
                      str(len(ex.steps)),
                      str(kinds["one-to-one"] + kinds["transitivity"]), str(kinds["clue"]),
                      str(kinds["grid"]), str(kinds["combination"] + kinds["case split"]))
    Console(width=120).print(table)


if __name__ == "__main__":
    main()
