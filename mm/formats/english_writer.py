"""Write a puzzle as English text in the style of published puzzles: the houses, one list per
category, numbered clues and a question, which mm's English reader reads back.

The clue sentences are the facts' and rules' own texts (the generator words them in the
plain forms the reader accepts). `check_round_trip` reads the text back and compares the
solutions, so a text that would read as a different puzzle is refused, never written.
"""

from __future__ import annotations

import re

from mm.errors import UnsupportedFeature
from mm.formats.readers import english_puzzle
from mm.model.puzzle_data import Fact, PuzzleData, Rule
from mm.model.question import Question
from mm.model.rules import Condition, InOppositeGroup, InSameGroup
from mm.puzzle import Puzzle

ROUND_TRIP_LIMIT = 2  # solutions compared: enough to tell "the same unique answer" apart


def to_english(p: PuzzleData) -> str:
    """The puzzle as English text (first noun type: the houses, numbered 1..n)."""
    houses = p.noun_types[0]
    n = len(houses.nouns)
    if [x.name for x in houses.nouns] != [str(k) for k in range(1, n + 1)]:
        raise UnsupportedFeature("English text: the first noun type must be the houses "
                                 f"numbered 1 to {n}")
    sides = _sides(p)
    lines = [p.title, "",
             f"There are {n} houses, numbered 1 to {n} from left to right. "
             + (f"{sides} " if sides else "") + "Each house has one person, and each person "
             "has a different value in each category:"]
    for kind in p.noun_types[1:]:
        lines.append(f"- {kind.name}: {', '.join(x.title for x in kind.nouns)}")
    lines += ["", "Clues:"]
    for number, item in enumerate(_clues(p), start=1):
        lines.append(f"{number}. {_sentence(item)}")
    if p.question is not None:
        lines += ["", _question_text(p.question)]
    return "\n".join(lines) + "\n"


def sides_sentence(n: int) -> str:
    """Which houses are on which side of the street: the left half, the right half and,
    for an odd number, the middle house on neither (the reader parses this sentence)."""
    half = n // 2

    def span(first: int, last: int) -> str:
        return f"houses {first} to {last}" if last > first else f"house {first}"
    text = (f"{span(1, half).capitalize()} {'are' if half > 1 else 'is'} on the left side of "
            f"the street and {span(n - half + 1, n)} on the right side")
    if n % 2:
        text += f"; house {half + 1}, in the middle, is on neither side"
    return text + "."


def _sides(p: PuzzleData) -> str | None:
    """The sides sentence, when a rule speaks of groups of the houses: only the groups
    `sides_sentence` describes can be written."""
    houses = p.noun_types[0]
    n = len(houses.nouns)
    half = n // 2
    halves = ["left"] * half + ["middle"] * (n % 2) + ["right"] * half
    found = [g for rule in p.rules if rule.enabled and rule.constraint is not None
             for g in _group_rules(rule.constraint)]
    if not found:
        return None
    for g in found:
        if g.noun_type is not houses or list(g.groups) != halves:
            raise UnsupportedFeature("English text: a rule groups the houses other than into "
                                     "a left and a right side of the street")
    return sides_sentence(n)


def _group_rules(cond: Condition) -> list[InSameGroup | InOppositeGroup]:
    """The same/opposite-group rules inside a condition."""
    if isinstance(cond, InSameGroup | InOppositeGroup):
        return [cond]
    return [g for child in cond.children() if isinstance(child, Condition)
            for g in _group_rules(child)]


def _clues(p: PuzzleData) -> list[Fact | Rule]:
    """Enabled facts and rules in the order of their clue numbers."""
    items: list[Fact | Rule] = [x for x in p.facts if x.enabled]
    items += [x for x in p.rules if x.enabled]

    def key(item: Fact | Rule) -> tuple[int, int]:
        m = re.match(r"\d+", item.clue or "")
        return (int(m.group()) if m else 10**9, item.num)
    return sorted(items, key=key)


def _sentence(item: Fact | Rule) -> str:
    text = item.given_text if item.given_text else item.text
    return re.sub(r"\s*\((?:clue|clues|intro|analysis)[^)]*\)(?=[.!?]?$)", "", text)


def _question_text(q: Question) -> str:
    text = q.text.rstrip("?").strip()
    return text + "?"


def check_round_trip(p: Puzzle, text: str) -> None:
    """Read the text back; raise UnsupportedFeature unless it has the same solutions as p
    (compared up to ROUND_TRIP_LIMIT of them)."""
    back = english_puzzle(text, p.name)
    if back.not_read:
        first = back.not_read[0]
        raise UnsupportedFeature(
            f"English text: {first.where} ('{first.text}') does not read back ({first.reason});"
            " write json or python instead")
    ours = {_key(s.encoded()) for s in p.solutions(limit=ROUND_TRIP_LIMIT)}
    theirs = {_key(s.encoded()) for s in back.solutions(limit=ROUND_TRIP_LIMIT)}
    if ours != theirs:
        raise UnsupportedFeature(
            "English text: the text reads back as a puzzle with different solutions (a clue "
            "the English reader words differently); write json or python instead")


def _key(encoded: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(row) for row in encoded)
