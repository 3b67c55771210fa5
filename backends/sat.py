"""PySAT backend: the puzzle as CNF on one incremental SAT solver.

Encoding
--------
* ``at(t, i, r)``: noun i of type t (t >= 1) stands on row r. Exactly one row per noun and
  one noun per row, through PySAT's cardinality encodings (pairwise for small types, where
  it is smaller, else a sequential counter written out here).
* ``slot(x, L, a)``: x is with noun a of type L. It is ``at`` itself when L or x is the
  first type, a constant when x has type L, else an auxiliary ``P`` with
  ``P <-> OR_r (at(x, r) & at(a, r))`` (2 clauses per row).
* A link fact ``x IS link y`` over type L whose table is interval-shaped (each a relates
  to a run low(a)..high(a) of b, both ends rising with a: less than, directly before, and
  their complements) becomes binary clauses on order literals ``ge(x, L, k)`` ("x is with
  a noun of L of index >= k"): ``ge(x,a) -> ge(y,low(a))`` and ``not ge(x,a+1) -> not
  ge(y,high(a)+1)``. These propagate in both directions, which cut the 12x50 search time
  in half. ``ge`` is an exact ladder when x or L is the first type, else defined from the
  shared per-row ladders of L in the direction its use needs.
* Any other table: for each a, ``slot(x,a) -> OR_{b:(a,b) in link} slot(y,b)``, plus the
  converse supports where slots are free (links over the first type); IS_NOT uses the
  complement. A reified relation posts both a table and its complement under a guard, so
  its literal is equivalent to it.
* Rule nodes: Tseitin for not/and/or/iff; cardinality through PySAT's CardEnc, reified with
  selector literals.
* A repeating type has ``at(t, i, r)`` for its own nouns i with exactly one noun per row and
  no limit per noun; ``count(noun)`` reads an exact unary counter over its rows (a
  sequential counter whose outputs are equivalent to "on at least c rows").
* A model whose encoding would pass MAX_CLAUSES (about 2 GB inside MiniSat) is refused with
  UnsupportedFeature; where the reads of a noun's index in a type other than the first (n^2
  clauses each) alone would pass it, they are defined lazily instead (sat_lazy).
Blocking clauses use the ``at`` literals only, so each solution is returned once whatever
the auxiliary variables do.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver, SolverNames

from mm import ir
from mm.backends.base import Backend, gc_paused, interrupter
from mm.backends.sat_lazy import LazyReads
from mm.errors import BackendUnavailable, PuzzleError, UnsupportedFeature

# MiniSat 2.2, with or without a time limit: on the puzzles of benchmarks/bench_peers.py it
# answered faster than CaDiCaL 1.9.5 (the earlier default) in every family (CPU time,
# minimal 8x10 21 against 28 ms, minimal 10x30 uniqueness 0.55 against 1.17 s, hard-dense
# 12x50 1.6 against 2.9 s; only easy-dense 12x50 was slower, 1.1 against 0.7 s, a puzzle
# `auto` gives to CP-SAT), with a smaller peak memory, and PySAT can interrupt it at once.
# CaDiCaL, when chosen, is stopped between slices of conflicts.
DEFAULT_ENGINE = "minisat22"
DEFAULT_TIMED_ENGINE = "minisat22"
FIRST_SLICE = 2000  # conflicts of the first try of every call: most end well within it
SLICE = 2000  # conflicts between two looks at the clock and Ctrl-C (CaDiCaL), at first
# a slice that ends sooner than this doubles the next one: every call into CaDiCaL costs
# (2000-conflict slices made a minimal 10x30 uniqueness proof 1.4x slower), while Ctrl-C
# and the clock are still looked at about this often
SLICE_SECONDS = 0.2
_PAIRWISE_UP_TO = 5
CONFLICTS_UP_TO = 3  # tables ruling out at most this many pairs per slot: binary clauses
MAX_CASES = 200_000  # combinations of noun positions (and values) one comparison may read
MAX_DOMAIN = 256  # largest placeholder domain the one-hot value encoding takes
EXACT_BELOW = 100  # approximate counts: below this many solutions, enumerate them exactly
COUNT_HERE_UP_TO = 20_000  # clauses counted in this process when there is no time limit
LOAD_CHUNK = 50_000  # clauses loaded into the solver between two looks at the clock
# clauses held as Python lists before the build starts loading them into the solver as it
# goes: a held clause costs ~160 bytes (hard-dense 20x100: 13 million clauses, 2.1 GB,
# held while MiniSat's own copy was made, peak 2.7 GB); smaller models are held whole, so
# counting reads them and a model that is only counted never makes a solver
STREAM_FROM = 200_000
# clauses the encoding may hold, about 2 GB inside MiniSat (hard-dense 30x200: 151 million
# clauses took 6.5 GB, 43 bytes a clause): a larger model is refused, named and sized, when
# the build reaches it, rather than running the machine out of memory minutes later; where a
# cheap lower bound (_indexed_nouns) says the n^2-per-noun reads alone pass it, those are
# defined lazily instead (sat_lazy)
MAX_CLAUSES = 45_000_000


def engines() -> list[str]:
    """The SAT engines PySAT offers here (names for `engine=`)."""
    return sorted(k for k in vars(SolverNames) if not k.startswith("_"))


def _clause_loader(solver: Solver) -> Callable[[list[list[int]]], None]:
    """Adds a list of clauses to a solver not yet queried. For MiniSat, straight into
    PySAT's C call, mapped over the list: its Python wrapper (add_clause, looped over by
    append_formula) was a fifth of the time to load a minimal 8x10 puzzle (8.5 against
    6.8 ms for 6,400 clauses), most of what SAT lost to CP-SAT there, and a Python call per
    clause around the C call another tenth of a large load (hard-dense 12x50, a million
    clauses). Other engines go through PySAT's own append_formula."""
    inner: Any = getattr(solver, "solver", None)
    handle = getattr(inner, "minisat", None)
    if type(inner).__name__ != "Minisat22" or handle is None:
        return solver.append_formula
    import pysolvers  # type: ignore[import-not-found]  # PySAT's C module, loaded already

    add_cl = pysolvers.minisat22_add_cl

    def add(clauses: list[list[int]]) -> None:
        # every clause, even past a conflict (each call makes the variables it names)
        if False in list(map(add_cl, itertools.repeat(handle), clauses)):
            inner.status = False  # what PySAT's add_clause records: the clauses conflict

    return add


