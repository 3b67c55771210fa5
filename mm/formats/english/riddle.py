"""Puzzles that never list their values, like the classic five-houses riddle: the values
appear only in the clues, the questions and a closing sentence ("each house is painted a
different color, ...").

The lists are found from what the closing sentence says the houses differ by (colour,
nationality, pets, drinks, smokes), with a small vocabulary per kind, and the brand names
that stand next to "smoke". A kind is kept only when the text names exactly as many of its
values as there are houses; otherwise no list is made and the puzzle is refused.
"""

from __future__ import annotations

import re

from mm.formats.english.document import _POSITIONS, _SIZE, Document
from mm.formats.english.lexicon import DEMONYMS, number

_KINDS: list[tuple[str, str, set[str]]] = [
    ("colors", r"colou?rs?", {"red", "green", "ivory", "yellow", "blue", "white", "black",
                              "orange", "purple", "pink", "brown", "gray", "grey"}),
    ("nationalities", r"nation|national", {w for g in DEMONYMS for w in g}
     | {"ukrainian", "spaniard", "englishman", "japanese", "norwegian"}),
    ("pets", r"pets?|animals?", {"dog", "dogs", "snails", "snail", "fox", "horse", "horses",
                                 "zebra", "cat", "cats", "bird", "birds", "fish", "rabbit",
                                 "hamster", "turtle", "parrot"}),
    ("drinks", r"beverages?|drinks?", {"coffee", "tea", "milk", "water", "beer",
                                       "orange juice", "juice", "wine", "lemonade", "soda"}),
]
_BRAND = r"[A-Z][a-z]+(?: [A-Z][a-z]+)*"


def _sentences(text: str) -> list[str]:
    flat = re.sub(r"\s+", " ", text.replace("\r", " "))
    return [s.strip() for s in re.findall(r"[^.?!]+[.?!]?", flat) if s.strip()]


def infer_lists(doc: Document, text: str) -> Document:
    """The document with lists, clues and questions found in running text (or unchanged
    when the text does not read as such a riddle)."""
    sentences = _sentences(text)
    size = None
    for s in sentences:
        m = _SIZE.search(s) or re.search(r"\bthere are (\w+) houses\b", s, re.I)
        if m:
            size = number(next(g for g in m.groups() if g).lower())
            break
    if not size:
        return doc
    first_q = next((i for i, s in enumerate(sentences) if s.endswith("?")), len(sentences))
    questions = [re.sub(r"^(?:now|so|then|finally)\s*,?\s*", "", s, flags=re.I)
                 for s in sentences[first_q:] if s.endswith("?")]
    closing = " ".join(s for s in sentences[first_q:] if not s.endswith("?")).lower()
    clues = [s for s in sentences[:first_q] if not _SIZE.search(s)
             and not re.search(r"\bthere are \w+ houses\b", s, re.I)]
    body = " ".join(sentences[:first_q] + questions)
    lists: list[tuple[str, list[str]]] = []
    found = _found(body, [k[2] for k in _KINDS])
    for (label, said, _), values in zip(_KINDS, found, strict=True):
        if closing and not re.search(rf"\b(?:{said})\b", closing):
            continue
        if len(values) == size:
            lists.append((label, values))
    if not closing or re.search(r"\bsmoke|cigar", closing):
        brands = []
        for m in re.finditer(rf"({_BRAND}) (?:smoker|(?:are|is) smoked)|smokes? ({_BRAND})",
                             body):
            brand = re.sub(r"^(?:The|A|An) ", "", m.group(1) or m.group(2))
            if brand in ("The", "A", "An") or brand in brands:
                continue
            brands.append(brand)
        if len(brands) == size:
            lists.append(("smokes", brands))
    if len(lists) < 2:
        return doc
    out = Document(intro=[s for s in sentences if _SIZE.search(s)], lists=lists,
                   clues=[(str(k), s) for k, s in enumerate(clues, 1)],
                   questions=questions, size=size,
                   positions=bool(_POSITIONS.search(text)))
    return out


def _found(body: str, vocabularies: list[set[str]]) -> list[list[str]]:
    """Per vocabulary, its words in the text in order of first appearance, as written; a
    word inside a longer one found ("orange" in "orange juice") is not counted."""
    low = body.lower()
    words = sorted({(w, k) for k, v in enumerate(vocabularies) for w in v},
                   key=lambda x: -len(x[0]))
    taken: list[tuple[int, int]] = []
    hits: list[list[tuple[int, str]]] = [[] for _ in vocabularies]
    for word, k in words:
        for m in re.finditer(rf"\b{re.escape(word)}\b", low):
            if any(m.start() < e and m.end() > s for s, e in taken):
                continue
            taken.append((m.start(), m.end()))
            if not any(w.lower() == word for _, w in hits[k]):
                hits[k].append((m.start(), body[m.start():m.end()]))
    return [[w for _, w in sorted(h)] for h in hits]
