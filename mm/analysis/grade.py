"""How hard a puzzle is, by how it is solved rather than by its size.

A grade rests on three measures of the reasoning a solver needs, the same three the
step-by-step explainer reports (its steps' levels and kinds):

* `hardest_step`: 0 when every cell follows by plain propagation of the clues (a clue or a
  "one per row" fact at a time); 1 when some cell needs a contradiction from one hypothesis
  ("if the dog were in house 2, ..."); 2 when even that is not enough and the solver must
  split cases;
* `steps_above_simplest`: how many cells needed a contradiction (a level-1 step);
* `case_split`: whether a case split is needed.

Here they are measured on the puzzle's CNF with MiniSat 2.2: unit propagation from the clues
(each clue switched on by an assumption), then failed-literal probing to a fixed point, one
deduction at a time (`method="probing"`). `effort` is MiniSat's decisions plus conflicts to
find the solution and prove it unique, a fixed-seed measure of search.

Levels: easy (propagation alone), medium (a few contradictions: up to 2 per 100 cells), hard
(up to 4 per 100 cells), fiendish (more, or a case split). When the step-by-step explainer
(`Puzzle.explain`) is available, `from_steps` grades from its steps by the same measures.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

from mm.analysis.compile import lower
from mm.analysis.lazy import refuse
from mm.analysis.policy import open_engine
from mm.errors import PuzzleError
from mm.ir import Model
from mm.model.puzzle_data import PuzzleData

LEVELS = ("easy", "medium", "hard", "fiendish")
# contradiction steps per 100 cells (noun pairs) up to which a puzzle is medium, and hard;
# set on generated 6x6 puzzles (540 cells): medium up to 10 steps, hard up to 21
MEDIUM_STEPS_PER_100_CELLS = 2.0
HARD_STEPS_PER_100_CELLS = 4.0
ENGINE = "minisat22"  # fixed engine and seed: the effort figures are comparable


@dataclass(frozen=True)
class Grade:
    """How hard a puzzle is: its level and the measures the level rests on."""

    level: str  # easy, medium, hard or fiendish
    hardest_step: int  # 0 propagation, 1 contradiction from one hypothesis, 2 case split
    steps_above_simplest: int  # cells that needed a contradiction
    case_split: bool
    effort: int  # MiniSat 2.2 decisions + conflicts to solve and prove unique
    clues: int  # facts and rules
    method: str = "probing"

    def to_dict(self) -> dict[str, Any]:
        """The grade as a JSON-ready dict (what `mm grade --json` prints)."""
        return asdict(self)

    def __str__(self) -> str:
        return (f"{self.level} (hardest step {self.hardest_step}, "
                f"{self.steps_above_simplest} steps above the simplest, "
                f"{'a case split' if self.case_split else 'no case split'}, "
                f"search effort {self.effort}, {self.clues} clues)")


def level_of(hardest_step: int, steps_above: int, case_split: bool, cells: int) -> str:
    """The level from the three measures (cells: pairs of nouns that must be decided)."""
    if case_split or hardest_step >= 2 or \
            steps_above > HARD_STEPS_PER_100_CELLS * cells / 100:
        return "fiendish"
    if hardest_step == 0 or steps_above == 0:
        return "easy"
    if steps_above <= max(1.0, MEDIUM_STEPS_PER_100_CELLS * cells / 100):
        return "medium"
    return "hard"


def grade(p: PuzzleData, method: str = "probing") -> Grade:
    """The grade of a puzzle with exactly one solution (else a PuzzleError says why)."""
    if method not in ("probing", "explain"):
        raise PuzzleError(f"grade: unknown method '{method}' (probing or explain)")
    refuse(p, "grade")
    model, _ = lower(p)
    effort = search_effort(model)
    clues = sum(f.enabled for f in p.facts) + sum(x.enabled for x in p.rules)
    if method == "explain":
        explain = getattr(p, "explain", None)
        if explain is None:
            raise PuzzleError("grade: method 'explain' needs the step-by-step explainer "
                              "(Puzzle.explain), which this version of mm does not have")
        return from_steps(explain().steps, effort, clues, _cells(model))
    hardest, steps, split = probe(model)
    return Grade(level_of(hardest, steps, split, _cells(model)), hardest, steps, split,
                 effort, clues)


def from_steps(steps: Iterable[Any], effort: int, clues: int, cells: int) -> Grade:
    """A grade from the explainer's steps (each with .level and .kind)."""
    steps = list(steps)
    levels = [s.level for s in steps] or [0]
    lowest = min(levels)
    hardest = max(levels) - lowest
    above = sum(1 for level in levels if level > lowest)
    split = any(s.kind == "case split" for s in steps)
    return Grade(level_of(2 if split else min(hardest, 1), above, split, cells),
                 2 if split else min(hardest, 1), above, split, effort, clues, "explain")


def _cells(model: Model) -> int:
    types = model.num_types
    return types * (types - 1) // 2 * model.size * model.size


def search_effort(model: Model) -> int:
    """MiniSat 2.2 decisions + conflicts to find the solution and prove there is no other;
    raises PuzzleError when the puzzle does not have exactly one solution."""
    with open_engine(model, "sat", "unique", None, engine=ENGINE) as engine:
        first = engine.next_solution()
        if first is None:
            raise PuzzleError("grade: the puzzle has no solution")
        engine.block(first)
        if engine.next_solution() is not None:
            raise PuzzleError("grade: the puzzle has more than one solution; only a puzzle "
                              "with exactly one has a difficulty")
        return engine.search_effort()  # type: ignore[attr-defined]


def probe(model: Model) -> tuple[int, int, bool]:
    """(hardest step, contradiction steps, case split needed) by unit propagation and then
    failed-literal probing, one deduction at a time, until every cell is known."""
    constraints = [cond for _, cond in model.constraints]
    bare = dataclasses.replace(model, constraints=[])  # every field (repeats too) but these
    with open_engine(bare, "sat", "verify", None, engine=ENGINE) as engine:
        assume = [engine.guard(cond) for cond in constraints]
        cells = engine.position_literals()  # type: ignore[attr-defined]
        steps = 0
        known = _propagate(engine, assume)
        while True:
            open_cells = [c for c in cells if c not in known and -c not in known]
            if not open_cells:
                return (1 if steps else 0), steps, False
            found = False
            for cell in open_cells:  # one sweep; each deduction is propagated at once
                if cell in known or -cell in known:
                    continue
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
