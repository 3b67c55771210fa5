"""How hard a puzzle is, by how it is solved rather than by its size.

By default (`method="explain"`) a grade rests on the step-by-step explainer
(`mm.analysis.explain`), whose steps carry a level (0 a law of the grid, 1 one clue alone,
2 one clue with earlier marks or the grid structure, 3 two clues together, k + 1 for a case
split over k >= 3 clues) and a kind. Three measures, as issue 15 asks:

* `hardest_step`: the level of the hardest step;
* `steps_above_simplest`: how many steps are above the simplest reasoning (level 1: a law of
  the grid or one clue on its own), i.e. steps that need earlier marks or several clues;
* `case_split`: whether some step is a case split (kind "case split").

Levels (thresholds set on generated 6x6 puzzles so all four are populated and the hard end
needs several times the search effort of the easy end): easy: no step above level 2 and at
most `EASY_STEPS_ABOVE` steps above the simplest; medium: no case split; hard: a case split;
fiendish: a case split over at least `FIENDISH_SPLIT` - 1 clues, or more than
`FIENDISH_STEPS_ABOVE` steps above the simplest.

`effort` is MiniSat 2.2's decisions plus conflicts (fixed engine, fixed seed) to find the
solution and prove it unique: a measure of search, independent of the explainer.
`contradictions` is the older, cheap measure kept alongside: the cells that need failed-
literal probing after unit propagation on the CNF (`method="probing"` grades by it alone).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

from mm.analysis.compile import lower
from mm.analysis.explain import explain
from mm.analysis.lazy import refuse
from mm.analysis.policy import open_engine
from mm.deadline import Deadline, deadline_of, naming_the_limit
from mm.errors import PuzzleError
from mm.ir import Model
from mm.model.puzzle_data import PuzzleData

LEVELS = ("easy", "medium", "hard", "fiendish")
METHODS = ("explain", "probing")
# explainer thresholds, set on 300 generated 6x6 puzzles (100 seeds, 3 steering attempts
# each, every level's clue weights) so that all four levels are populated, each level's
# weights hit it in at least a third of the tries, and the hard bucket alone needs over 3x
# the search effort of the easy one (see docs/performance.md)
EASY_STEPS_ABOVE = 12  # easy: at most this many steps above level 1, none above level 2
FIENDISH_SPLIT = 22  # fiendish: a case split of this level (over 21 clues) or higher
FIENDISH_STEPS_ABOVE = 80  # ... or more steps than this above level 1 with a case split
SIMPLEST = 1  # levels 0 and 1: a law of the grid, or one clue on its own
# probing thresholds: contradiction steps per 100 cells (noun pairs) up to which a puzzle is
# medium, and hard; set on generated 6x6 puzzles (540 cells)
MEDIUM_STEPS_PER_100_CELLS = 2.0
HARD_STEPS_PER_100_CELLS = 4.0
ENGINE = "minisat22"  # fixed engine and seed: the effort figures are comparable


@dataclass(frozen=True)
class Grade:
    """How hard a puzzle is: its level and the measures the level rests on."""

    level: str  # easy, medium, hard or fiendish
    hardest_step: int  # the explainer's level of the hardest step (probing: 0, 1 or 2)
    steps_above_simplest: int  # steps above level 1 (probing: cells needing a contradiction)
    case_split: bool
    effort: int  # MiniSat 2.2 decisions + conflicts to solve and prove unique
    clues: int  # facts and rules
    method: str = "explain"
    contradictions: int = 0  # cells needing failed-literal probing on the CNF

    def to_dict(self) -> dict[str, Any]:
        """The grade as a JSON-ready dict (what `mm grade --json` prints)."""
        return asdict(self)

    def __str__(self) -> str:
        return (f"{self.level} (hardest step {self.hardest_step}, "
                f"{self.steps_above_simplest} steps above the simplest, "
                f"{'a case split' if self.case_split else 'no case split'}, "
                f"search effort {self.effort}, {self.clues} clues)")


def level_of(hardest_step: int, steps_above: int, case_split: bool, cells: int) -> str:
    """The level from the probing measures (cells: pairs of nouns that must be decided)."""
    if case_split or hardest_step >= 2 or \
            steps_above > HARD_STEPS_PER_100_CELLS * cells / 100:
        return "fiendish"
    if hardest_step == 0 or steps_above == 0:
        return "easy"
    if steps_above <= max(1.0, MEDIUM_STEPS_PER_100_CELLS * cells / 100):
        return "medium"
    return "hard"


def level_from_steps(hardest_step: int, steps_above: int, case_split: bool) -> str:
    """The level from the explainer's measures (see the module docstring)."""
    if case_split:
        if hardest_step >= FIENDISH_SPLIT or steps_above > FIENDISH_STEPS_ABOVE:
            return "fiendish"
        return "hard"
    if hardest_step <= 2 and steps_above <= EASY_STEPS_ABOVE:
        return "easy"
    return "medium"


