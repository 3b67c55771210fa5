"""Explanations, hints and grids. Every step is checked on CP-SAT (the explainer runs on
SAT), by tests/explain_checker.py, which shares no code with mm.explain."""

from __future__ import annotations

import json

import pytest
from explain_checker import StepChecker

import mm
from mm import IS, IS_NOT, WITH, Mark
from mm.app.cli import main

pytest.importorskip("ortools", reason="the independent step check runs on CP-SAT")
pytest.importorskip("pysat", reason="the explainer runs on PySAT")


def _cell(mark: Mark) -> tuple:
    a, b = mark.cell
    return (a.type.index, a.index, b.type.index, b.index)


def check_explanation(puzzle: mm.Puzzle, ex: mm.Explanation, solutions: list) -> None:
    """Each step follows, minimally for each mark, from its clues and earlier marks; its
    marks hold in every solution; no cell is marked twice."""
    checker = StepChecker(puzzle)
    labels = {item.clue for item in [*puzzle.facts, *puzzle.rules]}
    known: dict[tuple, bool] = {}
    for number, step in enumerate(ex.steps, 1):
        assert step.kind in mm.KINDS, step.kind
        assert step.marks, f"step {number} has no marks"
        assert set(step.clues) <= labels
        for use in step.uses:
            assert known.get(_cell(use)) == use.same, f"step {number} uses {use}, not known"
        problems = checker.problems(step)
        assert not problems, f"step {number} ({step.text}): {problems}"
        for mark in step.marks:
            assert _cell(mark) not in known, f"step {number} marks {mark} again"
            known[_cell(mark)] = mark.same
            for sol in solutions:
                same = sol.row_of(mark.noun1) == sol.row_of(mark.noun2)
                assert same == mark.same, f"step {number}: {mark} is wrong"
    assert ex.grids().complete == ex.complete


@pytest.mark.parametrize("name", ["all_tired_out", "five_houses", "einstein"])
def test_builtin_puzzles_are_explained_completely(name):
    p = mm.load(name)
    ex = p.explain()
    assert ex.status == "complete" and ex.complete
    sol = p.solve()
    assert p.check_answer(sol)
    check_explanation(p, ex, [sol])
    assert sorted(map(_cell, ex.marks())) == sorted(map(_cell, sol.grids().marks))
    levels = [s.level for s in ex.steps]
    assert min(levels) == 0 and all(isinstance(v, int) for v in levels)


@pytest.mark.parametrize("seed", [3, 11])
def test_generated_puzzles_are_explained_completely(seed):
    p = mm.generate(4, 4, seed=seed)
    ex = p.explain()
    assert ex.complete
    check_explanation(p, ex, [p.solve()])


def _with_rule_puzzle() -> mm.Puzzle:
    p = mm.Puzzle("Rules", "Rules")
    slots = p.add_noun_type("Slot")
    s1, s2, s3 = slots.add_nouns("1", "2", "3")
    a, b, c = p.add_noun_type("Name").add_nouns("Ann", "Bob", "Cy")
    x, y, z = p.add_noun_type("Pet").add_nouns("cat", "dog", "eel")
    after = p.add_link("after", slots, mm.links.more_than())
    p.add_fact("1", a, IS, after, b)
    p.add_rule("2", "Cy owns the cat or the dog.", mm.rules.with_(c, x) | mm.rules.with_(c, y))
    p.add_fact("3", z, IS_NOT, WITH, [s1, s3])
    p.add_rule("4", "Bob is first or owns the eel.",
               mm.rules.with_(b, s1) | mm.rules.with_(b, z))
    p.add_fact("5", x, IS, after, y)
    return p


def test_rules_and_several_facts_per_label():
    p = _with_rule_puzzle()
    sols = list(p.solutions())
    ex = p.explain()
    check_explanation(p, ex, sols)
    assert ex.status == ("complete" if len(sols) == 1 else "not unique")


