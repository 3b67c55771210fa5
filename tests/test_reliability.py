"""Reproducers of the defects of issue 11: no lost result, limits that hold for the whole job,
Ctrl-C, one-line errors, safe output files. Each test states the defect it keeps fixed."""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import signal
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path

import pytest

import mm
from mm import IS, IS_NOT, WITH, Puzzle, rules
from mm.app import batch_command, cli
from mm.model.serialize import to_json

# The promise is limit + max(10%, 0.5 s). A shared CI machine can stall a process for a
# moment after the limit is noticed, so the default suite allows LOAD_SLACK more (also on Ctrl-C
# latency); MM_LOAD_SLACK=0 checks the promise exactly, on a quiet machine.
LOAD_SLACK = float(os.environ.get("MM_LOAD_SLACK", "1.0"))

ROOT = Path(__file__).parent.parent
FIXTURES = Path(__file__).parent / "fixtures"


def five_houses() -> dict:
    return to_json(mm.load("five_houses"))


def write_json(path: Path, data: dict, encoding: str = "utf-8") -> Path:
    path.write_text(json.dumps(data), encoding=encoding)
    return path


def free_puzzle(types: int, nouns: int, facts: int = 0) -> Puzzle:
    """`types` x `nouns` with `facts` facts "noun k of type 1 is not with noun k of type 2"
    (each fact halves nothing in general, but the counts are easy to enumerate)."""
    p = Puzzle("Free", "Free")
    kinds = [p.add_noun_type(f"T{t}") for t in range(types)]
    for kind in kinds:
        kind.add_nouns(*(f"n{i}" for i in range(nouns)))
    for k in range(facts):
        p.add_fact(str(k + 1), kinds[1].nouns[k], IS_NOT, WITH, kinds[2].nouns[k])
    if not facts:  # a tautology, so the puzzle has a clue
        a, x = kinds[0].nouns[0], kinds[1].nouns[0]
        p.add_rule("1", "Anything.", rules.with_(a, x) | ~rules.with_(a, x))
    return p


def _numeric_heavy(path: Path, nouns: int = 16, count: int = 150) -> Path:
    """A puzzle whose SAT encoding is slow: many comparisons reading three positions."""
    p = Puzzle("Numeric", "Numeric")
    kinds = [p.add_noun_type(f"T{t}") for t in range(4)]
    for kind in kinds:
        kind.add_nouns(*(str(i + 1) for i in range(nouns)))
    first = kinds[0]
    for k in range(count):
        a, b, c = (kinds[t].nouns[(k * (t + 2)) % nouns] for t in (1, 2, 3))
        total = rules.num(a, first) + rules.num(b, first) + rules.num(c, first)
        p.add_rule(str(k + 1), f"Sum {k}.", total != (k % (3 * nouns)))
    p.save(path)
    return path


# ------------------------------------------------------------------ results lost or misreported

def test_batch_jobs_1_goes_on_after_a_bad_answer_shape(tmp_path, mm_cli):
    folder = tmp_path / "in"
    folder.mkdir()
    data = five_houses()
    write_json(folder / "a.json", data)
    write_json(folder / "b.json", {**data, "answer": [5, 5, 5, 5, 5]})
    write_json(folder / "c.json", data)
    result = mm_cli("batch", str(folder), "--jobs", "1", "--quiet")
    assert result.returncode == 0, result.stderr
    lines = [json.loads(x) for x in result.stdout.splitlines()]
    assert [r["id"] for r in lines] == ["a.json", "b.json", "c.json"]
    assert [r["status"] for r in lines] == ["unique", "error", "unique"]
    assert "answer" in lines[1]["error"]


def test_batch_system_exit_in_build_is_one_result(tmp_path, mm_cli):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a_exit.py").write_text("import sys\ndef build():\n    sys.exit(0)\n")
    write_json(folder / "b.json", five_houses())
    result = mm_cli("batch", str(folder), "--jobs", "1", "--quiet", "--allow-code")
    assert result.returncode == 0, result.stderr
    lines = [json.loads(x) for x in result.stdout.splitlines()]
    assert [r["status"] for r in lines] == ["error", "unique"]
    assert "SystemExit" in lines[0]["error"]
    assert "summary" in result.stderr


