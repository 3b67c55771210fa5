"""mm at scale: 20x100 and 30x200 puzzles built, solved and proven unique, with peak memory.

The puzzle is the easy-dense family of bench_peers.py (2*T*N true facts, mostly "with")
plus, on every row, a chain of "with" facts tying each type to the next, so that it has
exactly one solution. Each size runs in its own process (peak memory is that process's
ru_maxrss, solver included); times are clue list to answer, medians of --runs runs.
Targets: unique proof under 2 s at 20x100; peak memory under 2 GB at both sizes.
Run: python benchmarks/bench_scale.py [--sizes 20x100,30x200] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import peer_families as families
import peer_tools as tools


def unique_spec(types: int, nouns: int, seed: int) -> families.Spec:
    spec = families._dense(types, nouns, seed, hard=False)
    rows = families._hidden(types, nouns, random.Random(seed))  # _dense's hidden solution
    spec.clues += [("all", ((True, 0, (t, rows[t].index(r)), (t + 1, rows[t + 1].index(r))),))
                   for r in range(nouns) for t in range(types - 1)]
    spec.family = "easy+chains"
    return spec


def measure(size: str, runs: int, seed: int) -> dict:
    types, nouns = (int(v) for v in size.split("x"))
    spec = unique_spec(types, nouns, seed)
    import ortools.sat.python.cp_model  # noqa: F401 - solver start-up is paid once, not timed

    out: dict = {"size": size, "facts": len(spec.clues)}
    for task in ("solve", "unique"):
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            status, rows = tools.TOOLS["mm-auto"](spec, task)
            times.append(time.perf_counter() - start)
            assert rows is not None and families.satisfies(spec, rows), "wrong answer"
        out[task] = statistics.median(times)
        out[f"{task}_status"] = status
    start = time.perf_counter()
    build = tools.mm_puzzle(spec)
    out["build"] = time.perf_counter() - start
    del build
    out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="20x100,30x200")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(args.one, args.runs, args.seed)))
        return
    print(f"{'size':>7} {'facts':>6} {'build s':>8} {'solve s':>8} {'unique s':>9} "
          f"{'verdict':>8} {'peak MB':>8}")
    for size in args.sizes.split(","):
        done = subprocess.run([sys.executable, str(Path(__file__)), "--one", size,
                               "--runs", str(args.runs), "--seed", str(args.seed)],
                              capture_output=True, text=True, check=True)
        r = json.loads(done.stdout.strip().splitlines()[-1])
        print(f"{r['size']:>7} {r['facts']:>6} {r['build']:>8.2f} {r['solve']:>8.2f} "
              f"{r['unique']:>9.2f} {r['unique_status']:>8} {r['peak_mb']:>8.0f}")


if __name__ == "__main__":
    main()