class SatBackend(Backend):
    name = "sat"
    options = ("engine",)
    stream_from: int | None = STREAM_FROM  # None: every clause held until the solver starts
    max_clauses: int = MAX_CLAUSES
    # the costly reads' clauses (a lower bound) past which they are defined lazily (sat_lazy)
    lazy_reads_from: int = MAX_CLAUSES

    def __init__(self, model: ir.Model, time_limit: float | None = None,
                 engine: str | None = None, **options: Any):
        super().__init__(model, time_limit, **options)
        if engine is None:
            engine = DEFAULT_ENGINE if time_limit is None else DEFAULT_TIMED_ENGINE
        if engine not in engines():
            raise PuzzleError(f"sat: unknown engine '{engine}' (choose from "
                              f"{', '.join(engines())})")
        for t, domain in model.placeholders.items():
            if len(domain) > MAX_DOMAIN:
                raise UnsupportedFeature(
                    f"sat: placeholder type '{model.type_names[t]}' has a domain of "
                    f"{len(domain)} values; the SAT backend encodes at most {MAX_DOMAIN} "
                    "(use backend='cpsat')")
        self.engine = engine
        self.n = model.size
        self.pool = IDPool()
        self.true = self.pool.id("true")
        # clauses not yet in the solver: all of them until the model outgrows STREAM_FROM
        self.clauses: list[list[int]] = [[self.true]]
        self.solver: Solver | None = None
        # the solver has answered a query (so the model can no longer be counted); clauses
        # added since are held too and loaded in bulk before the next query (through
        # PySAT's add_clause one by one they took 1.3 s of 8.6 generating 15x80)
        self._started = False
        self._lit: dict[ir.Cond, int] = {}
        # same-row literals by (x, type, y), and order ladders by ("order", ref, type)
        self._pair: dict[tuple, tuple[Any, set[int]]] = {}
        self._slot_lists: dict[tuple[ir.NounRef, int, int], list[int]] = {}
        self._succ: dict[Any, tuple[frozenset, Any]] = {}  # per table, by id (kept alive)
        self._complements: dict[int, frozenset[tuple[int, int]]] = {}
        self._ladders: dict[tuple, list[int]] = {}
        # past the size limit, the reads of a noun's index in a type other than the first
        # (n^2 clauses each) are defined lazily, pair by pair, as queries need (sat_lazy)
        indexed = self._indexed_nouns()
        self._lazy = LazyReads(self) \
            if indexed * self.n * (self.n - 1) > self.lazy_reads_from else None
        # one literal per noun and row, n^2 a type, before any clause (--nouns 100000)
        self._refuse_if_large(model.num_types * self.n * self.n,
                              f": {model.num_types} types of {self.n:,} nouns need "
                              "n^2 position literals each")
        self._at: list[list[list[int]]] = [
            [[self.true if r == i else -self.true for r in range(self.n)]
             for i in range(self.n)]]
        self._values: dict[int, list[list[int]]] = {}  # placeholder value literals
        self._loaded = 0  # clauses already in the solver (a streamed build)
        with gc_paused():
            self._build()
        self._built = (len(self.clauses), self.pool.top)  # held clauses and variables then

    def _build(self) -> None:
        """The position matrix, placeholder values and every constraint of the model."""
        model = self.model
        for t in range(1, model.num_types):
            size = model.count(t)
            # numbered as the pool would (IDPool.id per literal took 2.7 us, 1.9 ms of a
            # minimal 8x10 build), without its name-to-number table, which nothing reads
            first = self.pool.top + 1
            self.pool.top += size * self.n
            grid = [list(range(first + i * self.n, first + (i + 1) * self.n))
                    for i in range(size)]
            self._at.append(grid)
            if t not in model.repeats:
                for i in range(self.n):
                    self._exactly_one(grid[i])
            for r in range(self.n):
                self._exactly_one([grid[i][r] for i in range(size)])
            self._stream()
        for t, domain in model.placeholders.items():
            self._placeholder_values(t, domain)
        for _origin, cond in model.constraints:
            self.tick()
            self._post(cond)
            self._refuse_if_large(len(self.clauses) + self._loaded)
            self._stream()

    def _indexed_nouns(self) -> int:
        """How many (noun, type) pairs the encoding will read "the index of the type-t noun
        on this noun's row" for, t and the noun's type not the first: each costs n(n-1)
        clauses (an order ladder or n slot literals, defined row by row), the one part of
        the encoding that grows as n^3 per type. A lower bound: one direction each."""
        model = self.model
        cheap = {0, ir.COUNT, *model.repeats}  # a repeating type's slots cost n per noun
        keys: set[tuple[ir.NounRef, int]] = set()
        for _origin, cond in model.constraints:
            for leaf in ir.leaves(cond):
                if isinstance(leaf, ir.Rel):
                    table = model.tables[leaf.table]
                    if table.type in cheap or table.is_identity(self.n):
                        continue
                    read = {(leaf.a, table.type), (leaf.b, table.type)}
                else:
                    read = ir.int_refs(leaf.a) | ir.int_refs(leaf.b)
                keys.update((ref, t) for ref, t in read
                            if t not in cheap and ref[0] not in cheap and ref[0] != t)
        return len(keys)

    def _refuse_if_large(self, clauses: int, why: str = "") -> None:
        if clauses > self.max_clauses:
            raise UnsupportedFeature(
                f"sat: this model needs over {clauses:,} clauses, about "
                f"{clauses * 43 / 1e9:.1f} GB inside the SAT solver (the limit is "
                f"{self.max_clauses:,}){why}; use backend='cpsat'")

    def _stream(self) -> None:
        """During the build: once STREAM_FROM clauses are held, load them into the solver
        (made now), so a large model is never held twice."""
        if self.stream_from is not None and len(self.clauses) >= self.stream_from:
            self._load_held()

    def _start(self) -> Solver:
        """The SAT solver, ready for queries: made on first use (so a model that is only
        counted never builds one), with every clause still held loaded into it."""
        self._started = True
        if self.solver is None or self.clauses:
            with gc_paused():
                self._load_held()
        assert self.solver is not None
        return self.solver

    def _load_held(self) -> None:
        """Load the held clauses into the solver (made if there is none), in chunks with a
        look at the clock between them: millions of clauses take seconds. Stopped part way,
        the clauses loaded are dropped from those held (a chunk cut short is loaded again
        in full next time: a clause added twice changes nothing)."""
        if self.solver is None:
            self.solver = Solver(name=self.engine)
        add = _clause_loader(self.solver)
        held = self.clauses
        start = 0
        try:
            for start in range(0, len(held), LOAD_CHUNK):
                self.tick()
                add(held[start:start + LOAD_CHUNK])
        except BaseException:
            del held[:start]
            self._loaded += start
            raise
        self._loaded += len(held)
        self.clauses = []

    # ------------------------------------------------------------------ clauses
    def _add(self, clause: list[int]) -> None:
        """Add a clause, dropping false constants and skipping satisfied ones."""
        if self.true in clause:
            return
        if -self.true in clause:
            clause = [lit for lit in clause if lit != -self.true]
        self.clauses.append(clause)

    def _exactly_one(self, lits: list[int]) -> None:
        """At least one, and at most one by pairs (small lists) or by a sequential counter
        (Sinz: 3n-4 binary clauses, n-1 auxiliaries), written here rather than through
        CardEnc: the position matrix is most of the clauses, and building them as plain
        int lists is several times faster than the encoder's round trip."""
        if self.true in lits or -self.true in lits:
            for clause in CardEnc.equals(lits, 1, vpool=self.pool,
                                         encoding=EncType.seqcounter).clauses:
                self._add(clause)
            return
        n = len(lits)
        clauses = [list(lits)]
        if n <= _PAIRWISE_UP_TO:
            clauses += [[-a, -b] for a, b in itertools.combinations(lits, 2)]
        else:
            first = self.pool.top + 1
            self.pool.top += n - 1
            s = range(first, first + n - 1)  # s[i]: one of lits[:i+1] is true
            neg = [-x for x in lits]
            clauses.append([neg[0], first])
            # for i = 1..n-2: lits[i] -> s[i], s[i-1] -> s[i], not both lits[i] and s[i-1]
            clauses += [c for i, before, here in zip(range(1, n - 1), s[:-1], s[1:], strict=True)
                        for c in ([neg[i], here], [-before, here], [neg[i], -before])]
            clauses.append([neg[n - 1], -s[n - 2]])
        self._extend(clauses)

    def _placeholder_values(self, t: int, domain: tuple[int, ...]) -> None:
        """One-hot value literals per placeholder noun; values rise with the noun index
        (so they are all different)."""
        grid = [[self.pool.id(("value", t, i, j)) for j in range(len(domain))]
                for i in range(self.n)]
        for i in range(self.n):
            self._exactly_one(grid[i])
            if i + 1 < self.n:
                for j in range(len(domain)):
                    self._add([-grid[i][j], *grid[i + 1][j + 1:]])
        self._values[t] = grid

    def _new(self) -> int:
        """A fresh auxiliary variable (the pool's top moves on; CardEnc reads it)."""
        self.pool.top += 1
        return self.pool.top

    # ------------------------------------------------------------------ slots
    def at(self, ref: ir.NounRef, r: int) -> int:
        return self._at[ref[0]][ref[1]][r]

    def slot(self, ref: ir.NounRef, t: int, a: int, polarity: int = 0) -> int:
        """Literal "ref is with noun a of type t". An auxiliary one is defined only in the
        direction its use needs (Plaisted-Greenbaum): polarity 1 where it appears positively
        (it must imply the fact), -1 negatively (the fact must imply it), 0 both."""
        rt, i = ref
        if rt == t:
            return self.true if i == a else -self.true
        if t == 0:
            return self.at(ref, a)
        if rt == 0:
            return self.at((t, a), i)
        if self._lazy is not None and self._costly(ref, t):
            return self._lazy.slot(ref, t, a)
        key = (ref, t, a)
        if key not in self._pair:
            self._pair[key] = (self._new(), set())
        lit, defined = self._pair[key]
        for direction in ((1, -1) if polarity == 0 else (polarity,)):
            if direction not in defined:
                defined.add(direction)
                self._define_same_row(lit, ref, (t, a), direction)
        return lit

    def _define_same_row(self, p: int, x: ir.NounRef, y: ir.NounRef, direction: int) -> None:
        """direction 1: p -> same row; -1: same row -> p. (x, y are not of the first type,
        so no literal here is a constant.)"""
        xs, ys = self._at[x[0]][x[1]], self._at[y[0]][y[1]]
        if direction > 0:
            self._extend([[-p, -a, b] for a, b in zip(xs, ys, strict=True)])
        else:
            self._extend([[-a, -b, p] for a, b in zip(xs, ys, strict=True)])

    def _extend(self, clauses: list[list[int]]) -> None:
        """Add clauses known to hold no constant literal."""
        self.clauses.extend(clauses)

    def _same_row(self, x: ir.NounRef, y: ir.NounRef) -> int:
        """A literal equivalent to "x and y stand on the same row"."""
        if x[0] == 0:
            return self.at(y, x[1])
        if y[0] == 0:
            return self.at(x, y[1])
        p = self._new()
        self._define_same_row(p, x, y, 1)
        self._define_same_row(p, x, y, -1)
        return p

    # ------------------------------------------------------------------ relations
    def _rel_clauses(self, rel: ir.Rel, pairs: frozenset[tuple[int, int]],
                     guard: list[int]) -> None:
        """guard -> (slot(a), slot(b)) in pairs. An interval-shaped table (each a relates to
        a run of b whose ends rise with a, like "less than" or "directly before") becomes a
        few binary clauses on order literals, which propagate both ways; any other table
        gets one support clause per slot of rel.a (and of rel.b where slots cost nothing)."""
        t = self.model.tables[rel.table].type
        bounds = self._intervals(pairs)
        if bounds is not None:
            self._interval_clauses(rel, t, bounds, guard)
            return
        forbidden = self._forbidden(pairs)
        single = rel.a[0] not in self.model.repeats and rel.b[0] not in self.model.repeats
        if single and len(forbidden) <= CONFLICTS_UP_TO * self.n:
            # few pairs ruled out (e.g. "not next to") between nouns on one row each: a
            # binary clause per pair (the same constraint when each has one slot), which
            # propagates at once, where a support clause (slot(a) -> any of the n - 2
            # allowed slots of b) waits for all of them to go (generating one 10x20
            # puzzle: 22 s instead of 323 s)
            first = self._slots(rel.a, t, -1)
            second = self._slots(rel.b, t, -1)
            for a, b in forbidden:
                self._add([*guard, -first[a], -second[b]])
            return
        successors = self._successors(pairs)
        first = self._slots(rel.a, t, -1)
        second = self._slots(rel.b, t, 1)
        for a in range(self.n):
            if first[a] == -self.true:
                continue
            self._add([*guard, -first[a], *(second[b] for b in successors[a])])
        if t == 0 or rel.a[0] == 0 and rel.b[0] == 0:
            # the converse supports are free here (no auxiliary slots) and help search
            predecessors = self._successors(self._converse(pairs))
            for b in range(self.n):
                self._add([*guard, -second[b], *(first[a] for a in predecessors[b])])

    def _converse(self, pairs: frozenset[tuple[int, int]]) -> frozenset[tuple[int, int]]:
        key = ("converse", id(pairs))
        if key not in self._succ:
            self._succ[key] = (pairs, frozenset((b, a) for a, b in pairs))
        return self._succ[key][1]

    def _forbidden(self, pairs: frozenset[tuple[int, int]]) -> list[tuple[int, int]]:
        """The pairs of slots a table rules out (cached)."""
        key = ("forbidden", id(pairs))
        if key not in self._succ:
            n = self.n
            self._succ[key] = (pairs, [(a, b) for a in range(n) for b in range(n)
                                       if (a, b) not in pairs])
        return self._succ[key][1]

    def _intervals(self, pairs: frozenset[tuple[int, int]]) -> list[tuple[int, int]] | None:
        """[(low(a), high(a))] when each a relates exactly to low(a)..high(a), both rising
        with a; an a with no partner is allowed only in a leading run (high = -1) or a
        trailing run (low = n). None for any other shape."""
        key = ("intervals", id(pairs))
        if key in self._succ:
            return self._succ[key][1]
        n = self.n
        bounds: list[Any] | None = []
        successors = self._successors(pairs)
        for a in range(n):
            run = successors[a]
            if run and run[-1] - run[0] + 1 != len(run):
                bounds = None
                break
            assert bounds is not None
            bounds.append((run[0], run[-1]) if run else (None, None))
        if bounds is not None:
            filled = [i for i, (lo, _) in enumerate(bounds) if lo is not None]
            if not filled or filled[-1] - filled[0] + 1 != len(filled):
                bounds = None  # empty, or a gap of partnerless rows in the middle
            else:
                first, last = filled[0], filled[-1]
                bounds = [(0, -1) if a < first else (n, n - 1) if a > last else bounds[a]
                          for a in range(n)]
                lows, highs = [lo for lo, _ in bounds], [hi for _, hi in bounds]
                if any(x > y for x, y in itertools.pairwise(lows)) or \
                        any(x > y for x, y in itertools.pairwise(highs)):
                    bounds = None
        self._succ[key] = (pairs, bounds)
        return bounds

    def _interval_clauses(self, rel: ir.Rel, t: int, bounds: list[tuple[int, int]],
                          guard: list[int]) -> None:
        """x >= a -> y >= low(a) and x <= a -> y <= high(a), on order literals ("index
        >= k"); a clause implied by its neighbour (same bound) is left out."""
        n = self.n
        lows, highs = [lo for lo, _ in bounds], [hi for _, hi in bounds]
        if any(lo > 0 for lo in lows):
            x_ge, y_ge = self._order(rel.a, t, -1), self._order(rel.b, t, 1)
            for a in range(n):
                if lows[a] > 0 and (a == 0 or lows[a] != lows[a - 1]):
                    self._add([*guard, -x_ge[a], y_ge[lows[a]]])
        if any(hi < n - 1 for hi in highs):
            x_ge, y_ge = self._order(rel.a, t, 1), self._order(rel.b, t, -1)
            for a in range(n):
                if highs[a] < n - 1 and (a == n - 1 or highs[a] != highs[a + 1]):
                    self._add([*guard, x_ge[a + 1], -y_ge[highs[a] + 1]])

    def _order(self, ref: ir.NounRef, t: int, polarity: int) -> list[int]:
        """Order literals ge[k] = "the type-t noun with ref has index >= k", k = 0..n
        (ge[0] true, ge[n] false). Exact ladders where ref or t is the first type;
        otherwise defined from the row ladders of type t, only in the direction its use
        needs (polarity as for slot)."""
        rt, i = ref
        n = self.n
        if rt == t:
            return [self.true if i >= k else -self.true for k in range(n + 1)]
        if t == 0:
            return self._ladder(("rows", ref), lambda: [self.at(ref, r) for r in range(n)])
        if rt == 0:
            return self._ladder(("row", t, i), lambda: [self._at[t][a][i] for a in range(n)])
        if self._lazy is not None and self._costly(ref, t):
            return self._lazy.order(ref, t)
        key = ("order", ref, t)
        if key not in self._pair:
            self._pair[key] = ([self.true, *(self._new() for _ in range(n - 1)), -self.true],
                               set())
        ge, defined = self._pair[key]
        at = self._at[rt][i]
        for direction in ((1, -1) if polarity == 0 else (polarity,)):
            if direction in defined:
                continue
            defined.add(direction)
            for r in range(n):
                row_ge = self._order((0, r), t, 0)
                if direction > 0:  # ge[k] -> the noun on ref's row has index >= k
                    self._extend([[-ge[k], -at[r], row_ge[k]] for k in range(1, n)])
                else:
                    self._extend([[ge[k], -at[r], -row_ge[k]] for k in range(1, n)])
        return ge

    def _ladder(self, key: tuple, make_one_hot: Callable[[], list[int]]) -> list[int]:
        """ge[k] <-> OR(one_hot[k:]) for an exactly-one list, k = 0..n (cached; the list is
        made only on the first call)."""
        if key not in self._ladders:
            one_hot = make_one_hot()
            n = len(one_hot)
            ge = [self.true, *(self._new() for _ in range(n - 1)), -self.true]
            clauses = []
            for k in range(1, n):
                clauses.append([-one_hot[k], ge[k]])
                if k + 1 < n:
                    clauses.append([-ge[k], one_hot[k], ge[k + 1]])
                    clauses.append([-ge[k + 1], ge[k]])
                else:
                    clauses.append([-ge[k], one_hot[k]])
            self._extend(clauses)
            self._ladders[key] = ge
        return self._ladders[key]

    def _need_full_encoding(self, task: str, advice: str = "use backend='cpsat'") -> None:
        """Refuse a task that reads the clauses themselves (not only the solutions) on a
        model whose costly reads are defined lazily (sat_lazy): they would answer for the
        clauses added so far."""
        if self._lazy is not None:
            raise UnsupportedFeature(
                f"sat: {task} needs the model encoded in full, and this one is too large "
                f"(over {self.max_clauses:,} clauses); {advice}")

    def _costly(self, ref: ir.NounRef, t: int) -> bool:
        """Does reading ref's partner in type t cost n^2 clauses (neither of them the first
        type nor repeating, and not the same type)? Those are the reads _indexed_nouns
        counts, defined lazily when the model is too large to encode them (sat_lazy)."""
        cheap = {0, *self.model.repeats}
        return ref[0] != t and ref[0] not in cheap and t not in cheap

    def _slots(self, ref: ir.NounRef, t: int, polarity: int) -> list[int]:
        """slot(ref, t, a, polarity) for every a, cached."""
        key = (ref, t, polarity)
        if key not in self._slot_lists:
            self._slot_lists[key] = [self.slot(ref, t, a, polarity)
                                     for a in range(self.model.count(t))]
        return self._slot_lists[key]

    def _counter(self, ref: ir.NounRef) -> list[int]:
        """ge[c] <-> "noun ref is on at least c rows", c = 0..n+1 (a sequential counter
        with both directions of every definition, so the outputs are exact)."""
        key = ("count", ref)
        if key not in self._ladders:
            n, true = self.n, self.true
            xs = [self.at(ref, r) for r in range(n)]
            prev = [true] + [-true] * (n + 1)  # over no rows: at least 0, nothing more
            for j, x in enumerate(xs, start=1):
                cur = [true] + [self._new() if c <= j else -true for c in range(1, n + 2)]
                for c in range(1, j + 1):
                    s, keep, up = cur[c], prev[c], prev[c - 1]
                    self._add([-keep, s])
                    self._add([-up, -x, s])
                    self._add([-s, keep, up])
                    self._add([-s, keep, x])
                prev = cur
            self._ladders[key] = prev
        return self._ladders[key]

    def _successors(self, pairs: frozenset[tuple[int, int]]) -> list[list[int]]:
        key = id(pairs)
        if key not in self._succ:
            successors: list[list[int]] = [[] for _ in range(self.n)]
            for a, b in sorted(pairs):
                successors[a].append(b)
            self._succ[key] = (pairs, successors)  # the pairs are kept alive with their id
        return self._succ[key][1]

    def _complement(self, k: int) -> frozenset[tuple[int, int]]:
        if k not in self._complements:
            every = frozenset((a, b) for a in range(self.n) for b in range(self.n))
            self._complements[k] = every - self.model.tables[k].pairs
        return self._complements[k]

    def _post_rel(self, rel: ir.Rel, positive: bool, guard: list[int]) -> None:
        table = self.model.tables[rel.table]
        pairs = table.pairs if positive else self._complement(rel.table)
        if table.is_identity(self.n):
            # the converse (b -> a) follows when each noun stands on one row, but only
            # through exactly-one; stated, it propagates at once (a minimal 10x30 puzzle:
            # 955 conflicts to solve instead of 2,987). A noun of a repeating type may
            # stand on several rows, so there only a -> b holds
            both_ways = positive and rel.a[0] not in self.model.repeats \
                and rel.b[0] not in self.model.repeats
            for r in range(self.n):
                x, y = self.at(rel.a, r), self.at(rel.b, r)
                self._add([*guard, -x, y if positive else -y])
                if both_ways:
                    self._add([*guard, -y, x])
            return
        self._rel_clauses(rel, pairs, guard)

    def _rel_literal(self, rel: ir.Rel) -> int:
        table = self.model.tables[rel.table]
        if table.is_identity(self.n):
            return self._same_row(rel.a, rel.b)
        lit = self._new()
        self._rel_clauses(rel, table.pairs, [-lit])
        self._rel_clauses(rel, self._complement(rel.table), [lit])
        return lit

    # ------------------------------------------------------------------ conditions
    def literal(self, cond: ir.Cond) -> int:
        """A literal equivalent to the condition (Tseitin)."""
        if cond in self._lit:
            return self._lit[cond]
        if isinstance(cond, ir.Const):
            lit = self.true if cond.value else -self.true
        elif isinstance(cond, ir.Rel):
            lit = self._rel_literal(cond)
        elif isinstance(cond, ir.Not):
            lit = -self.literal(cond.x)
        elif isinstance(cond, ir.And | ir.Or):
            lits = [self.literal(x) for x in cond.xs]
            sign = 1 if isinstance(cond, ir.And) else -1  # Or(xs) = not And(not xs)
            lits = [sign * x for x in lits]
            gate = self._new()
            for x in lits:
                self._add([-gate, x])
            self._add([gate, *(-x for x in lits)])
            lit = sign * gate
        elif isinstance(cond, ir.Iff):
            x, y = self.literal(cond.x), self.literal(cond.y)
            lit = self._new()
            self._add([-lit, -x, y])
            self._add([-lit, x, -y])
            self._add([lit, x, y])
            self._add([lit, -x, -y])
        elif isinstance(cond, ir.Card):
            lit = self._card_literal(cond)
        elif isinstance(cond, ir.Cmp):
            lit = self._new()
            self._cmp_clauses(cond, lit)
        else:
            raise NotImplementedError(f"sat: condition {type(cond).__name__}")
        self._lit[cond] = lit
        return lit

    def _cmp_clauses(self, cmp: ir.Cmp, lit: int | None, positive: bool = True,
                     guard: list[int] | None = None) -> None:
        """A comparison over slot numbers and known values, by cases: one clause per
        combination of the slots it reads, saying what the comparison is there. With
        lit None the comparison (or, if not positive, its negation) is required."""
        keys = sorted(ir.int_refs(cmp.a) | ir.int_refs(cmp.b))
        choices: list[list[tuple[int, tuple[int, ...]]]] = []
        for ref, t in keys:
            if t == ir.COUNT:  # "on exactly c rows" is ge[c] and not ge[c + 1]
                ge = self._counter(ref)
                choices.append([(c, (ge[c], -ge[c + 1])) for c in range(self.n + 1)])
                continue
            found = [(a, self.slot(ref, t, a, -1)) for a in range(self.model.count(t))]
            choices.append([(a, (s,)) for a, s in found if s != -self.true])
        combos = 1
        for options in choices:
            combos *= len(options)
        for _ref, t in ir.int_refs(cmp.a, True) | ir.int_refs(cmp.b, True):
            combos *= len(self.model.placeholders.get(t, (0,)))
        if combos > MAX_CASES:
            raise UnsupportedFeature(
                f"sat: a comparison reading {len(keys)} noun positions has {combos} cases "
                f"(more than {MAX_CASES}); use backend='cpsat'")
        compare = ir.COMPARE[cmp.op]
        valued = [key for key in keys if key[1] in self._values
                  and key in (ir.int_refs(cmp.a, True) | ir.int_refs(cmp.b, True))]
        for number, combo in enumerate(itertools.product(*choices)):
            if number % 256 == 0:  # a case costs up to ~0.1 ms (more when busy)
                self.tick()
            slots = {key: a for key, (a, _) in zip(keys, combo, strict=True)}
            case = [-s for _, lits in combo for s in lits]
            # the placeholder nouns whose unknown values this case reads, and their choices
            holders = sorted({(key[1], slots[key]) for key in valued})
            domains = [list(enumerate(self.model.placeholders[t])) for t, _ in holders]
            for picks in itertools.product(*domains):
                unknown = {h: v for h, (_, v) in zip(holders, picks, strict=True)}
                truth = compare(ir.evaluate(cmp.a, slots, self.model.values, unknown),
                                ir.evaluate(cmp.b, slots, self.model.values, unknown))
                full = case + [-self._values[t][a][j]
                               for (t, a), (j, _) in zip(holders, picks, strict=True)]
                if lit is None:
                    if truth != positive:
                        self._add([*(guard or ()), *full])
                else:
                    self._add([*full, lit if truth else -lit])

    def _card_clauses(self, lits: list[int], low: int, high: int) -> Iterator[list[int]]:
        """CNF of low <= sum(lits) <= high (PySAT's CardEnc; trivial bounds skipped)."""
        if low > 0:
            yield from CardEnc.atleast(lits, low, vpool=self.pool,
                                       encoding=EncType.seqcounter).clauses
        if high < len(lits):
            yield from CardEnc.atmost(lits, high, vpool=self.pool,
                                      encoding=EncType.seqcounter).clauses

    def _card_literal(self, cond: ir.Card) -> int:
        """lit <-> low <= sum <= high: lit selects the in-range encoding, and not lit
        selects one of "below low" / "above high"."""
        lits = [self.literal(x) for x in cond.xs]
        lit = self._new()
        for clause in self._card_clauses(lits, cond.low, cond.high):
            self._add([-lit, *clause])
        outside = []
        if cond.low > 0:
            below = self._new()
            outside.append(below)
            for clause in self._card_clauses(lits, 0, cond.low - 1):
                self._add([-below, *clause])
        if cond.high < len(lits):
            above = self._new()
            outside.append(above)
            for clause in self._card_clauses(lits, cond.high + 1, len(lits)):
                self._add([-above, *clause])
        self._add([lit, *outside])
        return lit

    def _post(self, cond: ir.Cond, guard: tuple[int, ...] = ()) -> None:
        """Require the condition, or with a guard [-g], require it when g is true: the
        clauses get -g added, so a guarded clue costs no reified literal."""
        clause_guard = list(guard)
        if isinstance(cond, ir.Const):
            if not cond.value:
                self._add(clause_guard)
        elif isinstance(cond, ir.Rel):
            self._post_rel(cond, True, clause_guard)
        elif isinstance(cond, ir.Not) and isinstance(cond.x, ir.Rel):
            self._post_rel(cond.x, False, clause_guard)
        elif isinstance(cond, ir.Cmp):
            self._cmp_clauses(cond, None, guard=clause_guard)
        elif isinstance(cond, ir.Not) and isinstance(cond.x, ir.Cmp):
            self._cmp_clauses(cond.x, None, positive=False, guard=clause_guard)
        elif isinstance(cond, ir.And):
            for x in cond.xs:
                self._post(x, guard)
        elif isinstance(cond, ir.Or):
            self._add([*guard, *(self.literal(x) for x in cond.xs)])
        elif isinstance(cond, ir.Card):
            lits = [self.literal(x) for x in cond.xs]
            for clause in self._card_clauses(lits, cond.low, cond.high):
                self._add([*guard, *clause])
        else:
            self._add([*guard, self.literal(cond)])

    # ------------------------------------------------------------------ solving
    def add(self, cond: ir.Cond) -> None:
        self.tick()  # generate(minimal=False) adds thousands, between two solver calls
        with gc_paused():
            self._post(cond)
        self._keep_within_limit()

    def guard(self, cond: ir.Cond) -> int:
        self.tick()
        g = self._new()
        with gc_paused():
            self._post(cond, (-g,))
        self._keep_within_limit()
        return g

    def _keep_within_limit(self) -> None:
        """After clues posted one by one (verify, explain and generate build their engine
        empty and add every clue as a guard): the size limit holds as in the build, and a
        large model is loaded as it goes rather than held whole as Python lists."""
        self._refuse_if_large(len(self.clauses) + self._loaded)
        self._stream()

    def settle(self, guard: int, on: bool) -> bool:
        self._add([guard if on else -guard])
        return True

    def projection(self) -> list[int]:
        """The variables a solution is made of (positions and placeholder values): counting
        projects onto them so auxiliary variables do not multiply the count."""
        # rows 0..n-2 of nouns 0..n-2 fix every position (exactly one per row and column)
        out = [self._at[t][i][r] for t in range(1, self.model.num_types)
               if t not in self.model.repeats
               for i in range(self.n - 1) for r in range(self.n - 1)]
        # a repeating type: every row, all nouns but the last (exactly one per row)
        out += [self._at[t][i][r] for t in sorted(self.model.repeats)
                for i in range(self.model.count(t) - 1) for r in range(self.n)]
        return out + [v for t in sorted(self._values) for row in self._values[t] for v in row]

    def model_count(self, approx: bool = False) -> int:
        """The number of solutions from a model counter, without enumerating: Ganak
        (exact, projected) or, with approx, ApproxMC (within a factor 1.8 of the true count
        with probability at least 0.8: epsilon=0.8, delta=0.2)."""
        self._need_full_encoding("counting its models")
        if self._started:
            raise PuzzleError("sat: count the model before solving it")
        every = self._every_clause()
        clauses = [c for c in every if c]
        if len(clauses) < len(every):
            return 0  # an empty clause: no solution
        projection = self.projection()
        if not projection:  # one possible assignment (e.g. one-noun repeating types): is it one?
            with Solver(name=self.engine, bootstrap_with=clauses) as solver:
                return 1 if solver.solve() else 0
        if approx:
            # Counts this small are found exactly by enumeration (ApproxMC enumerates up to
            # about 73 itself at this epsilon, and pyapproxmc 4.4 answers 1 for formulas of
            # binary equivalences, such as puzzles with two nouns per type).
            found = self._enumerate_projection(clauses, projection, EXACT_BELOW)
            if found < EXACT_BELOW:
                return found
        if self.time_limit is None and len(clauses) <= COUNT_HERE_UP_TO:
            return _count(clauses, projection, approx)
        return _count_in_child(clauses, projection, approx, self.remaining_time(),
                               self.timed_out)

    def _every_clause(self) -> list[list[int]]:
        """The whole CNF, for a counter: the held clauses, unless the build streamed some
        into the solver; then the model is encoded again with every clause held (the
        encoding is deterministic: the same clauses on the same variables), plus the
        clauses added since the build."""
        if self.solver is None:
            return self.clauses
        whole = _WholeCnf(self.model, self.remaining_time(), engine=self.engine)
        held, top = self._built
        if whole.pool.top != top:
            raise PuzzleError(f"sat: encoding the model again made {whole.pool.top} "
                              f"variables, not {top}; cannot count it")
        return whole.clauses + self.clauses[held:]

    def _enumerate_projection(self, clauses: list[list[int]], projection: list[int],
                              limit: int) -> int:
        """Solutions of the clauses, distinct on the projection, counted up to `limit`."""
        with Solver(name="minisat22", bootstrap_with=clauses) as solver:
            found = 0
            while found < limit:
                self.tick()
                satisfiable = _stoppable_solve(solver, [], self.remaining_time())
                if satisfiable is None:  # stopped at the time limit, or by Ctrl-C
                    self.tick()
                    raise KeyboardInterrupt
                if not satisfiable:
                    break
                found += 1
                true_vars = {v for v in solver.get_model() if v > 0}
                solver.add_clause([-v if v in true_vars else v for v in projection])
        return found

    def satisfiable(self, assume: Sequence[int] = ()) -> bool:
        satisfiable = self._decide(assume)
        if satisfiable is None:
            raise self.timed_out()
        return satisfiable

    def bounded_solution(self, assume: Sequence[int], conflicts: int
                         ) -> tuple[bool, ir.Assignment | None]:
        satisfiable = self._decide(assume, conflicts)
        if satisfiable is None:
            self.remaining_time()  # stopped by the time limit, not the budget: raises
            return False, None
        return True, self._solution() if satisfiable else None

    def _decide(self, assume: Sequence[int], conflicts: int | None = None) -> bool | None:
        """A query under the assumptions (None: stopped undecided, at the time limit or
        after `conflicts`): one solve, or on a model too large to encode in full, solves
        that add the definitions its solutions need (sat_lazy)."""
        if self._lazy is None:
            return self._decide_once(assume, conflicts)
        return self._lazy.decide(assume, lambda lits: self._decide_once(lits, conflicts))

    def _decide_once(self, assume: Sequence[int], conflicts: int | None = None) -> bool | None:
        """One solve under the assumptions (None: stopped undecided, at the time limit or
        after `conflicts`), Ctrl-C raised as KeyboardInterrupt, the core kept when
        unsatisfiable."""
        solver = self._start()
        left = self.remaining_time()
        try:
            if conflicts is None:
                satisfiable = self._solve(solver, list(assume), left)
            elif left is None or self.engine.startswith("cadical"):
                solver.conf_budget(conflicts)
                satisfiable = solver.solve_limited(assumptions=list(assume))
            else:  # a budget of thousands of conflicts can outlast the time limit
                solver.conf_budget(conflicts)
                satisfiable = _stoppable_solve(solver, list(assume), left)
        except Exception as exc:  # PySAT turns Ctrl-C in a native solve into its error
            if "interrupt" in str(exc).lower():
                raise KeyboardInterrupt from None
            raise
        if satisfiable is False:
            self._core = solver.get_core() if assume else []
        return satisfiable

    def next_solution(self, assume: Sequence[int] = ()) -> ir.Assignment | None:
        if not self.satisfiable(assume):
            return None
        return self._solution()

    def _solution(self) -> ir.Assignment:
        """The assignment of the solver's last model."""
        assert self.solver is not None
        # model[v - 1] is v or -v: read only the position (and value) literals
        model = self.solver.get_model()
        rows = [tuple(range(self.n))]
        for t in range(1, self.model.num_types):
            if t in self.model.repeats:  # the noun on each row
                size = self.model.count(t)
                rows.append(tuple(next(i for i in range(size) if model[self._at[t][i][r] - 1] > 0)
                                  for r in range(self.n)))
                continue
            rows.append(tuple(next(r for r, v in enumerate(self._at[t][i]) if model[v - 1] > 0)
                              for i in range(self.n)))
        for t in sorted(self._values):
            domain = self.model.placeholders[t]
            rows.append(tuple(domain[next(j for j, v in enumerate(self._values[t][i])
                                          if model[v - 1] > 0)] for i in range(self.n)))
        return tuple(rows)

    def _solve(self, solver: Solver, assume: list[int], left: float | None) -> bool | None:
        """One SAT call that a time limit and Ctrl-C can stop (None: out of time). A native
        solve does not return to Python until it ends, so: first a short call with a
        conflict budget, which answers most queries without any extra cost; if that is not
        enough, engines that PySAT can interrupt run on with a watcher thread that stops
        them at the deadline or on Ctrl-C, and CaDiCaL (which it cannot interrupt) runs on
        in slices of conflicts, the clock and Ctrl-C checked in between; a slice that ends
        within SLICE_SECONDS doubles the next, so a long search makes few calls."""
        solver.conf_budget(FIRST_SLICE)
        satisfiable = solver.solve_limited(assumptions=assume)
        if satisfiable is not None:
            return satisfiable
        if not self.engine.startswith("cadical"):
            solver.conf_budget(-1)
            return _stoppable_solve(solver, assume, left)
        budget = SLICE
        while satisfiable is None:
            started = time.monotonic()
            if self._deadline is not None and started >= self._deadline:
                return None
            solver.conf_budget(budget)
            satisfiable = solver.solve_limited(assumptions=assume)
            if time.monotonic() - started < SLICE_SECONDS:
                budget *= 2
        return satisfiable

    def last_core(self) -> list[int] | None:
        return getattr(self, "_core", None)

    def prefer(self, assignment: ir.Assignment) -> None:
        """Make the solver try this assignment's positions first (its phases): a generator
        looking for solutions close to a hidden one finds them sooner."""
        lits = [self._at[t][k][r] if t in self.model.repeats else self._at[t][r][k]
                for t in range(1, self.model.num_types) for r, k in enumerate(assignment[t])]
        self._start().set_phases(lits)

    # --- for grading (mm.analysis.grade): how much reasoning a puzzle takes
    def propagate(self, assume: Sequence[int] = ()) -> tuple[bool, list[int]]:
        """Unit propagation alone under the assumptions: (no conflict, the literals set)."""
        self._need_full_encoding("unit propagation (grading)")
        try:
            return self._start().propagate(assumptions=list(assume))
        except Exception as exc:  # PySAT's own SIGINT handler: "Caught keyboard interrupt"
            if "keyboard interrupt" in str(exc).lower():
                raise KeyboardInterrupt from None
            raise

    def position_literals(self) -> list[int]:
        """The literal "noun i of type t stands on row r", for every t >= 1, i and r."""
        return [lit for grid in self._at[1:] for row in grid for lit in row]

    def search_effort(self) -> int:
        """Decisions plus conflicts of every solve so far (the engine's own counters)."""
        stats = self._start().accum_stats() or {}
        return int(stats.get("decisions", 0)) + int(stats.get("conflicts", 0))

    def block(self, assignment: ir.Assignment) -> None:
        count = self.model.num_types
        clause = self._differing(assignment, range(1, count))
        for t, values in zip(sorted(self._values), assignment[count:], strict=True):
            domain = self.model.placeholders[t]
            clause += [-self._values[t][i][domain.index(v)] for i, v in enumerate(values)]
        self._add(clause)

    def exclude(self, assignment: ir.Assignment, types: Sequence[int],
                guard: int | None = None) -> None:
        clause = self._differing(assignment, [t for t in types if t != 0])
        self._add(clause + ([] if guard is None else [-guard]))

    def _differing(self, assignment: ir.Assignment, types: Any) -> list[int]:
        """Literals "type t is not placed as in the assignment", for each of `types`."""
        clause = []
        for t in types:
            if t in self.model.repeats:
                clause += [-self._at[t][k][r] for r, k in enumerate(assignment[t])]
            else:  # the last noun's row follows from the others'
                clause += [-self._at[t][i][row] for i, row in enumerate(assignment[t][:-1])]
        return clause

    def close(self) -> None:
        if self.solver is not None:
            self.solver.delete()
            self.solver = None

    def __del__(self) -> None:
        solver = getattr(self, "solver", None)
        if solver is not None:
            solver.delete()


