"""The model: a puzzle's data (noun types, nouns, links, facts, rules) and its validation.

`PuzzleData` holds and checks what the author wrote; it knows nothing of solving. The class
users hold, `mm.Puzzle`, adds the solving methods on top (mm/puzzle.py), so the model never
imports the layers built on it. Solving compiles the data into a solver-neutral description
(`mm.analysis.compile`) and never changes it.
"""

from __future__ import annotations

import copy as _copy
import sys
import warnings
import weakref
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any, TypeVar

from mm.errors import BadArgument, ValidationError
from mm.model import html as _html
from mm.model import text as _text
from mm.model.elements import (
    WITH,
    Fact,
    Link,
    Noun,
    NounArg,
    NounType,
    Rule,
    _describe,
    _WithLink,
    integer_name,
)
from mm.model.links import LinkFunction, with_
from mm.model.rules import Condition
from mm.model.unread import NotRead
from mm.model.verbs import IS, IS_NOT, MAYBE, Verb

if TYPE_CHECKING:
    from mm.model.question import Question
    from mm.model.solution import Solution

__all__ = ["MAX_RULE_DEPTH", "WITH", "Fact", "Link", "Noun", "NounType", "PuzzleData", "Rule",
           "integer_name"]


P = TypeVar("P", bound="PuzzleData")

MAX_RULE_DEPTH = 200  # deeper rule trees are mistakes, and would exhaust Python's stack


