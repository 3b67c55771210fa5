"""Where a command writes: never over its input, nor over an existing file unless asked."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from mm.errors import PuzzleError


def same_file(a: str | Path, b: str | Path) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve() or os.path.samefile(a, b)
    except OSError:
        return False


def check_out(out: str, inputs: Sequence[str], force: bool, allowed: bool = False) -> None:
    """Refuse to write over an input, or over an existing file unless --force (or
    `allowed`, as with --resume)."""
    for source in inputs:
        if same_file(out, source):
            raise PuzzleError(f"--out {out} is the input file; choose another name")
    if Path(out).is_dir():
        raise PuzzleError(f"--out {out} is a folder")
    if Path(out).exists() and not (force or allowed):
        raise PuzzleError(f"--out {out} exists; add --force to write over it")
