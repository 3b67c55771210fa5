"""The English zebra importer: reasoning-gym puzzles, other collections' phrasings, and
clues it must refuse rather than guess."""

import json
import random
from pathlib import Path

import pytest

from mm.formats.english import EnglishPuzzleError, english_puzzle, parse_english


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
    assert [u.where for u in english.unused] == ["clue 4"]  # names no value: not used
    assert len(english.problems) == 1
    assert english.problems[0].startswith("clue 5 ")
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


WILD = """There are 4 houses in a row, numbered 1 to 4 from left to right.
names: Gene, Jeffrey, Leroy, Olga
Nationalities: French, Dutch, British, Swedish
hobbies: bouldering, painting, swimming, knitting
foods: mac and cheese, pizza, tacos and sushi
pets: rabbit and dog, cat, fish
"""


def _one(clue: str, text: str = WILD):
    """How one clue reads in the puzzle above: (facts and rules it became, not read)."""
    english = parse_english(text + "\nClue 18: " + clue + "\n")
    reading = english.readings[0]
    return reading.became, english.not_read


def test_lists_lower_case_labels_values_with_and_and_two_values():
    english = parse_english(WILD + "\n1. Gene is French.\n")
    types = {t.name: [n.name for n in t.nouns] for t in english.puzzle.noun_types}
    assert types["Foods"] == ["mac and cheese", "pizza", "tacos", "sushi"]
    assert types["Pets"] == ["rabbit and dog", "cat", "fish"] or types["Pets"] == [
        "rabbit", "dog", "cat", "fish"]
    two = parse_english("There are 2 houses.\njobs: baker and teacher.\nnames: Al and Bo\n\n"
                        "1. Al is the baker.\n")
    assert [n.name for n in two.puzzle.noun_types[1].nouns] == ["baker", "teacher"]


@pytest.mark.parametrize("clue,became", [
    ("The rabbit owner does not paint.", ["rabbit is not with painting."]),
    ("Olga boulders.", ["Olga is with bouldering."]),
    ("The Frenchman lives to the immediate right of the Dutchman.",
     ["French is directly right of Dutch."]),
    ("The Brit lives somewhere to the left of Olga.", ["British is left of Olga."]),
    ("Gene does not live next to the Swede.", ["Gene is not next to Swedish."]),
    ("Leroy is in the third house, and they are different people.", None),
    ("There are two houses between Gene and the person who eats pizza.",
     ["Gene is two houses between pizza."]),
])
def test_clue_forms_read_exactly(clue, became):
    got, not_read = _one(clue)
    assert not_read == []
    if became is not None:
        assert got == became


def test_either_between_of_pair_and_different_people_are_rules_that_hold_exactly():
    text = WILD + """
1. Gene is either the Frenchman or the person who knits.
2. Olga lives between Leroy and the Dutchman.
3. Of Gene and Leroy, one is British and the other is Swedish.
4. Gene, Jeffrey and the person who swims are three different people.
5. Leroy does not live between Gene and Olga.
"""
    english = parse_english(text)
    assert english.not_read == []
    assert [r.clue for r in english.puzzle.rules] == ["1", "2", "3", "5"]
    assert len([f for f in english.puzzle.facts if f.clue == "4"]) == 2  # names differ anyway


@pytest.mark.parametrize("word,number", [("third", 3), ("12th", 12), ("13th", 13),
                                          ("22nd", 22), ("101st", 101), ("113th", 113),
                                          ("13rd", None), ("2th", None), ("house", None)])
def test_ordinals_in_words_and_digits(word, number):
    from mm.formats.english.lexicon import ordinal

    assert ordinal(word) == number


SMALL = """There are 3 houses, numbered 1 to 3 from left to right.
names: Gene, Leroy, Olga
colors: red, green, blue
"""


