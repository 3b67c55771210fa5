"""What an importer could not read exactly: listed, never guessed.

A clue that is not read is left out of the puzzle. Leaving out a true clue can only add
solutions, so a unique answer stays certain; `strict=True` refuses such a puzzle instead.
A statement that constrains nothing (custom fact wording, a helper function, a sentence
naming no value) is listed too, with a reason that starts with "not used"; it does not
make a reading partial, so `strict=True` lets it pass.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

NOT_USED = "not used"  # the reason's first words for a statement that constrains nothing


@dataclass(frozen=True)
class NotRead:
    """One statement left out: where it was ("clue 7", "line 12"), its text, and why."""

    where: str
    text: str
    reason: str

    def __str__(self) -> str:
        return f"{self.where}: {self.reason}: {self.text}"

    @property
    def is_clue(self) -> bool:
        """Whether a constraint was left out (else the statement constrains nothing)."""
        return not self.reason.startswith(NOT_USED)

    def to_dict(self) -> dict[str, str]:
        """The JSON form: {"where", "text", "reason"}."""
        return {"where": self.where, "text": self.text, "reason": self.reason}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> NotRead:
        """The item written by `to_dict`."""
        return cls(str(data["where"]), str(data["text"]), str(data["reason"]))


def missing_clues(items: list[NotRead]) -> list[NotRead]:
    """The items that left a constraint out (what `strict=True` refuses)."""
    return [item for item in items if item.is_clue]
