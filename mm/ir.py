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

Nodes are frozen and hashable, so a backend may share one literal between equal subtrees.
"""

from __future__ import annotations

from dataclasses import dataclass, field

NounRef = tuple[int, int]  # (type index, noun index), both 0-based


@dataclass(frozen=True)
class Table:
    type: int
    pairs: frozenset[tuple[int, int]]

    def is_identity(self, size: int) -> bool:
        return self.pairs == frozenset((i, i) for i in range(size))


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

    @property
    def size(self) -> int:
        return len(self.noun_names[0])

    @property
    def num_types(self) -> int:
        return len(self.type_names)


# A solution in the IR: rows[t][i] = row (0-based) of noun i of type t; rows[0][i] == i.
Assignment = tuple[tuple[int, ...], ...]
