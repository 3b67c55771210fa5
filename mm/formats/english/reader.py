"""One clue: tokens -> grammar -> the facts and rules it says, exactly, or a reason why not.

Every reading the grammar allows is built; a clue whose readings say different things is
not read (an ambiguity is never settled by a guess). Where a form could mean a stronger or a
weaker thing ("X is left of Y": directly, or somewhere), the weaker one is read: it is true
either way, so the answer can only become "not unique", never wrong.
"""

from __future__ import annotations

import itertools
import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lark import Token, Tree

from mm.formats.english import grammar
from mm.formats.english.chunks import NEUTRAL, NotReadable, NotUsed, Value, chunk
from mm.formats.english.lexicon import (
    ORDINALS,
    Lexicon,
    number,
    ordinal,
    tokenize,
    value_number,
)
from mm.model import links, rules
from mm.model.puzzle_data import WITH, Link, Noun, NounType
from mm.model.verbs import IS, IS_NOT
from mm.puzzle import Puzzle

MAX_TOKENS = 60  # a longer clue is not read: parsing stays fast whatever the text
# words a list's own sentence may hold that are keywords here (never a list word)
_KEYWORDS = {"not", "no", "never", "either", "or", "and", "left", "right", "next", "between",
             "before", "after", "than", "different", "other", "each", "all", "one", "first",
             "last", "middle", "somewhere", "sometime", "directly", "immediately", "end",
             "ends", "away", "earlier", "later", "far", "both", "but", "except", "nor",
             "neither", "every", "any", "none", "less", "fewer", "smaller", "lower",
             "cheaper", "shorter", "lighter", "more", "larger", "bigger", "greater", "higher",
             "longer", "taller", "heavier", "neighbor", "neighbour", "adjacent", "beside",
             "of", "order", "that", "this", "immediate", "some", "youngest", "oldest",
             "eldest"}

_AFTER_PLACE_WORD = {"house", "position", "number", "no", "#", "seat", "place", "spot"}
_TIME_UNITS = {"minute": 1, "minutes": 1, "min": 1, "mins": 1, "hour": 60, "hours": 60}


@dataclass
class Category:
    """One attribute list: its noun type and the words of its own sentence."""

    noun_type: NounType
    context: set[str]
    numbers: dict[Noun, float] | None = None  # every value's number, for a numeric list
    units: set[str] = field(default_factory=set)
    minutes: bool = False


@dataclass
class Effect:
    """One fact or rule a clue says; `key` compares readings."""

    key: tuple
    apply: Callable[[Puzzle, str, str], None]


def categorize(noun_type: NounType, context: set[str]) -> Category:
    numbers = {n: value_number(n.title) for n in noun_type.nouns}
    cat = Category(noun_type, context)
    if all(v is not None for v in numbers.values()) and len(set(numbers.values())) == len(numbers):
        cat.numbers = {n: float(v) for n, v in numbers.items() if v is not None}
        for n in noun_type.nouns:
            cat.units |= {w for w in tokenize(n.title) if w.isalpha() and w not in ("am", "pm")}
        cat.minutes = all(":" in n.title for n in noun_type.nouns)
        if all("$" in n.title for n in noun_type.nouns):
            cat.units |= {"dollar", "dollars"}
        if cat.minutes:
            cat.units |= set(_TIME_UNITS)
        if all(1000 <= v <= 2200 and v == int(v) for v in cat.numbers.values()):
            cat.units |= {"year", "years"}
        cat.units |= {w for w in context if w in ("year", "years", "minute", "minutes")}
        if context & {"age", "ages", "old"}:  # ages: "2 years older than"
            cat.units |= {"year", "years"}
        cat.units |= {u[:-1] for u in cat.units if u.endswith("s")} | \
                     {u + "s" for u in cat.units if not u.endswith("s")}
    return cat


# "the Oslo trip was ...", "Ada's trip.": an introduction's word used as a noun (not "the
# Swede hates the cat")
_DETERMINERS = {"the", "a", "an", "his", "her", "their", "its"}
_AFTER_A_NOUN = {None, "is", "was", "are", "were", "has", "had", "does", "did", "'s", ",",
                 "and", "than", "not", "who", "that", "which", ")"}
# a round table: the first seat is next to the last, and "left" is not a row's left
_ROUND = re.compile(r"\b(?:round|circular|circle|oval)\b|\baround (?:a|the|one)\b", re.I)
_IN_A_ROW = {"LR", "NEXT", "EACHOTHER", "END", "BETWEEN", "AWAY", "ONSIDE", "SAMESIDE"}
_ROW_ENDS = {"last", "middle", "leftmost", "rightmost", "final", "center", "centre"}
_BEFORE_A_NAME = {"", "is", "was", "and", ",", "or", "nor", "either", "neither", "not", "than",
                  "to", "of", "beside", "between"}


