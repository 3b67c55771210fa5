"""The one backend policy: which backend `auto` uses for a puzzle and a task.

Solve, count, verify, explain and generate all ask `candidates`/`open_engine` here; each
backend declares its capabilities in the registry (mm.backends), so this module never
imports a solver to decide.

The rules, in order:
1. a task that needs a capability (model counting) goes to a backend that has it;
2. tasks made of many small solves under assumptions (verify, explain, generate) go to SAT
   first: it answers them incrementally at a few milliseconds a call;
3. integer placeholders go to a backend with integer domains (CP-SAT): the SAT backend's
   one-hot values grow with the domain;
4. otherwise by the clue mix (`clue_mix`), measured with `benchmarks/bench_peers.py
   --clock cpu` on six families (ratios SAT time / CP-SAT time, CPU time, interleaved
   medians; docs/backends.md has the table):
   a. tiny puzzles (at most `SAT_UP_TO_CELLS` cells): SAT, whatever the mix. In-process
      the two are within 1-2 ms there (Einstein 4.4 ms against 6.5 ms); a fresh
      `mm solve` also pays OR-Tools' import (0.2-0.3 s, against PySAT's 0.02 s), which is
      most of its time, so `mm solve five_houses` stays a 0.1 s command;
   b. with-rich puzzles (at least `WITH_RICH` of the relations are required "with"):
      CP-SAT, whose presolve merges the rows "with" ties (easy-dense 6x8 1.6-1.9, 8x10
      1.8-2.0, 10x30 and 12x50 9-15);
   c. loose puzzles (under `LOOSE` tight facts per cell, a tight fact being a required
      relation stated alone whose link leaves a noun at most `TIGHT_PLACES` places: with,
      next to, directly left of; and under `LOOSE_WITH` "with" among all relations): SAT.
      Few facts pin nouns down, so the answer comes from search, where clause learning on
      the one-hot grid wins; CP-SAT wins where tight facts propagate most of the answer.
      Found by `benchmarks/bench_auto_sweep.py` (session 8) on families the other rules
      were not tuned on (no "with" but few negations, "left of"/"before" only, many
      either/or rules, which inflate relations per cell): CP-SAT 4-18x slower than SAT at
      6x8-12x30, past 40 s where SAT took 5 s at 15x80. Hard-dense puzzles have 0.03-0.21
      tight facts per cell, generated 0.38-0.65, easy-dense 1.7-1.8; of 136 bench_peers
      puzzles (seeds 3, 7, 11; the 100 reasoning-gym ones) it moves one, hard-dense 6x8
      seed 3, to SAT (2.6-2.8x faster there);
   d. exclusion-heavy puzzles (under `RARE_WITH` "with", at least `MOSTLY_NEGATED`
      negated): SAT, whose one-hot grid with clause learning prunes "not with" / "not
      before" that CP-SAT's integer rows propagate weakly (hard-dense 6x8 0.2, 8x10 0.13,
      10x30 0.16-0.2);
   e. sparse puzzles of at least `SPARSE_FROM_CELLS` cells (under `SPARSE` relations per
      cell, like minimal puzzles): SAT. The search is the work and it varies by puzzle
      more than by backend, and no clue-mix feature separates the puzzles where CP-SAT
      wins. On twelve minimal 8x10 puzzles (mm.generate(8, 10, seed=1..12), uniqueness,
      MiniSat, two-way "with" clauses) SAT took 24-40 ms on every one, CP-SAT 19-193 ms
      (geometric means 28 and 43 ms); CP-SAT won on five, by at most 1.37x and
      7 ms, within 1.2x + 5 ms on all twelve. At 10x30 the one minimal puzzle of the
      benchmark: SAT 0.46-0.60 s to solve and 0.82-0.85 s to prove unique, CP-SAT 1.18
      and 1.53 s. Racing both backends instead was not built (docs/backends.md: why);
   f. the rest: CP-SAT (generated 6x8 1.6, 8x10 2.1-2.3, 10x30 about 5), where the CNF's
      size also costs Python time.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from mm import backends
from mm.backends.base import Backend
from mm.errors import BackendUnavailable, UnsupportedFeature
from mm.ir import And, Cond, Model, Not, Or, Rel

SAT_UP_TO_CELLS = 30
SPARSE = 1.0  # relations per cell: minimal puzzles 0.64-0.89, generated 1.0-2.9, dense 2
SPARSE_FROM_CELLS = 80
RARE_WITH = 0.05  # required "with" relations per relation: hard-dense has 0-0.04
MOSTLY_NEGATED = 0.6  # negated relations per relation: hard-dense 0.72-0.79, generated 0.5
WITH_RICH = 0.6  # easy-dense 0.78-0.91, Einstein 0.67, reasoning-gym 0.75
LOOSE = 0.3  # tight facts per cell: hard-dense 0.04-0.21, generated 0.38-0.65, easy 1.7
LOOSE_WITH = 0.3  # ... and under this share of "with" anywhere (loose 15x80 at 0.49, its
# "with" inside either/or rules: CP-SAT 3.3x faster; every loose puzzle SAT won had <= 0.14)
TIGHT_PLACES = 2  # a link is tight when it leaves a noun at most this many places on average
TASKS = ("solve", "count", "unique", "verify", "explain", "generate", "model_count")
_INCREMENTAL_TASKS = ("verify", "explain", "generate")


def candidates(model: Model, task: str) -> list[str]:
    """The installed backends able to do `task` on `model`, best first."""
    if task not in TASKS:
        raise ValueError(f"unknown task '{task}' (one of {', '.join(TASKS)})")
    installed = backends.available()
    if not installed:
        raise BackendUnavailable("no solver is installed: pip install ortools or python-sat")
    caps = {name: backends.info(name).capabilities for name in installed}
    if task == "model_count":
        able = [name for name in installed if caps[name].model_counting]
        if not able:
            raise BackendUnavailable("model counting needs the sat backend: "
                                     "pip install python-sat")
        return able
    if task in _INCREMENTAL_TASKS:
        first = [name for name in installed if name == "sat"]
    elif model.placeholders:
        first = [name for name in installed if caps[name].integer_domains]
    else:
        sat_first = prefers_sat(model)  # once: it reads the whole clue mix
        first = [name for name in installed if (name == "sat") == sat_first]
    return first + [name for name in installed if name not in first]


def _relations(conds: Iterable[Cond]) -> Iterator[tuple[bool, Rel]]:
    """(required?, relation) for every relation these conditions state, in and/or rules
    too."""
    stack = list(conds)
    while stack:
        cond = stack.pop()
        if isinstance(cond, And | Or):
            stack.extend(cond.xs)
        elif isinstance(cond, Rel):
            yield True, cond
        elif isinstance(cond, Not) and isinstance(cond.x, Rel):
            yield False, cond.x


def _mix_counts(model: Model) -> tuple[int, int, int, int]:
    """(required "with" relations, negated relations, all relations, tight facts), in one
    pass. A tight fact is a required relation stated alone (not inside a rule) whose link
    leaves a noun at most two places on average (with, next to, directly left of): the
    facts that pin nouns down, which CP-SAT's propagation turns into the answer.

    `auto` pays this on every solve, so the common shapes (a fact: a relation or its
    negation) are counted inline and only rules go through `_relations`; the "with" and
    tightness tests are asked once per table, not once per relation (at 15x80, 7,200
    facts: 1.3 ms instead of about 4 ms, which made `auto` measurably slower than the
    backend it picks)."""
    size = model.size
    identity = [table.is_identity(size) for table in model.tables]
    tight = [len(table.pairs) <= TIGHT_PLACES * size for table in model.tables]
    with_count = negated = total = tight_count = 0
    rules: list[Cond] = []
    for _origin, cond in model.constraints:
        if isinstance(cond, Rel):
            total += 1
            with_count += identity[cond.table]
            tight_count += tight[cond.table]
        elif isinstance(cond, Not) and isinstance(cond.x, Rel):
            total += 1
            negated += 1
        elif isinstance(cond, And | Or):
            rules.append(cond)
    for positive, rel in _relations(rules):
        total += 1
        negated += not positive
        with_count += positive and identity[rel.table]
    return with_count, negated, total, tight_count


def clue_mix(model: Model) -> tuple[float, float]:
    """(share of the relations that are a required "with", share that are negated)."""
    with_count, negated, total, _tight = _mix_counts(model)
    if total == 0:
        return 0.0, 0.0
    return with_count / total, negated / total


def prefers_sat(model: Model) -> bool:
    """Rule 4 of the module docstring: is this a puzzle on which SAT is the faster?"""
    cells = model.num_types * model.size
    if cells <= SAT_UP_TO_CELLS:
        return True
    with_count, negated, relations, tight = _mix_counts(model)
    with_share = with_count / relations if relations else 0.0
    negated_share = negated / relations if relations else 0.0
    if with_share >= WITH_RICH:
        return False
    if tight < LOOSE * cells and with_share < LOOSE_WITH:
        return True
    if with_share < RARE_WITH and negated_share >= MOSTLY_NEGATED:
        return True
    if cells >= SPARSE_FROM_CELLS and relations < SPARSE * cells:
        return True
    return False


def choose_backend(model: Model, task: str) -> str:
    """The backend `auto` picks for this model and task."""
    return candidates(model, task)[0]


def check_capable(backend: str, task: str) -> None:
    """Refuse a named backend that cannot do the task (UnsupportedFeature), before its
    solver library is even looked for."""
    if task == "model_count" and not backends.info(backend).capabilities.model_counting:
        raise UnsupportedFeature(f"model counting works on the CNF of the sat backend, "
                                 f"not on '{backend}'")


def open_engine(model: Model, backend: str, task: str, time_limit: float | None,
                **options: Any) -> Backend:
    """A backend loaded with `model`: the named one, or for "auto" the first candidate
    that can express the model (a backend raising UnsupportedFeature passes to the next)."""
    if backend != "auto":
        check_capable(backend, task)
        return backends.get(backend)(model, time_limit=time_limit, **options)
    return open_first(model, candidates(model, task), time_limit, **options)


def open_first(model: Model, names: list[str], time_limit: float | None,
               **options: Any) -> Backend:
    """The first of `names` (candidates(model, task), for a caller that has them already:
    reading the clue mix of a 15x80 puzzle takes about 4 ms) that can express the model."""
    error: UnsupportedFeature | None = None
    for name in names:
        try:
            return backends.get(name)(model, time_limit=time_limit, **options)
        except UnsupportedFeature as exc:
            error = exc
    assert error is not None
    raise error
