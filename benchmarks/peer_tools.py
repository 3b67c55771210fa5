"""The tools bench_peers.py races: mm and the models an expert writes for each peer.

Every tool takes a clue list (`peer_families.Spec`) and a task, "solve" (one solution) or
"unique" (a solution and the proof that there is no other), and answers (status, rows):
status "solved" / "unique" / "multiple" / "none"; rows[t][i] the row of noun i of type t.
The time of a call is clue list to answer: the model is built inside the call.
CP-SAT runs with one worker everywhere (mm's default), so no tool gets more cores.
"""

from __future__ import annotations

from collections.abc import Callable

from peer_families import Atom, Spec

import mm
from mm import IS, IS_NOT, WITH, links, rules

Answer = tuple[str, list[list[int]] | None]


def _verdict(task: str, first: list[list[int]] | None, second: bool) -> Answer:
    if first is None:
        return "none", None
    if task == "solve":
        return "solved", first
    return ("multiple" if second else "unique"), first


def _intervals(diffs: frozenset[int]) -> list[tuple[int, int]]:
    """D as maximal runs lo..hi."""
    out: list[tuple[int, int]] = []
    for d in sorted(diffs):
        if out and out[-1][1] == d - 1:
            out[-1] = (out[-1][0], d)
        else:
            out.append((d, d))
    return out


def _complement(diffs: frozenset[int], n: int) -> frozenset[int]:
    return frozenset(range(1 - n, n)) - diffs


# ----------------------------------------------------------------------------- mm
_SMART = {  # difference sets of the SmartLinks the families use, for mm's own factories
    "next_to": lambda n: frozenset({-1, 1}),
    "less_than": lambda n: frozenset(range(1, n)),
    "less_by": lambda n: frozenset({1}),
    "more_by": lambda n: frozenset({-1}),
}


def _mm_link_function(diffs: frozenset[int], n: int) -> Callable:
    for name, make in _SMART.items():
        if make(n) == diffs:
            return getattr(links, name)() if name != "less_by" and name != "more_by" \
                else getattr(links, name)(1)
    return lambda a, b: b.num - a.num in diffs


def mm_puzzle(spec: Spec) -> mm.Puzzle:
    """The clue list through mm's public API, as a user writes it."""
    p = mm.Puzzle(f"{spec.family}{spec.size}", f"{spec.family} {spec.size}")
    kinds = []
    for t in range(spec.types):
        kind = p.add_noun_type(f"T{t}")
        kind.add_nouns(*(f"n{t}_{i}" for i in range(spec.nouns)))
        kinds.append(kind)
    made: list = [WITH]
    for k, (link_type, diffs) in enumerate(spec.links[1:], 1):
        made.append(p.add_link(f"link {k}", kinds[link_type],
                               _mm_link_function(diffs, spec.nouns)))

    def noun(ref):
        return kinds[ref[0]].nouns[ref[1]]

    def cond(atom: Atom):
        positive, k, a, b = atom
        c = rules.with_(noun(a), noun(b)) if k == 0 else \
            rules.related(noun(a), made[k], noun(b))
        return c if positive else rules.not_(c)

    for number, (op, atoms) in enumerate(spec.clues, 1):
        if op == "all" and len(atoms) == 1:
            positive, k, a, b = atoms[0]
            p.add_fact(str(number), noun(a), IS if positive else IS_NOT, made[k], noun(b))
        else:
            group = [cond(x) for x in atoms]
            p.add_rule(str(number), f"clue {number}",
                       rules.all_of(group) if op == "all" else rules.any_of(group))
    return p


def _mm_rows(spec: Spec, sol) -> list[list[int]]:
    rows = [list(range(spec.nouns))]
    for by_row in sol.encoded():
        rows.append([by_row.index(i) for i in range(spec.nouns)])
    return rows


def mm_tool(backend: str) -> Callable[[Spec, str], Answer]:
    def run(spec: Spec, task: str) -> Answer:
        p = mm_puzzle(spec)
        if task == "solve":
            sol = p.solve(backend=backend)
            return _verdict(task, None if sol is None else _mm_rows(spec, sol), False)
        found = list(p.solutions(limit=2, backend=backend))
        return _verdict(task, _mm_rows(spec, found[0]) if found else None, len(found) > 1)
    return run