def _meaning_holds(clue: str, place: dict[str, int]) -> bool:
    """The intended meaning of the generator's rule sentences, in plain Python (three
    houses: house 1 on the left side, house 3 on the right, house 2 on neither)."""
    if "same side" in clue:
        side = {1: "left", 2: None, 3: "right"}
        same = side[place["Gene"]] is not None and side[place["Gene"]] == side[place["red"]]
        return same != (" not " in clue)
    if clue.startswith("Gene is next to at least one of"):
        return abs(place["Gene"] - place["red"]) == 1 or abs(place["Gene"] - place["green"]) == 1
    if clue.startswith("The house numbers"):
        return place["Gene"] + place["blue"] == 4
    return [place["Gene"] in (place["red"], place["blue"]),
            place["Leroy"] in (place["red"], place["blue"])].count(True) == 1


@pytest.mark.parametrize("clue", [
    "Gene is next to at least one of the person who likes red and the person who likes green.",
    "The house numbers of Gene and the person who likes blue add up to 4.",
    "Exactly one of Gene and Leroy is the person who likes red or the person who likes blue.",
    "Gene and the person who likes red live on the same side of the street.",
    "Gene and the person who likes red do not live on the same side of the street.",
])
def test_rule_sentences_of_the_generator_read_exactly(clue):
    """Each form alone: the solutions the reader's puzzle has are exactly the assignments
    where the sentence's meaning holds (checked by enumeration in plain Python)."""
    import itertools

    sides = ("House 1 is on the left side of the street and house 3 on the right side; "
             "house 2, in the middle, is on neither side.\n")
    english = parse_english(sides + SMALL + "\n1. " + clue + "\n")
    assert english.not_read == []
    nouns = [n for t in english.puzzle.noun_types[1:] for n in t.nouns]
    assert [n.name for n in nouns] == ["Gene", "Leroy", "Olga", "red", "green", "blue"]
    got = {tuple(s.row_of(n) for n in nouns) for s in english.puzzle.solutions()}
    want = set()
    for names in itertools.permutations(range(3)):
        for colors in itertools.permutations(range(3)):
            place = dict(zip(["Gene", "Leroy", "Olga"], [h + 1 for h in names], strict=True))
            place |= dict(zip(["red", "green", "blue"], [h + 1 for h in colors], strict=True))
            if _meaning_holds(clue, place):
                want.add(names + colors)  # rows, 0 at the left
    assert got == want and 0 < len(want) < 36


def test_the_same_side_of_the_street_needs_the_sides_defined():
    for intro in ["", "Houses 1 to 2 are on the left side of the street and house 4 on the "
                      "right side.\n"]:  # undefined; house 3 on no side and not the middle
        english = parse_english(intro + WILD + "\n1. Gene and Olga live on the same side of "
                                "the street.\n")
        assert [n.where for n in english.not_read] == ["clue 1"]
        assert "which houses are on which side" in english.not_read[0].reason


@pytest.mark.parametrize("clue,reason", [
    ("The rabbit owner hates painting.", "'hates'"),
    ("Gene probably lives next to Olga.", "'probably'"),
    ("Gene lives next to Olga or Leroy.", "no clue form"),  # one of them, or both?
])
def test_a_word_or_form_it_does_not_know_makes_the_clue_not_read(clue, reason):
    got, not_read = _one(clue)
    assert got == [] and len(not_read) == 1
    assert not_read[0].where == "clue 18" and reason in not_read[0].reason


def test_statements_that_constrain_nothing_are_not_used():
    english = parse_english(WILD + "\n1. All the houses have large windows.\n"
                            "2. Gene knows that snails are molluscs.\n3. Gene is French.\n")
    assert english.not_read == []
    assert [u.where for u in english.unused] == ["clue 1", "clue 2"]


SITE = """Four friends each took one trip. Match each person to their year and destination.
names: Stan, Ada, Bo, Cy
years: 2001, 2002, 2003, 2004
destinations: Leland, Oslo, Rome, Lima

1. Stan went sometime before the person who went to Leland.
2. The Oslo trip was 2 years after Ada's trip.
3. Bo was not in 2001.

Who went where and when?
"""


