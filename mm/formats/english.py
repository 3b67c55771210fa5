"""English zebra puzzles (the templated style of ZebraLogic, BIG-bench and reasoning-gym)
read into a Puzzle: a House type, one noun type per attribute list, one fact or rule per clue.

Clues are read by kind, not by one collection's exact sentences: a clue is split around the
words of its kind ("directly left of", "next to each other", "in the second house", ...) and
each side is matched to one attribute value. Values are matched on whole words with
punctuation and case ignored ("Ford F-150" = "ford f150"), then on word stems ("British" ~
"brit", "September" ~ "sept"), then on a number ("the person who is 8" ~ "age 8"); words
of the attribute list's own sentence break ties ("the person's child is named Alice" is the
child, not the name). A clue that matches no kind, or a side that matches no value or two
equally well, is reported with its number; nothing is guessed.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from mm.errors import PuzzleError
from mm.model import links, rules
from mm.model.puzzle_data import WITH, Link, Noun, NounType
from mm.model.question import Question
from mm.model.solution import Solution
from mm.model.verbs import IS, IS_NOT
from mm.puzzle import Puzzle

_NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12}
_STOP = {"the", "a", "an", "who", "whose", "that", "which", "is", "are", "person", "people",
         "one", "has", "have", "of", "in", "each", "every", "everyone", "their", "they",
         "different", "unique", "favorite", "favourite", "and", "or", "all", "to", "for",
         "with", "on", "at", "by", "them", "there", "this", "it", "its", "house", "houses",
         "lives", "live", "own", "owns", "likes", "like", "loves", "love"}
_TRAILING_BAD = {"who", "whose", "that", "which", "is", "are", "the", "a", "an", "of", "in",
                 "and", "to", "where", "lives", "live"}


class EnglishPuzzleError(PuzzleError, ValueError):
    """The text could not be read as a zebra puzzle; the message names the line or clue."""


@dataclass
class EnglishPuzzle:
    puzzle: Puzzle
    question: Question | None
    problems: list[str]  # clues that could not be read, each with its number and text

    def answer(self, solution: Solution) -> str | int | None:
        return None if self.question is None else self.question.answer(solution)


# ------------------------------------------------------------------ words

def _words(text: str) -> list[str]:
    """Lower-case words; a hyphen or apostrophe joins ("F-150" -> "f150", "mother's" ->
    "mothers")."""
    text = re.sub(r"(?<=\w)[-'’](?=\w)", "", text.lower())
    return re.findall(r"[a-z0-9]+", text)


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def _similar(value: str, word: str) -> bool:
    """A stem match: one word starts the other, or they share all but the last letter or
    two of the shorter ("swede" ~ "swedish")."""
    if len(value) < 3 or len(word) < 3:
        return False
    if word.startswith(value) or value.startswith(word):
        return True
    common = len(os.path.commonprefix([value, word]))
    return common >= max(4, min(len(value), len(word)) - 1)


def _number(text: str) -> int | None:
    text = text.strip().lower()
    if text.isdigit():
        return int(text)
    m = re.fullmatch(r"(\d+)(?:st|nd|rd|th)", text)
    if m:
        return int(m.group(1))
    return _NUMBER_WORDS.get(text) or _ORDINALS.get(text)


@dataclass
class _Category:
    noun_type: NounType
    context: set[str]  # stems of the words of the attribute list's sentence


class _Matcher:
    """Finds the one attribute value a phrase names."""

    def __init__(self, categories: list[_Category]):
        self.categories = categories
        self.context = {c.noun_type.index: c.context for c in categories}
        self.signature = {c.noun_type.index: c.context - set().union(
            *(d.context for d in categories if d is not c)) for c in categories}

    def _score(self, words: list[str], noun: Noun) -> int:
        value = _words(noun.title)
        if not value:
            return 0
        squashed = "".join(value)
        # 3: the value's words appear together (spacing and punctuation ignored)
        for i in range(len(words)):
            run = ""
            for word in words[i:]:
                run += word
                if run == squashed:
                    return 3
                if len(run) >= len(squashed):
                    break
        # 2: every word of the value has a stem match
        if all(any(_similar(v, w) for w in words) for v in value if v not in _STOP):
            if any(v not in _STOP for v in value):
                return 2
        # 1: the value's number, or all its distinctive (non-stop) words, appear
        numbers = [v for v in value if v.isdigit()]
        if numbers and all(n in words for n in numbers):
            return 1
        return 0

    def resolve(self, phrase: str) -> Noun:
        words = _words(phrase)
        if not words or words[-1] in _TRAILING_BAD or words[0] in ("is", "and", "of"):
            raise EnglishPuzzleError(f"'{phrase}' names no attribute value")
        scored = []
        for category in self.categories:
            for noun in category.noun_type.nouns:
                score = self._score(words, noun)
                if score:
                    stems = {_stem(w) for w in words if w not in _STOP}
                    context = len(stems & category.context)
                    # a category with words of its own ("hair") that the phrase lacks
                    own = self.signature[category.noun_type.index]
                    if own and not stems & own:
                        context -= 1
                    scored.append((score, context, len(noun.title), noun))
        if not scored:
            raise EnglishPuzzleError(f"'{phrase}' names no attribute value")
        # a value found inside a longer value found in the phrase is not meant ("blue" in
        # "blue master", "short" in "very short")
        exact = ["".join(_words(s[3].title)) for s in scored if s[0] == 3]
        scored = [s for s in scored if s[0] < 3 or not any(
            "".join(_words(s[3].title)) in e and "".join(_words(s[3].title)) != e
            for e in exact)]
        scored.sort(key=lambda s: s[:2], reverse=True)
        best = scored[0]
        rivals = [s for s in scored[1:] if s[:2] == best[:2] and s[3] is not best[3]]
        if rivals:
            # a bare proper name ("Alice") is the person's name, not a child called Alice
            named = [s for s in [best, *rivals] if "name" in self.context[s[3].type.index]]
            if len(named) == 1 and not any(w not in _STOP and w not in _words(best[3].title)
                                           for w in words):
                return named[0][3]
            names = ", ".join(f"'{s[3].title}' ({s[3].type.name})" for s in [best, *rivals])
            raise EnglishPuzzleError(f"'{phrase}' could be any of {names}")
        return best[3]


# ------------------------------------------------------------------ the text

_HEADER_HOUSES = re.compile(r"there are (\w+) (?:houses|people|persons|positions)", re.I)
_CLUE_LINE = re.compile(r"^\s*(\d+)\s*[.):]\s*(.+?)\s*$")
_QUESTION_LINE = re.compile(r"^(?:Q:\s*)?(?:what|who|which|where|in which|how many|how)\b.*\?",
                            re.I)
_CLUES_HEADER = re.compile(r"^[#*\s]*clues?(?:\s*\(s\))?\s*:?\s*$", re.I)
_LIST_LINE = re.compile(r"^\s*(?:[-*•]\s*)?([A-Z][^:]{2,}?):\s*(.+?)\s*$")


def _split_values(text: str) -> list[str]:
    text = text.strip().rstrip(".")
    parts = re.split(r",\s*|\s+(?:and|or)\s+", text)
    values = []
    for part in parts:
        part = re.sub(r"^(?:and|or)\s+", "", part.strip()).strip(" `'\"")
        part = re.sub(r"^one\s+", "", part)  # BIG-bench: "one has a red car"
        if part:
            values.append(part)
    return values


def parse_english(text: str, name: str = "EnglishPuzzle") -> EnglishPuzzle:
    """Read an English zebra puzzle; raise EnglishPuzzleError if its houses or attribute
    lists cannot be found. Clues it cannot read are listed in `problems`."""
    lines = [line for line in text.replace("\r", "").split("\n")]
    size = None
    m = _HEADER_HOUSES.search(text)
    if m:
        size = _number(m.group(1))
    lists: list[tuple[str, list[str]]] = []
    clues: list[tuple[str, str]] = []
    rest: list[str] = []
    loose: list[str] = []  # unnumbered lines after the lists
    asked = False  # past the first question line: the rest is the question and choices
    for line in lines:
        clue = _CLUE_LINE.match(line)
        listed = None if clue else _LIST_LINE.match(line)
        stripped = line.strip()
        if asked or (lists and _QUESTION_LINE.match(stripped)):
            asked = asked or bool(stripped)
            if stripped:
                rest.append(stripped)
        elif clue:
            clues.append((clue.group(1), clue.group(2)))
        elif listed and not clues and len(_split_values(listed.group(2))) >= 2 \
                and not listed.group(1).lower().startswith(("this is", "there are")):
            lists.append((listed.group(1).strip(), _split_values(listed.group(2))))
        elif lists and stripped and not _CLUES_HEADER.match(stripped):
            loose.append(re.sub(r"^[-*•]\s*", "", stripped))
    if not clues:  # no numbered clues: each bullet or line after the lists is one
        clues = [(str(k), sentence) for k, sentence in enumerate(loose, 1)]
    if not lists:
        raise EnglishPuzzleError("no attribute lists found (lines such as "
                                 "'- Each person has a unique name: alice, bob')")
    size = size or len(lists[0][1])
    for title, values in lists:
        if len(values) != size:
            raise EnglishPuzzleError(
                f"attribute list '{title}' has {len(values)} values, expected {size}: "
                f"{', '.join(values)}")
    if not clues:
        raise EnglishPuzzleError("no numbered clues found (lines such as '1. ...')")

    puzzle = Puzzle(name, name)
    houses = puzzle.add_noun_type("House")
    houses.add_nouns(*(str(i + 1) for i in range(size)))
    categories: list[_Category] = []
    for title, values in lists:
        kind = puzzle.add_noun_type(_type_name(title, [c.noun_type.name for c in categories]))
        for value in values:
            kind.add_noun(value.strip(), value)
        categories.append(_Category(kind, {_stem(w) for w in _words(title)} - _STOP))
    reader = _ClueReader(puzzle, houses, _Matcher(categories))
    problems = []
    for number, sentence in clues:
        try:
            reader.read(number, sentence)
        except PuzzleError as exc:
            problems.append(f"clue {number} ('{sentence}'): {exc}")
    question = None
    question_text = " ".join(rest)
    if question_text:
        question = _question(question_text, reader, categories)
    puzzle.question = question
    return EnglishPuzzle(puzzle, question, problems)


def english_puzzle(text: str, name: str = "EnglishPuzzle") -> Puzzle:
    """The puzzle of an English text, its question attached; a clue it cannot read is an
    error here (a puzzle with a clue left out could have a different answer)."""
    english = parse_english(text, name)
    if english.problems:
        raise EnglishPuzzleError("; ".join(english.problems))
    return english.puzzle


def _type_name(title: str, taken: list[str]) -> str:
    words = [w for w in _words(title) if w not in _STOP]
    base = (words[-1] if words else "Attribute").capitalize()
    name, k = base, 2
    while name in taken or name == "House":
        name, k = f"{base}{k}", k + 1
    return name


# ------------------------------------------------------------------ clues

_PLACE_WORDS = ("last", "rightmost", "final", "leftmost", "middle")
_POSITION = (r"(?:the )?(?P<pos>\w+)(?: house| position| place| spot)"
             r"|house (?:number |no\.? |#)?(?P<num>\d+)|position (?P<num2>\d+)")


class _ClueReader:
    def __init__(self, puzzle: Puzzle, houses: NounType, matcher: _Matcher):
        self.p, self.houses, self.m = puzzle, houses, matcher
        self._links: dict[str, Link] = {}

    def link(self, name: str) -> Link:
        if name not in self._links:
            factory = {"directly left of": lambda: links.less_by(1),
                       "directly right of": lambda: links.more_by(1),
                       "left of": links.less_than, "right of": links.more_than,
                       "next to": links.next_to,
                       "one house between": lambda: links.offset_by(2),
                       "two houses between": lambda: links.offset_by(3),
                       "three houses between": lambda: links.offset_by(4)}[name]
            self._links[name] = self.p.add_link(name, self.houses, factory())
        return self._links[name]

    def resolve(self, phrase: str) -> Noun:
        """The attribute value a phrase names, or else the house it names ("the man
        living in the middle house")."""
        try:
            return self.m.resolve(phrase)
        except EnglishPuzzleError:
            place = re.search(rf"\b(?:{_POSITION})$", phrase.strip())
            if place and (place.group("num") or place.group("num2")
                          or _number(place.group("pos") or "")
                          or place.group("pos") in _PLACE_WORDS):
                return self.house(place)
            raise

    def house(self, match: re.Match) -> Noun:
        text = match.group("pos") or match.group("num") or match.group("num2")
        size = len(self.houses.nouns)
        if text in ("last", "rightmost", "final"):
            k = size
        elif text in ("leftmost",):
            k = 1
        elif text == "middle" and size % 2:
            k = size // 2 + 1
        else:
            k = _number(text) or 0
        if not 1 <= k <= size:
            raise EnglishPuzzleError(f"no house '{text}' (houses 1 to {size})")
        return self.houses.nouns[k - 1]

    def fact(self, number: str, x: str | Noun, negated: bool, link, y: str | Noun,
             text: str) -> None:
        a = x if isinstance(x, Noun) else self.resolve(x)
        b = y if isinstance(y, Noun) else self.resolve(y)
        if link is WITH and a.type is b.type:
            if a is b:
                raise EnglishPuzzleError("relates a value to itself")
            raise EnglishPuzzleError(f"'{a.title}' and '{b.title}' are both {a.type.name} "
                                     "values")
        self.p.add_fact(number, a, IS_NOT if negated else IS, link, b, text)

    def read(self, number: str, text: str) -> None:
        s = re.sub(r"\s+", " ", text.strip()).rstrip(".!").strip()
        low = s.lower()
        neg = r"(?P<neg>(?:is|does|do) not |isn't |doesn't |don't )?"
        verb = r"(?:is |are |lives? |stays? |sits? |stands? )?"
        # somewhere in between Y and Z, in that order
        m = re.fullmatch(rf"(?P<x>.+?) {verb}(?:somewhere )?(?:in )?between (?P<y>.+?) and "
                         r"(?P<z>.+?),? in that order", low)
        if m:
            x, y, z = (self.m.resolve(m.group(k)) for k in "xyz")
            left = self.link("left of")
            self.p.add_rule(number, s, rules.all_of(rules.related(y, left, x),
                                                    rules.related(x, left, z)))
            return
        # one/two houses between
        m = re.fullmatch(r"there (?:is|are) (?P<k>\w+) (?:houses?|people|persons?|positions?)"
                         r" between (?:where )?(?P<x>.+?)(?: lives?)? and (?:where )?"
                         r"(?P<y>.+?)(?: lives?)?", low)
        if m:
            k = _number(m.group("k"))
            if k not in (1, 2, 3):
                raise EnglishPuzzleError(f"cannot read '{m.group('k')}' houses between")
            name = {1: "one house between", 2: "two houses between",
                    3: "three houses between"}[k]
            self.fact(number, m.group("x"), False, self.link(name), m.group("y"), s)
            return
        # k houses away from
        m = re.fullmatch(rf"(?P<x>.+?) {neg}{verb}(?P<k>\w+) (?:houses?|places?|positions?|doors?) "
                         r"(?:away )?from (?P<y>.+)", low)
        k = _number(m.group("k")) if m else None
        if m and k is not None and 1 <= k <= 4:
            name = {1: "next to", 2: "one house between", 3: "two houses between",
                    4: "three houses between"}[k]
            self.fact(number, m.group("x"), bool(m.group("neg")), self.link(name),
                      m.group("y"), s)
            return
        # next to (each other)
        for pattern in (rf"(?P<x>.+?) and (?P<y>.+?) {neg}(?:are |live |sit |stand )?"
                        r"(?:next to|adjacent to|beside|neighbou?rs of) each other",
                        rf"(?P<x>.+?) {neg}{verb}(?:next to|adjacent to|beside|a neighbou?r "
                        r"of) (?P<y>.+)",
                        rf"(?P<x>.+?) {neg}(?:has|have) a neighbou?r (?:who|that|with) (?P<y>.+)"):
            m = re.fullmatch(pattern, low)
            if m and not re.search(r"\b(?:left|right) of\b", m.group("x")):
                self.fact(number, m.group("x"), bool(m.group("neg")), self.link("next to"),
                          m.group("y"), s)
                return
        # at one of the ends
        m = re.fullmatch(rf"(?P<x>.+?) {neg}{verb}(?:at|in) (?:one of the|an|either) ends?"
                         r"(?: of the (?:row|street|line))?", low)
        if m:
            x = self.m.resolve(m.group("x"))
            first, last = self.houses.nouns[0], self.houses.nouns[-1]
            ends = rules.any_of(rules.with_(x, first), rules.with_(x, last))
            self.p.add_rule(number, s, rules.not_(ends) if m.group("neg") else ends)
            return
        # left / right of
        m = re.fullmatch(rf"(?P<x>.+?) {neg}{verb}(?P<how>directly |immediately |just |"
                         r"somewhere |anywhere )?(?:to the |on the )?(?P<side>left|right) of "
                         r"(?P<y>.+)", low)
        if m:
            how = (m.group("how") or "").strip()
            side = m.group("side")
            name = f"directly {side} of" if how in ("directly", "immediately", "just") \
                else f"{side} of"
            self.fact(number, m.group("x"), bool(m.group("neg")), self.link(name),
                      m.group("y"), s)
            return
        # at the far left / right
        m = re.fullmatch(rf"(?P<x>.+?) {neg}{verb}(?:at|on|in) the (?:far |very )?"
                         r"(?P<end>left|right)(?:most)?(?: end| side)?(?: of the (?:row|street))?",
                         low)
        if m:
            end = self.houses.nouns[0 if m.group("end") == "left" else -1]
            self.fact(number, m.group("x"), bool(m.group("neg")), WITH, end, s)
            return
        # in house N
        m = re.fullmatch(rf"(?P<x>.+?) {neg}{verb}(?:in|at|on) (?P<where>{_POSITION})", low)
        if m:
            place = m.group("pos")
            if place and not (_number(place) or place in _PLACE_WORDS):
                # "lives in the red house": the house is named by an attribute value
                self.fact(number, m.group("x"), bool(m.group("neg")), WITH,
                          m.group("where"), s)
            else:
                self.fact(number, m.group("x"), bool(m.group("neg")), WITH, self.house(m), s)
            return
        # X is Y / X is not Y: the split whose two sides each name one value
        self._same(number, s, low)

    def _same(self, number: str, s: str, low: str) -> None:
        """X is Y. The subject ends at the first verb after which both sides name one
        value each: first at "is"/"has"/"owns"/... then, for other verbs ("rears birds",
        "smokes Prince"), at any one to three connecting words."""
        low = re.sub(r"^person ", "", low)
        errors: list[str] = []
        for m in re.finditer(r" (?:is|are|was) (?P<neg>not )?|"
                             r" (?P<neg2>does not |doesn't )?(?:owns?|has|have|drinks?|"
                             r"keeps?|likes?|loves?|smokes?|eats?|plays?) ", low):
            if self._try_same(number, s, low[:m.start()], bool(m.group("neg") or
                                                              m.group("neg2")),
                              low[m.end():], errors):
                return
        words = low.split()
        for i in range(1, len(words)):
            for j in range(i + 1, min(i + 4, len(words))):
                connector = words[i:j]
                if any(w in _STOP - {"is", "has", "have", "own", "owns", "likes", "like",
                                     "loves", "love", "lives", "live"} for w in connector):
                    continue
                negated = bool({"not", "never", "doesn't", "isn't", "don't"} & set(connector))
                if self._try_same(number, s, " ".join(words[:i]), negated,
                                  " ".join(words[j:]), errors, strict=True):
                    return
        raise EnglishPuzzleError(errors[0] if errors else "matches no clue kind")

    def _try_same(self, number: str, s: str, x: str, negated: bool, y: str,
                  errors: list[str], strict: bool = False) -> bool:
        """With strict (an unknown verb joins the sides), the object must be little more
        than its value ("birds", "dogs as pets"), so that "rides a bicycle to the dog
        owner" is not read as "is the dog owner"."""
        try:
            a, b = self.resolve(x), self.resolve(y)
        except EnglishPuzzleError as exc:
            errors.append(str(exc))
            return False
        if a.type is b.type:
            return False
        if strict:
            value = set(_words(b.title))
            extra = [w for w in _words(y) if w not in value and w not in ("a", "an", "the")]
            if len(extra) > 2:
                return False
        self.fact(number, a, negated, WITH, b, s)
        return True


# ------------------------------------------------------------------ the question

def _question(text: str, reader: _ClueReader, categories: list[_Category]) -> Question | None:
    """The first question sentence of the text after the clues (None if there is none)."""
    after = text.split("?", 1)[1] if "?" in text else ""
    choices = re.findall(r"choice:\s*(.+?)(?=\s+choice:|\s+A:|$)", after, re.I)
    m = re.search(r"((?:what|which|who|where|in which|how)[^?]*)\?", text, re.I)
    if not m:
        return None
    q = m.group(1).strip()
    low = re.sub(r"\s+", " ", q.lower())
    # What is <category> of the person who lives in house N
    a = re.fullmatch(r"what is (?:the )?(?P<cat>.+?) (?:of|for) the (?:person|one|people) "
                     r"(?:(?:who|that) (?:lives|is|stays) )?(?:in|at) (?:" + _POSITION + ")",
                     low)
    if a:
        return Question(q, "attribute", category=_category(a.group("cat"), categories),
                        house=int(reader.house(a).name), choices=choices)
    # the number of the house / position where X lives; which house is X in
    for pattern in (r"what is the (?:number|position) of the house where (?P<x>.+?) lives?",
                    r"what is the house number (?:of|where) (?P<x>.+?)(?: lives?)?",
                    r"(?:in )?which (?:house|position) (?:does|is) (?P<x>.+?)(?: live| in| at)?",
                    r"what (?:house|position) (?:does|is) (?P<x>.+?)(?: live| in| at)?",
                    r"where does (?P<x>.+?) live"):
        h = re.fullmatch(pattern, low)
        if h:
            return Question(q, "house", subject=reader.m.resolve(h.group("x")),
                            choices=choices)
    w = re.fullmatch(r"who (?P<x>.+)", low)
    # "who" is the person's name, else their nationality, else the first list
    names = [c for c in categories if "name" in c.context] or \
        [c for c in categories if any(w.startswith("national") for w in c.context)] or \
        categories[:1]
    if w and names:
        subject = reader.m.resolve(w.group("x"))
        return Question(q, "who", category=names[0].noun_type, subject=subject,
                        choices=choices)
    raise EnglishPuzzleError(f"cannot read the question '{q}?'")


def _category(text: str, categories: list[_Category]) -> NounType:
    words = {_stem(w) for w in _words(text)} - _STOP
    best = [c for c in categories if words & c.context or
            _stem(c.noun_type.name.lower()) in words]
    if len(best) != 1:
        raise EnglishPuzzleError(f"cannot tell which attribute '{text}' means")
    return best[0].noun_type
