"""The JSON puzzle format: exact round trips, the published schema, and errors that name
the JSON path of the problem."""

import json
import re
from importlib import resources

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from puzzle_oracle import random_puzzle

import mm
from mm.formats import json_format


def _texts(p):
    return [f.text for f in p.facts] + [r.text for r in p.rules]


def _has_predicate(p):
    return any(isinstance(r.constraint, mm.rules.Predicate) for r in p.rules)


def _round_trip(p):
    data = json_format.to_json(p)
    q = json_format.from_json(json.loads(json.dumps(data)))
    return data, q


@pytest.mark.parametrize("name", mm.builtin_names())
def test_builtin_puzzles_round_trip_exactly(name, tmp_path):
    p = mm.load(name)
    if _has_predicate(p):  # code is never written as data
        with pytest.raises(mm.UnsupportedFeature, match="Python function"):
            p.save(tmp_path / "p.json")
        return
    p.save(tmp_path / "p.json")
    q = mm.load(tmp_path / "p.json")
    assert {s.assignment for s in q.solutions()} == {s.assignment for s in p.solutions()}
    assert _texts(q) == _texts(p)
    assert q.answer == p.answer and q.answer_values == p.answer_values
    assert json_format.to_json(q) == json_format.to_json(p)
    # facts written as one clue stay one clue (verify groups by them)
    assert len({f.group for f in q.facts}) == len({f.group for f in p.facts})


@pytest.mark.parametrize("name", mm.builtin_names())
def test_exported_puzzles_follow_the_schema(name):
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is a test extra")
    schema = json.loads(resources.files("mm.formats").joinpath("schema/mm-puzzle-1.schema.json")
                        .read_text())
    p = mm.load(name)
    if _has_predicate(p):
        pytest.skip(f"{name} has a rule written as a Python function: it has no JSON form")
    jsonschema.validate(json_format.to_json(p), schema)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31))
@example(seed=1123)  # two SmartRules' "before" links over different types: named once each
def test_random_puzzles_with_custom_links_and_rules_round_trip(seed):
    p = random_puzzle(seed, numbers=seed % 2 == 0)
    _, q = _round_trip(p)
    assert {s.assignment for s in q.solutions()} == {s.assignment for s in p.solutions()}
    assert _texts(q) == _texts(p)


@pytest.fixture
def five_houses_json():
    return json_format.to_json(mm.load("five_houses"))


@pytest.fixture
def load_error(mm_cli, tmp_path):
    """`mm solve` on a bad.json holding this text or JSON value."""
    def run(data):
        path = tmp_path / "bad.json"
        path.write_text(data if isinstance(data, str) else json.dumps(data))
        return mm_cli("solve", str(path))
    return run