def test_no_houses_numeric_differences_and_a_whole_grid_question():
    english = parse_english(SITE)
    assert english.not_read == []
    assert [t.name for t in english.puzzle.noun_types][0] == "Names"  # no House type
    assert english.question.kind == "grid"
    solutions = list(english.puzzle.solutions())
    assert solutions
    for s in solutions:  # every solution honours the comparisons
        year = {n.name: int(s.partner(n, english.puzzle.noun_types[1]).name)
                for t in english.puzzle.noun_types for n in t.nouns}
        assert year["Stan"] < year["Leland"]
        assert year["Oslo"] == year["Ada"] + 2
        assert english.answer(s) == s.to_dict()


def test_questions_position_which_of_the_residents():
    text = WILD + "\n1. Gene is French.\n\nWhat position is the Frenchman at?\n"
    assert parse_english(text).question.kind == "house"
    text = WILD + "\n1. Gene is French.\n\nWhich of the residents eats pizza?\n"
    q = parse_english(text).question
    assert q.kind == "who" and q.category.name == "Names" and q.subject.name == "pizza"


def test_an_unread_clue_is_listed_on_the_puzzle_and_by_mm_read(mm_cli, tmp_path):
    text = BIG_BENCH_STYLE.replace("4. The person who has a bouquet of daffodils and the "
                                   "person who likes yellow live next to each other.",
                                   "4. The person who likes green hates the person who likes red.")
    puzzle = english_puzzle(text)
    assert [n.where for n in puzzle.not_read] == ["clue 4"]
    path = tmp_path / "p.txt"
    path.write_text(text)
    shown = mm_cli("read", str(path))
    assert shown.returncode == 0 and "NOT READ" in shown.stdout and "clue 4" in shown.stdout
    data = json.loads(mm_cli("read", str(path), "--json").stdout)
    assert [c["read"] for c in data["clues"]] == [True, True, True, False]
    assert data["not_read"][0]["where"] == "clue 4"
    solved = mm_cli("solve", str(path))
    assert "mm: not read: clue 4" in solved.stderr


NUMERIC = """There are 3 houses in a row.
names: Al, Bo, Cy
ages: 1, 2, 3
"""


@pytest.mark.parametrize("clue,read", [
    ("Al lives in house 3.", "Al is with 3."),  # house 3, not the age 3
    ("There are 1 houses between Al and Bo.", "Al is one house between Bo."),
    ("Al is 2 years older than Bo.",  # over a list of ages: 2 more
     "any_of(all_of(related('Al', WITH, '3'), related('Bo', WITH, '1')),)"),
    ("Al is older than Bo in years.", None),  # a word it does not read
    ("Al lives before Bo.", None),  # the row, or the ages?
    ("Al is taller than Bo.", None),  # ages are no height
    ("Al is the person who reads.", None),  # no value is "read"
])
def test_numbers_and_comparisons_are_never_stretched(clue, read):
    english = parse_english(NUMERIC + "\n1. " + clue + "\n")
    reading = english.readings[0]
    if read is None:
        assert reading.became == [] and reading.reason
    else:
        assert reading.became == [read]


# ------------------------------------------------------------ misreadings found by a red team

ROW = """There are 3 houses, numbered 1 to 3 from left to right.
- Name: Emma, Jack, Mona
- Pet: cat, dog, fish
- Job: baker, nurse, pilot
- Destination: Paris, Rome, Oslo
- Age: 20, 30, 40
"""


def _row(clue: str, text: str = ROW):
    """How one clue reads in the puzzle above: (what it became, not read, not used)."""
    english = parse_english(text + "\n1. " + clue + "\n")
    return english.readings[0].became, english.not_read, english.unused


@pytest.mark.parametrize("clue", [
    "Jack visits the cat owner.", "Jack met the cat owner.", "Jack paid the cat owner.",
    "Jack works for the cat owner.", "Jack teaches the cat owner.", "Jack called the cat owner.",
    "Jack cooks for the cat owner.", "Jack ran from the cat owner.", "Jack watches the cat owner.",
    "Jack met Emma.", "Jack visits the baker.", "Jack plays with the person who owns the cat.",
    "Jack visits someone who owns the cat."])
