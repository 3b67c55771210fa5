"""Rules as expression trees: building blocks and the SmartRule library.

A rule is data, never a callback over solver state: every backend compiles the same tree,
and `holds(solution)` checks a finished solution in plain Python (the tests' oracle).
The one exception is `predicate(fn, reads=...)`: a whole rule written as a Python function
of a finished `Solution`, which the solving loop checks lazily (mm.analysis.lazy).

>>> from mm import Puzzle, rules
>>> p = Puzzle("T", "T")
>>> a, b = p.add_noun_type("Slot").add_nouns("1", "2")
>>> x, y = p.add_noun_type("Name").add_nouns("Xo", "Yu")
>>> r = p.add_rule("1", "Xo is first or Yu is.", rules.with_(x, a) | rules.with_(y, a))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from mm.errors import BadArgument, ValidationError
from mm.ir import COMPARE
from mm.model.elements import WITH, Link, Noun, NounType, _WithLink
from mm.model.links import less_than

if TYPE_CHECKING:
    from mm.model.solution import Solution


class Condition:
    """A true/false statement about a solution. Combine with `&`, `|`, `~`."""

    def nouns(self) -> Iterator[Noun]:
        for child in self.children():
            yield from child.nouns()

    def links(self) -> Iterator[Link | _WithLink]:
        for child in self.children():
            yield from child.links()

    def children(self) -> tuple[Condition, ...]:
        return ()

    def holds(self, solution: Solution) -> bool:
        raise NotImplementedError(type(self).__name__)

    def __and__(self, other: Any) -> Condition:
        return AllOf((self, _as_condition(other, "&")))

    def __rand__(self, other: Any) -> Condition:
        return AllOf((_as_condition(other, "&"), self))

    def __or__(self, other: Any) -> Condition:
        return AnyOf((self, _as_condition(other, "|")))

    def __ror__(self, other: Any) -> Condition:
        return AnyOf((_as_condition(other, "|"), self))

    def __invert__(self) -> Condition:
        return Not(self)

    def __bool__(self) -> bool:
        raise BadArgument(
            "a rule condition has no Python truth value: it is decided by the solver. "
            "Combine conditions with &, |, ~ or rules.all_of / any_of / not_ / if_then, "
            "not with 'and', 'or', 'not' or 'if'")


def _as_condition(value: Any, op: str) -> Condition:
    if isinstance(value, Predicate):
        raise value.refuse(op)
    if isinstance(value, Condition):
        return value
    hint = ""
    if isinstance(value, bool | int):
        hint = " Did you forget brackets around a comparison (& and | bind tighter than ==)?"
    raise BadArgument(f"cannot combine a rule condition with {value!r} using '{op}'.{hint}")


def _conditions(items: tuple[Any, ...], name: str) -> tuple[Condition, ...]:
    """Accept f(a, b, c) and f(iterable), like max()."""
    if len(items) == 1 and not isinstance(items[0], Condition):
        if isinstance(items[0], str | bytes) or not isinstance(items[0], Iterable):
            raise BadArgument(f"rules.{name}: expected rule conditions or a list of them, "
                              f"got {items[0]!r}")
        items = tuple(items[0])
    for item in items:
        if isinstance(item, Predicate):
            raise item.refuse(f"rules.{name}")
        if not isinstance(item, Condition):
            raise BadArgument(f"rules.{name}: {item!r} is not a rule condition")
    return tuple(items)


# --------------------------------------------------------------------- building blocks
class Const(Condition):
    def __init__(self, value: bool):
        self.value = bool(value)

    def holds(self, solution: Solution) -> bool:
        return self.value

    def __repr__(self) -> str:
        return f"Const({self.value})"


class Related(Condition):
    """a IS link b: the link holds between the nouns of its type that a and b are with."""

    def __init__(self, a: Noun, link: Link | _WithLink, b: Noun):
        for noun in (a, b):
            if not isinstance(noun, Noun):
                raise ValidationError(f"rules.related: expected a noun, got {noun!r}")
        if not (link is WITH or isinstance(link, Link)):
            raise ValidationError(f"rules.related: expected a link or WITH, got {link!r}")
        self.a, self.link, self.b = a, link, b

    def nouns(self) -> Iterator[Noun]:
        yield self.a
        yield self.b

    def links(self) -> Iterator[Link | _WithLink]:
        yield self.link

    def holds(self, solution: Solution) -> bool:
        if self.link is WITH:
            return solution.together(self.a, self.b)
        link: Link = self.link  # type: ignore[assignment]
        t = link.noun_type
        return link.holds(solution.partner(self.a, t), solution.partner(self.b, t))

    def __repr__(self) -> str:
        return f"related({self.a.name!r}, {self.link}, {self.b.name!r})"


class Not(Condition):
    def __init__(self, x: Condition):
        self.x = _as_condition(x, "~")

    def children(self) -> tuple[Condition, ...]:
        return (self.x,)

    def holds(self, solution: Solution) -> bool:
        return not self.x.holds(solution)

    def __repr__(self) -> str:
        return f"not_({self.x!r})"


class AllOf(Condition):
    def __init__(self, xs: Sequence[Condition]):
        self.xs = tuple(_as_condition(x, "&") for x in xs)

    def children(self) -> tuple[Condition, ...]:
        return self.xs

    def holds(self, solution: Solution) -> bool:
        return all(x.holds(solution) for x in self.xs)

    def __repr__(self) -> str:
        return f"all_of{self.xs!r}"


class AnyOf(Condition):
    def __init__(self, xs: Sequence[Condition]):
        self.xs = tuple(_as_condition(x, "|") for x in xs)

    def children(self) -> tuple[Condition, ...]:
        return self.xs

    def holds(self, solution: Solution) -> bool:
        return any(x.holds(solution) for x in self.xs)

    def __repr__(self) -> str:
        return f"any_of{self.xs!r}"


class IfThen(Condition):
    def __init__(self, cond: Condition, then: Condition):
        self.cond = _as_condition(cond, "if_then")
        self.then = _as_condition(then, "if_then")

    def children(self) -> tuple[Condition, ...]:
        return (self.cond, self.then)

    def holds(self, solution: Solution) -> bool:
        return (not self.cond.holds(solution)) or self.then.holds(solution)

    def __repr__(self) -> str:
        return f"if_then({self.cond!r}, {self.then!r})"


class Iff(Condition):
    def __init__(self, x: Condition, y: Condition):
        self.x = _as_condition(x, "iff")
        self.y = _as_condition(y, "iff")

    def children(self) -> tuple[Condition, ...]:
        return (self.x, self.y)

    def holds(self, solution: Solution) -> bool:
        return self.x.holds(solution) == self.y.holds(solution)

    def __repr__(self) -> str:
        return f"iff({self.x!r}, {self.y!r})"


class Count(Condition):
    """Between `low` and `high` (inclusive) of the conditions hold."""

    def __init__(self, xs: Sequence[Condition], low: int, high: int):
        self.xs = tuple(_as_condition(x, "rules.exactly/at_least/at_most") for x in xs)
        self.low, self.high = low, high

    def children(self) -> tuple[Condition, ...]:
        return self.xs

    def holds(self, solution: Solution) -> bool:
        return self.low <= sum(x.holds(solution) for x in self.xs) <= self.high

    def __repr__(self) -> str:
        return f"count({self.low}..{self.high}, {self.xs!r})"


def with_(a: Noun, b: Noun) -> Condition:
    """a is with b."""
    return Related(a, WITH, b)


def related(a: Noun, link: Link | _WithLink, b: Noun) -> Condition:
    """a IS link b."""
    return Related(a, link, b)


def not_(x: Condition) -> Condition:
    """x does not hold (also `~x`)."""
    return Not(x)


def if_then(cond: Condition, then: Condition) -> Condition:
    """If `cond` holds, `then` holds: `if_then(with_(a, b), ~with_(c, d))`."""
    return IfThen(cond, then)


def iff(x: Condition, y: Condition) -> Condition:
    """x and y hold together or fail together."""
    return Iff(x, y)


def all_of(*xs: Any) -> Condition:
    """Every condition holds (also `x & y`); takes conditions or one iterable of them."""
    return AllOf(_conditions(xs, "all_of"))


def any_of(*xs: Any) -> Condition:
    """At least one condition holds (also `x | y`); takes conditions or one iterable."""
    return AnyOf(_conditions(xs, "any_of"))


def _count(k: int, xs: Iterable[Condition], name: str) -> tuple[int, tuple[Condition, ...]]:
    if not isinstance(k, int) or isinstance(k, bool) or k < 0:
        raise ValidationError(f"rules.{name}: k must be a non-negative int, got {k!r}")
    return k, _conditions((xs,), name)


def exactly(k: int, xs: Iterable[Condition]) -> Condition:
    """Exactly k of the conditions hold: `exactly(1, [with_(a, x), with_(b, x)])`."""
    k, items = _count(k, xs, "exactly")
    return Count(items, k, k)


def at_least(k: int, xs: Iterable[Condition]) -> Condition:
    """At least k of the conditions hold."""
    k, items = _count(k, xs, "at_least")
    return Count(items, k, len(items))


def at_most(k: int, xs: Iterable[Condition]) -> Condition:
    """At most k of the conditions hold."""
    k, items = _count(k, xs, "at_most")
    return Count(items, 0, k)


# --------------------------------------------------------------------- SmartRules
class SmartRule(Condition):
    """A named rule of the seed's library. It compiles through `decompose()` into building
    blocks, and checks solutions with its own `holds`, written from the definition."""

    def decompose(self) -> Condition:
        raise NotImplementedError

    def children(self) -> tuple[Condition, ...]:
        return (self.decompose(),)


def _nouns(values: Any, where: str) -> tuple[Noun, ...]:
    if isinstance(values, Noun):
        return (values,)
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise BadArgument(f"rules.{where}: expected a noun or a list of nouns, got {values!r}")
    items = tuple(values)
    for item in items:
        if not isinstance(item, Noun):
            raise ValidationError(f"rules.{where}: expected a noun, got {item!r}")
    return items


class MatchAtLeastOne(SmartRule):
    def __init__(self, noun1: Noun, nouns2: Sequence[Noun]):
        self.noun1 = _nouns(noun1, "match_at_least_one")[0]
        self.nouns2 = _nouns(nouns2, "match_at_least_one")

    def decompose(self) -> Condition:
        return AnyOf(tuple(with_(self.noun1, b) for b in self.nouns2))

    def holds(self, solution: Solution) -> bool:
        return any(solution.together(self.noun1, b) for b in self.nouns2)


class MatchOneToExactlyOne(SmartRule):
    def __init__(self, nouns1: Sequence[Noun], nouns2: Sequence[Noun]):
        self.nouns1 = _nouns(nouns1, "match_one_to_exactly_one")
        self.nouns2 = _nouns(nouns2, "match_one_to_exactly_one")

    def decompose(self) -> Condition:
        return Count(tuple(with_(a, b) for a in self.nouns1 for b in self.nouns2), 1, 1)

    def holds(self, solution: Solution) -> bool:
        return sum(solution.together(a, b) for a in self.nouns1 for b in self.nouns2) == 1


class MatchOneToOne(SmartRule):
    def __init__(self, nouns1: Sequence[Noun], nouns2: Sequence[Noun]):
        self.nouns1 = _nouns(nouns1, "match_one_to_one")
        self.nouns2 = _nouns(nouns2, "match_one_to_one")
        if len(self.nouns1) != len(self.nouns2):
            raise ValidationError(
                f"rules.match_one_to_one: the lists must have equal lengths "
                f"({len(self.nouns1)} and {len(self.nouns2)})")

    def decompose(self) -> Condition:
        rows = [Count(tuple(with_(a, b) for b in self.nouns2), 1, 1) for a in self.nouns1]
        cols = [Count(tuple(with_(a, b) for a in self.nouns1), 1, 1) for b in self.nouns2]
        return AllOf(tuple(rows + cols))

    def holds(self, solution: Solution) -> bool:
        def matches(x: Noun, ys: Sequence[Noun]) -> int:
            return sum(solution.together(x, y) for y in ys)

        return (all(matches(a, self.nouns2) == 1 for a in self.nouns1)
                and all(matches(b, self.nouns1) == 1 for b in self.nouns2))


class MatchOneList(SmartRule):
    def __init__(self, nouns1: Sequence[Noun], lists2: Sequence[Sequence[Noun]]):
        self.nouns1 = _nouns(nouns1, "match_one_list")
        self.lists2 = tuple(_nouns(lst, "match_one_list") for lst in lists2)

    def decompose(self) -> Condition:
        return AnyOf(tuple(
            AllOf(tuple(AnyOf(tuple(with_(a, b) for b in lst)) for a in self.nouns1))
            for lst in self.lists2))

    def holds(self, solution: Solution) -> bool:
        return any(all(any(solution.together(a, b) for b in lst)
                       for a in self.nouns1) for lst in self.lists2)


class IsNotBetween(SmartRule):
    def __init__(self, noun_type: NounType, noun1: Noun, noun2: Noun, noun3: Noun):
        if not isinstance(noun_type, NounType):
            raise ValidationError(f"rules.is_not_between: expected a noun type, got {noun_type!r}")
        self.noun_type = noun_type
        self.noun1, self.noun2, self.noun3 = _nouns((noun1, noun2, noun3), "is_not_between")

    def decompose(self) -> Condition:
        before = Link(-1, "before", self.noun_type, less_than(0))
        a, b, c = self.noun1, self.noun2, self.noun3
        return AllOf((Not(AllOf((Related(b, before, a), Related(a, before, c)))),
                      Not(AllOf((Related(c, before, a), Related(a, before, b))))))

    def links(self) -> Iterator[Link | _WithLink]:
        return iter(())

    def holds(self, solution: Solution) -> bool:
        a, b, c = (solution.partner(n, self.noun_type).num
                   for n in (self.noun1, self.noun2, self.noun3))
        return not (b < a < c) and not (c < a < b)


class IsRelated(SmartRule):
    def __init__(self, noun1: Noun, link: Link | _WithLink, nouns2: Sequence[Noun]):
        self.noun1 = _nouns(noun1, "is_related")[0]
        self.link = link
        self.nouns2 = _nouns(nouns2, "is_related")

    def decompose(self) -> Condition:
        return AnyOf(tuple(Related(self.noun1, self.link, b) for b in self.nouns2))

    def holds(self, solution: Solution) -> bool:
        return any(Related(self.noun1, self.link, b).holds(solution) for b in self.nouns2)


class _Groups(SmartRule):
    def __init__(self, noun1: Noun, noun2: Noun, noun_type: NounType,
                 groups: Sequence[Hashable]):
        name = type(self).__name__
        if not isinstance(noun_type, NounType):
            raise ValidationError(f"{name}: expected a noun type, got {noun_type!r}")
        groups = tuple(groups)
        if len(groups) != len(noun_type.nouns):
            raise ValidationError(
                f"{name}: {len(groups)} group labels for the {len(noun_type.nouns)} nouns of "
                f"'{noun_type.name}'")
        self.noun1, self.noun2 = _nouns((noun1, noun2), name)
        self.noun_type, self.groups = noun_type, groups

    def _same(self) -> Condition:
        def member(noun: Noun, label: Hashable) -> Condition:
            return AnyOf(tuple(with_(noun, t) for t, g in zip(self.noun_type.nouns, self.groups,
                                                                 strict=True) if g == label))

        labels = list(dict.fromkeys(self.groups))
        return AnyOf(tuple(AllOf((member(self.noun1, g), member(self.noun2, g)))
                           for g in labels))

    def _labels_equal(self, solution: Solution) -> bool:
        t = self.noun_type
        return (self.groups[solution.partner(self.noun1, t).index]
                == self.groups[solution.partner(self.noun2, t).index])


class InSameGroup(_Groups):
    def decompose(self) -> Condition:
        return self._same()

    def holds(self, solution: Solution) -> bool:
        return self._labels_equal(solution)


class InOppositeGroup(_Groups):
    def decompose(self) -> Condition:
        return Not(self._same())

    def holds(self, solution: Solution) -> bool:
        return not self._labels_equal(solution)


def match_at_least_one(noun1: Noun, nouns2: Sequence[Noun]) -> Condition:
    """noun1 is with at least one of nouns2."""
    return MatchAtLeastOne(noun1, nouns2)


def match_one_to_exactly_one(nouns1: Sequence[Noun], nouns2: Sequence[Noun]) -> Condition:
    """Exactly one pair (a in nouns1, b in nouns2) has a with b."""
    return MatchOneToExactlyOne(nouns1, nouns2)


def match_one_to_one(nouns1: Sequence[Noun], nouns2: Sequence[Noun]) -> Condition:
    """nouns1 and nouns2 are matched perfectly: each is with exactly one of the other list."""
    return MatchOneToOne(nouns1, nouns2)


def match_one_list(nouns1: Sequence[Noun], lists2: Sequence[Sequence[Noun]]) -> Condition:
    """For some list L of lists2, every noun of nouns1 is with a noun of L."""
    return MatchOneList(nouns1, lists2)


def is_not_between(noun_type: NounType, noun1: Noun, noun2: Noun, noun3: Noun) -> Condition:
    """In the order of noun_type, noun1 does not stand between noun2 and noun3."""
    return IsNotBetween(noun_type, noun1, noun2, noun3)


def is_related(noun1: Noun, link: Link | _WithLink, nouns2: Sequence[Noun]) -> Condition:
    """noun1 IS link b for at least one b of nouns2."""
    return IsRelated(noun1, link, nouns2)


def in_same_group(noun1: Noun, noun2: Noun, noun_type: NounType,
                  groups: Sequence[Hashable]) -> Condition:
    """The noun_type nouns that noun1 and noun2 are with carry the same group label."""
    return InSameGroup(noun1, noun2, noun_type, groups)


def in_opposite_group(noun1: Noun, noun2: Noun, noun_type: NounType,
                      groups: Sequence[Hashable]) -> Condition:
    """The noun_type nouns that noun1 and noun2 are with carry different group labels."""
    return InOppositeGroup(noun1, noun2, noun_type, groups)


# --------------------------------------------------------------------- numbers
class IntExpr:
    """An integer term of a rule: `num`, `value`, and + - * abs() of them and of ints.
    Comparing two terms (== != < <= > >=) gives a rule condition."""

    def nouns(self) -> Iterator[Noun]:
        for child in self.children():
            yield from child.nouns()

    def children(self) -> tuple[IntExpr, ...]:
        return ()

    def evaluate(self, solution: Solution) -> int:
        raise NotImplementedError(type(self).__name__)

    def __add__(self, other: Any) -> IntExpr:
        return Sum((self, _as_int(other, "+")))

    def __radd__(self, other: Any) -> IntExpr:
        return Sum((_as_int(other, "+"), self))

    def __sub__(self, other: Any) -> IntExpr:
        return Sum((self, Neg(_as_int(other, "-"))))

    def __rsub__(self, other: Any) -> IntExpr:
        return Sum((_as_int(other, "-"), Neg(self)))

    def __mul__(self, other: Any) -> IntExpr:
        return Product(self, _as_int(other, "*"))

    def __rmul__(self, other: Any) -> IntExpr:
        return Product(_as_int(other, "*"), self)

    def __neg__(self) -> IntExpr:
        return Neg(self)

    def __mod__(self, other: Any) -> IntExpr:
        return Mod(self, _positive(other, "%"))

    def __floordiv__(self, other: Any) -> IntExpr:
        return FloorDiv(self, _positive(other, "//"))

    def __abs__(self) -> IntExpr:
        return Abs(self)

    def __eq__(self, other: Any) -> Condition:  # type: ignore[override]
        return Compare("==", self, _as_int(other, "=="))

    def __ne__(self, other: Any) -> Condition:  # type: ignore[override]
        return Compare("!=", self, _as_int(other, "!="))

    def __lt__(self, other: Any) -> Condition:
        return Compare("<", self, _as_int(other, "<"))

    def __le__(self, other: Any) -> Condition:
        return Compare("<=", self, _as_int(other, "<="))

    def __gt__(self, other: Any) -> Condition:
        return Compare(">", self, _as_int(other, ">"))

    def __ge__(self, other: Any) -> Condition:
        return Compare(">=", self, _as_int(other, ">="))

    __hash__ = object.__hash__

    def __bool__(self) -> bool:
        raise BadArgument("an integer rule term has no Python value: it is decided by the solver")

    def _precedence_trap(self, other: Any) -> Any:
        raise BadArgument(
            f"cannot combine an integer term with {other!r} using & or |: did you forget "
            "brackets? Write (rules.num(a, T) == 1) & (rules.num(b, T) == 2)")

    __and__ = __rand__ = __or__ = __ror__ = _precedence_trap


def _as_int(value: Any, op: str) -> IntExpr:
    if isinstance(value, IntExpr):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return IntConst(value)
    raise BadArgument(f"cannot use {value!r} with '{op}' in a rule: expected an int or a "
                    "rules.num / rules.value term")


def _positive(value: Any, op: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value
    raise TypeError(f"'{op}' in a rule takes a positive int constant, got {value!r}")


class IntConst(IntExpr):
    def __init__(self, value: int):
        self.value = value

    def evaluate(self, solution: Solution) -> int:
        return self.value

    def __repr__(self) -> str:
        return str(self.value)


class NumOf(IntExpr):
    """1-based number of the noun of `noun_type` that `noun` is with."""

    def __init__(self, noun: Noun, noun_type: NounType):
        if not isinstance(noun, Noun) or not isinstance(noun_type, NounType):
            raise ValidationError(f"rules.num: expected a noun and a noun type, got "
                                  f"{noun!r}, {noun_type!r}")
        self.noun, self.noun_type = noun, noun_type

    def nouns(self) -> Iterator[Noun]:
        yield self.noun

    def evaluate(self, solution: Solution) -> int:
        return solution.partner(self.noun, self.noun_type).num

    def __repr__(self) -> str:
        return f"num({self.noun.name!r}, {self.noun_type.name})"


class ValueOf(IntExpr):
    """Numeric value of the noun of `noun_type` that `noun` is with."""

    def __init__(self, noun: Noun, noun_type: NounType):
        if not isinstance(noun, Noun) or not isinstance(noun_type, NounType):
            raise ValidationError(f"rules.value: expected a noun and a noun type, got "
                                  f"{noun!r}, {noun_type!r}")
        self.noun, self.noun_type = noun, noun_type

    def nouns(self) -> Iterator[Noun]:
        yield self.noun

    def evaluate(self, solution: Solution) -> int:
        value = solution.value(solution.partner(self.noun, self.noun_type))
        if value is None:
            raise ValidationError(f"noun '{self.noun.name}' has no value")
        return value

    def __repr__(self) -> str:
        return f"value({self.noun.name!r}, {self.noun_type.name})"


class Sum(IntExpr):
    def __init__(self, xs: tuple[IntExpr, ...]):
        self.xs = xs

    def children(self) -> tuple[IntExpr, ...]:
        return self.xs

    def evaluate(self, solution: Solution) -> int:
        return sum(x.evaluate(solution) for x in self.xs)

    def __repr__(self) -> str:
        return "(" + " + ".join(map(repr, self.xs)) + ")"


class Product(IntExpr):
    def __init__(self, a: IntExpr, b: IntExpr):
        self.a, self.b = a, b

    def children(self) -> tuple[IntExpr, ...]:
        return (self.a, self.b)

    def evaluate(self, solution: Solution) -> int:
        return self.a.evaluate(solution) * self.b.evaluate(solution)

    def __repr__(self) -> str:
        return f"({self.a!r} * {self.b!r})"


class Neg(IntExpr):
    def __init__(self, x: IntExpr):
        self.x = x

    def children(self) -> tuple[IntExpr, ...]:
        return (self.x,)

    def evaluate(self, solution: Solution) -> int:
        return -self.x.evaluate(solution)

    def __repr__(self) -> str:
        return f"-{self.x!r}"


class Abs(IntExpr):
    def __init__(self, x: IntExpr):
        self.x = x

    def children(self) -> tuple[IntExpr, ...]:
        return (self.x,)

    def evaluate(self, solution: Solution) -> int:
        return abs(self.x.evaluate(solution))

    def __repr__(self) -> str:
        return f"abs({self.x!r})"


class Mod(IntExpr):
    """Python's remainder by a positive constant (0 <= x % k < k)."""

    def __init__(self, x: IntExpr, k: int):
        self.x, self.k = x, k

    def children(self) -> tuple[IntExpr, ...]:
        return (self.x,)

    def evaluate(self, solution: Solution) -> int:
        return self.x.evaluate(solution) % self.k

    def __repr__(self) -> str:
        return f"({self.x!r} % {self.k})"


