"""The `mm` command line.

Exit status: 0 success (verify: unique), 1 no solution, 2 bad input or usage,
3 more than one solution (verify), 4 time limit reached before an answer, 130 Ctrl-C.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import sys
import time
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from mm import backends
from mm.app.outputs import OutputError, StandardOutput, check_out, write_out
from mm.app.stopping import stop_helpers
from mm.deadline import Deadline, check_time_limit, stated
from mm.errors import EnglishPuzzleError, PuzzleError, TimeLimitReached
from mm.formats.files import describe_kinds, kind_of, read_text
from mm.formats.json_format import too_long_number
from mm.formats.loading import builtin_names, load
from mm.formats.readers import parse_english, read_module
from mm.model import html
from mm.model.grids import mark_from_dict
from mm.model.question import answer_text, answers
from mm.model.serialize import to_json, to_json_text
from mm.model.text import clue_label
from mm.model.unread import missing_clues
from mm.puzzle import Puzzle

EXIT_OK, EXIT_NONE, EXIT_BAD_INPUT, EXIT_MULTIPLE, EXIT_TIMEOUT = 0, 1, 2, 3, 4
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report Ctrl-C


PUZZLE_HELP = f"a built-in name (mm list), or a file: {describe_kinds()}"


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"mm: error: {message} (see 'mm --help')\n")


# Commands whose module is imported only when that command runs: generating loads the
# generator, the grader and the writers, batch the worker pool and multiprocessing, which
# `mm solve` does not need (name -> module, help).
_LAZY_COMMANDS = {
    "generate": ("mm.app.generating", "make a new puzzle with exactly one solution"),
    "grade": ("mm.app.generating", "how hard a puzzle is (easy, medium, hard, fiendish)"),
    "batch": ("mm.app.batch_command", "solve a folder of puzzles or a JSONL of English "
                                      "puzzles in parallel"),
}


def _command_of(argv: Sequence[str]) -> str | None:
    """The subcommand named on the command line (the first word that is not an option)."""
    return next((a for a in argv if not a.startswith("-")), None)


def _parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line; a lazy command's own options are added only when it is `command`."""
    parser = _Parser(prog="mm", description="Solve and check logic-grid puzzles.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    common = _Parser(add_help=False)
    common.add_argument("puzzle", help=PUZZLE_HELP)
    common.add_argument("--backend", default="auto", choices=["auto", *backends.names()])
    common.add_argument("--json", action="store_true", help="print JSON")
    common.add_argument("--time-limit", type=_seconds("--time-limit"), default=None,
                        metavar="SECONDS", help="for the whole command, loading included "
                        "('inf': none)")
    common.add_argument("--strict", action="store_true",
                        help="refuse a puzzle read in part (a clue or statement not read)")

    lister = sub.add_parser("list", help="list the built-in puzzles")
    lister.add_argument("--json", action="store_true")
    solver = sub.add_parser("solve", parents=[common], help="print a solution")
    solver.add_argument("--html", default=None, metavar="FILE",
                        help="also write the puzzle and its solution as an HTML page")
    _add_force(solver, "--html")
    counter = sub.add_parser("count", parents=[common], help="count the solutions")
    counter.add_argument("--limit", type=int, default=None, help="stop counting at N")
    how = counter.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true",
                     help="count with the Ganak model counter, without enumerating")
    how.add_argument("--approx", action="store_true",
                     help="estimate with ApproxMC (within 1.8x with probability 0.8)")
    verifier = sub.add_parser("verify", parents=[common], help="unique, multiple or none")
    verifier.add_argument("--no-minimal", action="store_true",
                          help="skip the minimal subset of clues (slow on large puzzles)")
    verifier.add_argument("--html", default=None, metavar="FILE",
                          help="also write the puzzle and the report as an HTML page")
    _add_force(verifier, "--html")

    explainer = sub.add_parser("explain", parents=[common],
                               help="the steps that fill the grids, each with its reason")
    explainer.add_argument("--html", default=None, metavar="FILE",
                           help="also write the puzzle and the steps as an HTML page")
    _add_force(explainer, "--html")
    hinter = sub.add_parser("hint", parents=[common],
                            help="check a partly filled grid, or give the next step")
    hinter.add_argument("--marks", required=True, metavar="FILE",
                        help="a JSON list of marks {noun1, noun2, mark: O|X} ('-': stdin)")

    export = sub.add_parser("export", help="write a puzzle as an mm JSON puzzle file")
    export.add_argument("puzzle", help=PUZZLE_HELP)
    export.add_argument("--to", default="json", choices=["json"], help="the format")
    export.add_argument("--out", default=None, metavar="FILE",
                        help="write here (default: standard output)")
    export.add_argument("--force", action="store_true", help="write over an existing --out")

    importer = sub.add_parser("import", help="read a Mystery Master module (.js/.java) "
                                             "into an mm JSON puzzle, without running it")
    importer.add_argument("module", help="the puzzle module file")
    importer.add_argument("--out", default=None, metavar="FILE",
                          help="the JSON puzzle to write (default: the module's name with "
                               ".json; '-' for standard output)")
    importer.add_argument("--force", action="store_true",
                          help="write over an existing --out")

    reader = sub.add_parser("read", help="show every clue of an English puzzle beside the "
                                         "fact or rule it became, or why it was not read")
    reader.add_argument("puzzle", help="an English puzzle (.txt)")
    reader.add_argument("--json", action="store_true", help="print JSON")

    for name, (module, text) in _LAZY_COMMANDS.items():
        if name == command:
            importlib.import_module(module).add_parser(sub, name, text, PUZZLE_HELP,
                                                       backends.names(), _seconds)
        else:
            sub.add_parser(name, help=text)
    return parser


