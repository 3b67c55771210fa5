"""Words of a clue and the attribute values they name.

A clue is tokenised first (lower case; "doesn't" -> "does not"; "James's" -> "james 's";
"F-150" -> "f150"), then every run of words that spells a value - its own words, a plural,
a demonym ("Frenchman" for French), a verb form ("boulders" for bouldering), a number word
("five liters") - becomes one mention. The grammar sees a mention as one token, so a clue
reads only if every other word is a word the grammar knows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mm.model.text import numbered_ordinal

NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12,
    "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7, "8th": 8, "9th": 9,
    "10th": 10, "11th": 11, "12th": 12}

# each group names one nationality; a value spelled by one word of a group is also named by
# the others (when no other value of the puzzle is)
DEMONYMS = [
    ("british", "brit", "briton", "englishman", "english", "englishwoman"),
    ("french", "frenchman", "frenchwoman"), ("dutch", "dutchman", "dutchwoman"),
    ("german", "germans"), ("swedish", "swede"), ("danish", "dane"),
    ("norwegian",), ("spanish", "spaniard"), ("japanese",), ("chinese",),
    ("italian",), ("ukrainian",), ("american",), ("canadian",), ("mexican",),
    ("russian",), ("irish", "irishman", "irishwoman"), ("scottish", "scot", "scotsman"),
    ("welsh", "welshman"), ("polish", "pole"), ("finnish", "finn"), ("turkish", "turk"),
    ("thai",), ("korean",), ("indian",), ("brazilian",), ("argentine", "argentinian"),
    ("egyptian",), ("greek",), ("portuguese",), ("swiss",), ("austrian",), ("belgian",),
    ("australian",), ("icelandic", "icelander"), ("hungarian",), ("czech",),
    ("vietnamese",), ("filipino",), ("nigerian",), ("kenyan",), ("peruvian",),
    ("chilean",), ("colombian",), ("cuban",), ("israeli",), ("pakistani",),
]
_DEMONYM_OF = {w: group for group in DEMONYMS for w in group}

_CONTRACTIONS = {"doesn't": "does not", "don't": "do not", "isn't": "is not",
                 "aren't": "are not", "wasn't": "was not", "weren't": "were not",
                 "didn't": "did not", "can't": "can not", "cannot": "can not",
                 "won't": "will not", "hasn't": "has not", "haven't": "have not"}


def tokenize(text: str) -> list[str]:
    """Lower-case tokens: words, numbers, "'s" and the punctuation the grammar reads (",")."""
    text = text.lower().replace("’", "'").replace("‘", "'").replace("`", "")
    text = re.sub(r"(\d),(\d{3})", r"\1\2", text)  # 1,000 -> 1000
    text = re.sub(r"\b(\d{1,2}):(\d\d)\s*([ap])\.?m\b\.?", r"\1\2\3m", text)  # 9:30 am
    text = re.sub(r"\b(\d{1,2}):(\d\d)\b", r"\1\2", text)
    text = re.sub(r"\$(\d)", r"\1", text)
    for short, long in _CONTRACTIONS.items():
        text = re.sub(rf"\b{re.escape(short)}\b", long, text)
    text = re.sub(r"(?<=\w)'s\b", " 's", text)
    text = re.sub(r"(?<=s)'(?=\s|$)", " 's", text)  # "the Joneses'" -> "joneses 's"
    text = re.sub(r"(?<=\w)[-'](?=\w)|(?<=[a-z])\.(?=\w)|(?<=\d)\.(?=[a-z])", "",
                  text)  # F-150, o'clock -> joined
    # a decimal stays one token ("2.5": not "25"), and a symbol the grammar does not know
    # ("%", "=", "<", "≠", "~", "&") is a token of its own, so that a clue holding one is not
    # read, as it was read without it
    words = re.findall(r"'s|\d+(?:\.\d+)+|[a-z0-9#]+|[,;:()?!\"]|[^\w\s.'\-–—*_\[\]{}]", text)
    return ["§§" if w == "§" else w for w in words]  # "§" stands for a value in `chunks`


def number(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    return NUMBER_WORDS.get(word)


def ordinal(word: str) -> int | None:
    """"third", "3rd", "13th", "22nd" -> the number; a wrong suffix ("13rd") -> None."""
    if word in ORDINALS:
        return ORDINALS[word]
    m = re.fullmatch(r"(\d+)(?:st|nd|rd|th)", word)
    if m is None:
        return None
    k = int(m.group(1))
    return k if numbered_ordinal(k) == word else None


def value_number(title: str) -> float | None:
    """The number a value stands for ("5 liters" -> 5, "$25" -> 25, "10:30am" -> 630
    minutes), or None when it holds no number or several."""
    low = title.lower().replace(",", "")
    m = re.fullmatch(r"\s*(\d{1,2}):(\d\d)\s*(am|pm|a\.m\.|p\.m\.)?\s*", low)
    if m:
        hours = int(m.group(1)) % 12 if m.group(3) else int(m.group(1))
        if m.group(3) and m.group(3).startswith("p"):
            hours += 12
        return float(hours * 60 + int(m.group(2)))
    m = re.fullmatch(r"\s*(\d{1,2})\s*(am|pm|a\.m\.|p\.m\.|o'?clock)\s*", low)
    if m:  # "1pm" is after "11am": hours of the day, not the bare number
        if not m.group(2).startswith(("a", "p")):
            return None  # "1 o'clock" may be 1 am or 1 pm: no order can be read from it
        hours = int(m.group(1)) % 12 + (12 if m.group(2).startswith("p") else 0)
        return float(hours * 60)
    found = re.findall(r"\d+(?:\.\d+)?", low)
    if len(found) != 1:
        return None
    return float(found[0])


def _plural_forms(word: str) -> set[str]:
    forms = {word}
    if word.endswith("ies") and len(word) > 4:
        forms.add(word[:-3] + "y")
    elif word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        forms.add(word[:-1])
        if word.endswith(("ses", "xes", "zes", "ches", "shes")):
            forms.add(word[:-2])
    else:
        if word.endswith("y") and len(word) > 3 and word[-2] not in "aeiou":
            forms.add(word[:-1] + "ies")
        elif word.endswith(("s", "x", "z", "ch", "sh")):
            forms.add(word + "es")
        elif word.isalpha():
            forms.add(word + "s")
    return forms


def _verb_forms(word: str) -> set[str]:
    """"bouldering" -> boulders, boulder; "swimming" -> swims, swim; "baking" -> bakes."""
    if not word.endswith("ing") or len(word) < 6:
        return set()
    stem = word[:-3]
    stems = {stem, stem + "e"}
    if len(stem) > 2 and stem[-1] == stem[-2]:
        stems.add(stem[:-1])
    forms = set()
    for s in stems:
        forms |= {s, s + "s", s + "es" if s.endswith(("sh", "ch", "s")) else s + "s"}
    return forms


def surface_forms(title: str) -> set[tuple[str, ...]]:
    """The token runs that name a value."""
    words = [w for w in tokenize(title) if w not in (",", "'s", "(", ")", "\"")]
    if not words:
        return set()
    forms = {tuple(words)}
    for last in _plural_forms(words[-1]) | _verb_forms(words[-1]):
        forms.add((*words[:-1], last))
    if len(words) == 1 and words[0] in _DEMONYM_OF:
        forms |= {(w,) for w in _DEMONYM_OF[words[0]]}
    for i, w in enumerate(words):  # "5 liters" ~ "five liters"
        if w.isdigit() and int(w) <= 12:
            spelled = next(k for k, v in NUMBER_WORDS.items() if v == int(w))
            forms |= {(*f[:i], spelled, *f[i + 1:]) for f in list(forms)}
    return forms


_PLACE_WORDS = {"house", "position", "number", "no", "#", "seat", "place", "spot", "home"}
_COUNTED = {"house", "houses", "people", "person", "persons", "position", "positions",
            "place", "places", "spot", "spots", "door", "doors", "home", "homes", "seat",
            "seats"}


@dataclass(frozen=True)
class Mention:
    """A run of clue tokens that names one value, or several equally (then the grammar's
    reading must tell them apart, or the clue is not read)."""

    words: tuple[str, ...]
    candidates: tuple  # of Noun


class Lexicon:
    """Every value of the puzzle by the token runs that name it. A run naming values of two
    lists is kept with both as candidates; a derived form (plural, demonym, verb form) that
    another value spells exactly is dropped."""

    def __init__(self, nouns: list, reserved: frozenset[str] = frozenset()) -> None:
        """`reserved`: words with a meaning of their own ("reads", "watches", "left") that
        a derived form may not take ("reads" is not the hobby "reading")."""
        exact: dict[tuple[str, ...], list] = {}
        derived: dict[tuple[str, ...], list] = {}
        for noun in nouns:
            own = tuple(w for w in tokenize(noun.title) if w not in (",", "(", ")", "\""))
            for form in surface_forms(noun.title):
                if form != own and len(form) == 1 and form[0] in reserved:
                    continue
                table = exact if form == own else derived
                if noun not in table.setdefault(form, []):
                    table[form].append(noun)
        self.forms: dict[tuple[str, ...], list] = dict(derived)
        self.forms.update(exact)
        self.longest = max((len(f) for f in self.forms), default=1)

    def mentions(self, tokens: list[str]) -> list[str | Mention]:
        """The tokens with each longest run that names a value replaced by a Mention; a bare
        number next to a place or count word ("house 3", "2 houses between") stays a number,
        whatever list holds such a value."""
        out: list[str | Mention] = []
        i = 0
        while i < len(tokens):
            if tokens[i].isdigit() and (
                    i and tokens[i - 1] in _PLACE_WORDS
                    or i + 1 < len(tokens) and tokens[i + 1] in _COUNTED):
                out.append(tokens[i])
                i += 1
                continue
            for n in range(min(self.longest, len(tokens) - i), 0, -1):
                run = tuple(tokens[i:i + n])
                if run in self.forms:
                    out.append(Mention(run, tuple(self.forms[run])))
                    i += n
                    break
            else:
                out.append(tokens[i])
                i += 1
        return out
