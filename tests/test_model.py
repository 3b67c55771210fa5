"""The modelling API: texts, kinds, links, copies, and that solving leaves a puzzle alone."""

import warnings

import pytest

import mm
from mm import IS, IS_NOT, WITH, links, rules
from mm.model.text import clue_label, title_case, with_clue


def tiny():
    p = mm.Puzzle("Tiny", "Tiny")
    slots = p.add_noun_type("Slot")
    s1, s2, s3 = slots.add_nouns("1st", "2nd", "3rd")
    a, b, c = p.add_noun_type("Name").add_nouns("Abe", "Bea", "Cy")
    x, y, z = p.add_noun_type("Pet").add_nouns("cat", "dog", "eel")
    return p, (s1, s2, s3), (a, b, c), (x, y, z)


@pytest.mark.parametrize("clue,label", [("5", "clue 5"), ("2,6", "clues 2,6"), ("0", "intro"),
                                        ("A", "analysis"), ("A2", "analysis 2"), ("", None)])
def test_clue_labels(clue, label):
    assert clue_label(clue) == label


def test_clue_goes_before_the_full_stop():
    assert with_clue("Abe is first.", "3") == "Abe is first (clue 3)."
    assert with_clue("Abe is first", "3") == "Abe is first (clue 3)"


def test_title_case_and_default_titles():
    assert title_case("shock absorbers") == "Shock Absorbers"
    assert title_case("jack-in-the-box") == "Jack-In-The-Box"
    p, _, names, _ = tiny()
    assert names[0].title == "Abe"
    assert p.noun_types[2].add_noun("gnu", "Gnu!").title == "Gnu!"


def test_generated_text_follows_verb_names_set_later():
    p, slots, names, _ = tiny()
    fact = p.add_fact("1", names[0], IS_NOT, WITH, slots[0])[0]
    assert fact.text == "Abe is not with 1st (clue 1)."
    p.set_verb_names(is_not="was not")
    assert fact.text == "Abe was not with 1st (clue 1)."
    p.say_fact = lambda n1, verb, link, n2: f"{n1.name}/{p.verb_name(verb)}/{n2.name}."
    assert str(fact) == "Abe/was not/1st (clue 1)."


def test_fact_kinds():
    p, slots, names, pets = tiny()
    before = p.add_link("before", p.noun_types[0], links.less_than())
    after = p.add_link("after", p.noun_types[1], links.more_than())
    k1 = p.add_fact("1", names[0], IS, WITH, pets[0])[0]
    k2 = p.add_fact("2", pets[1], IS, before, slots[2])[0]
    k3 = p.add_fact("3", names[0], IS, before, names[1])[0]
    k4 = p.add_fact("4", slots[0], IS, after, pets[2])[0]
    assert [f.kind for f in (k1, k2, k3, k4)] == [1, 2, 3, 4]


def test_one_to_one_links():
    p, *_ = tiny()
    t = p.noun_types[0]
    assert p.add_link("right", t, links.more_by(1)).one_to_one
    assert not p.add_link("next", t, links.next_to()).one_to_one
    assert p.links[0].one_to_one and p.links[0].num == 0 and p.links[0].name == "with"


def test_links_may_return_verbs():
    p, slots, names, _ = tiny()
    link = p.add_link("before", p.noun_types[0], lambda a, b: IS if a.num < b.num else IS_NOT)
    assert link.holds(slots[0], slots[1]) and not link.holds(slots[1], slots[0])


def test_duplicate_facts_warn_and_are_skipped():
    p, slots, names, _ = tiny()
    p.add_fact("1", names[0], IS, WITH, slots[0])
    with pytest.warns(UserWarning, match="already exists"):
        assert p.add_fact("2", slots[0], IS, WITH, names[0]) == []  # the mirror of a WITH fact
    assert len(p.facts) == 1


def test_a_fact_repeating_a_disabled_one_is_enforced_and_repeats_it_are_skipped():
    """A disabled fact is a draft: the same fact added enabled is a clue of its own (it was
    skipped as a duplicate and never enforced); a third copy duplicates the enabled one."""
    p, slots, names, _ = tiny()
    p.add_fact("1", names[0], IS, WITH, slots[0], enabled=False)
    made = p.add_fact("2", slots[0], IS, WITH, names[0])
    assert [f.clue for f in made] == ["2"] and made[0].enabled
    with pytest.warns(UserWarning, match="already exists: 2"):
        assert p.add_fact("3", names[0], IS, WITH, slots[0]) == []
    assert all(s.partner(names[0], p.noun_types[0]) is slots[0] for s in p.solutions())


def test_list_overloads():
    p, slots, names, pets = tiny()
    assert len(p.add_fact("1", [names[0], slots[2], pets[1]], IS_NOT, WITH)) == 3
    assert len(p.add_fact("2", slots[1], IS_NOT, WITH, [names[0], names[1]])) == 2
    before = p.add_link("just before", p.noun_types[0], links.less_by(1))
    assert len(p.add_facts_in_sequence("3", list(names), IS, before)) == 2
    assert len(p.add_facts_one_to_one("4", p.noun_types[1], IS_NOT, WITH, p.noun_types[2])) == 3
    assert len(p.add_facts_starts_with("5", names[0], p.noun_types[2], True, "e")) == 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        # no first letters agree (case counts), so all 9 pairs; 5 already exist
        assert len(p.add_facts_is_not_first_char("6", p.noun_types[1], p.noun_types[2],
                                                 False)) == 4
    assert [f.kind for f in p.facts[:3]] == [1, 1, 1]


