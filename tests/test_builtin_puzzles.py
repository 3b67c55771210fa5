"""Every built-in puzzle: exactly one solution on every backend, equal to its encoded answer,
with every rule holding in it."""

import pytest

import mm

NAMES = mm.builtin_names()


def test_the_builtins_are_listed():
    assert {"five_houses", "all_tired_out", "einstein", "golfers", "marathon", "ships",
            "lecture_attendance", "car_lot"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_builtin_is_unique_and_matches_its_answer(name, backend):
    puzzle = mm.load(name)
    assert puzzle.answer is not None, f"{name} should carry its known answer"
    found = list(puzzle.solutions(limit=2, backend=backend))
    assert len(found) == 1, f"{name} on {backend}: {len(found)} solutions"
    assert puzzle.check_answer(found[0])
    assert puzzle.is_unique(backend=backend)
    assert all(rule.constraint.holds(found[0]) for rule in puzzle.rules)


def test_five_houses_gives_the_seed_answer():
    solution = mm.load("five_houses").solve()
    assert solution.encoded() == [[3, 4, 0, 2, 1], [3, 2, 0, 1, 4], [1, 2, 0, 3, 4],
                                  [2, 3, 1, 0, 4], [4, 1, 2, 3, 0]]


def test_einstein_the_german_owns_the_fish():
    puzzle = mm.load("einstein")
    solution = puzzle.solve()
    fish = puzzle.noun("Pet", "fish")
    assert solution.partner(fish, puzzle.noun_type("Nationality")).name == "German"


def test_extra_puzzles_use_links_over_a_later_type_is_not_facts_and_rules():
    extra = [mm.load(n) for n in ("einstein", "golfers", "marathon", "ships")]
    assert all(any(link.noun_type.num > 1 for link in p.links[1:]) for p in extra)
    assert any(f.verb is mm.IS_NOT for p in extra for f in p.facts)
    assert any(p.rules for p in extra)