def test_a_verb_relating_two_people_is_not_read(clue):
    became, not_read, unused = _row(clue)
    assert became == [] and unused == [] and len(not_read) == 1
    verb = clue.split()[1]
    assert f"'{verb}' relates two people" in not_read[0].reason


@pytest.mark.parametrize("clue,reading", [
    ("Jack owns the cat.", "Jack is with cat."),
    ("The cat owner visited Rome.", "cat is with Rome."),
    ("The person who visited Paris is the baker.", "Paris is with baker."),
    ("Jack works as a baker.", "Jack is with baker."),
    ("The cat is owned by Jack.", "cat is with Jack."),
    ("The woman named Emma owns the cat.", "Emma is with cat.")])
def test_a_verb_relating_a_person_to_a_thing_is_still_read(clue, reading):
    became, not_read, _ = _row(clue)
    assert not_read == [] and became == [reading]


HOUSES = ROW.replace("- Age:", "- Color: red, green, blue\n- Age:")


@pytest.mark.parametrize("clue,reading", [
    ("Jack visits the red house.", None), ("Emma paints the green house.", None),
    ("The cat owner visits house 2.", None), ("Jack watches the blue house.", None),
    ("Jack occupies the red house.", "Jack is with red."),
    ("Jack lives in the red house.", "Jack is with red."),
    ("The person who has the red house owns the cat.", "red is with cat.")])
def test_a_verb_relating_a_person_to_a_house_is_read_only_for_living_there(clue, reading):
    """"Jack visits the red house" is not "Jack lives in the red house" (it was read so)."""
    became, not_read, unused = _row(clue, HOUSES)
    if reading is None:
        assert became == [] and unused == [] and len(not_read) == 1
        assert "relates a person to a house" in not_read[0].reason
    else:
        assert not_read == [] and became == [reading]


@pytest.mark.parametrize("clue,reason", [
    ("Jack used to own the cat.", "'used to'"), ("Jack formerly owned the cat.", "'formerly'"),
    ("Jack once owned the cat.", "'once'"), ("Jack no longer owns the cat.", "'no longer'"),
    ("Jack wanted to own the cat.", "'wanted to'"), ("Jack hopes to own the cat.", "'hopes to'"),
    ("Jack plans to own the cat.", "'plans to'"), ("Jack tried to own the cat.", "'tried to'"),
    ("Jack would like to own the cat.", "'would like'"),
    ("Jack is in his thirties.", "'thirties'"), ("Jack has the most pets.", "'most'"),
    ("Jack is the tallest.", "'tallest'")])
def test_words_that_change_the_meaning_make_the_clue_not_read(clue, reason):
    became, not_read, unused = _row(clue)
    assert became == [] and unused == [] and len(not_read) == 1
    assert reason in not_read[0].reason


@pytest.mark.parametrize("clue", ["Jack has fewer pets than Emma.",
                                  "Jack earns more than Emma.", "Jack scored more than Emma.",
                                  "Jack sold more than Emma.", "Jack is higher than Emma."])
def test_a_comparison_of_something_not_in_the_puzzle_is_not_read_as_ages(clue):
    became, not_read, _ = _row(clue)
    assert became == [] and len(not_read) == 1 and "comparison" in not_read[0].reason


def test_a_comparison_tied_to_its_list_is_read():
    english = parse_english(ROW + "\n1. Jack is older than Emma.\n2. Mona's age is greater "
                            "than Jack's.\n3. Emma lives in the first house.\n")
    assert english.not_read == []
    for s in english.puzzle.solutions():
        age = {n.name: int(s.partner(n, english.puzzle.noun_types[5]).name)
               for n in english.puzzle.noun_types[1].nouns}
        assert age["Emma"] < age["Jack"] < age["Mona"]
    fewer = parse_english(ROW.replace("- Age: 20, 30, 40", "- Pets owned: 1, 2, 3")
                          + "\n1. Jack has fewer pets than Emma.\n")
    assert fewer.not_read == [] and len(fewer.puzzle.rules) == 1


