"""Batch chaos: kill a worker, interrupt the parent, kill the parent. Every input keeps one
result line (a result, or a mark saying why there is none), and no worker outlives the run."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_reliability import LOAD_SLACK, _numeric_heavy, five_houses, write_json

ROOT = Path(__file__).parent.parent
pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="finds worker processes through Linux /proc")


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (workers are children of a fork server, not of mm)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry.name))
    found, stack = [], [pid]
    while stack:
        for child in children.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found


def busy_workers(pid: int) -> list[int]:
    """Descendants using the CPU now (a worker in the middle of a puzzle)."""
    def ticks(p: int) -> int:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            return int(fields[11]) + int(fields[12])
        except OSError:
            return 0
    before = {p: ticks(p) for p in descendants(pid)}
    time.sleep(0.3)
    return [p for p, t in before.items() if ticks(p) > t]


@pytest.fixture
def folder(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    for k in range(4):
        _numeric_heavy(folder / f"slow{k}.json", nouns=10, count=40)
        write_json(folder / f"zfast{k}.json", five_houses())
    return folder


def start(folder: Path, out: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "mm", "batch", str(folder), "--out",
                             str(out), "--quiet", "--jobs", "2", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})


def rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def wait_for_busy(proc: subprocess.Popen) -> list[int]:
    for _ in range(40):
        busy = busy_workers(proc.pid)
        if busy:
            return busy
    pytest.fail("no worker started")


def test_a_killed_worker_loses_no_result(folder, tmp_path):
    out = tmp_path / "out.jsonl"
    proc = start(folder, out)
    os.kill(wait_for_busy(proc)[0], signal.SIGKILL)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    results = rows(out)
    assert [r["id"] for r in results] == sorted(p.name for p in folder.iterdir())
    assert all(r["status"] in ("unique", "multiple") for r in results), results


def test_an_interrupted_run_marks_what_it_did_not_finish_and_resumes(folder, tmp_path):
    out = tmp_path / "out.jsonl"
    proc = start(folder, out)
    wait_for_busy(proc)
    proc.send_signal(signal.SIGINT)
    sent = time.monotonic()
    _, err = proc.communicate(timeout=30)
    latency = time.monotonic() - sent
    assert proc.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err
    assert latency < 1.0 + LOAD_SLACK
    partial = Path(str(out) + ".partial")
    results = rows(partial)
    assert [r["id"] for r in results] == sorted(p.name for p in folder.iterdir())
    assert all(r["status"] in ("unique", "multiple", "interrupted") for r in results)
    time.sleep(0.5)
    assert not descendants(proc.pid)
    again = start(folder, out, "--resume")
    _, err = again.communicate(timeout=120)
    assert again.returncode == 0, err
    assert not partial.exists()
    final = rows(out)
    assert [r["id"] for r in final] == sorted(p.name for p in folder.iterdir())
    assert all(r["status"] in ("unique", "multiple") for r in final)


def test_workers_stop_when_the_parent_is_killed(folder, tmp_path):
    proc = start(folder, tmp_path / "out.jsonl")
    workers = wait_for_busy(proc)
    proc.kill()
    proc.wait()
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline and any(Path(f"/proc/{w}").exists() and
                                              "Z" not in _state(w) for w in workers):
        time.sleep(0.1)
    assert not [w for w in workers if Path(f"/proc/{w}").exists() and "Z" not in _state(w)]


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"


def test_a_killed_parent_resumes_with_each_repeated_id_keeping_its_own_result(tmp_path):
    """kill -9 mid-run (a line may be cut short), then --resume: every JSONL line gets its
    own result, also when its id repeats an earlier line's (matched by line, not by id)."""
    from test_batch import BIG_BENCH_STYLE, NOT_UNIQUE

    n = 400
    lines = [json.dumps({"id": "p", "input": NOT_UNIQUE if k % 2 else BIG_BENCH_STYLE})
             for k in range(n)]  # one id for all: odd lines have two solutions
    source = tmp_path / "dup.jsonl"
    source.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out.jsonl"
    partial = Path(str(out) + ".partial")
    proc = start(source, out, "--jobs", "1")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None and \
            (not partial.exists() or partial.read_text().count("\n") < 5):
        time.sleep(0.01)
    proc.kill()
    proc.communicate()
    if not partial.exists():
        pytest.skip("the run ended before it could be killed")
    kept = partial.read_text().count("\n")
    assert 0 < kept < n
    again = start(source, out, "--jobs", "2", "--resume")
    _, err = again.communicate(timeout=300)
    assert again.returncode == 0, err
    final = rows(out)
    assert [r["line"] for r in final] == list(range(1, n + 1))
    assert [r["status"] for r in final] == ["multiple" if k % 2 else "unique"
                                            for k in range(n)]
