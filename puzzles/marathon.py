"""The Paris marathon, a classic French puzzle ("Les casse-tête logiques").

Dominique, Ignace, Naren, Olivier, Philippe and Pascal arrived as the first six at the Paris
marathon. Reconstruct their order of arrival. 1 Olivier did not arrive last. 2 Dominique,
Pascal and Ignace arrived before Naren and Olivier. 3 Dominique, who was third last year,
improved this year. 4 Philippe is among the first four. 5 Ignace arrived neither second nor
third. 6 Pascal beat Naren by three positions. 7 Neither Ignace nor Dominique is fourth.

The runner is the first noun type, so "before" is a link over Place; clue 4 is a rule.
"""

from mm import IS, IS_NOT, WITH, Puzzle, links, rules


def build() -> Puzzle:
    p = Puzzle("Marathon", "The Paris Marathon")
    p.source = "Folklore (French logic-puzzle collections); a standard CP example"
    runners = p.add_noun_type("Runner")
    dominique, ignace, naren, olivier, philippe, pascal = runners.add_nouns(
        "Dominique", "Ignace", "Naren", "Olivier", "Philippe", "Pascal")
    place = p.add_noun_type("Place")
    places = place.add_nouns("1st", "2nd", "3rd", "4th", "5th", "6th")
    before = p.add_link("before", place, links.less_than())
    three_before = p.add_link("three places before", place, links.less_by(3))
    p.set_verb_names(is_="was", is_not="was not")

    p.add_fact("1", olivier, IS_NOT, WITH, places[5], "Olivier did not arrive last.")
    p.add_fact("2", [dominique, pascal, ignace], IS, before, [naren, olivier])
    p.add_fact("3", dominique, IS, before, places[2],
               "Dominique, who was third last year, improved this year.")
    p.add_rule("4", "Philippe is among the first four.",
               rules.match_at_least_one(philippe, places[:4]))
    p.add_fact("5", ignace, IS_NOT, WITH, [places[1], places[2]])
    p.add_fact("6", pascal, IS, three_before, naren, "Pascal beat Naren by three positions.")
    p.add_fact("7", [ignace, dominique], IS_NOT, WITH, places[3])
    p.answer = [[1, 0, 5, 4, 3, 2]]
    return p