def _stoppable_solve(solver: Solver, assume: list[int], seconds: float | None) -> bool | None:
    """solve_limited under the conflict budget set, stopped by `interrupter` after
    `seconds` or on Ctrl-C (None: stopped, or the budget ran out; Python raises
    KeyboardInterrupt itself when the call returns after Ctrl-C)."""
    with interrupter(solver.interrupt, seconds):
        satisfiable = solver.solve_limited(assumptions=assume, expect_interrupt=True)
    solver.clear_interrupt()
    return satisfiable


class _WholeCnf(SatBackend):
    """The SAT encoding with every clause held until a solver starts, however many
    (model counting of a model whose build streamed its clauses into the solver)."""

    stream_from = None


def _count(clauses: list[list[int]], projection: list[int], approx: bool) -> int:
    """Ganak's exact projected count, or ApproxMC's estimate (checked against the
    EXACT_BELOW solutions the caller has already seen; below that it is wrong, so the
    count is made exactly)."""
    if approx:
        try:
            import pyapproxmc
        except ImportError as exc:
            raise BackendUnavailable(f"approximate counting needs {exc.name}: pip "
                                     f"install {exc.name}") from None
        estimator = pyapproxmc.Counter(epsilon=0.8, delta=0.2)
        estimator.add_clauses(clauses)
        with _output_hidden():
            cells, hashes = estimator.count(projection)
        if cells * 2 ** hashes >= EXACT_BELOW:
            return int(cells * 2 ** hashes)
    try:
        import pyganak
    except ImportError as exc:
        raise BackendUnavailable(
            f"counting without enumeration needs {exc.name}: pip install {exc.name}") \
            from None
    counter = pyganak.Counter()
    counter.add_clauses(clauses)
    counter.set_sampling_set(projection)
    with _output_hidden():
        return int(counter.count())


