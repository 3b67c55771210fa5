"""Where a command writes: never over its input, nor over an existing file unless asked.

Every option that writes a file (--out of export, import, generate and batch; --html of
solve, verify and explain) goes through check_out before any work, and the direct writers
through write_out, which writes the file only if it is still not there (unless --force).
An existing device or FIFO (/dev/null, /dev/stdout) is not a file whose contents could be
lost: writing to it needs no --force.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mm.errors import PuzzleError


class OutputError(PuzzleError):
    """Writing the command's output failed (a full disk): one line naming where."""

    def __init__(self, message: str, stdout: bool = False):
        super().__init__(message)
        self.stdout = stdout  # standard output failed: its unwritten rest is to be dropped


class StandardOutput:
    """sys.stdout while a command runs: a failed write or flush (a full disk, a quota; not a
    closed pipe, which the command line ends quietly) is an OutputError naming standard
    output instead of an internal error. Everything else is the stream's own."""

    def __init__(self, stream: Any):
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise stdout_error(exc) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise stdout_error(exc) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def stdout_error(exc: OSError) -> OutputError:
    """Standard output could not be written: one line saying so."""
    return OutputError(f"standard output: cannot write ({exc.strerror or exc})", stdout=True)


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether two paths name one file: the same path once links are followed, or the
    same file on disk (a hard link)."""
    return _Target(a).matches(b)


class _Target:
    """A path to write, resolved once, to compare with many inputs (a folder's files)."""

    def __init__(self, path: str | Path):
        self.real = os.path.realpath(path)
        self.inode = _inode(path)

    def matches(self, other: str | Path) -> bool:
        if os.path.realpath(other) == self.real:
            return True
        return self.inode is not None and _inode(other) == self.inode


def _inode(path: str | Path) -> tuple[int, int] | None:
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return found.st_dev, found.st_ino


def input_files(source: str | Path) -> list[str]:
    """The paths a command reads from `source`: the file itself, or a folder and each of its
    entries (mm batch reads a folder's files)."""
    path = Path(source)
    found = [str(path)]
    if path.is_dir():
        try:
            found += [str(entry) for entry in path.iterdir()]
        except OSError:
            pass  # the reader says why it cannot list it
    return found


def check_not_input(out: str, inputs: Sequence[str | Path], option: str = "--out",
                    written: str | None = None) -> None:
    """Refuse `out`, or `written` (another file the command writes for it, such as
    FILE.partial), when it is one of the inputs, also through a symbolic or hard link."""
    target, extra = _Target(out), None if written is None else _Target(written)
    for source in inputs:
        if extra is not None and extra.matches(source):
            raise PuzzleError(f"{option} {out} would write {written}, which is an input "
                              "file; choose another name")
        if target.matches(source):
            which = "" if str(source) == out else f" ({source})"
            raise PuzzleError(f"{option} {out} is an input file{which}; choose another name")


def check_out(out: str, inputs: Sequence[str | Path], force: bool, allowed: bool = False,
              option: str = "--out", regular: bool = False) -> None:
    """Refuse to write over an input, or over an existing file unless --force (or
    `allowed`, as with --resume). `regular`: the command replaces `out` by renaming a file
    over it, so it must be a regular file (or not exist yet), never a device."""
    check_not_input(out, inputs, option)
    path = Path(out)
    if path.is_dir():
        raise PuzzleError(f"{option} {out} is a folder")
    if regular and path.exists() and not path.is_file():
        raise PuzzleError(f"{option} {out} is not a regular file (the results are "
                          f"written to {out}.partial, then renamed to it); choose a file")
    if _holds_data(path) and not (force or allowed):
        raise PuzzleError(f"{option} {out} exists; add --force to write over it")


def write_out(out: str, text: str, force: bool, option: str = "--out") -> None:
    """Write `text` to `out` (checked by check_out before): without --force, only if the
    file is still not there (it may have appeared while the command ran). A failure (a full
    disk, a missing folder) is a one-line error naming the file."""
    mode = "w" if force or _exists_not_regular(Path(out)) else "x"
    try:
        with open(out, mode, encoding="utf-8", errors="backslashreplace") as stream:
            stream.write(text)
    except FileExistsError:
        raise PuzzleError(f"{option} {out} exists; add --force to write over it") from None
    except IsADirectoryError:
        raise PuzzleError(f"{option} {out} is a folder") from None
    except OSError as exc:
        raise PuzzleError(f"{out}: cannot write ({exc.strerror})") from None


def _holds_data(path: Path) -> bool:
    """An existing regular file (through links): writing over it would lose its contents."""
    return path.is_file()


def _exists_not_regular(path: Path) -> bool:
    try:
        mode = path.stat().st_mode
    except (OSError, ValueError):
        return False
    return not stat.S_ISREG(mode)
