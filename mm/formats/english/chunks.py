"""Clue words -> the compact tokens of the grammar (multi-word keywords joined, neutral
words dropped). A word that is neither a keyword, a value, a list's own word nor neutral
stops the clue: it is not read, whatever that word meant."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lark import Token

from mm.formats.english.lexicon import NUMBER_WORDS, ORDINALS, Mention

# words that fill a phrase naming a person and change no meaning
NEUTRAL = set("""
the a an who whom whose that which is are was were be been being has have had does do did
lives live living lived resides reside stays stay located situated found there they them
their his her its also where in at on with by for as to from of house houses home homes
person people man men woman women lady guy individual resident residents occupant inhabitant
someone somebody same named called
owner owners lover lovers fan fans enthusiast keeper drinker smoker player driver reader
eater collector grower wearer buyer user rider breeder admirer aficionado devotee listener
watcher chef cook favorite favourite
likes like loves love enjoys enjoy prefers prefer owns own keeps keep drinks drink smokes
smoke plays play eats eat drives drive reads read wears wear rears rear raises raise grows
grow collects collect listens listen watches watch uses use favors favor favours favour
adores adore practices practice sits sit stands stand works work studies study speaks
speak buys buy bought teaches teach visits visit visited ordered orders chose choose
chooses picked pick picks sells sell makes make cooks cook paints paint rides ride flies
fly sings sing writes write occupies occupy inhabits inhabit holds hold
pet pets animal animals car cars beverage beverages name names color colors colour colours
brand brands type kind model genre book books music food dish sport hobby job occupation
profession cigar cigars cigarette cigarettes bouquet boquet bouquets arrangement arrangements
vase vases bunch eating drinking playing reading wearing driving smoking keeping owning
partial fond keen paid pays pay spent spend cost costs went goes leaves leave arrived arrives
started starts began begins finished finishes traveled travelled travels took takes scored
scores won wins adopted planted ran runs born graduated joined moved scheduled booked
assigned due placed listed registered signed entered got gets received receives earned
earns came comes gave gives sent caught found saw spotted heard met attended attends
performed performs sang wrote painted degree diploma music lover's owned
kept drunk smoked owned played driven eaten worn raised grown collected used preferred
loved liked enjoyed ordered chosen picked painted ridden sold made cooked written sung
""".split())

# what may follow "the first" read as a place ("lives in the first", "the first and the
# third"): never a noun ("the first prize", "the first floor", "the first car")
_AFTER_A_PLACE = {"", ",", ";", "(", ")", "and", "or", "nor", "but", "is", "was", "are",
                  "were", "does", "did", "has", "had", "of", "from", "to", "in", "on", "at",
                  "than", "not", "who", "that", "which", "person", "one", "resident",
                  "occupant", "while", "whereas"}

_NUM = "|".join(["\\d+", *NUMBER_WORDS])
_ORD = "|".join(ORDINALS) + (r"|\d+(?:st|nd|rd|th)|last|middle|leftmost|rightmost|final|center"
                              "|centre")
_SLOT = r"(?:house|position|place|spot|seat|home)"
_SLOTS = r"(?:houses?|people|persons?|positions?|places?|spots?|doors?|homes?|seats?)"

# (token type, pattern over the clue's words, "§" for a value); the longest match wins
PHRASES: list[tuple[str, str]] = [
    ("NOT", r"not|never"),
    ("LR", r"(?:(?P<direct>directly|immediately|just|right) |(?:somewhere|anywhere) )?"
           r"(?:(?:to|on) )?(?:the )?(?P<immediate>immediate )?(?P<side>left|right)"
           r"(?: hand)?(?: side)? of"),
    ("NEXT", r"(?:(?:directly|immediately|right) )?(?:next (?:door )?to|adjacent to|beside|"
             r"(?:a )?neighbou?rs? (?:of|with|to)|(?:in )?the house next to|next door to)"),
    ("NEXT", r"(?:has|have) (?:a )?neighbou?r(?: who| that| with)?"),
    ("NEXT", r"neighbou?rs|adjacent|next door"),
    ("EACHOTHER", r"(?:(?:next to|beside|adjacent to) )?each other"),
    ("END", r"(?:(?:at|in|on) )?(?:one of the ends|an end|either end|one end|the ends)"
            r"(?: of the (?:row|street|line))?"),
    ("P", rf"(?:the )?(?P<ord>{_ORD}) {_SLOT}"),
    ("P", rf"{_SLOT} (?:number |no |# )?(?P<num>{_NUM})"),
    ("P", r"(?:the )?(?:far|very) (?P<far>left|right)(?: end| side)?"
          r"(?: of the (?:row|street|line))?"),
    ("P", r"the (?P<far>left|right) end(?: of the (?:row|street|line))?"),
    ("P", rf"the (?P<ord>{_ORD})"),
    ("PARITY", r"(?:is |are )?(?:in|at|on) (?:an? )?(?P<parity>even|odd)(?:-numbered| numbered)?"
               r" (?:position|house|place|spot|seat)"),
    ("SAMEPAR", r"(?:have|has|are in|are at|are on) (?:the )?(?P<sp>same|different) "
                r"parity(?: positions?| houses?)?"),
    ("BETWEEN", r"(?:(?:somewhere|directly|immediately) )?(?:in )?between"),
    ("AWAY", r"away from"),
    ("INORDER", r"in (?:that|this) order"),
    ("DIFFERENT", r"(?:they )?(?:are |is )?different (?:people|persons|individuals|men|women|"
                  r"ones|residents)"),
    ("ONSIDE", r", (?:on|to) (?:their|his|her|its) (?:left|right)"),
    ("ORDER", r"(?P<order>before|after|earlier than|later than|sooner than|prior to)"),
    ("CMP", r"(?P<less>less|fewer|smaller|lower|cheaper|shorter|lighter|younger)|(?P<more>"
            r"more|larger|bigger|greater|higher|longer|taller|heavier|older)"),
    ("THAN", r"than"),
    ("SUP", r"(?:the )?(?P<sup>youngest|oldest|eldest)(?: (?:one|person|man|woman|of them|"
            r"of all))?"),
    ("SOME", r"sometime|some time|at some point|somewhere"),
    ("SAMESIDE", r"(?:lives? |are |is )?on the same side(?: of the (?:street|road|row))?"),
    ("SUMOF", r"(?:the )?(?:house |position |seat )?numbers of"),
    ("ADDUP", r"add up to|sum to|total"),
    ("EXACTLYONE", r"exactly one of"),
    ("ATLEASTONE", r"at least one of"),
    ("EITHER", r"either"), ("OR", r"or"), ("NEITHER", r"neither"), ("NOR", r"nor"),
    ("AND", r"and"), ("COMMA", r","),
    ("OTHER", r"the other|other"), ("ALL", r"all"),
]
_COMPILED = [(kind, re.compile(pattern + r"(?= |$)")) for kind, pattern in PHRASES]


class NotReadable(ValueError):
    """The clue has no exact reading; the message says why."""


class NotUsed(NotReadable):
    """The statement constrains nothing (names no value, or says what the lists say)."""


@dataclass
class Value:
    """A V token's payload: the mention and the list words next to it ("red" + "hair")."""

    mention: Mention
    index: int  # where it is among the clue's words
    words: set[str] = field(default_factory=set)
    before: str = ""  # the clue's word before it ("" at the start)