def test_corrupted_json_is_one_line_naming_line_and_column(load_error, assert_one_line_error,
        five_houses_json):
    text = json.dumps(five_houses_json, indent=1)
    result = load_error(text[: len(text) // 2])
    assert_one_line_error(result, "not valid JSON (line ")


def test_unknown_noun_names_the_json_path(load_error, assert_one_line_error,
        five_houses_json):
    five_houses_json["facts"][3]["noun2"] = {"type": "Pet", "noun": "Zebra"}
    result = load_error(five_houses_json)
    assert_one_line_error(result, "facts[3].noun2: unknown noun 'Zebra' in type 'Pet'")


def test_unknown_link_names_the_json_path(load_error, assert_one_line_error,
        five_houses_json):
    smart = five_houses_json["links"][0]["smart"]
    five_houses_json["links"][0]["smart"] = "beside"
    assert_one_line_error(load_error(five_houses_json),
                          "links[0].smart: unknown link 'beside'")
    five_houses_json["links"][0]["smart"] = smart
    five_houses_json["facts"][4]["link"] = "behind"
    assert_one_line_error(load_error(five_houses_json),
                          "facts[4].link: unknown link \"behind\"")


def test_missing_field_and_wrong_kinds_name_the_json_path(load_error, assert_one_line_error,
        five_houses_json):
    del five_houses_json["facts"][0]["verb"]
    assert_one_line_error(load_error(five_houses_json),
                          "facts[0]: missing required field 'verb'")
    five_houses_json["facts"][0]["verb"] = "is"
    five_houses_json["types"][1]["nouns"][2] = {"name": 7}
    assert_one_line_error(load_error(five_houses_json),
                          "types[1].nouns[2].name: expected a string, got 7")
    assert_one_line_error(load_error({"format": "other/2"}),
                          "format: unknown format 'other/2'")
    assert_one_line_error(load_error([1, 2]), "$: a puzzle file holds one JSON")


def test_model_validation_errors_name_the_json_path(load_error, assert_one_line_error,
        five_houses_json):
    five_houses_json["types"][2]["nouns"].append("Dane")  # a noun type of the wrong size
    result = load_error(five_houses_json)
    assert_one_line_error(result, "bad.json: types[2].nouns: type 'Nationality' has 6 nouns")


def test_export_command_writes_json_that_solves_the_same(mm_cli, tmp_path):
    out = tmp_path / "einstein.json"
    assert mm_cli("export", "einstein", "--to", "json", "--out", str(out)).returncode == 0
    assert json.loads(out.read_text())["format"] == "mm-puzzle/1"
    solved = mm_cli("solve", str(out), "--json")
    assert solved.returncode == 0
    assert json.loads(solved.stdout)["matches_answer"] is True


def test_an_unknown_field_is_refused_naming_its_path(load_error, assert_one_line_error,
        five_houses_json):
    """A misspelt field ("enable" for "enabled") must not be dropped: the draft fact would
    be enforced and the puzzle read differently."""
    five_houses_json["facts"][3]["enable"] = False
    assert_one_line_error(load_error(five_houses_json),
                          "facts[3].enable: unknown field 'enable'")
    del five_houses_json["facts"][3]["enable"]
    five_houses_json["fact"] = []
    assert_one_line_error(load_error(five_houses_json), "fact: unknown field 'fact'")


@pytest.mark.parametrize(("node", "path"), [
    ({"op": "not", "x": {"op": "const", "value": True}, "negate": True}, "rules[0].expr.negate"),
    ({"op": "compare", "cmp": "<", "left": {"int": 1, "type": "House"},
      "right": {"int": 2}}, "rules[0].expr.left.type"),
])
def test_an_unknown_field_in_a_rule_node_is_refused(node, path):
    data = json_format.to_json(mm.load("five_houses"))
    data["rules"] = [{"clue": "r", "text": "r", "expr": node}]
    with pytest.raises(mm.PuzzleError, match=re.escape(f"{path}: unknown field")):
        json_format.from_json(data)


def test_the_reader_knows_exactly_the_fields_of_the_published_schema():
    schema = json.loads(resources.files("mm.formats").joinpath(
        "schema/mm-puzzle-1.schema.json").read_text())
    defs = schema["$defs"]
    noun_object = next(o for o in defs["type"]["properties"]["nouns"]["items"]["oneOf"]
                       if o.get("type") == "object")
    published = {
        "puzzle": schema["properties"], "type": defs["type"]["properties"],
        "noun": noun_object["properties"], "noun_ref": defs["noun"]["properties"],
        "link": defs["link"]["properties"], "fact": defs["fact"]["properties"],
        "rule": defs["rule"]["properties"], "question": schema["properties"]["question"][
            "properties"], "not_read": schema["properties"]["not_read"]["items"]["properties"],
    }
    assert {k: set(v) for k, v in published.items()} == \
        {k: set(v) for k, v in json_format.FIELDS.items()}
    conds = {o["properties"]["op"].get("const", ""): set(o["properties"])
             for o in defs["cond"]["oneOf"]}
    for op, fields in json_format.COND_FIELDS.items():
        match = [f for key, f in conds.items() if op == key] or \
            [set(o["properties"]) for o in defs["cond"]["oneOf"]
             if op in o["properties"]["op"].get("enum", ())]
        assert match and match[0] == set(fields), op


def test_a_number_of_thousands_of_digits_is_bad_input(tmp_path, mm_cli,
        assert_one_line_error):
    path = tmp_path / "big.json"
    data = json_format.to_json(mm.load("five_houses"))
    text = json.dumps(data).replace('"answer": [', '"answer": [' + "9" * 5000 + ", ", 1)
    assert "9" * 5000 in text
    path.write_text(text)
    assert_one_line_error(mm_cli("solve", str(path)), "a number too long to read")
