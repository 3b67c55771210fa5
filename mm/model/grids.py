"""The Mystery Master's grids: one X/O grid for every pair of noun types.

A `Mark` says of two nouns of different types that they are together ("O", ``same=True``)
or not ("X", ``same=False``). `Grids` holds a set of marks and prints them the way a solver
on paper fills them in: one block per pair of types, rows the nouns of the earlier type,
columns those of the later one, "." where nothing is known yet.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from mm.errors import ValidationError

if TYPE_CHECKING:
    from mm.model.elements import Noun
    from mm.model.puzzle_data import PuzzleData

Cell = tuple["Noun", "Noun"]  # (noun of the earlier type, noun of the later type)


class Mark(NamedTuple):
    """``noun1`` is with ``noun2`` ("O", same=True) or is not ("X", same=False)."""

    noun1: Noun
    noun2: Noun
    same: bool

    @property
    def symbol(self) -> str:
        """ "O" (with) or "X" (not with), as the Mystery Master marks it."""
        return "O" if self.same else "X"

    @property
    def cell(self) -> Cell:
        """The two nouns, the one of the earlier noun type first (a grid's row and column)."""
        a, b = self.noun1, self.noun2
        return (a, b) if a.type.index <= b.type.index else (b, a)

    def normal(self) -> Mark:
        """The same mark with the noun of the earlier type first."""
        a, b = self.cell
        return Mark(a, b, self.same)

    def to_dict(self) -> dict:
        """The JSON shape of API.md: {"noun1": {"type", "name"}, "noun2": ..., "mark"}."""
        return {"noun1": {"type": self.noun1.type.name, "name": self.noun1.name},
                "noun2": {"type": self.noun2.type.name, "name": self.noun2.name},
                "mark": self.symbol}

    def __str__(self) -> str:
        return f"{self.noun1.title} {self.symbol} {self.noun2.title}"


def mark_from_dict(puzzle: PuzzleData, data: object, where: str = "mark") -> Mark:
    """A Mark from its JSON shape ({"noun1": {"type": T, "name": N}, "noun2": ...,
    "mark": "O" | "X"}); errors name the place (`where`) and the problem."""
    if not isinstance(data, dict):
        raise ValidationError(f"{where}: expected an object with noun1, noun2 and mark")
    nouns = []
    for key in ("noun1", "noun2"):
        ref = data.get(key)
        if not isinstance(ref, dict) or not isinstance(ref.get("type"), str) \
                or not isinstance(ref.get("name"), str):
            raise ValidationError(f"{where}.{key}: expected {{\"type\": ..., \"name\": ...}}")
        types = [t for t in puzzle.noun_types if t.name == ref["type"]]
        if not types:
            raise ValidationError(f"{where}.{key}: unknown noun type '{ref['type']}'")
        found = [n for n in types[0].nouns if n.name == ref["name"]]
        if not found:
            raise ValidationError(f"{where}.{key}: unknown noun '{ref['name']}' of type "
                                  f"'{ref['type']}'")
        nouns.append(found[0])
    symbol = data.get("mark")
    if symbol not in ("O", "X"):
        raise ValidationError(f"{where}.mark: expected \"O\" or \"X\", got {symbol!r}")
    return as_mark(puzzle, (nouns[0], nouns[1], symbol == "O"), where)


def as_mark(puzzle: PuzzleData, item: object, where: str = "mark") -> Mark:
    """A Mark from a Mark or a (noun1, noun2, same) tuple, checked against the puzzle:
    two nouns of this puzzle, of different types."""
    parts: Any = item
    try:
        noun1, noun2, same = parts
    except (TypeError, ValueError):
        raise ValidationError(f"{where}: expected (noun1, noun2, same), got {item!r}") from None
    for noun in (noun1, noun2):
        if getattr(getattr(noun, "type", None), "puzzle", None) is not puzzle:
            raise ValidationError(f"{where}: {noun!r} is not a noun of this puzzle")
    if noun1.type is noun2.type:
        raise ValidationError(f"{where}: '{noun1.name}' and '{noun2.name}' have the same type "
                              f"'{noun1.type.name}'; a mark joins nouns of two types")
    if not isinstance(same, bool):
        raise ValidationError(f"{where}: same must be True (O) or False (X), got {same!r}")
    return Mark(noun1, noun2, same)


class Grids:
    """The X/O grids of a puzzle for a set of marks (and placeholder values, if known).

    ``str()`` is text, ``_repr_html_()`` HTML tables (notebooks show it)."""

    def __init__(self, puzzle: PuzzleData, marks: Iterable[Mark | tuple] = (),
                 values: Mapping[Noun, int] | None = None):
        self.puzzle = puzzle
        self._marks: dict[Cell, bool] = {}
        for k, item in enumerate(marks):
            mark = as_mark(puzzle, item, f"marks[{k}]")
            old = self._marks.get(mark.cell)
            if old is not None and old != mark.same:
                a, b = mark.cell
                raise ValidationError(f"marks[{k}]: {a.name}/{b.name} is marked both O and X")
            self._marks[mark.cell] = mark.same
        self.values = dict(values or {})

    @property
    def marks(self) -> list[Mark]:
        """Every mark, the noun of the earlier type first."""
        return [Mark(a, b, same) for (a, b), same in self._marks.items()]

    def mark(self, noun1: Noun, noun2: Noun) -> bool | None:
        """True (O), False (X) or None (not marked) for the cell of two nouns."""
        cell = (noun1, noun2) if noun1.type.index <= noun2.type.index else (noun2, noun1)
        return self._marks.get(cell)

    def pairs(self) -> list[tuple[int, int]]:
        """The (earlier, later) noun type indices of every grid, in reading order."""
        count = len(self.puzzle.noun_types)
        return [(s, t) for s in range(count) for t in range(s + 1, count)]

    @property
    def complete(self) -> bool:
        """Every cell of every grid is marked."""
        size = len(self.puzzle.noun_types[0].nouns)
        return len(self._marks) == len(self.pairs()) * size * size

    def _symbol(self, a: Noun, b: Noun) -> str:
        same = self._marks.get((a, b))
        return "." if same is None else ("O" if same else "X")

    def _value_lines(self) -> list[str]:
        return [f"{noun.title} = {value}" for noun, value in self.values.items()]

    def __str__(self) -> str:
        types = self.puzzle.noun_types
        blocks = []
        for s, t in self.pairs():
            rows, cols = types[s].nouns, types[t].nouns
            head = f"{types[s].name} \\ {types[t].name}"
            width = max(len(head), *(len(n.title) for n in rows))
            widths = [max(1, len(n.title)) for n in cols]
            lines = [head.ljust(width) + "  " + " ".join(
                n.title.ljust(w) for n, w in zip(cols, widths, strict=True))]
            for a in rows:
                cells = " ".join(self._symbol(a, b).ljust(w)
                                 for b, w in zip(cols, widths, strict=True))
                lines.append(a.title.ljust(width) + "  " + cells)
            blocks.append("\n".join(line.rstrip() for line in lines))
        values = self._value_lines()
        if values:
            blocks.append("Values: " + ", ".join(values))
        return "\n\n".join(blocks)

    def _repr_html_(self) -> str:
        types = self.puzzle.noun_types
        esc = html.escape
        tables = []
        for s, t in self.pairs():
            rows, cols = types[s].nouns, types[t].nouns
            head = "".join(f"<th>{esc(n.title)}</th>" for n in cols)
            body = "".join(
                f"<tr><th>{esc(a.title)}</th>"
                + "".join(f"<td style='text-align:center'>{self._symbol(a, b)}</td>"
                          for b in cols) + "</tr>" for a in rows)
            tables.append(
                f"<table style='display:inline-table;margin:4px'><caption>{esc(types[s].name)}"
                f" / {esc(types[t].name)}</caption><tr><th></th>{head}</tr>{body}</table>")
        values = self._value_lines()
        extra = f"<p>{esc(', '.join(values))}</p>" if values else ""
        return f"<div class='mm-grids'>{''.join(tables)}</div>{extra}"

    def __repr__(self) -> str:
        return f"<Grids of {self.puzzle.name}: {len(self._marks)} marks>"


def solution_marks(puzzle: PuzzleData, rows_of: Iterable[Iterable[int]]) -> list[Mark]:
    """Every mark of a full solution given as ``rows_of[t][i]`` (the row of noun i of type t)."""
    rows = [list(r) for r in rows_of]
    types = puzzle.noun_types
    marks = []
    for s in range(len(types)):
        for t in range(s + 1, len(types)):
            for i, a in enumerate(types[s].nouns):
                for j, b in enumerate(types[t].nouns):
                    marks.append(Mark(a, b, rows[s][i] == rows[t][j]))
    return marks
