"""Speed of mm.generate: median seconds over --seeds seeds per size, default kinds, no rules,
minimal puzzles (issue 15 targets: 5x5 < 0.2 s, 8x8 < 2 s, 10x10 < 10 s, 10x30 < 60 s,
12x50 < 10 minutes), and 6x6 with difficulty steering (< 10 s). With --not-minimal, the
puzzles the large benchmark families use (minimal=False: unique, clues not pruned).

Also prints the solver calls, the clues drawn and kept, and the process CPU time next to the
wall time (on a shared machine the wall time grows with the others' load, the CPU time much
less). Figures are only comparable within one run on one machine.
Run: python benchmarks/bench_generate.py [--sizes 5x5,8x8] [--seeds 20] [--difficulty]
[--progress] [--not-minimal]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from rich.console import Console
from rich.table import Table

import mm
from mm.generation import generate as gen
from mm.generation.kinds import DEFAULT_KINDS
from mm.generation.themes import theme_for

TARGETS = {"5x5": 0.2, "8x8": 2.0, "10x10": 10.0, "10x30": 60.0, "12x50": 600.0}


def one(types: int, nouns: int, seed: int, minimal: bool = True
        ) -> tuple[float, float, gen.Generated]:
    """(wall seconds, CPU seconds, what was made) for one seed."""
    theme = theme_for(None, types, nouns)
    start, cpu = time.perf_counter(), time.process_time()
    made = gen._generate(types, nouns, random.Random(seed), DEFAULT_KINDS, None, theme,
                         minimal, "auto", {}, seed)
    return time.perf_counter() - start, time.process_time() - cpu, made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="5x5,8x8,10x10,10x30")
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=0,
                        help="seeds first..first+seeds-1 (split a long size over processes)")
    parser.add_argument("--difficulty", action="store_true", help="also time 6x6 steering")
    parser.add_argument("--progress", action="store_true", help="print each seed as it ends")
    parser.add_argument("--not-minimal", action="store_true",
                        help="minimal=False (no targets): e.g. --sizes 15x80,20x100,30x200")
    args = parser.parse_args()
    kind = "not minimal" if args.not_minimal else "minimal"
    table = Table(title=f"mm.generate ({kind}), median over {args.seeds} seeds")
    for column in ("size", "median s", "max s", "median CPU s", "max CPU s", "target s",
                   "solver calls", "drawn", "kept"):
        table.add_column(column, justify="right")
    for size in args.sizes.split(","):
        types, nouns = (int(v) for v in size.split("x"))
        runs = []
        for seed in range(args.first_seed, args.first_seed + args.seeds):
            runs.append(one(types, nouns, seed, minimal=not args.not_minimal))
            if args.progress:  # a long run cut short by a time limit still leaves figures
                wall, cpu, made = runs[-1]
                print(f"{size} seed {seed}: {wall:.2f} s wall, {cpu:.2f} s CPU, "
                      f"{made.solver_calls} solver calls, {made.drawn} drawn, "
                      f"{len(made.puzzle.facts) + len(made.puzzle.rules)} kept", flush=True)
        times, cpus = [t for t, _, _ in runs], [c for _, c, _ in runs]
        table.add_row(size, f"{statistics.median(times):.3f}", f"{max(times):.3f}",
                      f"{statistics.median(cpus):.3f}", f"{max(cpus):.3f}",
                      "" if args.not_minimal else str(TARGETS.get(size, "")),
                      str(statistics.median(m.solver_calls for _, _, m in runs)),
                      str(statistics.median(m.drawn for _, _, m in runs)),
                      str(statistics.median(len(m.puzzle.facts) + len(m.puzzle.rules)
                                            for _, _, m in runs)))
    Console().print(table)
    if args.difficulty:
        steer = Table(title=f"6x6 with difficulty steering, median over {args.seeds} seeds")
        for column in ("difficulty", "median s", "max s", "max CPU s", "median effort"):
            steer.add_column(column, justify="right")
        for level in ("easy", "medium", "hard", "fiendish"):
            times, cpus, efforts = [], [], []
            for seed in range(args.seeds):
                start, cpu = time.perf_counter(), time.process_time()
                p = mm.generate(6, 6, seed=seed, difficulty=level)
                times.append(time.perf_counter() - start)
                cpus.append(time.process_time() - cpu)
                efforts.append(p.grade.effort)
            steer.add_row(level, f"{statistics.median(times):.2f}", f"{max(times):.2f}",
                          f"{max(cpus):.2f}", str(statistics.median(efforts)))
        Console().print(steer)


if __name__ == "__main__":
    main()