def chunk(items: list[str | Mention], units: set[str], context: set[str],
          unknown: list[tuple[int, str]] | None = None) -> list[Token]:
    """The compact tokens of a clue (see the module docstring). With `unknown`, a word the
    reader does not know is listed there (index, word) and skipped instead of raising."""
    words = ["§" if isinstance(w, Mention) else w for w in items]
    out: list[Token] = []
    dropped: list[tuple[int, int, str]] = []  # (index in out at the time, word index, word)
    i = 0
    while i < len(words):
        word = words[i]
        if word == "§":
            mention = items[i]
            assert isinstance(mention, Mention)
            total = bool(out) and out[-1].type == "ADDUP"
            amount = _amount(mention, words[i + 1:], units, total)
            if amount:
                out += amount
            else:
                out.append(Token("V", Value(mention, i, before=words[i - 1] if i else "")))
            i += 1
            continue
        rest = " ".join(words[i:])
        best: tuple[int, str, re.Match] | None = None
        for kind, pattern in _COMPILED:
            m = pattern.match(rest)
            if m and "§" not in m.group(0) and (best is None or m.end() > best[0]):
                best = (m.end(), kind, m)
        if word == "of" and i == 0:
            best = (2, "OF", re.match("of", "of"))  # type: ignore[assignment]
        if word == "one":
            after = words[i + 1] if i + 1 < len(words) else ""
            before = words[i - 1] if i else ""
            if re.fullmatch(_SLOTS, after):
                out.append(Token("K", 1))
                out.append(Token("SLOTS", after))
                i += 2
                continue
            if before in ("the", "a", "any", "each", "every", "§"):  # "the white one"
                dropped.append((len(out), i, word))
                i += 1
                continue
            if best is None:
                out.append(Token("ONE", word))
                i += 1
                continue
        if best is not None:
            end, kind, m = best
            n = len(m.group(0).split())
            nxt = words[i + n] if i + n < len(words) else ""
            if kind == "P" and m.groupdict().get("ord") and not re.search(_SLOT, m.group(0)) \
                    and nxt not in _AFTER_A_PLACE:
                raise NotReadable(f"'{m.group(0)} {nxt if nxt != '§' else items[i + n]}' "
                                  "may not be a house: an ordinal is read as a place only "
                                  "before a house or position word")
            out.append(Token(kind, m))
            i += n
            continue
        if word == "years" and i + 1 < len(words) and words[i + 1] == "old" and \
                out and out[-1].type == "V":  # "the person who is 8 years old"
            i += 2
            continue
        num = _number(word)
        if num is not None:
            out.append(Token("K", num))
            if i + 1 < len(words) and re.fullmatch(_SLOTS, words[i + 1]):
                out.append(Token("SLOTS", words[i + 1]))
                i += 1
            i += 1
            continue
        if word in units:
            out.append(Token("UNIT", word))
        elif word in context or word in NEUTRAL or word == "'s":
            dropped.append((len(out), i, word))
        elif unknown is not None:
            unknown.append((i, word))
        else:
            kind = "word" if word[:1].isalpha() else "number" if word[:1].isdigit() else \
                "symbol"
            raise NotReadable(f"the {kind} '{word}' is not one this reader knows")
        i += 1
    _attach(out, dropped, context)
    return out