@pytest.mark.parametrize("clue", ["Emmma lives in the first house.", "Emmma owns the dog.",
                                  "Jack owns the cta.", "The cta owner is Jack.",
                                  "Jack visited Pariss.", "Carl lives in house 2."])
def test_an_unknown_word_where_a_value_would_be_is_not_read_not_unused(clue):
    became, not_read, unused = _row(clue)
    assert became == [] and unused == [] and len(not_read) == 1


def test_strict_counts_a_misspelt_name():
    english = parse_english(ROW + "\n1. Emmma lives in the first house.\n")
    assert [n.where for n in english.puzzle.not_read] == ["clue 1"]
    assert not english.unused


@pytest.mark.parametrize("clue,age", [("Jack is the youngest.", "20"),
                                      ("Jack is the oldest.", "40"),
                                      ("The eldest is Jack.", "40")])
def test_the_youngest_and_the_oldest_are_read_over_the_ages(clue, age):
    english = parse_english(ROW + "\n1. " + clue + "\n")
    assert english.not_read == [] and english.unused == []
    for s in english.puzzle.solutions(limit=20):
        jack = english.puzzle.noun_types[1].nouns[1]
        assert s.partner(jack, english.puzzle.noun_types[5]).name == age


def test_the_youngest_without_a_list_of_ages_is_not_read():
    became, not_read, unused = _row("Jack is the youngest.", ROW.replace("- Age: 20, 30, 40\n",
                                                                         ""))
    assert became == [] and unused == [] and len(not_read) == 1


RTL = """There are 3 houses, numbered 1 to 3 from right to left.
- Name: Emma, Jack, Mona
- Pet: cat, dog, fish

1. Jack is directly left of Emma.
2. Emma is directly left of Mona.
3. Jack owns the cat.
4. Mona owns the dog.
"""


@pytest.mark.parametrize("intro", [
    "There are 3 houses, numbered 1 to 3 from right to left.",
    "There are 3 houses in a row. House 1 is on the right.",
    "There are 3 houses in a row, numbered from the right.",
    "There are 3 houses in a row. The rightmost house is house 1."])
def test_houses_numbered_from_the_right_read_left_and_right_mirrored(intro):
    english = parse_english(RTL.replace(RTL.splitlines()[0], intro))
    assert english.not_read == []
    solutions = list(english.puzzle.solutions(limit=2))
    assert len(solutions) == 1
    houses = {r["Name"]: r["House"] for r in solutions[0].to_dict()}
    assert houses == {"Jack": "3", "Emma": "2", "Mona": "1"}  # by hand: 1 is on the right
    far = parse_english(RTL.replace(RTL.splitlines()[0], intro) + "5. Jack is on the far "
                        "left.\n")
    assert [(f.noun1.name, f.noun2.name) for f in far.puzzle.facts if f.clue == "5"] == \
        [("Jack", "3")]


def test_houses_numbered_both_ways_are_not_read_left_and_right():
    english = parse_english(RTL.replace("from right to left.",
                                        "from left to right. House 1 is on the right."))
    assert [n.where for n in english.not_read] == ["clue 1", "clue 2"]
    assert "both from the left and from the right" in english.not_read[0].reason


def test_a_number_of_thousands_of_digits_is_refused_naming_its_line(tmp_path, mm_cli,
        assert_one_line_error):
    path = tmp_path / "big.txt"
    path.write_text("There are 3 houses, numbered 1 to 3 from left to right.\n"
                    "- Name: Emma, Jack, Mona\n"
                    f"- Age: 1, 2, {'9' * 5000}\n\nClues:\n1. Jack is younger than Emma.\n")
    assert_one_line_error(mm_cli("solve", str(path)), "line 3: a number of 5000 digits")


LINES = """There are 3 houses, numbered 1 to 3 from left to right.
- Name: Jack, Emma, Mona
- Pet: cat, dog, fish

Clues:
"""


def _lines(clues: str):
    english = parse_english(LINES + clues)
    return [(r.where, r.text, bool(r.became)) for r in english.readings], english


