"""The English zebra importer: reasoning-gym puzzles, other collections' phrasings, and
clues it must refuse rather than guess."""

import random
from pathlib import Path

import pytest

from mm.formats.english import EnglishPuzzleError, parse_english


def _reasoning_gym_sample(count: int, seed: int):
    """reasoning-gym's zebra puzzles; only the tests that use them skip without it."""
    reasoning_gym = pytest.importorskip("reasoning_gym", reason="reasoning-gym is a test extra")
    rng = random.Random(seed)
    for k in range(count):
        people, attributes = rng.randint(2, 6), rng.randint(2, 6)
        yield reasoning_gym.create_dataset("zebra_puzzles", size=1, seed=seed * 1000 + k,
                                           num_people=people,
                                           num_characteristics=attributes)[0]


@pytest.mark.parametrize("seed", [3, 11])
def test_reasoning_gym_puzzles_parse_solve_uniquely_and_answer(seed):
    for item in _reasoning_gym_sample(15, seed):
        english = parse_english(item["question"])
        assert english.problems == []
        solutions = list(english.puzzle.solutions(limit=2))
        assert len(solutions) == 1, item["question"]
        assert str(english.answer(solutions[0])).lower() == item["answer"].lower()


ZEBRALOGIC_STYLE = """There are 5 houses, numbered 1 to 5 from left to right, as seen from across the
street. Each house is occupied by a different person. Each house has a unique attribute for each
of the following characteristics:
 - Each person has a unique name: `Arnold`, `Eric`, `Peter`, `Alice`, `Bob`
 - People have unique favorite book genres: `mystery`, `science fiction`, `romance`, `fantasy`,
   `biography`
 - The people keep unique animals: `cat`, `dog`, `bird`, `fish`, `horse`
 - People own unique car models: `Ford F-150`, `Tesla Model 3`, `Toyota Camry`, `BMW 3 Series`, `Honda Civic`

## Clues:
1. The person who loves fantasy books is Eric.
2. Arnold is in the second house.
3. The Ford F150 owner is not in the fourth house.
4. There is one house between where the cat lover lives and where Peter lives.
5. The fish enthusiast is at one of the ends.
6. The person who loves romance books is somewhere in between Bob and the dog owner in that order.
7. Person Alice is the person who owns a BMW 3 Series.
8. The bird keeper lives directly left of the horse owner.
9. There are two houses between the person who loves mystery books and Alice.
10. Peter is not next to the Tesla Model 3 owner.
11. Bob is two houses away from the horse owner.

What is the number of the house where Eric lives?
"""


def test_other_phrasings_are_read_by_clue_kind():
    english = parse_english(ZEBRALOGIC_STYLE.replace("\n   `biography`", " `biography`"))
    assert english.problems == []
    p = english.puzzle
    assert [t.name for t in p.noun_types][0] == "House"
    assert len(p.noun_types) == 5 and len(p.noun_types[0].nouns) == 5
    assert len(p.facts) == 9 and len(p.rules) == 2  # in-between and at-the-ends are rules
    by_clue = {f.clue: f for f in p.facts}
    assert by_clue["3"].noun1.name == "Ford F-150" and by_clue["3"].noun2.name == "4"
    assert by_clue["7"].noun1.name == "Alice" and by_clue["7"].noun2.name == "BMW 3 Series"
    assert by_clue["10"].verb.name == "is not"
    assert by_clue["11"].link.name == "one house between"  # two houses away: |a - b| = 2
    assert english.question.kind == "house" and english.question.subject.name == "Eric"
    for solution in p.solutions(limit=5):
        house = english.answer(solution)
        assert isinstance(house, int)
        assert solution.partner(english.question.subject, p.noun_types[0]).name == str(house)


BIG_BENCH_STYLE = (Path(__file__).parent / "fixtures" / "big_bench_style.txt").read_text()


def test_big_bench_lists_and_choices():
    english = parse_english(BIG_BENCH_STYLE)
    assert english.problems == []
    assert english.question.choices == ["2", "1", "3"]
    solutions = list(english.puzzle.solutions(limit=2))
    assert len(solutions) == 1
    assert english.answer(solutions[0]) == 1


def test_a_clue_it_cannot_read_is_reported_not_guessed():
    text = BIG_BENCH_STYLE.replace(
        "4. The person who has a bouquet of daffodils and the person who likes yellow live next "
        "to each other.", "4. The person who likes purple is happy.\n"
        "5. The person who likes red rides a bicycle to the person who has a vase of tulips.")
    english = parse_english(text)
    assert len(english.problems) == 2
    assert english.problems[0].startswith("clue 4 ")
    assert english.problems[1].startswith("clue 5 ")
    assert len(english.puzzle.facts) == 3  # the clues it could read are kept


def test_an_ambiguous_value_is_reported():
    text = """There are 3 houses.
 - Each person has a favorite color: red, green, blue
 - Each house has a color: red, black, brown

1. The black house is in the first house.
2. Red is in the second house.
"""
    english = parse_english(text)
    assert len(english.problems) == 1
    assert english.problems[0].startswith("clue 2 ") and "could be any of" in english.problems[0]


