"""Issue 11's table: a hostile-input sweep over every entry point, time-limit overshoot on
the slow cases, and Ctrl-C latency.

    python benchmarks/bench_reliability.py [--limit 2] [--scale 1] [--only sweep|limits|ctrl-c]

* Sweep: mutated JSON puzzles (API and CLI), English texts built from clue fragments and
  noise, JS and Java modules with random edits, random CLI argument vectors, random API
  calls with wrong types, and folders of such inputs run by `mm batch` (the generators of
  tests/test_fuzz.py, with fixed seeds; --scale multiplies the counts). Counted: inputs
  tried, internal errors (a non-PuzzleError escaping the API, "internal error" on the
  command line or in a batch result), tracebacks, other broken promises (an exit status
  outside 0-4, status 2 without exactly one line on stderr, an input file changed) and
  lost results (batch inputs without a result line).
* Overshoot: wall time past the limit, measured around mm's main() in this process
  (interpreter start-up is not part of a command's limit; the OR-Tools import is, and is
  measured in a fresh process where it has not happened yet).
* Ctrl-C: SIGINT to `python -m mm ...`, latency to the end of the process ("exit") and to
  the end of its output pipe ("eof": helper processes that share it are gone too).
The promises: overshoot <= max(10% of the limit, 0.5 s); Ctrl-C latency < 1 s.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from test_fuzz import (  # noqa: E402
    BIG_BENCH_STYLE,
    MODULES,
    SEEDS,
    _mutate,
    api_calls,
    argument_vectors,
    clean_argv_files,
    edited_modules,
    english_texts,
    module_argv,
    mutated_puzzles,
    write_argv_files,
)
from test_reliability import _many_facts, _numeric_heavy, five_houses, write_json  # noqa: E402

import mm  # noqa: E402
from mm.app import cli  # noqa: E402
from mm.formats.english import english_puzzle  # noqa: E402
from mm.formats.json_format import from_json  # noqa: E402

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
SWEEP_LIMIT = "3"  # seconds per command in the sweep (a mutation can make a puzzle hard)


# ------------------------------------------------------------------ the sweep

class Tally:
    """Per entry point: inputs tried and each kind of broken promise, with examples."""

    def __init__(self) -> None:
        self.counts: dict[str, Counter] = defaultdict(Counter)
        self.examples: dict[str, list[str]] = defaultdict(list)

    def tried(self, entry: str, n: int = 1) -> None:
        self.counts[entry]["inputs"] += n

    def bad(self, entry: str, kind: str, example: str, n: int = 1) -> None:
        self.counts[entry][kind] += n
        if len(self.examples[entry]) < 3:
            self.examples[entry].append(f"{kind}: {example[:300]}")


def _settings(examples: int):
    return settings(max_examples=examples, deadline=None, database=None, derandomize=True,
                    suppress_health_check=list(HealthCheck))


def _snapshot(folder: Path) -> dict[str, str]:
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in folder.rglob("*") if p.is_file()}


def _cli(tally: Tally, entry: str, argv: list[str], folder: Path) -> None:
    before = _snapshot(folder)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(argv)
        except SystemExit as exc:  # argparse's --help / usage, as the program would exit
            code = exc.code if isinstance(exc.code, int) else 2
        except Exception as exc:  # escaping main() at all is the defect counted
            code = 70
            err.write(f"Traceback: {type(exc).__name__}: {exc}")
    text = err.getvalue()
    tally.tried(entry)
    if "Traceback" in text:
        tally.bad(entry, "tracebacks", f"{argv}: {text}")
    elif "internal error" in text or code == 70:
        tally.bad(entry, "internal errors", f"{argv}: {text}")
    elif code not in (0, 1, 2, 3, 4) or code == 2 and len(text.strip().splitlines()) != 1:
        tally.bad(entry, "other", f"{argv}: exit {code}: {text}")
    after = _snapshot(folder)
    if {k: after.get(k) for k in before} != before:
        tally.bad(entry, "input changed", str(argv))


def _api(tally: Tally, entry: str, call: Callable[[], object], arity_ok: bool = False) -> None:
    tally.tried(entry)
    try:
        call()
    except mm.PuzzleError:
        pass
    except TypeError as exc:
        if not (arity_ok and any(w in str(exc) for w in ("positional argument",
                                                           "unexpected keyword", "required"))):
            tally.bad(entry, "internal errors", f"TypeError: {exc}")
    except Exception as exc:  # a bug: anything but a PuzzleError escaping the API
        tally.bad(entry, "internal errors", f"{type(exc).__name__}: {exc}")


def sweep(scale: int, work: Path) -> Tally:
    tally = Tally()

    @_settings(100 * scale)
    @given(mutated_puzzles())
    def json_api(data):
        def call():
            next(iter(from_json(data).solutions(limit=2, time_limit=float(SWEEP_LIMIT))), None)
        _api(tally, "JSON file (API: from_json + solutions)", call)

    @_settings(80 * scale)
    @given(mutated_puzzles(), st.sampled_from(["solve", "verify", "count", "export"]),
           st.booleans())
    def json_cli(data, command, bom):
        folder = Path(tempfile.mkdtemp(dir=work))
        path = folder / "p.json"
        path.write_text(json.dumps(data), encoding="utf-8-sig" if bom else "utf-8")
        extra = [] if command == "export" else ["--time-limit", SWEEP_LIMIT]
        _cli(tally, "JSON file (CLI)", [command, str(path), *extra], folder)

    @_settings(100 * scale)
    @given(english_texts())
    def english(text):
        def call():
            next(iter(english_puzzle(text).solutions(limit=1, time_limit=3)), None)
        _api(tally, "English text (API)", call)
        folder = Path(tempfile.mkdtemp(dir=work))
        path = folder / "p.txt"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        _cli(tally, "English text (CLI)", ["solve", str(path), "--time-limit", SWEEP_LIMIT],
             folder)

    @_settings(120 * scale)
    @given(edited_modules(), st.sampled_from(["solve", "import"]))
    def modules(module, command):
        folder = Path(tempfile.mkdtemp(dir=work))
        kind = "JS" if module[0].endswith(".js") else "Java"
        _cli(tally, f"{kind} module (CLI solve/import)",
             module_argv(folder, module, command, SWEEP_LIMIT), folder)

    files = work / "argv"
    files.mkdir()
    write_argv_files(files)

    @_settings(100 * scale)
    @given(argument_vectors(files))
    def argv(args):
        if "--help" in args or "-h" in args:
            return
        _cli(tally, "CLI argument vectors", args + (["--quiet"] if "batch" in args else []),
             files)
        clean_argv_files(files)

    @_settings(150 * scale)
    @given(api_calls())
    def api(call):
        _, fn, args, kwargs = call
        _api(tally, "Python API calls (wrong types)", lambda: fn(*args, **kwargs),
             arity_ok=True)

    for run in (json_api, json_cli, english, modules, argv, api):
        start = time.monotonic()
        run()
        print(f"  sweep: {run.__name__} done in {time.monotonic() - start:.0f} s", flush=True)
    _batch_sweep(tally, work, scale)
    return tally


def _batch_sweep(tally: Tally, work: Path, scale: int) -> None:
    """Folders of hostile inputs (mutated JSON, English noise, edited modules, entries that
    are not puzzles) through `mm batch --out`: one result line per entry, in order."""
    rng = random.Random(11)
    modules = sorted(MODULES)
    for run in range(6 * scale):
        folder = work / f"batch{run}"
        folder.mkdir()
        for k in range(10):
            kind = rng.choice(["json", "json", "txt", "js"])
            if kind == "json":
                data = SEEDS[rng.choice(sorted(SEEDS))]
                for _ in range(rng.randint(1, 3)):
                    data = _mutate(data, rng, rng.choice([None, 0, "x", [1], {"a": 1}]))
                (folder / f"{k:02}.json").write_text(json.dumps(data))
            elif kind == "txt":
                lines = BIG_BENCH_STYLE.splitlines()
                rng.shuffle(lines)
                (folder / f"{k:02}.txt").write_text("\n".join(lines[:rng.randint(0, 12)]
                                                              + ["\x00 ; (", "Zoë ?"]))
            else:
                name = rng.choice(modules)
                text = MODULES[name]
                cut = rng.randrange(len(text))
                (folder / f"{k:02}{Path(name).suffix}").write_text(
                    text[:cut] + rng.choice(["(", "\"", "}", "addNoun()", ""]) +
                    text[cut + rng.randint(0, 30):])
        (folder / "zz_sub").mkdir()
        (folder / "zz_code.py").write_text("raise SystemExit(3)\n")
        entries = sorted(p.name for p in folder.iterdir())
        out = work / f"batch{run}.jsonl"
        _cli(tally, "batch (CLI, folders of the above)", ["batch", str(folder), "--out",
                                                           str(out), "--quiet", "--jobs", "2",
                                                           "--timeout", SWEEP_LIMIT], folder)
        tally.counts["batch (CLI, folders of the above)"]["inputs"] += len(entries) - 1
        rows = [json.loads(x) for x in out.read_text().splitlines()] if out.exists() else []
        ids = [r["id"] for r in rows]
        if ids != entries:
            tally.bad("batch (CLI, folders of the above)", "lost results",
                      f"{run}: {sorted(set(entries) - set(ids))}",
                      n=len(set(entries) - set(ids)))
        for r in rows:
            if "internal error" in str(r.get("error")):
                tally.bad("batch (CLI, folders of the above)", "internal errors", r["error"])


def print_sweep(tally: Tally) -> None:
    kinds = ["internal errors", "tracebacks", "other", "input changed", "lost results"]
    print(f"\n{'entry point':44} {'inputs':>6} " + " ".join(f"{k:>15}" for k in kinds))
    total: Counter = Counter()
    for entry, counts in tally.counts.items():
        total.update(counts)
        print(f"{entry:44} {counts['inputs']:>6} " + " ".join(f"{counts[k]:>15}" for k in kinds))
    print(f"{'all':44} {total['inputs']:>6} " + " ".join(f"{total[k]:>15}" for k in kinds))
    for entry, examples in tally.examples.items():
        for example in examples:
            print(f"  {entry}: {example}")


# ------------------------------------------------------------------ time limits

def in_process(*args: str) -> tuple[int, float]:
    start = time.monotonic()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        code = cli.main(list(args))
    return code, time.monotonic() - start


_FRESH = """
import contextlib, io, sys, time
from mm.app import cli
start = time.monotonic()
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    code = cli.main(sys.argv[1:])
print(code, time.monotonic() - start)
"""


def fresh_process(*args: str) -> tuple[int, float]:
    """main() timed in a new process, so a solver library is imported inside the limit."""
    out = subprocess.run([sys.executable, "-c", _FRESH, *args], capture_output=True, text=True,
                         env=ENV, timeout=300).stdout.split()
    return int(out[0]), float(out[1])


def limits(limit: float, folder: Path) -> None:
    grace = max(0.1 * limit, 0.5)
    many = _many_facts(folder / "many.json", 20_000)
    numeric = _numeric_heavy(folder / "numeric.json", nouns=20, count=400)
    verify = _numeric_heavy(folder / "verify.json", nouns=12, count=60)
    batch_in = folder / "batch"
    batch_in.mkdir()
    _many_facts(batch_in / "a_many.json", 20_000)
    (batch_in / "b_long.txt").write_text("There are 3 houses. " + "word " * 60_000 + "\n")
    _numeric_heavy(batch_in / "c_numeric.json", nouns=20, count=400)
    write_json(batch_in / "d_five.json", five_houses())
    print(f"\nlimit {limit} s, allowed overshoot {grace:.2f} s")
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
    for name, args in [("solve --backend cpsat, OR-Tools import included (fresh)",
                        ["solve", "five_houses", "--backend", "cpsat"]),
                       ("count --backend cpsat 20x4, import included (fresh)",
                        ["count", str(numeric), "--backend", "cpsat"])]:
        short = min(limit, 0.5) if "five" in args[1] else limit
        code, seconds = fresh_process(*args, "--time-limit", str(short))
        print(f"{name + f' (limit {short:g})':58} {code:>6} {seconds:8.2f} "
              f"{max(0.0, seconds - short):9.2f}")
    out = folder / "out.jsonl"
    code, seconds = in_process("batch", str(batch_in), "--jobs", "1", "--timeout", str(limit),
                               "--quiet", "--out", str(out), "--backend", "sat")
    for row in map(json.loads, out.read_text().splitlines()):
        print(f"{'batch --timeout (sat): ' + row['id']:58} {row['status']:>6} "
              f"{row['seconds']:8.2f} {max(0.0, row['seconds'] - limit):9.2f}")
    print(f"{'batch: whole run (4 puzzles, jobs 1)':58} {code:>6} {seconds:8.2f}")


# ------------------------------------------------------------------ Ctrl-C

def loaded(library: str, after: float = 0.0) -> Callable[[int], bool]:
    """Ready once the process has mapped a native library whose path holds `library` (the
    solver is being imported or used: mm has started), and `after` more seconds passed."""
    seen: list[float] = []

    def ready(pid: int) -> bool:
        if not seen:
            try:
                maps = Path(f"/proc/{pid}/maps").read_text()
            except OSError:
                return False
            if library not in maps:
                return False
            seen.append(time.monotonic())
        return time.monotonic() - seen[0] >= after
    return ready


def _exists(path: Path) -> Callable[[int], bool]:
    return lambda pid: path.exists()


def interrupted(args: list[str], ready: Callable[[int], bool], wait: float
                ) -> tuple[int, float, float]:
    """SIGINT once `ready(pid)` (and at least `wait` s after the start): status, latency to
    the end of the process, latency to the end of its output."""
    proc = subprocess.Popen([sys.executable, "-m", "mm", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=ENV)
    start = time.monotonic()
    while time.monotonic() - start < 60 and not (time.monotonic() - start >= wait
                                                  and ready(proc.pid)):
        time.sleep(0.02)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=60)
    exited = time.monotonic() - sent
    _, err = proc.communicate(timeout=60)
    if "Traceback" in err or "interrupted" not in err:
        print(f"    unexpected stderr: {err.strip()[:200]!r}")
    return proc.returncode, exited, time.monotonic() - sent


def ctrl_c(folder: Path, trials: int) -> None:
    numeric = _numeric_heavy(folder / "c_numeric.json", nouns=20, count=400)
    verify = _numeric_heavy(folder / "c_verify.json", nouns=12, count=60)
    batch_in = folder / "c_batch"
    batch_in.mkdir()
    for k in range(3):
        _numeric_heavy(batch_in / f"a{k}.json", nouns=10, count=40)
        write_json(batch_in / f"b{k}.json", five_houses())
    def fresh(library: str, after: float = 0.0) -> Callable[[], Callable[[int], bool]]:
        return lambda: loaded(library, after)

    cases: list[tuple[str, list[str], Callable[[], Callable[[int], bool]]]] = [
        ("solve, sat (in the encoding)", ["solve", str(numeric), "--backend", "sat"],
         fresh("pysolvers", 1.0)),
        ("solve, cpsat (during the OR-Tools import)", ["solve", str(numeric), "--backend",
                                                       "cpsat"], fresh("ortools")),
        ("count, sat, --time-limit 60 (in the encoding)", ["count", str(numeric), "--backend",
                                                           "sat", "--time-limit", "60"],
         fresh("pysolvers", 1.0)),
        ("count, cpsat (in the native search)", ["count", str(numeric), "--backend", "cpsat"],
         fresh("ortools", 3.0)),
        ("verify, sat", ["verify", str(verify), "--backend", "sat"], fresh("pysolvers", 1.0))]
    for jobs in ("1", "2"):
        partial = folder / f"c_out{jobs}.jsonl.partial"

        def started(partial: Path = partial) -> Callable[[int], bool]:
            partial.unlink(missing_ok=True)  # the parent opens it once the run starts
            return _exists(partial)
        cases.append((f"batch --jobs {jobs}, mid-run", ["batch", str(batch_in), "--jobs", jobs,
                                                       "--quiet", "--force", "--out",
                                                       str(folder / f"c_out{jobs}.jsonl")],
                      started))
    print(f"\n{'Ctrl-C':58} {'status':>6} {'exit s':>7} {'eof s':>7}")
    for name, args, make_ready in cases:
        for _ in range(trials):
            code, exited, eof = interrupted(args, make_ready(), 0.0)
            print(f"{name:58} {code:>6} {exited:7.2f} {eof:7.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=float, default=2.0)
    parser.add_argument("--scale", type=int, default=1, help="sweep size multiplier")
    parser.add_argument("--trials", type=int, default=2, help="Ctrl-C trials per command")
    parser.add_argument("--only", choices=["sweep", "limits", "ctrl-c"], default=None)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-reliability-"))
    print(f"load average {os.getloadavg()[0]:.1f} at the start; scratch folder {folder}")
    if args.only in (None, "sweep"):
        work = folder / "sweep"
        work.mkdir()
        start = time.monotonic()
        tally = sweep(args.scale, work)
        print_sweep(tally)
        print(f"sweep: {time.monotonic() - start:.0f} s")
    if args.only in (None, "limits"):
        limits(args.limit, folder)
    if args.only in (None, "ctrl-c"):
        ctrl_c(folder, args.trials)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
