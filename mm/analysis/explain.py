"""Step-by-step explanations and hints: the grids filled mark by mark, each with its reason.

A *mark* says that two nouns of different types are together ("O") or not ("X"). A *step*
adds marks because of some clues (a clue label stands for every fact and rule carrying it)
and some marks known before (its ``uses``). Every step is subset-minimal **for each of its
marks**: leave out any one of its clues or used marks and that mark no longer follows.

Kinds (a closed set, `KINDS`) and levels (higher is harder):

==============  =====  ==========================================================
kind            level  reasoning
==============  =====  ==========================================================
one-to-one      0      a law of the grid: an O rules out the rest of its row and
                       column; the last open cell of a row or column is an O
transitivity    1      a law of the grid through a third type: A O B and B O C
                       give A O C; A O B and B X C give A X C
clue            1 / 2  one clue (level 1 alone, level 2 with earlier marks)
grid            2      no clue: the marks force it through the one-to-one structure
                       of several grids (e.g. two nouns sharing two candidates)
combination     3      two clues together, with earlier marks
case split      k + 1  k >= 3 clues together: what a solver on paper finds only by
                       trying cases
==============  =====  ==========================================================

Cost model and search order
---------------------------
The laws are computed in Python from the marks, with no solver (they are the Mystery
Master's laws; the tests confirm each law step on CP-SAT). At each state the laws run to a
fixpoint first, one-to-one before transitivity. Only when no law applies is the solver
asked, once per clue label (a *scope*), then for no clue at all ("grid"):

* Which open cells does a scope force? A cell can only be forced to its value in a
  reference solution, so a candidate costs one solve of "scope + known marks + the
  opposite mark". Every satisfiable answer is kept as a *witness*: it shows that the cells
  where it differs from the reference are not forced by any clue it satisfies, for as long
  as it agrees with the known marks (one bit-mask test). Witnesses are shared by all scopes,
  so a clue that gives nothing new usually costs no solve. A clue is asked only about the
  cells of the nouns it names and of the nouns known to be with them; the search over
  several clues below asks every cell, so nothing is missed.
* Why is it forced? One representative cell per scope (an O first) is shrunk to a minimal
  support: the solver's core, then deletion in halves (one solve per try). Supports are
  cached: they never stop being valid and minimal.
* The steps found in one scan are emitted cheapest first (level, then fewest used marks,
  fewest clues). A scope's other forced cells join its step when the same support is
  minimal for them too; marks the laws give at once from the step's other marks are left
  to the laws.
* When no single scope gives anything, open cells (tightest rows and columns first) are
  asked under all clues until 24 forced ones are found; the three with the smallest cores
  are shrunk, clues first, and the step with fewest clues is taken ("combination" or
  "case split"). When no open cell is forced, the puzzle has several solutions ("not
  unique").
* The solver is told only the O marks and the X marks no known O implies (the structure
  gives the rest), so the assumptions stay short; yes/no questions do not read the
  solution back (`Backend.satisfiable`).
* `time_limit` covers the whole job: lowering, loading the solver library and encoding
  draw on it, the engine stops a long search at the deadline (a short solve pays nothing
  for that: the SAT backend watches the clock only once a first conflict budget is
  spent), and the clock is checked between solves.

All questions go to ONE incremental SAT solver (PySAT through the IR; CP-SAT with
``backend="cpsat"``) holding the puzzle's structure, a switch per clue label and a switch
per mark and value, so every question is one solve under assumptions.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mm import backends, ir
from mm.analysis.compile import lower
from mm.analysis.lazy import refuse
from mm.analysis.policy import candidates, open_engine
from mm.backends.base import Backend
from mm.deadline import Deadline, naming_the_limit
from mm.errors import TimeLimitReached, UnsupportedFeature
from mm.model import html
from mm.model.elements import Noun
from mm.model.grids import Grids, Mark, as_mark
from mm.model.puzzle_data import PuzzleData
from mm.model.text import clue_label
from mm.model.verbs import IS, IS_NOT

KINDS = ("one-to-one", "transitivity", "clue", "grid", "combination", "case split")
STATUSES = ("complete", "not unique", "no solution", "time limit")
WITNESSES = 400  # witnesses kept (the oldest and those the known marks refute dropped)
SHRINK_BEST = 3  # cells whose cores are shrunk when several clues are needed
FALLBACK_CELLS = 24  # forced cells whose cores are compared when no single clue gives a step


@dataclass(frozen=True)
class Step:
    """One step: `marks` follow from `clues` and `uses` (earlier marks), minimally."""

    marks: list[Mark]
    clues: list[str]
    uses: list[Mark]
    kind: str
    level: int
    text: str

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of API.md (marks and uses as Mark.to_dict)."""
        return {"marks": [m.to_dict() for m in self.marks], "clues": list(self.clues),
                "uses": [m.to_dict() for m in self.uses], "kind": self.kind,
                "level": self.level, "text": self.text}