def _depth(condition: Any) -> int:
    """How deeply the rule tree (conditions and their number terms) is nested, counted
    without recursion so that a tree thousands deep is measured, not crashed on."""
    deepest, stack = 0, [(condition, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth > MAX_RULE_DEPTH:
            break
        kids = list(node.children()) if hasattr(node, "children") else []
        kids += [getattr(node, k) for k in ("left", "right") if hasattr(node, k)]
        stack += [(kid, depth + 1) for kid in kids]
    return deepest


_MM_FOLDER = str(Path(__file__).resolve().parent.parent)


def _user_stacklevel() -> int:
    """The warnings stacklevel of the first caller outside mm, so a warning points at the
    user's line (also through the JSON reader or a puzzle module's helpers)."""
    frame: FrameType | None = sys._getframe(1)
    level = 1
    while frame is not None and frame.f_code.co_filename.startswith(_MM_FOLDER):
        frame, level = frame.f_back, level + 1
    return level


def _check_fact_arguments(clue: Any, text: Any, enabled: Any, where: str = "add_fact") -> None:
    """The plain arguments of add_fact* and add_rule, checked so a mistake is named, not
    stored."""
    if isinstance(clue, bool) or not isinstance(clue, str | int):
        raise BadArgument(f"{where}: clue must be a string (or int), got {clue!r}")
    if text is not None and not isinstance(text, str):
        raise BadArgument(f"{where}: text must be a string or None, got {text!r}")
    if not isinstance(enabled, bool):
        raise BadArgument(f"{where}: enabled must be True or False, got {enabled!r}")


class PuzzleData:
    """A logic-grid puzzle's data: noun types of equal size, links, facts and rules, with the
    seed's validation. Users hold `mm.Puzzle`, which adds solving to this."""

    def __init__(self, name: str, title: str):
        self.name = name
        self.title = title
        self.stars: int | None = None
        self.author: str | None = None
        self.source: str | None = None
        self.blurb: str | None = None
        self.noun_types: list[NounType] = []
        self.links: list[Link] = []
        self.facts: list[Fact] = []
        self.rules: list[Rule] = []
        self.answer: list[list[int]] | None = None
        # values of placeholder nouns in the answer, by type name, in noun order
        self.answer_values: dict[str, list[int]] | None = None
        # what an imported puzzle asks, answered per solution (`question` is the first)
        self.questions: list[Question] = []
        # statements an importer could not read exactly (left out; see mm.model.unread)
        self.not_read: list[NotRead] = []
        # the puzzles this one was copied from: a predicate written over their nouns still
        # reads a solution of the copy (same types and nouns, in the same order)
        self._origins: tuple[weakref.ref[PuzzleData], ...] = ()
        self._same_shape: dict[int, tuple[list[int], list[int]]] = {}
        self.verb_names: dict[int, str] = {v.num: v.name for v in (IS_NOT, MAYBE, IS)}
        self._calls = 0
        self._check_names()

    # ----------------------------------------------------------------- building
    def add_noun_type(self, name: str, placeholders: Iterable[int] | None = None,
                      names: Sequence[str] | None = None, repeats: bool = False) -> NounType:
        """A noun type. With `placeholders` (a domain such as range(0, 1000)) it gets at once
        as many nouns as the first type has, whose values are unknown integers of that
        domain, all different and rising with `num` (named by `names` or "Name 1", ...).
        With `repeats=True` each row takes one of its nouns and a noun may sit on any
        number of rows (so it may have fewer or more nouns than the first type)."""
        if not isinstance(name, str) or not name.strip():
            raise ValidationError("a noun type needs a non-empty name")
        if any(t.name == name for t in self.noun_types):
            raise ValidationError(f"the puzzle already has a noun type named '{name}'")
        if not isinstance(repeats, bool):
            raise ValidationError(f"noun type '{name}': repeats must be True or False")
        if repeats and not self.noun_types:
            raise ValidationError(
                f"noun type '{name}': the first noun type (the rows) cannot repeat")
        if repeats and placeholders is not None:
            raise ValidationError(
                f"noun type '{name}': a placeholder type cannot repeat")
        domain = None
        if placeholders is not None:
            domain = self._placeholder_domain(name, placeholders)
        elif names is not None:
            raise ValidationError(f"noun type '{name}': names= goes with placeholders=")
        noun_type = NounType(self, len(self.noun_types) + 1, name, domain, repeats)
        self.noun_types.append(noun_type)
        if len(self.noun_types) == 1:
            self.links.insert(0, Link(0, "with", noun_type, with_()))
        if domain is not None:
            count = len(self.noun_types[0].nouns)
            labels = list(names) if names is not None else [f"{name} {i + 1}"
                                                             for i in range(count)]
            if len(labels) != count:
                raise ValidationError(
                    f"placeholder type '{name}': {len(labels)} names for {count} nouns")
            noun_type.add_nouns(*labels)
        return noun_type

    def _placeholder_domain(self, name: str, values: Iterable[int]) -> tuple[int, ...]:
        if not self.noun_types:
            raise ValidationError(
                f"placeholder type '{name}' cannot be the first noun type")
        try:
            domain = list(values)
        except TypeError:
            raise ValidationError(
                f"placeholder type '{name}': the domain must be integers, got {values!r}") \
                from None
        bad = [v for v in domain if not isinstance(v, int) or isinstance(v, bool)]
        if bad:
            raise ValidationError(
                f"placeholder type '{name}': the domain must be integers, got {bad[0]!r}")
        domain = sorted(set(domain))
        needed = len(self.noun_types[0].nouns)
        if len(domain) < needed:
            raise ValidationError(
                f"placeholder type '{name}': the domain has {len(domain)} values for "
                f"{needed} nouns")
        return tuple(domain)

    def add_link(self, name: str, noun_type: NounType,
                 f: LinkFunction | None = None) -> Link:
        """A link over any noun type; `f` may also be set later (`link.f = ...`)."""
        if not isinstance(name, str) or not name.strip():
            raise BadArgument(f"add_link: name must be a non-empty string, got {name!r}")
        if f is not None and not callable(f):
            raise BadArgument(f"link '{name}': f must be a function (a, b) -> bool, got {f!r}")
        self._check_noun_type(noun_type, f"link '{name}'")
        if noun_type.repeats:
            raise ValidationError(_repeating_link(name, noun_type))
        if not self.links:
            raise ValidationError("add a noun type before adding links")
        link = Link(len(self.links), name, noun_type, f)
        self.links.append(link)
        return link

    def add_fact(self, clue: str, noun1: NounArg, verb: Verb, link: Link | _WithLink,
                 noun2: NounArg | None = None, text: str | None = None,
                 enabled: bool = True) -> list[Fact]:
        """Add "noun1 verb link noun2". With lists: every pair of `noun1` when `noun2` is
        omitted, else the cross product; pairs that cannot be meant (a noun with itself,
        two nouns of one type under WITH) are left out of lists, as in the seed."""
        link = self._resolve_link(link)
        if noun2 is None:
            nouns = self._noun_list(noun1, "noun1")
            pairs = [(a, b) for i, a in enumerate(nouns) for b in nouns[i + 1:]]
            return self._add_pairs(clue, pairs, verb, link, text, enabled, from_list=True)
        first = self._noun_list(noun1, "noun1")
        second = self._noun_list(noun2, "noun2")
        from_list = not (isinstance(noun1, Noun) and isinstance(noun2, Noun))
        pairs = [(a, b) for a in first for b in second]
        return self._add_pairs(clue, pairs, verb, link, text, enabled, from_list=from_list)

    def add_facts_in_sequence(self, clue: str, nouns: Sequence[Noun], verb: Verb,
                              link: Link | _WithLink, text: str | None = None,
                              enabled: bool = True) -> list[Fact]:
        """nouns[i] verb link nouns[i+1] for each i."""
        link = self._resolve_link(link)
        nouns = self._noun_list(nouns, "nouns")
        pairs = list(zip(nouns, nouns[1:], strict=False))
        return self._add_pairs(clue, pairs, verb, link, text, enabled, from_list=False)

    def add_facts_one_to_one(self, clue: str, nouns1: Sequence[Noun] | NounType, verb: Verb,
                             link: Link | _WithLink, nouns2: Sequence[Noun] | NounType,
                             text: str | None = None, enabled: bool = True) -> list[Fact]:
        """nouns1[i] verb link nouns2[i] for each i; either side may be a noun type."""
        link = self._resolve_link(link)
        first = self._noun_list(nouns1, "nouns1")
        second = self._noun_list(nouns2, "nouns2")
        if len(first) != len(second):
            raise ValidationError(
                f"add_facts_one_to_one (clue {clue}): the lists have different lengths "
                f"({len(first)} and {len(second)})")
        return self._add_pairs(clue, list(zip(first, second, strict=True)), verb, link, text,
                               enabled, from_list=False)

    def add_facts_starts_with(self, clue: str, noun: Noun, noun_type: NounType, flag: bool,
                              ch: str, text: str | None = None,
                              enabled: bool = True) -> list[Fact]:
        """noun IS_NOT WITH each noun of `noun_type` whose name starts with `ch` == flag."""
        self._check_noun_type(noun_type, "add_facts_starts_with")
        pairs = [(noun, other) for other in noun_type.nouns
                 if other.name.startswith(ch) == flag]
        return self._add_pairs(clue, pairs, IS_NOT, self.links[0], text, enabled,
                               from_list=True)

    def add_facts_is_not_first_char(self, clue: str, type1: NounType, type2: NounType,
                                    flag: bool, text: str | None = None,
                                    enabled: bool = True) -> list[Fact]:
        """a IS_NOT WITH b for a in type1, b in type2 whose first letters agree == flag."""
        self._check_noun_type(type1, "add_facts_is_not_first_char")
        self._check_noun_type(type2, "add_facts_is_not_first_char")
        pairs = [(a, b) for a in type1.nouns for b in type2.nouns
                 if (a.name[0] == b.name[0]) == flag]
        return self._add_pairs(clue, pairs, IS_NOT, self.links[0], text, enabled,
                               from_list=True)

    def add_facts_not_consecutive(self, clue: str, nouns: Sequence[Noun],
                                  link: Link | _WithLink, text: str | None = None,
                                  enabled: bool = True) -> list[Fact]:
        """No two of `nouns` are `link` of each other (the seed's shortcut when the nouns
        must take every other slot of the link's type)."""
        link = self._resolve_link(link)
        nouns = self._noun_list(nouns, "nouns")
        slots = link.noun_type.nouns
        if 2 * len(nouns) - 1 == len(slots):
            pairs = [(n, slots[i]) for n in nouns for i in range(1, len(slots), 2)]
            return self._add_pairs(clue, pairs, IS_NOT, self.links[0], text, enabled,
                                   from_list=True)
        pairs = []
        for i, a in enumerate(nouns):
            for b in nouns[i + 1:]:
                pairs += [(a, b), (b, a)]
        return self._add_pairs(clue, pairs, IS_NOT, link, text, enabled, from_list=True)

    def add_rule(self, clue: str, text: str, constraint: Condition | None = None,
                 enabled: bool = True) -> Rule:
        """A rule; `constraint` may also be set later (`rule.constraint = ...`)."""
        _check_fact_arguments(clue, text, enabled, "add_rule")
        if not isinstance(text, str):
            raise BadArgument(f"add_rule: text must be a string, got {text!r}")
        if constraint is not None:
            self._check_condition(constraint, f"rule '{text}'")
        rule = Rule(self, len(self.rules) + 1, str(clue), text, constraint, enabled)
        self.rules.append(rule)
        return rule

    def set_verb_names(self, is_not: str | None = None, is_: str | None = None,
                       maybe: str | None = None) -> None:
        """Tense or wording of the verbs in generated fact texts ("was not", "was")."""
        for verb, name in ((IS_NOT, is_not), (IS, is_), (MAYBE, maybe)):
            if name is not None:
                self.verb_names[verb.num] = name

    def verb_name(self, verb: Verb) -> str:
        """The name of a verb in this puzzle (after set_verb_names), e.g. "was not"."""
        return self.verb_names[verb.num]

    def say_fact(self, noun1: Noun, verb: Verb, link: Link, noun2: Noun) -> str:
        """Wording of a fact given without text. Override per puzzle by assigning a function
        of (noun1, verb, link, noun2) to `p.say_fact`, or in a subclass."""
        return _text.default_say_fact(noun1, verb, link, noun2, self.verb_name(verb))

    # ----------------------------------------------------------------- lookup
    def noun_type(self, name: str) -> NounType:
        """The noun type with this name (ValidationError naming it if there is none)."""
        for t in self.noun_types:
            if t.name == name:
                return t
        raise ValidationError(f"unknown noun type '{name}'")

    def noun(self, type_name: str, noun_name: str) -> Noun:
        """The noun `noun_name` of type `type_name`, e.g. `p.noun("Pet", "zebra")`."""
        return self.noun_type(type_name).noun(noun_name)

    def link(self, name: str) -> Link:
        """The link with this name (ValidationError naming it if there is none)."""
        for link in self.links:
            if link.name == name:
                return link
        raise ValidationError(f"unknown link '{name}'")

    # ----------------------------------------------------------------- checks
    def validate(self) -> None:
        """Raise `ValidationError` naming the first problem, else return None."""
        self._check_names()
        if len(self.noun_types) < 2:
            raise ValidationError(
                f"puzzle '{self.name}' must have at least two noun types "
                f"(it has {len(self.noun_types)})")
        size = len(self.noun_types[0].nouns)
        if size < 2:
            raise ValidationError(
                f"puzzle '{self.name}' must have at least two nouns per type "
                f"(type '{self.noun_types[0].name}' has {size})")
        if self.noun_types[0].repeats:
            raise ValidationError(
                f"puzzle '{self.name}': the first noun type '{self.noun_types[0].name}' "
                "(the rows) cannot repeat")
        for t in self.noun_types[1:]:
            if t.repeats:
                if not t.nouns:
                    raise ValidationError(
                        f"puzzle '{self.name}': repeating type '{t.name}' has no nouns")
                continue
            if len(t.nouns) != size:
                raise ValidationError(
                    f"puzzle '{self.name}' must have the same number of nouns per type: "
                    f"'{t.name}' has {len(t.nouns)}, '{self.noun_types[0].name}' has {size}")
        for link in self.links:
            if link.f is None:
                raise ValidationError(f"Link {link.num} '{link.name}' must have a function")
            if not callable(link.f):
                raise ValidationError(
                    f"Link {link.num} '{link.name}': its function is not callable")
            if link.noun_type.repeats:
                raise ValidationError(_repeating_link(link.name, link.noun_type))
        for fact in self.facts:
            problem = self._fact_problem(fact.noun1, fact.verb, fact.link, fact.noun2)
            if problem:
                raise ValidationError(f"{_describe(fact)} {problem}")
        for rule in self.rules:
            if rule.constraint is None:
                raise ValidationError(f"{_describe(rule)} must have a constraint")
            self._check_condition(rule.constraint, _describe(rule))
        if not self.facts and not self.rules:
            raise ValidationError(f"puzzle '{self.name}' must have at least one fact or rule")
        if self.answer is not None:
            self._check_answer_shape()

    def _check_names(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise ValidationError("the name of the puzzle must be given")
        if not isinstance(self.title, str) or not self.title.strip():
            raise ValidationError(f"puzzle '{self.name}': the title must be given")

    def _check_answer_shape(self) -> None:
        """The answer is one permutation of the rows per noun type after the first, and
        answer_values (if any) a list of ints per named type."""
        size = len(self.noun_types[0].nouns) if self.noun_types else 0
        answer = self.answer

        def fits(row: Any, t: NounType) -> bool:
            if not (isinstance(row, list | tuple) and len(row) == size
                    and all(isinstance(v, int) and not isinstance(v, bool) for v in row)):
                return False
            if t.repeats:  # the noun on each row
                return all(0 <= k < len(t.nouns) for k in row)
            return sorted(row) == list(range(size))

        if (not isinstance(answer, list | tuple) or len(answer) != len(self.noun_types) - 1
                or not all(fits(row, t) for row, t in zip(answer, self.noun_types[1:],
                                                          strict=True))):
            raise ValidationError(
                f"puzzle '{self.name}': answer must be {len(self.noun_types) - 1} rows, each a "
                f"permutation of 0..{size - 1} (for a repeating type: one noun index per row)")
        values = self.answer_values
        if values is None:
            return
        if not isinstance(values, dict):
            raise ValidationError(f"puzzle '{self.name}': answer_values must map type names "
                                  "to lists of values")
        for name, row in values.items():
            if not any(t.name == name for t in self.noun_types):
                raise ValidationError(f"no noun type '{name}'")
            if (not isinstance(row, list | tuple) or len(row) != size
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in row)):
                raise ValidationError(f"'{name}': expected {size} integers")

    def _fact_problem(self, noun1: Noun, verb: Verb, link: Link, noun2: Noun) -> str | None:
        if not isinstance(verb, Verb) or verb.num == 0:
            return "cannot use the possible verb (use IS or IS_NOT)"
        if noun1 is noun2:
            return f"cannot have both nouns be the same ('{noun1.name}')"
        if link.num == 0 and noun1.type is noun2.type:
            return (f"cannot state that two nouns of the same type ('{noun1.type.name}') "
                    "are [not] together")
        if link.num != 0 and (noun1.type.repeats or noun2.type.repeats):
            noun = noun1 if noun1.type.repeats else noun2
            return (f"cannot use the link '{link.name}' with '{noun.name}' of the repeating "
                    f"type '{noun.type.name}' (it may be on several rows; only WITH is allowed)")
        if noun1.type is link.noun_type and noun2.type is link.noun_type:
            return (f"cannot have the link '{link.name}' and both nouns with the same type "
                    f"('{link.noun_type.name}')")
        return None

    def _check_noun(self, noun: Any, where: str) -> Noun:
        if not isinstance(noun, Noun):
            raise ValidationError(f"{where}: expected a noun, got {noun!r}")
        if noun.type.puzzle is not self or noun.type not in self.noun_types:
            raise ValidationError(f"{where}: noun '{noun.name}' is not in puzzle '{self.name}'")
        return noun

    def _check_noun_type(self, noun_type: Any, where: str) -> NounType:
        if not isinstance(noun_type, NounType):
            raise ValidationError(f"{where}: expected a noun type, got {noun_type!r}")
        if noun_type.puzzle is not self:
            raise ValidationError(
                f"{where}: noun type '{noun_type.name}' is not in puzzle '{self.name}'")
        return noun_type

    def _noun_list(self, value: Any, where: str) -> list[Noun]:
        if isinstance(value, NounType):
            return list(self._check_noun_type(value, where).nouns)
        if isinstance(value, Noun):
            return [self._check_noun(value, where)]
        if isinstance(value, str) or not isinstance(value, Iterable):
            raise ValidationError(f"{where}: expected a noun or a list of nouns, got {value!r}")
        return [self._check_noun(n, where) for n in value]

    def _resolve_link(self, link: Any) -> Link:
        if link is WITH:
            if not self.links:
                raise ValidationError("add a noun type before adding facts")
            return self.links[0]
        if not isinstance(link, Link):
            raise ValidationError(f"expected a link (or WITH), got {link!r}")
        if link.noun_type.puzzle is not self or link not in self.links:
            raise ValidationError(f"link '{link.name}' is not in puzzle '{self.name}'")
        return link

    def _check_condition(self, condition: Any, where: str) -> None:
        if not isinstance(condition, Condition):
            raise ValidationError(
                f"{where}: a rule's constraint must be built from mm.rules, got {condition!r}")
        if _depth(condition) > MAX_RULE_DEPTH:
            raise ValidationError(f"{where}: the rule is nested more than {MAX_RULE_DEPTH} "
                                  "levels deep")
        for noun in condition.nouns():
            self._check_noun(noun, where)
        for link in condition.links():
            if isinstance(link, Link) and link.noun_type.puzzle is not self:
                raise ValidationError(f"{where}: link '{link.name}' is not in this puzzle")

    def _add_pairs(self, clue: str, pairs: list[tuple[Noun, Noun]], verb: Verb, link: Link,
                   text: str | None, enabled: bool, from_list: bool) -> list[Fact]:
        _check_fact_arguments(clue, text, enabled)
        created = []
        self._calls += 1  # the facts of one call form one clue group
        for noun1, noun2 in pairs:
            if from_list and (noun1 is noun2 or (link.num == 0 and noun1.type is noun2.type)):
                continue
            problem = self._fact_problem(noun1, verb, link, noun2)
            if problem:
                wording = text or f"{noun1.name} {verb} {link.name} {noun2.name}"
                raise ValidationError(f"fact \"{wording}\" (clue {clue}) {problem}")
            duplicate = self._find_duplicate(noun1, verb, link, noun2)
            if duplicate is not None and (duplicate.enabled or not enabled):
                # (a fact that repeats a disabled one is not a duplicate: it is enforced)
                warnings.warn(f"This fact already exists: {duplicate.num} {duplicate.text}",
                              stacklevel=_user_stacklevel())
                continue
            fact = Fact(self, len(self.facts) + 1, str(clue), noun1, verb, link, noun2, text,
                        enabled)
            fact.group = self._calls
            self._indexed_append(fact)
            created.append(fact)
        return created

    def _find_duplicate(self, noun1: Noun, verb: Verb, link: Link, noun2: Noun) -> Fact | None:
        """The earlier fact saying the same (or, for WITH, its mirror), by a hash lookup:
        a scan of every earlier fact made building quadratic (2.9 million comparisons at
        2,400 facts)."""
        index = self._fact_index()
        keys = [_fact_key(noun1, verb, link, noun2)]
        if link.num == 0:
            keys.append(_fact_key(noun2, verb, link, noun1))
        found = None
        for key in keys:
            at = index.get(key)
            if at is None:
                continue
            old = self.facts[at] if at < len(self.facts) else None
            if old is None or _fact_key(old.noun1, old.verb, old.link, old.noun2) != key:
                del self.__dict__["_index_state"]  # the list was edited in place: re-index
                return self._find_duplicate(noun1, verb, link, noun2)
            if found is None or (old.enabled and not found.enabled):  # an enforced one first
                found = old
        return found

    def _fact_index(self) -> dict[tuple, int]:
        """Position in `facts` of each fact, by what it says. Rebuilt (once, linearly)
        whenever `facts` is not the list it was built for: replaced (remove, a copy) or
        grown or shrunk by hand."""
        facts = self.facts
        state = self.__dict__.get("_index_state")
        if state is None or state[0] is not facts or state[1] != len(facts) or \
                (facts and state[2] is not facts[-1]):
            index: dict[tuple, int] = {}
            for at, fact in enumerate(facts):
                _index_fact(index, facts, fact, at)
            state = (facts, len(facts), facts[-1] if facts else None, index)
            self._index_state = state
        return state[3]

    def _indexed_append(self, fact: Fact) -> None:
        index = self._fact_index()
        _index_fact(index, self.facts, fact, len(self.facts))
        self.facts.append(fact)
        self._index_state = (self.facts, len(self.facts), fact, index)

    # ----------------------------------------------------------------- copies
    @property
    def question(self) -> Question | None:
        """The first of `questions` (None when the puzzle asks nothing)."""
        return self.questions[0] if self.questions else None

    @question.setter
    def question(self, value: Question | None) -> None:
        self.questions = [] if value is None else [value]

    def copy(self: P) -> P:
        """An independent deep copy (nouns, links, facts and rules are new objects)."""
        clone = _copy.deepcopy(self)
        clone._origins = (weakref.ref(self), *self._origins)
        clone._same_shape = {}
        return clone

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (for batch workers) without the weak references to its origins."""
        state = self.__dict__.copy()
        state["_origins"], state["_same_shape"] = (), {}
        return state

    def copied_from(self, other: PuzzleData) -> bool:
        """Is this puzzle `other`, or a copy of it (or of a copy) whose types and nouns are
        still the same? A rule's function closes over the nouns of the puzzle it was
        written for; solutions of a copy answer for those nouns too."""
        if other is self:
            return True
        if not any(ref() is other for ref in self._origins):
            return False
        shape = [len(t.nouns) for t in self.noun_types], [len(t.nouns) for t in other.noun_types]
        if self._same_shape.get(id(other)) != shape:  # names compared once per shape
            if [(t.name, [n.name for n in t.nouns]) for t in self.noun_types] != \
                    [(t.name, [n.name for n in t.nouns]) for t in other.noun_types]:
                return False
            self._same_shape[id(other)] = shape
        return True

    def without(self: P, *items: Fact | Rule) -> P:
        """A copy without these facts or rules, for "what if this clue were gone?"."""
        drop_facts, drop_rules = set(), set()
        for item in items:
            if isinstance(item, Fact) and any(item is f for f in self.facts):
                drop_facts.add(self.facts.index(item))
            elif isinstance(item, Rule) and any(item is r for r in self.rules):
                drop_rules.add(self.rules.index(item))
            else:
                raise ValidationError(f"without(): {item!r} is not a fact or rule of this puzzle")
        clone = self.copy()
        clone.remove(*(clone.facts[i] for i in drop_facts), *(clone.rules[i] for i in drop_rules))
        return clone

    def remove(self, *items: Fact | Rule | Link, renumber: bool = False) -> None:
        """Take these facts, rules or links out of the puzzle (for importers and generators:
        a clue that could not be read, a fact found redundant). A link still used by a fact
        cannot go. Links are renumbered (link 0 stays `with`); with `renumber`, facts and
        rules are too (1, 2, ... in order), else they keep their numbers."""
        gone = {id(item) for item in items}
        links = [item for item in items if isinstance(item, Link)]
        for link in links:
            if link.num == 0:
                raise ValidationError("remove(): the with link cannot be removed")
            user = next((f for f in self.facts if f.link is link and id(f) not in gone), None)
            if user is not None:
                raise ValidationError(f"remove(): link '{link.name}' is used by {user!r}")
        self.facts = [f for f in self.facts if id(f) not in gone]
        self.rules = [r for r in self.rules if id(r) not in gone]
        if renumber:
            for i, item in enumerate(self.facts, start=1):
                item.num = i
            for i, rule in enumerate(self.rules, start=1):
                rule.num = i
        if links:
            self.links = [link for link in self.links if id(link) not in gone]
            for i, link in enumerate(self.links):
                link.num = i

    def check_answer(self, solution: Solution) -> bool:
        """Does the solution match `answer`? True when the puzzle has no answer (seed)."""
        if self.answer is None:
            return True
        if [list(r) for r in solution.encoded()] != [list(r) for r in self.answer]:
            return False
        for type_name, values in (self.answer_values or {}).items():
            nouns = self.noun_type(type_name).nouns
            if [solution.value(n) for n in nouns] != list(values):
                return False
        return True

    def _repr_html_(self) -> str:
        """The puzzle as HTML in a notebook: types, nouns, links and clues (mm.model.html)."""
        return _html.fragment(_html.puzzle_html(self))

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} {self.name!r}: {len(self.noun_types)} types, "
                f"{len(self.facts)} facts, {len(self.rules)} rules>")


def _repeating_link(name: str, noun_type: NounType) -> str:
    return (f"link '{name}' cannot be over the repeating type '{noun_type.name}' (its nouns "
            "may share rows, so they have no order of their own)")


SayFact = Callable[[Noun, Verb, Link, Noun], str]


def _index_fact(index: dict[tuple, int], facts: list[Fact], fact: Fact, at: int) -> None:
    """Index the fact at `at`: the first fact saying it, or the first enabled one (a fact
    repeating a disabled one is enforced, so it is what a later repeat duplicates)."""
    key = _fact_key(fact.noun1, fact.verb, fact.link, fact.noun2)
    earlier = index.get(key)
    if earlier is None or (fact.enabled and not facts[earlier].enabled):
        index[key] = at


def _fact_key(noun1: Noun, verb: Verb, link: Link, noun2: Noun) -> tuple:
    """What a fact says, hashable; nouns and links by identity (copies map them along)."""
    return (verb.num, verb.name, link, noun1, noun2)
