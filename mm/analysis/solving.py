"""Run a puzzle on a backend: compile, choose the solver, translate answers back."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from mm import backends
from mm.analysis.compile import compile_puzzle
from mm.analysis.lazy import LazyRules, predicates, refuse
from mm.analysis.policy import candidates, check_capable, open_engine, open_first
from mm.backends.base import Backend
from mm.deadline import Deadline, naming_the_limit
from mm.errors import BadArgument, UnsupportedFeature, ValidationError
from mm.model.puzzle_data import PuzzleData
from mm.model.solution import Solution


def open_backend(puzzle: PuzzleData, backend: str, task: str, time_limit: float | None,
                 skip: frozenset[str] = frozenset(), **options: Any) -> Backend:
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
        order = [name for name in candidates(model, task)  # once: it reads the clue mix
                 if name not in skip]
        if not order:
            raise UnsupportedFeature(f"no backend left to try (tried {', '.join(sorted(skip))})")
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


class _NextBackend:
    """With backend "auto", a query the engine gives up part way (UnsupportedFeature: the
    SAT backend's lazy reads outgrowing its size limit, backends/sat_lazy.py) goes on to
    the next candidate, as a refusal while the engine is built does; the time limit
    covers them all. A named backend raises it."""

    def __init__(self, puzzle: PuzzleData, backend: str, task: str,
                 time_limit: float | None, options: dict[str, Any]):
        self.puzzle, self.backend, self.task, self.options = puzzle, backend, task, options
        self.deadline = Deadline(time_limit)
        self.tried: set[str] = set()

    def first(self) -> Backend:
        return self._open()

    def after(self, engine: Backend, error: UnsupportedFeature) -> Backend:
        """The next engine after `engine` gave up with `error` (raised again if none)."""
        if self.backend != "auto":
            raise error
        self.tried.add(getattr(engine, "inner", engine).name)  # closed by its `with`
        try:
            return self._open()
        except UnsupportedFeature:
            raise error from None

    def _open(self) -> Backend:
        return open_backend(self.puzzle, self.backend, self.task, self.deadline.remaining(),
                            skip=frozenset(self.tried), **self.options)

    def ask(self, query: Callable[[Backend], Any]) -> Any:
        """query(engine) on the first engine that answers it."""
        engine = self.first()
        while True:
            try:
                with engine:
                    return query(engine)
            except UnsupportedFeature as exc:
                engine = self.after(engine, exc)


def solve(puzzle: PuzzleData, backend: str = "auto", time_limit: float | None = None,
          **options: Any) -> Solution | None:
    """One solution of the puzzle, or None when there is none."""
    with naming_the_limit(time_limit):
        assignment = _NextBackend(puzzle, backend, "solve", time_limit, options).ask(
            lambda engine: engine.solve())
    return None if assignment is None else Solution(puzzle, assignment)


def solutions(puzzle: PuzzleData, limit: int | None = None, backend: str = "auto",
              time_limit: float | None = None, **options: Any) -> Iterator[Solution]:
    """Every solution of the puzzle, each once (at most `limit`). The arguments are
    checked at once, not at the first next()."""
    check_limit(limit)
    backends_ = _NextBackend(puzzle, backend, "count", time_limit, options)
    with naming_the_limit(time_limit):
        engine = backends_.first()
    return _solutions(puzzle, engine, limit, time_limit, backends_)


def _solutions(puzzle: PuzzleData, engine: Backend, limit: int | None,
               time_limit: float | None, backends_: _NextBackend) -> Iterator[Solution]:
    found: list[Any] = []
    with naming_the_limit(time_limit):
        while True:
            try:
                with engine:
                    left = None if limit is None else limit - len(found)
                    for assignment in engine.solutions(left):
                        found.append(assignment)
                        yield Solution(puzzle, assignment)
                return
            except UnsupportedFeature as exc:
                engine = backends_.after(engine, exc)
                for assignment in found:  # each solution once, whichever engine found it
                    engine.block(assignment)


def count(puzzle: PuzzleData, limit: int | None = None, exact: bool = False,
          backend: str = "auto", time_limit: float | None = None, approx: bool = False,
          **options: Any) -> int:
    """Enumerate up to `limit`; with exact (or approx) a model counter counts the CNF of
    the SAT backend, projected onto the noun positions, without enumerating."""
    check_limit(limit)
    if exact and approx:
        raise ValidationError("count: choose exact or approx, not both")
    if exact or approx:
        with naming_the_limit(time_limit), \
                open_backend(puzzle, backend, "model_count", time_limit, **options) as engine:
            return engine.model_count(approx=approx)  # type: ignore[attr-defined]
    with naming_the_limit(time_limit):
        return _NextBackend(puzzle, backend, "count", time_limit, options).ask(
            lambda engine: engine.count(limit))


def is_unique(puzzle: PuzzleData, backend: str = "auto", time_limit: float | None = None,
              **options: Any) -> bool:
    """Does the puzzle have exactly one solution?"""
    with naming_the_limit(time_limit):
        return _NextBackend(puzzle, backend, "unique", time_limit, options).ask(
            lambda engine: engine.is_unique())
