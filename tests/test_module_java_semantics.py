"""Java modules read as they would run (red team cases 10-13, 17-20): scopes, closures,
initializer blocks, unicode escapes, overridden API methods, methods never called and a
second puzzle class. Each statement is read exactly as it runs, or listed as not read, or
the module is refused; never a confident wrong puzzle."""

import pytest

from mm import PuzzleError
from mm.formats.modules import read_source

HEAD = """import com.mysterymaster.puzzle.*;

public class Small extends Puzzle {
"""
NOUNS = """		myName = "Small";
		NounType slots = addNounType("Slot");
		Noun s1 = slots.addNoun("1");
		Noun s2 = slots.addNoun("2");
		Noun s3 = slots.addNoun("3");
		NounType people = addNounType("Person");
		Noun amy = people.addNoun("Amy");
		Noun bob = people.addNoun("Bob");
		Noun cal = people.addNoun("Cal");
"""


def _module(fields: str, body: str, after: str = "") -> str:
    return HEAD + fields + "\tSmall() {\n" + NOUNS + body + "\t}\n" + after + "}\n"


def _facts(p):
    return sorted((f.clue, f.noun1.name, f.verb.name, f.link.name, f.noun2.name)
                  for f in p.facts)


def _table(p, name):
    link = next(link for link in p.links if link.name == name)
    nouns = link.noun_type.nouns
    return {(a.num, b.num) for a in nouns for b in nouns if link.f(a, b)}


def _not_read(p):
    return [(item.where, item.text) for item in p.not_read]


def test_a_local_that_hides_a_field_in_a_block_is_not_read():  # case 13
    p = read_source(_module("\tNoun first;\n", """		first = amy;
		{
			Noun first = cal;
			addFact("1", first, IsNot, With, s3);
		}
		addFact("2", first, Is, With, s1);
		addFact("3", bob, Is, With, s2);
"""), "java")
    assert _facts(p) == [("3", "Bob", "is", "with", "2")]
    listed = [text for _, text in _not_read(p)]
    assert 'addFact("1", first, IsNot, With, s3);' in listed
    assert 'addFact("2", first, Is, With, s1);' in listed
    assert all("declared more than once" in item.reason for item in p.not_read)


def test_a_constructor_parameter_that_hides_a_field_is_not_read():
    source = _module("\tint gap = 2;\n", """		Link ahead = addLink("ahead of", slots);
		ahead.f = SmartLink.getIsMoreBy(gap);
""").replace("Small() {", "Small(int gap) {")
    p = read_source(source, "java")
    assert [link.name for link in p.links if link.num] == []
    assert [where for where, _ in _not_read(p)] == ["line 4", "line 16"]


def test_a_local_in_a_block_with_a_name_of_its_own_is_read():
    p = read_source(_module("", """		{
			Noun who = cal;
			addFact("1", who, IsNot, With, s3);
		}
"""), "java")
    assert _facts(p) == [("1", "Cal", "is not", "with", "3")]
    assert not p.not_read


def test_a_link_reading_a_field_assigned_again_is_not_read():  # case 18
    p = read_source(_module("\tNoun last;\n", """		last = s2;
		Link before = addLink("just before", slots);
		before.f = (noun1, noun2) -> noun1.num + 1 == noun2.num && noun2 != last ? Is : IsNot;
		last = s3;
		addFact("1", amy, Is, before, bob);
		addFact("2", cal, IsNot, With, s2);
"""), "java")
    assert _facts(p) == [("2", "Cal", "is not", "with", "2")]
    assert [where for where, _ in _not_read(p)] == ["line 17", "clue 1, line 19"]
    assert "just before" not in [link.name for link in p.links]


def test_an_instance_initializer_runs_before_the_constructor():  # case 10
    fields = "\tint gap = 1;\n\t{\n\t\tgap = 2;\n\t}\n"
    p = read_source(_module(fields, """		Link ahead = addLink("ahead of", slots);
		ahead.f = SmartLink.getIsMoreBy(gap);
		addFact("1", amy, Is, ahead, bob);
"""), "java")
    assert _table(p, "ahead of") == {(3, 1)}
    assert not p.not_read


def test_fields_and_blocks_run_in_java_order_static_first():
    # a static block written after the constructor still runs before it
    p = read_source(_module("\tstatic int gap;\n", """		Link ahead = addLink("ahead of", slots);
		ahead.f = SmartLink.getIsMoreBy(gap);
		addFact("1", amy, Is, ahead, bob);
""", after="\tstatic {\n\t\tgap = 2;\n\t}\n"), "java")
    assert _table(p, "ahead of") == {(3, 1)}
    assert not p.not_read


