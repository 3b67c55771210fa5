"""Solve whole collections: a folder of puzzle files or a JSONL of English puzzles, in
parallel worker processes (or on a Dask cluster through the same executor interface),
one result per puzzle, in input order.

A puzzle that cannot be read, or that runs out of time, gets a result with status "error"
or "timeout" and the run goes on; a folder entry that is not run gets "skipped"; nothing
that happens to one puzzle or one worker ends the run or loses another result. Python
puzzle modules in a folder are code: they are run only with allow_code=True
(`mm batch --allow-code`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mm.app.pool import overrun_grace, run_pool
from mm.deadline import Deadline, stated
from mm.errors import PuzzleError, PuzzleLoadError, TimeLimitReached
from mm.formats.files import kind_of, suffixes
from mm.formats.loading import check_strict, load
from mm.formats.readers import english_puzzle
from mm.model.question import answers

TEXT_FIELDS = ("input", "inputs", "question", "puzzle")
# imported by each worker before its first puzzle (OR-Tools takes seconds on a busy machine)
SOLVER_MODULES = ("ortools.sat.python.cp_model", "pysat.solvers")
STATUSES = ("unique", "multiple", "none", "error", "timeout", "skipped", "interrupted")


@dataclass
class Task:
    """One puzzle to run: `text` (English) or `path` (a puzzle file)."""

    id: Any
    line: int | None = None  # its line in a JSONL input: ids may repeat there, lines do not
    text: str | None = None
    path: str | None = None
    expected: Any = None  # the input's own "answer", to check ours against
    error: str | None = None  # the input line itself was unreadable
    skipped: str | None = None  # a folder entry that is not run, and why


def read_tasks(source: str | Path, field: str | None = None,
               allow_code: bool = False) -> list[Task]:
    """The puzzles of a folder (sorted by name) or of a JSONL file (one per line). Every
    entry of a folder is accounted for: one that is not run (a subfolder, a FIFO, a
    dangling link, a .py module without allow_code, another kind of file) is a Task with
    `skipped` saying why, so the report lists it."""
    path = Path(source)
    if path.is_dir():
        return _folder_tasks(path, allow_code)
    tasks = []
    for number, raw in enumerate(_lines(path), 1):
        try:  # each line on its own: one bad byte costs that line, not the whole file
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            tasks.append(Task(id=number, line=number, error=f"{source}:{number}: not UTF-8 "
                              f"(byte 0x{raw[exc.start]:02x} at column {exc.start + 1})"))
            continue
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            if not isinstance(record, dict):
                raise ValueError("not a JSON object")
        except (ValueError, RecursionError) as exc:
            tasks.append(Task(id=number, line=number,
                              error=f"{source}:{number}: not a JSON object ({exc})"))
            continue
        key = record.get("id", record.get("idx", number))
        if not isinstance(key, str | int) or isinstance(key, bool):
            key = number
        names = (field,) if field else TEXT_FIELDS
        text = next((record[n] for n in names if isinstance(record.get(n), str)), None)
        if text is None:
            tasks.append(Task(id=key, line=number, error=f"{source}:{number}: no text field "
                                                         f"({' / '.join(names)})"))
            continue
        tasks.append(Task(id=key, line=number, text=text, expected=record.get("answer")))
    return tasks


def _lines(path: Path) -> list[bytes]:
    """The lines of a JSONL file as bytes (a leading BOM dropped), each decoded on its own
    by the caller. Lines end at LF, CR LF or CR only (a JSON string may hold a raw U+2028,
    which str.splitlines would cut)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise PuzzleLoadError(f"{path}: cannot read ({exc.strerror})") from None
    return data.removeprefix(b"\xef\xbb\xbf").splitlines()


