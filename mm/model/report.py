"""The well-posedness report returned by `Puzzle.verify()`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mm.model import html as _html

if TYPE_CHECKING:
    from mm.model.elements import Fact, Noun, NounType, Rule
    from mm.model.solution import Solution


@dataclass(frozen=True)
class Difference:
    """One cell where two solutions disagree: on the row of `row`, type `noun_type` holds
    `first` in one solution and `second` in the other."""

    row: Noun
    noun_type: NounType
    first: Noun
    second: Noun

    def to_dict(self) -> dict[str, str]:
        """The JSON form: {type name: noun name} for both solutions' cells."""
        return {"row": self.row.name, "type": self.noun_type.name,
                "first": self.first.name, "second": self.second.name}


@dataclass(frozen=True)
class Cell:
    """On the row of `row`, type `noun_type` holds `noun` (in the first solution)."""

    row: Noun
    noun_type: NounType
    noun: Noun

    def to_dict(self) -> dict[str, str]:
        """The JSON form of the cell."""
        return {"row": self.row.name, "type": self.noun_type.name, "noun": self.noun.name}


@dataclass
class Report:
    """status is "unique", "multiple", "none" or "unknown" (time limit reached).

    multiple: `solutions` (two), `diff` (cells where they differ), `backbone` (cells fixed
    in every solution) and `open_cells` (the rest). none: `conflict`, a minimal list of facts
    and rules that cannot hold together. unique: `redundant` (each implied by the others)
    and `minimal` (a smallest-by-deletion list of facts and rules with the same solution)."""

    status: str
    solutions: list[Solution] = field(default_factory=list)
    diff: list[Difference] = field(default_factory=list)
    conflict: list[Fact | Rule] | None = None
    redundant: list[Fact | Rule] | None = None
    minimal: list[Fact | Rule] | None = None
    backbone: list[Cell] | None = None
    open_cells: list[Cell] | None = None
    seconds: float = 0.0

    @property
    def solution(self) -> Solution | None:
        """The first solution found (the only one when status is "unique"), or None."""
        return self.solutions[0] if self.solutions else None

    def _repr_html_(self) -> str:
        """The report as HTML in a notebook: status, solution, open cells or conflict."""
        return _html.fragment(_html.report_html(self))

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data (what `mm verify --json` prints)."""
        out: dict[str, Any] = {"status": self.status, "seconds": round(self.seconds, 6)}
        if self.solutions:
            out["solutions"] = [s.to_dict() for s in self.solutions]
        if self.status == "multiple":
            out["diff"] = [d.to_dict() for d in self.diff]
        if self.backbone is not None:
            out["backbone"] = [c.to_dict() for c in self.backbone]
            out["open_cells"] = [c.to_dict() for c in self.open_cells or []]
        for name in ("conflict", "redundant", "minimal"):
            items = getattr(self, name)
            if items is not None:
                out[name] = [{"kind": type(i).__name__.lower(), "num": i.num, "clue": i.clue,
                              "text": i.text} for i in items]
        return out


def differences(a: Solution, b: Solution) -> list[Difference]:
    """The cells (row noun, other type) where two solutions of one puzzle disagree."""
    out = []
    types = a.puzzle.noun_types
    for row_a, row_b in zip(a.rows(), b.rows(), strict=True):
        for t, x, y in zip(types[1:], row_a[1:], row_b[1:], strict=True):
            if x is not y:
                out.append(Difference(row_a[0], t, x, y))
    return out