def test_unicode_escapes_do_not_defeat_the_double_negation_guard():  # case 19
    p = read_source(_module("", r"""		Link before = addLink("just before", slots);
		before.f = (\u006e\u0031, \u006e2) -> \u006e\u0031.num + 1 == n2.num
			&& !(!(n2.num<3)) ? Is:IsNot;
		addFact("1", amy, Is, before, bob);
"""), "java")
    assert _facts(p) == []
    assert "just before" not in [link.name for link in p.links]
    assert p.not_read[0].where == "line 15"
    assert p.not_read[0].text.startswith("before.f = (n1, n2) -> n1.num + 1")


def test_a_line_feed_escape_in_a_comment_shifts_no_text_nor_line():  # case 20
    source = _module("", """		Link before = addLink("just before", slots);
		addFact("1", amy, Is, before, bob);
		before.f = (n1, n2) -> n1.num + 1 == n2.num && !(!(n2.num < 3)) ? Is : IsNot;
""", after="\n\tprivate boolean isOdd(Noun noun) { return !(noun.num % 2 == 0); }\n")
    source = source.replace("public class",
                            "/** Joined with a line feed (\\u000a). */\npublic class")
    p = read_source(source, "java")
    assert _facts(p) == []
    where = {text.split(" ")[0]: where for where, text in _not_read(p)}
    assert where["before.f"] == "line 17"
    assert where["boolean"] == "line 20"


def test_a_class_with_its_own_add_fact_is_refused():  # case 17
    source = _module("", """		addFact("1", amy, IsNot, With, s1);
		addFact("x", cal, IsNot, With, s1);
""", after="""
	@Override
	public void addFact(String clueNum, Noun noun1, Verb verb, Link link, Noun noun2) {
		if (!clueNum.equals("x")) addOneFact(clueNum, noun1, verb, link, noun2, null, true);
	}
""")
    with pytest.raises(PuzzleError, match=r"^line 19: .*'addFact'") as exc:
        read_source(source, "java")
    assert "\n" not in str(exc.value)


def test_a_builder_method_never_called_is_not_read():  # case 11
    source = _module("\tNoun amy, s1;\n", """		addFact("2", bob, Is, With, s2);
""", after="""
	void addHint() {
		addFact("H", amy, Is, With, s1);
	}
""").replace("Noun amy = ", "amy = ").replace("Noun s1 = ", "s1 = ")
    p = read_source(source, "java")
    assert _facts(p) == [("2", "Bob", "is", "with", "2")]
    assert _not_read(p) == [("line 19", 'addFact("H", amy, Is, With, s1);')]
    assert "addHint" in p.not_read[0].reason


def test_a_builder_method_the_constructor_calls_is_read_where_it_is_called():
    source = _module("\tNoun amy, s1;\n", """		clues();
		addFact("2", bob, Is, With, s2);
""", after="""
	void clues() {
		addFact("1", amy, Is, With, s1);
		return;
	}
""").replace("Noun amy = ", "amy = ").replace("Noun s1 = ", "s1 = ")
    p = read_source(source, "java")
    assert [f.clue for f in p.facts] == ["1", "2"]
    assert not p.not_read


def test_a_builder_method_called_twice_or_conditionally_is_not_read():
    source = _module("\tNoun amy, s1;\n", """		if (amy != null) clues();
""", after="""
	void clues() {
		addFact("1", amy, Is, With, s1);
	}
""").replace("Noun amy = ", "amy = ").replace("Noun s1 = ", "s1 = ")
    p = read_source(source, "java")
    assert p.facts == []
    assert [text for _, text in _not_read(p)] == ["if (amy != null) clues();",
                                                  'addFact("1", amy, Is, With, s1);']


def test_a_second_class_that_builds_a_puzzle_is_refused():  # case 12
    source = _module("", '		addFact("1", amy, Is, With, s1);\n') + """
class WarmUp extends Puzzle {
	WarmUp() {
		NounType days = addNounType("Day");
		days.addNoun("Monday");
	}
}
"""
    with pytest.raises(PuzzleError, match=r"^line 18: the classes 'Small' \(line 3\) and "
                                          r"'WarmUp' both build a puzzle"):
        read_source(source, "java")