@contextlib.contextmanager
def _output_hidden() -> Iterator[None]:
    """Ganak writes a log line ("c o intermediate count: 0") to the process's standard
    output itself, below Python, whatever its verbosity: it would land in `mm count
    --json`'s JSON. Point file descriptor 1 at /dev/null while it counts."""
    sys.stdout.flush()
    saved = os.dup(1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 1)
        yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)
        os.close(devnull)


def _count_and_send(conn: Any, clauses: list[list[int]], projection: list[int],
                    approx: bool) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    try:
        conn.send(("ok", _count(clauses, projection, approx)))
    except Exception as exc:  # sent back and raised there
        conn.send(("error", exc))


def _count_in_child(clauses: list[list[int]], projection: list[int], approx: bool,
                    seconds: float | None, timed_out: Callable[[], Exception]) -> int:
    """The model counters hold the GIL and cannot be interrupted, so a large count (or
    one with a time limit) runs in a child process: the parent waits in Python, where
    Ctrl-C and the clock can stop it, and then kills the child."""
    methods = multiprocessing.get_all_start_methods()
    context: Any = multiprocessing.get_context(
        "forkserver" if "forkserver" in methods else "spawn")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_count_and_send, args=(sender, clauses, projection, approx),
                            daemon=True)
    child.start()
    sender.close()
    try:
        if not receiver.poll(seconds):
            raise timed_out()
        try:
            kind, value = receiver.recv()
        except EOFError:
            raise PuzzleError(f"sat: the model counter ended without an answer (exit code "
                              f"{child.exitcode})") from None
        if kind == "error":
            raise value
        return int(value)
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receiver.close()


BACKEND = SatBackend