# ----------------------------------------------------------------------------- CP-SAT
def cpsat_hand(spec: Spec, task: str) -> Answer:
    """Pinned reference model, as a CP-SAT expert writes a logic grid: an integer row per
    noun, AllDifferent per type (CP-SAT's strongest propagator for permutations), links
    over another type read through an inverse permutation and element constraints, every
    difference link as one linear expression in a domain, an "any" clue as half-reified
    alternatives. Uniqueness: solve, forbid the solution, solve again (CP-SAT is not
    incremental; this is what its documentation suggests for a second solution)."""
    from ortools.sat.python import cp_model

    n = spec.nouns
    m = cp_model.CpModel()
    pos: list[list] = [list(range(n))]
    for _ in range(1, spec.types):
        row = [m.new_int_var(0, n - 1, "") for _ in range(n)]
        m.add_all_different(row)
        pos.append(row)
    inverse: dict[int, list] = {}
    slots: dict[tuple, object] = {}

    def slot(ref, link_type):
        t, i = ref
        if t == link_type:
            return i
        if link_type == 0:
            return pos[t][i]
        if link_type not in inverse:
            inverse[link_type] = [m.new_int_var(0, n - 1, "") for _ in range(n)]
            m.add_inverse(pos[link_type], inverse[link_type])
        if t == 0:
            return inverse[link_type][i]
        if (ref, link_type) not in slots:
            s = m.new_int_var(0, n - 1, "")
            m.add_element(pos[t][i], inverse[link_type], s)
            slots[(ref, link_type)] = s
        return slots[(ref, link_type)]

    def post(atom: Atom, enforce=None):
        positive, k, a, b = atom
        link_type, diffs = spec.links[k]
        if diffs == {0}:  # together: the same row, whatever the link's type
            expr = pos[a[0]][a[1]] - pos[b[0]][b[1]]
            allowed = frozenset({0})
        else:
            expr = slot(b, link_type) - slot(a, link_type)
            allowed = diffs
        if not positive:
            allowed = _complement(allowed, n)
        if isinstance(expr, int):
            c = m.add_bool_or([]) if expr not in allowed else None
        else:
            c = m.add_linear_expression_in_domain(expr, cp_model.Domain.from_values(allowed))
        if enforce is not None and c is not None:
            c.only_enforce_if(enforce)

    for op, atoms in spec.clues:
        if op == "all":
            for atom in atoms:
                post(atom)
        else:
            choices = [m.new_bool_var("") for _ in atoms]
            for atom, b in zip(atoms, choices, strict=True):
                post(atom, b)
            m.add_bool_or(choices)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    if solver.solve(m) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return "none", None
    rows = [[int(solver.value(v)) if not isinstance(v, int) else v for v in row]
            for row in pos]
    if task == "solve":
        return "solved", rows
    differs = []
    for t in range(1, spec.types):
        for i in range(n):
            b = m.new_bool_var("")
            m.add(pos[t][i] != rows[t][i]).only_enforce_if(b)
            differs.append(b)
    m.add_bool_or(differs)
    again = cp_model.CpSolver()
    again.parameters.num_workers = 1
    return _verdict(task, rows, again.solve(m) in (cp_model.OPTIMAL, cp_model.FEASIBLE))


