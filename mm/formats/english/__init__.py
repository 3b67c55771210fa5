"""English logic-grid puzzles read exactly, or not at all, clue by clue.

`parse_english(text)` cuts the text into introduction, attribute lists, clues and questions
(`document`), builds one noun type per list (a House type first when the puzzle has
positions), and reads each clue with a grammar of clue forms (`grammar`, `reader`) over the
values it names (`lexicon`). A clue with no exact reading is left out and listed in
`not_read` with its number and the reason; a statement that names no value is listed in
`unused`. Leaving out a true clue can only add solutions, so a unique answer stays right.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from mm.errors import EnglishPuzzleError
from mm.formats.english.chunks import NotUsed
from mm.formats.english.document import split_document
from mm.formats.english.lexicon import tokenize
from mm.formats.english.reader import Category, ClueReader, NotReadable, categorize
from mm.formats.english.riddle import infer_lists
from mm.model.question import Question
from mm.model.unread import NotRead
from mm.puzzle import Puzzle

__all__ = ["EnglishPuzzle", "EnglishPuzzleError", "NotRead", "Question", "english_puzzle",
           "parse_english"]

# words of a list's sentence that say nothing about which list it is
_GENERIC = {"each", "every", "person", "people", "one", "has", "have", "a", "an", "the",
            "unique", "different", "favorite", "favourite", "their", "they", "of", "in",
            "is", "are", "for", "and", "or", "all", "to", "with", "own", "owns", "keep",
            "keeps", "like", "likes", "love", "loves", "everyone", "distinct", "its", "it",
            "there", "who", "that", "which", "by", "on", "at", "house", "houses", "lives",
            "live", "from", "some", "also", "s", "'s"}


@dataclass
class ClueReading:
    """What one clue became: the facts and rules it added, or why it was not read."""

    where: str
    text: str
    became: list[str] = field(default_factory=list)
    reason: str | None = None  # set when not read / not used
    used: bool = True


@dataclass
class EnglishPuzzle:
    puzzle: Puzzle
    question: Question | None
    not_read: list[NotRead]
    unused: list[NotRead] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)
    readings: list[ClueReading] = field(default_factory=list)

    @property
    def problems(self) -> list[str]:
        """The clues not read, one line each (the older name)."""
        return [f"{n.where} ('{n.text}'): {n.reason}" for n in self.not_read]

    def answer(self, solution):  # noqa: ANN001, ANN201 - Solution -> str | int | None
        return None if self.question is None else self.question.answer(solution)


_PEOPLE = {"people", "persons", "friends", "children", "students", "residents", "women", "men",
           "neighbors", "neighbours", "contestants", "players", "guests", "kids"}


def _people_label(title: str) -> str:
    """"The people are Ann, Bo and Cy": a list of who the people are is their names."""
    words = {w for w in tokenize(title) if w.isalpha()}
    return "names" if words & _PEOPLE and not words - _GENERIC - _PEOPLE else title


def _context(title: str) -> set[str]:
    words = {w for w in tokenize(title) if w.isalpha()} - _GENERIC
    return words | {w[:-1] for w in words if w.endswith("s") and len(w) > 3} | \
        {w + "s" for w in words if not w.endswith("s")}


def _type_name(title: str, taken: list[str]) -> str:
    words = [w for w in tokenize(title) if w.isalpha() and w not in _GENERIC]
    base = (words[-1] if words else "Attribute").capitalize()
    name, k = base, 2
    while name in taken or name == "House":
        name, k = f"{base}{k}", k + 1
    return name


_LONG_NUMBER = re.compile(r"\d{1000,}")


def parse_english(text: str, name: str = "EnglishPuzzle") -> EnglishPuzzle:
    """Read an English zebra puzzle. Raises EnglishPuzzleError when no puzzle can be built
    (no lists, sizes that differ); clues it cannot read exactly are listed in `not_read`."""
    long_number = _LONG_NUMBER.search(text)
    if long_number:  # Python refuses to turn it into an int (and no puzzle needs one)
        line = text.count("\n", 0, long_number.start()) + 1
        raise EnglishPuzzleError(f"line {line}: a number of {len(long_number.group())} digits "
                                 "is too long to read")
    doc = split_document(text)
    if len(doc.lists) < 2:  # no lists (or a stray "label: a, b" line): a riddle's text?
        riddle = infer_lists(doc, text)
        doc = riddle if len(riddle.lists) >= 2 else doc
    if not doc.lists:
        raise EnglishPuzzleError("no attribute lists found (lines such as "
                                 "'- Each person has a unique name: alice, bob')")
    size = doc.size or len(doc.lists[0][1])
    for title, values in doc.lists:
        if len(values) != size:
            raise EnglishPuzzleError(f"attribute list '{title}' has {len(values)} values, "
                                     f"expected {size}: {', '.join(values)}")
        if len({v.lower() for v in values}) != len(values):
            raise EnglishPuzzleError(f"attribute list '{title}' names a value twice")
    if not doc.clues:
        raise EnglishPuzzleError("no clues found (lines such as '1. ...')")
    puzzle = Puzzle(name, name)
    houses = None
    if doc.positions:
        houses = puzzle.add_noun_type("House")
        houses.add_nouns(*(str(i + 1) for i in range(size)))
    categories: list[Category] = []
    for title, values in doc.lists:
        title = _people_label(title)
        kind = puzzle.add_noun_type(_type_name(title, [c.noun_type.name for c in categories]))
        for value in values:
            kind.add_noun(value.strip(), value)
        categories.append(categorize(kind, _context(title)))
    reader = ClueReader(puzzle, houses, categories, intro=" ".join(doc.intro))
    english = EnglishPuzzle(puzzle, None, [])
    for number, sentence in doc.clues:
        english.readings.append(_read_clue(reader, puzzle, english, number, sentence))
    for q in doc.questions:
        try:
            english.questions.append(_question(reader, q, doc.choices))
        except EnglishPuzzleError as exc:  # the puzzle is still solved; nothing is answered
            english.not_read.append(NotRead("question", q, str(exc)))
    english.question = english.questions[0] if english.questions else None
    puzzle.questions = list(english.questions)
    puzzle.not_read = english.not_read + english.unused  # "not used: ..." constrains nothing
    return english


def _read_clue(reader: ClueReader, puzzle: Puzzle, english: EnglishPuzzle, number: str,
               sentence: str) -> ClueReading:
    where = f"clue {number}"
    text = re.sub(r"\s+", " ", sentence.strip())
    try:
        effects = reader.read(where, text)
    except NotUsed as exc:
        reason = f"not used: {exc}"
        english.unused.append(NotRead(where, text, reason))
        return ClueReading(where, text, reason=reason, used=False)
    except NotReadable as exc:
        english.not_read.append(NotRead(where, text, str(exc)))
        return ClueReading(where, text, reason=str(exc))
    before = len(puzzle.facts), len(puzzle.rules)
    for effect in effects:
        effect.apply(puzzle, number, text)
    became = [puzzle.say_fact(f.noun1, f.verb, f.link, f.noun2)
              for f in puzzle.facts[before[0]:]]
    became += [repr(r.constraint) for r in puzzle.rules[before[1]:]]
    return ClueReading(where, text, became)


_HOUSE_QUESTIONS = [
    r"(?:what|which) (?:position|house|house number|place|spot|seat) (?:is|does|do) (?P<x>.+?)"
    r"(?: at| in| on| live| lives| live in| live at| sit| sit in| sit at| sit on)?",
    r"(?:in|at|on) (?:what|which) (?:position|house|place|spot|seat) (?:is|does|do) "
    r"(?P<x>.+?)(?: live| lives| sit| sits)?",
    r"what is the (?:number|position) of the house where (?P<x>.+?) lives?",
    r"what is the (?:house number|position|house) (?:of|where) (?P<x>.+?)(?: lives?| is)?",
    r"where (?:does|do) (?P<x>.+?) live",
]
_WHO_QUESTIONS = [
    r"who (?P<x>.+)",
    r"which (?:person|one|resident|man|woman) (?P<x>.+)",
    r"which of the (?:\w+) (?P<x>.+)",
]
_ATTRIBUTE_QUESTIONS = [
    r"what is (?:the )?(?P<cat>[\w ]+?) of (?P<x>.+)",
    r"what (?P<cat>[\w ]+?) (?:does|do|is) (?P<x>.+?) (?:have|has|like|likes|own|owns|drink|"
    r"drinks|keep|keeps|smoke|smokes|play|plays|prefer|prefers|eat|eats|drive|drives)",
    r"what (?P<cat>[\w ]+?) (?:is|does|do|has) (?P<x>.+)",
]
_GRID = re.compile(r"\bwhich\b.*\bwhich\b|\bwho \w+ (?:what|where|when)\b|\bsolution\b|"
                   r"^who (?:has|owns|lives|likes|does) (?:which|what)\b|"
                   r"\beach (?:person|house)\b|\bwhole grid\b", re.I)


def _question(reader: ClueReader, text: str, choices: list[str]) -> Question:
    """The question, or an EnglishPuzzleError naming it (a question is never guessed)."""
    q = re.sub(r"\s+", " ", text.strip().rstrip("?").strip())
    low = q.lower()
    words = tokenize(q)
    if reader.lexicon.mentions(words) == words and _GRID.search(q):
        return Question(q, "grid", choices=list(choices))
    try:
        for pattern in _HOUSE_QUESTIONS:
            m = re.fullmatch(pattern, low)
            if m and reader.houses is not None:
                return Question(q, "house", subject=reader.subject(m.group("x")),
                                choices=list(choices))
        for pattern in _ATTRIBUTE_QUESTIONS:
            m = re.fullmatch(pattern, low)
            if m:
                want = {w for w in tokenize(m.group("cat"))} - {"the", "a", "an"}
                cats = [c for c in reader.categories if want & c.context]
                if len(cats) == 1:
                    subject = reader.subject(m.group("x"))
                    if subject.type is reader.houses:
                        return Question(q, "attribute", category=cats[0].noun_type,
                                        house=subject.num, choices=list(choices))
                    return Question(q, "who", category=cats[0].noun_type, subject=subject,
                                    choices=list(choices))
        for pattern in _WHO_QUESTIONS:
            m = re.fullmatch(pattern, low)
            if m:
                names = [c for c in reader.categories if c.context & {"name", "names"}] or \
                    [c for c in reader.categories
                     if any(w.startswith("national") for w in c.context)] or \
                    reader.categories[:1]
                return Question(q, "who", category=names[0].noun_type,
                                subject=reader.subject(m.group("x")), choices=list(choices))
    except NotReadable as exc:
        raise EnglishPuzzleError(f"cannot read the question '{q}?': {exc}") from None
    raise EnglishPuzzleError(f"cannot read the question '{q}?'")


def english_puzzle(text: str, name: str = "EnglishPuzzle") -> Puzzle:
    """The puzzle of an English text with its question and `not_read` list attached: the
    clues it could not read are left out (see `parse_english`)."""
    return parse_english(text, name).puzzle
