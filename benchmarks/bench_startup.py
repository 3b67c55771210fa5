"""Start-up: how long `import mm` and `mm solve five_houses` take as whole processes.

Each command runs as a fresh process, interleaved with a bare `python -c pass` (the
reference, in the same run), so the table reads as mm's own cost above the interpreter's.
CPU time (user + system of the child) is quoted beside wall time: on a shared machine it
moves much less. With `--against DIR` the same commands also run from another checkout
(for example `git worktree add /tmp/old <commit>`), interleaved, for a before/after ratio.

    python benchmarks/bench_startup.py [--runs 15] [--against /tmp/old]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

COMMANDS = {
    "python (reference)": "pass",
    "import mm": "import mm",
    "import mm; mm.Puzzle": "import mm; mm.Puzzle",  # the model and the solving layer
    "mm solve five_houses": ("import sys; sys.argv = ['mm', 'solve', 'five_houses']; "
                             "from {cli} import main; main()"),
}


def _cli_module(checkout: Path) -> str:
    """The command line's module in that checkout (it moved in the layout change)."""
    return "mm.app.cli" if (checkout / "mm" / "app" / "cli.py").exists() else "mm.cli"


def _run(checkout: Path, code: str) -> tuple[float, float]:
    """(wall, cpu) seconds of one fresh interpreter running `code` from `checkout`."""
    program = f"import sys; sys.path.insert(0, {str(checkout)!r}); " + code
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-c", program], capture_output=True,
                            cwd=checkout)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise SystemExit(f"{checkout}: {code!r} failed: {result.stderr.decode()[-400:]}")
    return wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--against", type=Path, default=None,
                        help="another checkout to compare with (e.g. a git worktree)")
    args = parser.parse_args()
    checkouts = {"this": ROOT} | ({"against": args.against.resolve()} if args.against else {})
    cells: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for _ in range(args.runs):
        for label, checkout in checkouts.items():
            for name, code in COMMANDS.items():
                code = code.format(cli=_cli_module(checkout))
                cells.setdefault((label, name), []).append(_run(checkout, code))
    print(f"{args.runs} interleaved runs; medians and minimums in ms")
    print(f"{'checkout':8}  {'command':24}  {'wall med':>8}  {'cpu med':>8}  {'cpu min':>8}"
          f"  {'cpu above python':>16}")
    for label in checkouts:
        base = statistics.median(c for _, c in cells[(label, "python (reference)")])
        for name in COMMANDS:
            runs = cells[(label, name)]
            wall = statistics.median(w for w, _ in runs)
            cpu = statistics.median(c for _, c in runs)
            print(f"{label:8}  {name:24}  {wall * 1000:8.0f}  {cpu * 1000:8.0f}  "
                  f"{min(c for _, c in runs) * 1000:8.0f}  {(cpu - base) * 1000:16.0f}")
    if args.against:
        for name in list(COMMANDS)[1:]:
            ratio = (statistics.median(c for _, c in cells[("this", name)])
                     / statistics.median(c for _, c in cells[("against", name)]))
            print(f"{name}: this / against = {ratio:.2f} (CPU medians)")


if __name__ == "__main__":
    main()