def test_not_unique_gives_the_possible_steps():
    p = mm.load("five_houses")
    p = p.without(*[f for f in p.facts if f.clue in ("5", "14")])
    sols = list(p.solutions(limit=50))
    assert len(sols) > 1
    ex = p.explain()
    assert ex.status == "not unique" and not ex.complete
    assert ex.steps
    check_explanation(p, ex, sols)
    assert not ex.grids().complete


def test_no_solution_names_a_minimal_conflict():
    p = mm.load("all_tired_out")
    ethan = p.noun("Customer", "Ethan")
    first = p.noun("Order", "1st")
    p.add_fact("99", ethan, IS, WITH, first)
    ex = p.explain()
    assert ex.status == "no solution" and ex.steps == []
    assert "99" in ex.conflict
    checker = StepChecker(p)
    # the conflict cannot hold together, and each of its clues is needed
    some_mark = Mark(ethan, first, True)
    assert checker.implies(ex.conflict, [], some_mark)
    assert checker.implies(ex.conflict, [], some_mark._replace(same=False))
    for label in ex.conflict:
        rest = [c for c in ex.conflict if c != label]
        assert not (checker.implies(rest, [], some_mark)
                    and checker.implies(rest, [], some_mark._replace(same=False)))
    assert ex.to_dict()["conflict"] == ex.conflict


def test_time_limit_reports_the_steps_so_far():
    ex = mm.load("einstein").explain(time_limit=1e-6)
    assert ex.status == "time limit" and not ex.complete


def test_hint_names_a_wrong_mark_and_the_clues_against_it():
    p = mm.load("five_houses")
    sol = p.solve()
    englishman = p.noun("Nationality", "Englishman")
    red, green = p.noun("Color", "red"), p.noun("Color", "green")
    right = Mark(englishman, red, True)
    wrong = Mark(englishman, green, True)
    assert sol.partner(englishman, red.type) is red
    h = p.hint([right, wrong])
    assert [m for m, _ in h.wrong] == [wrong] and h.step is None
    labels = h.wrong[0][1]
    assert labels
    checker = StepChecker(p)
    assert checker.implies(labels, [], wrong._replace(same=False))  # they rule it out


def test_hint_on_a_correct_partial_grid_gives_a_valid_next_step():
    p = mm.load("einstein")
    ex = p.explain()
    checker = StepChecker(p)
    for upto in (0, 7, 40):
        given = ex.marks(upto)
        h = p.hint([(m.noun1, m.noun2, m.same) for m in given])
        assert h.wrong == [] and h.step is not None
        known = {_cell(m): m.same for m in given}
        assert all(known.get(_cell(u)) == u.same for u in h.step.uses)
        assert all(_cell(m) not in known for m in h.step.marks)
        assert not checker.problems(h.step)
    full = p.hint(ex.marks())
    assert full.step is None and full.status == "complete"


def test_hint_rejects_bad_marks():
    p = mm.load("five_houses")
    other = mm.load("einstein")
    red = p.noun("Color", "red")
    with pytest.raises(mm.ValidationError, match="not a noun of this puzzle"):
        p.hint([(red, other.noun("Color", "red"), True)])
    with pytest.raises(mm.ValidationError, match="same type"):
        p.hint([(red, p.noun("Color", "green"), False)])
    with pytest.raises(mm.ValidationError, match="True \\(O\\) or False"):
        p.hint([(red, p.noun("House", "1st"), "O")])


def test_grids_text_html_and_values():
    p = mm.load("five_houses")
    sol = p.solve()
    grids = sol.grids()
    assert grids.complete and len(grids.marks) == 15 * 25
    text = str(grids)
    assert "House \\ Color" in text and text.count("O") >= 15 * 5
    html = grids._repr_html_()
    assert html.count("<table") == 15 and "Englishman" in html
    englishman, red = p.noun("Nationality", "Englishman"), p.noun("Color", "red")
    partial = p.grids([(englishman, red, True)])
    assert partial.mark(red, englishman) is True and partial.mark(englishman, red) is True
    assert not partial.complete and "." in str(partial)
    with pytest.raises(mm.ValidationError, match="both O and X"):
        p.grids([(englishman, red, True), (red, englishman, False)])


