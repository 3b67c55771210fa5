"""Well-posedness: is the answer unique, and if not, why.

Every clue (the facts of one add_fact* call, or one rule) gets a switch literal on ONE
incremental solver, so each question below is one more solve under assumptions:
* none: a minimal set of clues that cannot hold together, by deletion (the MUSX
  algorithm: drop a clue, keep it out if the rest still conflict), starting from the clues
  the solver's own core names where the backend reports one;
* multiple: two solutions, the cells where they differ, and the backbone (cells fixed in
  every solution), testing each still-undecided cell by assuming it changes;
* unique: the clues implied by the others (drop one, is there another solution?) and one
  minimal subset of clues that still has only this solution (greedy deletion).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from mm import backends, ir
from mm.analysis.compile import lower
from mm.analysis.lazy import LazyRules, RejectionBudget, predicates
from mm.analysis.policy import candidates, open_engine
from mm.backends.base import Backend
from mm.deadline import Deadline
from mm.errors import TimeLimitReached, UnsupportedFeature
from mm.model.puzzle_data import Fact, PuzzleData, Rule
from mm.model.report import Cell, Report, differences
from mm.model.solution import Solution


@dataclass
class Clue:
    items: list[Fact | Rule]
    cond: ir.Cond
    lazy: int | None = None  # a predicate rule: its index in puzzle.rules

    def holds(self, engine: Any, assignment: ir.Assignment) -> bool:
        """Does the clue hold in the assignment?"""
        if self.lazy is not None:
            return bool(engine.holds(self.lazy, assignment))
        model = engine.model
        return ir.holds(self.cond, model.tables, assignment, model)


def clues_of(puzzle: PuzzleData, model: ir.Model) -> list[Clue]:
    """Group the model's constraints into clues as the user wrote them."""
    groups: dict[tuple[str, int], Clue] = {}
    for origin, cond in model.constraints:
        if origin.kind == "fact":
            fact = puzzle.facts[origin.index]
            key: tuple[str, int] = ("fact", fact.group)
            item: Fact | Rule = fact
        else:
            key, item = ("rule", origin.index), puzzle.rules[origin.index]
        if key in groups:
            groups[key].items.append(item)
            groups[key].cond = ir.And((groups[key].cond, cond))
        else:
            groups[key] = Clue([item], cond)
    return list(groups.values())


def _engine(puzzle: PuzzleData, backend: str, deadline: Deadline, options: dict):
    """One incremental engine with a guard (switch) per clue; the policy picks it."""
    model, _ = lower(puzzle, deadline)
    clues = clues_of(puzzle, model)
    lazy = [Clue([puzzle.rules[i]], ir.Const(True), i) for i, _ in predicates(puzzle)]
    model.constraints = []
    names = [backend] if backend != "auto" else candidates(model, "verify")
    error: Exception | None = None
    for name in names:
        settings = dict(options)
        if name == "sat" and deadline.time_limit is None:
            # many small solves under assumptions: MiniSat 2.2 took 5.6 ms a call on a 10x30
            # puzzle, Glucose 4 7.5 ms, CaDiCaL 1.9.5 11 ms (benchmarks/bench_verify.py)
            settings.setdefault("engine", "minisat22")
        try:
            backends.get(name, deadline)  # the import comes out of the budget too
            engine = open_engine(model, name, "verify", deadline.remaining(), **settings)
        except UnsupportedFeature as exc:
            error = exc
            continue
        try:  # a clue it cannot express, or clues past its size limit: the next backend
            guards = [engine.guard(c.cond) for c in clues]
        except UnsupportedFeature as exc:
            engine.close()
            error = exc
            continue
        if lazy:
            engine = LazyRules(engine, puzzle)
            guards += [engine.switch(c.lazy) for c in lazy if c.lazy is not None]
        return engine, clues + lazy, guards
    raise error or UnsupportedFeature("no backend can verify this puzzle")


