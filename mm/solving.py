"""Run a puzzle on a backend: compile, choose the solver, translate answers back."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from mm import backends
from mm.compile import compile_puzzle
from mm.errors import BackendUnavailable, TimeLimitReached, UnsupportedFeature
from mm.ir import Model
from mm.model import Puzzle
from mm.report import Report, differences
from mm.solution import Solution

# The order in which `auto` tries installed backends when no rule prefers one.
AUTO_ORDER = ("cpsat", "sat")


def choose_backend(model: Model, task: str) -> str:
    """The backend `auto` uses for this model and task ("solve", "count", "unique",
    "verify"): the first installed backend of AUTO_ORDER."""
    for name in AUTO_ORDER:
        if backends.installed(name):
            return name
    raise BackendUnavailable("no solver is installed: pip install ortools or python-sat")


def open_backend(puzzle: Puzzle, backend: str, task: str, time_limit: float | None,
                 **options: Any) -> backends.base.Backend:
    model = compile_puzzle(puzzle)
    name = choose_backend(model, task) if backend == "auto" else backend
    return backends.get(name)(model, time_limit=time_limit, **options)


def solve(puzzle: Puzzle, backend: str = "auto", time_limit: float | None = None,
          **options: Any) -> Solution | None:
    engine = open_backend(puzzle, backend, "solve", time_limit, **options)
    assignment = engine.solve()
    return None if assignment is None else Solution(puzzle, assignment)


def solutions(puzzle: Puzzle, limit: int | None = None, backend: str = "auto",
              time_limit: float | None = None, **options: Any) -> Iterator[Solution]:
    engine = open_backend(puzzle, backend, "count", time_limit, **options)
    for assignment in engine.solutions(limit):
        yield Solution(puzzle, assignment)


def count(puzzle: Puzzle, limit: int | None = None, exact: bool = False,
          backend: str = "auto", time_limit: float | None = None, **options: Any) -> int:
    if exact:
        raise UnsupportedFeature(
            "count(exact=True) needs a model counter, which mm does not have yet; "
            "use count(limit=...) to enumerate")
    engine = open_backend(puzzle, backend, "count", time_limit, **options)
    return engine.count(limit)


def is_unique(puzzle: Puzzle, backend: str = "auto", time_limit: float | None = None,
              **options: Any) -> bool:
    return open_backend(puzzle, backend, "unique", time_limit, **options).is_unique()


def verify(puzzle: Puzzle, backend: str = "auto", time_limit: float | None = None,
           **options: Any) -> Report:
    """unique / multiple (with two solutions and where they differ) / none, or unknown
    when the time limit runs out."""
    start = time.perf_counter()
    engine = open_backend(puzzle, backend, "verify", time_limit, **options)
    try:
        found = [Solution(puzzle, a) for a in engine.solutions(2)]
    except TimeLimitReached:
        return Report("unknown", seconds=time.perf_counter() - start)
    status = ("none", "unique", "multiple")[len(found)]
    diff = differences(found[0], found[1]) if len(found) == 2 else []
    return Report(status, found, diff, seconds=time.perf_counter() - start)