def test_batch_out_never_overwrites_the_input_or_an_existing_file(tmp_path, mm_cli,
                                                                  assert_one_line_error):
    jsonl = tmp_path / "in.jsonl"
    jsonl.write_text(json.dumps({"id": 1, "input": "nothing"}) + "\n")
    before = jsonl.read_text()
    assert_one_line_error(mm_cli("batch", str(jsonl), "--out", str(jsonl), "--quiet"), "input")
    assert jsonl.read_text() == before
    out = tmp_path / "out.jsonl"
    out.write_text("precious\n")
    assert_one_line_error(mm_cli("batch", str(jsonl), "--out", str(out), "--quiet"), "--force")
    assert out.read_text() == "precious\n"
    assert mm_cli("batch", str(jsonl), "--out", str(out), "--quiet", "--force").returncode == 0
    assert json.loads(out.read_text().splitlines()[0])["id"] == 1


def test_batch_reports_every_entry_of_a_folder(tmp_path, mm_cli):
    folder = tmp_path / "in"
    folder.mkdir()
    write_json(folder / "a.json", five_houses())
    (folder / "sub").mkdir()
    (folder / "code.py").write_text("def build():\n    pass\n")
    (folder / "gone.json").symlink_to(tmp_path / "missing.json")
    os.mkfifo(folder / "pipe.json")
    result = mm_cli("batch", str(folder), "--jobs", "1", "--quiet")
    assert result.returncode == 0, result.stderr
    by_id = {r["id"]: r for r in map(json.loads, result.stdout.splitlines())}
    assert by_id["a.json"]["status"] == "unique"
    for name in ("sub", "code.py", "gone.json", "pipe.json"):
        assert by_id[name]["status"] == "skipped", by_id
        assert by_id[name]["error"]


def test_batch_out_is_written_through_a_partial_file_and_resumed(tmp_path, mm_cli):
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("a", "b", "c"):
        write_json(folder / f"{name}.json", five_houses())
    out = tmp_path / "out.jsonl"
    # a run that was cut short left the first result in the partial file
    partial = tmp_path / "out.jsonl.partial"
    partial.write_text(json.dumps({"id": "a.json", "status": "unique", "solution": None,
                                   "answer": None, "error": None, "seconds": 0.0}) + "\n")
    result = mm_cli("batch", str(folder), "--out", str(out), "--resume", "--quiet", "--jobs", "1")
    assert result.returncode == 0, result.stderr
    assert not partial.exists()
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert [r["id"] for r in rows] == ["a.json", "b.json", "c.json"]
    assert rows[0]["solution"] is None  # kept, not run again
    assert rows[1]["status"] == "unique"


def test_import_refuses_what_is_not_a_module_and_keeps_the_file(tmp_path, mm_cli,
                                                                assert_one_line_error):
    for name, body in (("puzzle.json", json.dumps(five_houses())), ("puzzle.txt", "Hello.\n")):
        path = tmp_path / name
        path.write_text(body)
        assert_one_line_error(mm_cli("import", str(path)), name)
        assert path.read_text() == body


def test_import_never_writes_over_its_input(tmp_path, mm_cli,
                                            assert_one_line_error):
    module = tmp_path / "five.js"
    module.write_text((FIXTURES / "five_houses_2017.js").read_text())
    before = module.read_text()
    assert_one_line_error(mm_cli("import", str(module), "--out", str(module)), "input")
    assert module.read_text() == before


@pytest.mark.parametrize("types, nouns, facts, expected", [
    (3, 2, 1, 2), (3, 2, 0, 4), (8, 2, 0, 128), (3, 3, 0, 36)])
def test_approximate_count_is_exact_for_small_counts(types, nouns, facts, expected):
    pytest.importorskip("pyapproxmc")
    assert free_puzzle(types, nouns, facts).count(approx=True) == expected


