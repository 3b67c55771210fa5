"""Einstein's riddle, as the Games::LogicPuzzle documentation states it: who owns the fish?

1 The Brit lives in the red house. 2 The Swede keeps dogs. 3 The Dane drinks tea. 4 The green
house is on the left of the white house (directly). 5 The green house's owner drinks coffee.
6 The person who smokes Pall Mall rears birds. 7 The owner of the yellow house smokes
Dunhill. 8 The man in the centre house drinks milk. 9 The Norwegian lives in the first house.
10 The man who smokes Blend lives next to the one who keeps cats. 11 The man who keeps horses
lives next to the man who smokes Dunhill. 12 The owner who smokes Blue Master drinks beer.
13 The German smokes Prince. 14 The Norwegian lives next to the blue house. 15 The man who
smokes Blend has a neighbour who drinks water.

Modelled with the nationality as the first noun type, so every "next to" and "left of" link
is over the House type, which is not the first.
"""

from mm import IS, WITH, Puzzle, links


def build() -> Puzzle:
    p = Puzzle("Einstein", "Einstein's Riddle")
    p.source = "Games::LogicPuzzle (Perl) documentation; the puzzle is folklore"
    p.blurb = "Who owns the fish?"

    brit, swede, dane, norwegian, german = p.add_noun_type("Nationality").add_nouns(
        "Brit", "Swede", "Dane", "Norwegian", "German")
    houses = p.add_noun_type("House")
    h1, h2, h3, h4, h5 = houses.add_nouns("1", "2", "3", "4", "5")
    blue, green, red, white, yellow = p.add_noun_type("Color").add_nouns(
        "blue", "green", "red", "white", "yellow")
    beer, coffee, milk, tea, water = p.add_noun_type("Beverage").add_nouns(
        "beer", "coffee", "milk", "tea", "water")
    smokes = p.add_noun_type("Cigar")
    blue_master, dunhill, pall_mall, prince, blend = smokes.add_nouns(
        "Blue Master", "Dunhill", "Pall Mall", "Prince", "Blend")
    cats, birds, fish, horses, dogs = p.add_noun_type("Pet").add_nouns(
        "cats", "birds", "fish", "horses", "dogs")

    left_of = p.add_link("directly left of", houses, links.less_by(1))
    next_to = p.add_link("next to", houses, links.next_to())

    p.add_fact("1", brit, IS, WITH, red, "The Brit lives in the red house.")
    p.add_fact("2", swede, IS, WITH, dogs, "The Swede keeps dogs.")
    p.add_fact("3", dane, IS, WITH, tea, "The Dane drinks tea.")
    p.add_fact("4", green, IS, left_of, white, "The green house is on the left of the white house.")
    p.add_fact("5", green, IS, WITH, coffee, "The green house's owner drinks coffee.")
    p.add_fact("6", pall_mall, IS, WITH, birds, "The person who smokes Pall Mall rears birds.")
    p.add_fact("7", yellow, IS, WITH, dunhill, "The owner of the yellow house smokes Dunhill.")
    p.add_fact("8", h3, IS, WITH, milk, "The man in the centre house drinks milk.")
    p.add_fact("9", norwegian, IS, WITH, h1, "The Norwegian lives in the first house.")
    p.add_fact("10", blend, IS, next_to, cats,
               "The man who smokes Blend lives next to the one who keeps cats.")
    p.add_fact("11", horses, IS, next_to, dunhill,
               "The man who keeps horses lives next to the man who smokes Dunhill.")
    p.add_fact("12", blue_master, IS, WITH, beer, "The owner who smokes Blue Master drinks beer.")
    p.add_fact("13", german, IS, WITH, prince, "The German smokes Prince.")
    p.add_fact("14", norwegian, IS, next_to, blue, "The Norwegian lives next to the blue house.")
    p.add_fact("15", blend, IS, next_to, water,
               "The man who smokes Blend has a neighbour who drinks water.")
    # The German owns the fish.
    p.answer = [[2, 4, 1, 0, 3], [2, 3, 0, 4, 1], [2, 0, 3, 4, 1], [2, 0, 4, 1, 3],
                [1, 4, 3, 0, 2]]
    return p
