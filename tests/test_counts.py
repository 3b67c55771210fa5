"""With one harmless rule, every arrangement is a solution: (N!)^(T-1) of them."""

import math

import pytest


@pytest.mark.parametrize("types,nouns", [(2, 2), (2, 4), (3, 2), (3, 3), (3, 4), (4, 3),
                                         (2, 5), (5, 2)])
def test_count_of_a_free_puzzle(unconstrained, backend, types, nouns):
    expected = math.factorial(nouns) ** (types - 1)
    assert unconstrained(types, nouns).count(backend=backend) == expected


def test_count_limit_stops_early(unconstrained, backend):
    assert unconstrained(4, 4).count(limit=10, backend=backend) == 10
