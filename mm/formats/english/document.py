"""The parts of an English puzzle text: introduction, attribute lists, clues, questions.

The number of houses comes from the introduction ("There are 5 houses"), never from a clue;
an introduction that speaks of no houses, positions or row gives a puzzle without positions
(its rows are the first list). Lists are "label: a, b, c" lines (any case; values may hold
"and": "mac and cheese"); clues are numbered lines ("3.", "3)", "Clue 3:") or, without
numbers, the lines or bullets after the lists.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from mm.formats.english.lexicon import number

_NUMBER_WORDS = ("one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
                 "fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty")
_CLUE_LINE = re.compile(r"^\s*(?:[-*•]\s*)?(?:clue\s*#?\s*)?(?:(\d+)\s*[.):]|\((\d+)\))"
                        r"\s*(.+?)\s*$", re.I)
# other ways of numbering a clue: "3 - ...", "[4] ...", "Clue five: ...", "a) ..."
_OTHER_CLUE_LINE = re.compile(r"^\s*(?:[-*•]\s*)?(?:(\d+)\s*[-–—]\s+|\[(\d+)\]\s*|"
                              rf"clue\s+({_NUMBER_WORDS})\s*[:.)-]\s*|"
                              r"(?:clue\s+)?([a-z])\s*\)\s*|clue\s+([a-z])\s*[:.]\s*)"
                              r"(.+?)\s*$", re.I)
# a clue's text that ends a sentence: the next line without a number is not its continuation
_ENDS = re.compile(r"[.!?][\"')\]’”]*\s*$")
# a list written as a sentence: "The jobs are baker, nurse and pilot."
_LIST_SENTENCE = re.compile(r"^\s*(?:[-*•]\s*)?(?:the|their)\s+([a-z][a-z ]{1,40}?)\s+(?:are|were)"
                            r"\s*:?\s+(.+?)\s*\.?\s*$", re.I)
_LIST_LINE = re.compile(r"^\s*(?:[-*•]\s*)?([A-Za-z][^:?]{1,80}?)\s*:\s*(.+?)\s*$")
_CLUES_HEADER = re.compile(r"^[#*\s]*clues?(?:\s*\(s\))?\s*[:.]?\s*$", re.I)
_QUESTION_START = re.compile(r"^\s*(?:q(?:uestion)?\s*:\s*|#+\s*)?(?:what|who|which|where|"
                             r"in which|in what|at which|at what|on which|on what|how many|"
                             r"how)\b", re.I)
_SIZE = re.compile(r"\bthere are (\w+) (?:\w+ )?(?:houses|people|persons|positions|"
                   r"friends|women|men|children|students|residents|homes|seats|contestants|"
                   r"participants|players)\b|\bnumbered (?:from )?1 (?:to|through) (\d+)\b|"
                   r"^(\w+) (?:\w+ )?(?:friends|people|persons|women|men|children|students|"
                   r"neighbou?rs|residents|contestants|players|colleagues|siblings)\b", re.I)
_POSITIONS = re.compile(r"\b(?:houses?|positions?|in a row|numbered|from left to right|"
                        r"seats?|homes?|in a line|standing in line)\b", re.I)
_NOT_A_LIST = ("this is", "there are", "note", "answer", "hint", "example", "clue", "question")


@dataclass
class Document:
    intro: list[str] = field(default_factory=list)
    lists: list[tuple[str, list[str]]] = field(default_factory=list)
    clues: list[tuple[str, str]] = field(default_factory=list)
    questions: list[str] = field(default_factory=list)
    choices: list[str] = field(default_factory=list)
    size: int | None = None
    positions: bool = True
    closing: list = field(default_factory=list)  # statements after the questions


def _raw_values(text: str) -> list[str]:
    text = text.strip().rstrip(".").strip()
    parts = [p.strip() for p in re.split(r"\s*[,;]\s*", text) if p.strip()]
    out = []
    for part in parts:
        part = re.sub(r"^(?:and|or)\s+", "", part).strip(" `'\"")
        part = re.sub(r"^one\s+", "", part)  # BIG-bench: "one has a red car"
        if part:
            out.append(part)
    return out


def _options(text: str, rest: str = "") -> list[list[str]]:
    """The ways to cut a list: at commas only, or also at one "and" ("or") inside one of its
    items ("a, b and c"); of several such cuts, those whose parts all appear in the rest of
    the text ("pizza and mac and cheese": "mac and cheese" is in a clue)."""
    plain = _raw_values(text)
    cuts = []
    for k, item in enumerate(plain):
        for m in re.finditer(r"\s+(?:and|or)\s+", item):
            head, tail = item[:m.start()].strip(" `'\""), item[m.end():].strip(" `'\"")
            if head and tail:
                cuts.append(plain[:k] + [head, tail] + plain[k + 1:])
    if len(cuts) > 1:
        low = rest.lower()
        seen = [c for c in cuts if all(v.lower() in low for v in c)]
        # no evidence either way: "and" before the last value, as English lists are written
        cuts = seen if len(seen) == 1 else [c for c in cuts if c[:len(plain) - 1] == plain[:-1]
                                            and len(c) == len(plain) + 1][-1:]
    return [plain, *cuts]


def _size_of(options: list[tuple[str, list[list[str]]]]) -> int | None:
    """The number of values when the introduction does not say: the one size every list
    can be cut to; of several, the one the lists read as English writes them ("a, b and c"
    is three) most often; else the lists that cut one way only."""
    sizes = [{len(c) for c in cuts} for _, cuts in options]
    common = set.intersection(*sizes) if sizes else set()
    if len(common) == 1:
        return common.pop()
    if common:
        usual = Counter(len(cuts[-1]) for _, cuts in options if len(cuts[-1]) in common)
        return usual.most_common(1)[0][0]
    sure = Counter(len(o[0]) for _, o in options if len(o) == 1)
    anyway = Counter(len(v) for _, o in options for v in o)
    pick = sure or anyway
    return pick.most_common(1)[0][0] if pick else None


def _list_sentence(line: str) -> re.Match[str] | None:
    """"The jobs are baker, nurse and pilot.": a list when it names two or more values
    separated by commas or "and" and no verb-like word ("numbered", "sitting")."""
    m = _LIST_SENTENCE.match(line)
    if m is None or re.search(r"\b(?:numbered|sitting|standing|living|different|unique|"
                              r"each|all|not|in a row|from|to)\b", m.group(2), re.I):
        return None
    return m


def _clues(entries: list[tuple[str | None, str, bool, bool, int]]) -> list[tuple[str, str]]:
    """The clues of the lines after the lists. A line that is not numbered continues the
    clue before it when that clue has not ended its sentence (a clue wrapped over two lines;
    among bullets, the line must not be a bullet; among plain lines, it must be indented);
    else it is a clue of its own: numbered by its place among unnumbered clues, or named by
    its line among numbered ones, so that no line is left out without a word."""
    numbered = any(label is not None for label, *_ in entries)
    clues: list[list[str]] = []
    bullets: list[bool] = []
    for label, text, bulleted, indented, lineno in entries:
        if label is None and clues and not _ENDS.search(clues[-1][1]) and not bulleted and \
                (numbered or bullets[-1] or indented):
            clues[-1][1] += " " + text
            continue
        if label is None:
            label = f"at line {lineno}" if numbered else str(len(clues) + 1)
        clues.append([label, text])
        bullets.append(bulleted)
    return [(label, text) for label, text in clues]


def split_document(text: str) -> Document:
    doc = Document()
    lines = text.replace("\r", "").split("\n")
    raw_lists: list[tuple[str, str]] = []
    # the lines after the lists: (number or None, text, bulleted, indented, line number)
    entries: list[tuple[str | None, str, bool, bool, int]] = []
    asked = False
    for lineno, line in enumerate(lines, 1):
        stripped = line.strip()
        if not stripped:
            continue
        clue = _CLUE_LINE.match(stripped)
        other = None if clue else _OTHER_CLUE_LINE.match(stripped)
        listed = None if clue or other else \
            _LIST_LINE.match(stripped) or _list_sentence(stripped)
        if asked:
            if clue:  # a question among the clues: the clues go on after it
                asked = False
                entries += [(None, text, False, False, n) for n, text in doc.closing]
                doc.closing = []
            elif re.match(r"^(?:choice|[a-e][.):])\s*:?\s*", stripped, re.I):
                doc.choices.append(re.sub(r"^choice\s*:\s*", "", stripped, flags=re.I))
                continue
            else:
                doc.closing.append((lineno, stripped))
                continue
        if (raw_lists or entries) and (_QUESTION_START.match(stripped) and "?" in stripped
                                       or stripped.lower().startswith("q:")):
            asked = True
            doc.questions.append(stripped)
            continue
        if not clue and not other and stripped.endswith(":") and \
                not any(e[0] is not None for e in entries) and \
                not _LIST_LINE.match(stripped) and (raw_lists or entries):
            continue  # a header before the clues: "Given the following premises ...:"
        if clue:
            entries.append((clue.group(1) or clue.group(2), clue.group(3), False, False, lineno))
        elif other:
            label = next(g for g in other.groups()[:-1] if g)
            entries.append((str(number(label.lower()) or label) if not label.isdigit()
                            else label, other.group(other.lastindex or 0), False, False,
                            lineno))
        elif listed and not entries and \
                not listed.group(1).lower().startswith(_NOT_A_LIST) and \
                len(_raw_values(listed.group(2))) >= 1 and \
                (len(_raw_values(listed.group(2))) >= 2 or " and " in listed.group(2)):
            raw_lists.append((listed.group(1).strip(), listed.group(2)))
        elif not raw_lists and not entries:
            doc.intro.append(stripped)
        elif _CLUES_HEADER.match(stripped):
            continue
        else:
            bullet = re.match(r"^[-*•]\s*", stripped)
            entries.append((None, stripped[bullet.end():] if bullet else stripped,
                            bool(bullet), line[:1].isspace(), lineno))
    doc.clues = _clues(entries)
    closing = [text for _, text in doc.closing]
    # a line naming the lists ("Each person has a set of attributes: Food, Hobby, Pet")
    titles = {title.strip().lower() for title, _ in raw_lists}
    raw_lists = [(title, values) for title, values in raw_lists
                 if not {v.lower() for v in _raw_values(values)} <= titles]
    doc.closing = closing
    intro = " ".join(doc.intro)
    m = _SIZE.search(intro)
    if m:
        doc.size = number(next(g for g in m.groups() if g).lower())
    doc.positions = bool(_POSITIONS.search(intro))
    # the number of values: from the introduction, else the lists that cut one way only
    rest = " ".join(text for _, text in doc.clues)
    options = [(title, _options(values, rest)) for title, values in raw_lists]
    if doc.size is None:
        doc.size = _size_of(options)
    for title, cuts in options:
        fitting = [c for c in cuts if len(c) == doc.size]
        doc.lists.append((title, fitting[0] if fitting else cuts[0]))
    # question sentences: each "...?" of the question lines
    questions = []
    for q in doc.questions:
        q = re.sub(r"^\s*(?:q(?:uestion)?\s*:\s*|#+\s*)", "", q, flags=re.I)
        questions += [s.strip() + "?" for s in re.findall(r"[^?]+(?=\?)", q) if s.strip()]
    doc.questions = list(dict.fromkeys(questions))  # asked among the clues and again at the end
    return doc