class FloorDiv(IntExpr):
    """Python's floor division by a positive constant."""

    def __init__(self, x: IntExpr, k: int):
        self.x, self.k = x, k

    def children(self) -> tuple[IntExpr, ...]:
        return (self.x,)

    def evaluate(self, solution: Solution) -> int:
        return self.x.evaluate(solution) // self.k

    def __repr__(self) -> str:
        return f"({self.x!r} // {self.k})"


class CountOf(IntExpr):
    """Number of rows that a noun (of a repeating type) is on."""

    def __init__(self, noun: Noun):
        if not isinstance(noun, Noun):
            raise ValidationError(f"rules.count: expected a noun, got {noun!r}")
        self.noun = noun

    def nouns(self) -> Iterator[Noun]:
        yield self.noun

    def evaluate(self, solution: Solution) -> int:
        return solution.count(self.noun)

    def __repr__(self) -> str:
        return f"count({self.noun.name!r})"


class Compare(Condition):
    def __init__(self, op: str, left: IntExpr, right: IntExpr):
        self.op, self.left, self.right = op, left, right

    def nouns(self) -> Iterator[Noun]:
        yield from self.left.nouns()
        yield from self.right.nouns()

    def holds(self, solution: Solution) -> bool:
        return COMPARE[self.op](self.left.evaluate(solution), self.right.evaluate(solution))

    def __repr__(self) -> str:
        return f"({self.left!r} {self.op} {self.right!r})"


