"""The well-posedness report returned by `Puzzle.verify()`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mm.model import Fact, Noun, NounType, Rule
    from mm.solution import Solution


@dataclass(frozen=True)
class Difference:
    """One cell where two solutions disagree: on the row of `row`, type `noun_type` holds
    `first` in one solution and `second` in the other."""

    row: Noun
    noun_type: NounType
    first: Noun
    second: Noun

    def to_dict(self) -> dict[str, str]:
        return {"row": self.row.name, "type": self.noun_type.name,
                "first": self.first.name, "second": self.second.name}


@dataclass
class Report:
    """status is "unique", "multiple", "none" or "unknown" (time limit reached)."""

    status: str
    solutions: list[Solution] = field(default_factory=list)
    diff: list[Difference] = field(default_factory=list)
    conflict: list[Fact | Rule] | None = None
    redundant: list[Fact | Rule] | None = None
    seconds: float = 0.0

    @property
    def solution(self) -> Solution | None:
        return self.solutions[0] if self.solutions else None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"status": self.status, "seconds": round(self.seconds, 6)}
        if self.solutions:
            out["solutions"] = [s.to_dict() for s in self.solutions]
        if self.status == "multiple":
            out["diff"] = [d.to_dict() for d in self.diff]
        if self.conflict is not None:
            out["conflict"] = [item.text for item in self.conflict]
        if self.redundant is not None:
            out["redundant"] = [item.text for item in self.redundant]
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