def test_grids_show_placeholder_values():
    p = mm.Puzzle("Values", "Values")
    a, b = p.add_noun_type("Runner").add_nouns("Al", "Bo")
    t = p.add_noun_type("Time", placeholders=range(10, 13))
    p.add_fact("1", a, IS, WITH, t.nouns[1])
    p.add_rule("2", "Bo's time is 10.", mm.rules.value(b, t) == 10)
    p.add_rule("3", "Al's time is 12.", mm.rules.value(a, t) == 12)
    assert "Values: Time 1 = 10, Time 2 = 12" in str(p.solve().grids())


# ------------------------------------------------------------------ command line

def test_cli_explain_json_shape(capsys):
    assert main(["explain", "all_tired_out", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"status", "complete", "steps", "not_read"}  # not_read: API.md
    assert data["status"] == "complete" and data["complete"] is True
    step = data["steps"][0]
    assert set(step) == {"marks", "clues", "uses", "kind", "level", "text"}
    mark = step["marks"][0]
    assert set(mark) == {"noun1", "noun2", "mark"} and mark["mark"] in ("O", "X")
    assert set(mark["noun1"]) == {"type", "name"}


def test_cli_explain_text(capsys):
    assert main(["explain", "all_tired_out"]) == 0
    out = capsys.readouterr().out
    assert "1. [clue, level 1]" in out and "The grids at the end (complete)" in out


def test_cli_hint(tmp_path, capsys):
    p = mm.load("all_tired_out")
    ex = p.explain()
    good = tmp_path / "good.json"
    good.write_text(json.dumps([m.to_dict() for m in ex.marks(5)]))
    assert main(["hint", "all_tired_out", "--marks", str(good)]) == 0
    assert "Next step:" in capsys.readouterr().out
    flipped = [m._replace(same=not m.same).to_dict() for m in ex.marks(1)]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(flipped))
    assert main(["hint", "all_tired_out", "--marks", str(bad)]) == 1
    assert "cannot be right" in capsys.readouterr().out
    assert main(["hint", "all_tired_out", "--marks", str(bad), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["wrong"]


@pytest.mark.parametrize("content, message", [
    ("not json", "not JSON"),
    ('{"a": 1}', "expected a JSON list"),
    ('[{"noun1": {"type": "Nope", "name": "x"}}]', "marks[0].noun1: unknown noun type"),
    ('[{"noun1": {"type": "Order", "name": "1st"}, "noun2": {"type": "Order", '
     '"name": "2nd"}, "mark": "O"}]', "same type"),
    ('[{"noun1": {"type": "Order", "name": "1st"}, "noun2": {"type": "Customer", '
     '"name": "Ethan"}, "mark": "?"}]', "marks[0].mark"),
])
def test_cli_hint_bad_marks_file(tmp_path, capsys, content, message):
    path = tmp_path / "marks.json"
    path.write_text(content)
    assert main(["hint", "all_tired_out", "--marks", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_cli_hint_missing_file(capsys):
    assert main(["hint", "all_tired_out", "--marks", "/nonexistent/marks.json"]) == 2
    assert "cannot read the marks" in capsys.readouterr().err


def test_open_placeholder_values_are_not_complete(backend):
    """Two solutions that differ only in a placeholder value are different solutions: a
    puzzle whose grids are complete but whose values are open is not unique."""
    p = mm.Puzzle("OpenValues", "Open values")
    r1, r2 = p.add_noun_type("Row").add_nouns("1", "2")
    att = p.add_noun_type("Attendance", placeholders=[2, 4, 5])
    ann, _bob = p.add_noun_type("Name").add_nouns("Ann", "Bob")
    p.add_fact("1", ann, mm.IS, mm.WITH, r1)
    p.add_fact("2", att.nouns[0], mm.IS, mm.WITH, r2)
    assert p.count(backend=backend) == 3
    assert p.explain(backend=backend).status == "not unique"
    assert p.hint([], backend=backend).status in ("ok", "not unique")
