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

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from mm.analysis import explain as explaining
from mm.analysis import solving
from mm.analysis import verify as verifying
from mm.errors import PuzzleLoadError
from mm.model.grids import Grids, Mark
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

    def explain(self, backend: str = "auto",
                time_limit: float | None = None) -> explaining.Explanation:
        """The steps that fill the grids mark by mark, each with its reason: the clues and
        earlier marks it needs, all of them (see mm.analysis.explain).

        >>> import mm
        >>> ex = mm.load("five_houses").explain()
        >>> ex.status, ex.steps[0].text
        ('complete', 'Clue 1: Red is with Englishman.')
        """
        return explaining.explain(self, backend, time_limit)

    def hint(self, marks: Iterable[Mark | tuple], backend: str = "auto",
             time_limit: float | None = None) -> explaining.Hint:
        """For a partly filled grid (marks, or (noun1, noun2, same) tuples): the marks
        that contradict the puzzle, with the clues against each, else the next step."""
        return explaining.hint(self, marks, backend, time_limit)

    def grids(self, marks: Iterable[Mark | tuple] | None = None) -> Grids:
        """The X/O grids of every pair of noun types, with these marks filled in.

        >>> import mm
        >>> p = mm.load("five_houses")
        >>> p.grids([(p.noun("House", "1st"), p.noun("Color", "yellow"), True)]).complete
        False
        """
        return Grids(self, marks or ())

    def save(self, path: str | Path) -> None:
        """Write the puzzle as an mm JSON puzzle file ("format": "mm-puzzle/1")."""
        text = to_json_text(self)
        try:
            Path(path).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise PuzzleLoadError(f"{path}: cannot write ({exc.strerror})") from None
