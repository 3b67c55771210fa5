"""Generate puzzles with exactly one solution, by counterexample: hide a random solution,
ask the solver for any other one, and add a true clue that the other one breaks. Repeat
until none is left; then (optionally) drop every clue the others imply."""

from __future__ import annotations

import random
import warnings
from typing import Any

from mm.analysis.compile import lower
from mm.analysis.policy import choose_backend, open_engine
from mm.errors import ValidationError
from mm.ir import Assignment, slot_of
from mm.model.links import less_by, less_than, next_to
from mm.model.puzzle_data import WITH, Fact, Link, Noun
from mm.model.verbs import IS, IS_NOT
from mm.puzzle import Puzzle

_TYPE_NAMES = ["Name", "Color", "Pet", "Drink", "Hobby", "Car", "Job", "Food", "Sport",
               "City", "Flower", "Gem", "Tree", "Fruit", "Tool", "Bird", "Fish", "Dance"]


def generate(types: int, nouns: int, seed: int | None = None, *, minimal: bool = True,
             backend: str = "auto", with_share: float = 0.55, **options: Any) -> Puzzle:
    """A new puzzle of `types` noun types of `nouns` nouns with exactly one solution (its
    `answer`); with `minimal`, no fact is implied by the others. Facts use "with", "next
    to", "left of" and "directly left of" over the first type, and "before" over the
    second type."""
    if types < 2 or nouns < 2:
        raise ValidationError(f"generate: need at least 2 types and 2 nouns, got {types}x{nouns}")
    rng = random.Random(seed)
    p = Puzzle(f"Generated{types}x{nouns}", f"Generated {types}x{nouns} puzzle"
               + ("" if seed is None else f" (seed {seed})"))
    p.source = "mm.generate"
    position = p.add_noun_type("Position")
    position.add_nouns(*(str(i + 1) for i in range(nouns)))
    for t in range(1, types):
        name = _TYPE_NAMES[t - 1] if t - 1 < len(_TYPE_NAMES) else f"Type{t + 1}"
        p.add_noun_type(name).add_nouns(*(f"{name.lower()} {i + 1}" for i in range(nouns)))
    link_pool: list[Link] = [
        p.add_link("next to", position, next_to()),
        p.add_link("left of", position, less_than()),
        p.add_link("directly left of", position, less_by(1)),
        p.add_link("before", p.noun_types[1], less_than()),
    ]
    hidden: Assignment = (tuple(range(nouns)),) + tuple(
        tuple(rng.sample(range(nouns), nouns)) for _ in range(1, types))

    _add_clue(p, hidden, _any_other(hidden, rng), rng, link_pool, with_share)
    engine, lowering = _open(p, backend, options, hidden, guarded=False)
    while (other := engine.next_solution()) is not None:
        # the further the counterexample is from the hidden solution, the more clues it
        # pays to draw from it before asking the solver again
        moved = sum(a != b for h, o in zip(hidden, other, strict=True)
                    for a, b in zip(h, o, strict=True))
        for _ in range(max(1, moved // 6)):
            fact = _add_clue(p, hidden, other, rng, link_pool, with_share)
            engine.add(lowering.fact(fact))
    if minimal:
        _drop_redundant(p, hidden, rng, backend, options)
    p.answer = [list(sorted(range(nouns), key=hidden[t].__getitem__)) for t in range(1, types)]
    return p


def _any_other(hidden: Assignment, rng: random.Random) -> Assignment:
    """A random assignment different from the hidden one (the first counterexample)."""
    n = len(hidden[0])
    while True:
        other = (hidden[0],) + tuple(tuple(rng.sample(range(n), n)) for _ in hidden[1:])
        if other != hidden:
            return other


def _fact_holds(noun1: Noun, link: Link, noun2: Noun, rows_of: Assignment) -> bool:
    t = link.noun_type.index
    a = slot_of(rows_of, (noun1.type.index, noun1.index), t)
    b = slot_of(rows_of, (noun2.type.index, noun2.index), t)
    return link.holds(link.noun_type.nouns[a], link.noun_type.nouns[b])


def _add_clue(p: Puzzle, hidden: Assignment, other: Assignment, rng: random.Random,
              link_pool: list[Link], with_share: float) -> Fact:
    """Add a fact true in `hidden` and false in `other`."""
    moved = [p.noun_types[t].nouns[i] for t in range(1, len(hidden))
             for i in range(len(hidden[0])) if hidden[t][i] != other[t][i]]
    all_nouns = [n for t in p.noun_types for n in t.nouns]
    for _ in range(10_000):
        x: Noun = rng.choice(moved)
        y: Noun = rng.choice(all_nouns)
        if y.type is x.type:
            continue
        link = p.links[0] if rng.random() < with_share else rng.choice(link_pool)
        if x.type is link.noun_type and y.type is link.noun_type:
            continue
        truth = _fact_holds(x, link, y, hidden)
        if truth != _fact_holds(x, link, y, other):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                made = p.add_fact(str(len(p.facts) + 1), x, IS if truth else IS_NOT,
                                  WITH if link.num == 0 else link, y)
            if made:
                return made[0]
    raise RuntimeError("generate: found no clue that separates two solutions")


def _open(p: Puzzle, backend: str, options: dict, hidden: Assignment, guarded: bool):
    model, lowering = lower(p)
    conds = [c for _, c in model.constraints]
    if guarded:
        model.constraints = []
    name = choose_backend(model, "generate") if backend == "auto" else backend
    settings = dict(options)
    if name == "sat":
        # many quick incremental calls: MiniSat 2.2 generated a 10x30 puzzle in 4.8 s,
        # Glucose 4 in 9.3 s, CaDiCaL 1.9.5 in 13 s (CP-SAT, not incremental: 168 s)
        settings.setdefault("engine", "minisat22")
    engine = open_engine(model, name, "generate", None, **settings)
    engine.block(hidden)
    if guarded:
        return engine, [engine.guard(c) for c in conds]
    return engine, lowering


def _drop_redundant(p: Puzzle, hidden: Assignment, rng: random.Random, backend: str,
                    options: dict) -> None:
    """Leave out, one at a time in random order, each fact whose absence keeps the hidden
    solution the only one (one incremental solver, facts switched by assumptions)."""
    engine, guards = _open(p, backend, options, hidden, guarded=True)
    keep = [True] * len(p.facts)
    for k in rng.sample(range(len(p.facts)), len(p.facts)):
        keep[k] = False
        if engine.next_solution([g for g, on in zip(guards, keep, strict=True) if on]) is not None:
            keep[k] = True
    p.remove(*(f for f, on in zip(p.facts, keep, strict=True) if not on))
    for num, fact in enumerate(p.facts, start=1):
        fact.num, fact.clue = num, str(num)
