"""OR-Tools CP-SAT backend.

Encoding: one integer position per noun (the 0-based row, i.e. the first-type noun it is
with), AllDifferent per noun type, link tables as allowed-assignment (table) constraints on
the nouns' slots in the link's type, and rules as fully reified Boolean constraints (each
node's literal is equivalent to its condition, so auxiliary literals are functions of the
positions and enumeration never repeats a solution). The slot of a noun in a type other
than the first is read through that type's inverse permutation with an element constraint.
A repeating type has instead one integer per row (the index of its noun there, no
AllDifferent); a noun's slot in it is an element constraint on the noun's row.
Floor division and remainder by a constant k are one linear equation x == k*q + r with
0 <= r < k.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from typing import Any

from ortools.sat.python import cp_model

from mm import ir
from mm.backends.base import Backend, interrupter
from mm.errors import PuzzleError, TimeLimitReached, UnsupportedFeature

IntLike = Any  # cp_model.IntVar or int
Literal = Any  # cp_model.IntVar (Boolean) or its negation


class CpSatBackend(Backend):
    name = "cpsat"
    options = ("workers",)

    def __init__(self, model: ir.Model, time_limit: float | None = None, workers: int = 1,
                 **options: Any):
        super().__init__(model, time_limit, **options)
        if not isinstance(workers, int) or workers < 0:
            raise PuzzleError(f"cpsat: workers must be a non-negative int, got {workers!r}")
        self.workers = workers
        self._ctrl_c_watched = True  # by mm, in the last search (see _search)
        if ir.largest_int(model) > ir.CPSAT_INT_LIMIT:
            raise UnsupportedFeature(
                "cpsat: the puzzle uses integers beyond 64 bits (more than 2**62 in "
                "magnitude), which CP-SAT cannot hold; use backend='sat'")
        self.m = cp_model.CpModel()
        n = model.size
        self.n = n
        # pos[t][i]: row of noun i of type t; for a repeating type, pos[t][r]: noun on row r
        self.pos: list[list[IntLike]] = [list(range(n))]
        self.repeats = model.repeats
        for t in range(1, model.num_types):
            if t in self.repeats:
                self.pos.append([self.m.new_int_var(0, model.count(t) - 1, f"on_{t}_{r}")
                                 for r in range(n)])
                continue
            row = [self.m.new_int_var(0, n - 1, f"pos_{t}_{i}") for i in range(n)]
            self.m.add_all_different(row)
            self.pos.append(row)
        self._inverse: dict[int, list[cp_model.IntVar]] = {}
        self._element_templates: dict[int, Any] = {}
        self._slot: dict[tuple[ir.NounRef, int], IntLike] = {}
        self._at: dict[ir.NounRef, list[Literal]] = {}
        self._lit: dict[ir.Cond, Literal] = {}
        self._diffs: dict[tuple, Any] = {}  # per table: differences, domains, complements
        self._differs: dict[tuple[Any, int], Literal] = {}
        self._true = self.m.new_bool_var("true")
        self.m.add(self._true == 1)
        # placeholder values: distinct, rising with the noun index
        self.values: dict[int, list[cp_model.IntVar]] = {}
        for t, domain in model.placeholders.items():
            values = [self.m.new_int_var_from_domain(cp_model.Domain.from_values(domain),
                                                     f"value_{t}_{i}") for i in range(n)]
            for a, b in zip(values, values[1:], strict=False):
                self.m.add(a < b)
            self.values[t] = values
        self._terms: dict[ir.IntTerm, Any] = {}
        for _origin, cond in model.constraints:
            self.tick()
            self._post(cond)

    # ------------------------------------------------------------------ variables
    def _inv(self, t: int) -> list[cp_model.IntVar]:
        if t not in self._inverse:
            inv = [self.m.new_int_var(0, self.n - 1, f"inv_{t}_{r}") for r in range(self.n)]
            self.m.add_inverse(self.pos[t], inv)
            self._inverse[t] = inv
        return self._inverse[t]

    def _element(self, index: cp_model.IntVar, t: int, target: cp_model.IntVar) -> None:
        """target == inverse(t)[index], written into the model's proto from a template
        made once per type: add_element parses every array entry again in Python (at
        20x100, 250 elements of 100 entries took 2.3 s of a 3.4 s model build)."""
        template = self._element_templates.get(t)
        if template is None:
            probe = cp_model.CpModel()
            inv = [probe.new_int_var(0, self.n - 1, "") for _ in range(self.n)]
            probe.add_element(inv[0], inv, inv[0])
            template = probe.proto.constraints[0]
            del template.element.exprs[:]
            for var in self._inv(t):
                expr = template.element.exprs.add()
                expr.vars.append(var.index)
                expr.coeffs.append(1)
            self._element_templates[t] = template
        constraint = self.m.proto.constraints.add()
        constraint.CopyFrom(template)
        for field, var in ((constraint.element.linear_index, index),
                           (constraint.element.linear_target, target)):
            del field.vars[:]
            del field.coeffs[:]
            field.vars.append(var.index)
            field.coeffs.append(1)

    def slot(self, ref: ir.NounRef, t: int) -> IntLike:
        """Index of the noun of type t on the same row as ref (an int when fixed)."""
        rt, i = ref
        if rt == t:
            return i
        if t == 0:
            return self.pos[rt][i]
        column = self.pos[t] if t in self.repeats else self._inv(t)
        if rt == 0:
            return column[i]
        key = (ref, t)
        if key not in self._slot:
            var = self.m.new_int_var(0, self.model.count(t) - 1, f"slot_{rt}_{i}_in_{t}")
            if t in self.repeats:
                self.m.add_element(self.pos[rt][i], column, var)
            else:
                self._element(self.pos[rt][i], t, var)
            self._slot[key] = var
        return self._slot[key]

    def at(self, ref: ir.NounRef) -> list[Literal]:
        """Literals "noun ref is on row r" for every row r."""
        if ref not in self._at:
            t, i = ref
            if t == 0:
                self._at[ref] = [self._true if r == i else ~self._true for r in range(self.n)]
            elif t in self.repeats:
                self._at[ref] = [self._on_row(t, r)[i] for r in range(self.n)]
            else:
                lits = [self.m.new_bool_var(f"at_{t}_{i}_{r}") for r in range(self.n)]
                self.m.add_map_domain(self.pos[t][i], lits, 0)
                self._at[ref] = lits
        return self._at[ref]

    def _on_row(self, t: int, r: int) -> list[Literal]:
        """Literals "row r has noun i" of repeating type t, for every i (one map_domain)."""
        key = ("on", t, r)
        if key not in self._at:
            lits = [self.m.new_bool_var(f"on_{t}_{r}_{i}") for i in range(self.model.count(t))]
            self.m.add_map_domain(self.pos[t][r], lits, 0)
            self._at[key] = lits  # type: ignore[index]
        return self._at[key]  # type: ignore[index]

    def _equals(self, var: Any, value: int) -> Literal:
        """A new literal equivalent to var == value."""
        lit = self.m.new_bool_var("")
        self.m.add(var == value).only_enforce_if(lit)
        self.m.add(var != value).only_enforce_if(~lit)
        return lit

    # ------------------------------------------------------------------ relations
    def _differences(self, k: int, positive: bool) -> list[int] | None:
        """Allowed values of slot(b) - slot(a) when table k depends on that alone."""
        key = (k, positive)
        if key not in self._diffs:
            diffs = self.model.tables[k].differences(self.n)
            if diffs is not None and not positive:
                diffs = frozenset(range(1 - self.n, self.n)) - diffs
            self._diffs[key] = None if diffs is None else sorted(diffs)
        return self._diffs[key]

    def _domain(self, k: int, positive: bool) -> cp_model.Domain:
        """The allowed differences of table k as a CP-SAT domain, made once per table."""
        key = (k, positive, "domain")
        if key not in self._diffs:
            self._diffs[key] = cp_model.Domain.from_values(self._differences(k, positive))
        return self._diffs[key]

    def _complement(self, k: int) -> frozenset[tuple[int, int]]:
        """The pairs table k does not hold for, made once per table."""
        key = (k, False, "pairs")
        if key not in self._diffs:
            every = frozenset((a, b) for a in range(self.n) for b in range(self.n))
            self._diffs[key] = every - self.model.tables[k].pairs
        return self._diffs[key]

    def _post_difference(self, a: IntLike, b: IntLike, flat: list[int]) -> None:
        """b - a in the domain given as flat intervals [lo, hi, lo, hi, ...], written
        straight into the model's proto: one fact a call, and CpModel.add's expression
        parsing was half of the model build at 4,000 facts."""
        linear = self.m.proto.constraints.add().linear
        offset = 0
        for var, coeff in ((b, 1), (a, -1)):
            if isinstance(var, int):
                offset += coeff * var
            else:
                linear.vars.append(var.index)
                linear.coeffs.append(coeff)
        linear.domain.extend(v - offset for v in flat)

    def _post_rel(self, rel: ir.Rel, positive: bool) -> None:
        table = self.model.tables[rel.table]
        if table.is_identity(self.n):
            if rel.b[0] in self.repeats:  # a's row has b
                a, b = self.slot(rel.a, rel.b[0]), rel.b[1]
                if isinstance(a, int):
                    if (a == b) != positive:
                        self.m.add_bool_or([~self._true])
                    return
                self.m.add(a == b if positive else a != b)
                return
            a, b = self.pos[rel.a[0]][rel.a[1]], self.pos[rel.b[0]][rel.b[1]]
            self._post_difference(a, b, [0, 0] if positive else [1 - self.n, -1, 1, self.n - 1])
            return
        sa, sb = self.slot(rel.a, table.type), self.slot(rel.b, table.type)
        diffs = self._differences(rel.table, positive)
        if diffs is not None and not (isinstance(sa, int) and isinstance(sb, int)):
            flat = self._domain(rel.table, positive).flattened_intervals()
            self._post_difference(sa, sb, flat)
            return
        pairs = table.pairs if positive else self._complement(rel.table)
        if isinstance(sa, int) or isinstance(sb, int):
            var, allowed = _fix_one(sa, sb, pairs)
            self.m.add_linear_expression_in_domain(var, cp_model.Domain.from_values(allowed))
        else:
            self.m.add_allowed_assignments([sa, sb], sorted(pairs))

    def _rel_literal(self, rel: ir.Rel) -> Literal:
        table = self.model.tables[rel.table]
        if table.is_identity(self.n):
            if rel.a[0] == 0:
                return self.at(rel.b)[rel.a[1]]
            if rel.b[0] == 0:
                return self.at(rel.a)[rel.b[1]]
            if rel.b[0] in self.repeats:  # a's row has b
                return self._equals(self.slot(rel.a, rel.b[0]), rel.b[1])
            b = self.m.new_bool_var("")
            pa, pb = self.pos[rel.a[0]][rel.a[1]], self.pos[rel.b[0]][rel.b[1]]
            self.m.add(pa == pb).only_enforce_if(b)
            self.m.add(pa != pb).only_enforce_if(~b)
            return b
        sa, sb = self.slot(rel.a, table.type), self.slot(rel.b, table.type)
        b = self.m.new_bool_var("")
        diffs = self._differences(rel.table, True)
        if diffs is not None:
            self.m.add_linear_expression_in_domain(
                sb - sa, self._domain(rel.table, True)).only_enforce_if(b)
            self.m.add_linear_expression_in_domain(
                sb - sa, self._domain(rel.table, False)).only_enforce_if(~b)
        elif isinstance(sa, int) or isinstance(sb, int):
            var, allowed = _fix_one(sa, sb, table.pairs)
            others = [v for v in range(self.n) if v not in set(allowed)]
            self.m.add_linear_expression_in_domain(
                var, cp_model.Domain.from_values(allowed)).only_enforce_if(b)
            self.m.add_linear_expression_in_domain(
                var, cp_model.Domain.from_values(others)).only_enforce_if(~b)
        else:
            rows = [(x, y, int((x, y) in table.pairs)) for x in range(self.n)
                    for y in range(self.n)]
            self.m.add_allowed_assignments([sa, sb, b], rows)
        return b

    # ------------------------------------------------------------------ numbers
    def term(self, term: ir.IntTerm) -> Any:
        """A linear expression (or int) equal to the integer term."""
        if term in self._terms:
            return self._terms[term]
        m = self.m
        if isinstance(term, ir.IConst):
            out: Any = term.value
        elif isinstance(term, ir.ISlot):
            out = self.slot(term.ref, term.type)
        elif isinstance(term, ir.IValue):
            s = self.slot(term.ref, term.type)
            table = self.values.get(term.type) or self.model.values[term.type]
            if isinstance(s, int):
                out = table[s]
            else:
                lo, hi = ir.bounds(term, self.model)
                out = m.new_int_var(lo, hi, "")
                m.add_element(s, table, out)  # type: ignore[arg-type]
        elif isinstance(term, ir.ISum):
            out = sum(self.term(x) for x in term.xs)
        elif isinstance(term, ir.INeg):
            out = -self.term(term.x)
        elif isinstance(term, ir.ICount):
            out = sum(self.at(term.ref))
        elif isinstance(term, ir.IDiv | ir.IMod):
            x = self.term(term.x)
            if isinstance(x, int):
                out = x // term.k if isinstance(term, ir.IDiv) else x % term.k
            else:
                lo, hi = ir.bounds(term.x, self.model)
                q = m.new_int_var(lo // term.k, hi // term.k, "")
                r = m.new_int_var(0, term.k - 1, "")
                m.add(x == term.k * q + r)
                out = q if isinstance(term, ir.IDiv) else r
        elif isinstance(term, ir.IAbs):
            lo, hi = ir.bounds(term, self.model)
            out = m.new_int_var(lo, hi, "")
            m.add_abs_equality(out, self.term(term.x))
        elif isinstance(term, ir.IMul):
            a, b = self.term(term.a), self.term(term.b)
            if isinstance(a, int) or isinstance(b, int):
                out = a * b
            else:  # CP-SAT multiplies affine expressions only: a sum gets its own variable
                lo, hi = ir.bounds(term, self.model)
                out = m.new_int_var(lo, hi, "")
                m.add_multiplication_equality(out, [self._variable(a, term.a),
                                                    self._variable(b, term.b)])
        else:
            raise NotImplementedError(f"cpsat: term {type(term).__name__}")
        self._terms[term] = out
        return out

    def _variable(self, expr: Any, term: ir.IntTerm) -> cp_model.IntVar:
        """expr itself when it is a variable, else a new variable equal to it."""
        if isinstance(expr, cp_model.IntVar):
            return expr
        lo, hi = ir.bounds(term, self.model)
        var = self.m.new_int_var(lo, hi, "")
        self.m.add(var == expr)
        return var

    def _post_cmp(self, cmp: ir.Cmp, positive: bool, enforce: Any = None) -> None:
        a, b = self.term(cmp.a), self.term(cmp.b)
        op = cmp.op if positive else ir.NEGATE[cmp.op]
        if isinstance(a, int) and isinstance(b, int):
            if not ir.COMPARE[op](a, b):
                self.m.add_bool_or([~self._true] if enforce is None else [~enforce])
            return
        constraint = self.m.add(ir.COMPARE[op](a, b))  # builds a CP-SAT expression
        if enforce is not None:
            constraint.only_enforce_if(enforce)

    # ------------------------------------------------------------------ conditions
    def literal(self, cond: ir.Cond) -> Literal:
        """A literal equivalent to the condition (full reification)."""
        if cond in self._lit:
            return self._lit[cond]
        m = self.m
        if isinstance(cond, ir.Const):
            lit = self._true if cond.value else ~self._true
        elif isinstance(cond, ir.Rel):
            lit = self._rel_literal(cond)
        elif isinstance(cond, ir.Not):
            lit = ~self.literal(cond.x)
        elif isinstance(cond, ir.And | ir.Or):
            lits = [self.literal(x) for x in cond.xs]
            lit = m.new_bool_var("")
            if isinstance(cond, ir.And):
                m.add_bool_and(lits).only_enforce_if(lit)
                m.add_bool_or([~x for x in lits]).only_enforce_if(~lit)
            else:
                m.add_bool_or(lits).only_enforce_if(lit)
                m.add_bool_and([~x for x in lits]).only_enforce_if(~lit)
        elif isinstance(cond, ir.Iff):
            x, y = self.literal(cond.x), self.literal(cond.y)
            lit = m.new_bool_var("")
            m.add(x == y).only_enforce_if(lit)
            m.add(x != y).only_enforce_if(~lit)
        elif isinstance(cond, ir.Cmp):
            lit = m.new_bool_var("")
            self._post_cmp(cond, True, lit)
            self._post_cmp(cond, False, ~lit)
        elif isinstance(cond, ir.Card):
            total = sum(self.literal(x) for x in cond.xs)
            lit = m.new_bool_var("")
            m.add_linear_constraint(total, cond.low, cond.high).only_enforce_if(lit)
            outside = [v for v in range(len(cond.xs) + 1) if not cond.low <= v <= cond.high]
            m.add_linear_expression_in_domain(
                total, cp_model.Domain.from_values(outside)).only_enforce_if(~lit)
        else:
            raise NotImplementedError(f"cpsat: condition {type(cond).__name__}")
        self._lit[cond] = lit
        return lit

    def _post(self, cond: ir.Cond) -> None:
        """Require the condition, without a literal where a direct constraint exists."""
        m = self.m
        if isinstance(cond, ir.Const):
            if not cond.value:
                m.add_bool_or([~self._true])
        elif isinstance(cond, ir.Rel):
            self._post_rel(cond, True)
        elif isinstance(cond, ir.Not) and isinstance(cond.x, ir.Rel):
            self._post_rel(cond.x, False)
        elif isinstance(cond, ir.Cmp):
            self._post_cmp(cond, True)
        elif isinstance(cond, ir.Not) and isinstance(cond.x, ir.Cmp):
            self._post_cmp(cond.x, False)
        elif isinstance(cond, ir.And):
            for x in cond.xs:
                self._post(x)
        elif isinstance(cond, ir.Or):
            m.add_bool_or([self.literal(x) for x in cond.xs])
        elif isinstance(cond, ir.Card):
            m.add_linear_constraint(sum(self.literal(x) for x in cond.xs), cond.low, cond.high)
        else:
            m.add_bool_or([self.literal(cond)])

    # ------------------------------------------------------------------ solving
    def _solver(self) -> cp_model.CpSolver:
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = self.workers
        left = self.remaining_time()
        if left is not None:
            solver.parameters.max_time_in_seconds = left
        return solver

    def _search(self, solver: cp_model.CpSolver, callback: Any = None) -> Any:
        """solver.solve, stopped by `interrupter` on Ctrl-C: Python then raises
        KeyboardInterrupt itself as the call returns. So Ctrl-C is told apart from the time
        limit by the signal, not by the clock: with CP-SAT's own SIGINT handler both
        returned UNKNOWN, and a search CP-SAT ended undecided before mm's deadline (seen
        under load, hard-dense 12x50 with a 40 s limit) was reported as a Ctrl-C nobody
        pressed. Where Ctrl-C cannot be watched (the wake-up fd is taken, as in Jupyter),
        CP-SAT keeps its own handler, so Ctrl-C still stops it at once."""
        with interrupter(solver.stop_search, None) as watched:
            solver.parameters.catch_sigint_signal = not watched
            self._ctrl_c_watched = watched
            return solver.solve(self.m, callback)

    def _read(self, value: Any) -> ir.Assignment:
        rows = [tuple(int(value(v)) if not isinstance(v, int) else v for v in row)
                for row in self.pos]
        rows += [tuple(int(value(v)) for v in self.values[t]) for t in sorted(self.values)]
        return tuple(rows)

    def add(self, cond: ir.Cond) -> None:
        self.tick()
        self._post(cond)

    def guard(self, cond: ir.Cond) -> Literal:
        self.tick()  # a caller may encode thousands (explain: a switch per clue)
        g = self.m.new_bool_var("guard")
        self.m.add_implication(g, self.literal(cond))
        return g

    def settle(self, guard: Literal, on: bool) -> bool:
        self.m.add_bool_and([guard if on else ~guard])
        return True

    def next_solution(self, assume: Sequence[Literal] = ()) -> ir.Assignment | None:
        solver = self._solver()
        self.m.clear_assumptions()
        self.m.add_assumptions(list(assume))
        status = self._search(solver)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return self._read(solver.value)
        if status == cp_model.INFEASIBLE:
            by_index = {lit.index: lit for lit in assume}
            self._core = [by_index[i] for i in solver.sufficient_assumptions_for_infeasibility()
                          if i in by_index]
            return None
        if status == cp_model.UNKNOWN:
            raise self._stopped()
        if status == cp_model.MODEL_INVALID:
            raise RuntimeError(f"cpsat: invalid model: {self.m.validate()}")
        raise NotImplementedError(f"cpsat: solver status {solver.status_name(status)}")

    def _stopped(self) -> BaseException:
        """Why a search ended without an answer. Not Ctrl-C where it is watched: that
        raises KeyboardInterrupt as the search returns (`_search`). So the time limit, or a
        limit of CP-SAT's own that ended it sooner: no answer within the time given, either
        way. Where CP-SAT handled Ctrl-C itself, an early stop is taken for one."""
        now = time.monotonic()
        early = self._deadline is None or now < self._deadline - 0.05
        if early and not self._ctrl_c_watched:
            return KeyboardInterrupt()
        if self._deadline is None:
            return PuzzleError(f"the {self.name} solver stopped undecided with no time limit "
                               "(a limit of its own, such as memory)")
        if early:
            return TimeLimitReached(f"the {self.name} solver stopped undecided "
                                    f"{self._deadline - now:.1f} s before the time limit of "
                                    f"{self.time_limit:g} s")
        return self.timed_out()

    def last_core(self) -> list[Literal] | None:
        return getattr(self, "_core", None)

    def block(self, assignment: ir.Assignment) -> None:
        count = self.model.num_types
        clause = self._differing(assignment, range(1, count))
        for t, values in zip(sorted(self.values), assignment[count:], strict=True):
            clause += [self._differs_from(var, ("value", t, i), v)
                       for i, (var, v) in enumerate(zip(self.values[t], values, strict=True))]
        self.m.add_bool_or(clause)

    def exclude(self, assignment: ir.Assignment, types: Sequence[int],
                guard: Literal | None = None) -> None:
        clause = self._differing(assignment, [t for t in types if t != 0])
        self.m.add_bool_or(clause + ([] if guard is None else [~guard]))

    def _differing(self, assignment: ir.Assignment, types: Any) -> list[Literal]:
        """Literals "type t is not placed as in the assignment", for each of `types`."""
        clause = []
        for t in types:
            if t in self.repeats:
                clause += [self._differs_from(var, ("on", t, r), k)
                           for r, (var, k) in enumerate(zip(self.pos[t], assignment[t],
                                                            strict=True))]
            else:  # the last noun's row follows from the others'
                clause += [self._differs_from(self.pos[t][i], (t, i), row)
                           for i, row in enumerate(assignment[t][:-1])]
        return clause

    def _differs_from(self, var: Any, key: Any, value: int) -> Literal:
        """Literal "var != value" (the at-literals when they exist)."""
        if key in self._at:
            return ~self._at[key][value]
        full = (key, value)
        if full not in self._differs:
            lit = self.m.new_bool_var("")
            self.m.add(var != value).only_enforce_if(lit)
            self.m.add(var == value).only_enforce_if(~lit)
            self._differs[full] = lit
        return self._differs[full]

    def solutions(self, limit: int | None = None) -> Iterator[ir.Assignment]:
        """All solutions from one search; a blocking clause per solution would restart
        CP-SAT from scratch every time."""
        return self._enumerate(limit)

    def is_unique(self) -> bool:
        """One search stopped at the second solution: faster than solve, block, solve again
        (measured: easy-dense 15x80 0.34 s against 0.52 s; generated 12x50 14 s against
        26 s), since the second search does not start from scratch."""
        return sum(1 for _ in self._enumerate(2)) == 1

    def _enumerate(self, limit: int | None) -> Iterator[ir.Assignment]:
        """All solutions in one search (CP-SAT's enumerate_all_solutions), deduplicated on
        the positions as a guard (or-tools #3345: enumeration covers every variable)."""
        if limit is not None and limit <= 0:
            return iter(())
        solver = self._solver()
        self.m.clear_assumptions()
        solver.parameters.enumerate_all_solutions = True
        solver.parameters.num_workers = 1
        collector = _Collector(self, limit)
        status = self._search(solver, collector)
        if not collector.stopped and status not in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
            raise self._stopped()
        return iter(collector.found)


class _Collector(cp_model.CpSolverSolutionCallback):
    def __init__(self, backend: CpSatBackend, limit: int | None):
        super().__init__()
        self.backend = backend
        self.limit = limit
        self.seen: set[ir.Assignment] = set()
        self.found: list[ir.Assignment] = []
        self.stopped = False

    def on_solution_callback(self) -> None:
        assignment = self.backend._read(self.value)
        if assignment in self.seen:
            return
        self.seen.add(assignment)
        self.found.append(assignment)
        if self.limit is not None and len(self.found) >= self.limit:
            self.stopped = True
            self.stop_search()


def _fix_one(sa: IntLike, sb: IntLike, pairs: frozenset[tuple[int, int]]) -> tuple[Any, list]:
    """With one side fixed, the values the other side may take."""
    if isinstance(sa, int):
        return sb, sorted({b for a, b in pairs if a == sa})
    return sa, sorted({a for a, b in pairs if b == sb})


BACKEND = CpSatBackend
