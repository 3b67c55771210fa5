"""The Car Lot: value comparisons on a noun type whose nouns are numbers (ages). Written
for mm.

Four salesmen of different ages each sold one vehicle last week. 1 The salesman who sold the
van is 3 years older than Jones. 2 Smith is older than the salesman who sold the van.
3 Green is younger than the salesman who sold the pickup. 4 The ages of Green and Smith add
up to 69. 5 Brown did not sell the convertible. 6 The pickup's seller is younger than 35.
7 The convertible's seller is at least 6 years older than the pickup's.
Who sold which vehicle, and how old is each salesman?
"""

from mm import IS_NOT, WITH, Puzzle, rules


def build() -> Puzzle:
    p = Puzzle("CarLot", "The Car Lot")
    p.source = "Written for mm"
    brown, green, jones, smith = p.add_noun_type("Salesman").add_nouns(
        "Brown", "Green", "Jones", "Smith")
    convertible, pickup, sedan, van = p.add_noun_type("Vehicle").add_nouns(
        "convertible", "pickup", "sedan", "van")
    ages = p.add_noun_type("Age")
    ages.add_nouns("30", "33", "36", "39")  # the names are the values

    def age(noun):
        return rules.value(noun, ages)

    p.add_rule("1", "The salesman who sold the van is 3 years older than Jones.",
               age(van) == age(jones) + 3)
    p.add_rule("2", "Smith is older than the salesman who sold the van.", age(smith) > age(van))
    p.add_rule("3", "Green is younger than the salesman who sold the pickup.",
               age(green) < age(pickup))
    p.add_rule("4", "The ages of Green and Smith add up to 69.", age(green) + age(smith) == 69)
    p.add_fact("5", brown, IS_NOT, WITH, convertible, "Brown did not sell the convertible.")
    p.add_rule("6", "The pickup's seller is younger than 35.", age(pickup) < 35)
    p.add_rule("7", "The convertible's seller is at least 6 years older than the pickup's.",
               age(convertible) - age(pickup) >= 6)
    p.answer = [[3, 2, 1, 0], [2, 0, 1, 3]]
    return p