def grade(p: PuzzleData, method: str = "explain",
          time_limit: float | Deadline | None = None) -> Grade:
    """The grade of a puzzle with exactly one solution (else a PuzzleError says why);
    time_limit bounds the whole grading (TimeLimitReached)."""
    if method not in METHODS:
        raise PuzzleError(f"grade: unknown method '{method}' (explain or probing)")
    deadline = deadline_of(time_limit)
    with naming_the_limit(deadline):
        refuse(p, "grade")
        model, _ = lower(p, deadline)
        # first: refuses a puzzle without exactly one solution
        effort = search_effort(model, deadline)
        clues = sum(f.enabled for f in p.facts) + sum(x.enabled for x in p.rules)
        hardest, contradictions, split = probe(model, deadline)
        if method == "probing":
            return Grade(level_of(hardest, contradictions, split, _cells(model)), hardest,
                         contradictions, split, effort, clues, "probing", contradictions)
        ex = explain(p, time_limit=deadline.remaining())
        if ex.status == "time limit":
            raise deadline.reached()
        if ex.status != "complete":
            raise PuzzleError(f"grade: the step-by-step explainer stopped ({ex.status})")
        return from_steps(ex.steps, effort, clues, _cells(model), contradictions)


def from_steps(steps: Iterable[Any], effort: int, clues: int, cells: int = 0,
               contradictions: int = 0) -> Grade:
    """A grade from the explainer's steps (each with .level and .kind); `cells` is unused
    and kept for callers of the first version."""
    levels = [s.level for s in steps_list] if (steps_list := list(steps)) else [0]
    hardest = max(levels)
    above = sum(1 for level in levels if level > SIMPLEST)
    split = any(s.kind == "case split" for s in steps_list)
    return Grade(level_from_steps(hardest, above, split), hardest, above, split, effort,
                 clues, "explain", contradictions)


def _cells(model: Model) -> int:
    types = model.num_types
    return types * (types - 1) // 2 * model.size * model.size


def search_effort(model: Model, deadline: Deadline | None = None) -> int:
    """MiniSat 2.2 decisions + conflicts to find the solution and prove there is no other;
    raises PuzzleError when the puzzle does not have exactly one solution."""
    left = deadline_of(deadline).remaining()
    with open_engine(model, "sat", "unique", left, engine=ENGINE) as engine:
        # a model past the SAT size limit (its costly reads defined lazily) cannot be
        # graded: probe and explain below build the full encoding, clue by clue, with no
        # size limit (30x200 hard-dense: 124 million clauses), and the effort measured
        # here would count the lazy rounds. Refused before any search.
        engine._need_full_encoding(  # type: ignore[attr-defined]
            "grading", "grading has no other backend, so this puzzle cannot be graded")
        first = engine.next_solution()
        if first is None:
            raise PuzzleError("grade: the puzzle has no solution")
        engine.block(first)
        if engine.next_solution() is not None:
            raise PuzzleError("grade: the puzzle has more than one solution; only a puzzle "
                              "with exactly one has a difficulty")
        return engine.search_effort()  # type: ignore[attr-defined]


def probe(model: Model, deadline: Deadline | None = None) -> tuple[int, int, bool]:
    """(hardest step, contradiction steps, case split needed) by unit propagation and then
    failed-literal probing, one deduction at a time, until every cell is known."""
    constraints = [cond for _, cond in model.constraints]
    bare = dataclasses.replace(model, constraints=[])  # every field (repeats too) but these
    deadline = deadline_of(deadline)
    with open_engine(bare, "sat", "verify", deadline.remaining(), engine=ENGINE) as engine:
        assume = [engine.guard(cond) for cond in constraints]
        cells = engine.position_literals()  # type: ignore[attr-defined]
        steps = 0
        known = _propagate(engine, assume)
        while True:
            open_cells = [c for c in cells if c not in known and -c not in known]
            if not open_cells:
                return (1 if steps else 0), steps, False
            found = False
            deadline.check()
            for cell in open_cells:  # one sweep; each deduction is propagated at once
                if cell in known or -cell in known:
                    continue
                deadline.check()  # a sweep of a 12x40 grid takes tens of seconds
                failed, _ = engine.propagate([*assume, cell])  # type: ignore[attr-defined]
                if not failed:
                    assume.append(-cell)
                    steps += 1
                    found = True
                    known = _propagate(engine, assume)
            if not found:
                return 2, steps, True


def _propagate(engine: Any, assume: list[int]) -> set[int]:
    ok, lits = engine.propagate(assume)
    if not ok:
        raise PuzzleError("grade: the clues contradict each other")
    return set(lits)
