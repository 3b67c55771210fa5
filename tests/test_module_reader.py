"""The module reader on bad and edited input: strings decoded exactly, malformed calls
listed or refused with the line, and no edit of a statement is ever dropped silently."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mm import PuzzleError
from mm.formats.modules import read_source

FIXTURES = Path(__file__).parent / "fixtures"
JAVA = (FIXTURES / "all_tired_out.java").read_text()
JS = (FIXTURES / "all_tired_out_2017.js").read_text()


def _facts(p):
    return {(f.clue, f.noun1.name, f.verb.name, f.link.name, f.noun2.name) for f in p.facts}


def test_strings_with_escapes_and_non_ascii_letters_are_decoded_exactly():
    js = JS.replace('names.addNoun("Grace")', 'names.addNoun("Zo\\u00eb \\"Zoë\\"")')
    java = JAVA.replace('names.addNoun("Grace")', 'names.addNoun("Zo\\u00eb \\"Zoë\\"")')
    for source, language in ((js, "js"), (java, "java")):
        p = read_source(source, language)
        assert p.noun_types[1].nouns[1].name == 'Zoë "Zoë"', language


@pytest.mark.parametrize("old, new, message", [
    ('names.addNoun("Grace")', "names.addNoun()", r"line 26: names\.addNoun takes a name"),
    ('addNounType("Wanted")', "addNounType(3)", r"line 31: addNounType takes one argument"),
    ('addFact("2", jack', 'addFact("2", jack)', r"line 55: syntax error"),
])
def test_a_broken_structure_is_refused_naming_the_line(old, new, message):
    with pytest.raises(PuzzleError, match=message):
        read_source(JAVA.replace(old, new), "java")


@pytest.mark.parametrize("old, new, reason", [
    ("SmartLink.getIsLessBy(1)", "SmartLink.getIsLessBy()", "takes 1 argument"),
    ("SmartLink.getIsLessBy(1)", 'SmartLink.getIsLessBy("1")', "should be an integer"),
    ("SmartLink.getIsNextTo()", "SmartLink.getIsNextDoor()", "unknown SmartLink"),
    ("getIsNotBetween(rule1, slots, marge, grace, lisa)", "getIsNotBetween(rule1, slots, marge)",
     "takes 4 arguments, got 2"),
    ("getIsNotBetween(rule1, slots, marge, grace, lisa)",
     "getIsNotBetween(rule1, marge, slots, grace, lisa)", "argument 1 should be a noun type"),
    ('addFact("4", tires, Is, threeAhead, alignment)', 'addFact("4", tires, Is, alignment)',
     "argument 4 should be a link"),
    ('addFact("4", tires, Is, threeAhead, alignment)', 'addFact("4", tires)',
     "takes 4 to 7 arguments"),
    ('addFact("4", tires, Is, threeAhead, alignment)', 'addFakt("4", tires, Is, With, jack)',
     "unknown call 'addFakt'"),
    ('addFact("4", tires, Is, threeAhead, alignment)',
     'addFact("4", tires, Is, threeAhead, helper(alignment))', "unknown call 'helper'"),
])
def test_malformed_calls_are_listed_with_their_line(old, new, reason):
    p = read_source(JAVA.replace(old, new), "java")
    clues = [item for item in p.not_read if item.is_clue]
    assert clues and reason in clues[0].reason, [str(i) for i in p.not_read]
    assert clues[0].where.split(", ")[-1].startswith("line ")


def test_what_uses_a_statement_not_read_is_not_read_either():
    p = read_source(JAVA.replace('getList(ethan, jeff)', 'getGuys(ethan, jeff)'), "java")
    reasons = [f"{item.where}: {item.reason}" for item in p.not_read if item.is_clue]
    assert reasons[0].endswith("unknown call 'getGuys'")
    assert any("clue 3" in r and "uses 'guys'" in r for r in reasons)
    assert any("clue 7" in r and "uses 'guys'" in r for r in reasons)
    assert [r.clue for r in p.rules] == ["5"]


def test_group_rules_read_their_group_numbers():
    source = JAVA.replace(
        'rule2.f = smartRule.getIsRelated(rule2, grace, nextTo, guys);',
        'int[] halves = new int[]{0, 0, 1, 1, 1};\n'
        'rule2.f = smartRule.getInSameGroup(rule2, grace, lisa, slots, halves, "half", '
        'new String[]{"front", "back"});')
    p = read_source(source, "java")
    assert not [item for item in p.not_read if item.is_clue]
    assert type(p.rules[1].constraint).__name__ == "InSameGroup"
    for solution in p.solutions():
        assert p.rules[1].constraint.holds(solution)


def _statement_lines(source: str) -> list[int]:
    return [i for i, line in enumerate(source.splitlines())
            if line.strip().startswith(("addFact", "this.addFact", "rule1.f", "rule2.f"))]


EDITS = [
    lambda line: line.replace("addFact(", "addFacts(", 1),  # a renamed call
    lambda line: line.replace("(", "(helper(", 1).replace(")", "))", 1),  # a helper function
    lambda line: line.replace(")", "", 1),  # an unbalanced parenthesis
    lambda line: line.replace(", ", ", foo, ", 1),  # an extra argument
    lambda line: line.replace("Is,", "Was,", 1).replace("IsNot,", "IsNt,", 1),  # a name
]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(style=st.sampled_from(["java", "js"]), pick=st.integers(0, 100),
       edit=st.sampled_from(range(len(EDITS))))
def test_an_edited_statement_is_never_dropped_silently(style, pick, edit):
    """Exact or absent: after one edit the module is refused, or every fact read is one of
    the original's and each clue that lost facts or rules is listed."""
    source = JAVA if style == "java" else JS
    original = read_source(source, style)
    lines = source.splitlines()
    where = _statement_lines(source)
    n = where[pick % len(where)]
    lines[n] = EDITS[edit](lines[n])
    try:
        p = read_source("\n".join(lines), style)
    except PuzzleError:
        return  # refused with a reason: never a guess
    assert _facts(p) <= _facts(original)
    listed = " | ".join(f"{item.where} {item.text}" for item in p.not_read if item.is_clue)
    lost = {f[0] for f in _facts(original) - _facts(p)}
    lost |= {r.clue for r in original.rules} - {r.clue for r in p.rules}
    for clue in lost:
        assert f"clue {clue}" in listed or f"line {n + 1}" in listed, (clue, listed)
    if not lost and _facts(p) == _facts(original):
        assert [r.text for r in p.rules] == [r.text for r in original.rules]


ES = (FIXTURES / "all_tired_out_es.js").read_text()


@pytest.mark.parametrize(("source", "language", "fact", "returned"), [
    (ES, "js", '    puzzle.addFact("6", jeff, Verb.Is, justAhead, shocks);\n',
     "    return puzzle;\n"),
    (JAVA, "java", '\t\taddFact("6", jeff, Is, justAhead, shocks);\n', "\t\treturn;\n"),
])
def test_statements_after_a_return_are_never_read_as_clues(source, language, fact,
                                                           returned):
    """Code after `return` never runs: a clue there is not the module's (listed as not
    used, not read into the puzzle), in both languages."""
    assert fact in source
    whole = read_source(source, language)
    cut = read_source(source.replace(fact, returned + fact), language)
    assert "6" in {f.clue for f in whole.facts}
    assert "6" not in {f.clue for f in cut.facts}
    assert {f.clue for f in cut.facts} == {f.clue for f in whole.facts} - {"6"}
    dead = [n for n in cut.not_read if "after the return" in n.reason]
    assert dead and "jeff" in dead[0].text
