"""What an importer could not read exactly: listed, never guessed.

A clue that is not read is left out of the puzzle. Leaving out a true clue can only add
solutions, so a unique answer stays certain; `strict=True` refuses such a puzzle instead.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class NotRead:
    """One statement left out: where it was ("clue 7", "line 12"), its text, and why."""

    where: str
    text: str
    reason: str

    def __str__(self) -> str:
        return f"{self.where}: {self.reason}: {self.text}"

    def to_dict(self) -> dict[str, str]:
        """The JSON form: {"where", "text", "reason"}."""
        return {"where": self.where, "text": self.text, "reason": self.reason}
