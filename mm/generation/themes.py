"""Themes: real category and noun names for generated puzzles, so clues read naturally.

A theme is a list of categories. Each category has the noun type's name, the title of its
list in English text ("Pet"), a phrase that names one person by a value ("the person who
keeps a {}"; "{}" alone for names), and a pool of values, from which a puzzle takes as many
as it has nouns (chosen by the seed). A category may be `ordered` (ages, years): its values
are numbers, and the "before" clues compare them ("younger than").

The first noun type of every generated puzzle is the row of houses, numbered 1..n, as in the
published puzzles; a theme lists the other categories. Built-in themes are listed in
`THEMES`; a user's theme is a TOML or JSON file:

    [[category]]                 # JSON: {"categories": [{"name": ..., ...}, ...]}
    name = "Pet"
    phrase = "the person who keeps a {}"    # optional; default "the {} person"
    nouns = ["dog", "cat", "bird", "fish"]
    ordered = false                          # optional

The values of one theme never share a word across categories ("orange" the color and
"orange" the fruit), so every value names one noun in English; a file that breaks this is
refused with the two values named.
"""

from __future__ import annotations

import json
import random
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from mm.errors import PuzzleLoadError, ValidationError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 reads TOML with the tomli backport
    import tomli as tomllib  # type: ignore[import-not-found,no-redef,unused-ignore]


@dataclass(frozen=True)
class Category:
    name: str  # the noun type's name
    nouns: tuple[str, ...]
    phrase: str = "the {} person"  # names one person by a value
    ordered: bool = False  # numeric values; "before" compares them
    comparative: tuple[str, str] = ("less than", "more than")  # "younger than", "older than"
    unit: str = ""  # "years": "5 years older than"

    def refer(self, value: str) -> str:
        """The phrase naming the person with this value."""
        return self.phrase.format(value)


@dataclass(frozen=True)
class Theme:
    name: str
    categories: tuple[Category, ...]
    position: str = "House"  # the first noun type: rows numbered 1..n
    notes: str = field(default="", compare=False)

    def fits(self, types: int, nouns: int) -> bool:
        """Enough categories and values for a puzzle of this shape?"""
        return types - 1 <= len(self.categories) and all(
            len(c.nouns) >= nouns for c in self.categories[:types - 1])


def _c(name: str, phrase: str, nouns: str, **kw: object) -> Category:
    return Category(name, tuple(v.strip() for v in nouns.split(",")), phrase, **kw)  # type: ignore[arg-type]


_NAME = _c("Name", "{}", "Alice, Bob, Carol, Dave, Emma, Frank, Grace, Henry, Ivy, Jack, Karen, "
           "Liam, Mona, Nate, Olga, Peter")
_AGE = _c("Age", "the person who is {}", "21, 24, 27, 30, 33, 36, 39, 42, 45, 48, 51, 54, 57, 60",
          ordered=True, comparative=("younger than", "older than"), unit="years")
_COLOR = _c("Color", "the person who likes {}", "red, green, blue, yellow, white, purple, pink, "
            "black, gray, brown, violet, turquoise, silver, beige")
_PET = _c("Pet", "the person who keeps a {}", "dog, cat, parrot, hamster, rabbit, turtle, "
          "goldfish, ferret, lizard, pony, snake, canary, goat, chinchilla")
_DRINK = _c("Drink", "the person who drinks {}", "tea, coffee, milk, water, juice, cocoa, soda, "
            "lemonade, cider, smoothie, kefir, espresso, kombucha, horchata")
_FOOD = _c("Food", "the person who eats {}", "pizza, pasta, sushi, tacos, curry, salad, "
           "burgers, dumplings, paella, ramen, lasagna, falafel, risotto, pancakes")
_HOBBY = _c("Hobby", "the person who enjoys {}", "chess, painting, hiking, knitting, gardening, "
            "fishing, baking, dancing, pottery, cycling, origami, karaoke, juggling, archery")
_JOB = _c("Job", "the {}", "tutor, doctor, lawyer, baker, pilot, nurse, farmer, plumber, "
          "architect, dentist, librarian, chemist, firefighter, journalist")
_SPORT = _c("Sport", "the person who plays {}", "tennis, soccer, golf, hockey, rugby, cricket, "
            "volleyball, baseball, badminton, squash, handball, lacrosse, polo, curling")
_CAR = _c("Car", "the person who drives a {}", "Ford, Toyota, Honda, Tesla, Volvo, Fiat, Audi, "
          "Mazda, Subaru, Kia, Jeep, Porsche, Lexus, Skoda")