class ClueReader:
    def __init__(self, puzzle: Puzzle, houses: NounType | None, categories: list[Category],
                 intro: str = ""):
        self.p, self.houses, self.categories = puzzle, houses, categories
        nouns = [n for c in categories for n in c.noun_type.nouns]
        self.lexicon = Lexicon(nouns, frozenset(_CORE | _KEYWORDS))
        self.category_of = {c.noun_type: c for c in categories}
        self.units = set().union(*(c.units for c in categories))
        # the lists' own words ("the red house", "the cat owner"): they describe, they never
        # relate
        self.list_words = set().union(*(c.context for c in categories))
        story = {w for w in tokenize(intro) if w.isalpha()}
        story = (story | {w[:-1] for w in story if w.endswith("s") and len(w) > 3}) - NEUTRAL
        self.context_words = set().union(*(c.context for c in categories)) \
            - _KEYWORDS - _NEVER_NEUTRAL
        # the introduction's words, only where a clue ties one to a value ("the Oslo trip",
        # "Ada's trip"): elsewhere one may relate ("is allergic to", "lives near", "is
        # friends with", "hates"), and dropping it would read "is with"
        self.story = story - self.context_words - _KEYWORDS - _NEVER_NEUTRAL
        self._links: dict[str, Link] = {}
        self.sides = _sides(intro, len(houses.nouns)) if houses is not None else None
        self.rtl = _numbered_from_right(intro)
        self.round = bool(_ROUND.search(intro))

    # ------------------------------------------------------------ readings

    def tokens(self, text: str, statement: bool = True) -> list[Token]:
        """The compact tokens; for a statement, NotUsed when it names no value, or one
        value and no word that could say something of it."""
        words = tokenize(text)
        if len(words) > MAX_TOKENS:
            raise NotReadable(f"longer than {MAX_TOKENS} words")
        items = self.lexicon.mentions(words)
        self._said = [w for w in items if isinstance(w, str)]  # the clue's own words
        _refuse_meaning(items)
        self._refuse_two_people(items)
        items = _only(items)
        self._refuse_house_number(items)
        for k, word in enumerate(items):
            if word == "by" and (k == 0 or items[k - 1] not in _POSSESSED):
                raise NotReadable("'by' is read only after a verb of owning in the passive "
                                  "('owned by'); 'by the red house' may mean beside it")
        context = self.context_words | self._story_words(items)
        if not statement:
            return chunk(items, self.units, context)
        named = sum(1 for w in items if not isinstance(w, str))
        if named > 1 or named == 1 and any(isinstance(w, str) and (w in _SIGNAL or w.isdigit())
                                           for w in items):
            return chunk(items, self.units, context)
        # a statement naming no value, or one and no word that could say something of it:
        # "not used" only when it truly says nothing of the puzzle - no position, and no
        # unknown word where a value would be (a misspelt name: "Emmma lives in ...")
        unknown: list[tuple[int, str]] = []
        toks = chunk(items, self.units, context, unknown)
        for i, word in unknown:
            if self._value_like(i, word, items, text, named):
                raise NotReadable(f"the word '{word}' is not one this reader knows, where a "
                                  "value would be (a misspelt value?)")
        says = [t for t in toks if t.type in ("P", "SUP")]
        if named == 0 and not says:
            raise NotUsed("it names no value")
        if unknown:
            word = unknown[0][1]
            if named == 0:
                raise NotReadable(f"it names a position, and the word '{word}' is not one "
                                  "this reader knows")
            raise NotUsed(f"it names one value and says nothing of it (the word '{word}' is "
                          "not one this reader knows)")
        return toks

    def _refuse_house_number(self, items: list) -> None:
        """NotReadable when a bare number that could be a house number is where a house
        would be: "Emma is in 1", "Jack's house is 3" (not the value 1 or 3 of a list of
        numbers)."""
        if self.houses is None:
            return
        size = len(self.houses.nouns)
        for k, item in enumerate(items):
            if isinstance(item, str) or len(item.words) != 1 or not item.words[0].isdigit() \
                    or not 1 <= int(item.words[0]) <= size:
                continue
            before = items[k - 1] if k else None
            first = items[k - 2] if k > 1 else None
            if before in ("in", "at", "on") or before in ("is", "was") and first in _PLACES:
                raise NotReadable(f"'{before} {item.words[0]}' may be a house number or a "
                                  "value: not read")

    def _story_words(self, items: list) -> set[str]:
        """The introduction's words that this clue uses as a noun of a value each time it
        says them: "the Oslo trip was ...", "Ada's trip." (never "the Swede hates ...")."""
        tied: set[str] = set()
        loose: set[str] = set()
        for k, word in enumerate(items):
            if not isinstance(word, str) or word not in self.story:
                continue
            before = items[k - 1] if k else None
            first = items[k - 2] if k > 1 else None
            after = items[k + 1] if k + 1 < len(items) else None
            noun = before == "'s" and first is not None and not isinstance(first, str) or \
                before is not None and not isinstance(before, str) and first in _DETERMINERS
            (tied if noun and after in _AFTER_A_NOUN else loose).add(word)
        return tied - loose

    def _value_like(self, i: int, word: str, items: list, text: str, named: int) -> bool:
        """Whether an unknown word stands where a value would: capitalised (a name; at the
        start of the sentence, unless a common opening word), one letter away from a
        value's word, or - when the statement names a value - after an article or a verb
        that takes an object, or before "owner", "lover", ..."""
        capital: dict[str, bool] = {}  # capitalised word -> also after the first word
        for k, raw in enumerate(re.findall(r"[A-Za-z][\w'-]*", text)):
            if raw[0].isupper():
                for w in tokenize(raw):
                    capital[w] = capital.get(w, False) or k > 0
        if word in capital and (capital[word] or word not in _OPENING):
            return True
        if any(_one_edit(word, v) for v in self._value_words()):
            return True
        if named == 0:
            return False
        before = items[i - 1] if i else None
        verb = items[i - 2] if before in ("the", "a", "an") and i > 1 else before
        after = items[i + 1] if i + 1 < len(items) else None
        return verb in _OBJECT_VERBS or after in _AGENTS  # "owns the cta", "the cta owner"

    def _value_words(self) -> set[str]:
        if not hasattr(self, "_words_of_values"):
            self._words_of_values = {w for c in self.categories for n in c.noun_type.nouns
                                     for w in tokenize(n.title) if len(w) >= 4 and w.isalpha()}
        return self._words_of_values

    def _refuse_two_people(self, items: list) -> None:
        """NotReadable when a verb other than "is" has a person as its object ("Jack visits
        the cat owner", "Jack met Emma", "works for the person who ..."): the verb relates
        two people, and dropping it would read "Jack is the cat owner"."""
        people = {c.noun_type for c in self.categories if c.context & _PERSON_LISTS}
        for k, verb in enumerate(items):
            if isinstance(verb, str) and verb in _MOTION:
                self._refuse_motion(items, k, people)
            if not isinstance(verb, str) or verb not in _OBJECT_VERBS:
                continue
            j, between = k + 1, []
            while j < len(items) and isinstance(items[j], str) and items[j] in _LINKERS:
                between.append(items[j])
                j += 1
            if j >= len(items) or "as" in between:  # "works as a baker"
                continue
            if "by" in between and verb in _POSSESSED:  # "the cat is owned by Jack"
                continue
            obj, nxt = items[j], items[j + 1] if j + 1 < len(items) else None
            if verb in ("named", "called") and not between and not isinstance(obj, str) and \
                    (k == 0 or items[k - 1] in _PERSON_WORDS):
                continue  # "the woman named Emma"
            if verb in _LIKES and between == ["the"] and nxt == "eater":
                continue  # reasoning-gym's name for a food: "who loves the spaghetti eater"
            if (obj in _HOUSE_WORDS if isinstance(obj, str) else nxt in _HOUSE_WORDS) and \
                    verb not in _DWELLING:
                raise NotReadable(f"'{verb}' relates a person to a house other than by living "
                                  "there, and this reader does not read it")
            if isinstance(obj, str):
                person = obj in _PERSON_WORDS or obj == "one" and nxt in ("who", "that")
            else:
                person = nxt in _AGENTS or nxt in _PERSON_WORDS or \
                    all(n.type in people for n in obj.candidates)
            if person:
                raise NotReadable(f"'{verb}' relates two people, and this reader does not "
                                  "read it")

    def _refuse_motion(self, items: list, k: int, people: set) -> None:
        """NotReadable when a verb of motion ("went to", "moved from", "came from", "arrived
        at", "was born in", "was assigned to") has a person or a place as its object: "Jack
        moved from the red house" is not "Jack lives in the red house" ("went to Oslo" is
        read: a value of another list)."""
        verb = items[k]
        j = k + 1
        while j < len(items) and isinstance(items[j], str) and items[j] in _MOTION_LINKERS:
            j += 1
        if j >= len(items) or j == k + 1:
            return
        obj, nxt = items[j], items[j + 1] if j + 1 < len(items) else None
        if isinstance(obj, str):
            bad = obj in _PERSON_WORDS or obj in _PLACES or obj.isdigit()
        else:
            bad = nxt in _AGENTS or nxt in _PERSON_WORDS or nxt in _PLACES or \
                nxt == "'s" or all(n.type in people for n in obj.candidates)
        if bad:
            said = " ".join(w for w in items[k + 1:j] if w not in ("the", "a", "an"))
            raise NotReadable(f"'{verb} {said}' relates a "
                              "person to a person or a place other than by living there, and "
                              "this reader does not read it")

    def read(self, where: str, text: str) -> list[Effect]:
        """The facts and rules of one clue; NotReadable when it has no exact reading."""
        toks = self.tokens(text)
        if not any(t.type in ("V", "P") for t in toks):
            raise NotUsed("it names no value")
        if self.round and any(t.type in _IN_A_ROW or t.type == "SLOTS" or t.type == "P" and (
                t.value.groupdict().get("far") or t.value.groupdict().get("ord") in _ROW_ENDS)
                              for t in toks):
            raise NotReadable("the introduction seats them around a table: left, right, next "
                              "to, between and the ends are not those of a row")
        shapes = grammar.shapes(tuple(t.type for t in toks))
        if isinstance(shapes, int):
            raise NotReadable(_why(toks[shapes] if shapes < len(toks) else None))
        meanings: dict[tuple, list[Effect]] = {}
        errors: list[NotReadable] = []
        for shape in shapes:
            try:
                effects = self.clue(grammar.bind(shape, toks))
            except NotReadable as exc:
                errors.append(exc)
                continue
            meanings.setdefault(tuple(e.key for e in effects), effects)
        if not meanings:
            if errors and all(isinstance(e, NotUsed) for e in errors):
                raise errors[0]
            raise NotReadable(str(errors[0]) if errors else "no reading")
        if len(meanings) > 1:
            raise NotReadable("it can be read in more than one way")
        return next(iter(meanings.values()))

    def subject(self, text: str) -> Noun:
        """The one value or place a phrase names ("the person who drinks water")."""
        toks = self.tokens(text, statement=False)
        if len(toks) != 1 or toks[0].type not in ("V", "P"):
            raise NotReadable(f"'{text}' does not name one person")
        return self.noun(toks[0])

    # ------------------------------------------------------------ phrases

    def noun(self, tok: Token) -> Noun:
        if tok.type == "P":
            return self.place(tok.value)
        value: Value = tok.value
        candidates = list(value.mention.candidates)
        said = value.words & self.list_words
        if len(candidates) == 1:
            return candidates[0]
        by_context = [n for n in candidates if said & self.category_of[n.type].context]
        if len(by_context) == 1:
            return by_context[0]
        # a list with words of its own ("hair") that the phrase lacks is not meant
        contexts = {n: self.category_of[n.type].context for n in candidates}
        plain = [n for n in candidates
                 if not contexts[n] - set().union(*(contexts[m] for m in candidates
                                                    if m is not n))]
        if len(plain) == 1 and not said:
            return plain[0]
        # a bare name where a person stands ("Alice lives ...", "... is Alice", "next to
        # Alice") is the person's name; after any other word ("born in May", "grows
        # roses") it could be either
        named = [n for n in candidates if self.category_of[n.type].context & {"name", "names"}]
        if len(named) == 1 and not said and value.before in _BEFORE_A_NAME:
            return named[0]
        names = ", ".join(f"'{n.title}' ({n.type.name})" for n in candidates)
        raise NotReadable(f"'{' '.join(value.mention.words)}' could be any of {names}")

    def place(self, m: re.Match) -> Noun:
        if self.houses is None:
            raise NotReadable("names a position, and this puzzle has none")
        size = len(self.houses.nouns)
        found = m.groupdict()
        word: str = found.get("ord") or ""
        if found.get("far") or word in ("leftmost", "rightmost"):
            side = found.get("far") or word[:-4]
            k = 1 if (side == "left") != self.leftmost_is_last() else size
        elif found.get("num"):
            k = number(found["num"]) or 0
        else:
            if word in ("last", "final"):
                k = size
            elif word in ("middle", "center", "centre"):
                if size % 2 == 0:
                    raise NotReadable(f"no middle house among {size}")
                k = size // 2 + 1
            else:
                found_k = ordinal(word)
                if found_k is None:
                    raise NotReadable(f"'{word}' is not an ordinal")
                k = found_k
        if not 1 <= k <= size:
            raise NotReadable(f"no position {k} (1 to {size})")
        return self.houses.nouns[k - 1]

    def leftmost_is_last(self) -> bool:
        """Whether house 1 is on the right (the introduction numbers the houses from the
        right); NotReadable when it says both."""
        if self.rtl is None:
            raise NotReadable("the introduction says the houses are numbered both from the "
                              "left and from the right")
        return self.rtl

    def side_link(self, side: str, direct: bool) -> Link:
        """The link "(directly) left / right of" over the house numbers: left is a lower
        number, or a higher one when the houses are numbered from the right."""
        left = (side == "left") != self.leftmost_is_last()
        if direct:
            return self.link(f"directly {side} of",
                             lambda: links.less_by(1) if left else links.more_by(1))
        return self.link(f"{side} of", links.less_than if left else links.more_than)

    def link(self, name: str, factory: Callable[[], Callable[[Any, Any], Any]]) -> Link:
        """The puzzle's link over the houses by this name, made once."""
        if self.houses is None:
            raise NotReadable("places people in a row, and this puzzle has no positions")
        if name not in self._links:
            self._links[name] = self.p.add_link(name, self.houses, factory())
        return self._links[name]

    # ------------------------------------------------------------ clues

    def clue(self, t: Tree) -> list[Effect]:
        if t.data == "start":
            return self.clue(t.children[0])
        if t.data == "with_differ":
            inner = t.children[0]
            effects = self.clue(inner)
            nps = _nps(inner)
            a, b = self.noun(nps[0]), self.noun(nps[-1])
            if a.type is b.type:
                return effects
            return effects + [self._fact(a, IS_NOT, None, b)]
        if t.data == "on_side":
            inner = t.children[0]
            if inner.data != "next_to":
                raise NotReadable("', on their left/right' after a clue that is not 'next to'")
            return self.clue(inner)  # whose left is not said: only "next to" is sure
        return self.stmt(t)

    def stmt(self, t: Tree) -> list[Effect]:
        kind = t.data
        nps = [self.noun(c) for c in _nps(t)]
        toks = {c.type: c for c in t.children if isinstance(c, Token)}
        negated = "NOT" in toks
        verb = IS_NOT if negated else IS
        if kind in ("same", "not_same"):
            a, b = nps
            return [self._fact(a, IS_NOT if kind == "not_same" else IS, None, b)]
        if kind == "lr":
            m = toks["LR"].value
            link = self.side_link(m.group("side"), bool(m.group("direct")
                                                         or m.group("immediate")))
            return [self._fact(nps[0], verb, link, nps[1])]
        if kind == "next_to":
            return [self._fact(nps[0], verb, self.link("next to", links.next_to), nps[1])]
        if kind == "at_end":
            if self.houses is None:
                raise NotReadable("names a position, and this puzzle has none")
            first, last = self.houses.nouns[0], self.houses.nouns[-1]
            x = nps[0]
            if x.type is self.houses:
                raise NotReadable("places a position")
            cond = rules.any_of(_is(x, first), _is(x, last))
            return [self._rule(("ends", x, negated), rules.not_(cond) if negated else cond)]
        if kind in ("parity", "same_parity"):
            return [self._parity(kind, toks, nps, negated)]
        if kind in ("slots_between", "slots_away"):
            k = int(toks["K"].value)
            gap = k + 1 if kind == "slots_between" else k
            if gap < 1:
                raise NotReadable("zero houses away")
            link = self.link("next to", links.next_to) if gap == 1 else \
                self.link(_between_name(gap - 1), lambda: links.offset_by(gap))
            return [self._fact(nps[0], verb, link, nps[1])]
        if kind in ("between", "between_ordered"):
            x, y, z = nps
            if len({x, y, z}) < 3:
                raise NotReadable("names one value twice")
            if kind == "between_ordered" and self.rtl:
                raise NotReadable("'in that order' where the houses are numbered from the "
                                  "right: the order of the row or of the numbers?")
            left = self.side_link("left", False)
            order = rules.all_of(_rel(y, left, x), _rel(x, left, z))
            cond = order if kind == "between_ordered" else rules.any_of(
                order, rules.all_of(_rel(z, left, x), _rel(x, left, y)))
            key = (kind, x, frozenset((y, z)) if kind == "between" else (y, z), negated)
            return [self._rule(key, rules.not_(cond) if negated else cond)]
        if kind == "next_to_either":  # "X is next to at least one of Y and Z" ("next to Y
            # or Z" is not read: it may mean one of them only)
            x, y, z = nps
            if y is z:
                raise NotReadable("names one value twice")
            nxt = self.link("next to", links.next_to)
            return [self._rule(("next_to_either", x, frozenset((y, z))),
                               rules.any_of(_rel(x, nxt, y), _rel(x, nxt, z)))]
        if kind == "same_side":
            return [self._same_side(nps, negated)]
        if kind == "house_sum":
            return [self._house_sum(int(toks["K"].value), nps)]
        if kind == "exactly_one_of":  # "Exactly one of X and Y is Z or W"
            x, y, z, w = nps
            if x is y or z is w:
                raise NotReadable("names one value twice")
            cond = rules.exactly(1, [rules.any_of(_is(x, z), _is(x, w)),
                                     rules.any_of(_is(y, z), _is(y, w))])
            return [self._rule(("exactly_one_of", frozenset((x, y)), frozenset((z, w))), cond)]
        if kind in ("either_subject", "either_object"):
            if kind == "either_subject":
                x, y, z = nps
            else:
                y, z, x = nps
            for v in (y, z):
                if v.type is x.type:
                    raise NotReadable("'either ... or' between two values of one list")
            cond = rules.any_of(_is(x, y), _is(x, z))
            return [self._rule(("either", x, frozenset((y, z))), cond)]
        if kind in ("neither_subject", "neither_object"):
            if kind == "neither_subject":
                x, y, z = nps
                pairs = [(x, y), (x, z)]
            else:
                y, z, x = nps
                pairs = [(y, x), (z, x)]
            found = [self._fact(a, IS_NOT, None, b) for a, b in pairs if a.type is not b.type]
            if not found:
                raise NotUsed("the values are of one list: it says nothing")
            return found
        if kind == "of_pair":
            x, y, a, b = nps
            if x is y or a is b:
                raise NotReadable("'one ... the other' that names one value twice")
            cond = rules.any_of(rules.all_of(_is(x, a), _is(y, b)),
                                rules.all_of(_is(x, b), _is(y, a)))
            return [self._rule(("of_pair", frozenset((x, y)), frozenset((a, b))), cond)]
        if kind == "all_different":
            if len(set(nps)) != len(nps):
                raise NotReadable("names one value twice")
            if "K" in toks and int(toks["K"].value) != len(nps):
                raise NotReadable(f"says {toks['K'].value} people and names {len(nps)}")
            effects = [self._fact(a, IS_NOT, None, b)
                       for a, b in itertools.combinations(nps, 2) if a.type is not b.type]
            if not effects:
                raise NotUsed("the values are of one list: it says nothing")
            return effects
        if kind in ("compare", "compare_more"):
            return [self._compare(t, toks, nps, negated)]
        if kind == "superlative":
            return [self._superlative(toks["SUP"].value, nps[0], verb)]
        raise NotReadable(f"no reading for the form '{kind}'")

    def _same_side(self, nps: list[Noun], negated: bool) -> Effect:
        """"X and Y (do not) live on the same side of the street": both on the left or
        both on the right, as the introduction divides the houses (a middle house is on
        neither side)."""
        if self.sides is None or self.houses is None:
            raise NotReadable("'the same side of the street', and the text does not say "
                              "which houses are on which side")
        x, y = nps
        if x.type is self.houses or y.type is self.houses:
            raise NotReadable("places a position")
        houses = self.houses.nouns

        def on(noun: Noun, side: range) -> Any:
            return rules.any_of(*(_is(noun, houses[k - 1]) for k in side))
        cond = rules.any_of(*(rules.all_of(on(x, side), on(y, side)) for side in self.sides))
        key = ("same_side", frozenset((x, y)), negated)
        return self._rule(key, rules.not_(cond) if negated else cond)

    def _house_sum(self, total: int, nps: list[Noun]) -> Effect:
        """"The house numbers of X and Y add up to K": the houses' numbers, 1 at the left."""
        if self.houses is None:
            raise NotReadable("names house numbers, and this puzzle has none")
        x, y = nps
        if x.type is self.houses or y.type is self.houses:
            raise NotReadable("adds the number of a house it names")
        if x is y:
            raise NotReadable("names one value twice")
        cond = rules.num(x, self.houses) + rules.num(y, self.houses) == total
        return self._rule(("house_sum", frozenset((x, y)), total), cond)

    def _parity(self, kind: str, toks: dict, nps: list[Noun], negated: bool) -> Effect:
        """"X is in an even position"; "X and Y have the same (different) parity
        positions": over the houses' numbers, 1 at the left."""
        if self.houses is None:
            raise NotReadable("names a position, and this puzzle has none")
        if any(x.type is self.houses for x in nps):
            raise NotReadable("places a position")
        houses = self.houses.nouns
        if kind == "parity":
            x = nps[0]
            even = toks["PARITY"].value.group("parity") == "even"
            cond = rules.any_of(*(_is(x, h) for h in houses if (h.num % 2 == 0) == even))
            key: tuple = ("parity", x, even, negated)
        else:
            x, y = nps
            same = toks["SAMEPAR"].value.group("sp") == "same"
            cond = rules.any_of(*(rules.all_of(_is(x, h), _is(y, g)) for h in houses
                                  for g in houses if ((h.num - g.num) % 2 == 0) == same))
            key = ("same_parity", frozenset((x, y)), same, negated)
        return self._rule(key, rules.not_(cond) if negated else cond)

    def _superlative(self, m: re.Match, x: Noun, verb) -> Effect:
        """"X is (not) the youngest / the oldest": X (not) with the lowest / highest value of
        the one list of ages."""
        ages = [c for c in self.categories if c.numbers is not None and _dimension("older")(c)]
        if len(ages) != 1:
            raise NotReadable(f"'{m.group('sup')}', and no one list of ages it is about")
        numbers = ages[0].numbers
        assert numbers is not None
        if x.type is ages[0].noun_type:
            raise NotReadable(f"'{m.group('sup')}' said of an age")
        pick = min if m.group("sup") == "youngest" else max
        return self._fact(x, verb, None, pick(numbers, key=lambda n: numbers[n]))

    def _compare(self, t: Tree, toks: dict, nps: list[Noun], negated: bool) -> Effect:
        a, b = nps
        unit = toks["UNIT"].value if "UNIT" in toks else None
        amount: float | None = float(toks["K"].value) if "K" in toks else None
        amount_tree = next(t.find_data("amount"), None)
        if amount_tree is not None:
            for c in amount_tree.children:
                if not isinstance(c, Token):
                    continue
                if c.type == "K":
                    amount = float(c.value)
                elif c.type == "UNIT":
                    unit = c.value
        if "ORDER" in toks:
            less = toks["ORDER"].value.group("order") in ("before", "earlier than",
                                                          "sooner than", "prior to")
            if unit is None and self.houses is not None:
                raise NotReadable("'before'/'after' in a puzzle with positions: about the row "
                                  "or about a numeric list")
            fits: Callable[[Category], bool] = _timeline
        else:
            word = toks["CMP"].value.group(0)
            less = bool(toks["CMP"].value.group("less"))
            fits = _dimension(word)
            if unit is None and word in _GENERIC_COMPARATIVES:  # "more": more of what?
                fits = self._tied(word, fits)
        # (fits holds with a unit too: "5 years older" over birth years is not an age)
        cats = [c for c in self.categories if c.numbers is not None
                and (unit is None or unit in c.units) and fits(c)]
        if "ORDER" in toks and unit is not None:
            cats = [c for c in cats if _timeline(c)]
        if not cats and "CMP" in toks and unit is None and \
                toks["CMP"].value.group(0) in _GENERIC_COMPARATIVES:
            raise NotReadable(f"'{toks['CMP'].value.group(0)}': a comparison whose words name "
                              "no numeric list of the puzzle (more of what?)")
        if len(cats) != 1:
            raise NotReadable("a comparison, and no one numeric list it is about"
                              if not cats else "a comparison that could be about "
                              + " or ".join(c.noun_type.name for c in cats))
        cat = cats[0]
        assert cat.numbers is not None
        if amount is not None and unit in _TIME_UNITS and cat.minutes:
            amount *= _TIME_UNITS[unit]
        if a is b:
            raise NotReadable("compares a value with itself")
        pairs = []
        for ta, va in cat.numbers.items():
            for tb, vb in cat.numbers.items():
                diff = vb - va if less else va - vb
                ok = diff > 0 if amount is None else abs(diff - amount) < 1e-9
                if ok and _may(a, ta) and _may(b, tb):
                    pairs.append(rules.all_of(_is(a, ta), _is(b, tb)))
        if not pairs:
            raise NotReadable("a comparison no two values satisfy")
        cond = rules.any_of(*pairs)
        key = ("compare", a, b, less, amount, cat.noun_type.name, negated)
        return self._rule(key, rules.not_(cond) if negated else cond)

    def _tied(self, word: str, fits: Callable[[Category], bool]) -> Callable[[Category], bool]:
        """A generic comparative ("more", "fewer", "higher") is about a numeric list only
        when the clue's own words name it - its name, its unit, or a word of its kind
        ("paid" for prices, "scored" for scores) - and the word after it is not something
        else ("fewer pets than"): "Jack earns more than Emma" is not about ages."""
        said = self._said
        after = said[said.index(word) + 1] if word in said and \
            said.index(word) + 1 < len(said) else "than"

        def tied(c: Category) -> bool:
            own = c.context | c.units | _associated(c)
            stems = {_stem(w) for w in own}
            if after not in ("than", "'s") and _stem(after) not in stems:
                return False
            return fits(c) and any(_stem(w) in stems for w in said if w.isalpha())
        return tied

    # ------------------------------------------------------------ effects

    def _fact(self, a: Noun, verb, link, b: Noun) -> Effect:
        if a is b:
            raise NotReadable("relates a value to itself")
        if link is None and a.type is b.type:
            if verb is IS_NOT:  # two values of one list are always two people
                raise NotUsed(f"'{a.title}' and '{b.title}' are both {a.type.name} values: "
                              "it says what the lists say")
            raise NotReadable(f"'{a.title}' and '{b.title}' are both {a.type.name} values")
        if link is not None and a.type is self.houses and b.type is self.houses:
            raise NotReadable("relates two positions")
        real = WITH if link is None else link
        key = ("fact", a, verb.name, getattr(real, "name", "with"), b)

        def apply(p: Puzzle, clue: str, text: str) -> None:
            with warnings.catch_warnings():  # a fact said twice is still true
                warnings.simplefilter("ignore")
                p.add_fact(clue, a, verb, real, b, text)
        return Effect(key, apply)

    def _rule(self, key: tuple, cond) -> Effect:
        def apply(p: Puzzle, clue: str, text: str) -> None:
            p.add_rule(clue, text, cond)
        return Effect(("rule", *key), apply)