def _add_force(parser: argparse.ArgumentParser, option: str) -> None:
    parser.add_argument("--force", action="store_true",
                        help=f"write over an existing {option} file (never over an input)")


def _seconds(option: str):
    """argparse type of a time limit: a positive number of seconds; 'inf' (or more than
    mm.deadline.NO_LIMIT_ABOVE) is no limit; nan, zero and negative values are refused."""

    def parse(text: str) -> float | None:
        try:
            return check_time_limit(float(text), option)
        except (ValueError, PuzzleError):
            raise argparse.ArgumentTypeError(
                f"{option} must be a positive number of seconds or 'inf', got {text!r}") \
                from None

    parse.__name__ = option  # argparse names the type in its messages
    return parse


def main(argv: Sequence[str] | None = None) -> int:
    """Run one `mm` command; its exit status. Python warnings about the input (a duplicate
    fact) become "mm: warning:" lines after it, a few of each kind and a count of the rest,
    none when the input is refused (status 2 is one line)."""
    for stream in (sys.stdout, sys.stderr):  # names read from files may not be encodable
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    stdout, sys.stdout = sys.stdout, StandardOutput(sys.stdout)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            code = _main(argv)
    finally:
        sys.stdout = stdout
    if code != EXIT_BAD_INPUT:
        _print_warnings(caught)
    return code


WARNINGS_SHOWN = 3  # of each kind; the others are counted


def _print_warnings(caught: Sequence[warnings.WarningMessage]) -> None:
    """Each warning once; of a kind (the words before the first colon: "This fact already
    exists"), the first WARNINGS_SHOWN, then how many more (thousands of duplicate facts
    are four lines, not thousands)."""
    kinds: dict[str, list[str]] = {}
    for message in dict.fromkeys(_one_line(Exception(str(w.message))) for w in caught):
        kinds.setdefault(message.split(":", 1)[0], []).append(message)
    for kind, messages in kinds.items():
        for message in messages[:WARNINGS_SHOWN]:
            print(f"mm: warning: {message}", file=sys.stderr)
        if len(messages) > WARNINGS_SHOWN:
            print(f"mm: warning: ... and {len(messages) - WARNINGS_SHOWN} more like these "
                  f"({kind})", file=sys.stderr)


