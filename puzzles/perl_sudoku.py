"""The 4x4 Sudoku of Perl's Games::LogicPuzzle (Andy Adler, version 0.2), its example of
`sameok => 1`: 16 board positions are the rows, and VAL is a repeating type (many positions
hold the same value), which is what `sameok` allows. The module checks a candidate with a
Perl function (`verify_proc`); here the same check is a rule written as a Python function
(`rules.predicate`), reading only where the values stand.
"""

from mm import IS, WITH, Puzzle, rules
from mm.model.solution import Solution

POSITIONS = ["11", "12", "13", "14", "21", "22", "23", "24",
             "31", "32", "33", "34", "41", "42", "43", "44"]
GIVEN = [1, 2, None, None, 3, 4, 1, 2, 4, 3, 2, None, 2, 1, 4, 3]
GROUPS = [  # the module's sudoku_test calls: boxes, then rows, then columns
    ("11", "12", "21", "22"), ("31", "32", "41", "42"), ("13", "14", "23", "24"),
    ("33", "34", "43", "44"), ("11", "12", "13", "14"), ("21", "22", "23", "24"),
    ("31", "32", "33", "34"), ("41", "42", "43", "44"), ("11", "21", "31", "41"),
    ("12", "22", "32", "42"), ("13", "23", "33", "43"), ("14", "24", "34", "44"),
]


def build() -> Puzzle:
    p = Puzzle("PerlSudoku", "Games::LogicPuzzle's 4x4 Sudoku (sameok)")
    p.source = "Games::LogicPuzzle 0.2 (Perl, CPAN), SAMPLE PUZZLE: SUDOKU"
    pos = p.add_noun_type("POS")
    cells = pos.add_nouns(*POSITIONS)
    val = p.add_noun_type("VAL", repeats=True)  # sameok => 1
    values = val.add_nouns("1", "2", "3", "4")
    by_name = {c.name: c for c in cells}
    for cell, given in zip(cells, GIVEN, strict=True):
        if given is not None:
            p.add_fact("assign", cell, IS, WITH, values[given - 1])

    def my_verify(c: Solution) -> bool:
        """The module's verify_proc: no value twice in any group."""
        return all(len({c.partner(by_name[x], val) for x in group}) == len(group)
                   for group in GROUPS)

    p.add_rule("verify", "No value appears twice in a row, a column or a box.",
               rules.predicate(my_verify, reads=[val]))
    p.answer = [[0, 1, 2, 3, 2, 3, 0, 1, 3, 2, 1, 0, 1, 0, 3, 2]]
    return p
