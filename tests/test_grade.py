"""mm.grade: levels from how a puzzle is solved; steering mm.generate to a level; mm grade."""

import statistics

import pytest

import mm
from mm.analysis.grade import (
    EASY_STEPS_ABOVE,
    FIENDISH_SPLIT,
    FIENDISH_STEPS_ABOVE,
    LEVELS,
    Grade,
    from_steps,
    level_from_steps,
    level_of,
)
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
    assert level_from_steps(2, EASY_STEPS_ABOVE, False) == "easy"
    assert level_from_steps(2, EASY_STEPS_ABOVE + 1, False) == "medium"
    assert level_from_steps(3, 5, False) == "medium"  # two clues together: not easy
    assert level_from_steps(5, FIENDISH_STEPS_ABOVE, True) == "hard"
    assert level_from_steps(FIENDISH_SPLIT - 1, 40, True) == "hard"
    assert level_from_steps(FIENDISH_SPLIT, 40, True) == "fiendish"
    assert level_from_steps(5, FIENDISH_STEPS_ABOVE + 1, True) == "fiendish"


def test_probing_level_rules():
    assert level_of(0, 0, False, 540) == "easy"
    assert level_of(1, 5, False, 540) == "medium"
    assert level_of(1, 15, False, 540) == "hard"
    assert level_of(1, 40, False, 540) == "fiendish"
    assert level_of(1, 1, True, 540) == "fiendish"


def test_grade_from_explainer_steps():
    class Step:
        def __init__(self, level, kind):
            self.level, self.kind = level, kind

    easy = from_steps([Step(1, "clue"), Step(0, "one-to-one")], 3, 4, 540)
    assert easy.level == "easy" and easy.method == "explain" and easy.hardest_step == 1
    split = from_steps([Step(1, "clue"), Step(4, "case split")], 3, 4, 540)
    assert split.level == "hard" and split.case_split and split.steps_above_simplest == 1
    big = from_steps([Step(1, "clue"), Step(FIENDISH_SPLIT, "case split")], 3, 4)
    assert big.level == "fiendish"


def test_grade_uses_the_explainer_and_keeps_probing():
    p = mm.generate(6, 6, seed=3, difficulty="hard")
    g = mm.grade(p)
    steps = p.explain().steps
    assert g.method == "explain" and g.case_split
    assert g.hardest_step == max(s.level for s in steps)
    assert g.steps_above_simplest == sum(s.level > 1 for s in steps)
    old = mm.grade(p, method="probing")
    assert old.method == "probing" and old.contradictions == g.contradictions
    assert old.effort == g.effort
    with pytest.raises(mm.PuzzleError, match="unknown method"):
        mm.grade(p, method="guess")


@pytest.mark.parametrize("level", LEVELS)
def test_generate_steers_to_a_level(level):
    p = mm.generate(6, 6, seed=7, difficulty=level)
    assert p.grade.level == level == mm.grade(p).level
    assert p.is_unique(backend="sat")


def test_grades_separate_by_search_effort():
    """Over generated 6x6 puzzles bucketed by grade, the hard end (hard and fiendish) needs
    clearly more MiniSat search effort than the easy one, and its explanations have more
    high-level steps. 24 puzzles, 6 a bucket, where one easy outlier moves the ratio by a
    third (seeds 0-23 measure 2.6x; 100 puzzles 4.4x): this quick check asks for 2x, the
    slow one below for the issue's 3x over 100 puzzles."""
    _check_separation(_buckets(range(24)), factor=2)


@pytest.mark.slow
def test_grades_separate_over_100_puzzles():
    """The issue's measure over 100 steered puzzles: the hard bucket alone needs 3x the
    effort of the easy one."""
    _check_separation(_buckets(range(100)), hard_alone=True)


def _buckets(seeds):
    buckets: dict[str, list[Grade]] = {level: [] for level in LEVELS}
    for seed in seeds:
        level = LEVELS[seed % 4]
        g = mm.generate(6, 6, seed=seed, difficulty=level).grade
        buckets[g.level].append(g)
    return buckets


def _check_separation(buckets, hard_alone=False, factor=3):
    assert all(buckets.values()), {k: len(v) for k, v in buckets.items()}  # all populated
    easy = buckets["easy"]
    hard = buckets["hard"] + ([] if hard_alone else buckets["fiendish"])
    effort = [statistics.mean(g.effort for g in bucket) for bucket in (easy, hard)]
    assert effort[1] >= factor * effort[0], effort
    high = [statistics.mean(g.steps_above_simplest for g in bucket) for bucket in (easy, hard)]
    assert high[1] > high[0], high


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
    (["generate", "--types", "6", "--nouns", "20", "--format", "english", "--kinds",
      "with,before"], "needs a numeric category"),  # the generic theme has no ages
])
def test_cli_generate_errors_are_one_line(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