def _folder_tasks(folder: Path, allow_code: bool) -> list[Task]:
    try:
        entries = sorted(folder.iterdir())
    except OSError as exc:
        raise PuzzleLoadError(f"{folder}: cannot read the folder ({exc.strerror})") from None
    tasks = []
    for entry in entries:
        if entry.name.startswith("."):
            continue  # hidden files (.DS_Store, editor backups) are nobody's puzzles
        reason = _skip_reason(entry, allow_code)
        if reason is None:
            tasks.append(Task(id=entry.name, path=str(entry)))
        else:
            tasks.append(Task(id=entry.name, skipped=reason))
    if not tasks:
        raise PuzzleLoadError(f"{folder}: no puzzle files ({', '.join(suffixes(True))}) here")
    return tasks


def _skip_reason(entry: Path, allow_code: bool) -> str | None:
    """Why a folder entry is not run, or None to run it. Nothing is opened here: a FIFO
    would block."""
    if entry.is_symlink() and not entry.exists():
        return "a link to nothing"
    if entry.is_dir():
        return "a folder (folders are not searched)"
    if not entry.is_file():
        return "not a regular file"
    kind = kind_of(entry)
    if kind is None:
        return f"not a puzzle file ({', '.join(suffixes(True))})"
    if kind.is_code and not allow_code:
        return "a Python module is code: run only with --allow-code"
    return None


def run_task(task: Task, time_limit: float | None = None, backend: str = "auto",
             allow_code: bool = False, strict: bool = False) -> dict[str, Any]:
    """Read, solve and check one puzzle; never raises for a bad puzzle."""
    start = time.perf_counter()
    result: dict[str, Any] = {**_head(task), "status": "error", "solution": None,
                              "answer": None, "error": task.error, "seconds": 0.0}
    if task.expected is not None:
        result["expected"] = task.expected
    if task.skipped is not None:
        result.update(status="skipped", error=task.skipped)
    elif task.error is None:
        try:
            _solve_into(result, task, Deadline(time_limit), backend, allow_code, strict)
        except TimeLimitReached as exc:
            result.update(status="timeout", error=stated(exc, time_limit))
        except PuzzleError as exc:
            result.update(status="error", error=str(exc))
        except RecursionError:
            result.update(status="error", error="puzzle too deeply nested")
        except (Exception, SystemExit) as exc:  # a bug in mm, or exit() in a puzzle module:
            # this puzzle's result, not the end of the run
            result.update(status="error", solution=None, answer=None,
                          error=f"internal error: {type(exc).__name__}: {exc}")
    if task.expected is not None:
        result["correct"] = result["answer"] is not None and \
            str(result["answer"]).strip().lower() == str(task.expected).strip().lower()
    result["seconds"] = round(time.perf_counter() - start, 4)
    return result


def _solve_into(result: dict, task: Task, deadline: Deadline, backend: str,
                allow_code: bool, strict: bool = False) -> None:
    if task.text is not None:
        puzzle = english_puzzle(task.text, name=f"puzzle_{task.id}")
        deadline.check()
    else:
        assert task.path is not None  # a task has text or a path
        kind = kind_of(task.path)
        if kind is not None and kind.is_code and not allow_code:
            raise PuzzleError(f"{task.path}: Python puzzle modules run only with --allow-code")
        puzzle = load(task.path, time_limit=deadline)
    # a partial reading: what was left out rides on the result (strict: refused)
    result["not_read_count"] = len(puzzle.not_read)
    result["not_read"] = [item.to_dict() for item in puzzle.not_read]
    if strict:
        check_strict(puzzle, str(task.path or f"puzzle {task.id}"))
    question = puzzle.question
    solutions = list(puzzle.solutions(limit=2, backend=backend,
                                      time_limit=deadline.remaining()))
    result["status"] = {0: "none", 1: "unique", 2: "multiple"}[len(solutions)]
    if solutions:
        result["solution"] = solutions[0].to_dict()
    if len(solutions) == 1 and question is not None:
        result["answer"] = question.answer(solutions[0])
        result["question"] = question.text
        result["answers"] = answers(puzzle.questions, solutions[0])


