"""All Tired Out: the Mystery Master's example of a puzzle that needs rules.

Five customers stood in line at a tyre shop, each wanting one thing.
1 Ethan, the customer in third place and the one who wanted chains are three different
people. 2 The person who wanted the jack was just ahead of Lisa. 3 The second person in line
was neither Ethan nor Jeff. 4 The one who wanted tires stood three places ahead of the one who
wanted an alignment. 5 Marge wasn't the second of the three women in line. 6 Jeff was just
ahead of the one who wanted shock absorbers. 7 Grace stood next to at least one man in line.
"""

from mm import IS, IS_NOT, WITH, Puzzle, links, rules


def build() -> Puzzle:
    p = Puzzle("AllTiredOut", "All Tired Out")
    p.source = "Mystery Master, 'Model a Logic Puzzle' (2017)"

    order = p.add_noun_type("Order")
    slot1, slot2, slot3, slot4, slot5 = order.add_nouns("1st", "2nd", "3rd", "4th", "5th")
    customers = p.add_noun_type("Customer")
    ethan, grace, jeff, lisa, marge = customers.add_nouns("Ethan", "Grace", "Jeff", "Lisa",
                                                          "Marge")
    wanted = p.add_noun_type("Wanted")
    alignment, chains, jack = wanted.add_nouns("alignment", "chains", "jack")
    shocks = wanted.add_noun("shock absorbers", "Shocks")
    tires = wanted.add_noun("tires")

    p.set_verb_names(is_not="was not", is_="was")
    just_ahead = p.add_link("just ahead of", order, links.less_by(1))
    three_ahead = p.add_link("three places ahead of", order, links.less_by(3))
    next_to = p.add_link("next to", order, links.next_to())

    def say_fact(noun1, verb, link, noun2):
        """Wording by the kinds of noun, as the seed's module does."""
        did = "did" if verb is IS else "did not"
        gap = " " if link.num == 0 else f" {link.name} "
        verb_name = p.verb_name(verb)

        def person(noun):
            if noun.type is order:
                return f"the {noun.name} person in line"
            if noun.type is customers:
                return noun.name
            return f"the person who bought the {noun.name}"

        if noun2.type is wanted and link.num == 0:
            return f"{person(noun1)[0].upper()}{person(noun1)[1:]} {did} buy the {noun2.name}."
        subject = person(noun1)
        return f"{subject[0].upper()}{subject[1:]} {verb_name}{gap}{person(noun2)}."

    p.say_fact = say_fact  # type: ignore[method-assign]  # the seed's way to reword facts

    p.add_fact("1", [ethan, slot3, chains], IS_NOT, WITH)
    p.add_fact("2", jack, IS, just_ahead, lisa)
    p.add_fact("3", slot2, IS_NOT, WITH, [ethan, jeff])
    p.add_fact("4", tires, IS, three_ahead, alignment)
    p.add_fact("6", jeff, IS, just_ahead, shocks)
    p.add_rule("5", "Marge wasn't the second of the three women in line.",
               rules.is_not_between(order, marge, grace, lisa))
    p.add_rule("7", "Grace stood next to at least one man in line.",
               rules.is_related(grace, next_to, [ethan, jeff]))

    p.answer = [[4, 1, 2, 3, 0], [1, 4, 2, 3, 0]]
    return p
