"""Run a puzzle on a backend: compile, choose the solver, translate answers back."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from mm import backends
from mm.compile import compile_puzzle
from mm.errors import BackendUnavailable, UnsupportedFeature
from mm.ir import Model
from mm.model import Puzzle
from mm.report import Report
from mm.solution import Solution

# Cells (types x nouns) up to which the SAT backend is faster than CP-SAT for every task.
# Measured with benchmarks/bench_backends.py (2 cores, OR-Tools 9.14): unique proof of 6x5
# (30 cells) sat 1.9 ms / cpsat 3.2 ms; 8x10 (80 cells) 21 / 22 ms (even); 10x30 (300
# cells) 0.52 / 0.18 s; 12x50: 3.9 / 2.7 s.
# Small puzzles pay CP-SAT's fixed presolve cost; large ones pay the CNF's size in Python.
SAT_UP_TO_CELLS = 80


def choose_backend(model: Model, task: str) -> str:
    """The backend `auto` uses for this model and task ("solve", "count", "unique",
    "verify"): SAT for small puzzles and CP-SAT for large ones when both are installed,
    else whichever is installed."""
    installed = [name for name in ("cpsat", "sat") if backends.installed(name)]
    if not installed:
        raise BackendUnavailable("no solver is installed: pip install ortools or python-sat")
    if len(installed) == 1:
        return installed[0]
    if model.placeholders:
        return "cpsat"  # integer variables: the SAT backend's one-hot values grow with domains
    small = model.num_types * model.size <= SAT_UP_TO_CELLS
    return "sat" if small else "cpsat"


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
          backend: str = "auto", time_limit: float | None = None, approx: bool = False,
          **options: Any) -> int:
    """Enumerate up to `limit`; with exact (or approx) a model counter counts the CNF of
    the SAT backend, projected onto the noun positions, without enumerating."""
    if exact or approx:
        if backend not in ("auto", "sat"):
            raise UnsupportedFeature(f"model counting works on the CNF of the sat backend, "
                                     f"not on '{backend}'")
        engine = open_backend(puzzle, "sat", "count", time_limit, **options)
        return engine.model_count(approx=approx)
    engine = open_backend(puzzle, backend, "count", time_limit, **options)
    return engine.count(limit)


def is_unique(puzzle: Puzzle, backend: str = "auto", time_limit: float | None = None,
              **options: Any) -> bool:
    return open_backend(puzzle, backend, "unique", time_limit, **options).is_unique()


def verify(puzzle: Puzzle, backend: str = "auto", time_limit: float | None = None,
           **options: Any) -> Report:
    """The well-posedness report (see mm.verify)."""
    from mm.verify import verify as run

    return run(puzzle, backend, time_limit, **options)
