"""An immutable solution: which noun of every type stands on each row of the first type."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mm.errors import ValidationError
from mm.ir import Assignment
from mm.model.grids import Grids, solution_marks

if TYPE_CHECKING:
    from mm.model.puzzle_data import Noun, NounType, PuzzleData


class Solution:
    """One solution of a puzzle. It refers to the puzzle's nouns but never changes them."""

    def __init__(self, puzzle: PuzzleData, assignment: Assignment):
        self.puzzle = puzzle
        self._assignment = assignment
        count = len(puzzle.noun_types)
        rows_of = assignment[:count]
        self._rows_of = rows_of  # rows_of[t][i] = row of noun i of type t
        self._at_row = tuple(
            tuple(sorted(range(len(r)), key=r.__getitem__)) for r in rows_of
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
        return self._rows_of[noun.type.index][noun.index]

    def partner(self, noun: Noun, noun_type: NounType) -> Noun:
        """The noun of `noun_type` that `noun` is with (the noun itself for its own type)."""
        if noun.type.puzzle is not self.puzzle or noun_type.puzzle is not self.puzzle:
            raise ValidationError(f"partner(): '{noun.name}' is not a noun of this puzzle")
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
        return Grids(self.puzzle, solution_marks(self.puzzle, self._rows_of), values)

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
