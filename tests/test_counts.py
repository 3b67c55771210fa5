"""With one harmless rule, every arrangement is a solution: (N!)^(T-1) of them."""

import math

import pytest

import mm
from mm import rules


def unconstrained(types: int, nouns: int) -> mm.Puzzle:
    p = mm.Puzzle("Free", "Free")
    for t in range(types):
        p.add_noun_type(f"T{t}").add_nouns(*(f"n{t}_{i}" for i in range(nouns)))
    a, b = p.noun_types[0].nouns[0], p.noun_types[1].nouns[0]
    p.add_rule("1", "Either a is with b or it is not.", rules.with_(a, b) | ~rules.with_(a, b))
    return p


@pytest.mark.parametrize("types,nouns", [(2, 2), (2, 4), (3, 2), (3, 3), (3, 4), (4, 3),
                                         (2, 5), (5, 2)])
def test_count_of_a_free_puzzle(backend, types, nouns):
    expected = math.factorial(nouns) ** (types - 1)
    assert unconstrained(types, nouns).count(backend=backend) == expected


def test_count_limit_stops_early(backend):
    assert unconstrained(4, 4).count(limit=10, backend=backend) == 10