_SIDES = re.compile(r"\bhouses? (\d+)(?: to (\d+))? (?:is|are) on the left side of the "
                    r"street,? and houses? (\d+)(?: to (\d+))? (?:is |are )?on the right "
                    r"side(?:; house (\d+), in the middle, is on neither side)?\.", re.I)


_ONE = r"(?:house |position |seat |place |spot |home )?(?:number |no |# ?)?(?:1|one)"
_SLOT_WORD = r"(?:house|position|seat|place|spot|home)"


def _from(side: str) -> re.Pattern:
    """The phrasings that number the houses from `side`: "from right to left", "numbered
    from the right", "house 1 is on the right", "the rightmost house is house 1"."""
    other = "left" if side == "right" else "right"
    return re.compile(
        rf"\b{side} to {other}\b|\b(?:numbered|counting|counted|starting|start) (?:\w+ )"
        rf"{{0,4}}from the {side}\b|\bfrom the {side}(?: end)?,? (?:starting|numbered|"
        rf"counting)\b|\b{_ONE} (?:is |being |stands |sits )?(?:on |at )?(?:the )?"
        rf"(?:far |very |extreme )?{side}(?:most)?\b(?! side of)|\bthe first {_SLOT_WORD} "
        rf"is (?:on |at )?(?:the )?(?:far |very )?{side}(?:most)?\b(?! side of)|\b{side}"
        rf"most {_SLOT_WORD} is {_ONE}\b|\b{_SLOT_WORD}s? 1 (?:to|through) \d+ from the "
        rf"{side}\b", re.I)