def test_a_line_without_a_number_among_numbered_clues_is_read_not_dropped():
    readings, english = _lines("1. Jack owns the cat.\n2. Emma lives in house 2.\n"
                               "Mona does not live in house 1.\n"
                               "3. The dog owner lives next to the cat owner.\n")
    assert ("clue at line 8", "Mona does not live in house 1.", True) in readings
    solutions = list(english.puzzle.solutions(limit=2))
    assert len(solutions) == 1  # by hand: Mona is not in 1, Emma in 2, so Jack is in 1
    assert {r["Name"]: r["House"] for r in solutions[0].to_dict()}["Jack"] == "1"


def test_clues_numbered_other_ways_are_read():
    readings, _ = _lines("1. Jack owns the cat.\n3 - Mona does not live in house 3.\n"
                         "[4] Jack does not live in house 3.\nClue five: The dog owner lives "
                         "in house 1.\na) Emma owns the fish.\n")
    assert [w for w, _, read in readings if read] == ["clue 1", "clue 3", "clue 4", "clue 5",
                                                       "clue a"]


def test_clues_after_a_question_among_them_are_read():
    readings, english = _lines("1. Jack owns the cat.\nWho owns the fish?\n"
                               "2. Jack does not live in house 3.\n3. Emma owns the dog.\n\n"
                               "Who owns the fish?\n")
    assert [w for w, _, read in readings if read] == ["clue 1", "clue 2", "clue 3"]
    assert [q.text for q in english.questions] == ["Who owns the fish"]


@pytest.mark.parametrize("clues", [
    "1. Jack lives in house 1.\n2. Jack lives next to Emma\n   only if Emma owns the fish.\n",
    "- Jack lives in house 1.\n- Jack lives next to Emma\n  only if Emma owns the fish.\n"])
def test_a_clue_wrapped_over_two_lines_is_read_whole(clues):
    readings, english = _lines(clues)
    assert readings[1][:2] == ("clue 2", "Jack lives next to Emma only if Emma owns the fish.")
    assert not readings[1][2] and len(english.not_read) == 1  # a condition: not read
    assert "condition" in english.not_read[0].reason


TWO_LISTS = """There are 3 houses, numbered 1 to 3 from left to right.
- Name: May, Jack, Rose
- Month: March, April, May
- Flower: rose, tulip, lily
"""


@pytest.mark.parametrize("clue", ["The person born in May lives in house 1.",
                                  "Jack grows roses.", "The person who grows roses is Jack."])
def test_a_word_naming_values_of_two_lists_is_not_read(clue):
    became, not_read, unused = _row(clue, TWO_LISTS)
    assert became == [] and unused == [] and "could be any of" in not_read[0].reason


@pytest.mark.parametrize("clue,read", [("May lives in house 1.", "May is with 1."),
                                       ("The person born in April is May.",
                                        "April is with May."),
                                       ("Jack lives next to Rose.", "Jack is next to Rose.")])
def test_a_bare_name_where_a_person_stands_is_the_name(clue, read):
    became, not_read, _ = _row(clue, TWO_LISTS)
    assert became == [read] and not_read == []


HEIGHTS = """Three friends compared their heights. Match each person to their height.
- Name: Jack, Emma, Mona
- Height: 150 cm, 152.5 cm, 175 cm
"""


@pytest.mark.parametrize("clue,text,what", [
    ("Jack is 2.5 cm taller than Emma.", HEIGHTS, "number '2.5'"),
    ("Jack paid 50% more than Emma.", ROW + "- Price: $40, $50, $60\n", "symbol '%'"),
    ("The cat owner ≠ Jack.", ROW, "symbol '≠'"),
    ("Jack ≠ the cat owner.", ROW, "symbol '≠'"),
    ("The cat owner's age < Jack's age.", ROW, "symbol '<'"),
    ("Jack's age > 20.", ROW, "symbol '>'"),
    ("Jack = the cat owner.", ROW, "symbol '='"),
    ("Jack ~ the cat owner.", ROW, "symbol '~'")])
def test_a_decimal_or_a_symbol_the_reader_does_not_know_is_not_read(clue, text, what):
    became, not_read, unused = _row(clue, text)
    assert became == [] and unused == [] and what in not_read[0].reason


