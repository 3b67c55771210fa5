"""Puzzle files: the one table of the kinds of file mm reads, and reading their text.

`mm.load`, batch and the command line's help all use `FILE_KINDS`, so a new format is
added in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mm.errors import PuzzleLoadError


@dataclass(frozen=True)
class FileKind:
    """A kind of puzzle file: its suffixes, and whether it is code (run only when named)."""
    name: str  # "json", "english", "module", "python"
    suffixes: tuple[str, ...]
    description: str
    is_code: bool = False  # run when named by the user; never picked up from a folder


FILE_KINDS: tuple[FileKind, ...] = (
    FileKind("json", (".json",), "a .json puzzle"),
    FileKind("english", (".txt",), "an English .txt puzzle"),
    FileKind("module", (".js", ".mjs", ".java"), "a Mystery Master .js/.java module"),
    FileKind("python", (".py",), "a .py puzzle module (code)", is_code=True),
)


def kind_of(path: str | Path) -> FileKind | None:
    """The kind of puzzle file by its suffix, or None."""
    suffix = Path(path).suffix.lower()
    return next((k for k in FILE_KINDS if suffix in k.suffixes), None)


def suffixes(allow_code: bool = False) -> tuple[str, ...]:
    """Suffixes of puzzle files; code (.py) only when allowed."""
    return tuple(s for k in FILE_KINDS if allow_code or not k.is_code for s in k.suffixes)


def describe_kinds() -> str:
    """The kinds for help texts: "a .json puzzle, an English .txt puzzle, ..."."""
    return ", ".join(k.description for k in FILE_KINDS)


def read_text(path: str | Path) -> str:
    """A puzzle file's text (a leading BOM dropped), or a one-line error saying why it
    cannot be read."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except IsADirectoryError:
        raise PuzzleLoadError(f"{path}: is a folder, not a puzzle file") from None
    except OSError as exc:
        raise PuzzleLoadError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise PuzzleLoadError(f"{path}: not a UTF-8 text file") from None
    return text.removeprefix("\ufeff")