_FROM_LEFT, _FROM_RIGHT = _from("left"), _from("right")


def _numbered_from_right(intro: str) -> bool | None:
    """True when the introduction numbers the houses from the right, False when from the
    left or not said (mm's default), None when it says both."""
    text = re.sub(r"\s+", " ", intro)
    right, left = bool(_FROM_RIGHT.search(text)), bool(_FROM_LEFT.search(text))
    return None if right and left else right


def _sides(intro: str, size: int) -> tuple[range, range] | None:
    """The houses (numbers) on the left and on the right side of the street, when the
    introduction says so in the words mm's English writer uses, and they add up: the two
    sides, and the middle house for an odd number, cover every house once."""
    m = _SIDES.search(intro)
    if m is None:
        return None
    a, b, c, d, middle = (int(g) if g else None for g in m.groups())
    assert a is not None and c is not None
    left, right = range(a, (b or a) + 1), range(c, (d or c) + 1)
    covered = sorted([*left, *right, *([middle] if middle else [])])
    if covered != list(range(1, size + 1)) or not max(left) < min(right):
        return None
    if middle is not None and not max(left) < middle < min(right):
        return None
    return left, right


# words that change what a clue says of the present ("used to own", "no longer", "wants
# to", "the youngest", "in his thirties"): never dropped as filler; the clue is not read
_CHANGES_MEANING = [
    (re.compile(r"\b(?:used|use) to\b|\b(?:formerly|previously|once|originally|former|"
                r"anymore|someday|eventually|soon)\b|\bno longer\b|"
                r"\bany (?:more|longer)\b"), "speaks of another time than the present"),
    (re.compile(r"\b(?:wants?|wanted|wanting|wish(?:es|ed)?|hopes?|hoped|hoping|plans?|"
                r"planned|planning|tries|tried|try|trying|intends?|intended|means|meant|"
                r"expects?|expected|refuses?|refused|decided|decides|forgot|forgets|"
                r"pretends?|pretended|seems?|seemed|appears?|appeared|going|about|"
                r"promised|promises|needs?|needed|has|have|had|ought) to\b"),
     "says what someone wants, means or tried, not what is"),
    (re.compile(r"\b(?:would|will|could|should|might|may|must|shall|can) (?:like|love|"
                r"prefer|want|be|have|own|keep|live|drink|\w+)\b"), "is not a plain "
     "statement of fact (would, will, could ...)"),
    (re.compile(r"\b(?:\w+est|fewest|eldest)\b|(?<!\bat )\b(?:most|least)\b"),
     "a superlative"),
    (re.compile(r"\b(?:teens|twenties|thirties|forties|fifties|sixties|seventies|eighties|"
                r"nineties|teenager|teenaged)\b"), "an age range"),
]
# -est words that are not superlatives
_NOT_SUPERLATIVE = {"interest", "rest", "west", "guest", "nest", "test", "chest",
                    "forest", "contest", "honest", "modest", "request", "harvest", "quest",
                    "pest", "vest", "crest", "protest", "suggest", "invest", "digest"}


