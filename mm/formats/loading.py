"""Find and build puzzles: built-in names, Python puzzle modules (code: run only when the
user names the file), and JSON files (data: parsed, never executed)."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import sys
import traceback
from pathlib import Path
from types import ModuleType

import mm.puzzles
from mm.deadline import Deadline, deadline_of, stopping_at
from mm.errors import BadArgument, EnglishPuzzleError, PuzzleError, PuzzleLoadError
from mm.formats import json_format
from mm.formats.files import describe_kinds, kind_of, read_text
from mm.formats.readers import english_puzzle, read_module
from mm.model.unread import missing_clues
from mm.puzzle import Puzzle


def builtin_names() -> list[str]:
    """Names of the puzzles shipped in mm.puzzles."""
    return sorted(m.name for m in pkgutil.iter_modules(mm.puzzles.__path__)
                  if not m.name.startswith("_"))


def load(name_or_path: str | Path, strict: bool = False,
         time_limit: Deadline | float | None = None) -> Puzzle:
    """A built-in puzzle by name, a Python module defining build(), a .json file, an
    English .txt puzzle or a Mystery Master module. A puzzle read in part lists what was
    left out in `puzzle.not_read`; `strict=True` refuses it instead (PuzzleLoadError).
    With a time limit (seconds, or a job's Deadline), TimeLimitReached once it is spent:
    JSON files check it while reading; English puzzles and modules are stopped at it (a
    Python module's build() is checked when it returns)."""
    if not isinstance(name_or_path, str | Path):
        raise BadArgument(f"load: expected a puzzle name or path, got {name_or_path!r}")
    deadline = deadline_of(time_limit)
    puzzle = _load(str(name_or_path), deadline)
    deadline.check()
    if strict:
        check_strict(puzzle, str(name_or_path))
    return puzzle


def check_strict(puzzle: Puzzle, where: str) -> None:
    """Refuse a partial reading: PuzzleLoadError naming the first clue left out and the
    count (statements that constrain nothing, such as custom wording, pass)."""
    missing = missing_clues(puzzle.not_read)
    if missing:
        more = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
        raise PuzzleLoadError(f"{where}: read in part, {len(missing)} not read (strict): "
                              f"{missing[0]}{more}")


def _load(text: str, deadline: Deadline) -> Puzzle:
    path = Path(text)
    if "\0" in text:
        raise PuzzleLoadError(f"{text!r}: not a puzzle name or path")
    if text in builtin_names():
        module = importlib.import_module(f"mm.puzzles.{text}")
        return _build(module, f"built-in puzzle '{text}'")
    kind = kind_of(path)
    if kind is None and not path.exists():
        raise PuzzleLoadError(
            f"unknown puzzle '{text}': not a built-in puzzle (see 'mm list') and no such file")
    if kind is None:
        raise PuzzleLoadError(f"{text}: not a puzzle file (expected {describe_kinds()})")
    if kind.name == "json":
        return json_format.load(path, deadline)
    if kind.name == "english":
        return _english(path, deadline)
    if kind.name == "module":
        return _module(path, deadline)
    return _build(_import_file(path), str(path))


def _module(path: Path, deadline: Deadline) -> Puzzle:
    """A Mystery Master module, parsed (never run); what it could not translate is listed
    in `not_read` and left out."""
    return read_module(path, deadline)


def _english(path: Path, deadline: Deadline) -> Puzzle:
    """An English zebra puzzle, with its question. The reader cannot look at the clock
    itself, so it is stopped from outside at the deadline."""
    text = read_text(path, deadline)
    try:
        with stopping_at(deadline, f"reading {path}"):
            return english_puzzle(text, name=path.stem)
    except EnglishPuzzleError as exc:
        raise PuzzleLoadError(f"{path}: {exc}") from None


def _import_file(path: Path) -> ModuleType:
    try:
        source = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PuzzleLoadError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise PuzzleLoadError(f"{path}: cannot read the file ({exc})") from None
    try:
        code = compile(source, str(path), "exec")
    except SyntaxError as exc:
        raise PuzzleLoadError(f"{path}:{exc.lineno}: syntax error: {exc.msg}") from None
    module_name = f"mm_user_puzzle_{abs(hash(str(path.resolve())))}"
    module = ModuleType(module_name)
    module.__file__ = str(path)
    sys.modules[module_name] = module
    try:
        exec(code, module.__dict__)
    except PuzzleError:
        raise
    except (Exception, SystemExit) as exc:  # a module's exit() must not end mm
        raise PuzzleLoadError(f"{path}:{_line_in(exc, path)}: {type(exc).__name__}: {exc}") \
            from None
    return module


def _build(module: ModuleType, where: str) -> Puzzle:
    build = getattr(module, "build", None)
    if not callable(build):
        raise PuzzleLoadError(f"{where}: defines no build() function")
    try:
        puzzle = build()
    except PuzzleError:
        raise
    except (Exception, SystemExit) as exc:  # a module's exit() must not end mm
        file = getattr(module, "__file__", None)
        line = _line_in(exc, Path(file)) if file else "?"
        raise PuzzleLoadError(f"{where}:{line}: build() failed: {type(exc).__name__}: {exc}") \
            from None
    if not isinstance(puzzle, Puzzle):
        raise PuzzleLoadError(f"{where}: build() returned {type(puzzle).__name__}, not a Puzzle")
    return puzzle


def _line_in(exc: BaseException, path: Path) -> str:
    """The line of `path` where the exception was raised, for a one-line message."""
    line = "?"
    for frame in traceback.extract_tb(exc.__traceback__):
        if Path(frame.filename) == path:
            line = str(frame.lineno)
    return line
