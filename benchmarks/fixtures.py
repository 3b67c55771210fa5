"""Generated benchmark puzzles, kept as plain data modules in benchmarks/data/ so that a
benchmark run does not spend minutes generating them (12x50 takes several minutes).

A data module is an ordinary puzzle module (`build() -> Puzzle`, written by
mm.formats.python_writer; older ones by a template); `mm solve benchmarks/data/gen_12x50_s7.py`
works on it.
"""

from __future__ import annotations

from pathlib import Path

import mm
from mm.formats.python_writer import to_python

DATA = Path(__file__).parent / "data"

def path_for(types: int, nouns: int, seed: int) -> Path:
    return DATA / f"gen_{types}x{nouns}_s{seed}.py"


def write(types: int, nouns: int, seed: int) -> Path:
    """Generate a puzzle and store it as a Python puzzle module (mm's own Python writer)."""
    # generate's own engine (MiniSat): 15x80 in 8 s, 20x100 in 21 s and 30x200 in 290 s of
    # CPU (peak 2.4 GB) since minimal=False posts its clues without assumptions (session 9;
    # 13 s and 50 s before, 30x200 not made in 10 minutes); CaDiCaL, used here before, had
    # not finished 15x80 after 8 minutes
    p = mm.generate(types, nouns, seed=seed, minimal=False)
    path = path_for(types, nouns, seed)
    DATA.mkdir(exist_ok=True)
    path.write_text(to_python(p), encoding="utf-8")
    return path


def load(types: int, nouns: int, seed: int = 7) -> mm.Puzzle:
    """The stored puzzle, generating and storing it first if it is missing."""
    path = path_for(types, nouns, seed)
    if not path.exists():
        write(types, nouns, seed)
    return mm.load(str(path))


if __name__ == "__main__":
    import sys

    for spec in sys.argv[1:] or ["10x30", "12x50"]:
        t, n = (int(v) for v in spec.split("x"))
        print(write(t, n, 7))
