"""The SAT backend on models too large to encode in full: the costly reads, added lazily.

Reading "the index of the type-t noun on x's row", for a noun x of neither the first type
nor t, costs n(n-1) clauses per noun (the one part of the encoding that grows as n^3 per
type): the hard-dense 30x200 puzzle of benchmarks/bench_peers.py needs 124 million of them,
about 5 GB inside MiniSat. Such a model is built with those reads as free literals (order
ladders and "with" literals), and their definitions are added lazily, a pair at a time: for
the type-t noun k on row r, two clauses per read noun x ("if k is on r and x is on r, x's
index in t is k"). Every clause added is a clause the full encoding implies, so:

* a query the clauses so far cannot satisfy has no solution at all (exact);
* a solution whose type-t nouns all stand where their pairs are defined has every read
  literal exactly defined: it is a solution of the full model (exact);
* otherwise the pairs that solution uses are added, and the query runs again: first with
  those nouns assumed where they stood (on loose puzzles, which have many solutions, that
  one search most often answers), then, if that fails, freely.

The loop ends: each round adds at least one pair, and with every pair added the model is
the full encoding. The clause limit of the backend still holds (refused past it). Measured
on hard-dense puzzles (docs/performance.md): 30x200 solved and a second solution found in
about 90 s of CPU, peak 1.5 GB.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from mm import ir

if TYPE_CHECKING:
    from mm.backends.sat import SatBackend


class LazyReads:
    """The read literals of a model built without their definitions, and the pairs (type-t
    noun, row) whose definitions have been added so far."""

    def __init__(self, backend: SatBackend):
        self.backend = backend
        self.orders: dict[tuple[ir.NounRef, int], list[int]] = {}
        self.slots: dict[tuple[ir.NounRef, int, int], int] = {}
        self.defined: set[tuple[int, int, int]] = set()  # (t, noun k of t, row r)
        self.rounds = 0  # solutions that needed more pairs (for tests and benchmarks)

    def order(self, ref: ir.NounRef, t: int) -> list[int]:
        """ge[k] = "the type-t noun with ref has index >= k", k = 0..n: a ladder (ge[k+1]
        implies ge[k]) whose steps are tied to the rows pair by pair."""
        key = (ref, t)
        if key not in self.orders:
            b = self.backend
            ge = [b.true, *(b._new() for _ in range(b.n - 1)), -b.true]
            b._extend([[-ge[k + 1], ge[k]] for k in range(1, b.n - 1)])
            self.orders[key] = ge
            self._define_known(key, self.orders)
        return self.orders[key]

    def slot(self, ref: ir.NounRef, t: int, a: int) -> int:
        """"ref is with noun a of type t", tied to the rows pair by pair."""
        key = (ref, t, a)
        if key not in self.slots:
            self.slots[key] = self.backend._new()
            self._define_known(key, self.slots)
        return self.slots[key]

    def _define_known(self, key: tuple, made: dict) -> None:
        """A literal made after pairs were defined (a rule posted late) gets them too. Cut
        short (Ctrl-C), the literal is forgotten: kept, it would be read as defined on
        pairs whose clauses it lacks (the next call makes a fresh one)."""
        ref, t = key[0], key[1]
        try:
            for t2, k, r in list(self.defined):
                if t2 == t:
                    self._define_for(ref, t, k, r)
        except BaseException:
            del made[key]
            raise

    def types(self) -> list[int]:
        """The types whose indices the lazy literals read."""
        return sorted({t for _, t in self.orders} | {t for _, t, _ in self.slots})

    def _define(self, t: int, k: int, r: int) -> None:
        """The definitions of pair (noun k of t, row r) for every read literal over t; the
        pair is noted as defined only once all of them are added (a Ctrl-C part way leaves
        it undefined, so no later solution is accepted on its strength)."""
        refs = {ref for ref, t2 in self.orders if t2 == t}
        refs |= {ref for ref, t2, a in self.slots if t2 == t and a == k}
        for ref in refs:
            self._define_for(ref, t, k, r)
        self.defined.add((t, k, r))

    def _define_for(self, ref: ir.NounRef, t: int, k: int, r: int) -> None:
        b = self.backend
        here = b._at[t][k][r]  # noun k of t is on row r
        at = b._at[ref[0]][ref[1]][r]  # ref is on row r
        ge = self.orders.get((ref, t))
        if ge is not None:
            if k >= 1:
                b._add([-here, -at, ge[k]])
            if k + 1 <= b.n - 1:
                b._add([-here, -at, -ge[k + 1]])
        lit = self.slots.get((ref, t, k))
        if lit is not None:
            b._add([-here, -at, lit])
            b._add([-here, at, -lit])

    def decide(self, assume: Sequence[int], once: Callable[[list[int]], bool | None]
               ) -> bool | None:
        """A query under `assume` (`once`: one solve of the backend, None when stopped by
        the budget or the clock): True with a solution of the full model in the solver,
        False when the full model has none, None when stopped."""
        b = self.backend
        assume = list(assume)
        while True:
            found = once(assume)
            if found is not True:
                return found
            solution = b._solution()
            placed = [(t, k, solution[t][k]) for t in self.types() for k in range(b.n)]
            missing = [pair for pair in placed if pair not in self.defined]
            if not missing:
                return True
            self.rounds += 1
            for pair in missing:
                b.tick()
                self._define(*pair)
            b._refuse_if_large(len(b.clauses) + b._loaded)
            # the nouns where they stood, now defined: on loose puzzles this answers
            found = once([*assume, *(b._at[t][k][r] for t, k, r in placed)])
            if found is not False:
                return found
