"""mm.generate: unique puzzles whose clues are all needed, checked by the other backend; every
clue kind, themes, English and Python output that read back to the same puzzle."""

import functools
import json
import re

import pytest

import mm
from mm import backends
from mm.analysis.grade import LEVELS
from mm.formats.english_writer import to_english
from mm.formats.python_writer import to_python
from mm.formats.readers import english_puzzle
from mm.generation.generate import GenerationError
from mm.generation.kinds import ENGLISH_KINDS, FACT_KINDS, KINDS, RULE_KINDS
from mm.generation.themes import THEMES, check_theme, load_theme
from mm.model.serialize import to_json_text

# the generator solves with MiniSat through PySAT; the checks use CP-SAT when it is there
CHECK = "cpsat" if "cpsat" in backends.available() else "sat"


def _check_unique_and_minimal(p: mm.Puzzle) -> None:
    assert p.is_unique(backend=CHECK)
    assert p.check_answer(p.solve(backend=CHECK))
    items = [*p.facts, *p.rules]
    if len(items) == 1:  # the one clue is needed: a bare grid has n! solutions
        return
    for item in items:  # minimal: without any clue a second solution appears
        assert p.without(item).count(limit=2, backend=CHECK) == 2, item.text


@pytest.mark.parametrize("kind", KINDS)
def test_two_types_the_houses_and_one_list(kind):
    """With one list besides the houses, "another type" can only be the houses (this was
    an internal error)."""
    p = mm.generate(2, 5, seed=1, kinds=["with", kind])
    _check_unique_and_minimal(p)


@pytest.mark.parametrize("types,nouns", [(3, 4), (4, 5), (5, 5), (5, 6), (6, 6)])
@pytest.mark.parametrize("seed", range(4))
def test_unique_and_minimal_by_the_other_backend(types, nouns, seed):
    p = mm.generate(types, nouns, seed=seed)
    assert len(p.noun_types) == types and len(p.noun_types[0].nouns) == nouns
    _check_unique_and_minimal(p)


@pytest.mark.slow  # 10-100 s each under load: the default suite has the small sizes above
@pytest.mark.parametrize("types,nouns,seed", [(8, 8, 0), (8, 8, 1), (10, 14, 0)])
def test_larger_puzzles_are_unique_and_minimal(types, nouns, seed):
    """At larger sizes the removal order (needed-looking clues first) decides which minimal
    set is found; each clue is still tested exactly, so any order gives a minimal one."""
    _check_unique_and_minimal(mm.generate(types, nouns, seed=seed))


@pytest.mark.parametrize("seed", range(6))
def test_rules_are_unique_and_minimal(seed):
    p = mm.generate(5, 5, seed=seed, rules=True)
    _check_unique_and_minimal(p)


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_makes_true_clues(kind):
    """Each kind alone with 'with' (which can always separate two solutions): the puzzle is
    unique, its answer the hidden one, and the kind was used."""
    used = 0
    for seed in range(3):
        p = mm.generate(4, 5, seed=seed, kinds=["with", kind])
        _check_unique_and_minimal(p)
        used += len(p.facts) + len(p.rules) - sum(
            f.link.num == 0 and f.verb is mm.IS and f.noun2.type.num > 0 and
            not f.text.startswith(("The person", "Alice")) for f in p.facts)
    assert used


def test_fact_types_and_verbs_of_the_seed():
    kinds, verbs = set(), set()
    for seed in range(6):
        p = mm.generate(5, 6, seed=seed)
        kinds |= {f.kind for f in p.facts}
        verbs |= {f.verb for f in p.facts}
    assert kinds == {1, 2, 3, 4}
    assert verbs == {mm.IS, mm.IS_NOT}


def test_reproducible_and_seed_dependent():
    a, b, c = (mm.generate(5, 5, seed=s) for s in (11, 11, 12))
    assert [x.text for x in a.facts + a.rules] == [x.text for x in b.facts + b.rules]
    assert [x.text for x in a.facts + a.rules] != [x.text for x in c.facts + c.rules]


