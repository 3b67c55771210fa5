"""Puzzle families for bench_peers.py, as one solver-neutral clue list (`Spec`) that every
tool reads: the same clues go to mm and to each peer, so the race is clue list to answer.

A clue is ("all", atoms) or ("any", atoms); an atom is (positive, link, a, b) with a and b
nouns as (type index, noun index) and `links[link]` = (type L, D): the atom holds when
slot(b, L) - slot(a, L) is in D, slot(x, L) being the index of the type-L noun on x's row.
Link 0 is "with" (type 0, D = {0}). Every SmartLink but has_ratio has this form.
"""

from __future__ import annotations

import pickle
import random
from dataclasses import dataclass, field
from pathlib import Path

import mm
from mm import ir
from mm.analysis.compile import compile_puzzle

CACHE = Path(__file__).parent / ".cache"
Ref = tuple[int, int]
Atom = tuple[bool, int, Ref, Ref]


@dataclass
class Spec:
    family: str
    size: str
    types: int
    nouns: int
    links: list[tuple[int, frozenset[int]]]
    clues: list[tuple[str, tuple[Atom, ...]]] = field(default_factory=list)

    @property
    def cells(self) -> int:
        return self.types * self.nouns


# --------------------------------------------------------------------------- checking
def slot(rows: list[list[int]], ref: Ref, link_type: int) -> int:
    """Index of the noun of `link_type` on ref's row (rows[t][i]: row of noun i of type t)."""
    t, i = ref
    if t == link_type:
        return i
    return rows[link_type].index(rows[t][i])


def atom_holds(spec: Spec, rows: list[list[int]], atom: Atom) -> bool:
    positive, k, a, b = atom
    link_type, diffs = spec.links[k]
    return (slot(rows, b, link_type) - slot(rows, a, link_type) in diffs) == positive


def satisfies(spec: Spec, rows: list[list[int]]) -> bool:
    """An independent check of an answer: plain Python over the clue list."""
    if sorted(rows[0]) != list(range(spec.nouns)):
        return False
    if any(sorted(r) != list(range(spec.nouns)) for r in rows):
        return False
    for op, atoms in spec.clues:
        truths = (atom_holds(spec, rows, atom) for atom in atoms)
        if not (all(truths) if op == "all" else any(truths)):
            return False
    return True


# --------------------------------------------------------------------------- families
def _link_pool(n: int) -> list[tuple[int, frozenset[int]]]:
    """The links of mm.generate: with, next to, left of, directly left of (over the first
    type) and before (over the second)."""
    later = frozenset(range(1, n))
    return [(0, frozenset({0})), (0, frozenset({-1, 1})), (0, later), (0, frozenset({1})),
            (1, later)]


def _hidden(types: int, n: int, rng: random.Random) -> list[list[int]]:
    return [list(range(n))] + [rng.sample(range(n), n) for _ in range(1, types)]


def _key(atom: Atom) -> tuple:
    positive, k, a, b = atom
    return (positive, k, min(a, b), max(a, b)) if k == 0 else atom


def _dense(types: int, n: int, seed: int, hard: bool) -> Spec:
    """2*T*N distinct true facts about a hidden solution. Easy: true "IS" facts drawn
    uniformly, three in four of them "with" (two nouns of one row), the rest a link that
    holds; most rows are tied together, so propagation does most of the work. Hard: the
    kind (link, IS or IS NOT) is drawn first and the fact is kept only if true, so "with"
    facts are rare and "before"/"not" facts many."""
    rng = random.Random(seed)
    rows = _hidden(types, n, rng)
    links = _link_pool(n)
    spec = Spec("hard" if hard else "easy", f"{types}x{n}", types, n, links)
    seen: set[tuple] = set()
    target = 2 * types * n
    tries = 0
    while len(spec.clues) < target and tries < 200 * target:
        tries += 1
        if not hard and rng.random() < 0.75:
            r = rng.randrange(n)
            t1, t2 = rng.sample(range(types), 2)
            atom: Atom = (True, 0, (t1, rows[t1].index(r)), (t2, rows[t2].index(r)))
        else:
            k = rng.randrange(len(links)) if hard else rng.randrange(1, len(links))
            link_type = links[k][0]
            t1, t2 = rng.sample(range(types), 2)
            a, b = (t1, rng.randrange(n)), (t2, rng.randrange(n))
            if k != 0 and a[0] == link_type and b[0] == link_type:
                continue
            positive = rng.random() < 0.5 if hard else True
            if atom_holds(spec, rows, (True, k, a, b)) != positive:
                continue
            atom = (positive, k, a, b)
        if _key(atom) in seen:
            continue
        seen.add(_key(atom))
        spec.clues.append(("all", (atom,)))
    return spec


