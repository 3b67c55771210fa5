"""JavaScript modules read as they behave when run, or refused: cases from a red team whose
ground truth came from running each module under node against a stub of the Mystery Master
classes (the facts and link tables in TRUTH below are that run's output)."""

from pathlib import Path

import pytest

from mm import PuzzleLoadError
from mm.formats.modules import read_module
from mm.model.unread import NOT_USED

CASES = Path(__file__).parent / "fixtures" / "js_semantics"

# facts (clue, noun1, verb, link, noun2) and links (name -> pairs of noun numbers where it
# holds) of the real run
TRUTH = {
    "case_2.mjs": ({("2", "Bob", "is", "with", "2")}, {}),
    "case_3.mjs": ({("1", "Amy", "is", "just before", "Bob"),
                    ("2", "Cal", "is not", "with", "2")}, {"just before": {(1, 2)}}),
    "case_7.mjs": ({("1", "Amy", "is", "just before", "Bob"),
                    ("2", "Bob", "is", "just before", "Cal")},
                   {"just before": {(1, 2), (2, 3)}}),
    "case_9.mjs": ({("2", "Bob", "is", "with", "2")}, {}),
    "case_15.mjs": ({("1", "Amy", "is", "ahead of", "Bob"),
                     ("2", "Cal", "is not", "with", "3")}, {"ahead of": {(3, 1)}}),
}


def _facts(p):
    return {(f.clue, f.noun1.name, f.verb.name, f.link.name, f.noun2.name) for f in p.facts}


def _links(p):
    return {link.name: {(a.num, b.num) for a in link.noun_type.nouns
                        for b in link.noun_type.nouns if link.holds(a, b)}
            for link in p.links if link.num != 0}


@pytest.mark.parametrize("name", sorted(TRUTH))
def test_a_module_reads_as_it_runs(name):
    """Functions nothing calls are not read; a link's function reads the names' last values
    and every noun of its type (the module runs to its end before the puzzle is solved);
    top-level statements run before the loader is called."""
    p = read_module(CASES / name)
    facts, links = TRUTH[name]
    assert _facts(p) == facts
    assert _links(p) == links
    assert all(NOT_USED in n.reason for n in p.not_read), p.not_read


@pytest.mark.parametrize(("name", "message"), [
    ("case_4.mjs", "a second 'new Puzzle"),
    ("case_5.mjs", "defines its own 'addFact'"),
    ("case_16.js", "defines its own 'addFact'"),
    ("case_14.mjs", "the nouns of 'Person' are read when it has 0"),
])
def test_what_mm_cannot_follow_refuses_the_module(name, message):
    with pytest.raises(PuzzleLoadError, match=message):
        read_module(CASES / name)


@pytest.mark.parametrize(("name", "unread", "facts_left"), [
    ("case_1.mjs", "custom code", {"2", "3"}),  # a block with its own `let`
    ("case_8.js", "custom code", {"2"}),  # a builder function named in other code
    ("case_6.mjs", "custom code", set()),  # `gap += 1`, `group.splice(0, 1)` not read...
])
def test_what_mm_cannot_follow_is_not_read(name, unread, facts_left):
    """...and what uses a name they change is not read either (it kept its old value)."""
    p = read_module(CASES / name)
    assert any(unread in n.reason and NOT_USED not in n.reason for n in p.not_read)
    assert {f.clue for f in p.facts} == facts_left


def test_a_string_as_addfacts_fifth_argument_is_not_read_in_javascript(tmp_path):
    """Mystery Master's JavaScript addFact(clue, nounA, verb, link, nounB, name) takes the
    fifth argument as the second noun (Java has an overload taking it as the text)."""
    source = (CASES / "case_2.mjs").read_text().replace(
        'puzzle.addFact("2", bob, Verb.Is, Link.With, s2);',
        'puzzle.addFact("2", [bob, amy], Verb.IsNot, Link.With, "Bob and Amy differ.");')
    assert "Bob and Amy differ" in source
    path = tmp_path / "text.mjs"
    path.write_text(source)
    p = read_module(path)
    assert p.facts == []
    assert any("fifth argument is the second noun" in n.reason for n in p.not_read)
