"""Numbers in rules and placeholder nouns."""

import pytest

import mm
from mm import IS, WITH, ValidationError, rules


def people(count=3):
    p = mm.Puzzle("Numbers", "Numbers")
    p.add_noun_type("Name").add_nouns(*["Ann", "Bob", "Cy", "Di"][:count])
    return p


def test_value_of_a_noun_without_a_number_names_it():
    p = people()
    colors = p.add_noun_type("Color")
    colors.add_nouns("red", "24", "blue")
    ann = p.noun_types[0].nouns[0]
    p.add_rule("1", "Ann's color is 24.", rules.value(ann, colors) == 24)
    with pytest.raises(ValidationError, match="noun 'red' of type 'Color' has no numeric value"):
        p.solve()


def test_values_from_names_and_from_value():
    p = people()
    prices = p.add_noun_type("Price")
    assert prices.add_noun("$12.50", value=1250).value == 1250
    assert prices.add_noun("-3").value == -3
    assert prices.add_noun("1889").value == 1889
    assert p.add_noun_type("Word").add_noun("12a").value is None
    with pytest.raises(ValidationError, match="value must be an int"):
        p.noun_types[-1].add_noun("x", value=1.5)


def test_placeholder_domain_errors():
    p = people(4)
    with pytest.raises(ValidationError, match="the domain has 3 values for 4 nouns"):
        p.add_noun_type("Score", placeholders=range(3))
    with pytest.raises(ValidationError, match="must be integers, got 1.5"):
        p.add_noun_type("Weight", placeholders=[1.5, 2, 3, 4])
    with pytest.raises(ValidationError, match="must be integers"):
        p.add_noun_type("Size", placeholders=5)
    with pytest.raises(ValidationError, match="cannot be the first noun type"):
        mm.Puzzle("X", "X").add_noun_type("Score", placeholders=range(10))


def test_placeholders_are_named_and_rising():
    p = people()
    score = p.add_noun_type("Score", placeholders=range(0, 5), names=["low", "mid", "high"])
    assert [n.name for n in score.nouns] == ["low", "mid", "high"]
    ann = p.noun_types[0].nouns[0]
    p.add_rule("1", "Ann scored 4.", rules.value(ann, score) == 4)
    for backend in mm.backends.available():
        for sol in p.solutions(backend=backend):
            values = [sol.value(n) for n in score.nouns]
            assert values == sorted(set(values))
            assert sol.value(sol.partner(ann, score)) == 4
        # Ann holds "high"=4; the other two values come from 0..3 rising: C(4,2) * 2 orders
        assert p.count(backend=backend) == 6 * 2


def test_solutions_differing_only_in_values_are_different():
    p = people(2)
    score = p.add_noun_type("Score", placeholders=range(0, 4))
    ann, bob = p.noun_types[0].nouns
    p.add_fact("1", ann, IS, WITH, score.nouns[0])
    for backend in mm.backends.available():
        sols = list(p.solutions(backend=backend))
        assert len(sols) == 6  # C(4, 2) rising pairs, same rows
        assert len({s.encoded().__repr__() for s in sols}) == 1


def test_large_domains_go_to_cpsat_and_sat_says_why():
    p = people()
    att = p.add_noun_type("Attendance", placeholders=range(0, 1000))
    ann = p.noun_types[0].nouns[0]
    p.add_rule("1", "Ann drew 7.", rules.value(ann, att) == 7)
    if "sat" in mm.backends.available():
        with pytest.raises(mm.UnsupportedFeature,
                           match="placeholder type 'Attendance' has a domain of 1000 values"):
            p.solve(backend="sat")
    if "cpsat" in mm.backends.available():
        assert p.solve().value(p.solve().partner(ann, att)) == 7


def test_operator_precedence_trap_is_caught():
    p = people()
    t = p.noun_types[0]
    with pytest.raises(TypeError, match="forget brackets"):
        rules.num(t.nouns[0], t) == 1 & rules.num(t.nouns[1], t) == 2  # noqa: B015
    with pytest.raises(TypeError, match="no Python"):
        bool(1 < rules.num(t.nouns[0], t) < 3)


@pytest.mark.parametrize("name", ["lecture_attendance", "car_lot"])
def test_numeric_builtins_on_every_backend(name, backend):
    p = mm.load(name)
    sols = list(p.solutions(limit=2, backend=backend))
    assert len(sols) == 1 and p.check_answer(sols[0])


def test_attendance_figures_in_chart_and_json():
    p = mm.load("lecture_attendance")
    sol = p.solve()
    assert [row["Attendance"] for row in sol.to_dict()] == [12, 36, 18, 24]
    assert "36" in sol.chart()


def test_a_product_whose_factor_is_a_sum_or_a_count(backend):
    """CP-SAT multiplies affine expressions only: a factor that is a sum (or a count, a sum
    of row literals) must get its own variable, not make the model invalid."""
    import itertools

    p = mm.Puzzle("ProductOfSum", "Product of a sum")
    house = p.add_noun_type("House")
    house.add_nouns("1", "2", "3")
    red, green, blue = p.add_noun_type("Color").add_nouns("red", "green", "blue")
    p.add_rule("1", "red * (green + blue) == 9",
               rules.num(red, house) * (rules.num(green, house) + rules.num(blue, house)) == 9)
    expected = sum(1 for r, g, b in itertools.permutations((1, 2, 3)) if r * (g + b) == 9)
    assert expected == 2
    assert p.count(backend=backend) == expected

    q = mm.Puzzle("CountSquared", "Count squared")
    q.add_noun_type("Row").add_nouns("1", "2")
    dish = q.add_noun_type("Dish", repeats=True)
    _pasta, soup = dish.add_nouns("pasta", "soup")
    q.add_rule("1", "count(soup)^2 > 1", rules.count(soup) * rules.count(soup) > 1)
    assert q.count(backend=backend) == 1  # soup on both rows