def _main(argv: Sequence[str] | None) -> int:
    args = None
    try:
        argv = sys.argv[1:] if argv is None else list(argv)
        args = _parser(_command_of(argv)).parse_args(argv)
        code = _command(args.command)(args)
        sys.stdout.flush()  # here, where a full disk is one line (not at exit)
        return code
    except OutputError as exc:  # a full disk: say where, drop what cannot be written
        print(f"mm: error: {_one_line(exc)}", file=sys.stderr)
        if exc.stdout:
            _drop_stdout()
        return EXIT_BAD_INPUT
    except TimeLimitReached as exc:
        print(f"mm: {stated(exc, getattr(args, 'time_limit', None))}", file=sys.stderr)
        return EXIT_TIMEOUT
    except PuzzleError as exc:
        print(f"mm: error: {_one_line(exc)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("mm: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return _closed_pipe()
    except RecursionError:
        print("mm: error: the input is nested too deeply to process", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as exc:  # a bug in mm: still one line unless asked for the traceback
        if os.environ.get("MM_DEBUG"):
            raise
        print(f"mm: internal error: {type(exc).__name__}: {exc} (set MM_DEBUG=1 for details)",
              file=sys.stderr)
        return 70


def run() -> NoReturn:
    """The `mm` program (mm.app.program.run): main(), then exit. After
    Ctrl-C or a time limit it exits at once, without the interpreter's clean-up, which
    takes most of a second on a busy machine (or waits for a solver import still running
    in a helper thread): the results and messages are written and flushed by then."""
    code = main()
    if code == EXIT_INTERRUPTED:
        stop_helpers()
    if code in (EXIT_INTERRUPTED, EXIT_TIMEOUT):
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(code)
    sys.exit(code)


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def _closed_pipe() -> int:
    """The reader of standard output went away (`mm list | head -1`): end quietly, and
    point stdout at /dev/null so the interpreter's final flush does not complain."""
    _drop_stdout()
    return EXIT_OK


def _drop_stdout() -> None:
    """Point standard output at /dev/null: what it still holds is dropped quietly at exit."""
    try:
        fileno = sys.stdout.fileno()
    except (OSError, ValueError, AttributeError):  # not a file (a test's StringIO)
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fileno)
    os.close(devnull)


def _print_json(data: Any) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def _load(args: argparse.Namespace) -> tuple[Puzzle, Deadline]:
    """The puzzle, with one line on stderr per statement that was not read, and the
    command's one time budget (loading has drawn on it already)."""
    deadline = Deadline(args.time_limit)
    puzzle = load(args.puzzle, strict=args.strict, time_limit=deadline)
    if puzzle.not_read:
        try:  # what was not read may be why the rest is not a puzzle: one line says both
            puzzle.validate()
        except PuzzleError as exc:
            raise type(exc)(f"{args.puzzle}: {_one_line(exc)} ({len(puzzle.not_read)} "
                            f"statement(s) not read, the first: {puzzle.not_read[0]})") \
                from None
    _print_not_read(puzzle)
    return puzzle, deadline


def _options(args: argparse.Namespace, deadline: Deadline) -> dict[str, Any]:
    return {"backend": args.backend, "time_limit": deadline.remaining()}


def _print_not_read(puzzle: Puzzle) -> None:
    for item in puzzle.not_read:
        print(f"mm: not read: {item}", file=sys.stderr)


def _not_read_json(puzzle: Puzzle) -> list[dict[str, str]]:
    return [item.to_dict() for item in puzzle.not_read]


def _heading(puzzle: Puzzle) -> str:
    return f"{puzzle.title} ({puzzle.name})"


def cmd_list(args: argparse.Namespace) -> int:
    rows: list[dict[str, Any]] = []
    for name in builtin_names():
        puzzle = load(name)
        rows.append({"name": name, "title": puzzle.title,
                     "types": len(puzzle.noun_types),
                     "nouns": len(puzzle.noun_types[0].nouns),
                     "facts": len(puzzle.facts), "rules": len(puzzle.rules)})
    if args.json:
        _print_json(rows)
        return EXIT_OK
    width = max(len(r["name"]) for r in rows)
    for r in rows:
        print(f"{r['name']:<{width}}  {r['title']}  "
              f"({r['types']}x{r['nouns']}, {r['facts']} facts, {r['rules']} rules)")
    return EXIT_OK


def _check_html(args: argparse.Namespace) -> None:
    """Before any work: --html names no input and, without --force, no existing file."""
    if args.html:
        check_out(args.html, [args.puzzle], args.force, option="--html")


def cmd_solve(args: argparse.Namespace) -> int:
    _check_html(args)
    puzzle, deadline = _load(args)
    start = time.perf_counter()
    several = False
    if missing_clues(puzzle.not_read):
        # read in part: one solution of several would be a guess, so say there are several
        found = list(puzzle.solutions(limit=2, **_options(args, deadline)))
        if len(found) > 1:
            return _partial_not_unique(args, puzzle, time.perf_counter() - start)
        solution = found[0] if found else None
    elif puzzle.questions:
        # an answer read off one solution of several would be a guess: answer when unique
        found = list(puzzle.solutions(limit=2, **_options(args, deadline)))
        solution = found[0] if found else None
        several = len(found) > 1
    else:
        solution = puzzle.solve(**_options(args, deadline))
    seconds = time.perf_counter() - start
    if args.html:
        shown = [html.status_html("no solution")] if solution is None else [
            html.solution_html(solution, caption="Solution")]
        _write_html(args, puzzle, *shown)
    if args.json:
        data: dict[str, Any] = {"puzzle": puzzle.name, "title": puzzle.title,
                                "status": "none" if solution is None else "solved",
                                "solution": None, "encoded": None,
                                "seconds": round(seconds, 6),
                                "not_read": _not_read_json(puzzle)}
        if solution is not None:
            data["solution"] = solution.to_dict()
            data["encoded"] = solution.encoded()
            if puzzle.question is not None:  # the first question, and every one
                data["question"] = puzzle.question.text
                data["answer"] = None if several else puzzle.question.answer(solution)
                data["answers"] = None if several else answers(puzzle.questions, solution)
                data["unique"] = not several
            if puzzle.answer is not None:
                data["matches_answer"] = puzzle.check_answer(solution)
        _print_json(data)
    elif solution is None:
        print(f"{_heading(puzzle)}: no solution")
    else:
        print(_heading(puzzle))
        print()
        print(solution.chart())
        if puzzle.questions:
            print()
        for question in puzzle.questions:
            told = "not answered: the puzzle has more than one solution (mm verify says " \
                "which clues leave it open)" if several else \
                answer_text(question.answer(solution))
            print(f"{question.text}? {told}")
        if puzzle.answer is not None and not puzzle.check_answer(solution):
            print("\nNote: this solution differs from the puzzle's encoded answer.")
    return EXIT_NONE if solution is None else EXIT_MULTIPLE if several else EXIT_OK


def _partial_not_unique(args: argparse.Namespace, puzzle: Puzzle, seconds: float) -> int:
    n = len(missing_clues(puzzle.not_read))
    if args.json:
        _print_json({"puzzle": puzzle.name, "title": puzzle.title, "status": "multiple",
                     "solution": None, "encoded": None, "seconds": round(seconds, 6),
                     "not_read": _not_read_json(puzzle)})
    else:
        print(f"{_heading(puzzle)}: more than one solution without the {n} statement(s) "
              "not read; no answer is given")
    return EXIT_MULTIPLE


def cmd_count(args: argparse.Namespace) -> int:
    if args.limit is not None and args.limit < 1:
        raise PuzzleError(f"--limit must be at least 1, got {args.limit}")
    puzzle, deadline = _load(args)
    n = puzzle.count(limit=args.limit, exact=args.exact, approx=args.approx,
                     **_options(args, deadline))
    at_limit = args.limit is not None and n >= args.limit
    if args.json:
        _print_json({"puzzle": puzzle.name, "count": n, "at_limit": at_limit,
                     "not_read": _not_read_json(puzzle)})
    else:
        print(f"{n}+" if at_limit else n)
    return EXIT_OK


_VERIFY_EXIT = {"unique": EXIT_OK, "none": EXIT_NONE, "multiple": EXIT_MULTIPLE,
                "unknown": EXIT_TIMEOUT}


def cmd_verify(args: argparse.Namespace) -> int:
    _check_html(args)
    puzzle, deadline = _load(args)
    report = puzzle.verify(minimal=not args.no_minimal, **_options(args, deadline))
    if args.html:
        _write_html(args, puzzle, html.report_html(report))
    if args.json:
        _print_json({"puzzle": puzzle.name, **report.to_dict(),
                     "not_read": _not_read_json(puzzle)})
        return _VERIFY_EXIT[report.status]
    print(f"{_heading(puzzle)}: {report.status} ({report.seconds:.3f} s)")
    if report.status == "multiple":
        print("\nTwo solutions differ in these cells (first / second):")
        _print_grid(puzzle, {(d.row.index, d.noun_type.index): f"{d.first.title} / "
                             f"{d.second.title}" for d in report.diff})
        fixed = {(c.row.index, c.noun_type.index): c.noun.title for c in report.backbone or []}
        print(f"\nCells fixed in every solution ({len(fixed)} of "
              f"{len(fixed) + len(report.open_cells or [])}; '?' is open):")
        _print_grid(puzzle, fixed, missing="?")
    elif report.status == "none":
        print("\nThese clues cannot all hold (a minimal conflicting set):")
        for item in report.conflict or []:
            print(f"  - {item.text}")
    elif report.status == "unique" and report.redundant:
        print("\nClues implied by the others (each could be dropped on its own):")
        for item in report.redundant:
            print(f"  - {item.text}")
        if report.minimal is not None:
            print(f"A minimal set keeps {len(report.minimal)} of "
                  f"{len(puzzle.facts) + len(puzzle.rules)} facts and rules.")
    elif report.status == "unknown":
        print("The time limit ran out before the solver could decide.")
    return _VERIFY_EXIT[report.status]


_EXPLAIN_EXIT = {"complete": EXIT_OK, "no solution": EXIT_NONE, "not unique": EXIT_MULTIPLE,
                 "time limit": EXIT_TIMEOUT}
GRID_EVERY = 25  # steps between two grids in the readable explanation


def cmd_explain(args: argparse.Namespace) -> int:
    _check_html(args)
    puzzle, deadline = _load(args)
    ex = puzzle.explain(**_options(args, deadline))
    if args.html:
        _write_html(args, puzzle, ex.to_html())
    if args.json:
        _print_json({**ex.to_dict(), "not_read": _not_read_json(puzzle)})
        return _EXPLAIN_EXIT[ex.status]
    print(f"{_heading(puzzle)}: {len(ex.steps)} steps, {ex.status} ({ex.seconds:.2f} s)")
    texts = _clue_texts(puzzle)
    for number, step in enumerate(ex.steps, 1):
        print()
        _print_step(number, step, texts)
        if number % GRID_EVERY == 0 and number < len(ex.steps):
            print(f"\nThe grids after step {number}:\n")
            print(ex.grids(number))
    print(f"\nThe grids at the end ({ex.status}):\n")
    print(ex.grids())
    if ex.status == "no solution":
        print("\nThese clues cannot all hold: " + ", ".join(ex.conflict))
    elif ex.status == "not unique":
        print("\nNo step is left: the puzzle has more than one solution.")
    elif ex.status == "time limit":
        print("\nThe time limit ran out; these are the steps so far.")
    return _EXPLAIN_EXIT[ex.status]


def _clue_texts(puzzle: Puzzle) -> dict[str, list[str]]:
    texts: dict[str, list[str]] = {}
    for clue, text in [(f.clue, f.text) for f in puzzle.facts] + \
            [(r.clue, r.text) for r in puzzle.rules]:
        texts.setdefault(clue, []).append(text)
    return texts


def _print_step(number: int, step: Any, texts: dict[str, list[str]]) -> None:
    print(f"{number}. [{step.kind}, level {step.level}] {step.text}")
    for label in step.clues:
        lines = texts.get(label, [])
        shown = lines[:3] + ([f"... ({len(lines) - 3} more)"] if len(lines) > 3 else [])
        for line in shown:
            print(f"     {line}")
    print("     marks: " + ", ".join(str(m) for m in step.marks))


def _read_marks(puzzle: Puzzle, path: str, deadline: Deadline) -> list[Any]:
    try:
        if path == "-" and not os.path.exists("/dev/stdin"):
            raw = sys.stdin.read()
        else:  # standard input too is waited for only until the time limit
            raw = read_text("/dev/stdin" if path == "-" else path, deadline)
    except TimeLimitReached:
        raise
    except PuzzleError as exc:  # read_text's own one-line error
        raise PuzzleError(str(exc).replace(": cannot read", ": cannot read the marks", 1)) \
            from None
    except OSError as exc:
        raise PuzzleError(f"{path}: cannot read the marks ({exc.strerror})") from None
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise PuzzleError(f"{path}: not JSON ({exc.msg} at line {exc.lineno})") from None
    except ValueError as exc:
        raise PuzzleError(f"{path}: {too_long_number(exc)}") from None
    if not isinstance(data, list):
        raise PuzzleError(f"{path}: expected a JSON list of marks")
    return [mark_from_dict(puzzle, item, f"{path}: marks[{k}]") for k, item in enumerate(data)]


def _labels(labels: list[str]) -> str:
    return ", ".join(clue_label(label) or label for label in labels) or "the grid itself"


def cmd_hint(args: argparse.Namespace) -> int:
    puzzle, deadline = _load(args)
    marks = _read_marks(puzzle, args.marks, deadline)
    found = puzzle.hint(marks, **_options(args, deadline))
    if args.json:
        _print_json({"status": found.status,
                     "wrong": [{"mark": m.to_dict(), "clues": c} for m, c in found.wrong],
                     "step": None if found.step is None else found.step.to_dict(),
                     "not_read": _not_read_json(puzzle)})
    elif found.status == "no solution":
        print(f"{_heading(puzzle)}: the puzzle has no solution, so no hint can help.")
    elif found.wrong:
        print(f"{len(found.wrong)} of your marks cannot be right:")
        for mark, labels in found.wrong:
            print(f"  - {mark}: ruled out by {_labels(labels)}")
    elif found.status == "not unique":
        print("Nothing more follows: the open cells differ between the puzzle's solutions.")
    elif found.step is None:
        print("Every cell is marked: the grid is complete.")
    else:
        print("Next step:")
        _print_step(1, found.step, _clue_texts(puzzle))
    if found.status == "no solution" or found.wrong:
        return EXIT_NONE
    return EXIT_OK


def _write_html(args: argparse.Namespace, puzzle: Puzzle, *shown: str) -> None:
    """A standalone page: the puzzle, then what the command found (mm.model.html)."""
    text = html.page(puzzle.title, html.puzzle_html(puzzle), *shown)
    write_out(args.html, text, args.force, option="--html")
    print(f"wrote {args.html}", file=sys.stderr)


def cmd_export(args: argparse.Namespace) -> int:
    if args.out:
        check_out(args.out, [args.puzzle], args.force)
    puzzle = load(args.puzzle)
    puzzle.validate()  # what every command refuses to load is not written either
    if args.out:
        write_out(args.out, to_json_text(puzzle), args.force)
        print(f"wrote {args.out}", file=sys.stderr)
    else:
        _print_json(to_json(puzzle))
    return EXIT_OK


def cmd_import(args: argparse.Namespace) -> int:
    kind = kind_of(args.module)
    if kind is None or kind.name != "module":
        raise PuzzleError(f"{args.module}: not a Mystery Master module (.js, .mjs or .java); "
                          "other puzzle files are read by mm solve / mm export directly")
    out = args.out or str(Path(args.module).with_suffix(".json"))
    if out != "-":
        check_out(out, [args.module], args.force)
    puzzle = read_module(args.module)
    _print_not_read(puzzle)  # and recorded in the JSON, so `mm solve` on it says so too
    if out == "-":
        _print_json(to_json(puzzle))
    else:
        write_out(out, to_json_text(puzzle), args.force)
        print(f"wrote {out}: {len(puzzle.noun_types)} noun types, {len(puzzle.facts)} facts, "
              f"{len(puzzle.rules)} rules; {len(puzzle.not_read)} items not read",
              file=sys.stderr)
    return EXIT_OK


def cmd_read(args: argparse.Namespace) -> int:
    path = Path(args.puzzle)
    kind = kind_of(str(path))
    if kind is None or kind.name != "english":
        raise PuzzleError(f"{path}: mm read takes an English puzzle (.txt)")
    try:
        english = parse_english(read_text(path), name=path.stem)
    except EnglishPuzzleError as exc:
        raise PuzzleError(f"{path}: {exc}") from None
    puzzle = english.puzzle
    if args.json:
        _print_json({
            "puzzle": puzzle.name,
            "lists": {t.name: [n.name for n in t.nouns] for t in puzzle.noun_types},
            "clues": [{"where": r.where, "text": r.text, "read": not r.reason,
                       "became": r.became, "reason": r.reason} for r in english.readings],
            "not_read": [n.to_dict() for n in english.not_read],
            "not_used": [n.to_dict() for n in english.unused],
            "questions": [q.text for q in english.questions]})
        return EXIT_OK
    for t in puzzle.noun_types:
        print(f"{t.name}: {', '.join(n.name for n in t.nouns)}")
    print()
    for r in english.readings:
        print(f"{r.where}: {r.text}")
        for line in r.became:
            print(f"    -> {line}")
        if r.reason:
            print(f"    {'' if not r.used else 'NOT READ: '}{r.reason}")
    for q in english.questions:
        print(f"\nquestion ({q.kind}): {q.text}?")
    read = sum(1 for r in english.readings if not r.reason)
    unused = sum(1 for r in english.readings if not r.used)
    print(f"\n{read} clues read, {len(english.readings) - read - unused} not read, "
          f"{unused} not used")
    return EXIT_OK


def _print_grid(puzzle: Puzzle, cells: dict[tuple[int, int], str], missing: str = "") -> None:
    """A small chart: first-type nouns down, other types across."""
    types = puzzle.noun_types
    rows = [[types[0].name] + [t.name for t in types[1:]]]
    for row, noun in enumerate(types[0].nouns):
        rows.append([noun.title] + [cells.get((row, t), missing) for t in range(1, len(types))])
    widths = [max(len(r[c]) for r in rows) for c in range(len(types))]
    for line in rows:
        print("  " + "  ".join(v.ljust(w) for v, w in zip(line, widths, strict=True)).rstrip())


_COMMANDS = {"list": cmd_list, "solve": cmd_solve, "count": cmd_count, "verify": cmd_verify,
             "explain": cmd_explain, "hint": cmd_hint,
             "export": cmd_export, "import": cmd_import, "read": cmd_read}


def _command(name: str) -> Any:
    """The function that runs a command, importing a lazy command's module."""
    if name in _LAZY_COMMANDS:
        return importlib.import_module(_LAZY_COMMANDS[name][0]).COMMANDS[name]
    return _COMMANDS[name]

if __name__ == "__main__":
    sys.exit(main())
