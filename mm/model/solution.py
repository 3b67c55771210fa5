"""An immutable solution: which noun of every type stands on each row of the first type."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mm.errors import ValidationError
from mm.ir import Assignment
from mm.model import html as _html
from mm.model.grids import Grids, Mark, solution_marks

if TYPE_CHECKING:
    from mm.model.puzzle_data import Noun, NounType, PuzzleData


class Solution:
    """One solution of a puzzle. It refers to the puzzle's nouns but never changes them."""

    def __init__(self, puzzle: PuzzleData, assignment: Assignment):
        self.puzzle = puzzle
        self._assignment = assignment
        count = len(puzzle.noun_types)
        rows_of = assignment[:count]
        # rows_of[t][i] = row of noun i of type t; for a repeating type the assignment
        # holds the noun on each row instead (see mm.ir), which is at_row itself
        self._rows_of = rows_of
        self._at_row = tuple(
            r if t.repeats else tuple(sorted(range(len(r)), key=r.__getitem__))
            for t, r in zip(puzzle.noun_types, rows_of, strict=True)
        )  # at_row[t][row] = index of the noun of type t on that row
        holders = [t for t in puzzle.noun_types if t.placeholders is not None]
        self._values = {t.index: values
                        for t, values in zip(holders, assignment[count:], strict=True)}

    @property
    def assignment(self) -> Assignment:
        """The solver-neutral assignment (mm.ir): per type, the row of each noun."""
        return self._assignment

    def row_of(self, noun: Noun) -> int:
        """0-based row (index of the first-type noun) that the noun is on."""
        if noun.type.repeats:
            raise ValidationError(
                f"row_of(): '{noun.name}' is of the repeating type '{noun.type.name}' and may "
                "be on several rows (use rows_with)")
        return self._rows_of[noun.type.index][noun.index]

    def rows_with(self, noun: Noun) -> list[int]:
        """The 0-based rows that a noun is on (exactly one unless its type repeats)."""
        if noun.type.repeats:
            return [r for r, k in enumerate(self._at_row[noun.type.index]) if k == noun.index]
        return [self.row_of(noun)]

    def count(self, noun: Noun) -> int:
        """How many rows the noun is on (1 unless its type repeats)."""
        return len(self.rows_with(noun))

    def together(self, a: Noun, b: Noun) -> bool:
        """Is some row shared by both nouns (for nouns of one row each: are they with each
        other)?"""
        return not set(self.rows_with(a)).isdisjoint(self.rows_with(b))

    def partner(self, noun: Noun, noun_type: NounType) -> Noun:
        """The noun of `noun_type` that `noun` is with (the noun itself for its own type)."""
        if not (self.puzzle.copied_from(noun.type.puzzle)
                and self.puzzle.copied_from(noun_type.puzzle)):
            raise ValidationError(f"partner(): '{noun.name}' is not a noun of this puzzle")
        if noun.type.index == noun_type.index:
            return noun
        if noun.type.repeats:
            raise ValidationError(
                f"partner(): '{noun.name}' is of the repeating type '{noun.type.name}' and may "
                "be on several rows, so it has no one partner (use rows_with)")
        row = self.row_of(noun)
        return noun_type.nouns[self._at_row[noun_type.index][row]]

    def value(self, noun: Noun) -> int | None:
        """Numeric value of a noun: a placeholder's value in this solution, else the noun's
        own value (None when it has none)."""
        values = self._values.get(noun.type.index)
        return noun.value if values is None else values[noun.index]

    def _label(self, noun: Noun) -> str:
        return str(self.value(noun)) if noun.type.placeholders is not None else noun.title

    def rows(self) -> list[tuple[Noun, ...]]:
        """One tuple per first-type noun: the noun of each type on that row, in type order."""
        types = self.puzzle.noun_types
        return [tuple(t.nouns[self._at_row[t.index][row]] for t in types)
                for row in range(len(types[0].nouns))]

    def to_dict(self) -> list[dict[str, str | int | None]]:
        """One object per first-type noun, {type name: noun name} (the JSON form)."""
        types = self.puzzle.noun_types
        return [{t.name: (self.value(n) if t.placeholders is not None else n.name)
                 for t, n in zip(types, row, strict=True)} for row in self.rows()]

    def encoded(self) -> list[list[int]]:
        """The seed's answer encoding: `encoded()[t-2][n-1]` is the 0-based index of the noun of
        type t that is with noun n of the first type."""
        return [list(self._at_row[t]) for t in range(1, len(self._at_row))]

    def chart(self) -> str:
        """A text table: one column per noun type, one line per first-type noun."""
        types = self.puzzle.noun_types
        cells = [[t.name for t in types]] + [[self._label(n) for n in row]
                                             for row in self.rows()]
        widths = [max(len(line[c]) for line in cells) for c in range(len(types))]
        lines = ["  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)).rstrip()
                 for line in cells]
        lines.insert(1, "  ".join("-" * w for w in widths))
        return "\n".join(lines)

    def grids(self) -> Grids:
        """The Mystery Master's X/O grids of this solution, placeholder values beside."""
        values = {n: self._values[t.index][n.index] for t in self.puzzle.noun_types
                  if t.placeholders is not None for n in t.nouns}
        types = self.puzzle.noun_types
        if not any(t.repeats for t in types):
            return Grids(self.puzzle, solution_marks(self.puzzle, self._rows_of), values)
        marks = [Mark(a, b, self.together(a, b)) for s, first in enumerate(types)
                 for second in types[s + 1:] for a in first.nouns for b in second.nouns]
        return Grids(self.puzzle, marks, values)

    def _repr_html_(self) -> str:
        """The chart as an HTML table in a notebook (mm.model.html)."""
        return _html.fragment(_html.solution_html(self))

    def __eq__(self, other: Any) -> bool:
        if not isinstance(other, Solution):
            return NotImplemented
        return self._assignment == other._assignment

    def __hash__(self) -> int:
        return hash(self._assignment)

    def __str__(self) -> str:
        return self.chart()

    def __repr__(self) -> str:
        return f"<Solution of {self.puzzle.name} {self.encoded()}>"