# with, next to, left of, directly left of, before: weak links ("left of", "before") rule
# out the counterexample while saying little, and a puzzle of many of them grows dense
LINK_WEIGHTS = (0.45, 0.15, 0.1, 0.2, 0.1)


def _separating(spec: Spec, rows: list[list[int]], other: list[list[int]],
                rng: random.Random, seen: set[tuple]) -> Atom:
    """A new fact, true of the hidden solution `rows` and false of `other`: drawn like
    mm.generate's minimal puzzles (positive facts, the links that pin a noun down most
    often: LINK_WEIGHTS; one in twenty negated) about a noun that `other` places elsewhere,
    so each one rules `other` out."""
    n = spec.nouns
    moved = [(t, i) for t in range(1, spec.types) for i in range(n)
             if other[t][i] != rows[t][i]]
    for _ in range(200):
        a = rng.choice(moved)
        t2 = rng.choice([t for t in range(spec.types) if t != a[0]])
        k = rng.choices(range(len(spec.links)), LINK_WEIGHTS)[0]
        if k != 0 and a[0] == spec.links[k][0] == t2:
            continue
        positive = rng.random() >= 0.05
        flip = rng.random() < 0.5
        fits = []
        for j in range(n):
            atom: Atom = (positive, k, (t2, j), a) if flip else (positive, k, a, (t2, j))
            if (_key(atom) not in seen and atom_holds(spec, rows, atom)
                    and not atom_holds(spec, other, atom)):
                fits.append(atom)
        if fits:
            return rng.choice(fits)
    # always separates: `a` is "with" the first-type noun of its hidden row, which `other`
    # moved away from it
    a = moved[0]
    return (True, 0, a, (0, rows[a[0]][a[1]]))


def _until_unique(types: int, n: int, seed: int) -> Spec:
    """Clues added until the solution is unique, at any size (mm.generate(minimal=True)
    takes minutes from 10x30 up): a hidden solution, then facts true of it, each drawn to
    rule out the other solution the solver found last, on one incremental solver (the
    hand-written PySAT model of peer_tools, MiniSat) with the hidden solution blocked under
    an assumption. No clue is removed afterwards, so the puzzle is minimal-like (sparse:
    about one fact per cell or fewer, every fact needed when it was added), not minimal."""
    rng = random.Random(seed)
    rows = _hidden(types, n, rng)
    spec = Spec("minimal", f"{types}x{n}", types, n, _link_pool(n))
    add_until_unique(spec, rows, rng, set())
    return spec


def add_until_unique(spec: Spec, rows: list[list[int]], rng: random.Random,
                     seen: set[tuple]) -> None:
    """Facts added to `spec` until `rows` is its only solution, each ruling out the other
    solution found last (`seen`: the keys of the facts it has, kept up to date)."""
    from peer_tools import _Cnf  # the pinned CNF (peer_tools imports this module)
    from pysat.solvers import Solver

    cnf = _Cnf(spec)
    others = cnf.new()  # assumed: "not the hidden solution"
    with Solver(name="minisat22", bootstrap_with=cnf.clauses) as solver:
        solver.add_clause([-others, *cnf.blocking(rows)])
        loaded = len(cnf.clauses)
        while solver.solve(assumptions=[others]):
            other = cnf.rows({v for v in solver.get_model() if v > 0})
            atom = _separating(spec, rows, other, rng, seen)
            seen.add(_key(atom))
            spec.clues.append(("all", (atom,)))
            cnf.post(atom, [])
            solver.append_formula(cnf.clauses[loaded:])
            loaded = len(cnf.clauses)


