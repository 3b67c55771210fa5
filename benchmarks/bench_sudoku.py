"""The judged Sudoku case: a 9x9 Sudoku with 25 givens (puzzles/sudoku.py, a repeating
Digit type over 81 cells), proven unique through the API in under 1 s, building excluded.

Prints, per backend, the median over a few runs of building the Puzzle and of
`is_unique` (compile, load into the backend, solve, block, solve again).
Run: python benchmarks/bench_sudoku.py
"""

from __future__ import annotations

import statistics
import time

from mm import backends
from mm.puzzles.sudoku import build

RUNS = 5


def main() -> None:
    for name in backends.available():
        build_times, unique_times = [], []
        build().is_unique(backend=name)  # import the solver once, outside the timing
        for _ in range(RUNS):
            start = time.perf_counter()
            puzzle = build()
            built = time.perf_counter()
            assert puzzle.is_unique(backend=name)
            build_times.append(built - start)
            unique_times.append(time.perf_counter() - built)
        print(f"sudoku 25 givens  {name:6s} build {statistics.median(build_times) * 1000:6.1f} ms"
              f"  is_unique {statistics.median(unique_times) * 1000:6.1f} ms (target < 1000)")


if __name__ == "__main__":
    main()
