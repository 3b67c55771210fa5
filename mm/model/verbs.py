"""The three verbs of the Mystery Master: is not (-1), may be (0), is (1)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Verb:
    """A verb of a fact. Names are per puzzle (`Puzzle.set_verb_names`); this is the default."""

    num: int
    name: str

    def __str__(self) -> str:
        return self.name


IS_NOT = Verb(-1, "is not")
MAYBE = Verb(0, "may be")
IS = Verb(1, "is")
VERBS = (IS_NOT, MAYBE, IS)