def test_not_consecutive_uses_every_other_slot_when_forced():
    p = mm.Puzzle("Five", "Five")
    slots = p.add_noun_type("Slot").add_nouns("1", "2", "3", "4", "5")
    names = p.add_noun_type("Name").add_nouns("a", "b", "c", "d", "e")
    next_to = p.add_link("next to", p.noun_types[0], links.next_to())
    facts = p.add_facts_not_consecutive("1", names[:3], next_to)
    assert {(f.noun1.name, f.noun2.name) for f in facts} == {
        (n.name, s.name) for n in names[:3] for s in (slots[1], slots[3])}
    sol = p.solve()
    assert {sol.partner(n, p.noun_types[0]).name for n in names[:3]} == {"1", "3", "5"}


def test_disabled_facts_are_kept_but_not_enforced():
    p, slots, names, _ = tiny()
    p.add_fact("1", names[0], IS, WITH, slots[0])
    off = p.add_fact("2", names[0], IS_NOT, WITH, slots[0], enabled=False)[0]
    assert p.solve() is not None and len(p.facts) == 2
    off.enabled = True
    assert p.solve() is None


def test_solving_does_not_change_the_puzzle():
    p = mm.load("all_tired_out")
    before = [(f.text, f.enabled) for f in p.facts], [r.text for r in p.rules], p.answer
    for backend in mm.backends.available():
        p.solve(backend=backend)
        list(p.solutions(backend=backend))
        p.verify(backend=backend)
    assert ([(f.text, f.enabled) for f in p.facts], [r.text for r in p.rules], p.answer) == before


def test_copy_and_without():
    p = mm.load("five_houses")
    clone = p.copy()
    assert clone.noun_types[0].nouns[0] is not p.noun_types[0].nouns[0]
    assert clone.solve().encoded() == p.solve().encoded()
    looser = p.without(p.facts[-1])
    assert len(looser.facts) == len(p.facts) - 1 and len(p.facts) == 14
    assert looser.count(limit=3) > 1
    with pytest.raises(mm.ValidationError, match="not a fact or rule of this puzzle"):
        p.without(looser.facts[0])


def test_conditions_refuse_python_truth_and_numbers():
    p, slots, names, _ = tiny()
    cond = rules.with_(names[0], slots[0])
    with pytest.raises(TypeError, match="no Python truth value"):
        bool(cond)
    with pytest.raises(TypeError, match="forget brackets"):
        cond & 1
    assert isinstance(cond & ~cond | cond, rules.Condition)
    assert isinstance(rules.all_of([cond, cond]), rules.Condition)
    assert isinstance(rules.any_of(cond, cond), rules.Condition)


def test_solution_accessors():
    p = mm.load("five_houses")
    sol = p.solve()
    houses, pets = p.noun_types[0], p.noun_type("Pet")
    zebra = p.noun("Pet", "zebra")
    assert sol.partner(zebra, p.noun_type("Nationality")).name == "Japanese man"
    assert sol.partner(zebra, pets) is zebra
    assert sol.rows()[0][0] is houses.nouns[0]
    assert sol.to_dict()[0]["Nationality"] == "Norwegian"
    assert "Norwegian" in sol.chart() and sol.chart().splitlines()[0].startswith("House")
    assert mm.backends.available(), "no backend to compare with"
    for name in mm.backends.available():
        assert p.solve(backend=name) == sol, name
    assert p.check_answer(sol)


def test_rules_of_the_with_kind_and_related():
    p, slots, names, pets = tiny()
    before = p.add_link("before", p.noun_types[0], links.less_than())
    p.add_rule("1", "Abe is before the cat and Bea has the dog.",
               rules.related(names[0], before, pets[0]) & rules.with_(names[1], pets[1]))
    p.add_rule("2", "Cy is last.", rules.with_(names[2], slots[2]))
    sol = p.solve()
    assert sol.partner(names[1], p.noun_types[2]) is pets[1]
    assert sol.partner(names[2], p.noun_types[0]) is slots[2]
    assert sol.partner(pets[0], p.noun_types[1]) is names[2]
    assert p.count() == 2  # Abe and Bea may take slots 1 and 2 either way
    p.rules[1].constraint = rules.with_(names[2], slots[0])  # Cy first: the cat would be Bea's
    assert p.solve() is None


def test_time_limit_is_reported_never_a_wrong_answer(backend):
    p = mm.generate(6, 8, seed=5, minimal=False)
    with pytest.raises(mm.TimeLimitReached, match="time limit"):
        p.solve(backend=backend, time_limit=1e-9)
    assert p.verify(backend=backend, time_limit=1e-9).status == "unknown"
    assert p.verify(backend=backend, time_limit=60, minimal=False).status == "unique"


def test_cadical_keeps_a_time_limit_between_slices_of_conflicts():
    if "sat" not in mm.backends.available():
        pytest.skip("backend sat is not installed")
    p = mm.load("five_houses")
    assert p.solve(backend="sat", engine="cadical195", time_limit=5) is not None


def test_copies_keep_rules_that_use_with():
    """without() deep-copies the puzzle; WITH inside a rule must stay the one sentinel."""
    import copy
    import pickle

    p = mm.load("five_houses")
    englishman, red = p.noun_types[2].nouns[0], p.noun_types[1].nouns[0]
    p.add_rule("15", "The Englishman is in the red house.", rules.with_(englishman, red))
    q = p.without(p.facts[0])
    assert q.rules[0].constraint.link is WITH
    assert q.solve() == q.solve(backend="sat")
    assert copy.deepcopy(WITH) is WITH and pickle.loads(pickle.dumps(WITH)) is WITH