def run(tasks: list[Task], jobs: int = 1, time_limit: float | None = None,
        backend: str = "auto", executor: Executor | None = None,
        allow_code: bool = False, strict: bool = False) -> Iterator[dict[str, Any]]:
    """One result per task, in input order, whatever happens to a puzzle or a worker.
    Puzzles run in `jobs` worker processes (also with jobs=1, so a puzzle that overruns its
    limit can be stopped), or on an executor such as a Dask client's. On Ctrl-C the
    results finished so far come first, then one "interrupted" result per task left, and
    then KeyboardInterrupt is raised again."""
    if executor is not None:
        yield from _run_on(executor, tasks, time_limit, backend, allow_code, strict)
        return
    done: dict[int, dict[str, Any]] = {}
    given = 0  # results yielded so far (a prefix of the tasks)
    jobs_left = []
    for index, task in enumerate(tasks):
        if task.skipped is not None or task.error is not None:
            done[index] = run_task(task)  # nothing to run: no worker needed
        else:
            jobs_left.append((index, (task, time_limit, backend, allow_code, strict)))
    hard = None if time_limit is None else time_limit + overrun_grace(time_limit)

    def failed(index: int, reason: str, seconds: float) -> dict[str, Any]:
        return _failed(tasks[index], reason, seconds, time_limit)

    stream = run_pool(jobs_left, jobs, run_task, failed, hard, SOLVER_MODULES) \
        if jobs_left else iter(())
    try:
        for index, result in stream:
            done[index] = result
            while given in done:
                given += 1  # counted before it is yielded: a Ctrl-C thrown in while the
                yield done.pop(given - 1)  # caller writes it does not mark it again
        while given < len(tasks):  # only skipped or unreadable entries were left
            given += 1
            yield done.pop(given - 1)
    except KeyboardInterrupt:  # also thrown in by a caller interrupted between two results
        if hasattr(stream, "close"):
            stream.close()  # the workers are killed first: nothing below waits for them
        for index in range(given, len(tasks)):
            finished = done.pop(index, None)
            yield finished or _failed(tasks[index], "interrupted", 0.0, None)
        raise


def _run_on(executor: Executor, tasks: list[Task], time_limit: float | None, backend: str,
            allow_code: bool, strict: bool) -> Iterator[dict[str, Any]]:
    futures: list[Future] = [executor.submit(run_task, task, time_limit, backend, allow_code,
                                             strict) for task in tasks]
    try:
        for task, future in zip(tasks, futures, strict=True):
            try:
                yield future.result()
            except Exception as exc:  # the worker itself died (out of memory, killed, lost)
                yield _failed(task, f"died ({type(exc).__name__}: {exc})", 0.0, time_limit)
    finally:
        for future in futures:
            future.cancel()


def _head(task: Task) -> dict[str, Any]:
    """The fields that name a task's input in its result: its id, and for a JSONL line
    its line number (--resume matches results to inputs by both)."""
    return {"id": task.id} if task.line is None else {"id": task.id, "line": task.line}


def _failed(task: Task, reason: str, seconds: float,
            time_limit: float | None) -> dict[str, Any]:
    """The result of a task that ended without an answer from its worker."""
    if reason == "timeout":
        status, error = "timeout", f"time limit of {time_limit:g} s reached (stopped)"
    elif reason == "interrupted":
        status, error = "interrupted", "the run was interrupted before this puzzle ended"
    else:
        status, error = "error", f"worker {reason} twice while solving this puzzle"
    result = {**_head(task), "status": status, "solution": None, "answer": None,
              "error": error, "seconds": round(seconds, 4)}
    if task.expected is not None:
        result.update(expected=task.expected, correct=False)
    return result


def summarise(results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Counts by status, answers checked against the inputs' own, and timing."""
    summary: dict[str, Any] = {"puzzles": 0, **dict.fromkeys(STATUSES, 0), "checked": 0,
                               "correct": 0, "seconds": 0.0, "slowest": 0.0}
    for r in results:
        summary["puzzles"] += 1
        summary[r["status"]] = summary.get(r["status"], 0) + 1
        if "correct" in r:
            summary["checked"] += 1
            summary["correct"] += bool(r["correct"])
        summary["seconds"] += r["seconds"]
        summary["slowest"] = max(summary["slowest"], r["seconds"])
    return summary