def verify(puzzle: PuzzleData, backend: str = "auto", time_limit: float | None = None,
           redundancy: bool = True, minimal: bool = True, **options: Any) -> Report:
    """The report; `redundancy` checks each clue against the others (one solve per clue),
    `minimal` also finds a minimal subset (many harder solves: slow on large puzzles)."""
    start = time.perf_counter()
    try:
        report = _verify(puzzle, backend, Deadline(time_limit), redundancy, minimal, options)
    except TimeLimitReached:
        report = Report("unknown")
    report.seconds = time.perf_counter() - start
    return report


def _verify(puzzle: PuzzleData, backend: str, deadline: Deadline, redundancy: bool,
            minimal: bool, options: dict) -> Report:
    engine, clues, guards = _engine(puzzle, backend, deadline, options)
    with engine:
        return _report(puzzle, engine, clues, guards, redundancy, minimal,
                       (backend, deadline, options))  # one budget for every engine


def _report(puzzle: PuzzleData, engine: Backend, clues: list[Clue], guards: list,
            redundancy: bool, minimal: bool, reopen: tuple) -> Report:
    first = engine.next_solution(guards)
    if first is None:
        report = Report("none")
        with _bounded(engine):
            conflict = _minimal_conflict(engine, guards)
            report.conflict = [item for k in conflict for item in clues[k].items]
        return report
    engine.block(first)
    second = engine.next_solution(guards)
    solution = Solution(puzzle, first)
    if second is None:
        report = Report("unique", [solution])
        if redundancy:
            with _bounded(engine):
                implied = _implied(engine, guards, clues)
                report.redundant = [item for k in implied for item in clues[k].items]
                if minimal:
                    keep = _minimal_unique_subset(engine, clues, guards, implied)
                    report.minimal = [item for k in keep for item in clues[k].items]
        return report
    other = Solution(puzzle, second)
    report = Report("multiple", [solution, other], differences(solution, other))
    fresh, _, fresh_guards = _engine(puzzle, *reopen)
    with fresh, _bounded(fresh):
        report.backbone, report.open_cells = _backbone(puzzle, fresh, fresh_guards, first,
                                                       second)
    return report


@contextlib.contextmanager
def _bounded(engine: Any) -> Iterator[None]:
    """With predicate rules, the questions asked with some clues left out may make a
    predicate reject candidates one by one for ever: give them a budget, and when it runs
    out leave that part of the report unset (None: not known) rather than guess."""
    if not isinstance(engine, LazyRules):
        yield
        return
    engine.budget = LAZY_BUDGET
    try:
        yield
    except RejectionBudget:
        pass
    finally:
        engine.budget = None


def _refuted(engine, guards: list, trial: list[int]) -> list[int] | None:
    """None if the clues `trial` have a solution (not blocked); else the part of `trial`
    that the solver's core says already has none (core-guided shrinking)."""
    if engine.next_solution([guards[i] for i in trial]) is not None:
        return None
    return _core_of(engine, guards, trial)


def _core_of(engine, guards: list, trial: list[int]) -> list[int]:
    """After a refutation of `trial`: the clues of the solver's core (all, if none)."""
    core = engine.last_core()
    if core is None:
        return trial
    position = {id(guards[i]) if not isinstance(guards[i], int) else guards[i]: i
                for i in trial}
    keys = [id(g) if not isinstance(g, int) else g for g in core]
    return sorted(position[k] for k in keys if k in position)


LAZY_BUDGET = 200  # candidates a predicate may reject per question of the clue analysis
GROUP = 12  # clues left out together per query in _implied (10x30: 491 queries -> 173)


