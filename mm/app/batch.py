"""Solve whole collections: a folder of puzzle files or a JSONL of English puzzles, in
parallel worker processes (or on a Dask cluster through the same executor interface),
one result per puzzle, in input order.

A puzzle that cannot be read, or that runs out of time, gets a result with status "error"
or "timeout" and the run goes on. Python puzzle modules in a folder are code: they are run
only with allow_code=True (`mm batch --allow-code`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mm.errors import PuzzleError, PuzzleLoadError, TimeLimitReached
from mm.formats.english import english_puzzle
from mm.formats.files import kind_of, read_text, suffixes
from mm.formats.loading import check_strict, load

TEXT_FIELDS = ("input", "inputs", "question", "puzzle")


@dataclass
class Task:
    """One puzzle to run: `text` (English) or `path` (a puzzle file)."""

    id: Any
    text: str | None = None
    path: str | None = None
    expected: Any = None  # the input's own "answer", to check ours against
    error: str | None = None  # the input line itself was unreadable


def read_tasks(source: str | Path, field: str | None = None,
               allow_code: bool = False) -> list[Task]:
    """The puzzles of a folder (sorted by name) or of a JSONL file (one per line)."""
    path = Path(source)
    if path.is_dir():
        wanted = suffixes(allow_code)
        files = sorted(p for p in path.iterdir() if p.suffix.lower() in wanted and p.is_file())
        if not files:
            raise PuzzleLoadError(f"{source}: no puzzle files ({', '.join(wanted)}) here")
        return [Task(id=p.name, path=str(p)) for p in files]
    lines = read_text(path).splitlines()
    tasks = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            if not isinstance(record, dict):
                raise ValueError("not a JSON object")
        except ValueError as exc:
            tasks.append(Task(id=number, error=f"{source}:{number}: not a JSON object ({exc})"))
            continue
        key = record.get("id", record.get("idx", number))
        names = (field,) if field else TEXT_FIELDS
        text = next((record[n] for n in names if isinstance(record.get(n), str)), None)
        if text is None:
            tasks.append(Task(id=key, error=f"{source}:{number}: no text field "
                                            f"({' / '.join(names)})"))
            continue
        tasks.append(Task(id=key, text=text, expected=record.get("answer")))
    return tasks


def run_task(task: Task, time_limit: float | None = None, backend: str = "auto",
             allow_code: bool = False, strict: bool = False) -> dict[str, Any]:
    """Read, solve and check one puzzle; never raises for a bad puzzle."""
    start = time.perf_counter()
    result: dict[str, Any] = {"id": task.id, "status": "error", "solution": None,
                              "answer": None, "error": task.error, "seconds": 0.0}
    if task.expected is not None:
        result["expected"] = task.expected
    if task.error is None:
        try:
            _solve_into(result, task, time_limit, backend, allow_code, strict)
        except TimeLimitReached as exc:
            result.update(status="timeout", error=str(exc))
        except PuzzleError as exc:
            result.update(status="error", error=str(exc))
        except RecursionError:
            result.update(status="error", error="puzzle too deeply nested")
    if task.expected is not None:
        result["correct"] = result["answer"] is not None and \
            str(result["answer"]).strip().lower() == str(task.expected).strip().lower()
    result["seconds"] = round(time.perf_counter() - start, 4)
    return result


def _solve_into(result: dict, task: Task, time_limit: float | None, backend: str,
                allow_code: bool, strict: bool = False) -> None:
    if task.text is not None:
        puzzle = english_puzzle(task.text, name=f"puzzle_{task.id}")
    else:
        assert task.path is not None  # a task has text or a path
        kind = kind_of(task.path)
        if kind is not None and kind.is_code and not allow_code:
            raise PuzzleError(f"{task.path}: Python puzzle modules run only with --allow-code")
        puzzle = load(task.path)
    # a partial reading: what was left out rides on the result (strict: refused)
    result["not_read_count"] = len(puzzle.not_read)
    result["not_read"] = [item.to_dict() for item in puzzle.not_read]
    if strict:
        check_strict(puzzle, str(task.path or f"puzzle {task.id}"))
    question = puzzle.question
    solutions = list(puzzle.solutions(limit=2, backend=backend, time_limit=time_limit))
    result["status"] = {0: "none", 1: "unique", 2: "multiple"}[len(solutions)]
    if solutions:
        result["solution"] = solutions[0].to_dict()
    if len(solutions) == 1 and question is not None:
        result["answer"] = question.answer(solutions[0])
        result["question"] = question.text


def run(tasks: list[Task], jobs: int = 1, time_limit: float | None = None,
        backend: str = "auto", executor: Executor | None = None,
        allow_code: bool = False, strict: bool = False) -> Iterator[dict[str, Any]]:
    """Results in input order. With jobs > 1 (or an executor, such as a Dask client's)
    the puzzles run in parallel; jobs == 1 runs them here, one by one."""
    if executor is None and jobs <= 1:
        for task in tasks:
            yield run_task(task, time_limit, backend, allow_code, strict)
        return
    own = executor is None
    pool = executor or ProcessPoolExecutor(max_workers=jobs)
    try:
        futures: list[Future] = [pool.submit(run_task, task, time_limit, backend, allow_code,
                                             strict) for task in tasks]
        for task, future in zip(tasks, futures, strict=True):
            yield _result_of(task, future)
    finally:
        if own:
            pool.shutdown(cancel_futures=True)


def _result_of(task: Task, future: Future) -> dict[str, Any]:
    try:
        return future.result()
    except Exception as exc:  # the worker itself died (out of memory, killed, lost)
        return {"id": task.id, "status": "error", "solution": None, "answer": None,
                "error": f"worker failed: {type(exc).__name__}: {exc}", "seconds": 0.0}


def summarise(results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Counts by status, answers checked against the inputs' own, and timing."""
    summary: dict[str, Any] = {"puzzles": 0, "unique": 0, "multiple": 0, "none": 0,
                               "error": 0, "timeout": 0, "checked": 0, "correct": 0,
                               "seconds": 0.0, "slowest": 0.0}
    for r in results:
        summary["puzzles"] += 1
        summary[r["status"]] += 1
        if "correct" in r:
            summary["checked"] += 1
            summary["correct"] += bool(r["correct"])
        summary["seconds"] += r["seconds"]
        summary["slowest"] = max(summary["slowest"], r["seconds"])
    return summary
