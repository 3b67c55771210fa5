"""Importing Mystery Master puzzle modules (parsed, never run): the seed's modules in both
JavaScript styles and in the author's Java style, custom code listed and the rest solved,
and the partial-reading plumbing (JSON `not_read`, --strict) on the command line."""

import json
from pathlib import Path

import pytest

import mm
from mm.formats.modules import read_module

FIXTURES = Path(__file__).parent / "fixtures"


def _key(fact):
    return (fact.clue, fact.noun1.name, fact.verb.name, fact.link.name, fact.noun2.name)


@pytest.mark.parametrize("module, name, types, facts, rules", [
    ("five_houses_2017.js", "FiveHouses", 6, 14, 0),
    ("five_houses_es.js", "FiveHouses", 6, 14, 0),
    ("five_houses.java", "FiveHouses", 6, 14, 0),
    ("all_tired_out_2017.js", "AllTiredOut", 3, 8, 2),
    ("all_tired_out_es.js", "AllTiredOut", 3, 8, 2),
    ("all_tired_out.java", "AllTiredOut", 3, 8, 2),
])
def test_modules_in_every_style_import_and_solve_to_their_answer(module, name, types, facts,
                                                                  rules):
    p = read_module(FIXTURES / module)
    assert p.name == name
    assert (len(p.noun_types), len(p.facts), len(p.rules)) == (types, facts, rules)
    assert p.answer is not None  # the module's own answer
    solutions = list(p.solutions(limit=2))
    assert len(solutions) == 1 and p.check_answer(solutions[0])
    # the only thing listed is custom fact wording, which constrains nothing
    assert all(not item.is_clue and "wording" in item.reason for item in p.not_read)


def test_the_java_style_reads_as_the_javascript_style():
    """getList(...), lists in local variables and instance SmartRules (`smartRule.getX(rule,
    ...)`) give the same facts and rules as the seed's JavaScript."""
    js = read_module(FIXTURES / "all_tired_out_2017.js")
    java = read_module(FIXTURES / "all_tired_out.java")
    assert sorted(map(_key, js.facts)) == sorted(map(_key, java.facts))
    assert [r.text for r in js.rules] == [r.text for r in java.rules]
    assert js.verb_names == java.verb_names
    assert list(js.solutions()) == list(java.solutions())


def test_seed_module_details_survive():
    p = read_module(FIXTURES / "all_tired_out_2017.js")
    assert p.verb_names[1] == "was" and p.verb_names[-1] == "was not"
    assert [r.text for r in p.rules] == [
        "Marge wasn't the second of the three women in line (clue 5).",
        "Grace stood next to at least one man in line (clue 7)."]
    clue1 = [f for f in p.facts if f.clue == "1"]
    assert len(clue1) == 3 and len({f.group for f in clue1}) == 1  # one clue, as written
    shocks = p.noun_types[2].noun("shock absorbers")
    assert shocks.title == "Shocks"
    fh = read_module(FIXTURES / "five_houses_2017.js")
    assert fh.facts[0].text == "The Englishman lives in the red house (clue 1)."
    es = read_module(FIXTURES / "all_tired_out_es.js")
    assert es.author == "Faith Johnson" and es.stars == 3


def test_custom_code_is_listed_and_the_rest_imported():
    p = read_module(FIXTURES / "custom_rule.java")
    where = [item.where for item in p.not_read]
    assert where == ["line 20", "clue 4, line 25", "clue 5, line 27"]
    assert "link 'odd pair' is custom code" in p.not_read[0].reason
    assert p.not_read[2].text == "Whoever had the bread was not beside Cy."
    assert all(item.is_clue for item in p.not_read)
    assert [f.clue for f in p.facts] == ["1", "2", "3"]
    assert [r.clue for r in p.rules] == ["6"]
    assert [link.name for link in p.links] == ["with", "before"]
    assert p.verb_names[1] == "sat"


