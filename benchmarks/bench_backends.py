"""Both backends side by side: model build, first solution, uniqueness proof, peak memory.

Puzzles: Five Houses, All Tired Out, and generated unique puzzles of 6x5, 8x10, 10x30 and
12x50 (types x nouns). Each measurement runs in a fresh worker process so that peak memory
(ru_maxrss of that process, solver included) belongs to one backend and one puzzle.
Warm-up: each timing is the median of --runs runs after one unmeasured run.
Targets: SAT proves Five Houses unique in under 3 ms; 12x50 unique proof under 5 s with
peak memory under 1 GB on either backend.
Run: python benchmarks/bench_backends.py [--sizes 6x5,8x10,10x30,12x50] [--runs 3]
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import resource
import statistics
import time

import fixtures
from rich.console import Console
from rich.table import Table

import mm
from mm import backends
from mm.analysis.compile import compile_puzzle


def _puzzle(spec: str, seed: int) -> mm.Puzzle:
    if "x" not in spec:
        return mm.load(spec)
    types, nouns = (int(v) for v in spec.split("x"))
    if types * nouns >= 300:  # slow to generate: stored in benchmarks/data
        return fixtures.load(types, nouns, seed)
    return mm.generate(types, nouns, seed=seed, minimal=False)


def _measure(spec: str, seed: int, backend: str, runs: int, queue: mp.Queue) -> None:
    puzzle = _puzzle(spec, seed)
    base_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    results = []
    for _ in range(runs + 1):
        t0 = time.perf_counter()
        engine = backends.get(backend)(compile_puzzle(puzzle))
        t1 = time.perf_counter()
        first = engine.solve()
        t2 = time.perf_counter()
        unique = backends.get(backend)(compile_puzzle(puzzle)).is_unique()
        t3 = time.perf_counter()
        results.append((t1 - t0, t2 - t1, t3 - t2))
        if first is None or not unique:
            queue.put((spec, backend, None, f"expected a unique puzzle, got {unique}"))
            return
    timings = [statistics.median(r[i] for r in results[1:]) for i in range(3)]
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    queue.put((spec, backend, (*timings, peak / 1024, (peak - base_rss) / 1024,
                               len(puzzle.facts)), None))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="6x5,8x10,10x30,12x50")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    specs = ["five_houses", "all_tired_out", *args.sizes.split(",")]
    console = Console()
    table = Table(title=f"mm backends, median of {args.runs} warm runs (seconds; memory MB)")
    for col in ("puzzle", "facts", "backend", "build", "solve", "unique proof", "peak RSS",
                "RSS growth"):
        table.add_column(col, justify="left" if col in ("puzzle", "backend") else "right")
    ctx = mp.get_context("spawn")
    for spec in specs:
        for backend in backends.available():
            queue: mp.Queue = ctx.Queue()
            with console.status(f"{spec} on {backend}"):
                worker = ctx.Process(target=_measure,
                                     args=(spec, args.seed, backend, args.runs, queue))
                worker.start()
                result = queue.get()
                worker.join()
            _, _, row, error = result
            if error:
                table.add_row(spec, "", backend, error, "", "", "", "")
                continue
            build, solve, unique, peak, growth, facts = row
            table.add_row(spec, str(facts), backend, f"{build:.4f}", f"{solve:.4f}",
                          f"{unique:.4f}", f"{peak:.0f}", f"{growth:.0f}")
    console.print(table)
    console.print("'unique proof' includes building its own model, as Puzzle.is_unique() "
                  "does. Targets: sat unique proof of five_houses < 0.003 s; 12x50 < 5 s "
                  "and < 1024 MB on either backend.")


if __name__ == "__main__":
    main()
