"""Where the SAT backend's time and memory go on one bench_peers puzzle, phase by phase:
the Puzzle, the IR, the CNF (streamed into MiniSat past backends/sat.py STREAM_FROM
clauses), the rest of the load, and the search for two solutions. Prints the CPU seconds
of each phase and the process's resident memory (VmRSS) and peak (VmHWM) after it.

Run: python benchmarks/sat_phases.py hard 20x100
     python benchmarks/sat_phases.py hard 15x80 --held    (every clause held, as before
                                                            session 7: no streaming)
"""

from __future__ import annotations

import argparse
import time

import peer_families as families
import peer_tools as tools

from mm.analysis.compile import compile_puzzle
from mm.backends.sat import SatBackend


def memory() -> str:
    """VmRSS and VmHWM of this process (Linux)."""
    found = {}
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(("VmRSS", "VmHWM")):
                key, value = line.split(":")
                found[key] = int(value.split()[0]) // 1024
    return f"resident {found['VmRSS']} MB, peak {found['VmHWM']} MB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("family", choices=families.FAMILIES)
    parser.add_argument("size")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--held", action="store_true",
                        help="hold every clause until the solver starts (no streaming)")
    args = parser.parse_args()
    if args.held:
        SatBackend.stream_from = None
    specs = families.specs(args.family, args.size, args.seed)
    if not specs:
        raise SystemExit(f"no {args.family} puzzle of size {args.size}")
    started = time.process_time()

    def phase(name: str) -> None:
        nonlocal started
        now = time.process_time()
        print(f"{name:<28} {now - started:8.2f} s   {memory()}", flush=True)
        started = now

    puzzle = tools.mm_puzzle(specs[0])
    phase("Puzzle")
    model = compile_puzzle(puzzle)
    phase("IR")
    engine = SatBackend(model)
    phase(f"CNF ({len(engine.clauses):,} held)")
    solver = engine._start()
    phase(f"loaded ({solver.nof_clauses():,} clauses)")
    found = list(engine.solutions(2))
    phase(f"search ({len(found)} solutions)")
    print(solver.accum_stats())


if __name__ == "__main__":
    main()
