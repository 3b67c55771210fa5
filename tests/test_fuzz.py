"""Fuzzing every entry point with hostile input (hypothesis). Properties: on the command
line the exit status is 0-4, status 2 comes with exactly one line on stderr, there is never
an internal error or a traceback, and no input file changes; in the API only PuzzleError
subclasses escape. The default profile stays small for CI; `-m slow` runs ten times more."""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mm
from mm import IS, IS_NOT, MAYBE, WITH, Puzzle, rules
from mm.app import cli
from mm.formats.english import english_puzzle
from mm.formats.json_format import from_json
from mm.model.serialize import to_json

FIXTURES = Path(__file__).parent / "fixtures"
BIG_BENCH_STYLE = (FIXTURES / "big_bench_style.txt").read_text()
SEEDS = {name: to_json(mm.load(name)) for name in ("five_houses", "all_tired_out")}
MODULES = {p.name: p.read_text() for p in sorted(FIXTURES.iterdir())
           if p.suffix in (".js", ".java")}
PROFILES = [pytest.param(1, id="ci"), pytest.param(10, id="long", marks=pytest.mark.slow)]
TIME_LIMIT = "3"  # per command: a mutation can make a puzzle hard


def fuzz_settings(examples: int):
    """Fixed examples in CI (a failure is reproducible); MM_FUZZ_RANDOM=1 explores."""
    return settings(max_examples=examples, deadline=None, database=None,
                    derandomize=not os.environ.get("MM_FUZZ_RANDOM"),
                    suppress_health_check=list(HealthCheck))


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """mm's main() in this process: (status, stdout, stderr); usage errors exit via
    SystemExit, as the console script would."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def snapshot(folder: Path) -> dict[str, str]:
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in folder.rglob("*") if p.is_file()}


def check_cli(argv: list[str], folder: Path) -> int:
    before = snapshot(folder)
    code, _, err = run_cli(argv)
    assert code in (0, 1, 2, 3, 4), (argv, code, err)
    assert "internal error" not in err and "Traceback" not in err, (argv, err)
    if code == 2:
        assert len(err.strip().splitlines()) == 1, (argv, err)
    after = snapshot(folder)
    assert {k: after.get(k) for k in before} == before, f"an input file changed: {argv}"
    return code


# ------------------------------------------------------------------ JSON values

json_scalars = (st.none() | st.booleans() | st.integers(-2 ** 70, 2 ** 70)
                | st.floats(allow_nan=False) | st.text(max_size=8)
                | st.sampled_from(["House", "Pet", "with", "is", "is not", "1st", "zebra",
                                   "Zebra", "compare", "related", "num"]))
json_values = st.recursive(json_scalars, lambda kids: st.lists(kids, max_size=3)
                           | st.dictionaries(st.text(max_size=6), kids, max_size=3),
                           max_leaves=6)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*prefix, i))


SPECIAL = ["\ud800", "\ufeff", 2 ** 70, -1, 0, 1.5, True, None, "", [], {}, [[0]],
           [5, 5, 5, 5, 5], {"House": [1]}, "Zebra", {"type": "House", "noun": "1st"}]


def _mutate(data, rng: random.Random, replacement):
    """One random edit: replace a value (by a random JSON value, a value from elsewhere in
    the puzzle, or a known troublemaker), delete it, duplicate a list item, or nest it."""
    data = json.loads(json.dumps(data))
    paths = [p for p in _paths(data) if p]
    depth = rng.randint(1, max(len(p) for p in paths))  # shallow fields as often as deep
    path = rng.choice([p for p in paths if len(p) == depth])
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    action = rng.choice(["replace", "elsewhere", "special", "delete", "duplicate", "nest"])
    if action == "delete":
        del parent[key]
    elif action == "duplicate" and isinstance(parent, list):
        parent.insert(key, json.loads(json.dumps(parent[key])))
    elif action == "elsewhere":
        other = data
        for step in rng.choice(paths):
            other = other[step]
        parent[key] = json.loads(json.dumps(other))
    elif action == "special":
        parent[key] = rng.choice(SPECIAL)
    elif action == "nest":
        parent[key] = {"op": "not", "x": parent[key]} if rng.random() < 0.5 else [parent[key]]
    else:
        parent[key] = replacement
    return data


@st.composite
def mutated_puzzles(draw):
    data = SEEDS[draw(st.sampled_from(sorted(SEEDS)))]
    rng = random.Random(draw(st.integers(0, 2 ** 32)))
    for _ in range(draw(st.integers(1, 3))):
        data = _mutate(data, rng, draw(json_values))
    return data


@pytest.mark.parametrize("scale", PROFILES)
def test_mutated_json_puzzles_in_the_api(scale):
    @fuzz_settings(60 * scale)
    @given(mutated_puzzles())
    def check(data):
        try:
            puzzle = from_json(data)
            puzzle.solutions(limit=2, time_limit=3).__next__()
        except (mm.PuzzleError, StopIteration):
            pass

    check()


@pytest.mark.parametrize("scale", PROFILES)
def test_mutated_json_puzzles_on_the_command_line(scale, tmp_path_factory):
    @fuzz_settings(25 * scale)
    @given(mutated_puzzles(), st.sampled_from(["solve", "verify", "count", "export"]),
           st.booleans())
    def check(data, command, bom):
        folder = tmp_path_factory.mktemp("json")
        path = folder / "p.json"
        path.write_text(json.dumps(data), encoding="utf-8-sig" if bom else "utf-8")
        extra = [] if command == "export" else ["--time-limit", TIME_LIMIT]
        check_cli([command, str(path), *extra], folder)

    check()


# ------------------------------------------------------------------ English

FRAGMENTS = BIG_BENCH_STYLE.splitlines() + [
    "There are five houses in a row, numbered 1 to 5 from left to right.",
    "The Englishman lives in the red house.", "The Spaniard owns the dog.",
    "Coffee is drunk in the green house.", "The green house is immediately to the right of "
    "the ivory house.", "The Norwegian lives in the first house.", "Who owns the zebra?",
    # the generator's rule sentences (issue 15)
    "Houses 1 to 2 are on the left side of the street and houses 4 to 5 on the right side; "
    "house 3, in the middle, is on neither side.",
    "The Englishman and the Spaniard do not live on the same side of the street.",
    "The house numbers of the Norwegian and the Spaniard add up to 7.",
    "Exactly one of the Englishman and the Spaniard is the dog owner or the zebra owner.",
    "The Norwegian is next to at least one of the Englishman and the 13th house."]
NOISE = st.text(alphabet=st.characters(codec="utf-8"), max_size=30) | st.sampled_from(
    ["the", "not", "left of", "house", "1.", "- Each person has", "\ufeff", "who", "?", ";",
     "directly", "lives in the", "is", "ż", "\x00", "\u202e", "add up to", "same side",
     "exactly one of", "at least one of", "101st", "13rd"])


@st.composite
def english_texts(draw):
    lines = list(FRAGMENTS[:draw(st.integers(0, len(FRAGMENTS)))])
    for _ in range(draw(st.integers(0, 6))):
        k = draw(st.integers(0, max(len(lines), 1)))
        choice = draw(st.integers(0, 2))
        if choice == 0 and lines:
            lines.pop(min(k, len(lines) - 1))
        elif choice == 1:
            lines.insert(k, draw(NOISE))
        else:
            lines.insert(k, draw(st.sampled_from(FRAGMENTS)))
    return "\n".join(lines)


@pytest.mark.parametrize("scale", PROFILES)
def test_english_texts(scale, tmp_path_factory):
    @fuzz_settings(40 * scale)
    @given(english_texts())
    def check(text):
        try:
            puzzle = english_puzzle(text)
            next(iter(puzzle.solutions(limit=1, time_limit=3)), None)
        except mm.PuzzleError:
            pass
        folder = tmp_path_factory.mktemp("txt")
        path = folder / "p.txt"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        check_cli(["solve", str(path), "--time-limit", TIME_LIMIT], folder)

    check()


# ------------------------------------------------------------------ Mystery Master modules

@st.composite
def edited_modules(draw):
    name = draw(st.sampled_from(sorted(MODULES)))
    text = MODULES[name]
    for _ in range(draw(st.integers(1, 4))):
        k = draw(st.integers(0, len(text)))
        kind = draw(st.integers(0, 3))
        if kind == 0:
            text = text[:k] + text[k + draw(st.integers(1, 40)):]
        elif kind == 1:
            text = text[:k] + draw(st.sampled_from(["(", ")", '"', "'", "{", "}", ";", ",",
                                                    "\\", "Zoë", "\\u00e9", "addNoun()",
                                                    "SmartLink.getIsMoreThan(", "\n"])) \
                + text[k:]
        elif kind == 2:
            lines = text.splitlines()
            j = draw(st.integers(0, len(lines) - 1))
            lines.insert(j, lines[draw(st.integers(0, len(lines) - 1))])
            text = "\n".join(lines)
        else:
            text = text.replace("addFact", draw(st.sampled_from(["addFacts", "addfact",
                                                                 "addFact"])), 1)
    return name, text


def module_argv(folder: Path, module: tuple[str, str], command: str, limit: str) -> list[str]:
    """Write an (edited) module into `folder`; the `mm solve|import` command line for it."""
    name, text = module
    path = folder / name
    path.write_text(text)
    argv = [command, str(path)]
    if command == "import":
        argv += ["--out", str(folder / "out" / "p.json")]
        (folder / "out").mkdir()
    else:
        argv += ["--time-limit", limit]
    return argv


@pytest.mark.parametrize("scale", PROFILES)
def test_edited_modules(scale, tmp_path_factory):
    @fuzz_settings(30 * scale)
    @given(edited_modules(), st.sampled_from(["solve", "import"]))
    def check(module, command):
        folder = tmp_path_factory.mktemp("module")
        check_cli(module_argv(folder, module, command, TIME_LIMIT), folder)

    check()


# ------------------------------------------------------------------ argument vectors

def write_argv_files(folder: Path) -> Path:
    """The files the random argument vectors name (FILES), in `folder`."""
    (folder / "five.json").write_text(json.dumps(SEEDS["five_houses"]))
    (folder / "tired.js").write_text(MODULES["all_tired_out_2017.js"])
    (folder / "three.txt").write_text(BIG_BENCH_STYLE)
    (folder / "puzzles.jsonl").write_text(json.dumps({"id": 1, "input": BIG_BENCH_STYLE}) + "\n")
    (folder / "dir").mkdir()
    (folder / "dir" / "a.json").write_text(json.dumps(SEEDS["all_tired_out"]))
    return folder


def argument_vectors(files: Path) -> st.SearchStrategy[list[str]]:
    """Up to seven tokens and file names: the random `mm` command lines."""
    return st.lists(st.sampled_from(TOKENS) | st.sampled_from(FILES).map(lambda f: str(files / f)),
                    max_size=7)


def clean_argv_files(files: Path) -> None:
    """Remove what a command line may have written, so the next one starts alike."""
    for made in ("out.jsonl", "new/out.json", "five.json.partial"):
        (files / made).unlink(missing_ok=True)


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    return write_argv_files(tmp_path_factory.mktemp("argv"))


TOKENS = ["list", "solve", "count", "verify", "export", "import", "batch", "--json",
          "--backend", "sat", "cpsat", "auto", "nope", "--time-limit", "inf", "nan", "0",
          "-1", "1e12", "2", "0.5", "--limit", "1.5", "3", "--exact", "--approx", "--jobs",
          "--out", "--force", "--resume", "--timeout", "--no-minimal", "--to", "json",
          "--field", "input", "--scheduler", "tcp://", "::", "--quiet", "--allow-code",
          "five_houses", "all_tired_out", "", "-", "--help-me", "\udcff", "é"]
FILES = ["five.json", "tired.js", "three.txt", "puzzles.jsonl", "dir", "missing.json",
         "dir/a.json", "new/out.json", "out.jsonl"]


@pytest.mark.parametrize("scale", PROFILES)
def test_random_argument_vectors(scale, files):
    @fuzz_settings(60 * scale)
    @given(argument_vectors(files))
    def check(argv):
        if "--help" in argv or "-h" in argv:
            return
        check_cli(argv + (["--quiet"] if "batch" in argv else []), files)
        clean_argv_files(files)

    check()


# ------------------------------------------------------------------ API calls, wrong types

def _small() -> Puzzle:
    p = Puzzle("Small", "Small")
    p.add_noun_type("Slot").add_nouns("1", "2", "3")
    p.add_noun_type("Name").add_nouns("A", "B", "C")
    p.add_noun_type("Pet").add_nouns("cat", "dog", "eel")
    p.add_link("before", p.noun_types[0], mm.links.less_than())
    return p


JUNK = [None, 0, -1, 1.5, float("nan"), float("inf"), "", "x", "\ud800", [], [1], {}, b"x",
        True, object(), 2 ** 70]


@st.composite
def api_calls(draw):
    """A puzzle, and one call of its API (or mm.load, or a rule builder) with arguments
    drawn from junk and from the puzzle's own objects, in the wrong places."""
    p = _small()
    real = [p.noun_types[1].nouns[0], p.noun_types[2].nouns[1], p.noun_types[0], p.links[1],
            WITH, IS, IS_NOT, MAYBE, "1", rules.with_(p.noun_types[1].nouns[0],
                                                      p.noun_types[2].nouns[0])]
    arg = st.sampled_from(JUNK + real)
    fact = ["1", p.noun_types[1].nouns[0], IS, WITH, p.noun_types[2].nouns[0]]
    name = draw(st.sampled_from(["add_fact", "add_fact_kw", "add_rule", "add_link",
                                 "add_noun_type", "add_noun", "count", "solve", "solutions",
                                 "verify", "load", "rules", "facts_helpers"]))
    if name == "add_fact":
        return p, p.add_fact, [draw(arg) for _ in range(draw(st.integers(0, 7)))], {}
    if name == "add_fact_kw":
        return p, p.add_fact, fact, {draw(st.sampled_from(["text", "enabled"])): draw(arg)}
    if name in ("add_rule", "add_link"):
        return p, getattr(p, name), [draw(arg) for _ in range(3)], {}
    if name == "add_noun_type":
        return p, p.add_noun_type, [draw(arg)], {}
    if name == "add_noun":
        return p, p.noun_types[1].add_noun, [draw(arg), draw(arg)], {}
    if name == "facts_helpers":
        helper = draw(st.sampled_from(["add_facts_in_sequence", "add_facts_one_to_one",
                                       "add_facts_not_consecutive"]))
        return p, getattr(p, helper), [draw(arg) for _ in range(draw(st.integers(2, 5)))], {}
    if name in ("count", "solve", "solutions", "verify"):
        p.add_fact(*fact)
        key = draw(st.sampled_from(["limit", "time_limit", "backend", "exact", "approx"]
                                   if name == "count" else ["time_limit", "backend"]
                                   + (["limit"] if name == "solutions" else [])))
        call = (lambda **kw: list(p.solutions(**kw))) if name == "solutions" \
            else getattr(p, name)
        return p, call, [], {key: draw(arg)}
    if name == "load":
        return p, mm.load, [draw(arg)], {}
    builder = draw(st.sampled_from([rules.with_, rules.not_, rules.all_of, rules.exactly,
                                    rules.num, rules.any_of, rules.if_then]))
    return p, builder, [draw(arg) for _ in range(draw(st.integers(0, 3)))], {}


@pytest.mark.parametrize("scale", PROFILES)
def test_random_api_calls_with_wrong_types(scale):
    @fuzz_settings(150 * scale)
    @given(api_calls())
    def check(call):
        p, fn, args, kwargs = call
        try:
            fn(*args, **kwargs)
        except mm.PuzzleError:
            pass
        except TypeError as exc:  # a wrong number of arguments is Python's own error
            assert any(w in str(exc) for w in ("positional argument", "unexpected keyword",
                                               "required")), exc
        # the puzzle is still usable after a refused call
        a, b = p.noun_types[1].nouns[2], p.noun_types[2].nouns[2]
        try:
            p.add_fact("z", a, IS, WITH, b)
            p.solve(time_limit=5)
        except mm.PuzzleError:
            pass

    check()
