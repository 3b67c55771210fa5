"""What an imported puzzle asks (e.g. "Who owns the fish?"), answered from each solution.

They ride on the puzzle (`puzzle.questions`; `puzzle.question` is the first), so the JSON
format can store them and solve and batch answer each; the English reader is what makes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mm.model.elements import Noun, NounType
    from mm.model.solution import Solution


@dataclass
class Question:
    """What the puzzle asks. kind: "attribute" (which value of `category` is in house
    `house`), "house" (the house number of `subject`), "who" (the value of `category` on
    `subject`'s row: the name, by default), "grid" (the whole solution: "Who lives where?")."""

    text: str
    kind: str
    category: NounType | None = None
    house: int | None = None
    subject: Noun | None = None
    choices: list[str] = field(default_factory=list)

    def answer(self, solution: Solution) -> str | int | list[dict[str, str | int | None]]:
        """The answer to the question in this solution: a noun's name, a house number, or
        (kind "grid") the solution's rows as in `Solution.to_dict`."""
        houses = solution.puzzle.noun_types[0]
        if self.kind == "grid":
            return solution.to_dict()
        if self.kind == "house":
            assert self.subject is not None
            return int(solution.partner(self.subject, houses).name)
        if self.kind == "attribute":
            assert self.category is not None and self.house is not None
            return solution.partner(houses.nouns[self.house - 1], self.category).name
        assert self.category is not None and self.subject is not None
        return solution.partner(self.subject, self.category).name


def answers(questions: list[Question], solution: Solution) -> list[dict[str, object]]:
    """One `{"question", "answer"}` per question, in order (the JSON outputs' `answers`)."""
    return [{"question": q.text, "answer": q.answer(solution)} for q in questions]


def answer_text(answer: object) -> str:
    """An answer as one line of text: a name, a number, or the grid's rows."""
    if isinstance(answer, list):
        return "; ".join(", ".join(f"{k}: {v}" for k, v in row.items())
                         for row in answer if isinstance(row, dict))
    return str(answer)