def _only(items: list) -> list:
    """The clue's words without an "only" that changes nothing: before a person's own verb
    ("the one who only drinks water": each person drinks one drink). Any other "only" is not
    read: "Only Jack lives next to Emma" (Emma's one neighbour), "Jack is not only the cat
    owner", "Jack only lives next to Emma"."""
    out = []
    for k, word in enumerate(items):
        if word != "only":
            out.append(word)
            continue
        after = items[k + 1] if k + 1 < len(items) else None
        before = items[k - 1] if k else None
        if after in ("if", "when"):
            raise NotReadable("'only if' is a condition, and this reader does not read it")
        if not isinstance(after, str) or after not in _OBJECT_VERBS or \
                after in _PLACING_VERBS or before in ("not", "never"):
            raise NotReadable("'only' says more than this reader reads (the only one? "
                              "nothing else?)")
    return out


_PLACING_VERBS = set("""lives live living lived resides reside stays stay sits sit stands stand
occupies occupy inhabits inhabit has have had works work""".split())


def _refuse_meaning(items: list) -> None:
    """NotReadable when the clue's own words (not a value's) change what it says: another
    time, a wish, a superlative, an age range (see _CHANGES_MEANING)."""
    words = ["§" if not isinstance(w, str) else w for w in items]
    text = " ".join(words)
    for pattern, why in _CHANGES_MEANING:
        for m in pattern.finditer(text):
            said = m.group(0)
            if why == "a superlative" and (said in _NOT_SUPERLATIVE or said in (
                    "youngest", "oldest", "eldest") or len(said) < 4):
                continue  # "the youngest", "the oldest": read over a list of ages
            raise NotReadable(f"'{said}': {why}, and this reader does not read it")


