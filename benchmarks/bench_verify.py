"""Cost of the well-posedness report and of exact counting.

1. verify() of the stored unique 10x30 puzzle (uniqueness and every clue's redundancy),
   against one uniqueness check (is_unique) of the same puzzle on the same backend, medians
   of --runs runs. Target: the report within 10x the uniqueness check. The minimal subset is
   timed on an 8x10 puzzle: at 10x30 it takes minutes (see the README).
2. verify() of the same puzzle with its last ten clues removed (two solutions, diff and
   backbone).
3. count(exact=True) of a generated 8x8 puzzle with half of its clues removed, against the
   enumerated count where enumeration finishes within --enum-limit solutions.
Run: python benchmarks/bench_verify.py
"""

from __future__ import annotations

import argparse
import statistics
import time

import fixtures
from rich.console import Console
from rich.table import Table

import mm


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def timed_median(fn, runs: int):
    """The result and the median time of several runs (this machine's timings vary by a
    third from run to run)."""
    times = []
    for _ in range(runs):
        result, seconds = timed(fn)
        times.append(seconds)
    return result, statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", default="sat")
    parser.add_argument("--enum-limit", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=3, help="runs per timing (median)")
    args = parser.parse_args()
    console = Console()
    table = Table(title="verify and exact counting (seconds)")
    for col in ("task", "result", "seconds", "ratio"):
        table.add_column(col, justify="left" if col in ("task", "result") else "right")

    big = fixtures.load(10, 30)
    unique, t_unique = timed_median(lambda: big.is_unique(backend=args.backend), args.runs)
    table.add_row(f"10x30 is_unique ({len(big.facts)} facts)", str(unique), f"{t_unique:.3f}",
                  "1.00x")
    report, t_verify = timed_median(lambda: big.verify(backend=args.backend, minimal=False),
                                    args.runs)
    table.add_row("10x30 verify: uniqueness + every clue's redundancy",
                  f"{report.status}, {len(report.redundant)} redundant", f"{t_verify:.3f}",
                  f"{t_verify / t_unique:.2f}x")
    mid = mm.generate(8, 10, seed=3, minimal=False)
    mid_unique, t_mid = timed(lambda: mid.is_unique(backend=args.backend))
    report, t_min = timed(lambda: mid.verify(backend=args.backend))
    table.add_row(f"8x10 ({len(mid.facts)} facts) verify with a minimal subset",
                  f"{report.status}, {len(report.redundant)} redundant, "
                  f"{len(report.minimal)} kept", f"{t_min:.3f}", f"{t_min / t_mid:.2f}x")
    loose = big.without(*big.facts[-10:])
    report, t_loose = timed(lambda: loose.verify(backend=args.backend))
    table.add_row("10x30 minus 10 clues: verify with backbone",
                  f"{report.status}, {len(report.diff)} diff cells, "
                  f"{len(report.backbone or [])} fixed", f"{t_loose:.3f}",
                  f"{t_loose / t_unique:.2f}x")

    eight = mm.generate(8, 8, seed=3, minimal=True)
    half = eight.without(*eight.facts[::2])
    exact, t_exact = timed(lambda: half.count(exact=True))
    table.add_row(f"8x8 with {len(half.facts)} of {len(eight.facts)} clues: count(exact)",
                  f"{exact:,}", f"{t_exact:.3f}", "")
    if exact <= args.enum_limit:
        enumerated, t_enum = timed(lambda: half.count(backend="sat"))
        table.add_row("  the same by enumeration", f"{enumerated:,}", f"{t_enum:.3f}", "")
        assert enumerated == exact, "the model counter and enumeration disagree"
    console.print(table)
    console.print("Target: full verify of the 10x30 puzzle within 10x its is_unique time.")


if __name__ == "__main__":
    main()