def test_a_decimal_value_is_named_whole():
    became, not_read, _ = _row("The person who is 152.5 cm is Jack.", HEIGHTS)
    assert became == ["152.5 cm is with Jack."] and not_read == []


STORY = """Three friends live in a row of houses on Maple Street near the old mill, numbered 1 to 3
from left to right. Each is allergic to a pet, each one hates a colour, and each is close to
and married to someone. Each took one trip.
- Name: Emma, Jack, Mona
- Pet: cat, dog, fish
- Destination: Paris, Rome, Oslo
"""


@pytest.mark.parametrize("clue", [
    "Jack is allergic to the cat.", "Jack lives near the mill.", "Jack lives near Emma.",
    "Jack hates the cat.", "The cat owner hates the dog.", "Emma is close to the dog owner.",
    "Mona is married to the cat owner.", "Jack is friends with the cat owner.",
    "Emma is a friend of the dog owner.", "Mona lives on the same street as the fish owner.",
    "Jack lives in a row with the dog owner."])
def test_a_word_of_the_introduction_that_relates_is_not_read(clue):
    became, not_read, unused = _row(clue, STORY)
    assert became == [] and unused == [] and len(not_read) == 1


@pytest.mark.parametrize("clue,read", [("The Oslo trip was Jack's trip.", "Oslo is with Jack."),
                                       ("Jack's trip was the Oslo trip.", "Jack is with Oslo.")])
def test_a_word_of_the_introduction_naming_a_value_s_thing_is_read(clue, read):
    became, not_read, _ = _row(clue, STORY)
    assert became == [read] and not_read == []


@pytest.mark.parametrize("clue", ["Jack's house is by the Paris house.", "Jack lives by Emma.",
                                  "The cat owner lives by the dog owner.",
                                  "Jack is paid by the baker."])
def test_by_other_than_in_the_passive_of_owning_is_not_read(clue):
    became, not_read, unused = _row(clue)
    assert became == [] and unused == [] and len(not_read) == 1


def test_by_in_the_passive_of_owning_is_read():
    became, not_read, _ = _row("The cat is owned by Jack.")
    assert became == ["cat is with Jack."] and not_read == []


PRIZES = ROW + "- Prize: gold, silver, bronze\n- Floor: low, mid, top\n- Day: Monday, Tuesday, Wednesday\n"


@pytest.mark.parametrize("clue", ["Jack won the first prize.", "Jack lives on the first floor.",
                                  "Emma lives on the 2nd floor.", "Mona visited on the first day.",
                                  "Jack owns the first pet.", "Jack is the third cat owner."])
def test_an_ordinal_before_a_noun_other_than_a_place_is_not_read(clue):
    became, not_read, unused = _row(clue, PRIZES)
    assert became == [] and unused == [] and len(not_read) == 1


@pytest.mark.parametrize("clue,read", [("Jack lives in the first house.", "Jack is with 1."),
                                       ("Jack is in the third position.", "Jack is with 3."),
                                       ("Jack lives in the second.", "Jack is with 2.")])
def test_an_ordinal_before_a_place_is_a_house(clue, read):
    became, not_read, _ = _row(clue, PRIZES)
    assert became == [read] and not_read == []


@pytest.mark.parametrize("clue", [
    "Jack moved from the Paris house.", "Jack went to the cat owner.", "Jack came from house 2.",
    "Mona came to the dog owner's house.", "Jack arrived at the first house.",
    "Jack was born in house 2.", "Jack was assigned to the baker.", "Jack went to Emma.",
    "Jack moved to the house next to Emma."])
def test_a_verb_of_motion_to_a_person_or_a_place_is_not_read(clue):
    became, not_read, unused = _row(clue)
    assert became == [] and unused == [] and len(not_read) == 1


def test_a_verb_of_motion_to_a_value_of_another_list_is_read():
    became, not_read, _ = _row("Jack went to Paris.")
    assert became == ["Jack is with Paris."] and not_read == []