def test_a_custom_rule_helper_is_listed_and_the_rest_solves_to_the_answer():
    """isNotDivisibleBy-style custom code: the rule is listed, the helper method noted as
    not used; the clues read still fix the answer (a unique answer stays certain)."""
    p = read_module(FIXTURES / "odd_ages.java")
    clues = [item for item in p.not_read if item.is_clue]
    assert [item.where for item in clues] == ["clue 4, line 47"]
    assert clues[0].text == "Cal's age is odd." and "custom code" in clues[0].reason
    assert any("isOdd" in item.reason and not item.is_clue for item in p.not_read)
    assert [r.clue for r in p.rules] == ["5"]
    solutions = list(p.solutions(limit=2))
    assert len(solutions) == 1 and p.check_answer(solutions[0])


def test_import_records_not_read_and_solve_of_the_json_prints_it(mm_cli, tmp_path):
    out = tmp_path / "picnic.json"
    result = mm_cli("import", str(FIXTURES / "custom_rule.java"), "--out", str(out))
    assert result.returncode == 0
    assert "mm: not read: clue 5, line 27: custom code" in result.stderr
    data = json.loads(out.read_text())
    assert data["format"] == "mm-puzzle/1" and len(data["rules"]) == 1
    assert [item["where"] for item in data["not_read"]] == [
        "line 20", "clue 4, line 25", "clue 5, line 27"]
    loaded = mm.load(out)
    assert [str(i) for i in loaded.not_read] == [str(i) for i in read_module(
        FIXTURES / "custom_rule.java").not_read]
    with pytest.raises(mm.PuzzleError, match=r"3 not read \(strict\): line 20.*and 2 more"):
        mm.load(out, strict=True)
    # two solutions once clues 4 and 5 are gone: no answer is picked
    result = mm_cli("solve", str(out))
    assert result.returncode == 3 and "more than one solution" in result.stdout
    assert result.stderr.count("mm: not read: ") == 3


def test_import_of_a_missing_module_is_one_line(mm_cli, tmp_path):
    result = mm_cli("import", str(tmp_path / "nope.js"))
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1


def test_modules_solve_directly_and_strict_refuses_a_partial_reading(mm_cli):
    result = mm_cli("solve", str(FIXTURES / "five_houses_es.js"), "--json")
    data = json.loads(result.stdout)
    assert result.returncode == 0 and data["matches_answer"] is True
    assert [item["where"] for item in data["not_read"]] == ["line 47"]  # sayFact wording
    result = mm_cli("solve", str(FIXTURES / "five_houses_es.js"), "--strict")
    assert result.returncode == 0  # wording constrains nothing: strict lets it pass
    result = mm_cli("solve", str(FIXTURES / "odd_ages.java"), "--json")
    data = json.loads(result.stdout)
    assert result.returncode == 0 and data["status"] == "solved" and data["matches_answer"]
    assert "mm: not read: clue 4, line 47" in result.stderr
    for command in ("solve", "count", "verify"):
        result = mm_cli(command, str(FIXTURES / "custom_rule.java"), "--strict")
        assert result.returncode == 2, command
        assert result.stderr.strip().splitlines()[-1].startswith("mm: error: ")
        assert "read in part, 3 not read (strict)" in result.stderr
        assert "Traceback" not in result.stderr


def test_count_and_verify_json_carry_not_read(mm_cli):
    for command in ("count", "verify"):
        result = mm_cli(command, str(FIXTURES / "odd_ages.java"), "--json")
        data = json.loads(result.stdout)
        assert [item["where"] for item in data["not_read"] if "not used" not in
                item["reason"]] == ["clue 4, line 47"], command


def test_batch_results_carry_not_read(mm_cli, tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("odd_ages.java", "five_houses.java"):
        (folder / name).write_text((FIXTURES / name).read_text())
    out = tmp_path / "out.jsonl"
    result = mm_cli("batch", str(folder), "--jobs", "1", "--out", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    lines = {Path(r["id"]).name if "/" in str(r["id"]) else r["id"]: r
             for r in map(json.loads, out.read_text().splitlines())}
    counts = sorted(r["not_read_count"] for r in lines.values())
    assert counts == [1, 2]
    assert all(len(r["not_read"]) == r["not_read_count"] for r in lines.values())
    result = mm_cli("batch", str(folder), "--jobs", "1", "--out", str(out), "--quiet",
                    "--strict", "--force")  # --out exists now: --force writes over it
    assert result.returncode == 0, result.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(r["status"] for r in rows) == ["error", "unique"]
