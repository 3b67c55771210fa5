"""The solver-neutral description of a puzzle, the only thing a backend sees.

Normal form
-----------
* ``sizes``: the puzzle has ``len(type_names)`` noun types of ``size`` nouns each. Type 0 is
  the first noun type: its nouns are the rows. A solution places every noun ``(t, i)`` (type
  index, noun index, both 0-based) on one row so that each row has one noun of each type.
* ``tables``: link tables. ``tables[k]`` is a :class:`Table` over noun type ``type`` holding
  the 0-based pairs ``(a, b)`` for which the link holds. Table 0 is "with" (equality over
  type 0).
* A condition is one of :class:`Const`, :class:`Rel`, :class:`Not`, :class:`And`,
  :class:`Or`, :class:`Iff`, :class:`Card`. ``Rel(x, k, y)`` holds when
  ``(slot(x), slot(y))`` is in ``tables[k]``, where ``slot(x)`` is the index of the noun of
  the table's type on the same row as ``x`` (``x``'s own index when ``x`` has that type).
* ``constraints``: the conditions that must hold, each with the fact or rule it came from.
* Numbers: ``Cmp(op, a, b)`` compares two integer terms built from ``IConst``, ``ISlot``
  (0-based index of the noun of a type on ref's row), ``IValue`` (that noun's value:
  ``values[t][index]``, or for a placeholder type the unknown value of that noun),
  ``ISum``, ``INeg``, ``IMul``, ``IAbs``. ``placeholders[t]`` is the sorted domain of a
  placeholder type: its nouns take distinct values of it, rising with the noun index.
* An ``Assignment`` holds ``rows_of[t][i]`` for every type, then, for each placeholder type
  in type order, the tuple of its nouns' values.
* Repeating types (``repeats``): each row takes one noun of such a type ``t`` and a noun may
  sit on any number of rows, so ``len(noun_names[t])`` may differ from ``size``, and the
  assignment holds ``assignment[t][row]`` = the index of the noun on that row instead.
  A ``Rel`` over table 0 with a repeating noun has it as ``b`` and a non-repeating ``a``:
  "a's row has b" (the front end expands "some row has both" into type-0 nouns); no other
  table names a repeating noun or type. ``ISlot``/``IValue`` may read a repeating ``type``
  from a non-repeating ``ref``; ``ICount(ref)`` is the number of rows with that noun.
* ``IDiv(x, k)`` and ``IMod(x, k)`` are Python's floor division and remainder by a
  constant ``k > 0`` (``x == k * IDiv + IMod``, ``0 <= IMod < k``).

Nodes are frozen and hashable, so a backend may share one literal between equal subtrees.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property

NounRef = tuple[int, int]  # (type index, noun index), both 0-based


@dataclass(frozen=True)
class Table:
    type: int
    pairs: frozenset[tuple[int, int]]

    def is_identity(self, size: int) -> bool:
        """Is this "with" over 0..size-1? Asked once per fact: answered from a cache."""
        return self._diagonal_size == size

    @cached_property
    def _diagonal_size(self) -> int | None:
        """n when the pairs are exactly (i, i) for i < n, else None (computed once)."""
        firsts = {a for a, b in self.pairs if a == b}
        n = len(self.pairs)
        return n if len(firsts) == n and firsts == set(range(n)) else None

    def differences(self, size: int) -> frozenset[int] | None:
        """The set D when the table is exactly {(a, b): b - a in D} over 0..size-1 (true of
        every SmartLink but has_ratio), else None. Lets a backend post arithmetic."""
        diffs = frozenset(b - a for a, b in self.pairs)
        count = sum(size - abs(d) for d in diffs)
        return diffs if count == len(self.pairs) else None


class Cond:
    """Base of condition nodes."""


@dataclass(frozen=True)
class Const(Cond):
    value: bool


@dataclass(frozen=True)
class Rel(Cond):
    a: NounRef
    table: int
    b: NounRef


@dataclass(frozen=True)
class Not(Cond):
    x: Cond


@dataclass(frozen=True)
class And(Cond):
    xs: tuple[Cond, ...]


@dataclass(frozen=True)
class Or(Cond):
    xs: tuple[Cond, ...]


@dataclass(frozen=True)
class Iff(Cond):
    x: Cond
    y: Cond


@dataclass(frozen=True)
class Card(Cond):
    """Between ``low`` and ``high`` (inclusive) of ``xs`` hold."""

    xs: tuple[Cond, ...]
    low: int
    high: int


class IntTerm:
    """Base of integer term nodes."""


@dataclass(frozen=True)
class IConst(IntTerm):
    value: int


@dataclass(frozen=True)
class ISlot(IntTerm):
    ref: NounRef
    type: int


@dataclass(frozen=True)
class IValue(IntTerm):
    ref: NounRef
    type: int


@dataclass(frozen=True)
class ISum(IntTerm):
    xs: tuple[IntTerm, ...]


@dataclass(frozen=True)
class INeg(IntTerm):
    x: IntTerm


@dataclass(frozen=True)
class IMul(IntTerm):
    a: IntTerm
    b: IntTerm


@dataclass(frozen=True)
class IAbs(IntTerm):
    x: IntTerm


@dataclass(frozen=True)
class ICount(IntTerm):
    """Number of rows with noun ref (of a repeating type)."""

    ref: NounRef


@dataclass(frozen=True)
class IDiv(IntTerm):
    """Floor division by a positive constant."""

    x: IntTerm
    k: int


@dataclass(frozen=True)
class IMod(IntTerm):
    """Remainder (0 <= r < k) of division by a positive constant."""

    x: IntTerm
    k: int


@dataclass(frozen=True)
class Cmp(Cond):
    op: str
    a: IntTerm
    b: IntTerm


@dataclass(frozen=True)
class Origin:
    """Where a constraint came from: ("fact", 0-based index in puzzle.facts) or ("rule", i)."""

    kind: str
    index: int


@dataclass
class Model:
    type_names: list[str]
    noun_names: list[list[str]]
    tables: list[Table] = field(default_factory=list)
    constraints: list[tuple[Origin, Cond]] = field(default_factory=list)
    values: list[list[int | None]] = field(default_factory=list)
    placeholders: dict[int, tuple[int, ...]] = field(default_factory=dict)
    repeats: frozenset[int] = frozenset()

    @property
    def size(self) -> int:
        return len(self.noun_names[0])

    def count(self, t: int) -> int:
        """Number of nouns of type t (the rows' count except for a repeating type)."""
        return len(self.noun_names[t])

    @property
    def num_types(self) -> int:
        return len(self.type_names)


# A solution in the IR: rows[t][i] = row (0-based) of noun i of type t; rows[0][i] == i.
Assignment = tuple[tuple[int, ...], ...]


def slot_of(rows_of: Assignment, ref: NounRef, t: int,
            repeats: frozenset[int] = frozenset()) -> int:
    """Index of the noun of type t on the same row as ref in this assignment (ref is not of
    a repeating type, unless t is its own type)."""
    if ref[0] == t:
        return ref[1]
    row = rows_of[ref[0]][ref[1]]
    return rows_of[t][row] if t in repeats else rows_of[t].index(row)


def rows_with(rows_of: Assignment, ref: NounRef, repeats: frozenset[int] = frozenset()
              ) -> set[int]:
    """The rows a noun is on (one, unless its type repeats)."""
    t, i = ref
    if t in repeats:
        return {r for r, j in enumerate(rows_of[t]) if j == i}
    return {rows_of[t][i]}


def noun_on(assignment: Assignment, t: int, row: int,
            repeats: frozenset[int] = frozenset()) -> int:
    """Index of the noun of type t on a row."""
    return assignment[t][row] if t in repeats else assignment[t].index(row)


def holds(cond: Cond, tables: list[Table], rows_of: Assignment,
          model: Model | None = None) -> bool:
    """Truth of a condition in an assignment, in plain Python (for generators and checks);
    comparisons need the model (for noun values and placeholders)."""
    if isinstance(cond, Const):
        return cond.value
    if isinstance(cond, Rel):
        table = tables[cond.table]
        repeats = model.repeats if model is not None else frozenset()
        if cond.table == 0 and repeats & {cond.a[0], cond.b[0]}:
            return bool(rows_with(rows_of, cond.a, repeats) & rows_with(rows_of, cond.b, repeats))
        pair = (slot_of(rows_of, cond.a, table.type, repeats),
                slot_of(rows_of, cond.b, table.type, repeats))
        return pair in table.pairs
    if isinstance(cond, Not):
        return not holds(cond.x, tables, rows_of, model)
    if isinstance(cond, And):
        return all(holds(x, tables, rows_of, model) for x in cond.xs)
    if isinstance(cond, Or):
        return any(holds(x, tables, rows_of, model) for x in cond.xs)
    if isinstance(cond, Iff):
        return holds(cond.x, tables, rows_of, model) == holds(cond.y, tables, rows_of, model)
    if isinstance(cond, Card):
        return cond.low <= sum(holds(x, tables, rows_of, model) for x in cond.xs) <= cond.high
    if isinstance(cond, Cmp):
        if model is None:
            raise TypeError("holds: a comparison needs the model for noun values")
        refs = int_refs(cond.a) | int_refs(cond.b)
        slots = {(ref, t): (sum(j == ref[1] for j in rows_of[ref[0]]) if t == COUNT
                            else slot_of(rows_of, ref, t, model.repeats)) for ref, t in refs}
        unknown = {}
        for k, t in enumerate(sorted(model.placeholders)):
            for i, v in enumerate(rows_of[model.num_types + k]):
                unknown[(t, i)] = v
        return COMPARE[cond.op](evaluate(cond.a, slots, model.values, unknown),
                                evaluate(cond.b, slots, model.values, unknown))
    raise TypeError(f"unknown condition {type(cond).__name__}")


COMPARE = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
           "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}
NEGATE = {"==": "!=", "!=": "==", "<": ">=", "<=": ">", ">": "<=", ">=": "<"}


COUNT = -1  # the "type" under which int_refs lists an ICount: (ref, COUNT)


def leaves(cond: Cond) -> Iterator[Rel | Cmp]:
    """The relations and comparisons a condition is made of, through not/and/or/iff and
    cardinalities (constants have none)."""
    if isinstance(cond, Rel | Cmp):
        yield cond
    elif isinstance(cond, Not):
        yield from leaves(cond.x)
    elif isinstance(cond, Iff):
        yield from leaves(cond.x)
        yield from leaves(cond.y)
    elif isinstance(cond, And | Or | Card):
        for x in cond.xs:
            yield from leaves(x)


def nouns_named(cond: Cond) -> set[NounRef]:
    """The nouns a condition names."""
    out: set[NounRef] = set()
    for leaf in leaves(cond):
        if isinstance(leaf, Rel):
            out |= {leaf.a, leaf.b}
        else:
            out |= {ref for ref, _ in int_refs(leaf.a) | int_refs(leaf.b)}
    return out


def int_refs(term: IntTerm, values_only: bool = False) -> set[tuple[NounRef, int]]:
    """The (noun, type) slots a term depends on; with values_only, only those whose value
    (not just the slot number) it reads. An ``ICount(ref)`` is listed as (ref, COUNT)."""
    leaves = IValue if values_only else (ISlot, IValue)
    if isinstance(term, leaves):
        return {(term.ref, term.type)}
    if isinstance(term, ICount):
        return set() if values_only else {(term.ref, COUNT)}
    if isinstance(term, ISum):
        return set().union(*(int_refs(x, values_only) for x in term.xs))
    if isinstance(term, INeg | IAbs | IDiv | IMod):
        return int_refs(term.x, values_only)
    if isinstance(term, IMul):
        return int_refs(term.a, values_only) | int_refs(term.b, values_only)
    return set()


def evaluate(term: IntTerm, slots: dict[tuple[NounRef, int], int],
             values: list[list[int | None]],
             unknown: dict[tuple[int, int], int] | None = None) -> int:
    """A term's value given the slot of every (noun, type) it depends on; `unknown` gives
    the value of placeholder noun (type, index) where needed."""
    def ev(x: IntTerm) -> int:
        return evaluate(x, slots, values, unknown)

    if isinstance(term, IConst):
        return term.value
    if isinstance(term, ISlot):
        return slots[(term.ref, term.type)]
    if isinstance(term, ICount):
        return slots[(term.ref, COUNT)]
    if isinstance(term, IDiv):
        return ev(term.x) // term.k
    if isinstance(term, IMod):
        return ev(term.x) % term.k
    if isinstance(term, IValue):
        index = slots[(term.ref, term.type)]
        known = values[term.type][index]
        return unknown[(term.type, index)] if known is None else known  # type: ignore[index]
    if isinstance(term, ISum):
        return sum(ev(x) for x in term.xs)
    if isinstance(term, INeg):
        return -ev(term.x)
    if isinstance(term, IAbs):
        return abs(ev(term.x))
    if isinstance(term, IMul):
        return ev(term.a) * ev(term.b)
    raise TypeError(f"unknown term {type(term).__name__}")


def bounds(term: IntTerm, model: Model) -> tuple[int, int]:
    """Interval that the term's value surely lies in."""
    if isinstance(term, IConst):
        return term.value, term.value
    if isinstance(term, ISlot):
        return 0, model.count(term.type) - 1
    if isinstance(term, ICount):
        return 0, model.size
    if isinstance(term, IDiv):
        lo, hi = bounds(term.x, model)
        return lo // term.k, hi // term.k
    if isinstance(term, IMod):
        lo, hi = bounds(term.x, model)
        if hi - lo + 1 >= term.k or lo % term.k > hi % term.k:
            return 0, term.k - 1
        return lo % term.k, hi % term.k
    if isinstance(term, IValue):
        known = [v for v in (model.placeholders.get(term.type) or model.values[term.type])
                 if v is not None]
        return min(known), max(known)
    if isinstance(term, ISum):
        parts = [bounds(x, model) for x in term.xs]
        return sum(p[0] for p in parts), sum(p[1] for p in parts)
    if isinstance(term, INeg):
        lo, hi = bounds(term.x, model)
        return -hi, -lo
    if isinstance(term, IAbs):
        lo, hi = bounds(term.x, model)
        return (0 if lo <= 0 <= hi else min(abs(lo), abs(hi))), max(abs(lo), abs(hi))
    if isinstance(term, IMul):
        (a, b), (c, d) = bounds(term.a, model), bounds(term.b, model)
        products = (a * c, a * d, b * c, b * d)
        return min(products), max(products)
    raise TypeError(f"unknown term {type(term).__name__}")


# CP-SAT's integers are 64-bit; its linear expressions must stay within about 2**62.
CPSAT_INT_LIMIT = 2 ** 62


def largest_int(model: Model) -> int:
    """The largest magnitude any number of the model can take (values, constants and the
    bounds of every comparison's terms), to tell whether a 64-bit solver can hold it."""
    largest = 0
    for row in model.values:
        largest = max([largest, *(abs(v) for v in row if v is not None)])
    for domain in model.placeholders.values():
        largest = max([largest, *(abs(v) for v in domain)])
    stack = [cond for _, cond in model.constraints]
    while stack:
        cond = stack.pop()
        if isinstance(cond, Cmp):
            terms: list[IntTerm] = [ISum((cond.a, INeg(cond.b)))]
            while terms:
                term = terms.pop()
                lo, hi = bounds(term, model)
                largest = max(largest, abs(lo), abs(hi))
                if isinstance(term, ISum):
                    terms += list(term.xs)
                elif isinstance(term, INeg | IAbs):
                    terms.append(term.x)
                elif isinstance(term, IMul):
                    terms += [term.a, term.b]
        elif isinstance(cond, Not):
            stack.append(cond.x)
        elif isinstance(cond, Iff):
            stack += [cond.x, cond.y]
        elif isinstance(cond, And | Or | Card):
            stack += list(cond.xs)
    return largest