# ----------------------------------------------------------------------------- CNF
class _Cnf:
    """Pinned reference CNF, as a SAT expert writes a logic grid: a one-hot noun-on-row
    matrix with exactly-one per noun and per row by sequential counters (linear size);
    "with" as row-by-row binary clauses; a link over the first type whose differences form
    one run (before, directly before, and most complements) as binary clauses on order
    literals "row >= k" (ladders), which propagate both ways; other links as support
    clauses; links over another type through one-hot "x is with the k-th noun of L"
    literals; an "any" clue as selector literals."""

    def __init__(self, spec: Spec):
        from pysat.card import CardEnc, EncType

        self.spec = spec
        n = self.n = spec.nouns
        self.top = 1
        self.clauses: list[list[int]] = [[1]]  # variable 1 is true
        self.at: list[list[list[int]]] = [[[1 if r == i else -1 for r in range(n)]
                                           for i in range(n)]]
        for _ in range(1, spec.types):
            grid = [[self.new() for _ in range(n)] for _ in range(n)]
            self.at.append(grid)
            for lits in grid + [list(col) for col in zip(*grid, strict=True)]:
                enc = CardEnc.equals(lits, 1, top_id=self.top, encoding=EncType.seqcounter)
                self.top = max(self.top, enc.nv)
                self.clauses.extend(enc.clauses)
        self._ge: dict = {}
        self._onehot: dict = {}
        for op, atoms in spec.clues:
            if op == "all":
                for atom in atoms:
                    self.post(atom, [])
            else:
                selectors = [self.new() for _ in atoms]
                for atom, s in zip(atoms, selectors, strict=True):
                    self.post(atom, [-s])
                self.clauses.append(selectors)

    def new(self) -> int:
        self.top += 1
        return self.top

    def onehot(self, ref, link_type) -> list[int]:
        t, i = ref
        if t == link_type:
            return [1 if k == i else -1 for k in range(self.n)]
        if link_type == 0:
            return self.at[t][i]
        if t == 0:
            return [self.at[link_type][k][i] for k in range(self.n)]
        key = (ref, link_type)
        if key not in self._onehot:
            mine, theirs = self.at[t][i], self.at[link_type]
            lits = [self.new() for _ in range(self.n)]
            for k, s in enumerate(lits):  # s <-> OR_r (mine[r] & theirs[k][r])
                for r in range(self.n):
                    self.clauses.append([-mine[r], -theirs[k][r], s])
                    self.clauses.append([-s, -mine[r], theirs[k][r]])
            self._onehot[key] = lits
        return self._onehot[key]

    def ge(self, ref, link_type) -> list[int]:
        """ge[k] <-> slot >= k, k = 0..n (ge[0] true, ge[n] false)."""
        key = (ref, link_type)
        if key not in self._ge:
            hot = self.onehot(ref, link_type)
            n = self.n
            ge = [1] + [self.new() for _ in range(n - 1)] + [-1]
            for k in range(1, n):
                self.clauses += [[-hot[k], ge[k]], [-ge[k], hot[k], ge[k + 1]],
                                 [-ge[k + 1], ge[k]], [-hot[k - 1], -ge[k]]]
            self._ge[key] = ge
        return self._ge[key]

    def post(self, atom: Atom, guard: list[int]) -> None:
        positive, k, a, b = atom
        n = self.n
        link_type, diffs = self.spec.links[k]
        if diffs == {0}:  # together or apart, row by row
            for r in range(n):
                x, y = self.at[a[0]][a[1]][r], self.at[b[0]][b[1]][r]
                self.clauses.append([*guard, -x, y] if positive else [*guard, -x, -y])
                if positive:
                    self.clauses.append([*guard, -y, x])
            return
        allowed = diffs if positive else _complement(diffs, n)
        runs = _intervals(allowed)
        if len(runs) == 1:  # lo <= b - a <= hi on order literals, both ways
            lo, hi = runs[0]
            ga, gb = self.ge(a, link_type), self.ge(b, link_type)

            def g(lits, m):
                return 1 if m <= 0 else -1 if m >= n else lits[m]

            for x in range(n):
                if x + lo > 0:  # a >= x -> b >= x + lo
                    self.clauses.append([*guard, -ga[x], g(gb, x + lo)])
                if x + hi + 1 < n:  # a <= x -> b <= x + hi
                    self.clauses.append([*guard, ga[x + 1], -g(gb, x + hi + 1)])
            return
        xs, ys = self.onehot(a, link_type), self.onehot(b, link_type)
        for x in range(n):
            self.clauses.append([*guard, -xs[x],
                                 *(ys[x + d] for d in allowed if 0 <= x + d < n)])

    def rows(self, true: set[int]) -> list[list[int]]:
        out = [list(range(self.n))]
        for grid in self.at[1:]:
            out.append([next(r for r in range(self.n) if grid[i][r] in true)
                        for i in range(self.n)])
        return out

    def blocking(self, rows: list[list[int]]) -> list[int]:
        return [-self.at[t][i][rows[t][i]] for t in range(1, self.spec.types)
                for i in range(self.n)]


