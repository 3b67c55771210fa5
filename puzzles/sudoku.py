"""A 9x9 Sudoku written in the API: 81 cells are the rows, and Digit is a repeating type
(each cell holds one digit, each digit fills many cells). Every row, column and box of the
grid has each digit exactly once; the givens are facts. 25 givens, one solution.

`sudoku(givens)` builds any Sudoku from 81 characters (a digit, or "." / "0" for blank).
"""

from mm import IS, WITH, Puzzle, rules

GIVENS = (
    "7....4..."
    "...8....7"
    "8.3....5."
    "1..4.2..."
    "9..73.6.."
    "32......1"
    "....2...."
    ".1...3..2"
    ".35.6.9.."
)
SOLUTION = (
    "791354268"
    "562819437"
    "843276159"
    "156482793"
    "984731625"
    "327695841"
    "479528316"
    "618943572"
    "235167984"
)


def units() -> list[list[int]]:
    """The 27 groups of cell indices (0..80) that hold each digit once."""
    rows = [[9 * r + c for c in range(9)] for r in range(9)]
    cols = [[9 * r + c for r in range(9)] for c in range(9)]
    boxes = [[9 * (3 * br + r) + 3 * bc + c for r in range(3) for c in range(3)]
             for br in range(3) for bc in range(3)]
    return rows + cols + boxes


def sudoku(givens: str, name: str = "Sudoku", title: str = "Sudoku") -> Puzzle:
    """A 9x9 Sudoku from 81 characters, row by row ("." or "0" for an empty cell)."""
    text = "".join(ch for ch in givens if not ch.isspace())
    if len(text) != 81 or any(ch not in ".0123456789" for ch in text):
        raise ValueError("sudoku: expected 81 characters, each a digit or '.'")
    p = Puzzle(name, title)
    cells = p.add_noun_type("Cell").add_nouns(
        *(f"r{r + 1}c{c + 1}" for r in range(9) for c in range(9)))
    digits = p.add_noun_type("Digit", repeats=True).add_nouns(*"123456789")
    for k, unit in enumerate(units()):
        kind = ("row", "column", "box")[k // 9]
        p.add_rule(f"U{k + 1}", f"Each {kind} {k % 9 + 1} has every digit once.",
                   rules.all_of(rules.exactly(1, [rules.with_(cells[i], d) for i in unit])
                                for d in digits))
    for i, ch in enumerate(text):
        if ch not in ".0":
            p.add_fact("G", cells[i], IS, WITH, digits[int(ch) - 1],
                       f"Cell {cells[i].name} holds {ch}.")
    return p


def build() -> Puzzle:
    p = sudoku(GIVENS, "Sudoku", "A Sudoku with 25 givens")
    p.source = "Made for mm: minimised from a full grid, unique by the solver"
    p.answer = [[int(ch) - 1 for ch in SOLUTION]]
    return p