def from_puzzle(puzzle: mm.Puzzle, family: str, size: str) -> Spec:
    """The clue list of an mm puzzle (facts and the rules an English puzzle makes: and/or
    of relations), read from mm's solver-neutral model."""
    model = compile_puzzle(puzzle)
    n = model.size
    links = []
    for table in model.tables:
        diffs = table.differences(n)
        if diffs is None:
            raise ValueError(f"{puzzle.name}: a link that is not a difference link")
        links.append((table.type, diffs))
    spec = Spec(family, size, model.num_types, n, links)

    def atom(cond: ir.Cond) -> Atom:
        positive = not isinstance(cond, ir.Not)
        rel = cond if positive else cond.x
        if not isinstance(rel, ir.Rel):
            raise ValueError(f"{puzzle.name}: clue {cond} is not a relation")
        return (positive, rel.table, rel.a, rel.b)

    for _origin, cond in model.constraints:
        if isinstance(cond, ir.Const):
            if not cond.value:
                raise ValueError(f"{puzzle.name}: a clue that is always false")
            continue
        negated = isinstance(cond, ir.Not) and isinstance(cond.x, ir.And | ir.Or)
        inner = cond.x if negated else cond
        if isinstance(inner, ir.And | ir.Or):
            atoms = [atom(x) for x in inner.xs]
            if negated:
                atoms = [(not p, k, a, b) for p, k, a, b in atoms]
            op = "all" if isinstance(inner, ir.And) != negated else "any"
            spec.clues.append((op, tuple(atoms)))
        else:
            spec.clues.append(("all", (atom(cond),)))
    return spec


def _reasoning_gym(count: int, seed: int) -> list[Spec]:
    """The same reasoning-gym sample as benchmarks/zebra_jsonl.py (one sampler for both)."""
    from zebra_jsonl import puzzles

    from mm.formats.english import english_puzzle

    return [from_puzzle(english_puzzle(p["input"]), "rg", f"{p['attributes']}x{p['people']}")
            for p in puzzles(count, seed)]


FAMILIES = ("easy", "hard", "minimal", "generate", "einstein", "rg")
SIZES = ("5x5", "6x8", "8x10", "10x30", "12x50", "15x80", "20x100", "30x200")
MINIMAL_UP_TO_CELLS = 300  # mm.generate(minimal=True): 10x30 takes about 25 s of CPU (cached);
# above, clues added until unique (_until_unique), minimal-like but not minimal, up to
# 20x100. At 30x200 it was stopped twice: after 17 minutes of CPU (session 8), and in
# session 9, drawing a fact per 20 moved nouns of each counterexample, at 7.5 GB (the pinned
# CNF it runs on) after 7.5 minutes, short of its 20th round; so there is no such puzzle
MINIMAL_MAX_CELLS = 2000
GENERATE_UP_TO_CELLS = 600  # non-minimal mm.generate made here up to 12x50; larger ones are
# read from benchmarks/data, where benchmarks/fixtures.py stores them (seed 7: 15x80 8 s of
# CPU, 20x100 21 s, 30x200 290 s)


def specs(family: str, size: str, seed: int = 7) -> list[Spec] | None:
    """The puzzles of one benchmark cell (cached in benchmarks/.cache), or None when the
    family has no puzzle of that size."""
    if family == "einstein":
        if size != "6x5":
            return None
    elif family == "rg":
        if size != "rg100":
            return None
    elif size in ("6x5", "rg100"):
        return None
    path = CACHE / f"{family}_{size}_s{seed}.pickle"
    if path.exists():
        return pickle.loads(path.read_bytes())
    out = _make(family, size, seed)
    if out is not None:
        CACHE.mkdir(exist_ok=True)
        path.write_bytes(pickle.dumps(out))
    return out


def _make(family: str, size: str, seed: int) -> list[Spec] | None:
    if family == "einstein":
        return [from_puzzle(mm.load("einstein"), family, size)]
    if family == "rg":
        return _reasoning_gym(100, seed)
    types, n = (int(v) for v in size.split("x"))
    if family in ("easy", "hard"):
        return [_dense(types, n, seed, hard=family == "hard")]
    if family == "minimal":
        if types * n > MINIMAL_MAX_CELLS:
            return None
        if types * n > MINIMAL_UP_TO_CELLS:
            return [_until_unique(types, n, seed)]
        return [from_puzzle(mm.generate(types, n, seed=seed), family, size)]
    if family == "generate":
        stored = Path(__file__).parent / "data" / f"gen_{types}x{n}_s{seed}.py"
        if types * n > GENERATE_UP_TO_CELLS and not stored.exists():
            return None  # not stored: python benchmarks/fixtures.py 30x200 makes one
        puzzle = mm.load(str(stored)) if stored.exists() else \
            mm.generate(types, n, seed=seed, minimal=False)
        return [from_puzzle(puzzle, family, size)]
    raise ValueError(f"unknown family {family!r} (choose from {', '.join(FAMILIES)})")
