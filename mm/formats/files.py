"""Puzzle files: the one table of the kinds of file mm reads, and reading their text.

`mm.load`, batch and the command line's help all use `FILE_KINDS`, so a new format is
added in one place.
"""

from __future__ import annotations

import stat
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mm.deadline import Deadline, deadline_of
from mm.errors import PuzzleLoadError, TimeLimitReached


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


def read_text(path: str | Path, time_limit: Deadline | float | None = None) -> str:
    """A puzzle file's text (a leading BOM dropped), or a one-line error saying why it
    cannot be read. With a time limit, a file that is not a regular file (a named pipe
    with no writer yet, a device) is waited for only until the limit."""
    deadline = deadline_of(time_limit)
    try:
        if deadline.time_limit is not None and not _regular(path):
            data = _read_waiting(Path(path), deadline)
        else:
            data = Path(path).read_bytes()
        text = data.decode("utf-8")
    except TimeLimitReached:  # a TimeoutError, so an OSError too: not "cannot read"
        raise
    except IsADirectoryError:
        raise PuzzleLoadError(f"{path}: is a folder, not a puzzle file") from None
    except OSError as exc:
        raise PuzzleLoadError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise PuzzleLoadError(f"{path}: not a UTF-8 text file") from None
    return text.replace("\r\n", "\n").replace("\r", "\n").removeprefix("\ufeff")


def _regular(path: str | Path) -> bool:
    try:
        return stat.S_ISREG(Path(path).stat().st_mode)
    except OSError:
        return True  # let the read itself say why it cannot be done


def _read_waiting(path: Path, deadline: Deadline) -> bytes:
    """Read in a helper thread, waiting only until the deadline: opening and reading a
    pipe block in C, where nothing else could stop them. On time-out the helper thread is
    left blocked (a daemon: it does not keep the program alive)."""
    result: dict[str, Any] = {}

    def read() -> None:
        try:
            result["data"] = path.read_bytes()
        except OSError as exc:
            result["error"] = exc

    reader = threading.Thread(target=read, name=f"mm-read-{path.name}", daemon=True)
    reader.start()
    reader.join(deadline.remaining())
    if reader.is_alive():
        raise TimeLimitReached(f"time limit of {deadline.time_limit:g} s reached while "
                               f"waiting to read {path}")
    if "error" in result:
        raise result["error"]
    return bytes(result["data"])
