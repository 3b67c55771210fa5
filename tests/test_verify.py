"""verify(): multiple with diff and backbone, none with a minimal conflict, redundant clues."""

import pytest

import mm
from mm import IS, WITH


def all_rows(puzzle, backend):
    return [s for s in puzzle.solutions(backend=backend)]


def test_unique_five_houses(backend):
    report = mm.load("five_houses").verify(backend=backend)
    assert report.status == "unique"
    assert report.redundant == []
    assert len(report.minimal) == 14


def test_removing_a_needed_clue_gives_diff_and_backbone(backend):
    full = mm.load("five_houses")
    puzzle = full.without(full.facts[-1])
    report = puzzle.verify(backend=backend)
    assert report.status == "multiple"
    first, second = report.solutions
    assert first != second
    # the diff is exactly the cells where the two solutions disagree
    diff = {(d.row.index, d.noun_type.index) for d in report.diff}
    rows_a, rows_b = first.rows(), second.rows()
    expected = {(r, t) for r in range(5) for t in range(1, 6) if rows_a[r][t] is not rows_b[r][t]}
    assert diff == expected and diff
    # the backbone is what every solution shares, checked by enumerating them all
    solutions = all_rows(puzzle, backend)
    assert len(solutions) > 1
    shared = {(r, t) for r in range(5) for t in range(1, 6)
              if len({s.rows()[r][t].name for s in solutions}) == 1}
    assert {(c.row.index, c.noun_type.index) for c in report.backbone} == shared
    assert len(report.backbone) + len(report.open_cells) == 25


def test_contradicting_fact_gives_a_minimal_conflict(backend):
    puzzle = mm.load("five_houses")
    blue = puzzle.noun("Color", "blue")
    englishman = puzzle.noun("Nationality", "Englishman")
    bad = puzzle.add_fact("99", englishman, IS, WITH, blue, "The Englishman's house is blue.")[0]
    report = puzzle.verify(backend=backend)
    assert report.status == "none"
    assert bad in report.conflict
    # minimal: without any one member the rest of the conflict can hold
    for item in report.conflict:
        rest = [x for x in report.conflict if x is not item]
        trial = puzzle.without(*[f for f in puzzle.facts if f not in rest],
                               *[r for r in puzzle.rules if r not in rest])
        if not trial.facts and not trial.rules:
            continue  # nothing left to check
        assert trial.solve(backend=backend) is not None, item.text


def test_a_clue_duplicated_in_effect_is_redundant(backend):
    puzzle = mm.load("all_tired_out")
    lisa = puzzle.noun("Customer", "Lisa")
    jack = puzzle.noun("Wanted", "jack")
    order = puzzle.noun_type("Order")
    # clue 2 again, said differently: Lisa is just after the jack buyer
    after = puzzle.add_link("just after", order, mm.links.more_by(1))
    copy = puzzle.add_fact("2b", lisa, IS, after, jack, "Lisa was just after the jack buyer.")[0]
    report = puzzle.verify(backend=backend)
    assert report.status == "unique"
    assert copy in report.redundant and puzzle.facts[3] in report.redundant
    assert not (copy in report.minimal and puzzle.facts[3] in report.minimal)
    minimal = puzzle.without(*[f for f in puzzle.facts if f not in report.minimal],
                             *[r for r in puzzle.rules if r not in report.minimal])
    assert minimal.is_unique(backend=backend)


def test_a_list_fact_is_one_clue():
    puzzle = mm.load("all_tired_out")
    # clue 1 is three facts made by one add_fact call: they share a group
    assert len({f.group for f in puzzle.facts if f.clue == "1"}) == 1
    assert len({f.group for f in puzzle.facts}) == 5


@pytest.mark.parametrize("name", ["einstein", "golfers", "lecture_attendance"])
def test_verify_builtins(name):
    assert mm.load(name).verify().status == "unique"


@pytest.mark.parametrize("make, some_redundant", [
    (lambda: mm.generate(6, 6, seed=4, minimal=False), True),
    (lambda: mm.generate(5, 8, seed=9, minimal=False), True),
    (lambda: mm.load("all_tired_out"), False),
    (lambda: mm.load("lecture_attendance"), False),
    (lambda: mm.load("car_lot"), False),
])
def test_group_testing_finds_the_same_redundant_clues_as_one_solve_each(make, some_redundant):
    from mm.analysis.verify import _engine, _implied
    from mm.deadline import Deadline

    puzzle = make()
    engine, clues, guards = _engine(puzzle, "sat", Deadline(None), {})
    engine.block(engine.next_solution(guards))
    naive = [k for k in range(len(guards))
             if engine.next_solution(guards[:k] + guards[k + 1:]) is None]
    assert _implied(engine, guards, clues) == naive
    if some_redundant:  # a generated puzzle that is not minimal has redundant clues
        assert naive
