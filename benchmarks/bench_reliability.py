"""Time-limit overshoot and Ctrl-C latency on the slow cases of issue 11.

    python benchmarks/bench_reliability.py [--limit 2]

Overshoot is wall time past the limit, measured around the command (in this process for
the limits, so interpreter start-up is not counted; Ctrl-C latency from the signal to the
end of the child process). The promise: overshoot <= max(10% of the limit, 0.5 s), Ctrl-C
latency < 1 s.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_reliability import _many_facts, _numeric_heavy, five_houses, write_json  # noqa: E402

from mm.app import cli  # noqa: E402


def in_process(*args: str) -> tuple[int, float]:
    start = time.monotonic()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        code = cli.main(list(args))
    return code, time.monotonic() - start


def interrupted(args: list[str], ready) -> tuple[int, float]:
    proc = subprocess.Popen([sys.executable, "-m", "mm", *args], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    for _ in range(600):
        if ready():
            break
        time.sleep(0.05)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=60)
    return proc.returncode, time.monotonic() - sent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=float, default=2.0)
    limit = parser.parse_args().limit
    grace = max(0.1 * limit, 0.5)
    folder = Path(tempfile.mkdtemp())
    many = _many_facts(folder / "many.json", 20_000)
    numeric = _numeric_heavy(folder / "numeric.json", nouns=20, count=400)
    verify = _numeric_heavy(folder / "verify.json", nouns=12, count=60)
    batch_in = folder / "batch"
    batch_in.mkdir()
    _many_facts(batch_in / "a_many.json", 20_000)
    long_line = "There are 3 houses. " + "word " * 60_000 + "\n"
    (batch_in / "b_long.txt").write_text(long_line)
    write_json(batch_in / "c_five.json", five_houses())

    print(f"limit {limit} s, allowed overshoot {grace:.2f} s")
    print(f"{'case':58} {'status':>6} {'seconds':>8} {'overshoot':>9}")
    cases = [("solve: JSON with 20,000 facts", ["solve", str(many)]),
             ("solve: SAT encoding of 400 numeric rules", ["solve", str(numeric), "--backend",
                                                          "sat"]),
             ("verify: 12x4, 60 numeric rules (sat)", ["verify", str(verify), "--backend",
                                                      "sat"]),
             ("count: 12x4, 60 numeric rules (sat)", ["count", str(verify), "--backend", "sat"]),
             ("count: 20x4, 400 numeric rules (cpsat)", ["count", str(numeric), "--backend",
                                                         "cpsat"])]
    for name, args in cases:
        code, seconds = in_process(*args, "--time-limit", str(limit))
        print(f"{name:58} {code:>6} {seconds:8.2f} {max(0.0, seconds - limit):9.2f}")
    out = folder / "out.jsonl"
    code, seconds = in_process("batch", str(batch_in), "--jobs", "1", "--timeout", str(limit),
                               "--quiet", "--out", str(out))
    for row in map(json.loads, out.read_text().splitlines()):
        print(f"{'batch --timeout: ' + row['id']:58} {row['status']:>6} "
              f"{row['seconds']:8.2f} {max(0.0, row['seconds'] - limit):9.2f}")
    print(f"{'batch: whole run (3 puzzles, jobs 1)':58} {code:>6} {seconds:8.2f}")

    print(f"\n{'Ctrl-C':58} {'status':>6} {'latency':>8}")
    busy = lambda: True  # noqa: E731
    started = time.monotonic()
    for name, args in [("count, sat, in the encoding", ["count", str(numeric), "--backend",
                                                        "sat"]),
                       ("count, cpsat, in the native search", ["count", str(numeric),
                                                               "--backend", "cpsat"]),
                       ("verify, sat", ["verify", str(verify), "--backend", "sat"])]:
        started = time.monotonic()
        code, latency = interrupted(args, lambda s=started: time.monotonic() - s > 2.0 and busy())
        print(f"{name:58} {code:>6} {latency:8.2f}")
    partial = folder / "out2.jsonl.partial"
    code, latency = interrupted(["batch", str(batch_in), "--jobs", "1", "--quiet", "--out",
                                 str(folder / "out2.jsonl")],
                                lambda: partial.exists() and partial.stat().st_size > 0)
    print(f"{'batch --jobs 1, mid-run':58} {code:>6} {latency:8.2f}")


if __name__ == "__main__":
    main()