def test_words_of_a_list_tell_values_apart():
    text = """There are 3 houses.
 - Each person has a favorite color: red, green, blue
 - Each person has a different hair color: red, black, brown

1. The person with black hair is in the first house.
2. The person who loves red is in the second house.
3. The person with red hair lives in the red house.
"""
    english = parse_english(text)
    assert english.problems == []
    first, second, third = english.puzzle.facts
    assert second.noun1.type.name == "Color"  # no "hair": the favorite colour
    assert (third.noun1.type.name, third.noun2.type.name) == ("Color2", "Color")


def test_missing_lists_or_wrong_sizes_are_errors():
    with pytest.raises(EnglishPuzzleError, match="no attribute lists"):
        parse_english("1. Alice is in the first house.")
    with pytest.raises(EnglishPuzzleError, match="has 2 values, expected 3"):
        parse_english(BIG_BENCH_STYLE.replace(", and one likes yellow", ""))


def test_unnumbered_bullet_clues_are_read_too():
    lines = BIG_BENCH_STYLE.splitlines()
    bulleted = "\n".join(f"- {line[3:]}" if line[:1].isdigit() else line for line in lines)
    english = parse_english(bulleted)
    assert english.problems == []
    assert [f.clue for f in english.puzzle.facts] == ["1", "2", "3", "4"]
    solutions = list(english.puzzle.solutions(limit=2))
    assert len(solutions) == 1 and english.answer(solutions[0]) == 1


def test_english_files_solve_answer_and_round_trip_through_json(mm_cli, tmp_path):
    import json
    from importlib import resources

    import mm
    from mm.formats import json_format

    path = tmp_path / "houses.txt"
    path.write_text(BIG_BENCH_STYLE)
    result = mm_cli("solve", str(path))
    assert result.returncode == 0
    assert result.stdout.strip().endswith("lives? 1")
    out = tmp_path / "houses.json"
    assert mm_cli("export", str(path), "--out", str(out)).returncode == 0
    loaded = mm.load(out)
    assert loaded.question.kind == "house" and loaded.question.choices == ["2", "1", "3"]
    assert loaded.question.answer(loaded.solve()) == 1
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is a test extra")
    schema = json.loads(resources.files("mm.formats").joinpath("schema/mm-puzzle-1.schema.json")
                        .read_text())
    jsonschema.validate(json_format.to_json(loaded), schema)


EINSTEIN_STYLE = """There are five houses in a row, numbered 1 to 5 from left to right.
 - Each house has a color: red, green, white, yellow, blue
 - The people are of nationalities: Brit, Swede, Dane, Norwegian, German
 - Each person has a favorite drink: tea, coffee, milk, beer, water
 - Everyone has a different favorite cigar: Pall Mall, Dunhill, Blends, BlueMaster, Prince
 - The people keep different animals: dogs, birds, cats, horses, fish

1. The Brit lives in the red house.
2. The Swede keeps dogs as pets.
3. The Dane drinks tea.
4. The green house is directly left of the white house.
5. The green house's owner drinks coffee.
6. The person who smokes Pall Mall rears birds.
7. The owner of the yellow house smokes Dunhill.
8. The man living in the middle house drinks milk.
9. The Norwegian lives in the first house.
10. The man who smokes Blends lives next to the one who keeps cats.
11. The man who keeps horses lives next to the man who smokes Dunhill.
12. The owner who smokes BlueMaster drinks beer.
13. The German smokes Prince.
14. The Norwegian lives next to the blue house.
15. The man who smokes Blends has a neighbor who drinks water.

Who owns the fish?
"""


def test_classic_einstein_wording_with_many_verbs():
    english = parse_english(EINSTEIN_STYLE)
    assert english.problems == []
    assert english.question.kind == "who"
    assert english.question.category.name == "Nationalities"  # no names: who = nationality
    solutions = list(english.puzzle.solutions(limit=2))
    assert len(solutions) == 1
    assert english.answer(solutions[0]) == "German"
    middle = [f for f in english.puzzle.facts if f.clue == "8"][0]
    assert (middle.noun1.type.name, middle.noun1.name, middle.noun2.name) == ("House", "3", "milk")


def test_far_left_and_attribute_questions_without_who_lives():
    text = EINSTEIN_STYLE.replace("9. The Norwegian lives in the first house.",
                                  "9. The Norwegian is on the far left.").replace(
        "Who owns the fish?", "What is the drink of the person in house 2?")
    english = parse_english(text)
    assert english.problems == []
    assert [(f.noun1.name, f.noun2.name) for f in english.puzzle.facts if f.clue == "9"] == \
        [("Norwegian", "1")]
    assert english.question.kind == "attribute" and english.question.house == 2
    assert english.answer(english.puzzle.solve()) == "tea"