@dataclass
class Explanation:
    """The steps, and how far they got (`status`, one of `STATUSES`). With "no solution",
    `conflict` is a minimal list of clue labels that cannot hold together."""

    puzzle: PuzzleData
    status: str
    steps: list[Step] = field(default_factory=list)
    conflict: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def complete(self) -> bool:
        """Every cell of every grid is marked."""
        return self.status == "complete"

    def marks(self, upto: int | None = None) -> list[Mark]:
        """The marks of the first `upto` steps (all by default)."""
        return [m for step in self.steps[:upto] for m in step.marks]

    def grids(self, upto: int | None = None) -> Grids:
        """The grids after the first `upto` steps (all by default)."""
        return Grids(self.puzzle, self.marks(upto))

    def to_html(self, grid_every: int = 10) -> str:
        """The steps as HTML (mm.model.html): each step's text, kind, clues and marks, the
        grids after every `grid_every`-th step and the last folded away under it, and a
        conflict's clue labels at the end."""
        out = html.explanation_html(self.status, self.steps,
                                    grids=lambda k: self.grids(k + 1)._repr_html_(),
                                    grid_every=grid_every)
        if self.status == "no solution" and self.conflict:
            out += (f"<p>These clues cannot all hold: "
                    f"{html.escape(', '.join(self.conflict))}</p>")
        return out

    def _repr_html_(self) -> str:
        return html.fragment(self.to_html())

    def to_dict(self) -> dict[str, Any]:
        """The JSON of `mm explain --json` ("conflict" only with "no solution")."""
        data: dict[str, Any] = {"status": self.status, "complete": self.complete,
                                "steps": [s.to_dict() for s in self.steps]}
        if self.status == "no solution":
            data["conflict"] = list(self.conflict)
        return data


@dataclass
class Hint:
    """`wrong`: the given marks that contradict the puzzle, each with clue labels that rule
    it out; when none is wrong, `step` is the next cheapest step (None: nothing left)."""

    wrong: list[tuple[Mark, list[str]]]
    step: Step | None
    # "ok"; "complete" (every cell marked); "not unique" (nothing more follows: the open
    # cells differ between solutions); "no solution" (the puzzle has none)
    status: str = "ok"


# ---------------------------------------------------------------------------- internals

Support = tuple[frozenset[int], frozenset[int]]  # (clue indices, cell ids of used marks)


@dataclass
class _Candidate:
    marks: list[int]  # cell ids
    support: Support

    def key(self, order: int) -> tuple:
        clues, uses = self.support
        return (_level(len(clues), len(uses)), len(uses), len(clues), order)


def _level(clues: int, uses: int) -> int:
    if clues == 0:
        return 2
    if clues == 1:
        return 1 if uses == 0 else 2
    return 3 if clues == 2 else clues + 1


def _kind(clues: int) -> str:
    return ("grid", "clue", "combination")[clues] if clues < 3 else "case split"