_CITY = _c("City", "the person from {}", "Paris, Tokyo, Berlin, Madrid, Rome, Oslo, Cairo, Lima, "
           "Dublin, Vienna, Seoul, Sydney, Toronto, Nairobi")
_FLOWER = _c("Flower", "the person who grows {}", "roses, tulips, lilies, daisies, orchids, "
             "irises, peonies, poppies, dahlias, asters, lupins, freesias, camellias, zinnias")
_MUSIC = _c("Music", "the person who listens to {}", "jazz, soul, reggae, techno, opera, "
            "disco, folk, punk, salsa, grunge, swing, gospel, ska, flamenco")
_NATION = _c("Nationality", "the {}", "Norwegian, Dane, Swede, German, Briton, Spaniard, "
             "Italian, Japanese, Brazilian, Mexican, Canadian, Kenyan, Chilean, Peruvian")
_BOOK = _c("Book", "the person reading {}", "Dracula, Dune, Ulysses, Beloved, Rebecca, Matilda, "
           "Hamlet, Persuasion, Middlemarch, Lolita, Candide, Heidi, Walden, Siddhartha")
_TOY = _c("Toy", "the person whose animal likes the {}", "ball, rope, bone, frisbee, squeaker, "
          "feather, mouse, bell, tunnel, hammock, ladder, mirror, puzzle, kong")
_BREED = _c("Breed", "the {} owner", "poodle, beagle, boxer, collie, husky, pug, terrier, "
            "corgi, dalmatian, greyhound, labrador, mastiff, spaniel, whippet")

THEMES: dict[str, Theme] = {
    "people": Theme("people", (_NAME, _COLOR, _PET, _DRINK, _FOOD, _HOBBY, _JOB, _SPORT, _CAR,
                               _CITY, _FLOWER, _MUSIC, _AGE)),
    "houses": Theme("houses", (_NATION, _COLOR, _PET, _DRINK, _FOOD, _SPORT, _AGE),
                    notes="Einstein's street: nationalities, colors, pets, drinks"),
    "pets": Theme("pets", (_NAME, _BREED, _TOY, _FOOD, _AGE)),
    "travel": Theme("travel", (_NAME, _CITY, _CAR, _MUSIC, _BOOK, _DRINK, _AGE)),
    "garden": Theme("garden", (_NAME, _FLOWER, _HOBBY, _JOB, _DRINK, _AGE)),
}


def generic(types: int, nouns: int) -> Theme:
    """Numbered names ("color 4") for any shape: the theme of puzzles too big for the
    built-in lists."""
    names = ["Name", "Color", "Pet", "Drink", "Hobby", "Car", "Job", "Food", "Sport", "City",
             "Flower", "Gem", "Tree", "Fruit", "Tool", "Bird", "Fish", "Dance"]
    categories = []
    for t in range(types - 1):
        name = names[t] if t < len(names) else f"Type{t + 2}"
        categories.append(Category(name, tuple(f"{name.lower()} {i + 1}" for i in range(nouns)),
                                   "{}", comparative=("before", "after")))
    return Theme("generic", tuple(categories), position="Position")


def theme_for(theme: str | Theme | None, types: int, nouns: int) -> Theme:
    """The theme to use: a Theme, a built-in name, a path to a TOML/JSON file, or None for
    "people" when it fits and numbered names otherwise."""
    if isinstance(theme, Theme):
        chosen = theme
    elif theme is None:
        return THEMES["people"] if THEMES["people"].fits(types, nouns) else generic(types, nouns)
    elif theme in THEMES:
        chosen = THEMES[theme]
    elif theme == "generic":
        return generic(types, nouns)
    elif Path(theme).suffix.lower() in (".toml", ".json"):
        chosen = load_theme(theme)
    else:
        raise ValidationError(f"unknown theme '{theme}' (choose from "
                              f"{', '.join([*THEMES, 'generic'])}, or a .toml/.json file)")
    if not chosen.fits(types, nouns):
        sizes = ", ".join(f"{c.name} {len(c.nouns)}" for c in chosen.categories)
        raise ValidationError(
            f"theme '{chosen.name}' has too few categories or values for {types} types of "
            f"{nouns} nouns ({len(chosen.categories)} categories: {sizes})")
    return chosen


def compares(theme: Theme, types: int, nouns: int) -> bool:
    """Will a puzzle of this shape that draws "before" have a numeric category (ages,
    years) to compare? Without one, "before" orders the names themselves, which English
    text cannot say (the reader refuses "Pet 5 is before ...")."""
    return any(c.ordered for c in _categories(theme, types, nouns, True))


