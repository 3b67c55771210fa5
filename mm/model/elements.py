"""The parts of a puzzle: noun types and nouns, links, facts and rules (and `WITH`).

They hold a reference to their puzzle (`PuzzleData`) for wording and checks, but never
import it, so the rule expressions (mm.model.rules) can build on these and the puzzle on both.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from mm.errors import BadArgument, ValidationError
from mm.model import text as _text
from mm.model.links import SMART_LINKS, LinkFunction, smart_name, smart_pairs
from mm.model.verbs import MAYBE, Verb

if TYPE_CHECKING:
    from mm.model.puzzle_data import PuzzleData
    from mm.model.rules import Condition


class _WithLink:
    """`WITH`: stands for the puzzle's own "with" link (link 0) wherever a link is expected."""

    name = "with"

    def __repr__(self) -> str:
        return "WITH"

    # one sentinel: copies and pickles of a puzzle refer to this same object
    def __copy__(self) -> _WithLink:
        return self

    def __deepcopy__(self, memo: dict) -> _WithLink:
        return self

    def __reduce__(self) -> str:
        return "WITH"


WITH = _WithLink()


class Noun:
    """One noun of a noun type; `num` is 1-based in order of creation."""

    def __init__(self, noun_type: NounType, num: int, name: str, title: str | None = None,
                 value: int | None = None):
        self.type = noun_type
        self.num = num
        self.name = name
        self.title = _text.title_case(name) if title is None else title
        self.value = value if value is not None else integer_name(name)

    @property
    def index(self) -> int:
        """0-based position in its noun type."""
        return self.num - 1

    def __repr__(self) -> str:
        return f"<Noun {self.type.name}:{self.name}>"

    def __str__(self) -> str:
        return self.name


def integer_name(name: str) -> int | None:
    """A noun named "24" or "1889" has that value; "$12.50" or "red" has none."""
    text = name.strip()
    digits = text[1:] if text[:1] in "+-" else text
    return int(text) if digits.isdigit() and digits.isascii() else None


class NounType:
    """A category of nouns (House, Color, ...); `num` is 1-based in order of creation.
    A placeholder type (`placeholders` is its domain) has nouns whose values are unknown.
    A repeating type (`repeats`) puts one of its nouns on each row, a noun on any number."""

    def __init__(self, puzzle: PuzzleData, num: int, name: str,
                 placeholders: tuple[int, ...] | None = None, repeats: bool = False):
        self.puzzle = puzzle
        self.num = num
        self.name = name
        self.nouns: list[Noun] = []
        self.placeholders = placeholders
        self.repeats = repeats

    @property
    def index(self) -> int:
        """0-based position of the type (num - 1)."""
        return self.num - 1

    def add_noun(self, name: str, title: str | None = None, value: int | None = None) -> Noun:
        """A noun; `value` is its number for rules.value (default: the name, if it is an
        integer like "24")."""
        if not isinstance(name, str) or not name.strip():
            raise ValidationError(f"noun type '{self.name}': a noun needs a non-empty name")
        if title is not None and not isinstance(title, str):
            raise BadArgument(f"noun '{name}': title must be a string or None, got {title!r}")
        if name in self._names():
            raise ValidationError(f"noun type '{self.name}' already has a noun named '{name}'")
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise ValidationError(
                f"noun '{name}' of type '{self.name}': value must be an int, got {value!r}")
        if self.placeholders is not None and value is not None:
            raise ValidationError(
                f"noun '{name}' of placeholder type '{self.name}' cannot have a fixed value")
        noun = Noun(self, len(self.nouns) + 1, name, title, value)
        self.nouns.append(noun)
        self._noun_names.add(name)
        return noun

    def _names(self) -> set[str]:
        """The nouns' names, kept beside the list (a scan per noun made adding 100,000 nouns
        take minutes); rebuilt when the list was changed by hand."""
        names: set[str] | None = getattr(self, "_noun_names", None)
        if names is None or len(names) != len(self.nouns):
            names = {n.name for n in self.nouns}
            self._noun_names = names
        return names

    def add_nouns(self, *names: str) -> list[Noun]:
        """Several nouns at once, titles from their names: `a, b = t.add_nouns("a", "b")`."""
        return [self.add_noun(n) for n in names]

    def noun(self, name: str) -> Noun:
        """The noun with this name; a clear error names the type when there is none."""
        for n in self.nouns:
            if n.name == name:
                return n
        raise ValidationError(f"unknown noun '{name}' in type '{self.name}'")

    def __iter__(self) -> Iterator[Noun]:
        return iter(self.nouns)

    def __len__(self) -> int:
        return len(self.nouns)

    def __repr__(self) -> str:
        return f"<NounType {self.name}>"

    def __str__(self) -> str:
        return self.name