def test_backend_and_engine_options_still_work(backend):
    p = mm.generate(4, 4, seed=11, backend=backend)
    assert p.check_answer(p.solve(backend="sat"))
    q = mm.generate(4, 5, seed=2, minimal=False, engine="glucose4")
    assert q.is_unique(backend=CHECK)



@pytest.mark.parametrize("seed", range(4))
def test_not_minimal_puzzles_are_unique_and_true(seed):
    """minimal=False posts each clue for good (no assumption per clue): the puzzle must
    still have exactly the hidden answer, rules included, and repeat for a seed."""
    p = mm.generate(5, 6, seed=seed, minimal=False, rules=True)
    assert p.is_unique(backend=CHECK)
    assert p.check_answer(p.solve(backend=CHECK))
    again = mm.generate(5, 6, seed=seed, minimal=False, rules=True)
    assert [x.text for x in p.facts + p.rules] == [x.text for x in again.facts + again.rules]

ENGLISH_SHAPES = [(3, 4), (4, 4), (5, 5), (4, 6), (6, 6), (5, 7)]


@functools.cache
def _english_kinds_puzzle(shape: tuple[int, int], seed: int) -> mm.Puzzle:
    """One generated puzzle of every English kind, made once for the two tests below."""
    return mm.generate(*shape, seed=seed, kinds=ENGLISH_KINDS)


@pytest.mark.parametrize("shape", ENGLISH_SHAPES)
@pytest.mark.parametrize("seed", range(5))
def test_english_reads_back_exactly(shape, seed, tmp_path):
    """Every kind the English writer takes, rule kinds included, read back by the reader
    to the same unique solution and the same answer."""
    p = _english_kinds_puzzle(shape, seed)
    path = tmp_path / "puzzle.txt"
    path.write_text(to_english(p), encoding="utf-8")
    back = mm.load(str(path))
    assert back.not_read == []
    assert back.count(limit=2, backend=CHECK) == 1
    assert back.solve(backend=CHECK).encoded() == p.solve().encoded()
    assert back.question is not None
    assert back.question.answer(back.solve()) == p.question.answer(p.solve())


# how the kinds new to the English round trip (issue 15) are worded
ENGLISH_MARKERS = {"before": r"^(?!.* is \d+ ).* than ", "difference": r" is \d+ .* than ",
                   "either": r" is either ", "next_to_one_of": r" is next to at least one of ",
                   "one_of_pairs": r"^Exactly one of ",
                   "house_sum": r"^The house numbers of .* add up to \d+"}


def test_the_english_round_trip_draws_the_new_kinds():
    """The round-trip test above is only as good as the kinds it draws."""
    texts = [item.text for shape in ENGLISH_SHAPES for seed in range(5)
             for p in [_english_kinds_puzzle(shape, seed)] for item in [*p.facts, *p.rules]]
    assert [k for k, marker in ENGLISH_MARKERS.items()
            if not any(re.search(marker, t) for t in texts)] == []


def test_a_rare_english_kind_reads_back():
    """'not between' is a weak clue, seldom kept: drawn alone with 'with' it is."""
    kept = 0
    for seed in range(30):
        p = mm.generate(5, 5, seed=seed, kinds=["with", "not_between"])
        if any(" is not between " in r.text for r in p.rules):
            kept += 1
            back = english_puzzle(to_english(p), "back")
            assert back.not_read == []
            assert back.count(limit=2, backend=CHECK) == 1
            assert back.solve(backend=CHECK).encoded() == p.solve().encoded()
    assert kept


