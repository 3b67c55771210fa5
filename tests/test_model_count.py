"""Counting with a model counter (Ganak exact, ApproxMC approximate), against enumeration."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzle_oracle import brute_force, random_puzzle

import mm
from mm import backends

pytestmark = pytest.mark.skipif(not backends.installed("sat"), reason="needs the sat backend")


def test_free_6x8_counts_exactly(unconstrained):
    assert unconstrained(6, 8).count(exact=True) == math.factorial(8) ** 5  # about 1.1e23


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_exact_count_agrees_with_brute_force(seed):
    puzzle = random_puzzle(seed, numbers=seed % 2 == 0, types=(2, 3) if seed % 2 == 0 else (3, 4))
    assert puzzle.count(exact=True) == len(brute_force(puzzle))


def test_exact_count_of_an_open_puzzle_agrees_with_enumeration():
    p = mm.load("five_houses")
    looser = p.without(p.facts[-1], p.facts[3])
    assert looser.count(exact=True) == looser.count() > 1


def test_approximate_count_is_within_its_guarantee(unconstrained):
    truth = math.factorial(4) ** 2
    estimate = unconstrained(3, 4).count(approx=True)
    assert truth / 1.8 <= estimate <= truth * 1.8


def test_exact_count_keeps_a_time_limit_and_refuses_cpsat():
    assert mm.load("five_houses").count(exact=True, time_limit=30) == 1
    with pytest.raises(mm.UnsupportedFeature, match="sat backend"):
        mm.load("five_houses").count(exact=True, backend="cpsat")


@pytest.mark.parametrize("flag", ["--exact", "--approx"])
def test_count_json_of_a_puzzle_with_no_solution_is_one_json_object(flag, tmp_path, mm_cli):
    """The counters write a log line to the process's stdout below Python; it must not
    land in front of the JSON."""
    import json

    from mm.formats import json_format

    p = mm.Puzzle("NoSolution", "No solution")
    h1, h2, _h3 = p.add_noun_type("House").add_nouns("1", "2", "3")
    red, _green, _blue = p.add_noun_type("Color").add_nouns("red", "green", "blue")
    p.add_fact("1", red, mm.IS, mm.WITH, h1)
    p.add_fact("2", red, mm.IS, mm.WITH, h2)
    path = tmp_path / "none.json"
    path.write_text(json.dumps(json_format.to_json(p)))
    result = mm_cli("count", str(path), flag, "--json")
    assert json.loads(result.stdout)["count"] == 0, result.stdout + result.stderr
