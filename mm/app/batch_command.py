"""`mm batch`: solve a folder of puzzles, or a JSONL file of English puzzles, in parallel.

The command line imports this module only when `mm batch` runs: the worker pool brings in
multiprocessing, which the other commands do not need. Results are written line by line to
a partial file beside --out, renamed when the run ends; --resume continues from it.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from mm.app import batch
from mm.app.batch import STATUSES, TEXT_FIELDS
from mm.app.outputs import (
    OutputError,
    check_not_input,
    check_out,
    input_files,
    stdout_error,
)
from mm.errors import BackendUnavailable, PuzzleError


def add_parser(sub: Any, name: str, help_text: str, puzzle_help: str,
               backend_names: list[str], seconds: Callable[[str], Any]) -> None:
    """Add the `batch` command's parser (`seconds` parses a time limit option)."""
    batch = sub.add_parser(name, help=help_text)
    batch.add_argument("input", help="a folder of puzzle files (.json, .txt, .js, .java), or "
                                     "a .jsonl file of English puzzles")
    batch.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                       help="worker processes (default: one per core)")
    batch.add_argument("--out", default=None, metavar="FILE",
                       help="write the JSONL results here (default: standard output), "
                            "line by line to FILE.partial, renamed when the run ends")
    again = batch.add_mutually_exclusive_group()
    again.add_argument("--force", action="store_true", help="write over an existing --out")
    again.add_argument("--resume", action="store_true",
                       help="keep the results already in --out (or its .partial file) and "
                            "run only the others")
    batch.add_argument("--timeout", type=seconds("--timeout"), default=None, metavar="S",
                       help="time limit per puzzle in seconds, loading included")
    batch.add_argument("--field", default=None, metavar="NAME",
                       help=f"JSONL field with the puzzle text (default: {', '.join(TEXT_FIELDS)})")
    batch.add_argument("--backend", default="auto", choices=["auto", *backend_names])
    batch.add_argument("--scheduler", default=None, metavar="ADDRESS",
                       help="run on a Dask cluster (tcp://host:8786); needs mm[cluster]")
    batch.add_argument("--allow-code", action="store_true",
                       help="also run .py puzzle modules found in the folder (they are code)")
    batch.add_argument("--quiet", action="store_true", help="no progress bar")
    batch.add_argument("--strict", action="store_true",
                       help="refuse puzzles read in part (an error result)")


def cmd_batch(args: argparse.Namespace) -> int:
    if args.jobs < 1:
        raise PuzzleError(f"--jobs must be at least 1, got {args.jobs}")
    if args.resume and not args.out:
        raise PuzzleError("--resume needs --out (the results to continue)")
    if args.out:  # a folder's files are inputs too, and so are the files written for --out
        inputs = input_files(args.input)
        check_out(args.out, inputs, args.force, allowed=args.resume, regular=True)
        partial = _partial_of(args.out)
        for written in (partial, _temporary_of(args.out)):
            check_not_input(args.out, inputs, written=str(written))
        if partial.exists() and not (args.force or args.resume):
            raise PuzzleError(f"{partial} holds an unfinished run; add --resume to continue "
                              "it or --force to start again")
    tasks = batch.read_tasks(args.input, field=args.field, allow_code=args.allow_code)
    kept = _finished_results(args.out) if args.resume else {}
    keys = _keys(tasks)
    todo = [task for task, key in zip(tasks, keys, strict=True) if key not in kept]
    client = executor = None
    if args.scheduler:
        client, executor = _dask_executor(args.scheduler)
    out = sys.stdout
    if args.out:
        try:
            out = open(partial, "a" if args.resume else "w", encoding="utf-8",  # noqa: SIM115
                       errors="backslashreplace")  # a lone surrogate (a file name's byte)
        except OSError as exc:
            raise PuzzleError(f"{partial}: cannot write ({exc.strerror})") from None
    fresh: list[dict[str, Any]] = []
    try:
        stream = batch.run(todo, jobs=args.jobs, time_limit=args.timeout,
                           backend=args.backend, executor=executor,
                           allow_code=args.allow_code, strict=args.strict)
        try:
            for result in _progress(stream, len(todo), quiet=args.quiet):
                fresh.append(result)
                _write_line(out, result, args.out)
        except KeyboardInterrupt:  # between two results: the run still marks the rest
            for result in _rest_of(stream):
                _write_line(out, result, args.out)
            raise
        except OutputError:  # a full disk: stop the workers now, keep what was written
            if hasattr(stream, "close"):
                stream.close()
            raise
    finally:
        if out is not sys.stdout:
            try:
                out.close()
            except OSError as exc:
                raise _write_failed(args.out, exc) from None
        if client is not None:
            client.close()
    results = fresh
    if args.out:
        results = _finish(args.out, partial, keys, kept, fresh, rewrite=args.resume)
    _print_summary(batch.summarise(results))
    return 0


def _write_line(out: Any, result: dict[str, Any], name: str | None) -> None:
    """One result, flushed (to FILE.partial for --out `name`, else to standard output,
    whose own failure is an OutputError already)."""
    try:
        out.write(json.dumps(result, ensure_ascii=False) + "\n")
        out.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise _write_failed(name, exc) from None