def pysat_hand(spec: Spec, task: str) -> Answer:
    """The pinned CNF on CaDiCaL 1.9.5 through PySAT, incremental: uniqueness is one more
    call after a blocking clause on the noun positions."""
    from pysat.solvers import Solver

    cnf = _Cnf(spec)
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as s:
        if not s.solve():
            return "none", None
        rows = cnf.rows({v for v in s.get_model() if v > 0})
        if task == "solve":
            return "solved", rows
        s.add_clause(cnf.blocking(rows))
        return _verdict(task, rows, s.solve())


def pycosat_tool(spec: Spec, task: str) -> Answer:
    """The same pinned CNF on PicoSAT through pycosat (not incremental: the second call
    starts again with the blocking clause added)."""
    import pycosat

    cnf = _Cnf(spec)
    model = pycosat.solve(cnf.clauses)
    if model == "UNSAT":
        return "none", None
    rows = cnf.rows({v for v in model if v > 0})
    if task == "solve":
        return "solved", rows
    return _verdict(task, rows, pycosat.solve(cnf.clauses + [cnf.blocking(rows)]) != "UNSAT")


# ----------------------------------------------------------------------------- CPMpy
def cpmpy_tool(spec: Spec, task: str) -> Answer:
    """CPMpy on its OR-Tools backend, written as its documentation writes logic grids: an
    integer row per noun, AllDifferent, links over another type through an Inverse and
    array indexing by a variable (Element); one worker."""
    import cpmpy as cp

    n = spec.nouns
    pos = [list(range(n))] + [list(cp.intvar(0, n - 1, shape=n)) for _ in range(1, spec.types)]
    model = cp.Model([cp.AllDifferent(row) for row in pos[1:]])
    inverse: dict[int, object] = {}

    def slot(ref, link_type):
        t, i = ref
        if t == link_type:
            return i
        if link_type == 0:
            return pos[t][i]
        if link_type not in inverse:
            inverse[link_type] = cp.intvar(0, n - 1, shape=n)
            model.constraints.append(cp.Inverse(cp.cpm_array(pos[link_type]),
                                                inverse[link_type]))
        return inverse[link_type][i] if t == 0 else inverse[link_type][pos[t][i]]

    def expr(atom: Atom):
        positive, k, a, b = atom
        link_type, diffs = spec.links[k]
        if diffs == {0}:
            e = pos[a[0]][a[1]] == pos[b[0]][b[1]]
        else:
            d = slot(b, link_type) - slot(a, link_type)
            parts = [(d == lo) if lo == hi else ((d >= lo) & (d <= hi))
                     for lo, hi in _intervals(diffs)]
            e = parts[0] if len(parts) == 1 else cp.any(parts)
        return e if positive else ~e

    for op, atoms in spec.clues:
        parts = [expr(x) for x in atoms]
        if op == "all":
            model.constraints.extend(parts)
        else:
            model.constraints.append(cp.any(parts))
    solver = cp.SolverLookup.get("ortools", model)
    if not solver.solve(num_workers=1):
        return "none", None
    rows = [list(range(n))] + [[int(v.value()) for v in row] for row in pos[1:]]
    if task == "solve":
        return "solved", rows
    solver += cp.any([v != rows[t][i] for t in range(1, spec.types)
                      for i, v in enumerate(pos[t])])
    return _verdict(task, rows, solver.solve(num_workers=1))


