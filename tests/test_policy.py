"""`auto` follows the rule measured with benchmarks/bench_peers.py (mm.analysis.policy):
the clue mix and the size pick the backend, and both backends give the same answers."""

from __future__ import annotations

import random

import pytest

import mm
from mm import IS, IS_NOT, WITH, backends, links
from mm.analysis.compile import compile_puzzle
from mm.analysis.policy import choose_backend, clue_mix

pytestmark = pytest.mark.skipif(
    not (backends.installed("cpsat") and backends.installed("sat")),
    reason="the rule chooses between two backends; one is not installed (or is hidden)")


def _puzzle(types: int, nouns: int, seed: int, facts: int, with_share: float,
            negated: float) -> mm.Puzzle:
    """True facts about a hidden solution: `with_share` of them "with", `negated` of them
    negated, the rest "left of"."""
    rng = random.Random(seed)
    p = mm.Puzzle("Mix", "Mix")
    kinds = [p.add_noun_type(f"T{t}") for t in range(types)]
    for kind in kinds:
        kind.add_nouns(*(f"{kind.name}-{i}" for i in range(nouns)))
    left = p.add_link("left of", kinds[0], links.less_than())
    rows = [list(range(nouns))] + [rng.sample(range(nouns), nouns) for _ in kinds[1:]]

    def on_row(t: int, r: int) -> mm.Noun:
        return kinds[t].nouns[rows[t].index(r)]

    while len(p.facts) < facts:
        t1, t2 = rng.sample(range(1, types), 2)
        r1, r2 = rng.sample(range(nouns), 2)
        draw = rng.random()
        if draw < with_share:
            p.add_fact("1", on_row(t1, r1), IS, WITH, on_row(t2, r1))
        elif draw < with_share + negated:
            p.add_fact("1", on_row(t1, r1), IS_NOT, WITH, on_row(t2, r2))
        else:
            p.add_fact("1", on_row(t1, min(r1, r2)), IS, left, on_row(t2, max(r1, r2)))
    return p


@pytest.mark.filterwarnings("ignore:This fact already exists")
@pytest.mark.parametrize("shape,expected", [
    ((8, 10, 160, 0.8, 0.0), "cpsat"),   # with-rich: CP-SAT's presolve merges rows
    ((8, 10, 160, 0.0, 0.8), "sat"),     # exclusions, hardly any "with": clause learning
    ((8, 10, 50, 0.3, 0.3), "sat"),      # sparse (under one relation per cell)
    ((8, 10, 120, 0.1, 0.2), "sat"),     # loose: few tight facts (SAT 20 ms, CP-SAT 100)
    ((8, 10, 160, 0.3, 0.4), "cpsat"),   # mixed and dense
    ((5, 5, 30, 0.3, 0.4), "sat"),       # tiny: CP-SAT's fixed start-up cost dominates
])
def test_rule(shape, expected):
    p = _puzzle(*shape[:2], seed=1, facts=shape[2], with_share=shape[3], negated=shape[4])
    model = compile_puzzle(p)
    assert choose_backend(model, "unique") == expected, clue_mix(model)
    assert choose_backend(model, "solve") == expected


@pytest.mark.filterwarnings("ignore:This fact already exists")
def test_clue_mix_counts_relations_inside_rules():
    p = _puzzle(4, 4, seed=2, facts=6, with_share=1.0, negated=0.0)
    a, b, c = (p.noun_types[t].nouns[0] for t in (1, 2, 3))
    p.add_rule("9", "one of them", mm.rules.any_of(mm.rules.not_(mm.rules.with_(a, b)),
                                                   mm.rules.not_(mm.rules.with_(a, c))))
    with_share, negated = clue_mix(compile_puzzle(p))
    assert (with_share, negated) == (6 / 8, 2 / 8)


@pytest.mark.filterwarnings("ignore:This fact already exists")
@pytest.mark.parametrize("seed", [3, 4])
def test_same_answer_whichever_backend_auto_picks(seed):
    p = _puzzle(5, 6, seed, facts=40, with_share=0.4, negated=0.4)
    verdicts = {name: p.count(limit=2, backend=name) for name in ("auto", "sat", "cpsat")}
    assert len(set(verdicts.values())) == 1
    if verdicts["auto"] == 1:
        assert p.solve(backend="sat") == p.solve(backend="cpsat") == p.solve()