def test_approximate_count_of_a_large_count_is_within_its_bound():
    pytest.importorskip("pyapproxmc")
    n = free_puzzle(12, 2, 0).count(approx=True)  # true count 2**11
    assert 2048 / 1.8 <= n <= 2048 * 1.8


@pytest.mark.parametrize("approx", [False, True])
def test_model_counts_keep_a_time_limit(approx, unconstrained):
    """The counters cannot be interrupted; with a limit they run in a child process."""
    pytest.importorskip("pyganak")
    assert unconstrained(3, 3).count(exact=not approx, approx=approx, time_limit=30) == 36
    n = unconstrained(4, 4).count(exact=not approx, approx=approx, time_limit=60)
    assert 24 ** 3 / 1.8 <= n <= 24 ** 3 * 1.8 if approx else n == 24 ** 3


def test_exact_and_approx_together_is_a_usage_error(mm_cli, assert_one_line_error):
    assert_one_line_error(mm_cli("count", "five_houses", "--exact", "--approx"), "--approx")


# ------------------------------------------------------------------ limits that hold

def _many_facts(path: Path, facts: int) -> Path:
    nouns = 200
    p = {"format": "mm-puzzle/1", "name": "Many", "title": "Many",
         "types": [{"name": f"T{t}", "nouns": [f"n{i}" for i in range(nouns)]}
                   for t in range(3)], "facts": []}
    k = 0
    for i in range(nouns):
        for j in range(nouns):
            if i != j and k < facts:
                p["facts"].append({"clue": str(k), "noun1": {"type": "T1", "noun": f"n{i}"},
                                   "verb": "is not", "link": "with",
                                   "noun2": {"type": "T2", "noun": f"n{j}"}})
                k += 1
    return write_json(path, p)


def _timed(*args: str) -> tuple[int, str, float]:
    """mm's main() in this process (no interpreter start-up in the time): status, stderr
    and wall seconds."""
    err = io.StringIO()
    start = time.monotonic()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = cli.main(list(args))
    return code, err.getvalue(), time.monotonic() - start




def _within(elapsed: float, limit: float) -> bool:
    return elapsed <= limit + max(0.1 * limit, 0.5) + LOAD_SLACK


def test_load_respects_a_time_limit(tmp_path):
    """20,000 facts load in 0.25-0.7 s here (a 0.3 s limit once went unreached on a quiet
    machine): 0.05 s is well below any machine's loading time."""
    path = _many_facts(tmp_path / "many.json", 20_000)
    start = time.monotonic()
    with pytest.raises(mm.TimeLimitReached):
        mm.load(path, time_limit=0.05)
    assert time.monotonic() - start < 0.05 + 0.5


_ENGLISH_HEAD = """There are 4 houses, numbered 1 to 4 from left to right.
- Name: Emma, Jack, Mona, Jackson
- Pet: cat, dog, fish, catfish
- Age: 20, 25, 30, 40

Clues:
"""
_ENGLISH_CLUES = ("Jack is left of Emma.", "The cat owner is not Mona.",
                  "Mona is not next to Jackson.", "Jack is younger than Emma.")


def _long_module(path: Path, statements: int) -> Path:
    lines = [f"    const x{i} = {i};" for i in range(statements)]
    path.write_text("import { Puzzle } from './Puzzle.js';\nexport function loader(s) {\n"
                    '    const puzzle = new Puzzle("Long", "Long");\n'
                    '    const names = puzzle.addNounType("Name");\n'
                    '    names.addNoun("Emma");\n' + "\n".join(lines) +
                    "\n    return puzzle;\n}\n")
    return path


@pytest.mark.parametrize("kind", ["english", "module"])
def test_reading_english_and_modules_stops_at_the_time_limit(tmp_path, kind):
    """The English reader and the module parsers cannot look at the clock; they are
    stopped from outside (a puzzle of 30,000 clues or statements takes several seconds)."""
    if kind == "english":
        path = tmp_path / "long.txt"
        path.write_text(_ENGLISH_HEAD + "".join(
            f"{i + 1}. {_ENGLISH_CLUES[i % 4]}\n" for i in range(30_000)))
    else:
        path = _long_module(tmp_path / "long.js", 30_000)
    start = time.monotonic()
    with pytest.raises(mm.TimeLimitReached, match="time limit of 0.3 s reached while reading"):
        mm.load(path, time_limit=0.3)
    assert time.monotonic() - start < 0.3 + 0.7