# ----------------------------------------------------------------------------- Z3
def z3_tool(spec: Spec, task: str) -> Answer:
    """Z3 as its tutorials write logic grids: an Int row per noun with bounds and
    Distinct, a link over another type through an Int slot tied to the rows by
    implications; uniqueness by a blocking clause and a second check (incremental)."""
    import z3

    n = spec.nouns
    s = z3.Solver()
    pos: list[list] = [list(range(n))]
    for t in range(1, spec.types):
        row = [z3.Int(f"p{t}_{i}") for i in range(n)]
        s.add(*(z3.And(v >= 0, v < n) for v in row), z3.Distinct(row))
        pos.append(row)
    slots: dict = {}

    def slot(ref, link_type):
        t, i = ref
        if t == link_type:
            return i
        if link_type == 0:
            return pos[t][i]
        if (ref, link_type) not in slots:
            v = z3.Int(f"s{t}_{i}_{link_type}")
            s.add(v >= 0, v < n)
            s.add(*(z3.Implies(pos[link_type][k] == pos[t][i], v == k) for k in range(n)))
            slots[(ref, link_type)] = v
        return slots[(ref, link_type)]

    def expr(atom: Atom):
        positive, k, a, b = atom
        link_type, diffs = spec.links[k]
        if diffs == {0}:
            e = pos[a[0]][a[1]] == pos[b[0]][b[1]]
        else:
            d = slot(b, link_type) - slot(a, link_type)
            parts = [(d == lo) if lo == hi else z3.And(d >= lo, d <= hi)
                     for lo, hi in _intervals(diffs)]
            e = parts[0] if len(parts) == 1 else z3.Or(parts)
        e = z3.BoolVal(bool(e)) if isinstance(e, bool) else e
        return e if positive else z3.Not(e)

    for op, atoms in spec.clues:
        parts = [expr(x) for x in atoms]
        s.add(*parts) if op == "all" else s.add(z3.Or(parts))
    if s.check() != z3.sat:
        return "none", None
    m = s.model()
    rows = [list(range(n))] + [[m.eval(v).as_long() for v in row] for row in pos[1:]]
    if task == "solve":
        return "solved", rows
    s.add(z3.Or([v != rows[t][i] for t in range(1, spec.types) for i, v in enumerate(pos[t])]))
    return _verdict(task, rows, s.check() == z3.sat)


# ----------------------------------------------------------------------------- plain CSP
def constraint_tool(spec: Spec, task: str) -> Answer:
    """python-constraint, a plain backtracking CSP solver: a row variable per noun,
    AllDifferent per type, each clue a function of the rows it reads (a link over another
    type reads that type's rows too)."""
    import constraint

    n = spec.nouns
    problem = constraint.Problem()
    names = [(t, i) for t in range(1, spec.types) for i in range(n)]
    problem.addVariables(names, list(range(n)))
    for t in range(1, spec.types):
        problem.addConstraint(constraint.AllDifferentConstraint(), [(t, i) for i in range(n)])

    def reads(atom: Atom) -> set:
        _, k, a, b = atom
        link_type = spec.links[k][0]
        out = {x for x in (a, b) if x[0] != 0}
        if link_type != 0 and spec.links[k][1] != {0}:
            out |= {(link_type, j) for j in range(n)}
        return out

    for op, atoms in spec.clues:
        variables = sorted(set().union(*(reads(x) for x in atoms)))
        if not variables:
            continue

        def check(*values, atoms=atoms, op=op, variables=variables):
            rows = [list(range(n))] + [[0] * n for _ in range(1, spec.types)]
            for (t, i), v in zip(variables, values, strict=True):
                rows[t][i] = v
            truths = (_holds_partial(spec, rows, x) for x in atoms)
            return all(truths) if op == "all" else any(truths)

        problem.addConstraint(constraint.FunctionConstraint(check), variables)
    found = []
    for solution in problem.getSolutionIter():
        found.append([list(range(n))] + [[solution[(t, i)] for i in range(n)]
                                         for t in range(1, spec.types)])
        if task == "solve" or len(found) == 2:
            break
    return _verdict(task, found[0] if found else None, len(found) > 1)


def _holds_partial(spec: Spec, rows: list[list[int]], atom: Atom) -> bool:
    """atom_holds where only the rows the atom reads are filled in."""
    positive, k, a, b = atom
    link_type, diffs = spec.links[k]
    if diffs == {0}:
        return (rows[a[0]][a[1]] == rows[b[0]][b[1]]) == positive

    def slot(ref):
        t, i = ref
        if t == link_type:
            return i
        return rows[link_type].index(rows[t][i]) if link_type else rows[t][i]

    return (slot(b) - slot(a) in diffs) == positive


TOOLS: dict[str, Callable[[Spec, str], Answer]] = {
    "mm-auto": mm_tool("auto"),
    "mm-sat": mm_tool("sat"),
    "mm-cpsat": mm_tool("cpsat"),
    "cpsat-hand": cpsat_hand,
    "pysat-hand": pysat_hand,
    "cpmpy": cpmpy_tool,
    "z3": z3_tool,
    "python-constraint": constraint_tool,
    "pycosat": pycosat_tool,
}
MM_TOOLS = ("mm-auto", "mm-sat", "mm-cpsat")
HAND = ("cpsat-hand", "pysat-hand")
REFERENCE = "cpsat-hand"
