"""English forms from puzzle books: lists written as sentences, two-value lists, "(3)"
clue prefixes, seats in a row, the number of people from "numbered 1 to N", statements
that repeat what the lists say."""

from __future__ import annotations

from mm.formats.english import parse_english

BOOK = """Three friends sit in a row of three seats, numbered 1 to 3 from left to right.
The people are Ann, Bo and Cy.
The jobs are baker, nurse and pilot.
Their pets are cat, dog and fish.

(1) Ann sits immediately to the left of the baker.
(2) The nurse is not in seat 3.
(3) Bo keeps the cat.
(4) Cy is not the nurse.
(5) The pilot does not sit in the first seat.
(6) The person with the fish is not the pilot.
(7) The cat owner is not the dog owner.
(8) Cy sits in the third seat.
(9) The nurse keeps the fish.

In which seat does Bo sit? Which of the people keeps the fish?
"""


def test_a_puzzle_book_page_reads_in_full():
    english = parse_english(BOOK)
    assert [t.name for t in english.puzzle.noun_types] == ["House", "Names", "Jobs", "Pets"]
    assert [len(t.nouns) for t in english.puzzle.noun_types] == [3, 3, 3, 3]
    assert english.not_read == []
    assert [u.where for u in english.unused] == ["clue 7"]  # two pets: two people
    assert [q.kind for q in english.questions] == ["house", "who"]
    solutions = list(english.puzzle.solutions(limit=2))
    assert len(solutions) == 1
    answers = [q.answer(solutions[0]) for q in english.questions]
    rows = {r["Names"]: r for r in solutions[0].to_dict()}
    assert answers[0] == int(rows["Bo"]["House"])
    assert rows[answers[1]]["Pets"] == "fish"


def test_two_value_lists_and_a_size_from_the_numbering():
    text = """Two neighbours live in houses numbered 1 to 2.
Names: Ann and Bo.
Jobs: baker and teacher.

1. Ann is the baker.
2. The teacher lives in house 2.

Who lives in house 1?
"""
    english = parse_english(text)
    assert [[n.name for n in t.nouns] for t in english.puzzle.noun_types[1:]] == [
        ["Ann", "Bo"], ["baker", "teacher"]]
    solution = english.puzzle.solve()
    assert english.question is not None and english.question.answer(solution) == "Ann"


def test_a_list_sentence_with_a_verb_is_not_a_list():
    text = BOOK.replace("Three friends sit in a row of three seats, numbered 1 to 3 from "
                        "left to right.\n", "The friends are sitting in a row of three seats, "
                        "numbered 1 to 3 from left to right.\n")
    english = parse_english(text)
    assert [t.name for t in english.puzzle.noun_types] == ["House", "Names", "Jobs", "Pets"]


LINE = """There are 3 people standing in a line numbered 1 through 3 in a left to right order.
Each person has a set of attributes: Food, Pet.
The attributes have the following possible values:
- Food: apple, pear, kiwi
- Pet: cat, dog, fish
and exactly one person in the line has a given value for an attribute.

Given the following premises about the line of people:
- the person who has a cat is in an odd position
- the person who likes pear and the person who has a fish have the same parity positions
- the person who likes kiwi is not anywhere to the left of the person who has a dog
- the person who has a dog is in an odd position
- the person who likes kiwi has a dog
- the person who likes apple is on the immediate left of the person who has a fish
- the person who has a fish is not at one of the ends

Answer the following question:
At what position is the person who likes pear? Return your answer as a single number, \
in the following format: ***N***
"""


def test_a_line_of_people_with_premises_and_parity():
    english = parse_english(LINE)
    assert [t.name for t in english.puzzle.noun_types] == ["House", "Food", "Pet"]
    assert english.not_read == [] and [u.where for u in english.unused] == ["clue 1"]
    assert english.question is not None and english.question.kind == "house"
    solutions = list(english.puzzle.solutions(limit=2))
    assert len(solutions) == 1 and english.question.answer(solutions[0]) == 2
    for s in solutions:  # and it honours every premise as written
        pos = {n.name: int(s.partner(n, english.puzzle.noun_types[0]).name)
               for t in english.puzzle.noun_types[1:] for n in t.nouns}
        assert pos["cat"] % 2 == 1 and pos["dog"] % 2 == 1
        assert (pos["pear"] - pos["fish"]) % 2 == 0 and pos["kiwi"] >= pos["dog"]
        assert pos["apple"] + 1 == pos["fish"] and pos["fish"] not in (1, 3)