def _categories(theme: Theme, types: int, nouns: int, ordered: bool) -> list[Category]:
    """The theme's first types - 1 categories; with `ordered` (clues compare values), the
    theme's first ordered category is among them when it has one to spare."""
    categories = list(theme.categories[:types - 1])
    spare = [c for c in theme.categories[types - 1:] if c.ordered and len(c.nouns) >= nouns]
    if ordered and types > 2 and spare and not any(c.ordered for c in categories):
        categories[-1] = spare[0]
    return categories


def pick(theme: Theme, types: int, nouns: int, rng: random.Random,
         ordered: bool = False) -> list[tuple[Category, list[str]]]:
    """The categories of a puzzle and the values each takes: an ordered category keeps its
    values in order (its nouns are numbered by value), the others are shuffled. With
    `ordered` (clues compare values), the theme's first ordered category is among them."""
    chosen = []
    for category in _categories(theme, types, nouns, ordered):
        values = rng.sample(list(category.nouns), nouns)
        if category.ordered:
            values.sort(key=lambda v: int(v))
        chosen.append((category, values))
    return chosen


# ------------------------------------------------------------------ user themes

def load_theme(path: str | Path) -> Theme:
    """A theme from a TOML or JSON file (see the module docstring for the layout)."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise PuzzleLoadError(f"{path}: cannot read theme ({exc.strerror})") from None
    try:
        if path.suffix.lower() == ".toml":
            data = tomllib.loads(raw.decode("utf-8"))
            items = data.get("category", data.get("categories"))
        else:
            data = json.loads(raw.decode("utf-8"))
            items = data.get("categories") if isinstance(data, dict) else None
        # a lone surrogate (a valid JSON escape) is no text: every file written would fail
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except (UnicodeDecodeError, ValueError) as exc:
        raise PuzzleLoadError(f"{path}: not a valid theme file ({exc})") from None
    if not isinstance(items, list) or not items:
        raise PuzzleLoadError(f"{path}: a theme needs a list of categories "
                              "([[category]] in TOML, \"categories\" in JSON)")
    categories = [_category(item, f"{path}: category {k}") for k, item in enumerate(items, 1)]
    theme = Theme(path.stem, tuple(categories))
    check_theme(theme, str(path))
    return theme


def _category(item: object, where: str) -> Category:
    if not isinstance(item, dict):
        raise PuzzleLoadError(f"{where}: expected a table with name and nouns")
    name, nouns = item.get("name"), item.get("nouns")
    if not isinstance(name, str) or not name.strip():
        raise PuzzleLoadError(f"{where}: needs a non-empty 'name'")
    if not isinstance(nouns, list) or len(nouns) < 2 or \
            not all(isinstance(v, str) and v.strip() for v in nouns):
        raise PuzzleLoadError(f"{where} ('{name}'): 'nouns' must be a list of at least two "
                              "non-empty strings")
    phrase = item.get("phrase", "the {} person")
    if not isinstance(phrase, str) or phrase.count("{}") != 1 or \
            re.search(r"\{[^}]", phrase):
        raise PuzzleLoadError(f"{where} ('{name}'): 'phrase' must contain '{{}}' once")
    ordered = bool(item.get("ordered", False))
    if ordered and not all(v.strip().isdigit() for v in nouns):
        raise PuzzleLoadError(f"{where} ('{name}'): an ordered category needs whole numbers")
    bad = [v for v in nouns if re.search(r",|\band\b|\bor\b", v)]
    if bad:
        raise PuzzleLoadError(f"{where} ('{name}'): value '{bad[0]}' contains a comma, "
                              "'and' or 'or', which English lists cannot show")
    return Category(name.strip(), tuple(v.strip() for v in nouns), phrase, ordered)


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", re.sub(r"(?<=\w)[-'’](?=\w)", "", text.lower())))


def check_theme(theme: Theme, where: str) -> None:
    """Refuse a theme whose values repeat or share a word across categories."""
    seen: dict[str, str] = {}
    for category in theme.categories:
        if len(set(category.nouns)) != len(category.nouns):
            raise PuzzleLoadError(f"{where}: category '{category.name}' repeats a value")
        for value in category.nouns:
            for word in _words(value) - ({"the", "a", "an"} if not category.ordered else set()):
                if word in seen and seen[word] != category.name:
                    raise PuzzleLoadError(
                        f"{where}: the word '{word}' is a value of both '{seen[word]}' and "
                        f"'{category.name}'; English clues could not tell them apart")
                seen[word] = category.name
