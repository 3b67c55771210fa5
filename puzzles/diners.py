"""Sharing dishes: an ordering puzzle where several diners order the same dish.

Five friends arrived one after another at a small trattoria and each ordered one of its
three dishes - lasagne, risotto or gnocchi - and some ordered the same. Find who arrived
when and what each ate.

1. Exactly two of them ordered lasagne, and they arrived one right after the other.
2. Nobody who arrived after Paolo ordered risotto.
3. Gina arrived second and ate what Carla ate.
4. Marco was the last to arrive; he did not order gnocchi.
5. Only one person ordered gnocchi.
6. Luca arrived before Carla.

Dish repeats (`repeats=True`): "what Carla ate" is `num(gina, Dish) == num(carla, Dish)`.
"""

from mm import IS, IS_NOT, WITH, Puzzle, links, rules


def build() -> Puzzle:
    p = Puzzle("Diners", "Sharing Dishes")
    p.source = "Written for mm (issue 16): a repeating type in an ordering puzzle"
    p.set_verb_names(is_="was", is_not="was not")
    order = p.add_noun_type("Arrival")
    _, second, _, _, fifth = order.add_nouns("1st", "2nd", "3rd", "4th", "5th")
    diners = p.add_noun_type("Diner")
    carla, gina, luca, marco, paolo = diners.add_nouns("Carla", "Gina", "Luca", "Marco",
                                                       "Paolo")
    dish = p.add_noun_type("Dish", repeats=True)
    lasagne, risotto, gnocchi = dish.add_nouns("lasagne", "risotto", "gnocchi")
    before = p.add_link("before", order, links.less_than())
    slots = order.nouns

    p.add_rule("1", "Exactly two of them ordered lasagne, and they arrived one right after "
               "the other.",
               (rules.count(lasagne) == 2)
               & rules.any_of(rules.with_(a, lasagne) & rules.with_(b, lasagne)
                              for a, b in zip(slots, slots[1:], strict=False)))
    p.add_rule("2", "Nobody who arrived after Paolo ordered risotto.",
               rules.all_of(rules.if_then(rules.num(paolo, order) < k + 1,
                                          ~rules.with_(slot, risotto))
                            for k, slot in enumerate(slots)))
    p.add_fact("3", gina, IS, WITH, second, "Gina arrived second.")
    p.add_rule("3", "Gina ate what Carla ate.",
               rules.num(gina, dish) == rules.num(carla, dish))
    p.add_fact("4", marco, IS, WITH, fifth, "Marco was the last to arrive.")
    p.add_fact("4", marco, IS_NOT, WITH, gnocchi, "Marco did not order gnocchi.")
    p.add_rule("5", "Only one person ordered gnocchi.", rules.count(gnocchi) == 1)
    p.add_fact("6", luca, IS, before, carla, "Luca arrived before Carla.")
    p.answer = [[2, 1, 0, 4, 3], [2, 1, 1, 0, 0]]
    return p