def test_english_of_a_large_puzzle_in_numbered_names(tmp_path, mm_cli):
    """Past the built-in lists the theme is numbered names, with no ages to compare and
    houses past the twelfth ("the 13th house"): the default kinds still read back."""
    path = tmp_path / "big.txt"
    done = mm_cli("generate", "--types", "3", "--nouns", "20", "--seed", "2", "--format",
                  "english", "--out", str(path))
    assert done.returncode == 0, done.stderr
    text = path.read_text()
    assert "name 20" in text and "th house" in text
    back = mm.load(str(path))
    assert back.not_read == [] and back.count(limit=2, backend=CHECK) == 1


def test_english_writes_the_sides_of_the_street_and_rules(tmp_path, mm_cli):
    """--format english with --rules: every rule kind, the sides of the street defined in
    the introduction, read back to the same unique solution."""
    sides = 0
    for seed in range(6):
        path = tmp_path / f"p{seed}.txt"
        done = mm_cli("generate", "--types", "4", "--nouns", "5", "--seed", str(seed),
                      "--rules", "--kinds", "with,same_side,opposite_side", "--format",
                      "english", "--out", str(path))
        assert done.returncode == 0, done.stderr
        sides += "on neither side" in path.read_text()
        back = mm.load(str(path))
        assert back.not_read == [] and back.count(limit=2, backend=CHECK) == 1
    assert sides


@pytest.mark.parametrize("seed", range(4))
def test_python_module_reads_back(seed, tmp_path):
    p = mm.generate(5, 5, seed=seed, rules=True)
    path = tmp_path / "generated.py"
    path.write_text(to_python(p), encoding="utf-8")
    back = mm.load(str(path))
    assert [x.text for x in back.facts + back.rules] == [x.text for x in p.facts + p.rules]
    assert back.is_unique(backend=CHECK) and back.check_answer(back.solve(backend=CHECK))


def test_json_keeps_the_puzzle(tmp_path):
    p = mm.generate(5, 5, seed=3, rules=True)
    p.save(tmp_path / "g.json")
    back = mm.load(str(tmp_path / "g.json"))
    assert back.is_unique(backend=CHECK) and back.check_answer(back.solve(backend=CHECK))


# ------------------------------------------------------------------ themes

def test_builtin_themes_tell_every_value_apart():
    for theme in THEMES.values():
        check_theme(theme, theme.name)


@pytest.mark.parametrize("name", sorted(THEMES))
def test_each_theme_generates(name):
    p = mm.generate(4, 5, seed=1, theme=name)
    names = {n.name for t in p.noun_types[1:] for n in t.nouns}
    theme_values = {v for c in THEMES[name].categories for v in c.nouns}
    assert names <= theme_values


def test_large_puzzles_fall_back_to_numbered_names():
    p = mm.generate(3, 20, seed=1)
    assert p.noun_types[1].nouns[0].name.endswith(tuple("0123456789"))


def test_user_theme_files(tmp_path):
    toml = tmp_path / "space.toml"
    toml.write_text('[[category]]\nname = "Planet"\nphrase = "the person from {}"\n'
                    'nouns = ["Mars", "Venus", "Jupiter", "Saturn"]\n'
                    '[[category]]\nname = "Ship"\nnouns = ["Apollo", "Soyuz", "Gemini", "Orion"]\n')
    p = mm.generate(3, 4, seed=2, theme=str(toml))
    assert [t.name for t in p.noun_types] == ["House", "Planet", "Ship"]
    data = {"categories": [{"name": "Tea", "nouns": ["oolong", "sencha", "assam"]},
                           {"name": "Cake", "nouns": ["scone", "eclair", "tart"]}]}
    js = tmp_path / "tea.json"
    js.write_text(json.dumps(data))
    assert load_theme(js).categories[1].name == "Cake"
    assert mm.generate(3, 3, seed=1, theme=str(js)).is_unique(backend=CHECK)


