"""Generate puzzles with exactly one solution, by counterexample, on one incremental solver.

Hide a random solution and block it in the solver. Ask for any other solution (a
counterexample) under the clues so far, each clue switched on by an assumption; draw clues of
the allowed kinds that are true in the hidden solution and false in the counterexample, so
each one cuts it off. When none is left, the hidden solution is the only one. The solver's
core of that last answer already drops clues that were not needed; then each remaining clue,
those that known counterexamples point at first, is switched off to see whether a
counterexample comes back (it stays) or not (it goes, with every clue outside the new
core). The result is minimal: no clue is implied by the others. With a difficulty, puzzles
are drawn with clue kinds weighted for that level and graded (mm.analysis.grade) until one
has the level asked for.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mm import ir
from mm.analysis.compile import Lowering
from mm.analysis.grade import LEVELS, grade
from mm.analysis.policy import choose_backend, open_engine
from mm.deadline import Deadline, deadline_of, naming_the_limit
from mm.errors import PuzzleError, ValidationError
from mm.generation import kinds as K
from mm.generation.themes import Category, Theme, pick, theme_for
from mm.model.question import Question
from mm.model.rules import Condition
from mm.puzzle import Puzzle

# conflicts a removal call may take in each round: a clue that needs more waits for the next
# round, after every other clue (see _minimize); the last round has no bound
REMOVAL_BUDGETS: tuple[int | None, ...] = (3, 30, 300, 3000, None)
MAX_DRAWS = 2000  # draws of a clue for one counterexample before the kinds are called too weak
# puzzles tried per difficulty request before giving up (deterministic: a count, not a clock)
MAX_ATTEMPTS = 200


class GenerationError(PuzzleError):
    """The requested puzzle cannot be made (kinds too weak, difficulty out of reach)."""


@dataclass
class Generated:
    """What one generation run produced, besides the puzzle (for steering and benchmarks)."""

    puzzle: Puzzle
    drawn: int  # clues drawn before removal
    solver_calls: int


def generate(types: int, nouns: int, seed: int | None = None, *,
             kinds: list[str] | tuple[str, ...] | str | None = None, rules: bool = False,
             difficulty: str | None = None, theme: str | Theme | None = None,
             minimal: bool = True, backend: str = "auto",
             time_limit: float | Deadline | None = None, **options: Any) -> Puzzle:
    """A new puzzle of `types` noun types (the first: houses 1..nouns) of `nouns` nouns with
    exactly one solution (its `answer`); with `minimal`, no clue is implied by the others.
    time_limit bounds the whole job, every attempt of a difficulty included
    (TimeLimitReached).

    kinds: clue kinds to draw from (mm.generation.kinds.KINDS; default the fact kinds);
    rules: add the rule kinds (SmartRules and numeric rules); difficulty: easy, medium, hard
    or fiendish (graded by mm.grade; the puzzle's `grade` attribute holds the grade); theme:
    a built-in theme name (mm.generation.themes.THEMES), a .toml/.json file, or None; backend
    and options (e.g. engine="cadical195") choose the solver. Same seed, same puzzle."""
    if not isinstance(types, int) or not isinstance(nouns, int) or types < 2 or nouns < 2:
        raise ValidationError(f"generate: need at least 2 types and 2 nouns, got {types}x{nouns}")
    deadline = deadline_of(time_limit)
    with naming_the_limit(deadline):
        allowed = K.check_kinds(kinds) if kinds is not None else K.DEFAULT_KINDS
        if rules:
            allowed = tuple(dict.fromkeys(allowed + K.RULE_KINDS))
        chosen = theme_for(theme, types, nouns)
        rng = random.Random(seed)
        if difficulty is None:
            return _generate(types, nouns, rng, allowed, None, chosen, minimal, backend,
                             options, seed, deadline).puzzle
        if difficulty not in LEVELS:
            raise ValidationError(f"unknown difficulty '{difficulty}' (choose from "
                                  f"{', '.join(LEVELS)})")
        seen: dict[str, int] = {}
        for _ in range(MAX_ATTEMPTS):
            attempt = random.Random(rng.getrandbits(64))
            p = _generate(types, nouns, attempt, allowed, difficulty, chosen, minimal, backend,
                          options, seed, deadline).puzzle
            deadline.check()
            g = grade(p, time_limit=deadline)
            seen[g.level] = seen.get(g.level, 0) + 1
            if g.level == difficulty:
                p.grade = g  # type: ignore[attr-defined]
                return p
        found = ", ".join(f"{level} {count}" for level, count in seen.items())
        raise GenerationError(f"generate: no {difficulty} {types}x{nouns} puzzle in "
                              f"{MAX_ATTEMPTS} tries (levels found: {found}); try other kinds "
                              "or another size")


def _generate(types: int, nouns: int, rng: random.Random, allowed: tuple[str, ...],
              difficulty: str | None, theme: Theme, minimal: bool, backend: str,
              options: dict[str, Any], seed: int | None,
              deadline: Deadline | None = None) -> Generated:
    ordered = bool({"before", "difference"} & set(allowed))
    p, categories = _blank(types, nouns, rng, theme, seed, ordered, deadline)
    hidden: ir.Assignment = (tuple(range(nouns)),) + tuple(
        tuple(rng.sample(range(nouns), nouns)) for _ in range(1, types))
    lowering = Lowering(p)
    model = ir.Model([t.name for t in p.noun_types],
                     [[n.name for n in t.nouns] for t in p.noun_types], lowering.tables, [],
                     [[n.value for n in t.nouns] for t in p.noun_types])
    drawer = K.Drawer(p, categories, hidden, lowering, rng)
    weights = _weights(allowed, difficulty)
    name = choose_backend(model, "generate") if backend == "auto" else backend
    settings = dict(options)
    if name == "sat":
        # many quick incremental calls: MiniSat 2.2 generated a 10x30 puzzle in 4.8 s,
        # Glucose 4 in 9.3 s, CaDiCaL 1.9.5 in 13 s (CP-SAT, not incremental: 168 s)
        settings.setdefault("engine", "minisat22")
    clues: list[K.Clue] = []
    taken: set[ir.Cond] = set()  # the conditions of `clues`, for _separating's repeat test
    guards: list[Any] = []
    calls = 0
    deadline = deadline_of(deadline)
    left = deadline.remaining()
    with open_engine(model, name, "generate", left, **settings) as engine:
        # (no phases set to the hidden solution: searching from it made the calls that
        # look for a second solution slower, 10x16 seeds 0-6: 8.9 s CPU without, 14.8 with)
        engine.block(hidden)
        other: ir.Assignment | None = _any_other(hidden, rng)
        witnesses: list[ir.Assignment] = []  # solutions of all clues but some: see _minimize
        while other is not None:
            deadline.check()
            witnesses.append(other)
            # the further the counterexample is from the hidden solution, the more clues it
            # pays to draw from it before asking the solver again
            moved = [p.noun_types[t].nouns[i] for t in range(1, types) for i in range(nouns)
                     if hidden[t][i] != other[t][i]]
            drawer.target(other)
            for _ in range(max(1, len(moved) // 6)):
                clue = _separating(drawer, model, hidden, other, moved, weights, taken)
                clues.append(clue)
                taken.add(clue.cond)
                if minimal:
                    guards.append(engine.guard(clue.cond))
                else:
                    # never removed, so posted for good: the solver then carries no
                    # assumption per clue (15x80 seed 7: 8.6 s of CPU against 16.1 s,
                    # the calls near the end 0.02 s against 0.15 s)
                    engine.add(clue.cond)
            other = engine.next_solution(guards)
            calls += 1
        keep = set(range(len(clues)))
        if minimal:
            keep, more = _minimize(engine, guards, rng,
                                   _Witnesses(clues, model, witnesses, deadline.check), hidden)
            calls += more
    for number, k in enumerate(sorted(keep), start=1):
        clues[k].commit(str(number))
    _drop_unused_links(p)
    p.answer = [sorted(range(nouns), key=hidden[t].__getitem__) for t in range(1, types)]
    p.question = _question(p, rng)
    return Generated(p, len(clues), calls)


def _blank(types: int, nouns: int, rng: random.Random, theme: Theme, seed: int | None,
           ordered: bool, deadline: Deadline | None = None
           ) -> tuple[Puzzle, dict[int, Category]]:
    """The puzzle's noun types and nouns: houses 1..n, then the theme's categories (the
    clock looked at as they are made: 100,000 types take minutes)."""
    check = deadline.check if deadline is not None else (lambda: None)
    p = Puzzle(f"Generated{types}x{nouns}", f"Generated {types}x{nouns} puzzle"
               + ("" if seed is None else f" (seed {seed})"))
    p.source = "mm.generate"
    p.add_noun_type(theme.position).add_nouns(*(str(i + 1) for i in range(nouns)))
    categories = {}
    for category, values in pick(theme, types, nouns, rng, ordered):
        check()
        kind = p.add_noun_type(category.name)
        for k, value in enumerate(values):
            if k % 1000 == 999:
                check()
            kind.add_noun(value, value)
        categories[kind.index] = category
    return p, categories


def _weights(allowed: tuple[str, ...], difficulty: str | None) -> tuple[list[str], list[float]]:
    table = K.WEIGHTS[difficulty]
    names = list(allowed)
    weights = [table.get(k, K.RULE_WEIGHT if k in K.RULE_KINDS else 0.0) for k in names]
    if not any(weights):  # the level's favourite kinds are all excluded: draw evenly
        weights = [1.0] * len(names)
    return names, weights


def _any_other(hidden: ir.Assignment, rng: random.Random) -> ir.Assignment:
    """A random assignment different from the hidden one (the first counterexample)."""
    n = len(hidden[0])
    while True:
        other = (hidden[0],) + tuple(tuple(rng.sample(range(n), n)) for _ in hidden[1:])
        if other != hidden:
            return other


def _separating(drawer: K.Drawer, model: ir.Model, hidden: ir.Assignment,
                other: ir.Assignment, moved: list, weights: tuple[list[str], list[float]],
                taken: set[ir.Cond]) -> K.Clue:
    """A clue of an allowed kind, true in the hidden solution and false in `other`, not
    one of the clues drawn already (`taken`: their conditions)."""
    names, w = weights
    rng = drawer.rng
    for _ in range(MAX_DRAWS):
        clue = drawer.draw[rng.choices(names, w)[0]](rng.choice(moved))
        if clue is None or clue.cond in taken or _mirror(clue.cond) in taken:
            continue
        if ir.holds(clue.cond, model.tables, other, model):
            continue
        if ir.holds(clue.cond, model.tables, hidden, model):  # only ever a true clue
            return clue
    raise GenerationError(
        f"generate: clues of kinds {', '.join(names)} cannot tell the hidden solution from "
        "another one (for example its mirror image); allow more kinds, such as 'with'")


def _mirror(cond: ir.Cond) -> ir.Cond | None:
    """The same "with" clue written the other way round."""
    if isinstance(cond, ir.Rel) and cond.table == 0:
        return ir.Rel(cond.b, 0, cond.a)
    if isinstance(cond, ir.Not) and isinstance(cond.x, ir.Rel) and cond.x.table == 0:
        return ir.Not(ir.Rel(cond.x.b, 0, cond.x.a))
    return None


def _minimize(engine: Any, guards: list[Any], rng: random.Random, witnesses: _Witnesses,
              hidden: ir.Assignment) -> tuple[set[int], int]:
    """Indices of a minimal set of clues that still leaves only the hidden solution: start
    from the core of the last (unsatisfiable) call, then test each clue once; a clue that
    can go takes every clue outside the new core with it. A clue that some known solution
    other than the hidden one breaks alone is needed without a test: the solutions found
    so far and every solution one swap away from the hidden one are kept with the clues
    they break, so a clue becomes needed without a solver call when the others a known
    solution breaks are dropped; and each such solution is rotated (`_Witnesses._rotate`)
    to prove more clues needed.

    A decided clue leaves the assumptions for good (`Backend.settle`): a needed clue stays
    needed as others go, so it is fixed on; a dropped one is fixed off. Measured on
    generate(12, 50, seed=0): 303 s CPU with rotation and settling, over 18 minutes
    without (10x30 seeds 0-6: 5-25 s, against 6-64 s).

    The tests run in rounds of rising conflict budgets (REMOVAL_BUDGETS,
    `Backend.bounded_solution`): a clue whose test needs more than its round allows waits
    for the next round, after every other clue. A test put off is cheaper when it comes
    back: other clues have gone by then, so a second solution is easier to find, and the
    solver has learnt more (10x30: tests that ran out of 300 conflicts took 10-545 when
    tried again). One budget of 300 then no bound (last session) took 38.8 s of CPU over
    10x30 seeds 6-11; the rounds 3, 30, 300, 3000, unbounded 23.6 s (max 5.2 s, was
    12.4); 12x50 seed 10 went from over 24 minutes of CPU to 6.5. Conflict counts are
    deterministic, so the same seed still gives the same puzzle.

    The clues the known solutions point at (`_Witnesses.score`) are tested first, the
    rest (random order among equals) last. A clue that is needed stays needed as others
    go, and proving it early, while the puzzle still has many clues, is cheap: the second
    solution is found in tens of conflicts, where on a near-minimal puzzle it takes
    thousands (10x30 seed 0: 129 s CPU in random order, 37 s this way, 505 s the other
    way round at 10x20 against 39 s random). Tried and not kept, each slower or no
    better over several 10x30 seeds: assuming the clue's negation in its test (the core
    then cannot drop other clues), phases set to the nearest known solution breaking the
    clue, one clue drawn per counterexample (drawing witnesses that break one clue each:
    seed 0 went from 8 s to 283 s), pairwise instead of counter "exactly one" (half the
    cost per conflict, but as many more conflicts), a first pass over every clue before
    dropping any."""
    index = {g: k for k, g in enumerate(guards)}
    keep = _core(engine, set(range(len(guards))), index)
    settled: set[int] = set()  # clues known needed, fixed on in the solver for good

    def settle(gone: set[int]) -> None:
        # decided clues leave the assumptions: needed ones on, dropped ones off for good
        for k in sorted(witnesses.needed & keep - settled):
            if engine.settle(guards[k], True):
                settled.add(k)
        for k in sorted(gone):
            engine.settle(guards[k], False)

    witnesses.start(keep, hidden)
    settle(set())
    calls = 0
    untested = rng.sample(sorted(keep), len(keep))
    postponed: list[int] = []  # clues whose test ran out of this round's budget
    budgets = list(REMOVAL_BUDGETS)
    budget = budgets.pop(0)
    while True:
        untested = [k for k in untested if k in keep and k not in witnesses.needed]
        if not untested:
            if budget is None or not postponed:
                break
            untested, postponed, budget = postponed, [], budgets.pop(0)
            continue
        k = max(untested, key=witnesses.score)
        untested.remove(k)
        trial = [guards[i] for i in sorted(keep - settled) if i != k]
        calls += 1
        if budget is None:
            found = engine.next_solution(trial)
        else:
            decided, found = engine.bounded_solution(trial, budget)
            if not decided:
                postponed.append(k)
                continue
        if found is None:
            smaller = _core(engine, keep - settled - {k}, index) | settled
            witnesses.drop(keep - smaller, smaller)
            gone, keep = keep - smaller, smaller
            settle(gone)
        else:
            witnesses.add(found, keep)
            settle(set())
    return keep, calls


class _Witnesses:
    """Solutions other than the hidden one, each with the kept clues it breaks: a solution
    that breaks exactly one kept clue proves that clue needed (it satisfies all the others),
    and stays a proof as clues go, since only that one is left broken."""

    def __init__(self, clues: list[K.Clue], model: ir.Model, found: list[ir.Assignment],
                 tick: Callable[[], None]):
        self.clues, self.model, self.found = clues, model, found
        self.tick = tick  # raises once the time limit is spent (seconds of work at 12x50)
        self.needed: set[int] = set()
        self.by_noun: dict[ir.NounRef, list[int]] = {}
        self.broken: list[set[int]] = []
        self.solutions: list[ir.Assignment] = []  # the solution of each broken set
        self.by_clue: dict[int, list[int]] = {}

    def start(self, keep: set[int], hidden: ir.Assignment) -> None:
        for k in keep:
            for ref in ir.nouns_named(self.clues[k].cond):
                self.by_noun.setdefault(ref, []).append(k)
        for w in self.found:
            self.add(w, keep)
        self.swaps(hidden, keep)

    def swaps(self, hidden: ir.Assignment, keep: set[int]) -> None:
        """Every solution a swap away from the hidden one (two nouns of one type trade
        rows): the clues it breaks are among those naming a noun on either row."""
        by_noun = self.by_noun
        types, n = len(hidden), len(hidden[0])
        on_row = _nouns_by_row(hidden, types)
        # one type at a time (two at a time: 3x the time for 8% fewer solver calls at
        # 10x20), and every type: two houses trade everything
        moves: list[tuple[int, ...]] = [(t,) for t in range(1, types)]
        moves.append(tuple(range(1, types)))
        for ra in range(n):
            self.tick()
            for rb in range(ra + 1, n):
                touched = {k for u in range(types) for row in (ra, rb)
                           for k in by_noun.get((u, on_row[u][row]), ())}
                if touched <= self.needed:
                    continue
                for move in moves:
                    solution = _swap_rows(hidden, move, ra, rb, on_row)
                    self._note({k for k in touched if not ir.holds(
                        self.clues[k].cond, self.model.tables, solution, self.model)},
                        solution, keep)

    def _rotate(self, solution: ir.Assignment, k: int, keep: set[int]) -> None:
        """Model rotation: from a solution that breaks kept clue k alone, try each swap of
        two nouns that changes k's truth; a swapped solution that then breaks exactly one
        other kept clue proves that clue needed too, and is rotated in turn."""
        tables, types = self.model.tables, self.model.num_types
        n = len(solution[0])
        stack = [(solution, k)]
        while stack:
            self.tick()
            w, k = stack.pop()
            noun_on = _nouns_by_row(w, types)
            on_row = [{c for t in range(types) for c in self.by_noun.get((t, noun_on[t][r]), ())
                       if c in keep} for r in range(n)]
            for t, ra in _moves(self.clues[k].cond, w, tables, types):
                for rb in range(n):
                    if rb == ra:
                        continue
                    w2 = _swap_rows(w, (t,), ra, rb, noun_on)
                    if not ir.holds(self.clues[k].cond, tables, w2, self.model):
                        continue  # k still broken: nothing learned
                    broken = []
                    for c in on_row[ra] | on_row[rb]:
                        if not ir.holds(self.clues[c].cond, tables, w2, self.model):
                            broken.append(c)
                            if len(broken) > 1:
                                break
                    if len(broken) == 1 and broken[0] not in self.needed:
                        self.needed.add(broken[0])
                        stack.append((w2, broken[0]))

    def score(self, k: int) -> float:
        """How likely clue k is needed: the known solutions it breaks, each counting more
        the fewer other clues it breaks."""
        return sum(1 / len(self.broken[slot]) for slot in self.by_clue.get(k, ()))

    def add(self, w: ir.Assignment, keep: set[int]) -> None:
        self._note({k for k in keep
                    if not ir.holds(self.clues[k].cond, self.model.tables, w, self.model)},
                   w, keep)

    def _note(self, broken: set[int], solution: ir.Assignment, keep: set[int]) -> None:
        """Remember the kept clues a solution other than the hidden one breaks."""
        if not broken:
            raise AssertionError("generate: a second solution survived the kept clues")
        if len(broken) == 1:
            (k,) = broken
            if k not in self.needed:
                self.needed.add(k)
                self._rotate(solution, k, keep)
            return
        slot = len(self.broken)
        self.broken.append(broken)
        self.solutions.append(solution)
        for k in broken:
            self.by_clue.setdefault(k, []).append(slot)

    def drop(self, gone: set[int], keep: set[int]) -> None:
        """Forget the clues that went (`keep`: those left); a known solution left breaking
        one clue proves it needed, and is rotated."""
        for k in gone:
            for slot in self.by_clue.pop(k, []):
                broken = self.broken[slot]
                broken.discard(k)
                if len(broken) == 1:
                    (last,) = broken
                    if last not in self.needed:
                        self.needed.add(last)
                        self._rotate(self.solutions[slot], last, keep)


def _nouns_by_row(w: ir.Assignment, types: int) -> list[list[int]]:
    """[t][row]: the noun of type t on that row (w gives each noun's row)."""
    out = [[0] * len(w[0]) for _ in range(types)]
    for t in range(types):
        for i, row in enumerate(w[t]):
            out[t][row] = i
    return out


def _swap_rows(w: ir.Assignment, move: tuple[int, ...], ra: int, rb: int,
               noun_on: list[list[int]]) -> ir.Assignment:
    """w with the nouns of the types in `move` on rows ra and rb traded."""
    out = list(w)
    for t in move:
        rows = list(w[t])
        rows[noun_on[t][ra]], rows[noun_on[t][rb]] = rb, ra
        out[t] = tuple(rows)
    return tuple(out)


def _moves(cond: ir.Cond, w: ir.Assignment, tables: list[ir.Table],
           types: int) -> set[tuple[int, int]]:
    """(type, row) pairs whose noun, swapped with another row's, can change the condition's
    truth in w: the rows of the nouns it names, in their own type and in the types its
    tables and integer terms read."""
    out: set[tuple[int, int]] = set()
    for leaf in ir.leaves(cond):
        reads = ({(leaf.a, tables[leaf.table].type), (leaf.b, tables[leaf.table].type)}
                 if isinstance(leaf, ir.Rel) else ir.int_refs(leaf.a) | ir.int_refs(leaf.b))
        for ref, t in reads:
            row = w[ref[0]][ref[1]]
            out |= {(u, row) for u in (ref[0], t) if 0 < u < types}
    return out


def _core(engine: Any, keep: set[int], index: dict[Any, int]) -> set[int]:
    core = engine.last_core()
    if core is None:
        return keep
    return keep & {index[g] for g in core if g in index}


def _drop_unused_links(p: Puzzle) -> None:
    used = {id(f.link) for f in p.facts}
    for rule in p.rules:
        if isinstance(rule.constraint, Condition):
            used |= {id(link) for link in rule.constraint.links()}
    unused = [link for link in p.links[1:] if id(link) not in used]
    if unused:
        p.remove(*unused)


def _question(p: Puzzle, rng: random.Random) -> Question:
    """What the puzzle asks: one category's value in one house."""
    category = rng.choice(p.noun_types[1:])
    house = rng.randrange(len(p.noun_types[0].nouns)) + 1
    text = f"What is the {category.name.lower()} of the person who lives in house {house}"
    return Question(text, "attribute", category=category, house=house)
