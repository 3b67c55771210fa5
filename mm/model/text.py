"""Text helpers: clue-number suffixes, ordinals, title case and the default wording of a
fact."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mm.model.elements import Link, Noun
    from mm.model.verbs import Verb

_SENTENCE_ENDS = ".!?"


def clue_label(clue: str | None) -> str | None:
    """The seed's clue numbering: "5" -> "clue 5", "2,6" -> "clues 2,6", "0" -> "intro",
    "A" -> "analysis", "A2" -> "analysis 2"; None or "" -> no label."""
    if not clue:
        return None
    if clue[0] == "A":
        return "analysis" + (" " + clue[1:] if len(clue) > 1 else "")
    if clue[0] == "0":
        return "intro"
    return ("clues " if "," in clue else "clue ") + clue


def numbered_ordinal(k: int) -> str:
    """1 -> "1st", 12 -> "12th", 22 -> "22nd": the ordinal in digits (the generator
    writes it, the English reader accepts exactly this spelling)."""
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def with_clue(text: str, clue: str | None) -> str:
    """Put "(clue N)" before the closing punctuation of a sentence, as the seed prints it."""
    label = clue_label(clue)
    if label is None or not text:
        return text
    if text[-1] in _SENTENCE_ENDS:
        return f"{text[:-1]} ({label}){text[-1]}"
    return f"{text} ({label})"


def title_case(name: str) -> str:
    """Capitalise the first letter after each space, tab or hyphen (the seed's toTitleCase)."""
    out = []
    start = True
    for ch in name:
        if ch in " \t-":
            start = True
            out.append(ch)
        elif start:
            out.append(ch.upper())
            start = False
        else:
            out.append(ch)
    return "".join(out)


def default_say_fact(noun1: Noun, verb: Verb, link: Link, noun2: Noun, verb_name: str) -> str:
    """Plain English for a fact when the puzzle gives no wording of its own."""
    first = noun1.title
    return f"{first} {verb_name} {link.name} {noun2.name}."