_COMPARING = {"before", "after", "earlier", "later", "sooner", "prior", "less", "fewer",
              "smaller", "lower", "cheaper", "shorter", "lighter", "more", "larger", "bigger",
              "greater", "higher", "longer", "taller", "heavier", "older", "younger"}


def _amount(mention: Mention, after: list[str], units: set[str],
            total: bool = False) -> list[Token]:
    """A value that is a number and stands before a comparison ("5 liters smaller than"),
    or is the total after "add up to" (`total`), is an amount there, not the value:
    [K, UNIT?] or []."""
    words = list(mention.words)
    if not words or not words[0].isdigit() or len(words) > 2:
        return []
    if total:
        return [Token("K", int(words[0]))] if len(words) == 1 else []
    if len(words) == 2 and words[1] not in units:
        return []
    nxt = after[:2]
    if nxt and nxt[0] in units:
        if len(words) == 2:
            return []
        nxt = nxt[1:]
    if not nxt or nxt[0] not in _COMPARING:
        return []
    out = [Token("K", int(words[0]))]
    if len(words) == 2:
        out.append(Token("UNIT", words[1]))
    return out


def _number(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    return NUMBER_WORDS.get(word) if word != "one" else None


def _attach(out: list[Token], dropped: list[tuple[int, int, str]], context: set[str]) -> None:
    """Give each dropped list word to the value nearest to it with no keyword between
    (both, when they are as near)."""
    for position, index, word in dropped:
        if word not in context:
            continue
        near = []
        for k in (position - 1, position):
            if 0 <= k < len(out) and out[k].type == "V":
                near.append((abs(out[k].value.index - index), out[k]))
        if near:
            best = min(d for d, _ in near)
            for d, t in near:
                if d == best:
                    t.value.words.add(word)
