"""An independent check of explanation steps on the CP-SAT backend (the explainer runs on
SAT): a step's clues and used marks force each of its marks, and each mark needs every one
of them. Shares no code with mm.explain."""

from __future__ import annotations

import mm
from mm import backends, ir
from mm.analysis.compile import compile_puzzle


class StepChecker:
    def __init__(self, puzzle: mm.Puzzle):
        self.puzzle = puzzle
        model = compile_puzzle(puzzle)
        conds: dict[str, list[ir.Cond]] = {}
        for origin, cond in model.constraints:
            item = (puzzle.facts if origin.kind == "fact" else puzzle.rules)[origin.index]
            conds.setdefault(item.clue, []).append(cond)
        model.constraints = []
        self.model = model
        self.clue = conds
        self.asked = 0

    @staticmethod
    def _mark(noun1, noun2, same) -> ir.Cond:
        rel = ir.Rel((noun1.type.index, noun1.index), 0, (noun2.type.index, noun2.index))
        return rel if same else ir.Not(rel)

    def implies(self, clues, uses, mark) -> bool:
        """A fresh CP-SAT model of only these clues and marks, and the mark's opposite."""
        self.asked += 1
        conds = [c for label in clues for c in self.clue[label]]
        conds += [self._mark(*u) for u in uses]
        conds.append(self._mark(mark.noun1, mark.noun2, not mark.same))
        model = ir.Model(self.model.type_names, self.model.noun_names, self.model.tables,
                         [(ir.Origin("check", k), c) for k, c in enumerate(conds)],
                         self.model.values, self.model.placeholders)
        return backends.get("cpsat")(model).solve() is None

    def problems(self, step) -> list[str]:
        """Why the step is not a valid, per-mark minimal step (empty when it is)."""
        out = []
        for mark in step.marks:
            if not self.implies(step.clues, step.uses, mark):
                out.append(f"{mark} does not follow from {step.clues} + {step.uses}")
                continue
            for label in step.clues:
                if self.implies([c for c in step.clues if c != label], step.uses, mark):
                    out.append(f"{mark} does not need clue {label}")
            for use in step.uses:
                if self.implies(step.clues, [u for u in step.uses if u != use], mark):
                    out.append(f"{mark} does not need {use}")
        return out