def num(noun: Noun, noun_type: NounType) -> IntExpr:
    """The 1-based number of the noun of `noun_type` that `noun` is with."""
    return NumOf(noun, noun_type)


def value(noun: Noun, noun_type: NounType) -> IntExpr:
    """The numeric value of the noun of `noun_type` that `noun` is with: its `value=`, its
    integer name, or a placeholder's unknown value."""
    return ValueOf(noun, noun_type)


def count(noun: Noun) -> IntExpr:
    """The number of rows a noun is on (for a noun of a repeating type; 1 for any other)."""
    return CountOf(noun)


# --------------------------------------------------------------------- predicates
class Predicate(Condition):
    """A whole rule written as a Python function of a finished `Solution` (the one kind of
    rule that is code, not data). The solving loop finds a candidate, calls `fn`, and when
    it is false excludes the candidate's arrangement of the `reads` types, so `fn` must
    depend on those types only. It cannot be combined with other conditions."""

    def __init__(self, fn: Callable[[Solution], bool], reads: Sequence[NounType]):
        if not callable(fn):
            raise ValidationError(f"rules.predicate: expected a function, got {fn!r}")
        if isinstance(reads, NounType):
            reads = [reads]
        try:
            types = tuple(reads)
        except TypeError:
            raise ValidationError(
                f"rules.predicate: reads must be a list of noun types, got {reads!r}") from None
        if not types or not all(isinstance(t, NounType) for t in types):
            raise ValidationError(
                f"rules.predicate: reads must be a non-empty list of noun types, got {reads!r}")
        self.fn, self.reads = fn, types

    def holds(self, solution: Solution) -> bool:
        result = self.fn(solution)
        if not isinstance(result, bool):
            raise ValidationError(
                f"rules.predicate: {getattr(self.fn, '__name__', self.fn)!r} returned "
                f"{result!r}; it must return True or False")
        return result

    def refuse(self, where: str) -> TypeError:
        return TypeError(
            f"a rules.predicate rule cannot be used inside {where}: it must be a whole rule "
            "(write the combination inside the function instead)")

    def __and__(self, other: Any) -> Condition:
        raise self.refuse("&")

    __rand__ = __and__

    def __or__(self, other: Any) -> Condition:
        raise self.refuse("|")

    __ror__ = __or__

    def __invert__(self) -> Condition:
        raise self.refuse("~")

    def __repr__(self) -> str:
        names = ", ".join(t.name for t in self.reads)
        return f"predicate({getattr(self.fn, '__name__', 'fn')}, reads=[{names}])"


def predicate(fn: Callable[[Solution], bool], reads: Sequence[NounType]) -> Condition:
    """A rule written as a Python function: `fn(solution) -> bool`, depending only on where
    the nouns of the `reads` types stand. Checked lazily while solving: fast when `fn`
    rejects few candidates, since each rejected candidate costs one more solver call."""
    return Predicate(fn, reads)