class _Explainer:
    """The state of one explanation: the solver, its switches, the known marks."""

    def __init__(self, puzzle: PuzzleData, backend: str, time_limit: float | None):
        self.puzzle = puzzle
        # the whole job's budget: lowering, loading the solver and encoding draw on it
        self.job = job = Deadline(time_limit)
        refuse(puzzle, "explain and hint")
        repeating = [t.name for t in puzzle.noun_types if t.repeats]
        if repeating:
            raise UnsupportedFeature(
                f"explain and hint do not support repeating noun types yet ('{repeating[0]}' "
                "has repeats=True): their grids assume one noun of each type per row and "
                "per noun")
        model, _ = lower(puzzle, job)
        self.labels: list[str] = []
        conds: dict[str, list[ir.Cond]] = {}
        for origin, cond in model.constraints:
            item = (puzzle.facts if origin.kind == "fact" else puzzle.rules)[origin.index]
            if item.clue not in conds:
                self.labels.append(item.clue)
                conds[item.clue] = []
            conds[item.clue].append(cond)
        model.constraints = []
        self.engine = _open(model, backend, job)
        self.model = model
        self.conds = [ir.And(tuple(conds[label])) for label in self.labels]
        self.clue_guards = [self.engine.guard(cond) for cond in self.conds]
        self.every_clue = (1 << len(self.labels)) - 1
        # cells: one id per pair of nouns of different types
        types = puzzle.noun_types
        self.n = n = len(types[0].nouns)
        self.t = len(types)
        self.base: dict[tuple[int, int], int] = {}
        self.cells: list[tuple[tuple[int, int], tuple[int, int]]] = []
        # the cells of noun (s, i) against type u, by arithmetic (cell() per cell took 4 s
        # at 15x80), the clock checked per pair of types
        self.rows: dict[tuple[tuple[int, int], int], list[int]] = {}
        for s in range(self.t):
            for u in range(s + 1, self.t):
                self.check_time()
                base = self.base[(s, u)] = len(self.cells)
                self.cells += [((s, i), (u, j)) for i in range(n) for j in range(n)]
                for i in range(n):
                    self.rows[((s, i), u)] = list(range(base + i * n, base + i * n + n))
                    self.rows[((u, i), s)] = list(range(base + i, base + n * n, n))
        self.all_mask = (1 << len(self.cells)) - 1
        self.mark_guards: dict[tuple[int, bool], Any] = {}
        self._basis: tuple[int, list[int]] = (-1, [])
        self.known: dict[int, bool] = {}
        self.known_mask = 0
        self.ref: list[bool] = []
        self.ref_rows: ir.Assignment = ()
        self.ref_partner: dict[tuple[int, int], list[int]] = {}
        self.mentions = [ir.nouns_named(cond) for cond in self.conds]
        # witnesses: solutions of some clues, valid while they agree with the known marks
        self.pool: list[list] = []
        self.supports: dict[int, list[Support]] = {}
        self.forced: dict[tuple[int, ...], set[int]] = {}

    # ------------------------------------------------------------------ cells
    def cell(self, a: tuple[int, int], b: tuple[int, int]) -> int:
        if a[0] > b[0]:
            a, b = b, a
        return self.base[(a[0], b[0])] + a[1] * self.n + b[1]

    def noun(self, ref: tuple[int, int]) -> Noun:
        return self.puzzle.noun_types[ref[0]].nouns[ref[1]]

    def mark(self, cell: int, same: bool) -> Mark:
        a, b = self.cells[cell]
        return Mark(self.noun(a), self.noun(b), same)

    def cell_of(self, mark: Mark) -> int:
        a, b = mark.cell
        return self.cell((a.type.index, a.index), (b.type.index, b.index))

    def guard(self, cell: int, same: bool) -> Any:
        key = (cell, same)
        if key not in self.mark_guards:
            a, b = self.cells[cell]
            rel = ir.Rel(a, 0, b)
            self.mark_guards[key] = self.engine.guard(rel if same else ir.Not(rel))
        return self.mark_guards[key]

    def set_reference(self, rows: ir.Assignment) -> None:
        self.ref_rows = rows
        self.ref = [rows[a[0]][a[1]] == rows[b[0]][b[1]] for a, b in self.cells]
        self.ref_partner = {(s, u): [rows[u].index(rows[s][i]) for i in range(self.n)]
                            for (s, u) in self.base}

    def differs(self, rows: ir.Assignment) -> int:
        """Bit mask of the cells where an assignment differs from the reference."""
        n = self.n
        at_row = []
        for t in range(self.t):
            inverse = [0] * n
            for i, r in enumerate(rows[t]):
                inverse[r] = i
            at_row.append(inverse)
        mask = 0
        for (s, u), base in self.base.items():
            partners, row_s, at_u = self.ref_partner[(s, u)], rows[s], at_row[u]
            for i in range(n):
                j_new = at_u[row_s[i]]
                if j_new != partners[i]:
                    mask |= (1 << (base + i * n + partners[i])) | (1 << (base + i * n + j_new))
        return mask

    def values_open(self) -> bool:
        """With every cell of the grids known, can placeholder values still differ? They
        are not explained step by step, but a puzzle that leaves them open has several
        solutions, so it is not complete. (Ends the explainer's use of the engine.)"""
        if not self.model.placeholders:
            return False
        self.engine.block(self.ref_rows)
        return self.solve(self.clue_guards) is not None

    def learn(self, cell: int, same: bool) -> None:
        self.known[cell] = same
        self.known_mask |= 1 << cell

    # ------------------------------------------------------------------ solving
    def check_time(self) -> None:
        if self.job.end is not None and time.monotonic() > self.job.end:
            raise TimeLimitReached(f"time limit of {self.job.time_limit:g} s reached while "
                                   "explaining")

    def solve(self, assume: Sequence[Any]) -> ir.Assignment | None:
        self.check_time()
        return self.engine.next_solution(list(assume))

    def consistent(self, assume: Sequence[Any]) -> bool:
        """Is there a solution with these switches on? (No solution is read back.)"""
        self.check_time()
        return self.engine.satisfiable(list(assume))

    def core(self, assume: Sequence[Any]) -> set[int]:
        """Positions in `assume` of the solver's last core (all of them if it gives none)."""
        core = self.engine.last_core()
        if core is None:
            return set(range(len(assume)))
        if all(isinstance(g, int) for g in core):
            keys = set(core)
            return {k for k, g in enumerate(assume) if g in keys}
        ids = {id(g) for g in core}
        return {k for k, g in enumerate(assume) if id(g) in ids}

    def basis(self) -> list[int]:
        """The known marks the solver is told: every O, and the X marks no known O of
        their row or column gives (the structure implies those), so fewer assumptions."""
        if self._basis[0] != self.known_mask:
            keep = []
            for cell, same in self.known.items():
                a, b = self.cells[cell]
                if same or not any(self.known.get(c) for c in self.rows[(a, b[0])]) and \
                        not any(self.known.get(c) for c in self.rows[(b, a[0])]):
                    keep.append(cell)
            self._basis = (self.known_mask, keep)
        return self._basis[1]

    def known_guards(self) -> list[Any]:
        return [self.guard(c, self.known[c]) for c in self.basis()]

    def witness(self, rows: ir.Assignment) -> list:
        """Keep a solution as a witness: [cells where it differs from the reference,
        the assignment, clues known satisfied, clues checked] (checked lazily)."""
        w = [self.differs(rows), rows, 0, 0]
        self.pool.append(w)
        if len(self.pool) > WITNESSES:
            self.pool = [x for x in self.pool if not x[0] & self.known_mask][-WITNESSES:]
        return w

    def satisfies(self, w: list, scope: tuple[int, ...]) -> bool:
        for k in scope:
            bit = 1 << k
            if not w[3] & bit:
                w[3] |= bit
                if ir.holds(self.conds[k], self.model.tables, w[1], self.model):
                    w[2] |= bit
            if not w[2] & bit:
                return False
        return True

    def ruled_out(self, scope: tuple[int, ...]) -> int:
        """Cells where some witness for these clues, agreeing with the known marks, differs
        from the reference: they are not implied."""
        mask = 0
        known = self.known_mask
        for w in self.pool:
            if not w[0] & known and self.satisfies(w, scope):
                mask |= w[0]
        return mask

    def reach_nouns(self, scope: tuple[int, ...]) -> set[tuple[int, int]]:
        """The nouns the clues of a scope name, and the nouns known to be with them."""
        nouns = set().union(*(self.mentions[k] for k in scope))
        for cell, same in self.known.items():
            if same:
                a, b = self.cells[cell]
                if a in nouns or b in nouns:
                    nouns |= {a, b}
        return nouns

    def reach(self, scope: tuple[int, ...]) -> int:
        """The cells a scope is asked about: those of a noun its clues name, or of a noun
        known to be with one. (A step of one clue that marks a cell elsewhere is found by the
        search over several clues, which asks every cell.)"""
        if not scope:
            return self.all_mask
        mask = 0
        for a in self.reach_nouns(scope):
            for u in range(self.t):
                if u != a[0]:
                    for c in self.rows[(a, u)]:
                        mask |= 1 << c
        return mask

    def implied(self, scope: tuple[int, ...]) -> list[int]:
        """Open cells forced by the clues of `scope` and the known marks (backbone, with
        witnesses shared by all scopes they satisfy; a cell once implied stays implied)."""
        need = sum(1 << k for k in scope)
        ruled_out = self.ruled_out(scope)
        forced = self.forced.setdefault(scope, set())
        forced.difference_update([c for c in forced if c in self.known])
        open_cells = self.all_mask & ~self.known_mask & ~ruled_out & self.reach(scope)
        base = [self.clue_guards[k] for k in scope] + self.known_guards()
        for cell in _bits(open_cells):
            if ruled_out >> cell & 1 or cell in forced:
                continue
            other = self.solve([*base, self.guard(cell, not self.ref[cell])])
            if other is None:
                forced.add(cell)
            else:
                w = self.witness(other)
                w[2] = w[3] = need  # it satisfies the clues it was asked for
                ruled_out |= w[0]
        return sorted(forced)

    def follows(self, cell: int, clues: Iterable[int], uses: Iterable[int]) -> bool:
        assume = [self.clue_guards[k] for k in clues] + [self.guard(c, self.ref[c])
                                                          for c in uses]
        return not self.consistent([self.guard(cell, not self.ref[cell]), *assume])

    def shrink(self, cell: int, clues: list[int], uses: list[int],
               clues_first: bool = False) -> Support:
        """A minimal support of the cell's reference value inside (clues, uses), which must
        imply it: deletion, shrinking to the solver's core after each refutation."""
        items = [("m", c) for c in uses]
        items = [("c", k) for k in clues] + items if clues_first else \
            items + [("c", k) for k in clues]
        negation = self.guard(cell, not self.ref[cell])

        def refute(trial: list[tuple[str, int]]) -> list[tuple[str, int]] | None:
            # the opposite mark first: the solver meets the conflict sooner, with a
            # smaller core
            assume = [negation] + [self.clue_guards[v] if kind == "c"
                                   else self.guard(v, self.ref[v]) for kind, v in trial]
            if self.consistent(assume):
                return None
            keep = self.core(assume)
            return [e for k, e in enumerate(trial) if k + 1 in keep]

        near = self.reach_nouns(tuple(clues)) | set(self.cells[cell])
        close = [e for e in items if e[0] == "c" or not near.isdisjoint(self.cells[e[1]])]
        first = refute(close) if len(close) < len(items) else None
        if first is None:  # the marks near the clue's nouns are not enough: take them all
            first = refute(items)
        if first is None:
            raise RuntimeError("explain: a support that does not imply its mark")
        items = first
        needed: set[tuple[str, int]] = set()
        chunk = max(1, len(items) // 2)
        while rest := [e for e in items if e not in needed]:
            drop = set(rest[:chunk])
            smaller = refute([x for x in items if x not in drop])
            if smaller is not None:
                items = smaller
            elif chunk > 1:
                chunk = max(1, chunk // 2)
            else:
                needed.update(drop)
        support = (frozenset(v for kind, v in items if kind == "c"),
                   frozenset(v for kind, v in items if kind == "m"))
        self.supports.setdefault(cell, []).append(support)
        return support

    def minimal_for(self, cell: int, support: Support) -> bool:
        """Does this support imply the cell, and does the cell need every part of it?"""
        clues, uses = support
        if not self.follows(cell, clues, uses):
            return False
        for k in clues:
            if self.follows(cell, clues - {k}, uses):
                return False
        return all(not self.follows(cell, clues, uses - {c}) for c in uses)

    # ------------------------------------------------------------------ laws
    def law_steps(self) -> list[Step]:
        """One round of the laws of the grid on the known marks: one-to-one, else
        transitivity. Each deduction is a step of its own support."""
        steps = self._one_to_one()
        return steps if steps else self._transitivity()

    def _row(self, a: tuple[int, int], u: int) -> list[int]:
        return self.rows[(a, u)]

    def _one_to_one(self) -> list[Step]:
        steps: list[Step] = []
        new: set[int] = set()
        for cell, same in list(self.known.items()):
            if not same:
                continue
            a, b = self.cells[cell]
            others = [c for c in self._row(a, b[0]) + self._row(b, a[0])
                      if c != cell and c not in self.known and c not in new]
            if others:
                new.update(others)
                steps.append(self._law_step("one-to-one", [(c, False) for c in others],
                                            [(cell, True)]))
        for s in range(self.t):
            for i in range(self.n):
                for u in range(self.t):
                    if u == s:
                        continue
                    row = self._row((s, i), u)
                    open_ = [c for c in row if c not in self.known]
                    if len(open_) != 1 or open_[0] in new:
                        continue
                    if any(self.known[c] for c in row if c in self.known):
                        continue
                    new.add(open_[0])
                    steps.append(self._law_step("one-to-one", [(open_[0], True)],
                                                [(c, False) for c in row if c != open_[0]]))
        return steps

    def _transitivity(self) -> list[Step]:
        steps: list[Step] = []
        new: set[int] = set()
        for cell, same in list(self.known.items()):
            if not same:
                continue
            a, b = self.cells[cell]
            for u in range(self.t):
                if u in (a[0], b[0]):
                    continue
                for ac, bc in zip(self.rows[(a, u)], self.rows[(b, u)], strict=True):
                    for there, here in ((ac, bc), (bc, ac)):
                        if there in self.known and here not in self.known and here not in new:
                            new.add(here)
                            value = self.known[there]
                            steps.append(self._law_step("transitivity", [(here, value)],
                                                        [(cell, True), (there, value)]))
        return steps

    def _law_step(self, kind: str, marks: list[tuple[int, bool]],
                  uses: list[tuple[int, bool]]) -> Step:
        m = [self.mark(c, v) for c, v in marks]
        u = [self.mark(c, v) for c, v in uses]
        return Step(m, [], u, kind, 0 if kind == "one-to-one" else 1,
                    _law_text(self.puzzle, kind, m, u))

    def _law_closure(self, marks: list[int]) -> list[int]:
        """The marks of a solver step that one law round would not give from the known
        marks and the step's other kept marks (those are left to the laws)."""
        kept: list[int] = []
        values = dict(self.known)
        for c in sorted(marks, key=lambda c: not self.ref[c]):  # O marks first
            a, b = self.cells[c]
            if self.ref[c] and not self._o_by_transitivity(values, a, b):
                kept.append(c)
                values[c] = True
            elif not self.ref[c] and not self._x_by_laws(values, a, b):
                kept.append(c)
        return kept or marks[:1]

    def _o_by_transitivity(self, values: dict[int, bool], a, b) -> bool:
        for u in range(self.t):
            if u not in (a[0], b[0]):
                for x, y in zip(self.rows[(a, u)], self.rows[(b, u)], strict=True):
                    if values.get(x) and values.get(y):
                        return True
        return False

    def _x_by_laws(self, values: dict[int, bool], a, b) -> bool:
        if any(values.get(c) for c in self._row(a, b[0]) + self._row(b, a[0])):
            return True
        for u in range(self.t):
            if u not in (a[0], b[0]):
                for ac, bc in zip(self.rows[(a, u)], self.rows[(b, u)], strict=True):
                    x, y = values.get(ac), values.get(bc)
                    if (x is True and y is False) or (x is False and y is True):
                        return True
        return False

    # ------------------------------------------------------------------ solver steps
    def solver_steps(self) -> list[Step]:
        """The steps the solver finds in one scan (see the module docstring), cheapest
        first; empty when there is none. Each clue is represented by one of the cells it
        forces (an O first: the laws take it furthest); its other cells join that step when
        the same support is minimal for them too."""
        found: list[tuple[_Candidate, list[int]]] = []
        for k in range(len(self.labels)):
            cells = self.implied((k,))
            if not cells:
                continue
            cell = min(cells, key=lambda c: (not self.ref[c], c))
            support = self._cached(cell, {k})
            if support is None:
                support = self.shrink(cell, [k], self.basis())
            found.append((_Candidate([cell], support), cells))
        if not found:
            cells = self.implied(())
            if cells:
                cell = min(cells, key=lambda c: (not self.ref[c], c))
                support = self._cached(cell, set()) or self.shrink(cell, [], self.basis())
                found.append((_Candidate([cell], support), cells))
        if not found:
            several = sorted(self._several_clues(), key=lambda c: c.key(0))
            found = [(c, []) for c in several[:1]]
        found.sort(key=lambda x: x[0].key(0))
        steps = []
        taken: set[int] = set()
        for best, others in found:
            rep = best.marks[0]
            if rep in taken:
                continue
            group = [rep] + [c for c in self._law_closure(sorted(set(others) - {rep} - taken))
                             if self._cached(c, set(best.support[0])) == best.support
                             or self.minimal_for(c, best.support)]
            best.marks = self._law_closure(group)
            taken.update(best.marks)
            steps.append(self._solver_step(best))
        return steps

    def _cached(self, cell: int, scope: set[int]) -> Support | None:
        fits = [s for s in self.supports.get(cell, ())
                if s[0] <= scope and all(c in self.known for c in s[1])]
        return min(fits, key=lambda s: (len(s[1]), len(s[0])), default=None)

    def _several_clues(self) -> list[_Candidate]:
        """Steps that need several clues: the open cells with the smallest cores under all
        clues, shrunk clues first."""
        scope = tuple(range(len(self.labels)))
        ruled_out = self.ruled_out(scope)
        base = [self.clue_guards[k] for k in scope] + self.known_guards()
        width = len(self.clue_guards)
        cores: list[tuple[int, int, int, set[int]]] = []
        for cell in self._tight_cells(ruled_out):
            if ruled_out >> cell & 1:
                continue
            if len(cores) >= FALLBACK_CELLS:
                break
            assume = [*base, self.guard(cell, not self.ref[cell])]
            other = self.solve(assume)
            if other is not None:
                w = self.witness(other)
                w[2] = w[3] = self.every_clue
                ruled_out |= w[0]
                continue
            core = self.core(assume)
            clue_count = sum(1 for k in core if k < width)
            cores.append((clue_count, len(core), cell, core))
        cores.sort(key=lambda x: x[:3])
        candidates = []
        for _, _, cell, core in cores[:SHRINK_BEST]:
            clues = [k for k in core if k < width]
            known = self.basis()
            uses = [known[k - width] for k in core if width <= k < len(base)]
            support = self.shrink(cell, clues, uses, clues_first=True)
            candidates.append(_Candidate([cell], support))
        return candidates

    def _tight_cells(self, ruled_out: int) -> list[int]:
        """The open cells that witnesses do not rule out, those of the rows and columns
        with the fewest open cells first (where a short argument is likeliest)."""
        def open_count(cell: int) -> int:
            a, b = self.cells[cell]
            return min(sum(c not in self.known for c in self.rows[(a, b[0])]),
                       sum(c not in self.known for c in self.rows[(b, a[0])]))

        cells = _bits(self.all_mask & ~self.known_mask & ~ruled_out)
        return sorted(cells, key=lambda c: (open_count(c), not self.ref[c], c))

    def _solver_step(self, best: _Candidate) -> Step:
        clues, uses = best.support
        marks = [self.mark(c, self.ref[c]) for c in best.marks]
        used = [self.mark(c, self.ref[c]) for c in sorted(uses)]
        labels = [self.labels[k] for k in sorted(clues)]
        kind = _kind(len(clues))
        text = _solver_text(self.puzzle, kind, labels, marks, used)
        return Step(marks, labels, used, kind, _level(len(clues), len(uses)), text)

    # ------------------------------------------------------------------ driving
    def apply(self, step: Step) -> None:
        for m in step.marks:
            self.learn(self.cell_of(m), m.same)

    def next_step(self) -> Step | None:
        laws = self.law_steps()
        if laws:
            return laws[0]
        steps = self.solver_steps()
        return steps[0] if steps else None

    def conflict(self, extra: Sequence[Any] = ()) -> list[int]:
        """A minimal set of clue indices that cannot hold together (with `extra` assumed)."""
        everything = list(range(len(self.clue_guards)))

        def refute(trial: list[int]) -> list[int] | None:
            assume = [self.clue_guards[k] for k in trial]
            if self.consistent([*assume, *extra]):
                return None
            keep = self.core(assume)
            return [k for pos, k in enumerate(trial) if pos in keep]

        core = refute(everything) or []
        needed: set[int] = set()
        while rest := [k for k in core if k not in needed]:
            smaller = refute([k for k in core if k != rest[0]])
            if smaller is None:
                needed.add(rest[0])
            else:
                core = smaller
        return core


def _open(model: ir.Model, backend: str, job: Deadline) -> Backend:
    """One incremental engine; "auto" asks the backend policy (SAT first for explain).
    The engine gets what is left of the job's time: its encoding (the clue switches of a
    large puzzle take seconds) and any long search stop at the job's deadline."""
    names = [backend] if backend != "auto" else candidates(model, "explain")
    error: UnsupportedFeature | None = None
    for name in names:
        # many small solves under assumptions: MiniSat 2.2 answers them fastest (see
        # mm.analysis.verify)
        options = {"engine": "minisat22"} if name == "sat" else {}
        try:
            backends.get(name, job)  # the solver library's import counts too
            return open_engine(model, name, "explain", job.remaining(), **options)
        except UnsupportedFeature as exc:
            error = exc
    raise error or UnsupportedFeature("explain: no backend can express this puzzle")


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# ---------------------------------------------------------------------------- texts

def _say(puzzle: PuzzleData, mark: Mark) -> str:
    verb = puzzle.verb_name(IS if mark.same else IS_NOT)
    return f"{mark.noun1.title} {verb} with {mark.noun2.title}"


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _law_text(puzzle: PuzzleData, kind: str, marks: list[Mark], uses: list[Mark]) -> str:
    said = _join([_say(puzzle, m) for m in marks])
    if kind == "transitivity":
        return f"{_say(puzzle, uses[0])} and {_say(puzzle, uses[1])}, so {said}."
    if len(uses) == 1:
        return f"{_say(puzzle, uses[0])}, and each noun has one partner of every type, " \
               f"so {said}."
    mark = marks[0]
    return f"Every other {mark.noun2.type.name} is ruled out for {mark.noun1.title}, " \
           f"so {said}."


def _solver_text(puzzle: PuzzleData, kind: str, labels: list[str], marks: list[Mark],
                 uses: list[Mark]) -> str:
    said = _join([_say(puzzle, m) for m in marks])
    names = [clue_label(label) or f"clue {label!r}" for label in labels]
    given = f" given that {_join([_say(puzzle, m) for m in uses])}" if uses else ""
    if kind == "grid":
        return f"The grids allow nothing else{given}: {said}."
    reason = _join(names)
    reason = reason[0].upper() + reason[1:]
    if kind == "case split":
        reason = f"Trying the cases of {_join(names)}"
    return f"{reason}{given}: {said}."


# ---------------------------------------------------------------------------- public

def explain(puzzle: PuzzleData, backend: str = "auto",
            time_limit: float | None = None) -> Explanation:
    """The steps that fill the grids, cheapest first (see the module docstring)."""
    start = time.perf_counter()
    result = Explanation(puzzle, "time limit")
    try:
        ex = _Explainer(puzzle, backend, time_limit)
        first = ex.solve(ex.clue_guards)
        if first is None:
            result.status = "no solution"
            result.conflict = [ex.labels[k] for k in ex.conflict()]
        else:
            ex.set_reference(first)
            result.status = _run(ex, result.steps)
    except TimeLimitReached:
        result.status = "time limit"
    result.seconds = time.perf_counter() - start
    return result


def _run(ex: _Explainer, steps: list[Step]) -> str:
    while ex.known_mask != ex.all_mask:
        ex.check_time()
        laws = ex.law_steps()
        if laws:
            for step in laws:
                steps.append(step)
                ex.apply(step)
            continue
        found = ex.solver_steps()
        if not found:
            return "not unique"
        for step in found:
            steps.append(step)
            ex.apply(step)
    return "not unique" if ex.values_open() else "complete"


def hint(puzzle: PuzzleData, marks: Iterable[Mark | tuple], backend: str = "auto",
         time_limit: float | None = None) -> Hint:
    """Check a partly filled grid: the marks that contradict the puzzle, else the next
    cheapest step from these marks."""
    given = [as_mark(puzzle, m, f"marks[{k}]") for k, m in enumerate(marks)]
    with naming_the_limit(time_limit):
        return _hint(puzzle, given, backend, time_limit)


def _hint(puzzle: PuzzleData, given: list[Mark], backend: str,
          time_limit: float | None) -> Hint:
    ex = _Explainer(puzzle, backend, time_limit)
    if ex.solve(ex.clue_guards) is None:
        return Hint([], None, "no solution")
    cells = [(ex.cell_of(m), m.same) for m in given]
    wrong = []
    for mark, (cell, same) in zip(given, cells, strict=True):
        g = ex.guard(cell, same)
        if ex.solve([*ex.clue_guards, g]) is None:
            wrong.append((mark, [ex.labels[k] for k in ex.conflict([g])]))
    guards = [ex.guard(c, v) for c, v in cells]
    reference = None if wrong else ex.solve([*ex.clue_guards, *guards])
    if not wrong and reference is None:  # each fits a solution, but not all of them at once
        ex.solve([*ex.clue_guards, *guards])
        clash = ex.core([*ex.clue_guards, *guards])
        width = len(ex.clue_guards)
        labels = [ex.labels[k] for k in sorted(clash) if k < width]
        wrong = [(given[k - width], labels) for k in sorted(clash) if k >= width]
    if wrong:
        return Hint(wrong, None)
    assert reference is not None
    ex.set_reference(reference)
    for cell, same in cells:
        ex.learn(cell, same)
    if ex.known_mask == ex.all_mask:
        return Hint([], None, "not unique" if ex.values_open() else "complete")
    step = ex.next_step()
    return Hint([], step, "ok" if step is not None else "not unique")
