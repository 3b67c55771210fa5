"""Building a puzzle is linear: duplicate facts are found by hashing, and the index that
finds them follows every way the facts list can change."""

from __future__ import annotations

import random
import time
import warnings

import pytest

import mm
from mm import IS, IS_NOT, WITH, links


def _grid(types: int = 3, nouns: int = 4) -> tuple[mm.Puzzle, list[mm.NounType]]:
    p = mm.Puzzle("Grid", "Grid")
    kinds = [p.add_noun_type(f"T{t}") for t in range(types)]
    for kind in kinds:
        kind.add_nouns(*(f"{kind.name}-{i}" for i in range(nouns)))
    return p, kinds


def _warned(call, *args) -> bool:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call(*args)
    return any("already exists" in str(w.message) for w in caught)


def test_duplicates_and_with_mirrors_are_skipped():
    p, (a, b, _) = _grid()
    p.add_fact("1", a.nouns[0], IS, WITH, b.nouns[1])
    assert _warned(lambda: p.add_fact("2", a.nouns[0], IS, WITH, b.nouns[1]))
    assert _warned(lambda: p.add_fact("3", b.nouns[1], IS, WITH, a.nouns[0]))  # mirror
    assert not _warned(lambda: p.add_fact("4", a.nouns[0], IS_NOT, WITH, b.nouns[1]))
    left = p.add_link("left of", a, links.less_than())
    p.add_fact("5", b.nouns[0], IS, left, b.nouns[2])
    assert not _warned(lambda: p.add_fact("6", b.nouns[2], IS, left, b.nouns[0]))  # no mirror
    assert len(p.facts) == 4


def test_index_follows_copies_removals_and_edits_in_place():
    p, (a, b, c) = _grid()
    first = p.add_fact("1", a.nouns[0], IS, WITH, b.nouns[1])[0]
    p.add_fact("2", a.nouns[1], IS, WITH, c.nouns[2])
    clone = p.copy()
    assert _warned(lambda: clone.add_fact("3", clone.facts[0].noun1, IS, WITH,
                                          clone.facts[0].noun2))
    smaller = p.without(first)
    assert not _warned(lambda: smaller.add_fact("4", smaller.noun_types[0].nouns[0], IS, WITH,
                                                smaller.noun_types[1].nouns[1]))
    p.facts.pop(0)  # edited by hand: the fact is gone, so adding it again is no duplicate
    assert not _warned(lambda: p.add_fact("5", a.nouns[0], IS, WITH, b.nouns[1]))
    p.facts[0] = p.facts[-1]  # replaced in place, same length
    assert _warned(lambda: p.add_fact("6", a.nouns[0], IS, WITH, b.nouns[1]))


def test_twenty_thousand_facts_build_in_linear_time():
    rng = random.Random(3)
    p, kinds = _grid(20, 100)
    left = p.add_link("left of", kinds[0], links.less_than())
    plan = []
    while len(plan) < 20_000:
        t1, t2 = rng.sample(range(1, 20), 2)
        plan.append((kinds[t1].nouns[rng.randrange(100)], rng.choice((IS, IS_NOT)),
                     rng.choice((WITH, left)), kinds[t2].nouns[rng.randrange(100)]))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        start = time.perf_counter()
        for k, (x, verb, link, y) in enumerate(plan):
            p.add_fact(str(k), x, verb, link, y)
        seconds = time.perf_counter() - start
    assert len(p.facts) > 19_000
    # 0.36 s here unloaded; a quadratic scan took minutes. Generous for a shared machine.
    assert seconds < 3, f"20,000 facts took {seconds:.2f} s"


@pytest.mark.parametrize("verb", [IS, IS_NOT])
def test_duplicate_check_matches_a_plain_scan(verb):
    rng = random.Random(5)
    p, kinds = _grid(4, 5)
    near = p.add_link("next to", kinds[0], links.next_to())
    said = set()
    for k in range(300):
        t1, t2 = rng.sample(range(4), 2)
        x, y = kinds[t1].nouns[rng.randrange(5)], kinds[t2].nouns[rng.randrange(5)]
        link = rng.choice((WITH, near))
        if link is near and x.type is kinds[0] and y.type is kinds[0]:
            continue
        key = (x, y) if link is near else frozenset((x, y))
        expected = (link, key) in said
        said.add((link, key))
        assert _warned(p.add_fact, str(k), x, verb, link, y) == expected


@pytest.mark.parametrize("size", [2, 5, 8])
def test_smartlink_tables_are_shared_and_equal_to_calling_the_link(size):
    p, kinds = _grid(2, size)
    made = [p.add_link(f"{name} {args}", kinds[0], factory(*args)) for name, factory, args in (
        ("less_than", links.less_than, (1,)), ("less_by", links.less_by, (2,)),
        ("more_than", links.more_than, (0,)), ("more_by", links.more_by, (1,)),
        ("next_to", links.next_to, ()), ("offset_by", links.offset_by, (2,)),
        ("outside_of", links.outside_of, (1,)), ("has_ratio", links.has_ratio, (1, 2)))]
    nouns = kinds[0].nouns
    for link in made:
        by_calls = frozenset((a.index, b.index) for a in nouns for b in nouns
                             if link.holds(a, b))
        assert link.pairs() == by_calls, link.name
    again = p.add_link("next to again", kinds[0], links.next_to())
    assert again.pairs() is made[4].pairs()  # one table, made once
