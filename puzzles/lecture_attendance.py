"""Lecture Attendance: a placeholder puzzle, written for mm. The attendance figures are
never listed; they follow from the clues' arithmetic.

Four naturalists each gave one talk at the town library. 1 Howe's talk drew three times as
many people as Ed's. 2 Laura's talk drew 24 people. 3 The talk on trees drew 6 fewer people
than the talk on bees. 4 Kim's talk drew half as many people as Howe's. 5 The talk on ferns
drew the fewest people. 6 Laura did not talk about birds. 7 Kim's talk drew fewer people
than Laura's. 8 Howe spoke on neither bees nor trees.
Who spoke on which subject, and how many came to each talk?
"""

from mm import IS_NOT, WITH, Puzzle, rules


def build() -> Puzzle:
    p = Puzzle("LectureAttendance", "Lecture Attendance")
    p.source = "Written for mm"
    speakers = p.add_noun_type("Speaker")
    ed, howe, kim, laura = speakers.add_nouns("Ed", "Howe", "Kim", "Laura")
    topics = p.add_noun_type("Topic")
    bees, birds, ferns, trees = topics.add_nouns("bees", "birds", "ferns", "trees")
    attendance = p.add_noun_type("Attendance", placeholders=range(1, 101))
    p.set_verb_names(is_="was", is_not="was not")

    def drew(noun):
        return rules.value(noun, attendance)

    p.add_rule("1", "Howe's talk drew three times as many people as Ed's.",
               drew(howe) == 3 * drew(ed))
    p.add_rule("2", "Laura's talk drew 24 people.", drew(laura) == 24)
    p.add_rule("3", "The talk on trees drew 6 fewer people than the talk on bees.",
               drew(trees) == drew(bees) - 6)
    p.add_rule("4", "Kim's talk drew half as many people as Howe's.",
               2 * drew(kim) == drew(howe))
    p.add_rule("5", "The talk on ferns drew the fewest people.",
               rules.with_(ferns, attendance.nouns[0]))
    p.add_fact("6", laura, IS_NOT, WITH, birds, "Laura did not talk about birds.")
    p.add_rule("7", "Kim's talk drew fewer people than Laura's.", drew(kim) < drew(laura))
    p.add_fact("8", howe, IS_NOT, WITH, [bees, trees], "Howe spoke on neither bees nor trees.")
    p.answer = [[2, 1, 3, 0], [0, 3, 1, 2]]
    p.answer_values = {"Attendance": [12, 18, 24, 36]}
    return p