class Link:
    """A relation between two nouns of one noun type; `num` is 0-based, link 0 is "with"."""

    def __init__(self, num: int, name: str, noun_type: NounType, f: LinkFunction | None = None):
        self.num = num
        self.name = name
        self.noun_type = noun_type
        self.f = f

    def holds(self, a: Noun, b: Noun) -> bool:
        """Does the link hold between two nouns of its noun type?"""
        if self.f is None:
            raise ValidationError(f"Link {self.num} '{self.name}' must have a function")
        result = self.f(a, b)
        if isinstance(result, Verb):
            if result is MAYBE or result.num == 0:
                raise ValidationError(
                    f"Link {self.num} '{self.name}' returned the possible verb for "
                    f"{a.name}, {b.name}; a link function must return IS or IS_NOT")
            return result.num > 0
        if isinstance(result, bool):
            return result
        raise ValidationError(
            f"Link {self.num} '{self.name}' returned {result!r} for {a.name}, {b.name}; "
            "a link function must return a bool, IS or IS_NOT")

    def pairs(self) -> frozenset[tuple[int, int]]:
        """The 0-based index pairs (a, b) of the link's noun type for which it holds."""
        nouns = self.noun_type.nouns
        smart = smart_name(self.f)
        if smart is not None and smart[0] in SMART_LINKS and \
                [n.num for n in nouns] == list(range(1, len(nouns) + 1)):
            return smart_pairs(smart[0], tuple(smart[1]), len(nouns))
        return frozenset((a.index, b.index) for a in nouns for b in nouns if self.holds(a, b))

    @property
    def one_to_one(self) -> bool:
        """True when every noun has at most one partner under the link (as in the seed)."""
        nouns = self.noun_type.nouns
        return all(sum(self.holds(a, b) for b in nouns) <= 1 for a in nouns)

    def __repr__(self) -> str:
        return f"<Link {self.num} {self.name!r} over {self.noun_type.name}>"

    def __str__(self) -> str:
        return self.name


class Fact:
    """A static relation "noun1 verb link noun2"; `num` is 1-based in order of creation."""

    def __init__(self, puzzle: PuzzleData, num: int, clue: str, noun1: Noun, verb: Verb,
                 link: Link, noun2: Noun, text: str | None, enabled: bool):
        self.puzzle = puzzle
        self.num = num
        self.clue = clue
        self.noun1 = noun1
        self.verb = verb
        self.link = link
        self.noun2 = noun2
        self.given_text = text
        self.enabled = enabled
        self.group = num  # facts made by one add_fact* call share a group (a clue as written)

    @property
    def text(self) -> str:
        """The given wording, or the puzzle's `say_fact` wording, with its clue label."""
        base = self.given_text
        if not base:
            base = self.puzzle.say_fact(self.noun1, self.verb, self.link, self.noun2)
        return _text.with_clue(base, self.clue)

    @property
    def kind(self) -> int:
        """The seed's fact type: 1 with-link; 2 one noun has the link's type; 3 both nouns
        share a type other than the link's; 4 all three types differ."""
        if self.link.num == 0:
            return 1
        link_type = self.link.noun_type
        if self.noun1.type is link_type or self.noun2.type is link_type:
            return 2
        if self.noun1.type is self.noun2.type:
            return 3
        return 4

    def __repr__(self) -> str:
        return f"<Fact {self.num}: {self.text}>"

    def __str__(self) -> str:
        return self.text


class Rule:
    """A clue that facts cannot state, as a declarative condition (`mm.rules`)."""

    def __init__(self, puzzle: PuzzleData, num: int, clue: str, text: str,
                 constraint: Condition | None, enabled: bool):
        self.puzzle = puzzle
        self.num = num
        self.clue = clue
        self.given_text = text
        self.constraint = constraint
        self.enabled = enabled

    @property
    def text(self) -> str:
        """The rule's text with its clue label, e.g. "Marge wasn't second. (clue 5)"."""
        return _text.with_clue(self.given_text, self.clue)

    def __repr__(self) -> str:
        return f"<Rule {self.num}: {self.text}>"

    def __str__(self) -> str:
        return self.text


NounArg = Noun | Sequence[Noun]


def _describe(fact_or_rule: Fact | Rule) -> str:
    kind = "Fact" if isinstance(fact_or_rule, Fact) else "Rule"
    return f"{kind} {fact_or_rule.num} \"{fact_or_rule.text}\""