@pytest.mark.parametrize("clue", ["Only Jack lives next to Emma.",
                                  "Jack is not only the cat owner.",
                                  "Jack only lives next to Emma.", "Jack is the only baker.",
                                  "Only the cat owner is a baker."])
def test_only_that_says_more_is_not_read(clue):
    became, not_read, unused = _row(clue)
    assert became == [] and unused == [] and "'only'" in not_read[0].reason


def test_only_before_a_person_s_own_verb_is_read():
    became, not_read, _ = _row("The one who only owns the cat is Jack.")
    assert became == ["cat is with Jack."] and not_read == []


CARS = ROW + "- Cars: 1, 2, 3\n"


@pytest.mark.parametrize("clue", ["Jack's house is 3.", "Emma is in 1.", "Emma lives at 2."])
def test_a_bare_number_where_a_house_would_be_is_not_read(clue):
    became, not_read, unused = _row(clue, CARS)
    assert became == [] and unused == [] and len(not_read) == 1


def test_a_bare_number_of_a_list_named_by_its_words_is_read():
    became, not_read, _ = _row("Jack has 3 cars.", CARS)
    assert became == ["Jack is with 3."] and not_read == []


ROUND = """Four friends sit around a circular table, in seats numbered 1 to 4 clockwise.
- Name: Jack, Emma, Mona, Paul
- Drink: tea, coffee, milk, water
"""


@pytest.mark.parametrize("clue", ["Emma sits next to Jack.", "Emma sits directly left of Jack.",
                                  "Jack sits at one of the ends.", "Jack sits in the last seat.",
                                  "Emma sits between Jack and Mona.",
                                  "There is one seat between Jack and Emma."])
def test_a_row_s_relations_around_a_round_table_are_not_read(clue):
    became, not_read, unused = _row(clue, ROUND)
    assert became == [] and unused == [] and "around a table" in not_read[0].reason


def test_a_seat_number_around_a_round_table_is_read():
    became, not_read, _ = _row("Jack sits in seat 1.", ROUND)
    assert became == ["Jack is with 1."] and not_read == []


def test_a_section_sign_in_a_clue_is_a_symbol_not_a_value():
    became, not_read, unused = _row("Jack § the cat owner.")
    assert became == [] and unused == [] and "'§§'" in not_read[0].reason


# ------------------------------------------------------------ third red-team pass

@pytest.mark.parametrize("clue", [
    "Jack placed higher than Emma.", "Jack has a higher rank than Emma.",
    "Jack finished in a higher position than Emma.", "Jack placed lower than Emma."])
def test_higher_and_lower_on_a_ranking_are_not_read(clue):
    """On a ranking 1 is best: "higher" may mean the smaller number; it was read larger."""
    text = ("- Name: Jack, Emma, Mona\n- Pet: cat, dog, fish\n- Place: 1st, 2nd, 3rd\n")
    became, not_read, _ = _row(clue, text)
    assert became == [] and len(not_read) == 1


def test_years_older_over_birth_years_is_not_read_as_a_larger_year():
    text = "- Name: Jack, Emma, Mona\n- Pet: cat, dog, fish\n- Birth year: 1980, 1985, 1990\n"
    became, not_read, _ = _row("Jack is 5 years older than Emma.", text)
    assert became == [] and len(not_read) == 1


def test_times_of_day_with_am_and_pm_are_ordered_by_the_clock():
    """"1pm" is after "11am" (it was ordered by its bare number, 1)."""
    text = ("Three friends had appointments. Match each person to their appointment time.\n"
            "- Name: Jack, Emma, Mona\n- Time: 11am, 12pm, 1pm\n\n"
            "1. Jack's appointment is earlier than Emma's.\n"
            "2. Emma's appointment is earlier than Mona's.\n")
    p = parse_english(text).puzzle
    (solution,) = list(p.solutions())
    names = {n.name: n for t in p.noun_types for n in t.nouns}
    times = next(t for t in p.noun_types if t.name == "Time")
    assert solution.partner(names["Jack"], times).name == "11am"
    assert solution.partner(names["Mona"], times).name == "1pm"
