"""English puzzles written from a hidden solution, in several styles, for the reader's tests.

Every clue a generator writes is true of its hidden solution (it is worded from it); some
statements are distractors that constrain nothing. The styles:
  benchmark   5-8 people, many attributes, 100+ clues, lower-case labels, "Clue 18:" prefixes,
              demonyms, verb forms, values holding "and", irrelevant statements
  zebralogic  ZebraLogic's layout: backtick lists, "## Clues:", house-number question
  site        puzzle-site style: no houses, a numeric list ("2 years before", "sometime
              before"), "Of X and Y, one is A and the other is B", "three different people",
              "either ... or", a whole-grid question
  compact     small puzzles as puzzle books print them: lists written as sentences ("The
              people are Ann, Bo and Cy."), two-value lists, "(3)" prefixes, seats in a
              row, trailing qualifiers, statements naming one value, two questions
  measures    no positions; a numeric list with units ("150 cm", "12 points") and
              comparisons over it ("5 cm taller than", "scored 4 points more than",
              "finished sometime after", "2 years older than" over a list of ages)
  premises    a line of people "numbered 1 through N", a header naming the attributes,
              "- Food: apple, pear" lists, "Given the following premises ...:", lower-case
              premises ("is not anywhere to the left of", "is in an even position", "have
              the same parity positions"), "What is the hobby of ...?", "At what position
              is ...?"
Nothing here is read by mm: it only writes text and knows the answer. An answer is one
value, "grid", or a tuple with one answer per question.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

NUMBERS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
ORD = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]


@dataclass
class Cat:
    label: str  # the list's label ("names", "Each person has a favorite drink")
    values: list[str]
    say: list[str]  # templates naming a person by a value, "{}" for the value
    special: dict[str, str] | None = None  # value -> its own way of naming ("the Brit")


def _cats() -> list[Cat]:
    return [
        Cat("names", ["Gene", "Jeffrey", "Leroy", "Olga", "Alice", "Peter", "Bella", "Carl",
                      "Dora", "Eric"], ["{}"]),
        Cat("nationalities", ["French", "Dutch", "British", "German", "Swedish", "Danish",
                              "Norwegian", "Spanish"],
            ["the {} person", "the person who is {}"],
            {"French": "the Frenchman", "Dutch": "the Dutchman", "British": "the Brit",
             "Swedish": "the Swede", "Danish": "the Dane", "Spanish": "the Spaniard",
             "German": "the German", "Norwegian": "the Norwegian"}),
        Cat("pets", ["dog", "cat", "bird", "fish", "horse", "rabbit", "hamster", "turtle"],
            ["the {} owner", "the person who keeps the {}", "the person with the {}"]),
        Cat("drinks", ["tea", "coffee", "milk", "water", "juice", "soda", "cocoa", "lemonade"],
            ["the {} drinker", "the person who drinks {}"]),
        Cat("favorite colors", ["red", "green", "blue", "yellow", "white", "purple",
                                "orange", "black"], ["the person who likes {}",
                                                     "the person whose favorite color is {}"]),
        Cat("foods", ["pizza", "sushi", "mac and cheese", "tacos", "pasta", "curry",
                      "fish and chips", "salad"], ["the person who eats {}", "the {} lover"]),
        Cat("hobbies", ["bouldering", "painting", "swimming", "gardening", "knitting",
                        "cycling", "fishing", "baking"], ["the person who enjoys {}"],
            {"bouldering": "the person who boulders", "painting": "the person who paints",
             "swimming": "the person who swims", "gardening": "the person who gardens",
             "knitting": "the person who knits", "cycling": "the person who cycles",
             "baking": "the person who bakes"}),
        Cat("brands", ["Dolce and Gabbana", "Gucci", "Prada", "Versace", "Armani", "Chanel",
                       "Dior", "Fendi"], ["the person who wears {}", "the {} fan"]),
        Cat("jobs", ["baker", "teacher", "doctor", "nurse", "pilot", "lawyer", "engineer",
                     "artist"], ["the {}"]),
        Cat("cars", ["Ford F-150", "Tesla Model 3", "Toyota Camry", "Honda Civic",
                     "BMW 3 Series", "Audi A4", "Kia Soul", "Mazda 6"],
            ["the person who drives the {}", "the {} owner"]),
        Cat("flowers", ["roses", "tulips", "lilies", "daisies", "orchids", "irises",
                        "peonies", "violets"], ["the person who grows {}"]),
        Cat("sports", ["tennis", "golf", "soccer", "hockey", "rugby", "cricket", "polo",
                       "squash"], ["the person who plays {}"]),
    ]


class Hidden:
    """A hidden solution: for every category, the row of each value."""

    def __init__(self, rng: random.Random, size: int, cats: list[Cat]):
        self.size, self.cats = size, cats
        self.values = [rng.sample(c.values, size) for c in cats]
        self.row: dict[str, int] = {}
        self.at: list[list[str]] = []  # at[cat][row] = value
        for values in self.values:
            order = values[:]
            rng.shuffle(order)
            self.at.append(order)
            for r, v in enumerate(order):
                self.row[v] = r

    def name(self, rng: random.Random, k: int, row: int) -> str:
        cat = self.cats[k]
        value = self.at[k][row]
        if cat.special and value in cat.special and rng.random() < 0.6:
            return cat.special[value]
        return rng.choice(cat.say).format(value)


def _cap(s: str) -> str:
    return s[0].upper() + s[1:]


def _person(h: Hidden, rng: random.Random, row: int) -> str:
    return h.name(rng, rng.randrange(len(h.cats)), row)


def _house_clue(h: Hidden, rng: random.Random, kinds: list[str]) -> str:
    """One true clue about positions or identities (rows are houses 1..n)."""
    n = h.size
    kind = rng.choice(kinds)
    a, b = rng.sample(range(n), 2)
    x, y = _person(h, rng, a), _person(h, rng, b)
    if kind == "same":
        ka, kb = rng.sample(range(len(h.cats)), 2)
        return f"{_cap(h.name(rng, ka, a))} is {h.name(rng, kb, a)}."
    if kind == "not_same":
        ka, kb = rng.sample(range(len(h.cats)), 2)
        return f"{_cap(h.name(rng, ka, a))} is not {h.name(rng, kb, b)}."
    if kind == "position":
        return rng.choice([f"{_cap(x)} lives in the {ORD[a]} house.",
                           f"{_cap(x)} is in house {a + 1}."])
    if kind == "not_position":
        return f"{_cap(x)} does not live in the {ORD[b]} house."
    if kind == "left":
        if a > b:
            a, b, x, y = b, a, y, x
        if b == a + 1 and rng.random() < 0.5:
            return rng.choice([f"{_cap(x)} lives directly left of {y}.",
                               f"{_cap(x)} lives to the immediate left of {y}."])
        return rng.choice([f"{_cap(x)} lives somewhere to the left of {y}.",
                           f"{_cap(x)} is somewhere left of {y}, and they are different "
                           "people."])
    if kind == "right":
        if a < b:
            a, b, x, y = b, a, y, x
        if a == b + 1 and rng.random() < 0.5:
            return f"{_cap(x)} lives directly right of {y}."
        return f"{_cap(x)} lives somewhere to the right of {y}."
    if kind == "next":
        pairs = [(r, r + 1) for r in range(n - 1)]
        a, b = rng.choice(pairs)
        if rng.random() < 0.5:
            a, b = b, a
        x, y = _person(h, rng, a), _person(h, rng, b)
        return rng.choice([f"{_cap(x)} lives next to {y}.",
                           f"{_cap(x)} and {y} are next to each other.",
                           f"{_cap(x)} lives next to {y}, on their "
                           f"{'left' if a < b else 'right'}."])
    if kind == "not_next":
        if abs(a - b) == 1:
            return f"{_cap(x)} lives next to {y}."
        return f"{_cap(x)} does not live next to {y}."
    if kind == "between":
        if n < 3:
            return f"{_cap(x)} is not {y}."
        lo, mid, hi = sorted(rng.sample(range(n), 3))
        y, z = _person(h, rng, lo), _person(h, rng, hi)
        if rng.random() < 0.5:
            y, z = z, y
        return f"{_cap(_person(h, rng, mid))} lives between {y} and {z}."
    if kind == "not_between":
        if n < 3:
            return f"{_cap(x)} is not {y}."
        lo, mid, hi = sorted(rng.sample(range(n), 3))
        return f"{_cap(_person(h, rng, lo))} does not live between {_person(h, rng, mid)} " \
               f"and {_person(h, rng, hi)}."
    if kind == "gap":
        d = abs(a - b) - 1
        if d < 1:
            return f"{_cap(x)} lives next to {y}."
        return f"There {'is' if d == 1 else 'are'} {NUMBERS[d]} house{'s' if d > 1 else ''}" \
               f" between {x} and {y}."
    if kind == "ends":
        if a in (0, n - 1):
            return f"{_cap(x)} lives at one of the ends."
        return f"{_cap(x)} does not live at either end."
    if kind == "either":
        c = rng.choice([r for r in range(n) if r != a])
        k = rng.randrange(len(h.cats))
        opts = [h.name(rng, k, a), h.name(rng, k, c)]
        rng.shuffle(opts)
        kx = rng.choice([j for j in range(len(h.cats)) if j != k])
        return f"{_cap(h.name(rng, kx, a))} is either {opts[0]} or {opts[1]}."
    if kind == "of_pair":
        ka, kb = rng.sample(range(len(h.cats)), 2)
        p, q = h.name(rng, ka, a), h.name(rng, ka, b)
        u, v = h.name(rng, kb, a), h.name(rng, kb, b)
        if rng.random() < 0.5:
            u, v = v, u
        return f"Of {p} and {q}, one is {u} and the other is {v}."
    if kind == "different":
        if n < 3:
            return f"{_cap(x)} and {y} are different people."
        rows = rng.sample(range(n), 3)
        names = [_person(h, rng, r) for r in rows]
        return f"{_cap(names[0])}, {names[1]} and {names[2]} are three different people."
    raise ValueError(kind)


DISTRACTORS = ["All the houses have large windows.", "The teacher knows that snails are "
               "molluscs.", "Everyone in the street is friendly.",
               "The street was repaved last year."]
BENCH_KINDS = ["same", "same", "same", "position", "not_same", "position", "not_position",
               "left", "right",
               "next", "not_next", "between", "not_between", "gap", "ends", "either",
               "of_pair", "different"]


def benchmark(seed: int) -> tuple[str, Hidden, object]:
    rng = random.Random(seed)
    size = rng.randint(5, 8)
    cats = rng.sample(_cats(), rng.randint(6, 10))
    h = Hidden(rng, size, cats)
    lines = [f"There are {size} houses in a row, numbered 1 to {size} from left to right. "
             "Each house has one person, and every person has one of each of these:"]
    for c, values in zip(cats, h.values, strict=True):
        lines.append(f"{c.label}: {', '.join(values[:-1])} and {values[-1]}"
                     if rng.random() < 0.5 else f"{c.label}: {', '.join(values)}")
    lines.append("")
    count = max(rng.randint(100, 130), int(2.5 * size * len(cats)))
    clues = [_house_clue(h, rng, BENCH_KINDS) for _ in range(count)]
    for d in rng.sample(DISTRACTORS, 2):
        clues.insert(rng.randrange(len(clues)), d)
    for i, clue in enumerate(clues, 1):
        lines.append(f"Clue {i}: {clue}")
    lines.append("")
    k = rng.randrange(len(cats))
    row = rng.randrange(size)
    which = rng.random()
    names = [j for j, c in enumerate(cats) if c.label == "names"]
    drinks = [j for j, c in enumerate(cats) if c.label == "drinks"]
    answer: object
    if which < 0.4:
        lines.append(f"What position is {h.name(rng, k, row)} at?")
        answer = row + 1
    elif which < 0.8 and names and drinks:
        lines.append(f"Which of the residents drinks {h.at[drinks[0]][row]}?")
        answer = h.at[names[0]][row]
    elif which < 0.8 and names:
        k = rng.choice([j for j in range(len(cats)) if j != names[0]])
        lines.append(f"Who is {h.name(rng, k, row)}?")
        answer = h.at[names[0]][row]
    else:
        lines.append("Who has which attributes and lives in which house?")
        answer = "grid"
    return "\n".join(lines) + "\n", h, answer


ZL_KINDS = ["same", "not_same", "position", "not_position", "left", "next", "gap", "ends",
            "left", "same"]


def zebralogic(seed: int) -> tuple[str, Hidden, object]:
    rng = random.Random(seed)
    size = rng.randint(2, 6)
    cats = rng.sample(_cats(), rng.randint(2, 6))
    h = Hidden(rng, size, cats)
    lines = [f"There are {size} houses, numbered 1 to {size} from left to right, as seen "
             "from across the street. Each house is occupied by a different person. Each "
             "house has a unique attribute for each of the following characteristics:"]
    for c, values in zip(cats, h.values, strict=True):
        lines.append(f" - Each person has a unique {c.label.rstrip('s')}: "
                     + ", ".join(f"`{v}`" for v in values))
    lines += ["", "## Clues:"]
    clues = [_house_clue(h, rng, ZL_KINDS) for _ in range(3 * size * len(cats) + 3)]
    lines += [f"{i}. {c}" for i, c in enumerate(clues, 1)]
    k = rng.randrange(len(cats))
    row = rng.randrange(size)
    lines += ["", f"What is the number of the house where {h.name(rng, k, row)} lives?"]
    return "\n".join(lines) + "\n", h, row + 1


def _site_numeric(rng: random.Random) -> tuple[str, list[str], str, list[int]]:
    kind = rng.choice(["years", "liters", "dollars"])
    if kind == "years":
        start = rng.randint(1990, 2015)
        nums = list(range(start, start + 5))
        return "years", [str(n) for n in nums], "years", nums
    if kind == "liters":
        nums = [5 * k for k in range(1, 6)]
        return "sizes", [f"{n} liters" for n in nums], "liters", nums
    nums = [10 * k for k in range(1, 6)]
    return "prices", [f"${n}" for n in nums], "dollars", nums


def site(seed: int) -> tuple[str, Hidden, object]:
    rng = random.Random(seed)
    size = rng.choice([4, 5])
    cats = rng.sample([c for c in _cats() if c.label not in ("names",)], 2)
    names = _cats()[0]
    label, values, unit, nums = _site_numeric(rng)
    numeric = Cat(label, values, ["the person who bought the {}"] if unit != "years"
                  else ["the person who visited in {}"])
    all_cats = [names, numeric, *cats]
    h = Hidden(rng, size, all_cats)
    lines = ["A few friends each chose something different. Match each person to their "
             "options.", ""]
    for c, vals in zip(all_cats, h.values, strict=True):
        lines.append(f"{c.label.capitalize()}: {', '.join(vals)}")
    lines.append("")
    value_num = dict(zip(values, nums, strict=True))
    clues = []
    for _ in range(size * 8):
        a, b = rng.sample(range(size), 2)
        x, y = _person(h, rng, a), _person(h, rng, b)
        va, vb = value_num[h.at[1][a]], value_num[h.at[1][b]]
        form = rng.choice(["diff", "some", "of_pair", "different", "either", "not_same",
                           "same"])
        if form == "diff":
            d = abs(va - vb)
            if unit == "years":
                word = "before" if va < vb else "after"
                clues.append(f"{_cap(x)} was {d} year{'s' if d > 1 else ''} {word} {y}.")
            else:
                word = "smaller" if va < vb else "larger"
                if unit == "dollars":
                    word = "less" if va < vb else "more"
                    clues.append(f"{_cap(x)} paid {d} dollars {word} than {y}.")
                else:
                    clues.append(f"{_cap(x)} is {d} {unit} {word} than {y}.")
        elif form == "some":
            word = "sometime before" if va < vb else "sometime after"
            if unit == "years":
                clues.append(f"{_cap(x)} was {word} {y}.")
            elif unit == "dollars":
                clues.append(f"{_cap(x)} paid {'less' if va < vb else 'more'} than {y}.")
            else:
                clues.append(f"{_cap(x)} is {'smaller' if va < vb else 'larger'} than {y}.")
        else:
            clues.append(_house_clue(h, rng, [form]))
    lines += [f"{i}. {c}" for i, c in enumerate(clues, 1)]
    lines += ["", "Who has which options?"]
    return "\n".join(lines) + "\n", h, "grid"


RIDDLE = """There are five houses.
The Englishman lives in the red house.
The Spaniard owns the dog.
Coffee is drunk in the green house.
The Ukrainian drinks tea.
The green house is immediately to the right of the ivory house.
The Old Gold smoker owns snails.
Kools are smoked in the yellow house.
Milk is drunk in the middle house.
The Norwegian lives in the first house.
The man who smokes Chesterfields lives in the house next to the man with the fox.
Kools are smoked in the house next to the house where the horse is kept.
The Lucky Strike smoker drinks orange juice.
The Japanese smokes Parliaments.
The Norwegian lives next to the blue house.