def _implied(engine, guards: list, clues: list[Clue]) -> list[int]:
    """The clues implied by all the others, by group testing: leave a group of clues out;
    if no other solution appears, each of them is implied (and so is every clue outside
    the solver's core, since the others contain it). If one does, a clue it breaks alone
    is needed; else the group is split. Most clues of a well-made puzzle are implied, so
    this asks far fewer questions than one per clue."""
    everything = list(range(len(guards)))
    unknown = set(everything)
    implied: set[int] = set()

    def settle(group: list[int]) -> None:
        group = [k for k in group if k in unknown]
        if not group:
            return
        left_out = set(group)
        trial = [i for i in everything if i not in left_out]
        other = engine.next_solution([guards[i] for i in trial])
        if other is None:
            core = set(_core_of(engine, guards, trial))
            settled = left_out | {k for k in unknown if k not in core}
            implied.update(settled)
            unknown.difference_update(settled)
            return
        broken = [k for k in group if not clues[k].holds(engine, other)]
        if len(broken) == 1:  # a solution that breaks this clue alone: it is needed
            unknown.discard(broken[0])
            settle([k for k in group if k != broken[0]])
        elif len(group) > 1:
            half = len(group) // 2
            settle(group[:half])
            settle(group[half:])
        else:  # cannot happen for a unique puzzle: the other solution would be a second
            raise RuntimeError("verify: a second solution breaks no clue left out")

    while unknown:
        settle(sorted(unknown)[:GROUP])
    return sorted(implied)


def _minimal_conflict(engine, guards: list) -> list[int]:
    """Indices of a minimal set of clues that cannot hold together: deletion (as MUSX does),
    each refutation shrinking the set to the solver's core."""
    core = _refuted(engine, guards, list(range(len(guards)))) or []
    needed: set[int] = set()
    while candidates := [c for c in core if c not in needed]:
        k = candidates[0]
        smaller = _refuted(engine, guards, [c for c in core if c != k])
        if smaller is None:
            needed.add(k)  # without it the rest can hold
        else:
            core = smaller
    return core


def _minimal_unique_subset(engine, clues: list[Clue], guards: list,
                           implied: list[int]) -> list[int]:
    """A minimal set of clues with no solution but the (blocked) one. Built up first, as a
    generator would: start from the clues nobody can drop, and while another solution
    exists add a clue it breaks; then try dropping each added clue, shrinking to the
    solver's core (deletion on the whole clue list is far slower on large puzzles)."""
    optional = set(implied)
    keep = [k for k in range(len(guards)) if k not in optional]
    while (other := engine.next_solution([guards[i] for i in keep])) is not None:
        broken = next(k for k in sorted(optional - set(keep))
                      if not clues[k].holds(engine, other))
        keep = sorted([*keep, broken])
    for k in [k for k in keep if k in optional]:
        if k in keep:
            smaller = _refuted(engine, guards, [i for i in keep if i != k])
            if smaller is not None:
                keep = smaller
    return keep


def _backbone(puzzle: PuzzleData, engine, guards: list, first: ir.Assignment,
              second: ir.Assignment) -> tuple[list[Cell], list[Cell]]:
    """Cells (row, type) with the same noun in every solution, and the others."""
    types = puzzle.noun_types
    size = len(types[0].nouns)

    def noun_at(assignment: ir.Assignment, t: int, row: int) -> int:
        return ir.noun_on(assignment, t, row, engine.model.repeats)

    undecided = {(t, row) for t in range(1, len(types)) for row in range(size)
                 if noun_at(first, t, row) == noun_at(second, t, row)}
    fixed = set()
    while undecided:
        t, row = undecided.pop()
        noun = noun_at(first, t, row)
        moved = engine.guard(ir.Not(ir.Rel((0, row), 0, (t, noun))))
        other = engine.next_solution([*guards, moved])
        if other is None:
            fixed.add((t, row))
        else:
            undecided = {(u, r) for u, r in undecided
                         if noun_at(other, u, r) == noun_at(first, u, r)}
    cells = [Cell(types[0].nouns[row], types[t], types[t].nouns[noun_at(first, t, row)])
             for t in range(1, len(types)) for row in range(size)]
    backbone = [c for c in cells if (c.noun_type.index, c.row.index) in fixed]
    open_cells = [c for c in cells if (c.noun_type.index, c.row.index) not in fixed]
    return backbone, open_cells