def _one_edit(a: str, b: str) -> bool:
    """Whether two different words differ by one letter added, dropped, changed or two
    letters swapped ("emmma" ~ "emma")."""
    if a == b or abs(len(a) - len(b)) > 1 or min(len(a), len(b)) < 4:
        return False
    if len(a) == len(b):
        diff = [k for k in range(len(a)) if a[k] != b[k]]
        return len(diff) == 1 or len(diff) == 2 and diff[1] == diff[0] + 1 and \
            a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:k] + long[k + 1:] == short for k in range(len(long)))


def _is(x: Noun, y: Noun):
    if x.type is y.type:
        return rules.Const(x is y)
    return rules.with_(x, y)


def _may(x: Noun, y: Noun) -> bool:
    return x.type is not y.type or x is y


def _rel(x: Noun, link, y: Noun):
    return rules.related(x, link, y)


# words that must never be taken as describing only, wherever they come from
_NEVER_NEUTRAL = {"nobody", "noone", "nothing", "none", "twice", "once", "thrice", "only",
                  "except", "unless", "without", "instead", "least", "most", "exactly", "if",
                  "then", "else", "same", "older", "younger", "ahead", "behind", "above",
                  "below", "under", "over", "odd", "even", "until", "since", "while",
                  "because", "why", "how", "when", "whether", "can", "could", "may", "might",
                  "must", "should", "would", "will", "fewest", "highest", "lowest", "best",
                  "worst", "favourite", "favorite"} | set(ORDINALS)