def test_a_short_read_under_a_time_limit_is_left_alone(tmp_path):
    """The watchdog of a read that ends in time never fires later, in other code."""
    path = _long_module(tmp_path / "short.js", 10)
    mm.load(path)  # the parser's first import takes most of a second
    for _ in range(20):
        assert [t.name for t in mm.load(path, time_limit=0.2).noun_types] == ["Name"]
    time.sleep(0.3)  # past every watchdog's deadline: none may fire now


def test_a_stop_swallowed_by_a_finalizer_is_sent_again():
    """An exception raised inside __del__ is only printed, never propagated: the watchdog
    of stopping_at must send the stop again until the guarded block ends."""
    from mm.deadline import stopping_at

    class Slow:
        def __del__(self):
            total = 0
            for k in range(300):  # much of the loop's time is spent in here
                total += k

    start = time.monotonic()
    with pytest.raises(mm.TimeLimitReached, match="while looping"), \
            stopping_at(0.2, "looping"):
        while time.monotonic() - start < 5:
            Slow()
    assert time.monotonic() - start < 1.5


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX only")
def test_a_pipe_with_no_writer_is_waited_for_only_until_the_limit(tmp_path, mm_cli):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    try:
        start = time.monotonic()
        with pytest.raises(mm.TimeLimitReached, match="waiting to read"):
            mm.load(fifo, time_limit=0.3)
        assert time.monotonic() - start < 1.0
        result = mm_cli("solve", str(fifo), "--time-limit", "0.3")
        assert result.returncode == 4 and "waiting to read" in result.stderr
    finally:  # a writer lets the reading thread left waiting finish
        with contextlib.suppress(OSError):
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))


def test_solve_time_limit_covers_loading(tmp_path):
    path = _many_facts(tmp_path / "many.json", 20_000)
    code, err, elapsed = _timed("solve", str(path), "--time-limit", "1")
    assert code in (0, 4), err
    assert _within(elapsed, 1), elapsed


def test_sat_encoding_respects_the_time_limit(tmp_path):
    path = _numeric_heavy(tmp_path / "numeric.json")
    code, err, elapsed = _timed("solve", str(path), "--backend", "sat", "--time-limit", "1")
    assert code in (0, 1, 4), err
    assert _within(elapsed, 1), elapsed


@pytest.mark.parametrize("command", ["verify", "count"])
def test_verify_and_count_stay_within_their_limit(tmp_path, command):
    path = _numeric_heavy(tmp_path / "numeric.json", nouns=12, count=60)
    code, err, elapsed = _timed(command, str(path), "--backend", "sat", "--time-limit", "1.5")
    assert code in (0, 1, 3, 4), err
    assert _within(elapsed, 1.5), elapsed


def test_batch_timeout_holds_for_a_slow_read(tmp_path, mm_cli):
    folder = tmp_path / "in"
    folder.mkdir()
    _many_facts(folder / "many.json", 20_000)
    write_json(folder / "z.json", five_houses())
    start = time.monotonic()
    result = mm_cli("batch", str(folder), "--timeout", "1", "--jobs", "1", "--quiet")
    elapsed = time.monotonic() - start
    rows = [json.loads(x) for x in result.stdout.splitlines()]
    assert [r["status"] for r in rows] == ["timeout", "unique"], rows
    assert rows[0]["seconds"] <= 1 + 0.5 + LOAD_SLACK
    assert elapsed < 20


@pytest.mark.parametrize("value", ["nan", "0", "-1", "abc"])
def test_bad_time_limits_are_usage_errors(value, mm_cli, assert_one_line_error):
    assert_one_line_error(mm_cli("solve", "five_houses", f"--time-limit={value}"),
                          "--time-limit")


