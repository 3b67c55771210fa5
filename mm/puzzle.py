"""`Puzzle`, the class users hold: the model's data and validation (PuzzleData) plus the
questions one asks of a puzzle - solve, count, is it unique, is it well-posed - and saving.

It sits above the analysis layer, as a modelling library's model sits above its solvers:
the model below knows nothing of solving, and nothing below imports this module.

>>> from mm import Puzzle, IS, WITH
>>> p = Puzzle("Tiny", "Tiny")
>>> a, b = p.add_noun_type("Slot").add_nouns("1", "2")
>>> x, y = p.add_noun_type("Name").add_nouns("Xo", "Yu")
>>> _ = p.add_fact("1", x, IS, WITH, b)
>>> p.solve().partner(x, p.noun_types[0]).name
'2'
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mm.analysis import solving
from mm.analysis import verify as verifying
from mm.errors import PuzzleLoadError
from mm.model.puzzle_data import PuzzleData
from mm.model.report import Report
from mm.model.serialize import to_json_text
from mm.model.solution import Solution


class Puzzle(PuzzleData):
    """A logic-grid puzzle: noun types of equal size, links, facts and rules (see PuzzleData
    for building), with the solving methods. Every call that solves takes `backend=`
    ("auto", "cpsat", "sat") and `time_limit=` (seconds)."""

    def solve(self, backend: str = "auto", time_limit: float | None = None,
              **options: Any) -> Solution | None:
        """One solution, or None when there is none.

        >>> import mm
        >>> mm.load("five_houses").solve().partner  # doctest: +ELLIPSIS
        <bound method Solution.partner of ...>
        """
        return solving.solve(self, backend, time_limit, **options)

    def solutions(self, limit: int | None = None, backend: str = "auto",
                  time_limit: float | None = None, **options: Any) -> Iterator[Solution]:
        """Every solution, each once (at most `limit`)."""
        return solving.solutions(self, limit, backend, time_limit, **options)

    def count(self, limit: int | None = None, exact: bool = False, backend: str = "auto",
              time_limit: float | None = None, approx: bool = False, **options: Any) -> int:
        """Number of solutions: enumerated (min(count, limit) with a limit), or from a
        model counter with exact=True (Ganak) or approx=True (ApproxMC).

        >>> import mm
        >>> mm.load("five_houses").count()
        1
        """
        return solving.count(self, limit, exact, backend, time_limit, approx, **options)

    def is_unique(self, backend: str = "auto", time_limit: float | None = None,
                  **options: Any) -> bool:
        """Exactly one solution?

        >>> import mm
        >>> mm.load("einstein").is_unique()
        True
        """
        return solving.is_unique(self, backend, time_limit, **options)

    def verify(self, backend: str = "auto", time_limit: float | None = None,
               **options: Any) -> Report:
        """The well-posedness report: unique / multiple / none, with the redundant clues,
        the differing cells or the conflicting clues (see mm.analysis.verify).

        >>> import mm
        >>> mm.load("five_houses").verify(minimal=False).status
        'unique'
        """
        return verifying.verify(self, backend, time_limit, **options)

    def save(self, path: str | Path) -> None:
        """Write the puzzle as an mm JSON puzzle file ("format": "mm-puzzle/1")."""
        text = to_json_text(self)
        try:
            Path(path).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise PuzzleLoadError(f"{path}: cannot write ({exc.strerror})") from None