# words that say something of a value: a statement naming one value is "not used" only
# when it holds none of them
_SIGNAL = (_KEYWORDS - {"that", "this", "of", "order", "some", "all", "each", "every",
                        "any"}) | set(ORDINALS) | {"house", "houses", "position", "neighbors",
                                                   "neighbours", "sometime", "never"}


# words a derived form of a value (a plural, a verb form) may not take: "reads mystery books"
# is not the hobby "reading"; a rarer verb ("paints", "boulders") may name its value
_CORE = set("""the a an who whom whose that which is are was were be has have had does do did
lives live in at on with of by for as to from house houses home person people owner owners
likes like loves love enjoys enjoy prefers prefer owns own keeps keep drinks drink smokes
smoke plays play eats eat drives drive reads read wears wear uses use makes make cooks cook
grows grow collects collect listens listen watches watch buys buy rides ride writes write
sells sell holds hold""".split())

# verbs the chunker drops that take an object ("owns the cat", "visits the cat owner")
_OBJECT_VERBS = set("""has have had likes like loves love enjoys enjoy prefers prefer owns own
keeps keep drinks drink smokes smoke plays play eats eat drives drive reads read wears wear
rears rear raises raise grows grow collects collect listens listen watches watch uses use
favors favor favours favour adores adore practices practice works work studies study speaks
speak buys buy bought teaches teach visits visit visited ordered orders chose choose chooses
picked pick picks sells sell makes make cooks cook paints paint rides ride flies fly sings
sing writes write occupies occupy inhabits inhabit holds hold paid pays pay spent spend
leaves leave took takes scored scores won wins adopted planted ran runs joined booked
signed got gets received receives earned earns gave gives sent caught found saw spotted
heard met attended attends performed performs sang wrote painted owned kept drunk smoked
played driven eaten worn raised grown collected used preferred loved liked enjoyed chosen
ridden sold made cooked written sung named called lives live living lived resides reside
stays stay sits sit stands stand""".split())
# verbs of motion, read only with a value of another list as their object ("went to Oslo")
_MOTION = set("""went goes go came comes come moved moves move arrived arrives arrive born
assigned traveled travelled travels travel ran runs walked walks drove flew returned returns
sent started starts began begins joined placed listed registered entered got gets""".split()) \
    - _OBJECT_VERBS
_MOTION_LINKERS = {"to", "from", "at", "in", "into", "toward", "towards", "out", "of", "away",
                   "the", "a", "an", "on", "by", "near", "back", "up", "down", "over",
                   "his", "her", "their", "its"}
_PLACES = {"house", "houses", "home", "homes", "position", "positions", "seat", "seats",
           "spot", "place", "far", "very", "middle", "last", "leftmost", "rightmost", "end",
           "left", "right"} | set(ORDINALS)
