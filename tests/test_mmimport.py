"""Importing Mystery Master puzzle modules (read as text, never run): the seed's modules in
both styles, and a module with custom code that is listed, not translated."""

import json
from pathlib import Path

import pytest

import mm
from mm.formats.modules import import_module

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.mark.parametrize("module, name, types, facts, rules", [
    ("five_houses_2017.js", "FiveHouses", 6, 14, 0),
    ("five_houses_es.js", "FiveHouses", 6, 14, 0),
    ("all_tired_out_2017.js", "AllTiredOut", 3, 8, 2),
    ("all_tired_out_es.js", "AllTiredOut", 3, 8, 2),
])
def test_seed_modules_import_and_solve_to_the_seed_answer(module, name, types, facts, rules):
    imported = import_module(FIXTURES / module)
    p = imported.puzzle
    assert p.name == name
    assert (len(p.noun_types), len(p.facts), len(p.rules)) == (types, facts, rules)
    assert p.answer is not None  # the module's own answer
    solutions = list(p.solutions(limit=2))
    assert len(solutions) == 1 and p.check_answer(solutions[0])
    # the only thing not translated is custom fact wording, where the module has one
    assert all(item.startswith("sayFact") for item in imported.untranslated)


def test_seed_module_details_survive():
    p = import_module(FIXTURES / "all_tired_out_2017.js").puzzle
    assert p.verb_names[1] == "was" and p.verb_names[-1] == "was not"
    assert [r.text for r in p.rules] == [
        "Marge wasn't the second of the three women in line (clue 5).",
        "Grace stood next to at least one man in line (clue 7)."]
    clue1 = [f for f in p.facts if f.clue == "1"]
    assert len(clue1) == 3 and len({f.group for f in clue1}) == 1  # one clue, as written
    shocks = p.noun_types[2].noun("shock absorbers")
    assert shocks.title == "Shocks"
    fh = import_module(FIXTURES / "five_houses_2017.js").puzzle
    assert fh.facts[0].text == "The Englishman lives in the red house (clue 1)."


def test_custom_code_is_listed_and_the_rest_imported(mm_cli, tmp_path):
    imported = import_module(FIXTURES / "custom_rule.java")
    notes = "\n".join(imported.untranslated)
    assert "link 'odd pair' is custom code" in notes
    assert "clue 4:" in notes and "clue 5: rule 'Whoever had the bread was not beside Cy.'" in notes
    p = imported.puzzle
    assert [f.clue for f in p.facts] == ["1", "2", "3"]
    assert [r.clue for r in p.rules] == ["6"]
    assert [link.name for link in p.links] == ["with", "before"]
    assert p.verb_names[1] == "sat"
    out = tmp_path / "picnic.json"
    result = mm_cli("import", str(FIXTURES / "custom_rule.java"), "--out", str(out))
    assert result.returncode == 0
    assert "not translated: clue 5" in result.stderr
    data = json.loads(out.read_text())
    assert data["format"] == "mm-puzzle/1" and len(data["rules"]) == 1
    assert mm.load(out).solve() is not None


def test_import_of_a_missing_module_is_one_line(mm_cli, tmp_path):
    result = mm_cli("import", str(tmp_path / "nope.js"))
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1


def test_modules_solve_directly_unless_something_is_missing(mm_cli):
    result = mm_cli("solve", str(FIXTURES / "five_houses_es.js"), "--json")
    assert result.returncode == 0 and json.loads(result.stdout)["matches_answer"] is True
    result = mm_cli("solve", str(FIXTURES / "custom_rule.java"))
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "not translated" in result.stderr and "Traceback" not in result.stderr
