"""The four golfers, a classic teaching puzzle for constraint programming.

A foursome of golfers is standing at a tee, in a line from left to right. Each golfer wears
different coloured pants; one is wearing red pants. 1 The golfer to Fred's immediate right
is wearing blue pants. 2 Joe is second in line. 3 Bob is wearing plaid pants. 4 Tom isn't in
position one or position four, and he isn't wearing the hideous orange pants. In what order
will the four golfers tee off, and what colour are each golfer's pants?

The golfer is the first noun type, so "immediately right of" is a link over Position.
"""

from mm import IS, IS_NOT, WITH, Puzzle, links


def build() -> Puzzle:
    p = Puzzle("Golfers", "The Four Golfers")
    p.source = "Folklore; a standard constraint-programming example"
    bob, fred, joe, tom = p.add_noun_type("Golfer").add_nouns("Bob", "Fred", "Joe", "Tom")
    position = p.add_noun_type("Position")
    first, second, third, fourth = position.add_nouns("1", "2", "3", "4")
    red, orange, blue, plaid = p.add_noun_type("Pants").add_nouns("red", "orange", "blue",
                                                                  "plaid")
    right_of = p.add_link("immediately to the right of", position, links.more_by(1))

    p.add_fact("1", blue, IS, right_of, fred,
               "The golfer to Fred's immediate right is wearing blue pants.")
    p.add_fact("2", joe, IS, WITH, second, "Joe is second in line.")
    p.add_fact("3", bob, IS, WITH, plaid, "Bob is wearing plaid pants.")
    p.add_fact("4", tom, IS_NOT, WITH, [first, fourth, orange],
               "Tom isn't in position one or four, and he isn't wearing the orange pants.")
    p.answer = [[3, 0, 1, 2], [3, 1, 2, 0]]
    return p
