"""mm.grade: levels from how a puzzle is solved; steering mm.generate to a level; mm grade."""

import statistics

import pytest

import mm
from mm.analysis.grade import LEVELS, Grade, from_steps, level_of
from mm.app.cli import main


def test_grade_measures_and_levels():
    g = mm.grade(mm.load("five_houses"))
    assert isinstance(g, Grade) and g.level in LEVELS
    assert g.effort > 0 and g.clues == len(mm.load("five_houses").facts)
    assert g.to_dict()["level"] == g.level and g.level in str(g)


def test_grade_refuses_a_puzzle_without_one_solution():
    p = mm.generate(4, 4, seed=1)
    with pytest.raises(mm.PuzzleError, match="more than one solution"):
        mm.grade(p.without(p.facts[0]))


def test_level_rules():
    assert level_of(0, 0, False, 540) == "easy"
    assert level_of(1, 5, False, 540) == "medium"
    assert level_of(1, 15, False, 540) == "hard"
    assert level_of(1, 40, False, 540) == "fiendish"
    assert level_of(1, 1, True, 540) == "fiendish"


def test_grade_from_explainer_steps():
    class Step:
        def __init__(self, level, kind):
            self.level, self.kind = level, kind

    easy = from_steps([Step(1, "clue"), Step(1, "one-to-one")], 3, 4, 540)
    assert easy.level == "easy" and easy.method == "explain"
    split = from_steps([Step(1, "clue"), Step(3, "case split")], 3, 4, 540)
    assert split.level == "fiendish" and split.case_split


@pytest.mark.parametrize("level", LEVELS)
def test_generate_steers_to_a_level(level):
    p = mm.generate(6, 6, seed=7, difficulty=level)
    assert p.grade.level == level == mm.grade(p).level
    assert p.is_unique(backend="sat")


def test_grades_separate_by_search_effort():
    """Over generated 6x6 puzzles bucketed by grade, the hard end needs at least 3x the
    MiniSat search effort of the easy one (the issue's measure; 100 puzzles in the slow
    version below)."""
    buckets = _buckets(range(24))
    _check_separation(buckets)


@pytest.mark.slow
def test_grades_separate_over_100_puzzles():
    _check_separation(_buckets(range(100)))


def _buckets(seeds):
    buckets: dict[str, list[int]] = {level: [] for level in LEVELS}
    for seed in seeds:
        level = LEVELS[seed % 4]
        g = mm.generate(6, 6, seed=seed, difficulty=level).grade
        buckets[g.level].append(g.effort)
    return buckets


def _check_separation(buckets):
    easy = statistics.mean(buckets["easy"])
    hard = statistics.mean(buckets["hard"] + buckets["fiendish"])
    assert hard >= 3 * easy, (easy, hard)


def test_cli_generate_and_grade(tmp_path, capsys):
    out = tmp_path / "g.txt"
    assert main(["generate", "--types", "4", "--nouns", "4", "--seed", "2", "--format",
                 "english", "--out", str(out)]) == 0
    assert out.read_text().startswith("Generated 4x4")
    assert main(["solve", str(out)]) == 0
    capsys.readouterr()
    assert main(["grade", str(out), "--json"]) == 0
    assert '"level"' in capsys.readouterr().out
    assert main(["generate", "--types", "4", "--nouns", "4", "--seed", "2", "--format",
                 "python", "--out", str(tmp_path / "g.py"), "--difficulty", "medium"]) == 0
    assert mm.load(str(tmp_path / "g.py")).is_unique()
    assert main(["generate", "--types", "3", "--nouns", "4", "--seed", "1"]) == 0
    assert '"format": "mm-puzzle/1"' in capsys.readouterr().out


@pytest.mark.parametrize("argv,message", [
    (["generate", "--types", "3", "--nouns", "4", "--kinds", "with,bogus"], "bogus"),
    (["generate", "--types", "3", "--nouns", "4", "--theme", "nope"], "unknown theme"),
    (["generate", "--types", "3", "--nouns", "4", "--format", "english", "--kinds",
      "with,before", "--seed", "3"], "English"),
])
def test_cli_generate_errors_are_one_line(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
