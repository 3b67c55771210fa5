"""The five ships, a classic puzzle of the Prolog and CLP literature.

Five ships of different nations lie side by side in a port, numbered 1 to 5 from left to
right. 1 The Greek ship leaves at six and carries coffee. 2 The ship in the middle has a
black chimney. 3 The English ship leaves at nine. 4 The French ship, with a blue chimney, is
to the left of a ship that carries coffee. 5 To the right of the ship carrying cocoa is a
ship going to Marseille. 6 The Brazilian ship is heading for Manila. 7 Next to the ship
carrying rice is a ship with a green chimney. 8 A ship going to Genoa leaves at five. 9 The
Spanish ship leaves at seven and is to the right of the ship going to Marseille. 10 The
ship with a red chimney goes to Hamburg. 11 Next to the ship leaving at seven is a ship with
a white chimney. 12 The ship on the border carries corn. 13 The ship with a black chimney
leaves at eight. 14 The ship carrying corn is anchored next to the ship carrying rice.
15 The ship to Hamburg leaves at six. Which ship goes to Port Said? Which carries tea?

The nation is the first noun type; "left of", "right of" and "next to" are links over the
Berth type. "To the right of" is read as directly to the right (clues 5 and 9), "to the
left of" likewise (clue 4), as in the puzzle's usual solution.
"""

from mm import IS, WITH, Puzzle, links, rules


def build() -> Puzzle:
    p = Puzzle("Ships", "The Five Ships")
    p.source = "Folklore; a standard Prolog/CLP benchmark"
    greek, english, french, brazilian, spanish = p.add_noun_type("Ship").add_nouns(
        "Greek", "English", "French", "Brazilian", "Spanish")
    berth = p.add_noun_type("Berth")
    b1, b2, b3, b4, b5 = berth.add_nouns("1", "2", "3", "4", "5")
    five, six, seven, eight, nine = p.add_noun_type("Departure").add_nouns(
        "5:00", "6:00", "7:00", "8:00", "9:00")
    coffee, cocoa, rice, corn, tea = p.add_noun_type("Cargo").add_nouns(
        "coffee", "cocoa", "rice", "corn", "tea")
    black, blue, green, red, white = p.add_noun_type("Chimney").add_nouns(
        "black", "blue", "green", "red", "white")
    marseille, manila, genoa, hamburg, port_said = p.add_noun_type("Destination").add_nouns(
        "Marseille", "Manila", "Genoa", "Hamburg", "Port Said")

    left_of = p.add_link("directly to the left of", berth, links.less_by(1))
    right_of = p.add_link("directly to the right of", berth, links.more_by(1))
    next_to = p.add_link("next to", berth, links.next_to())

    p.add_fact("1", greek, IS, WITH, [six, coffee],
               "The Greek ship leaves at six and carries coffee.")
    p.add_fact("2", b3, IS, WITH, black, "The ship in the middle has a black chimney.")
    p.add_fact("3", english, IS, WITH, nine, "The English ship leaves at nine.")
    p.add_fact("4", french, IS, WITH, blue, "The French ship has a blue chimney.")
    p.add_fact("4", french, IS, left_of, coffee,
               "The French ship is to the left of a ship that carries coffee.")
    p.add_fact("5", marseille, IS, right_of, cocoa,
               "To the right of the ship carrying cocoa is a ship going to Marseille.")
    p.add_fact("6", brazilian, IS, WITH, manila, "The Brazilian ship is heading for Manila.")
    p.add_fact("7", green, IS, next_to, rice,
               "Next to the ship carrying rice is a ship with a green chimney.")
    p.add_fact("8", genoa, IS, WITH, five, "A ship going to Genoa leaves at five.")
    p.add_fact("9", spanish, IS, WITH, seven, "The Spanish ship leaves at seven.")
    p.add_fact("9", spanish, IS, right_of, marseille,
               "The Spanish ship is to the right of the ship going to Marseille.")
    p.add_fact("10", red, IS, WITH, hamburg, "The ship with a red chimney goes to Hamburg.")
    p.add_fact("11", white, IS, next_to, seven,
               "Next to the ship leaving at seven is a ship with a white chimney.")
    p.add_rule("12", "The ship on the border carries corn.",
               rules.match_at_least_one(corn, [b1, b5]))
    p.add_fact("13", black, IS, WITH, eight, "The ship with a black chimney leaves at eight.")
    p.add_fact("14", corn, IS, next_to, rice,
               "The ship carrying corn is anchored next to the ship carrying rice.")
    p.add_fact("15", hamburg, IS, WITH, six, "The ship to Hamburg leaves at six.")
    # The Spanish ship goes to Port Said; the French ship carries tea.
    p.answer = [[1, 3, 0, 2, 4], [1, 4, 0, 3, 2], [0, 2, 4, 1, 3], [3, 4, 1, 0, 2],
                [3, 0, 2, 1, 4]]
    return p
