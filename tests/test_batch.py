"""`mm batch`: a JSONL of English puzzles or a folder of files, in parallel, results in
input order, bad puzzles reported without stopping the run; and the same on Dask."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mm.app import batch

BIG_BENCH_STYLE = (Path(__file__).parent / "fixtures" / "big_bench_style.txt").read_text()
NOT_UNIQUE = BIG_BENCH_STYLE.replace(
    "3. The person who likes yellow lives in the third house.\n", "")
UNREADABLE = BIG_BENCH_STYLE.replace("2. The person who has a carnations arrangement does not "
                                     "live in the second house.", "2. The person who has a "
                                     "carnations arrangement hates the person who likes red.")


@pytest.fixture
def jsonl(tmp_path):
    lines = [json.dumps({"id": "a", "input": BIG_BENCH_STYLE, "answer": "1"}),
             json.dumps({"question": NOT_UNIQUE}),
             "this line is not JSON",
             json.dumps({"idx": 7, "puzzle": UNREADABLE}),
             json.dumps({"id": "e", "text": "no known field"}),
             json.dumps({"id": "f", "input": BIG_BENCH_STYLE, "answer": "3"})]
    path = tmp_path / "puzzles.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def _check(results):
    assert [r["id"] for r in results] == ["a", 2, 3, 7, "e", "f"]
    # an unread clue is left out and counted; the rest is solved (here: still unique)
    assert [r["status"] for r in results] == ["unique", "multiple", "error", "unique",
                                              "error", "unique"]
    assert results[0]["answer"] == 1 and results[0]["correct"] is True
    assert results[5]["correct"] is False  # the input's own answer is wrong
    assert results[1]["answer"] is None and len(results[1]["solution"]) == 3
    assert "line 3" not in results[2]["error"] and ":3: not a JSON object" in results[2]["error"]
    assert results[3]["not_read_count"] == 1 and results[0]["not_read_count"] == 0
    assert results[3]["answer"] == 1
    assert "no text field" in results[4]["error"]
    for r in results:
        assert {"id", "status", "solution", "answer", "error", "seconds"} <= set(r)


def test_batch_command_runs_in_parallel_in_input_order(mm_cli, jsonl, tmp_path):
    out = tmp_path / "results.jsonl"
    result = mm_cli("batch", str(jsonl), "--jobs", "2", "--out", str(out), "--timeout", "30")
    assert result.returncode == 0, result.stderr
    _check([json.loads(line) for line in out.read_text().splitlines()])
    assert "mm batch summary" in result.stderr and "1 of 2" in result.stderr


def test_batch_folder_runs_text_files_and_refuses_code_without_the_flag(tmp_path):
    (tmp_path / "one.txt").write_text(BIG_BENCH_STYLE)
    (tmp_path / "two.py").write_text("raise SystemExit('must not run')\n")
    tasks = batch.read_tasks(tmp_path)
    assert [t.id for t in tasks] == ["one.txt", "two.py"]  # listed, not run
    result, skipped = batch.run(tasks)
    assert result["status"] == "unique" and result["answer"] == 1
    assert skipped["status"] == "skipped" and "--allow-code" in skipped["error"]
    tasks = batch.read_tasks(tmp_path, allow_code=True)
    assert [t.id for t in tasks] == ["one.txt", "two.py"]


def test_batch_bad_input_is_one_line(mm_cli, assert_one_line_error, tmp_path):
    assert_one_line_error(mm_cli("batch", str(tmp_path / "missing.jsonl")), "cannot read")
    assert_one_line_error(mm_cli("batch", str(tmp_path), "--jobs", "0"), "--jobs")


def test_batch_on_a_local_dask_cluster(jsonl):
    distributed = pytest.importorskip("distributed", reason="dask.distributed is mm[cluster]")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as cluster, \
            distributed.Client(cluster.scheduler_address) as client:
        results = list(batch.run(batch.read_tasks(jsonl), executor=client.get_executor(),
                                 time_limit=30))
    _check(results)


def test_a_line_that_is_not_utf8_gets_its_own_error_and_the_others_run(mm_cli, tmp_path):
    good = [json.dumps({"id": k, "input": BIG_BENCH_STYLE}).encode() for k in ("a", "c")]
    bad = json.dumps({"id": "b", "input": "Caf\u00e9"}).encode().replace(b"\\u00e9", b"\xe9")
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + b"\n".join([good[0], bad, good[1]]) + b"\n")
    out = tmp_path / "results.jsonl"
    result = mm_cli("batch", str(path), "--jobs", "1", "--quiet", "--out", str(out))
    assert result.returncode == 0, result.stderr
    results = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["id"], r["status"]) for r in results] == [("a", "unique"), (2, "error"),
                                                         ("c", "unique")]
    assert "mixed.jsonl:2: not UTF-8 (byte 0xe9" in results[1]["error"]


def test_resume_matches_results_by_line_not_by_a_repeated_id(mm_cli, tmp_path):
    lines = [json.dumps({"id": "p1", "input": BIG_BENCH_STYLE}),
             json.dumps({"id": "p2", "input": BIG_BENCH_STYLE}),
             json.dumps({"id": "p1", "input": NOT_UNIQUE})]  # the same id, another puzzle
    path = tmp_path / "dup.jsonl"
    path.write_text("\n".join(lines) + "\n")
    out = tmp_path / "results.jsonl"
    assert mm_cli("batch", str(path), "--jobs", "1", "--quiet", "--out", str(out)).returncode == 0
    full = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["id"], r["line"], r["status"]) for r in full] == [
        ("p1", 1, "unique"), ("p2", 2, "unique"), ("p1", 3, "multiple")]
    # a run killed after its first result: only that line is in the partial file
    Path(str(out) + ".partial").write_text(out.read_text().splitlines()[0] + "\n")
    out.unlink()
    result = mm_cli("batch", str(path), "--jobs", "1", "--quiet", "--out", str(out), "--resume")
    assert result.returncode == 0, result.stderr
    resumed = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["id"], r["line"], r["status"]) for r in resumed] == [
        ("p1", 1, "unique"), ("p2", 2, "unique"), ("p1", 3, "multiple")]
    assert resumed[0] == full[0]  # kept, not run again


def test_batch_out_never_writes_over_an_input(mm_cli, assert_one_line_error, tmp_path):
    folder = tmp_path / "puzzles"
    folder.mkdir()
    (folder / "a.txt").write_text(BIG_BENCH_STYLE)
    assert_one_line_error(mm_cli("batch", str(folder), "--out", str(folder / "a.txt"),
                                 "--force", "--quiet"), "is an input file")
    (tmp_path / "link.jsonl").symlink_to(folder / "a.txt")
    assert_one_line_error(mm_cli("batch", str(folder), "--out", str(tmp_path / "link.jsonl"),
                                 "--force", "--quiet"), "is an input file")
    assert (folder / "a.txt").read_text() == BIG_BENCH_STYLE
    # the partial file written for --out is the input
    jsonl = tmp_path / "r.jsonl.partial"
    jsonl.write_text(json.dumps({"id": "a", "input": BIG_BENCH_STYLE}) + "\n")
    kept = jsonl.read_text()
    assert_one_line_error(mm_cli("batch", str(jsonl), "--out", str(tmp_path / "r.jsonl"),
                                 "--force", "--quiet"), "r.jsonl.partial, which is an input")
    assert jsonl.read_text() == kept


def test_a_full_disk_in_a_batch_is_one_line_and_keeps_the_partial_file(
        mm_cli, assert_one_line_error, jsonl, tmp_path):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    out = tmp_path / "results.jsonl"
    Path(str(out) + ".partial").symlink_to("/dev/full")  # its writes fail: disk full
    assert_one_line_error(mm_cli("batch", str(jsonl), "--out", str(out), "--force", "--quiet"),
                          "results.jsonl.partial: cannot write (No space left on device)")
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "mm", "batch", str(jsonl), "--quiet"],
                                stdout=full, stderr=subprocess.PIPE, text=True)
    result.stdout = ""  # it went to /dev/full
    assert_one_line_error(result, "standard output: cannot write (No space left on device)")
