"""Predicate rules (`rules.predicate`), checked lazily around a backend.

A predicate is Python code, so no solver can compile it. The loop: ask the backend for a
candidate, build its `Solution`, call each predicate; when one says False, exclude every
candidate that places the predicate's `reads` types the same way (the function depends on
those alone) and ask again. Excluding a whole class of candidates at once keeps the answer
exact - solve, solutions, count, is_unique and verify see only solutions where every
predicate holds - and each rejected class costs one more solver call, so the loop is fast
when the function rejects few candidates and slow when it is the main clue of a puzzle.

The function is handed a `Solution` that records which noun types it reads; reading a type
not declared in `reads` is refused, since the exclusion would then be wrong.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from mm import ir
from mm.backends.base import Backend
from mm.errors import PuzzleError, UnsupportedFeature, ValidationError
from mm.model.puzzle_data import Noun, NounType, PuzzleData
from mm.model.rules import Predicate
from mm.model.solution import Solution


class RejectionBudget(PuzzleError):
    """A predicate rejected more candidates in one question than its budget allows."""


def predicates(puzzle: PuzzleData) -> list[tuple[int, Predicate]]:
    """The enabled predicate rules, with their index in `puzzle.rules`."""
    return [(i, rule.constraint) for i, rule in enumerate(puzzle.rules)
            if rule.enabled and isinstance(rule.constraint, Predicate)]


def refuse(puzzle: PuzzleData, feature: str) -> None:
    """Raise UnsupportedFeature when the puzzle has a predicate rule and `feature` cannot
    honour one."""
    found = predicates(puzzle)
    if found:
        rule = puzzle.rules[found[0][0]]
        raise UnsupportedFeature(
            f"{feature} cannot honour a rule written as a Python function (rule {rule.num} "
            f"\"{rule.text}\", rules.predicate)")


class _ReadsSolution(Solution):
    """A Solution that notes the noun types a predicate looks at."""

    def __init__(self, puzzle: PuzzleData, assignment: ir.Assignment):
        super().__init__(puzzle, assignment)
        self.seen: set[int] = set()

    def _see(self, *types: NounType) -> None:
        self.seen.update(t.index for t in types)

    def row_of(self, noun: Noun) -> int:
        self._see(noun.type)
        return super().row_of(noun)

    def rows_with(self, noun: Noun) -> list[int]:
        self._see(noun.type)
        return super().rows_with(noun)

    def partner(self, noun: Noun, noun_type: NounType) -> Noun:
        self._see(noun.type, noun_type)
        return super().partner(noun, noun_type)

    def value(self, noun: Noun) -> int | None:
        self._see(noun.type)
        return super().value(noun)

    def rows(self) -> list[tuple[Noun, ...]]:
        self._see(*self.puzzle.noun_types)
        return super().rows()

    def encoded(self) -> list[list[int]]:
        self._see(*self.puzzle.noun_types)
        return super().encoded()

    @property
    def assignment(self) -> ir.Assignment:
        self._see(*self.puzzle.noun_types)
        return super().assignment


def _key(guard: Any) -> Any:
    """A guard's identity: SAT guards are ints (equal values, maybe not one object)."""
    return guard if isinstance(guard, int) else id(guard)


@dataclass
class _Check:
    rule: int  # index in puzzle.rules
    predicate: Predicate
    types: list[int]
    guard: Any = None  # None: always on


class LazyRules(Backend):
    """A backend whose candidates must also pass the puzzle's predicate rules."""

    name = "lazy"

    def __init__(self, inner: Backend, puzzle: PuzzleData):  # noqa: D107 - no model copy
        self.inner = inner
        self.model = inner.model
        self.time_limit = inner.time_limit
        self._deadline = inner._deadline
        self.puzzle = puzzle
        self.checks = [_Check(i, p, sorted({t.index for t in p.reads})) for i, p in
                       predicates(puzzle)]
        self.rejected = 0  # candidates turned down by a predicate (for benchmarks)
        self.budget: int | None = None  # rejections allowed per next_solution call

    def switch(self, rule: int) -> Any:
        """Make the predicate of puzzle.rules[rule] guarded: it holds only while the
        returned guard is assumed (verify tries clues left out)."""
        guard = self.inner.guard(ir.Const(True))  # a fresh switch with no clause of its own
        for check in self.checks:
            if check.rule == rule:
                check.guard = guard
        return guard

    def holds(self, rule: int, assignment: ir.Assignment) -> bool:
        """Does the predicate of puzzle.rules[rule] hold in the assignment?"""
        check = next(c for c in self.checks if c.rule == rule)
        return self._holds(check, assignment)

    def _holds(self, check: _Check, assignment: ir.Assignment) -> bool:
        solution = _ReadsSolution(self.puzzle, assignment)
        result = check.predicate.holds(solution)
        extra = solution.seen - set(check.types) - {0}
        if extra:
            rule = self.puzzle.rules[check.rule]
            names = ", ".join(sorted(self.puzzle.noun_types[t].name for t in extra))
            raise ValidationError(
                f"Rule {rule.num} \"{rule.text}\": its function read the noun type(s) "
                f"{names}, which are not in its reads=[...]; add them there")
        return result

    def next_solution(self, assume: Sequence[Any] = ()) -> ir.Assignment | None:
        """A candidate of the backend that every switched-on predicate accepts."""
        on = {_key(g) for g in assume}
        rejected = 0
        while True:
            candidate = self.inner.next_solution(assume)
            if candidate is None:
                return None
            failed = next((c for c in self.checks
                           if (c.guard is None or _key(c.guard) in on)
                           and not self._holds(c, candidate)), None)
            if failed is None:
                return candidate
            self.rejected += 1
            rejected += 1
            self.inner.exclude(candidate, failed.types, failed.guard)
            if self.budget is not None and rejected > self.budget:
                raise RejectionBudget(
                    f"a predicate rule rejected more than {self.budget} candidates in a row")

    def add(self, cond: ir.Cond) -> None:
        """Require one more condition (on the backend)."""
        self.inner.add(cond)

    def guard(self, cond: ir.Cond) -> Any:
        """A switch for the condition (on the backend)."""
        return self.inner.guard(cond)

    def block(self, assignment: ir.Assignment) -> None:
        """Exclude exactly this assignment (on the backend)."""
        self.inner.block(assignment)

    def exclude(self, assignment: ir.Assignment, types: Sequence[int], guard: Any = None) -> None:
        """Exclude the arrangement of these types (on the backend)."""
        self.inner.exclude(assignment, types, guard)

    def last_core(self) -> list[Any] | None:
        """The backend's core after a failed next_solution."""
        return self.inner.last_core()

    def solutions(self, limit: int | None = None) -> Iterator[ir.Assignment]:
        """Every solution, one checked candidate at a time (never a backend's bulk
        enumeration, which would skip the predicates)."""
        return Backend.solutions(self, limit)  # one candidate at a time, never in bulk

    def model_count(self, approx: bool = False) -> int:
        """Refused: a model counter cannot call a Python function."""
        refuse(self.puzzle, "model counting")
        raise AssertionError("unreachable")

    def close(self) -> None:
        """Free the backend's native solver."""
        self.inner.close()