@pytest.mark.parametrize("value", ["inf", "1e12"])
def test_infinite_and_huge_time_limits_mean_no_limit(value, mm_cli):
    result = mm_cli("solve", "five_houses", "--time-limit", value)
    assert result.returncode == 0 and result.stderr == "", result.stderr


def test_api_time_limit_nan_is_refused():
    with pytest.raises(mm.PuzzleError, match="time_limit"):
        mm.load("five_houses").solve(time_limit=math.nan)


def test_cpsat_integers_beyond_64_bits_are_unsupported_and_auto_uses_sat():
    if not mm.backends.installed("cpsat"):
        pytest.skip("needs OR-Tools (the CP-SAT backend) installed")
    p = Puzzle("Big", "Big")
    slots = p.add_noun_type("Slot")
    slots.add_nouns("1", "2")
    names = p.add_noun_type("Name")
    x, _ = names.add_nouns("X", "Y")
    p.add_rule("1", "Huge.", rules.num(x, slots) * (2 ** 70) == 2 ** 70)
    with pytest.raises(mm.UnsupportedFeature, match="64"):
        p.solve(backend="cpsat")
    solution = p.solve()
    assert solution is not None and solution.partner(x, slots).name == "1"


# ------------------------------------------------------------------ Ctrl-C

def _interrupt_after(args: list[str], delay: float, ready=None) -> tuple[int, str, float]:
    """Start mm, wait `delay` seconds (and until `ready()`, if given), press Ctrl-C: the
    status, stderr and the seconds from Ctrl-C to the end."""
    proc = subprocess.Popen([sys.executable, "-m", "mm", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    time.sleep(delay)
    for _ in range(300):
        if ready is None or ready():
            break
        time.sleep(0.1)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    return proc.returncode, err, time.monotonic() - sent


def test_ctrl_c_ends_a_long_solve_within_a_second(tmp_path, backend):
    path = _numeric_heavy(tmp_path / "numeric.json", nouns=20, count=400)
    code, err, latency = _interrupt_after(
        ["count", str(path), "--backend", backend, "--time-limit", "60"], 2.0)
    assert code == 130, err
    assert err.strip() == "mm: interrupted"
    assert latency < 1.0 + LOAD_SLACK


def _hard_sat_engine(time_limit, engine=None):
    """A SAT backend holding the pigeonhole formula PHP(11) (minutes for CDCL solvers)."""
    from pysat.examples.genhard import PHP

    from mm import backends
    from mm.analysis.compile import compile_puzzle

    p = free_puzzle(3, 2, 1)
    kwargs = {} if engine is None else {"engine": engine}
    sat = backends.get("sat")(compile_puzzle(p), time_limit=time_limit, **kwargs)
    top = sat.pool.top
    for clause in PHP(11).clauses:
        sat._add([v + top if v > 0 else v - top for v in clause])
    return sat


# The child is a library user's script as a terminal starts it: Ctrl-C raises
# KeyboardInterrupt. Python leaves SIGINT ignored when its parent ignored it (a shell does
# for a job started with "&"), and then the script rightly ignores Ctrl-C: CI started that
# way hung here whenever the signal landed after the first conflict slice.
_NATIVE_SOLVE = """
import signal, sys, time
signal.signal(signal.SIGINT, signal.default_int_handler)
sys.path.insert(0, {tests!r})
from test_reliability import _hard_sat_engine
sat = _hard_sat_engine({time_limit!r})
print("ready", flush=True)
try:
    sat.next_solution()
    print("finished")
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


@pytest.mark.parametrize("time_limit", [None, 60])
def test_ctrl_c_stops_a_native_sat_solve(time_limit):
    """CaDiCaL (no limit) holds the GIL and cannot be interrupted; Glucose (with a limit)
    runs without returning to Python. Both stop within a second of Ctrl-C. The solve runs
    in a child process, so the Ctrl-C never reaches the test runner itself."""
    pytest.importorskip("pysat")
    code = _NATIVE_SOLVE.format(tests=str(Path(__file__).parent), time_limit=time_limit)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "ready", proc.stderr.read() if proc.stderr else ""
    time.sleep(0.5)  # into the native solve
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert out.strip() == "interrupted", out + err
    assert time.monotonic() - sent < 1.0 + LOAD_SLACK


def test_cadical_stops_at_its_time_limit():
    pytest.importorskip("pysat")
    sat = _hard_sat_engine(1.0, engine="cadical195")
    start = time.monotonic()
    with pytest.raises(mm.TimeLimitReached):
        sat.next_solution()
    assert time.monotonic() - start < 1.0 + 0.5 + LOAD_SLACK


def test_ctrl_c_ends_a_batch_and_keeps_finished_results(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    write_json(folder / "a.json", five_houses())
    _numeric_heavy(folder / "b.json", nouns=20, count=400)
    out = tmp_path / "out.jsonl"
    partial = tmp_path / "out.jsonl.partial"
    code, err, latency = _interrupt_after(
        ["batch", str(folder), "--jobs", "1", "--quiet", "--out", str(out)], 0.5,
        ready=lambda: partial.exists() and partial.read_text().count("\n") >= 1)
    assert code == 130, err
    assert "interrupted" in err and "Traceback" not in err
    assert latency < 1.0 + LOAD_SLACK
    rows = [json.loads(x) for x in partial.read_text().splitlines()]
    assert [(r["id"], r["status"]) for r in rows] == [("a.json", "unique"),
                                                      ("b.json", "interrupted")]


# ------------------------------------------------------------------ one-line errors

def test_answer_of_the_wrong_shape_names_the_path(tmp_path, mm_cli, assert_one_line_error):
    for answer in ([5, 5, 5, 5, 5], "abc", [[0, 1]], [[None]]):
        path = write_json(tmp_path / "a.json", {**five_houses(), "answer": answer})
        assert_one_line_error(mm_cli("solve", str(path)), "answer")
    for values in ({"House": "x"}, {"Nope": [1]}, {"House": [1, 2]}):
        path = write_json(tmp_path / "a.json", {**five_houses(), "answer_values": values})
        assert_one_line_error(mm_cli("solve", str(path)), "answer_values")


def test_question_with_a_noun_of_the_wrong_type(tmp_path, mm_cli, assert_one_line_error):
    data = five_houses()
    data["question"] = {"text": "Who?", "kind": "who", "category": "Pet",
                        "subject": {"type": "Pet", "noun": "Zebra"}}
    path = write_json(tmp_path / "q.json", data)
    result = mm_cli("solve", str(path))
    assert result.returncode in (0, 2), result.stderr
    assert "internal error" not in result.stderr
    if result.returncode == 2:
        assert_one_line_error(result, "question")


def test_lone_surrogate_is_a_one_line_error(tmp_path, mm_cli, assert_one_line_error):
    text = json.dumps(five_houses()).replace('"Zebra"', '"Ze\\ud800bra"')
    path = tmp_path / "s.json"
    path.write_text(text)
    assert_one_line_error(mm_cli("solve", str(path)), "s.json")


def test_deeply_nested_rule_is_a_one_line_error(tmp_path, mm_cli, assert_one_line_error):
    data = five_houses()
    data["rules"] = [{"clue": "1", "text": "Deep.", "expr": "EXPR"}]
    expr = '{"op": "not", "x": ' * 5000 + '{"op": "const", "value": true}' + "}" * 5000
    path = tmp_path / "deep.json"
    path.write_text(json.dumps(data).replace('"EXPR"', expr))
    assert_one_line_error(mm_cli("solve", str(path)), "deep.json")


def test_deeply_nested_rule_in_the_api_is_a_puzzle_error():
    p = free_puzzle(3, 2, 1)
    a, x = p.noun_types[0].nouns[0], p.noun_types[1].nouns[0]
    cond = rules.with_(a, x)
    for _ in range(5000):
        cond = rules.not_(cond)
    with pytest.raises(mm.PuzzleError, match="nested"):
        p.add_rule("9", "Deep.", cond)
        p.solve()


def test_closed_pipe_is_quiet():
    proc = subprocess.run(f"{sys.executable} -m mm list | head -1", shell=True,
                          capture_output=True, text=True, env={**os.environ,
                                                               "PYTHONPATH": str(ROOT)})
    assert proc.stderr == "", proc.stderr
    assert proc.stdout.count("\n") == 1


def test_malformed_scheduler_and_unreadable_folder(tmp_path, mm_cli, assert_one_line_error):
    folder = tmp_path / "in"
    folder.mkdir()
    write_json(folder / "a.json", five_houses())
    result = mm_cli("batch", str(folder), "--scheduler", "not a url::", "--quiet")
    assert result.returncode == 2 and "internal error" not in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0)
    try:
        if os.access(locked, os.R_OK):
            pytest.skip("running as a user who can read any folder")
        assert_one_line_error(mm_cli("batch", str(locked)), "locked")
    finally:
        locked.chmod(0o755)


# ------------------------------------------------------------------ smaller

def test_bom_is_accepted_in_json(tmp_path):
    path = write_json(tmp_path / "bom.json", five_houses(), encoding="utf-8-sig")
    assert mm.load(path).is_unique()


def test_bom_is_accepted_in_jsonl(tmp_path):
    path = tmp_path / "bom.jsonl"
    path.write_text(json.dumps({"id": "x", "input": "nothing"}) + "\n", encoding="utf-8-sig")
    from mm.app import batch

    assert batch.read_tasks(path)[0].id == "x"


def test_duplicate_fact_warning_points_at_the_callers_line():
    p = free_puzzle(3, 2, 1)
    a, b = p.noun_types[1].nouns[0], p.noun_types[2].nouns[0]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        p.add_fact("2", a, IS_NOT, WITH, b)
    assert caught and caught[0].filename == __file__


@pytest.mark.parametrize("kwargs, name", [({"text": 123}, "text"), ({"enabled": "no"}, "enabled"),
                                          ({"clue": None}, "clue")])
def test_add_fact_checks_its_argument_types(kwargs, name):
    p = free_puzzle(3, 2, 1)
    a, b = p.noun_types[1].nouns[1], p.noun_types[2].nouns[0]
    args = {"clue": "2", "noun1": a, "verb": IS, "link": WITH, "noun2": b, **kwargs}
    with pytest.raises(mm.PuzzleError, match=name):
        p.add_fact(**args)


@pytest.mark.parametrize("limit", [1.5, "2", True, 0])
def test_count_limit_must_be_a_positive_int(limit):
    with pytest.raises(mm.PuzzleError, match="limit"):
        free_puzzle(3, 2, 1).count(limit=limit)


@pytest.mark.parametrize("kwargs, name", [({"time_limit": "1"}, "time_limit"),
                                          ({"backend": 3}, "backend")])
def test_solve_checks_its_argument_types(kwargs, name):
    with pytest.raises(mm.PuzzleError, match=name):
        free_puzzle(3, 2, 1).solve(**kwargs)


def test_ctrl_c_between_two_batch_results_still_marks_the_rest():
    """Ctrl-C while the command writes a result (outside the run): the run, told so, still
    gives one line per input, finished ones first."""
    from mm.app.batch import Task, run

    tasks = [Task(id=k, skipped="not a puzzle") for k in range(4)]
    stream = run(tasks, jobs=1)
    first = next(stream)
    rest = list(batch_command._rest_of(stream))
    assert [r["id"] for r in [first, *rest]] == [0, 1, 2, 3]
    assert all(r["status"] == "skipped" for r in rest)


def test_a_slow_solver_import_draws_on_the_time_limit(tmp_path, monkeypatch):
    """A solver library that takes long to import (OR-Tools on a busy machine) is waited
    for only until the deadline; the import goes on, and the next call gets it."""
    from mm import backends
    from mm.deadline import Deadline

    (tmp_path / "mm_slow_solver_lib.py").write_text("import time\ntime.sleep(1.5)\nOK = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    start = time.monotonic()
    with pytest.raises(mm.TimeLimitReached, match="0.3 s .*loading the solver library"):
        backends._import("mm_slow_solver_lib", "slowlib", Deadline(0.3))
    assert time.monotonic() - start < 0.3 + 0.5 + LOAD_SLACK
    assert backends._import("mm_slow_solver_lib", "slowlib", None).OK == 1


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT to this process")
def test_ctrl_c_during_a_solver_import_leaves_it_to_finish(tmp_path, monkeypatch):
    """Ctrl-C while the solver library loads is a KeyboardInterrupt, and the next call
    waits for the same import to end (a Thread.join cut short by Ctrl-C marked the thread
    as stopped while it still ran: the next call took the import as done, with no module,
    and failed with an internal error - seen under load in the CP-SAT Ctrl-C test)."""
    from mm import backends

    (tmp_path / "mm_slow_solver_lib2.py").write_text("import time\ntime.sleep(1.0)\nOK = 2\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    # Python's own handler (a test before may have left another one installed)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            backends._import("mm_slow_solver_lib2", "slowlib", None)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert backends._import("mm_slow_solver_lib2", "slowlib", None).OK == 2


def test_a_timeout_message_names_the_commands_own_limit(tmp_path):
    path = _numeric_heavy(tmp_path / "numeric.json")
    code, err, _ = _timed("solve", str(path), "--backend", "sat", "--time-limit", "0.5")
    assert code == 4, err
    assert "time limit of 0.5 s reached" in err, err


@pytest.mark.parametrize("call", ["solve", "solutions", "count", "is_unique", "hint"])
def test_a_library_call_names_its_own_time_limit(tmp_path, call):
    """The encoding inside the call gets what is left of the limit once the puzzle is
    compiled; the error still names the caller's limit (it said "time limit of 0.46 s"
    for 0.5)."""
    pytest.importorskip("pysat")
    puzzle = mm.load(_numeric_heavy(tmp_path / "numeric.json"))
    run = {"solve": lambda: puzzle.solve(backend="sat", time_limit=0.5),
           "solutions": lambda: list(puzzle.solutions(backend="sat", time_limit=0.5)),
           "count": lambda: puzzle.count(backend="sat", time_limit=0.5),
           "is_unique": lambda: puzzle.is_unique(backend="sat", time_limit=0.5),
           "hint": lambda: puzzle.hint([], backend="sat", time_limit=0.5)}[call]
    start = time.monotonic()
    with pytest.raises(mm.TimeLimitReached) as caught:
        run()
    assert str(caught.value).startswith("time limit of 0.5 s reached"), caught.value
    # the limit holds too: hint's clue switches were encoded without it (15 s here)
    assert time.monotonic() - start < 0.5 + 0.5 + LOAD_SLACK


def test_explain_stops_at_its_time_limit_while_encoding(tmp_path):
    pytest.importorskip("pysat")
    puzzle = mm.load(_numeric_heavy(tmp_path / "numeric.json"))
    start = time.monotonic()
    assert puzzle.explain(backend="sat", time_limit=0.5).status == "time limit"
    assert time.monotonic() - start < 0.5 + 0.5 + LOAD_SLACK


@pytest.mark.parametrize("backend", ["sat", "cpsat"])
def test_explain_stops_at_its_time_limit_on_a_wide_grid(backend):
    """15 types of 80 nouns: 1.3 million grid cells, whose tables took the explainer 5 s
    to set up whatever its limit (and CP-SAT's clue switches were encoded unwatched)."""
    pytest.importorskip({"sat": "pysat", "cpsat": "ortools"}[backend])
    p = Puzzle("Wide", "Wide")
    kinds = [p.add_noun_type(f"T{t}") for t in range(15)]
    for kind in kinds:
        kind.add_nouns(*(f"n{i}" for i in range(80)))
    p.add_fact("1", kinds[1].nouns[0], IS, WITH, kinds[2].nouns[0])
    start = time.monotonic()
    assert p.explain(backend=backend, time_limit=2).status == "time limit"
    assert time.monotonic() - start < 2 + 0.5 + LOAD_SLACK