# a person's own verbs in the passive: "the cat is owned by Jack" is Jack's cat
_POSSESSED = {"owned", "kept", "drunk", "smoked", "played", "driven", "eaten", "worn",
              "raised", "grown", "collected", "preferred", "loved", "liked", "enjoyed",
              "chosen", "ridden", "adopted", "planted", "bought", "ordered", "picked"}
_LIKES = {"loves", "love", "likes", "like", "enjoys", "enjoy"}
# "Jack visits the red house" is not "Jack lives in the red house": only these verbs of
# _OBJECT_VERBS place a person in the house they name
_HOUSE_WORDS = {"house", "houses", "home", "homes"}
_DWELLING = {"occupies", "occupy", "inhabits", "inhabit", "has", "have", "had", "owns", "own"}
_LINKERS = {"the", "a", "an", "for", "from", "with", "to", "at", "by", "on", "of", "as",
            "his", "her", "their", "its"}
_AGENTS = {"owner", "owners", "lover", "lovers", "fan", "fans", "enthusiast", "keeper",
           "drinker", "smoker", "player", "driver", "reader", "eater", "collector", "grower",
           "wearer", "buyer", "user", "rider", "breeder", "admirer", "aficionado", "devotee",
           "listener", "watcher", "chef", "cook", "person", "man", "woman", "lady", "guy",
           "resident", "occupant", "inhabitant", "individual", "people"}
_PERSON_WORDS = {"person", "people", "man", "men", "woman", "women", "lady", "guy",
                 "individual", "resident", "residents", "occupant", "inhabitant", "someone",
                 "somebody", "anyone", "anybody", "everyone", "everybody", "friend",
                 "friends"}  # not "neighbour": "has a neighbour who" is "next to"
# lists whose values name people: "Jack met Emma", "visits the baker", "teaches the Swede"
_PERSON_LISTS = {"name", "names", "nationality", "nationalities", "national", "job", "jobs",
                 "occupation", "occupations", "profession", "professions", "career",
                 "careers", "people", "persons", "friends", "surname", "surnames", "role",
                 "roles", "work", "title", "titles"}
# common first words of a sentence, capitalised there only
_OPENING = set("""everyone everybody nobody someone somebody anyone each every all some
none no it this these those there here we you i he she they our my your note please
remember also however but so then now finally additionally furthermore moreover meanwhile
interestingly incidentally in on at as after before when while if both either neither
exactly only just one both many most few several any""".split())

_TIME_WORDS = {"year", "years", "time", "times", "date", "dates", "day", "days", "hour",
               "hours", "minute", "minutes", "month", "months", "week", "weeks", "round",
               "rounds", "century", "decade", "era", "period"}


def _timeline(c: Category) -> bool:
    """A list that "before"/"after" can be about: calendar years, clock times, or a list
    its own sentence calls times (never ages: "born before" means older)."""
    if c.numbers is None:
        return False
    years = all(1000 <= v <= 2200 and v == int(v) for v in c.numbers.values())
    return years or c.minutes or bool(c.context & _TIME_WORDS) and not c.context & {
        "age", "ages", "old"}


_DIMENSIONS = {
    "taller": {"height", "heights", "tall", "cm", "inches", "feet", "meters"},
    "shorter": {"height", "heights", "tall", "cm", "inches", "feet", "meters", "length",
                "long", "duration", "minutes", "hours"},
    "heavier": {"weight", "weights", "kg", "kilograms", "pounds", "lbs", "grams", "heavy"},
    "lighter": {"weight", "weights", "kg", "kilograms", "pounds", "lbs", "grams", "heavy"},
    "cheaper": {"price", "prices", "cost", "costs", "dollar", "dollars", "euros", "fee"},
    "longer": {"length", "long", "duration", "minutes", "hours", "meters", "feet", "miles"},
    "larger": {"size", "sizes", "liters", "litres", "ounces", "gallons", "capacity", "area"},
    "bigger": {"size", "sizes", "liters", "litres", "ounces", "gallons", "capacity", "area"},
    "smaller": {"size", "sizes", "liters", "litres", "ounces", "gallons", "capacity", "area"},
}


_GENERIC_COMPARATIVES = {"more", "less", "fewer", "greater", "higher", "lower"}
_RANKINGS = {"place", "places", "placing", "placings", "rank", "ranks", "ranking", "rankings",
             "position", "positions", "standing", "standings", "finish", "finishing"}
_MONEY = {"paid", "pay", "pays", "spent", "spend", "spends", "cost", "costs", "price",
          "prices", "priced", "expensive"}


def _associated(c: Category) -> set[str]:
    """Words that name a numeric list's kind without its name: "paid" a price."""
    if c.units & {"dollar", "dollars", "euro", "euros"} or c.context & {"price", "prices",
                                                                         "cost", "costs"}:
        return _MONEY
    if c.context & {"age", "ages"}:
        return {"age", "aged", "old", "older", "younger"}
    return set()


def _stem(word: str) -> str:
    """"scored", "scores", "score" -> "scor": enough to tie a verb to a list's name."""
    for suffix in ("ing", "ed", "es", "s", "e", "d"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[:-len(suffix)]
    return word


def _dimension(word: str) -> Callable[[Category], bool]:
    """Which numeric lists a comparative can be about without a unit: "more", "less",
    "fewer", "greater", "higher", "lower" any; "taller" only a height, and so on."""
    if word in ("older", "younger"):  # only a list of ages: an older birth year is smaller
        return lambda c: bool(c.context & {"age", "ages", "old"}) and c.numbers is not None \
            and not all(1000 <= v <= 2200 for v in c.numbers.values())
    words = _DIMENSIONS.get(word)
    if words is None:  # "higher" on a ranking is a smaller number: which way is not said
        return lambda c: not c.context & _RANKINGS
    return lambda c: bool((c.context | c.units) & words)


def _between_name(k: int) -> str:
    spelled = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}.get(k, str(k))
    return f"{spelled} house{'s' if k > 1 else ''} between"


def _nps(t: Tree) -> list[Token]:
    return [c for c in t.children if isinstance(c, Token) and c.type in ("V", "P")]


def _why(tok: Token | None) -> str:
    if tok is None:
        return "ends before it says anything the reader knows"
    value = tok.value
    if isinstance(value, Value):
        word = " ".join(value.mention.words)
    elif isinstance(value, re.Match):
        word = value.group(0)
    else:
        word = str(value)
    return f"no clue form this reader knows fits at '{word}'"
