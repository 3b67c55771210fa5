"""Five Houses: the Mystery Master's example puzzle (the classic zebra puzzle, with hobbies).

Clues: 1 The Englishman lives in the red house. 2 The Spaniard owns dogs. 3 Coffee is drunk
in the green house. 4 The Ukrainian drinks tea. 5 The green house is directly to the right
of the white one. 6 The stamp collector owns snails. 7 The antiques collector lives in the
yellow house. 8 The man in the middle house drinks milk. 9 The Norwegian lives in the first
house. 10 The man who sings lives next to the man with the fox. 11 The man who gardens
drinks juice. 12 The antiques collector lives next to the man with the horse. 13 The
Japanese man's hobby is cooking. 14 The Norwegian lives next to the blue house.
"""

from mm import IS, WITH, Puzzle, links


def build() -> Puzzle:
    p = Puzzle("FiveHouses", "Five Houses")
    p.source = "Mystery Master, 'Model a Logic Puzzle' (2017)"
    p.blurb = "Who owns the zebra, and who drinks water?"

    houses = p.add_noun_type("House")
    h1, h2, h3, h4, h5 = houses.add_nouns("1st", "2nd", "3rd", "4th", "5th")
    red, green, white, yellow, blue = p.add_noun_type("Color").add_nouns(
        "red", "green", "white", "yellow", "blue")
    nationality = p.add_noun_type("Nationality")
    englishman, spaniard, ukrainian, norwegian = nationality.add_nouns(
        "Englishman", "Spaniard", "Ukrainian", "Norwegian")
    japanese = nationality.add_noun("Japanese man", "Japanese")
    stamps, antiques, singing, gardening, cooking = p.add_noun_type("Hobby").add_nouns(
        "stamps", "antiques", "singing", "gardening", "cooking")
    dogs, snails, fox, horse, zebra = p.add_noun_type("Pet").add_nouns(
        "dogs", "snails", "fox", "horse", "zebra")
    coffee, tea, milk, juice, water = p.add_noun_type("Drink").add_nouns(
        "coffee", "tea", "milk", "juice", "water")

    right_of = p.add_link("directly to the right of", houses, links.more_by(1))
    next_to = p.add_link("next to", houses, links.next_to())

    p.add_fact("1", englishman, IS, WITH, red, "The Englishman lives in the red house.")
    p.add_fact("2", spaniard, IS, WITH, dogs, "The Spaniard owns dogs.")
    p.add_fact("3", coffee, IS, WITH, green, "Coffee is drunk in the green house.")
    p.add_fact("4", ukrainian, IS, WITH, tea, "The Ukrainian drinks tea.")
    p.add_fact("5", green, IS, right_of, white,
               "The green house is directly to the right of the white one.")
    p.add_fact("6", stamps, IS, WITH, snails, "The stamp collector owns snails.")
    p.add_fact("7", antiques, IS, WITH, yellow, "The antiques collector lives in the yellow house.")
    p.add_fact("8", h3, IS, WITH, milk, "The man in the middle house drinks milk.")
    p.add_fact("9", norwegian, IS, WITH, h1, "The Norwegian lives in the first house.")
    p.add_fact("10", singing, IS, next_to, fox,
               "The man who sings lives next to the man with the fox.")
    p.add_fact("11", gardening, IS, WITH, juice, "The man who gardens drinks juice.")
    p.add_fact("12", antiques, IS, next_to, horse,
               "The antiques collector lives next to the man with the horse.")
    p.add_fact("13", japanese, IS, WITH, cooking, "The Japanese man's hobby is cooking.")
    p.add_fact("14", norwegian, IS, next_to, blue, "The Norwegian lives next to the blue house.")

    p.answer = [[3, 4, 0, 2, 1], [3, 2, 0, 1, 4], [1, 2, 0, 3, 4], [2, 3, 1, 0, 4],
                [4, 1, 2, 3, 0]]
    return p
