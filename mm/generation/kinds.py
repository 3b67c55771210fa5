"""The clue kinds a generated puzzle may use, and how to draw one that is true in the hidden
solution.

Each kind is a function that, given a noun `x`, builds a clue about it that holds in the
hidden solution (or None when the kind has nothing true to say about x). The generator keeps
a drawn clue only if it is false in the current counterexample, so every clue it adds cuts
that counterexample off. A clue is held as its condition in the solver-neutral IR (to test
and to switch on in the solver) and a `commit` that adds it to the puzzle with its English
sentence, in the plain forms mm's English reader accepts.

The first noun type is the row of houses. Fact kinds (the seed's fact types 1-4):
  with, not_with        X is (not) Y; Y may be a house ("is in the third house")
  next_to, not_next_to  X is (not) next to Y
  left_of               X is somewhere to the left of Y
  directly_left_of      X is directly left of Y
  one_between           there is one house between X and Y
  middle                X is in the middle house (odd sizes)
  ends                  X is (not) at one of the ends (a rule)
  between               X is somewhere between Y and Z, in that order (a rule)
  before                a link over another type: X is younger than Y (the theme's ordered
                        category, else the second type's list order)
Rule kinds (`rules=True`): the SmartRules and numeric rules
  either                X is either Y or Z                     (match_at_least_one)
  next_to_one_of        X is next to Y or to Z                 (is_related)
  not_between           X is not between Y and Z               (is_not_between)
  same_side, opposite_side  X and Y live on the same/opposite side of the street
                        (in_same_group / in_opposite_group over the houses)
  one_of_pairs          exactly one of X and Y is Z or W      (match_one_to_exactly_one)
  house_sum             the house numbers of X and Y add up to K   (rules.num)
  difference            X is K years older than Y            (rules.value, ordered category)
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from dataclasses import dataclass

from mm import ir
from mm.analysis.compile import Lowering
from mm.errors import ValidationError
from mm.generation.themes import Category
from mm.model import links as smart
from mm.model import rules as r
from mm.model.elements import _WithLink
from mm.model.puzzle_data import WITH, Fact, Link, Noun, NounType, PuzzleData, Rule
from mm.model.text import numbered_ordinal
from mm.model.verbs import IS, IS_NOT, Verb

FACT_KINDS = ("with", "not_with", "next_to", "not_next_to", "left_of", "directly_left_of",
              "one_between", "middle", "ends", "between", "before")
RULE_KINDS = ("either", "next_to_one_of", "not_between", "same_side", "opposite_side",
              "one_of_pairs", "house_sum", "difference")
KINDS = FACT_KINDS + RULE_KINDS
DEFAULT_KINDS = FACT_KINDS
# the kinds whose sentences mm's English reader reads back exactly (tests/test_generate.py
# checks the round trip): all of them; the English text says which houses are on which
# side of the street when a clue speaks of sides
ENGLISH_KINDS = KINDS

# how often each kind is drawn, by difficulty (None: no difficulty asked)
WEIGHTS: dict[str | None, dict[str, float]] = {
    None: {"with": 3, "not_with": 2, "next_to": 2, "not_next_to": 1, "left_of": 1.5,
           "directly_left_of": 1.5, "one_between": 1, "middle": 0.5, "ends": 1, "between": 1,
           "before": 1.5},
    "easy": {"with": 8, "not_with": 1, "next_to": 1, "directly_left_of": 1, "middle": 2,
             "ends": 0.5, "before": 0.5, "left_of": 0.5},
    "medium": {"with": 5, "not_with": 2, "next_to": 2, "left_of": 0.5,
               "directly_left_of": 1.5, "one_between": 0.5, "middle": 1, "ends": 1,
               "before": 0.5},
    "hard": {"with": 1, "not_with": 3, "next_to": 2, "not_next_to": 2, "left_of": 2,
             "directly_left_of": 1, "one_between": 1.5, "ends": 1, "between": 1.5,
             "before": 2},
    "fiendish": {"with": 0.3, "not_with": 1.5, "next_to": 1.5, "not_next_to": 3, "left_of": 3,
                 "one_between": 1.5, "ends": 1.5, "between": 2.5, "before": 2.5},
}
RULE_WEIGHT = 0.6  # each rule kind, when rules are on


@dataclass
class Clue:
    """A drawn clue: its IR condition, and how to add it to the puzzle."""

    kind: str
    cond: ir.Cond
    commit: Callable[[str], Fact | Rule]


class Drawer:
    """Draws true clues about the hidden solution of one puzzle being generated."""

    def __init__(self, p: PuzzleData, categories: dict[int, Category], hidden: ir.Assignment,
                 lowering: Lowering, rng: random.Random):
        self.p, self.categories, self.hidden = p, categories, hidden
        self.lowering, self.rng = lowering, rng
        self.houses: NounType = p.noun_types[0]
        self.n = len(self.houses.nouns)
        # the noun of each type on each row of the hidden solution
        self.on_row = [[0] * self.n for _ in hidden]
        for t, rows in enumerate(hidden):
            for i, row in enumerate(rows):
                self.on_row[t][row] = i
        self._links: dict[str, Link] = {}
        ordered = [t for t in p.noun_types[1:] if categories[t.index].ordered]
        self.ordered: NounType = ordered[0] if ordered else p.noun_types[1]
        self.other_on_row = self.on_row
        self.draw: dict[str, Callable[[Noun], Clue | None]] = {
            name: getattr(self, "_" + name) for name in KINDS}

    def target(self, other: ir.Assignment) -> None:
        """The counterexample clues are drawn against: negative clues aim at it (a random
        "X is not Y" would rarely be false in it)."""
        self.other_on_row = [[0] * self.n for _ in other]
        for t, rows in enumerate(other[:len(self.hidden)]):
            for i, row in enumerate(rows):
                self.other_on_row[t][row] = i

    def in_other(self, x: Noun, t: int, offset: int = 0) -> Noun | None:
        """The noun of type t on x's row (shifted by offset) in the counterexample."""
        t_x = x.type.index
        row = (x.index if t_x == 0 else self.other_row(x)) + offset
        if not 0 <= row < self.n:
            return None
        return self.p.noun_types[t].nouns[self.other_on_row[t][row]]

    def other_row(self, x: Noun) -> int:
        return self.other_on_row[x.type.index].index(x.index)

    # ------------------------------------------------------------- helpers
    def link(self, name: str) -> Link:
        """The puzzle's link of this name, made on first use."""
        if name not in self._links:
            make = {"next to": (self.houses, smart.next_to()),
                    "left of": (self.houses, smart.less_than()),
                    "directly left of": (self.houses, smart.less_by(1)),
                    "one house between": (self.houses, smart.offset_by(2)),
                    "before": (self.ordered, smart.less_than())}[name]
            self._links[name] = self.p.add_link(name, *make)
        return self._links[name]

    def row(self, x: Noun) -> int:
        return self.hidden[x.type.index][x.index]

    def at(self, t: int, row: int) -> Noun:
        return self.p.noun_types[t].nouns[self.on_row[t][row]]

    def other_type(self, x: Noun, houses: bool = False) -> int:
        """A random type other than x's (the houses only when allowed)."""
        first = 0 if houses else 1
        choices = [t for t in range(first, len(self.p.noun_types)) if t != x.type.index]
        return self.rng.choice(choices or [0])  # two types: the houses are the only other

    def partner(self, x: Noun, row: int, houses: float = 0.0) -> Noun:
        """A noun on this row (a house with probability `houses`), of another type than x,
        or of x's own type when the row is not x's (the seed's fact type 3)."""
        use_houses = x.type.index != 0 and self.rng.random() < houses
        if use_houses:
            return self.at(0, row)
        if row != self.row(x) and self.rng.random() < 1 / len(self.p.noun_types):
            return self.at(x.type.index, row)
        return self.at(self.other_type(x), row)

    def refer(self, x: Noun) -> str:
        if x.type.index == 0:
            return f"the person in the {_ordinal(x.num)} house"
        return self.categories[x.type.index].refer(x.name)

    def sentence(self, text: str) -> str:
        return text[0].upper() + text[1:] + "."

    def fact(self, kind: str, x: Noun, verb: Verb, link: Link | _WithLink, y: Noun,
             text: str) -> Clue:
        cond = self.lowering.rel(x, link, y)
        if verb is IS_NOT:
            cond = ir.Not(cond) if not isinstance(cond, ir.Const) else ir.Const(not cond.value)

        def commit(clue: str) -> Fact:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                made = self.p.add_fact(clue, x, verb, link, y, self.sentence(text))
            return made[0]
        return Clue(kind, cond, commit)

    def rule(self, kind: str, constraint: r.Condition, text: str) -> Clue:
        cond = self.lowering.condition(constraint)
        return Clue(kind, cond, lambda clue: self.p.add_rule(clue, self.sentence(text),
                                                               constraint))

    # ------------------------------------------------------------- fact kinds
    def _with(self, x: Noun) -> Clue | None:
        y = self.partner(x, self.row(x), houses=0.3)
        if y.type.index == 0:
            return self.fact("with", x, IS, WITH, y,
                             f"{self.refer(x)} is in the {_ordinal(y.num)} house")
        return self.fact("with", x, IS, WITH, y, f"{self.refer(x)} is {self.refer(y)}")

    def _not_with(self, x: Noun) -> Clue | None:
        rows = [k for k in range(self.n) if k != self.row(x)]
        y = self.partner(x, self.rng.choice(rows), houses=0.3)
        if self.rng.random() < 0.8:  # x's partner in the counterexample, if not its own
            aimed = self.in_other(x, self.other_type(x, houses=self.rng.random() < 0.3))
            if aimed is None or self.row(aimed) == self.row(x):
                return None
            y = aimed
        if y.type.index == 0:
            return self.fact("not_with", x, IS_NOT, WITH, y,
                             f"{self.refer(x)} is not in the {_ordinal(y.num)} house")
        return self.fact("not_with", x, IS_NOT, WITH, y,
                         f"{self.refer(x)} is not {self.refer(y)}")

    def _rows_where(self, x: Noun, test: Callable[[int, int], bool]) -> list[int]:
        return [k for k in range(self.n) if test(self.row(x), k)]

    def _link_fact(self, kind: str, x: Noun, link: str, test: Callable[[int, int], bool],
                   verb: Verb, words: str) -> Clue | None:
        rows = self._rows_where(x, test)
        if not rows:
            return None
        y = self.partner(x, self.rng.choice(rows), houses=0.1)
        if y.type.index == 0 and x.type.index == 0:
            return None
        return self.fact(kind, x, verb, self.link(link), y,
                         f"{self.refer(x)} is {words} {self.refer(y)}")

    def _next_to(self, x: Noun) -> Clue | None:
        return self._link_fact("next_to", x, "next to", lambda a, b: abs(a - b) == 1, IS,
                               "next to")

    def _not_next_to(self, x: Noun) -> Clue | None:
        if self.rng.random() < 0.8:  # a neighbour of x in the counterexample
            y = self.in_other(x, self.rng.randrange(1, len(self.p.noun_types)),
                              self.rng.choice((-1, 1)))
            if y is None or y is x or abs(self.row(y) - self.row(x)) <= 1:
                return None
            return self.fact("not_next_to", x, IS_NOT, self.link("next to"), y,
                             f"{self.refer(x)} is not next to {self.refer(y)}")
        return self._link_fact("not_next_to", x, "next to", lambda a, b: abs(a - b) > 1,
                               IS_NOT, "not next to")

    def _left_of(self, x: Noun) -> Clue | None:
        if self.rng.random() < 0.5:  # x on the left, or x on the right (as the object)
            return self._link_fact("left_of", x, "left of", lambda a, b: a < b, IS,
                                   "somewhere to the left of")
        rows = self._rows_where(x, lambda a, b: b < a)
        if not rows:
            return None
        y = self.partner(x, self.rng.choice(rows))
        return self.fact("left_of", y, IS, self.link("left of"), x,
                         f"{self.refer(y)} is somewhere to the left of {self.refer(x)}")

    def _directly_left_of(self, x: Noun) -> Clue | None:
        if self.rng.random() < 0.5:
            return self._link_fact("directly_left_of", x, "directly left of",
                                   lambda a, b: b == a + 1, IS, "directly left of")
        if self.row(x) == 0:
            return None
        y = self.partner(x, self.row(x) - 1)
        return self.fact("directly_left_of", y, IS, self.link("directly left of"), x,
                         f"{self.refer(y)} is directly left of {self.refer(x)}")

    def _one_between(self, x: Noun) -> Clue | None:
        rows = self._rows_where(x, lambda a, b: abs(a - b) == 2)
        if not rows:
            return None
        y = self.partner(x, self.rng.choice(rows))
        return self.fact("one_between", x, IS, self.link("one house between"), y,
                         f"there is one house between {self.refer(x)} and {self.refer(y)}")

    def _middle(self, x: Noun) -> Clue | None:
        if self.n % 2 == 0 or self.row(x) != self.n // 2 or x.type.index == 0:
            return None
        return self.fact("middle", x, IS, WITH, self.houses.nouns[self.n // 2],
                         f"{self.refer(x)} is in the middle house")

    def _ends(self, x: Noun) -> Clue | None:
        if x.type.index == 0 or self.n < 3:
            return None
        first, last = self.houses.nouns[0], self.houses.nouns[-1]
        ends = r.any_of(r.with_(x, first), r.with_(x, last))
        if self.row(x) in (0, self.n - 1):
            return self.rule("ends", ends, f"{self.refer(x)} is at one of the ends")
        return self.rule("ends", r.not_(ends), f"{self.refer(x)} is not at one of the ends")

    def _between(self, x: Noun) -> Clue | None:
        k = self.row(x)
        if x.type.index == 0 or k in (0, self.n - 1):
            return None
        y = self.partner(x, self.rng.randrange(0, k))
        z = self.partner(x, self.rng.randrange(k + 1, self.n))
        left = self.link("left of")
        return self.rule("between", r.all_of(r.related(y, left, x), r.related(x, left, z)),
                         f"{self.refer(x)} is somewhere between {self.refer(y)} and "
                         f"{self.refer(z)}, in that order")

    def _before(self, x: Noun) -> Clue | None:
        t = self.ordered.index
        mine = self.on_row[t][self.row(x)] if x.type.index != t else x.index
        later = self.rng.random() < 0.5
        rows = [k for k in range(self.n)
                if (self.on_row[t][k] > mine if later else self.on_row[t][k] < mine)]
        if not rows:
            return None
        y = self.at(self.other_type(x, houses=True), self.rng.choice(rows))
        if y.type.index == t and x.type.index == t:
            return None
        a, b = (x, y) if later else (y, x)
        less = self.categories[t].comparative[0]
        return self.fact("before", a, IS, self.link("before"), b,
                         f"{self.refer(a)} is {less} {self.refer(b)}")

    # ------------------------------------------------------------- rule kinds
    def _either(self, x: Noun) -> Clue | None:
        t = self.other_type(x)
        yes = self.at(t, self.row(x))
        no = self.rng.choice([n for n in self.p.noun_types[t].nouns if n is not yes])
        pair = [yes, no] if self.rng.random() < 0.5 else [no, yes]
        return self.rule("either", r.match_at_least_one(x, pair),
                         f"{self.refer(x)} is either {self.refer(pair[0])} or "
                         f"{self.refer(pair[1])}")

    def _next_to_one_of(self, x: Noun) -> Clue | None:
        rows = self._rows_where(x, lambda a, b: abs(a - b) == 1)
        if not rows:
            return None
        t = self.other_type(x)
        yes = self.at(t, self.rng.choice(rows))
        no = self.rng.choice([n for n in self.p.noun_types[t].nouns if n is not yes
                              and n.type is not x.type])
        pair = [yes, no] if self.rng.random() < 0.5 else [no, yes]
        return self.rule("next_to_one_of", r.is_related(x, self.link("next to"), pair),
                         f"{self.refer(x)} is next to at least one of "
                         f"{self.refer(pair[0])} and {self.refer(pair[1])}")

    def _not_between(self, x: Noun) -> Clue | None:
        if x.type.index == 0:
            return None
        y = self.partner(x, self.rng.randrange(self.n))
        z = self.partner(x, self.rng.randrange(self.n))
        if len({self.row(x), self.row(y), self.row(z)}) < 3 or y.type is z.type and y is z:
            return None
        lo, hi = sorted((self.row(y), self.row(z)))
        if lo < self.row(x) < hi:
            return None
        return self.rule("not_between", r.is_not_between(self.houses, x, y, z),
                         f"{self.refer(x)} is not between {self.refer(y)} and "
                         f"{self.refer(z)}")

    def _groups(self) -> list[str]:
        half = self.n // 2
        return ["left"] * half + (["middle"] if self.n % 2 else []) + ["right"] * half

    def _side(self, x: Noun, same: bool) -> Clue | None:
        groups = self._groups()
        mine = groups[self.row(x)]
        rows = [k for k in range(self.n) if k != self.row(x) and (groups[k] == mine) == same]
        if not rows or x.type.index == 0:
            return None
        y = self.partner(x, self.rng.choice(rows))
        # the middle house (odd n) is on neither side, as the English text says: in the
        # same group but the middle one, or not (one person in the middle house is not
        # "on the same side" as themself)
        middle = [r.with_(x, self.houses.nouns[k]) for k in range(self.n)
                  if groups[k] == "middle"]
        if same:
            cond = r.in_same_group(x, y, self.houses, groups)
            return self.rule("same_side", r.all_of(cond, r.not_(middle[0])) if middle else cond,
                             f"{self.refer(x)} and {self.refer(y)} live on the same side of "
                             "the street")
        cond = r.in_opposite_group(x, y, self.houses, groups)
        return self.rule("opposite_side", r.any_of(cond, middle[0]) if middle else cond,
                         f"{self.refer(x)} and {self.refer(y)} do not live on the same side "
                         "of the street")

    def _same_side(self, x: Noun) -> Clue | None:
        return self._side(x, True)

    def _opposite_side(self, x: Noun) -> Clue | None:
        return self._side(x, False)

    def _one_of_pairs(self, x: Noun) -> Clue | None:
        if x.type.index == 0:
            return None
        t = self.other_type(x)
        yes = self.at(t, self.row(x))
        others = [n for n in self.p.noun_types[t].nouns if n is not yes]
        w = self.rng.choice(others)
        v = self.at(x.type.index, self.row(w))  # with w: would make two pairs
        rest = [n for n in x.type.nouns if n is not x and n is not v]
        if not rest:
            return None
        u = self.rng.choice(rest)
        return self.rule("one_of_pairs", r.match_one_to_exactly_one([x, u], [yes, w]),
                         f"exactly one of {self.refer(x)} and {self.refer(u)} is "
                         f"{self.refer(yes)} or {self.refer(w)}")

    def _house_sum(self, x: Noun) -> Clue | None:
        y = self.partner(x, self.rng.randrange(self.n))
        if y.type.index == 0 or x.type.index == 0 or self.row(y) == self.row(x):
            return None
        total = self.row(x) + self.row(y) + 2
        h = self.houses
        return self.rule("house_sum", r.num(x, h) + r.num(y, h) == total,
                         f"the house numbers of {self.refer(x)} and {self.refer(y)} add up "
                         f"to {total}")

    def _difference(self, x: Noun) -> Clue | None:
        t = self.ordered
        category = self.categories[t.index]
        if not category.ordered:
            return None
        y = self.partner(x, self.rng.randrange(self.n))
        vx = t.nouns[self.on_row[t.index][self.row(x)]].value
        vy = t.nouns[self.on_row[t.index][self.row(y)]].value
        if vx is None or vy is None or vx <= vy or t in (x.type, y.type):
            return None
        more = category.comparative[1]
        unit = f" {category.unit}" if category.unit else ""
        return self.rule("difference", r.value(x, t) - r.value(y, t) == vx - vy,
                         f"{self.refer(x)} is {vx - vy}{unit} {more} {self.refer(y)}")


def _ordinal(k: int) -> str:
    words = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
             "ninth", "tenth", "eleventh", "twelfth"]
    return words[k - 1] if k <= len(words) else numbered_ordinal(k)


def check_kinds(kinds: object) -> tuple[str, ...]:
    """The kinds named (a list, or one comma-separated string), each checked."""
    if isinstance(kinds, str):
        kinds = [k.strip() for k in kinds.split(",") if k.strip()]
    if not isinstance(kinds, list | tuple) or not kinds:
        raise ValidationError(f"kinds: expected a list of names from {', '.join(KINDS)}")
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        raise ValidationError(f"unknown clue kind '{unknown[0]}' (choose from "
                              f"{', '.join(KINDS)})")
    return tuple(dict.fromkeys(kinds))