@pytest.mark.parametrize("text,message", [
    ('[[category]]\nname = "A"\nnouns = ["x"]\n', "at least two"),
    ('[[category]]\nname = "A"\nnouns = ["red", "blue"]\n[[category]]\nname = "B"\n'
     'nouns = ["red car", "van"]\n', "word 'red'"),
    ('[[category]]\nname = "A"\nphrase = "no placeholder"\nnouns = ["a1", "b1"]\n', "phrase"),
    ('not = toml = at all', "not a valid theme"),
])
def test_bad_theme_files_are_refused(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(mm.PuzzleError, match=message):
        mm.generate(3, 2, seed=1, theme=str(path))


def test_too_small_theme_and_bad_arguments():
    with pytest.raises(mm.ValidationError, match="too few"):
        mm.generate(3, 30, theme="pets")
    with pytest.raises(mm.ValidationError, match="unknown clue kind 'nope'"):
        mm.generate(3, 3, kinds=["nope"])
    with pytest.raises(mm.ValidationError, match="unknown difficulty"):
        mm.generate(3, 3, difficulty="brutal")
    with pytest.raises(mm.ValidationError, match="at least 2"):
        mm.generate(1, 3)
    with pytest.raises(GenerationError, match="cannot tell"):
        mm.generate(3, 3, seed=1, kinds=["next_to"])


def test_rule_kinds_are_used_with_rules():
    seen = set()
    for seed in range(12):
        p = mm.generate(5, 5, seed=seed, rules=True)
        seen |= {type(r.constraint).__name__ for r in p.rules}
    assert {"MatchAtLeastOne", "Compare"} <= seen
    assert set(RULE_KINDS) and set(FACT_KINDS)


def test_a_time_limit_bounds_the_whole_generation(mm_cli):
    """Large sizes take minutes: the limit holds for the job (API and command line)."""
    import time

    start = time.monotonic()  # 10x30 takes 7-200 s of CPU (docs/performance.md)
    with pytest.raises(mm.TimeLimitReached):
        mm.generate(10, 30, seed=1, time_limit=0.5)
    assert time.monotonic() - start < 2.0
    done = mm_cli("generate", "--types", "10", "--nouns", "30", "--seed", "1",
                  "--time-limit", "0.5")
    assert done.returncode == 4 and done.stdout == ""
    assert done.stderr.strip().startswith("mm: time limit of 0.5 s reached")
    with pytest.raises(mm.TimeLimitReached):  # steering: every attempt draws on it
        mm.generate(5, 5, seed=1, difficulty="fiendish", time_limit=0.5)
    start = time.monotonic()  # at 12x50 the limit falls after the draw: in the swaps that
    with pytest.raises(mm.TimeLimitReached):  # prove clues needed (seconds of Python) or
        mm.generate(12, 50, seed=2, time_limit=3)  # in a removal call of 3,000 conflicts
    assert time.monotonic() - start < 3.5



@pytest.mark.parametrize("job", ["generate", "grade"])
def test_a_time_limit_error_names_the_limit_given(job):
    """The solver inside the job gets what is left of the limit; the error still names the
    user's limit (it said "time limit of 0.484578 s" for 0.5)."""
    with pytest.raises(mm.TimeLimitReached) as caught:
        if job == "generate":
            mm.generate(15, 80, seed=1, minimal=False, time_limit=0.5)
        else:
            mm.grade(mm.generate(8, 10, seed=1), time_limit=0.05)
    wanted = "0.5" if job == "generate" else "0.05"
    assert str(caught.value).startswith(f"time limit of {wanted} s reached"), caught.value

def test_grade_takes_a_time_limit(mm_cli, tmp_path):
    big = mm.generate(8, 12, seed=3)
    with pytest.raises(mm.TimeLimitReached):
        mm.grade(big, time_limit=0.05)
    path = tmp_path / "big.json"
    path.write_text(to_json_text(big))
    done = mm_cli("grade", str(path), "--time-limit", "0.05")
    assert done.returncode == 4 and done.stderr.startswith("mm: time limit of 0.05 s")
    assert mm.grade(mm.generate(4, 4, seed=1), time_limit=60).level in LEVELS