Now, who drinks water? Who owns the zebra?

In the interest of clarity, it must be added that each of the five houses is painted a
different color, and their inhabitants are of different national extractions, own different
pets, drink different beverages and smoke different brands of American cigarets. One other
thing: in statement 6, right means your right.
"""

COMPACT_KINDS = ["same", "same", "not_same", "position", "not_position", "left", "right",
                 "next", "not_next", "between", "not_between", "either", "of_pair",
                 "different", "ends"]
ONE_VALUE = ["{} arrived early.", "{} was happy with the choice.", "Everyone agreed that {} "
             "was lucky."]


def _seat_words(clue: str) -> str:
    """The same clue said of seats in a row instead of houses in a street."""
    for a, b in [("lives in the", "sits in the"), ("does not live in the", "does not sit "
                 "in the"), (" house.", " seat."), ("is in house", "is in seat"),
                 ("lives directly", "sits directly"), ("lives to the", "sits to the"),
                 ("lives somewhere", "sits somewhere"), ("lives next to", "sits next to"),
                 ("does not live next", "does not sit next"), ("lives between", "sits "
                 "between"), ("does not live between", "does not sit between"),
                 ("lives at one", "sits at one"), ("does not live at", "does not sit at")]:
        clue = clue.replace(a, b)
    return clue


def _list_sentence(rng: random.Random, c: Cat, values: list[str]) -> str:
    listed = ", ".join(values[:-1]) + " and " + values[-1] if len(values) > 2 else \
        " and ".join(values)
    if c.label == "names":
        return rng.choice([f"The people are {listed}.", f"The friends are {listed}.",
                           f"Names: {listed}."])
    return rng.choice([f"The {c.label} are {listed}.", f"{_cap(c.label)}: {listed}.",
                       f"Their {c.label} are {listed}."])


def compact(seed: int) -> tuple[str, Hidden, object]:
    rng = random.Random(seed)
    size = rng.randint(2, 5)
    cats = [_cats()[0], *rng.sample(_cats()[1:], rng.randint(1, 3))]
    h = Hidden(rng, size, cats)
    seats = rng.random() < 0.5
    words = NUMBERS[size]
    lines = [f"{_cap(words)} friends sit in a row of {words} seats, numbered 1 to {size} "
             "from left to right." if seats else
             f"{_cap(words)} friends live in a row of {words} houses, numbered 1 to {size} "
             "from left to right."]
    lines += [_list_sentence(rng, c, v) for c, v in zip(cats, h.values, strict=True)]
    lines.append("")
    clues = [_house_clue(h, rng, COMPACT_KINDS) for _ in range(3 * size * len(cats))]
    clues = [_seat_words(c) if seats else c for c in clues]
    clues.insert(rng.randrange(len(clues) + 1),
                 rng.choice(ONE_VALUE).format(h.at[0][rng.randrange(size)]))
    prefix = rng.choice(["({}) ", "{}. ", "{}) ", "Clue {}. "])
    lines += [prefix.format(i) + c for i, c in enumerate(clues, 1)]
    lines.append("")
    row, other = rng.randrange(size), rng.randrange(size)
    k = rng.randrange(1, len(cats))
    value = h.at[k][other]
    ask_who = (f"Which of the friends is {h.name(rng, k, other)}?"
               if cats[k].label == "jobs" else f"Who is {h.name(rng, k, other)}?")
    ask_where = rng.choice([f"What position is {h.at[0][row]} at?",
                            f"In which {'seat' if seats else 'house'} is {h.at[0][row]}?"])
    lines.append(f"{ask_where} {ask_who}")
    del value
    return "\n".join(lines) + "\n", h, (row + 1, h.at[0][other])


MEASURES = [("heights", "cm", [150, 155, 160, 165, 170, 175], "taller", "shorter",
             "is {d} cm {w} than"),
            ("weights", "kg", [3, 4, 5, 6, 7, 8], "heavier", "lighter", "is {d} kg {w} than"),
            ("scores", "points", [10, 12, 14, 16, 18, 20], "more", "fewer",
             "scored {d} points {w} than"),
            ("times", "minutes", [20, 25, 30, 35, 40, 45], "after", "before",
             "finished {d} minutes {w}"),
            ("ages", "years", [7, 8, 9, 10, 11, 12], "older", "younger",
             "is {d} years {w} than")]


def measures(seed: int) -> tuple[str, Hidden, object]:
    rng = random.Random(seed)
    size = rng.randint(3, 5)
    label, unit, scale, more, less, form = rng.choice(MEASURES)
    start = rng.randrange(len(scale) - size + 1)
    nums = scale[start:start + size]
    values = [str(n) if label == "ages" else f"{n} {unit}" for n in nums]
    numeric = Cat(label, values, ["the person with {}"])
    cats = [_cats()[0], numeric, *rng.sample(_cats()[1:], rng.randint(1, 2))]
    h = Hidden(rng, size, cats)
    lines = [f"{_cap(NUMBERS[size])} friends took part in a contest. Match each friend to "
             f"their {label} and the rest."]
    lines += [f"{_cap(c.label)}: {', '.join(v)}" for c, v in zip(cats, h.values, strict=True)]
    lines.append("")
    value_num = dict(zip(values, nums, strict=True))
    clues = []
    for _ in range(size * 7):
        a, b = rng.sample(range(size), 2)
        x, y = _person(h, rng, a), _person(h, rng, b)
        va, vb = value_num[h.at[1][a]], value_num[h.at[1][b]]
        kind = rng.choice(["diff", "diff", "cmp", "same", "not_same", "either", "of_pair"])
        if kind == "diff":
            w = more if va > vb else less
            said = form.format(d=abs(va - vb), w=w)
            clues.append(f"{_cap(x)} {said} {y}." if "than" in said or w in said.split()
                         [-1:] else f"{_cap(x)} {said} than {y}.")
        elif kind == "cmp":
            w = more if va > vb else less
            verb = form.split(" {d}")[0]
            clues.append(f"{_cap(x)} {verb} sometime {w} {y}." if unit == "minutes" else
                         f"{_cap(x)} {verb} {w} than {y}.")
        else:
            clues.append(_house_clue(h, rng, [kind]))
    lines += [f"{i}. {c}" for i, c in enumerate(clues, 1)]
    lines += ["", "Who has which attributes?"]
    return "\n".join(lines) + "\n", h, "grid"


def _premise(h: Hidden, rng: random.Random) -> str:
    """One true premise in the style of a line of people (positions are rows 0..n-1)."""
    n = h.size
    a, b = rng.sample(range(n), 2)
    x, y = _person(h, rng, a), _person(h, rng, b)
    kind = rng.choice(["same", "left", "left", "not_left", "immediate", "position", "parity",
                       "same_parity", "ends", "between", "not_same"])
    if kind == "left":
        if a > b:
            a, b, x, y = b, a, y, x
        return f"{x} is somewhere to the left of {y}"
    if kind == "not_left":
        if a < b:
            a, b, x, y = b, a, y, x
        return f"{x} is not anywhere to the left of {y}"
    if kind == "immediate":
        if n < 2:
            return f"{x} is not {y}"
        r = rng.randrange(n - 1)
        return f"{_person(h, rng, r)} is on the immediate left of {_person(h, rng, r + 1)}"
    if kind == "position":
        return f"{x} is in position {a + 1}"
    if kind == "parity":
        return f"{x} is in an {'even' if (a + 1) % 2 == 0 else 'odd'} position"
    if kind == "same_parity":
        same = (a - b) % 2 == 0
        return f"{x} and {y} have {'the same' if same else 'different'} parity positions"
    if kind == "ends":
        return f"{x} is at one of the ends" if a in (0, n - 1) else \
            f"{x} is not at one of the ends"
    if kind == "between":
        if n < 3:
            return f"{x} is not {y}"
        lo, mid, hi = sorted(rng.sample(range(n), 3))
        y, z = _person(h, rng, lo), _person(h, rng, hi)
        if rng.random() < 0.5:
            y, z = z, y
        return f"{_person(h, rng, mid)} is somewhere in between {y} and {z}"
    return _house_clue(h, rng, [kind]).rstrip(".").replace("The ", "the ", 1)


def premises(seed: int) -> tuple[str, Hidden, object]:
    rng = random.Random(seed)
    size = rng.randint(3, 5)
    cats = rng.sample(_cats()[1:], rng.randint(3, 4))
    h = Hidden(rng, size, cats)
    names = [c.label.rstrip("s").title() for c in cats]
    lines = [f"There are {size} people standing in a line numbered 1 through {size} in a "
             "left to right order.",
             f"Each person has a set of attributes: {', '.join(names)}.",
             "The attributes have the following possible values:"]
    lines += [f"- {t}: {', '.join(v)}" for t, v in zip(names, h.values, strict=True)]
    lines += ["and exactly one person in the line has a given value for an attribute.", "",
              "Given the following premises about the line of people:"]
    lines += [f"- {_premise(h, rng)}" for _ in range(4 * size * len(cats))]
    k, row = rng.randrange(len(cats)), rng.randrange(size)
    other = rng.choice([j for j in range(len(cats)) if j != k])
    lines += ["", "Answer the following question:"]
    if rng.random() < 0.5:
        lines.append(f"At what position is {h.name(rng, k, row)}? Return your answer as a "
                     "single number, in the following format: ***N***")
        return "\n".join(lines) + "\n", h, row + 1
    lines.append(f"What is the {names[other].lower()} of {h.name(rng, k, row)}? Return your "
                 "answer as a single word, in the following format: ***X***")
    return "\n".join(lines) + "\n", h, h.at[other][row]


STYLES = {"benchmark": benchmark, "zebralogic": zebralogic, "site": site, "compact": compact,
          "measures": measures, "premises": premises}
