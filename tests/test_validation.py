"""Each of the seed's validation errors, with a message that names what is wrong."""

import pytest

import mm
from mm import IS, IS_NOT, MAYBE, WITH, ValidationError, links, rules


def base(types=2, nouns=3):
    p = mm.Puzzle("Base", "Base")
    for t in range(types):
        p.add_noun_type(f"T{t}").add_nouns(*(f"n{t}{i}" for i in range(nouns)))
    return p


def first_two(p):
    return p.noun_types[0].nouns[0], p.noun_types[1].nouns[0]


@pytest.mark.parametrize("name,title", [("", "T"), ("N", ""), (None, "T"), ("N", "  ")])
def test_name_and_title_are_required(name, title):
    with pytest.raises(ValidationError, match="name|title"):
        mm.Puzzle(name, title)


def test_name_cleared_later_is_caught_by_validate():
    p = base()
    p.add_fact("1", *first_two(p)[:1], IS, WITH, first_two(p)[1])
    p.name = ""
    with pytest.raises(ValidationError, match="name of the puzzle"):
        p.validate()


def test_fewer_than_two_noun_types():
    p = mm.Puzzle("One", "One")
    p.add_noun_type("Only").add_nouns("a", "b")
    with pytest.raises(ValidationError, match="at least two noun types"):
        p.validate()


def test_fewer_than_two_nouns():
    p = base(nouns=1)
    with pytest.raises(ValidationError, match="at least two nouns per type.*'T0' has 1"):
        p.validate()


def test_unequal_noun_counts_names_the_type():
    p = base()
    p.add_noun_type("Short").add_nouns("x", "y")
    with pytest.raises(ValidationError, match="'Short' has 2, 'T0' has 3"):
        p.validate()


def test_fact_with_the_possible_verb():
    p = base()
    a, b = first_two(p)
    with pytest.raises(ValidationError, match="possible verb"):
        p.add_fact("1", a, MAYBE, WITH, b)
    fact = p.add_fact("2", a, IS, WITH, b, "A is with B.")[0]
    fact.verb = MAYBE  # changed after creation: validate() still catches it
    with pytest.raises(ValidationError, match=r'Fact 1 "A is with B \(clue 2\)\." .*possible verb'):
        p.validate()


def test_both_nouns_the_same():
    p = base()
    a, _ = first_two(p)
    link = p.add_link("before", p.noun_types[1], links.less_than())
    with pytest.raises(ValidationError, match="both nouns be the same \\('n00'\\)"):
        p.add_fact("1", a, IS, link, a)


def test_with_between_nouns_of_one_type():
    p = base()
    x, y = p.noun_types[1].nouns[:2]
    with pytest.raises(ValidationError, match="two nouns of the same type \\('T1'\\)"):
        p.add_fact("1", x, IS_NOT, WITH, y)


def test_lists_skip_same_type_pairs_as_the_seed_does():
    p = base(types=3)
    a = p.noun_types[0].nouns[0]
    x, y = p.noun_types[1].nouns[:2]
    created = p.add_fact("1", [a, x, y], IS_NOT, WITH)
    assert [(f.noun1.name, f.noun2.name) for f in created] == [("n00", "n10"), ("n00", "n11")]


def test_both_nouns_of_the_links_type():
    p = base()
    link = p.add_link("before", p.noun_types[0], links.less_than())
    a, b = p.noun_types[0].nouns[:2]
    with pytest.raises(ValidationError, match="link 'before' and both nouns with the same type"):
        p.add_fact("1", a, IS, link, b)


def test_link_without_a_function():
    p = base()
    a, b = first_two(p)
    p.add_link("mystery", p.noun_types[1])
    p.add_fact("1", a, IS, WITH, b)
    with pytest.raises(ValidationError, match="Link 1 'mystery' must have a function"):
        p.validate()


def test_rule_without_a_constraint():
    p = base()
    p.add_rule("3", "Something holds.")
    with pytest.raises(ValidationError, match='Rule 1 "Something holds \\(clue 3\\)\\." must have'):
        p.validate()


def test_no_fact_and_no_rule():
    with pytest.raises(ValidationError, match="at least one fact or rule"):
        base().validate()


def test_unknown_noun_and_foreign_noun():
    p, q = base(), base()
    a, _ = first_two(p)
    with pytest.raises(ValidationError, match="noun 'n10' is not in puzzle 'Base'"):
        p.add_fact("1", a, IS, WITH, q.noun_types[1].nouns[0])
    with pytest.raises(ValidationError, match="unknown noun 'zebra' in type 'T1'"):
        p.noun("T1", "zebra")
    with pytest.raises(ValidationError, match="expected a noun"):
        p.add_fact("1", a, IS, WITH, "n10")


def test_rule_over_a_foreign_noun():
    p, q = base(), base()
    with pytest.raises(ValidationError, match="not in puzzle"):
        p.add_rule("1", "Bad.", rules.with_(q.noun_types[0].nouns[0], q.noun_types[1].nouns[0]))


def test_rule_constraint_must_be_a_condition():
    p = base()
    with pytest.raises(ValidationError, match="must be built from mm.rules"):
        p.add_rule("1", "Bad.", lambda: True)


def test_duplicate_names():
    p = base()
    with pytest.raises(ValidationError, match="already has a noun named 'n00'"):
        p.noun_types[0].add_noun("n00")
    with pytest.raises(ValidationError, match="already has a noun type named 'T0'"):
        p.add_noun_type("T0")


def test_link_function_returning_nonsense():
    p = base()
    a, b = first_two(p)
    link = p.add_link("odd", p.noun_types[1], lambda x, y: "yes")
    p.add_fact("1", a, IS, link, b)
    with pytest.raises(ValidationError, match="Link 1 'odd' returned 'yes'"):
        p.solve()


def test_wrong_sizes_in_smart_rules():
    p = base()
    t0, t1 = p.noun_types
    with pytest.raises(ValidationError, match="equal lengths"):
        rules.match_one_to_one(t0.nouns[:2], t1.nouns[:1])
    with pytest.raises(ValidationError, match="2 group labels for the 3 nouns"):
        rules.in_same_group(t0.nouns[0], t1.nouns[0], t0, ["a", "b"])


def test_bad_answer_shape():
    p = base()
    p.add_fact("1", *first_two(p)[:1], IS, WITH, first_two(p)[1])
    p.answer = [[0, 0, 1]]
    with pytest.raises(ValidationError, match="answer must be 1 rows"):
        p.validate()
