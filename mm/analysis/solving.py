"""Run a puzzle on a backend: compile, choose the solver, translate answers back."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from mm import backends
from mm.analysis.compile import compile_puzzle
from mm.analysis.lazy import LazyRules, predicates, refuse
from mm.analysis.policy import candidates, check_capable, open_engine, open_first
from mm.backends.base import Backend
from mm.deadline import Deadline, naming_the_limit
from mm.errors import BadArgument, ValidationError
from mm.model.puzzle_data import PuzzleData
from mm.model.solution import Solution


def open_backend(puzzle: PuzzleData, backend: str, task: str, time_limit: float | None,
                 **options: Any) -> Backend:
    """The puzzle compiled and loaded into the backend the policy picks for `task`;
    compiling draws on the time limit too. Predicate rules (rules.predicate) are checked
    around it, candidate by candidate."""
    if not isinstance(backend, str):
        raise BadArgument(f"backend must be a name such as 'auto', got {backend!r}")
    if task == "model_count":
        refuse(puzzle, "model counting (count(exact=True) or approx=True)")
    deadline = Deadline(time_limit)
    model = compile_puzzle(puzzle, deadline)
    # import the solver library first (OR-Tools takes a second or more): the backend's
    # own clock starts when it is built, so the import must come out of this budget
    if backend != "auto":
        check_capable(backend, task)
        backends.get(backend, deadline)
        engine = open_engine(model, backend, task, deadline.remaining(), **options)
    else:
        order = candidates(model, task)  # once: it reads the whole clue mix
        backends.get(order[0], deadline)
        engine = open_first(model, order, deadline.remaining(), **options)
    return LazyRules(engine, puzzle) if predicates(puzzle) else engine


def check_limit(limit: Any) -> int | None:
    """A solution limit: None or a positive int (1.5 or "2" is a mistake, not a limit)."""
    if limit is None:
        return None
    if isinstance(limit, bool) or not isinstance(limit, int):
        raise BadArgument(f"limit must be a positive int or None, got {limit!r}")
    if limit < 1:
        raise ValidationError(f"limit must be at least 1, got {limit}")
    return limit


def solve(puzzle: PuzzleData, backend: str = "auto", time_limit: float | None = None,
          **options: Any) -> Solution | None:
    """One solution of the puzzle, or None when there is none."""
    with naming_the_limit(time_limit), \
            open_backend(puzzle, backend, "solve", time_limit, **options) as engine:
        assignment = engine.solve()
    return None if assignment is None else Solution(puzzle, assignment)


def solutions(puzzle: PuzzleData, limit: int | None = None, backend: str = "auto",
              time_limit: float | None = None, **options: Any) -> Iterator[Solution]:
    """Every solution of the puzzle, each once (at most `limit`). The arguments are
    checked at once, not at the first next()."""
    check_limit(limit)
    with naming_the_limit(time_limit):
        engine = open_backend(puzzle, backend, "count", time_limit, **options)
    return _solutions(puzzle, engine, limit, time_limit)


def _solutions(puzzle: PuzzleData, engine: Backend, limit: int | None,
               time_limit: float | None) -> Iterator[Solution]:
    with naming_the_limit(time_limit), engine:
        for assignment in engine.solutions(limit):
            yield Solution(puzzle, assignment)


def count(puzzle: PuzzleData, limit: int | None = None, exact: bool = False,
          backend: str = "auto", time_limit: float | None = None, approx: bool = False,
          **options: Any) -> int:
    """Enumerate up to `limit`; with exact (or approx) a model counter counts the CNF of
    the SAT backend, projected onto the noun positions, without enumerating."""
    check_limit(limit)
    if exact and approx:
        raise ValidationError("count: choose exact or approx, not both")
    task = "model_count" if exact or approx else "count"
    with naming_the_limit(time_limit), \
            open_backend(puzzle, backend, task, time_limit, **options) as engine:
        if exact or approx:
            return engine.model_count(approx=approx)  # type: ignore[attr-defined]
        return engine.count(limit)


def is_unique(puzzle: PuzzleData, backend: str = "auto", time_limit: float | None = None,
              **options: Any) -> bool:
    """Does the puzzle have exactly one solution?"""
    with naming_the_limit(time_limit), \
            open_backend(puzzle, backend, "unique", time_limit, **options) as engine:
        return engine.is_unique()