def _write_failed(out: str | None, exc: OSError, path: Path | None = None) -> OutputError:
    """A results file could not be written (a full disk): one line naming it; the results
    already flushed to the partial file are kept for --resume."""
    if out is None:
        return stdout_error(exc)
    return OutputError(f"{path or _partial_of(out)}: cannot write ({exc.strerror}); the "
                       f"results so far are kept in {_partial_of(out)}: make room and run "
                       "again with --resume")


def _rest_of(stream: Any) -> Iterator[dict[str, Any]]:
    """After Ctrl-C outside the run (while a result was written): the finished results it
    still holds and an "interrupted" mark for each other puzzle. (Ctrl-C inside the run
    has already yielded them, and this yields nothing.)"""
    try:
        result = stream.throw(KeyboardInterrupt())
        while True:
            yield result
            result = next(stream)
    except (KeyboardInterrupt, StopIteration):
        return


def _partial_of(out: str) -> Path:
    return Path(out + ".partial")


def _temporary_of(out: str) -> Path:
    """Where --resume writes the results in input order before renaming them to --out."""
    return Path(out + ".tmp")


def _keys(tasks: Sequence[Any]) -> list[str]:
    """A key per task, unique in the run: a JSONL line's number and id (ids may repeat in
    a JSONL file), a folder entry's id (its file name), as JSON (so 1 and "1" differ)."""
    return [_key(task.line, task.id) for task in tasks]


def _key(line: Any, id_: Any) -> str:
    return json.dumps(id_ if line is None else [line, id_])


def _finished_results(out: str) -> dict[str, dict[str, Any]]:
    """Results of an earlier run (its finished --out, then its partial file, where a later
    line for an input replaces an earlier one), by key (see _keys); an "interrupted" mark
    or a line cut short by a crash is not a result. A JSONL result without its "line"
    (written before mm recorded it) matches no input, which is run again."""
    kept: dict[str, dict[str, Any]] = {}
    for path in (Path(out), _partial_of(out)):
        if not path.exists():
            continue
        with open(path, encoding="utf-8-sig", errors="replace") as lines:
            for line in lines:
                try:
                    row = json.loads(line)
                except ValueError:
                    continue
                if not (isinstance(row, dict) and "id" in row and "status" in row):
                    continue
                key = _key(row.get("line"), row["id"])
                if row["status"] == "interrupted":
                    kept.pop(key, None)
                else:
                    kept[key] = row
    return kept


def _finish(out: str, partial: Path, keys: list[str], kept: dict[str, dict[str, Any]],
            fresh: list[dict[str, Any]], rewrite: bool) -> list[dict[str, Any]]:
    """Rename the partial file to --out; after --resume, first put the kept and the new
    results back in input order."""
    if not rewrite:
        try:
            os.replace(partial, out)
        except OSError as exc:
            raise _write_failed(out, exc, Path(out)) from None
        return fresh
    new = iter(fresh)
    results = [kept[key] if key in kept else next(new) for key in keys]
    temporary = _temporary_of(out)
    try:
        with open(temporary, "w", encoding="utf-8", errors="backslashreplace") as stream:
            for result in results:
                stream.write(json.dumps(result, ensure_ascii=False) + "\n")
        os.replace(temporary, out)
    except OSError as exc:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise _write_failed(out, exc, temporary) from None
    partial.unlink(missing_ok=True)
    return results


def _dask_executor(address: str):
    try:
        from distributed import Client
    except ImportError:
        raise BackendUnavailable("--scheduler needs dask.distributed: "
                                 "pip install 'mm[cluster]'") from None
    try:
        client = Client(address, timeout=10)
    except Exception as exc:  # a malformed address fails in many ways inside distributed
        raise PuzzleError(f"cannot reach the Dask scheduler at {address!r} "
                          f"({type(exc).__name__}: {' '.join(str(exc).split())})") from None
    return client, client.get_executor()


def _progress(results, total: int, quiet: bool):
    """The results, with a progress bar on standard error while they come."""
    if quiet or not sys.stderr.isatty():
        yield from results
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    columns = ("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True)) as bar:
        job = bar.add_task("solving", total=total)
        for result in results:
            bar.advance(job)
            yield result


def _print_summary(summary: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title="mm batch summary")
    table.add_column("result")
    table.add_column("puzzles", justify="right")
    for status in STATUSES:
        if summary[status] or status not in ("skipped", "interrupted"):
            table.add_row(status, str(summary[status]))
    table.add_row("all", str(summary["puzzles"]), style="bold")
    if summary["checked"]:
        table.add_row("answer as expected", f"{summary['correct']} of {summary['checked']}")
    table.add_row("solver seconds (sum)", f"{summary['seconds']:.1f}")
    table.add_row("slowest puzzle (s)", f"{summary['slowest']:.2f}")
    Console(stderr=True).print(table)


COMMANDS = {"batch": cmd_batch}
