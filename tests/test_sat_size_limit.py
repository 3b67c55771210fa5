"""The SAT backend refuses a model whose encoding would not fit (backends/sat.py,
MAX_CLAUSES) with an error that names the cause, when the build reaches the limit (the
n^2-per-noun reads past it are defined lazily instead: backends/sat_lazy.py); `auto` then
goes on to CP-SAT. Forced here on small puzzles with a tiny limit."""

import pytest

import mm
from mm import IS, IS_NOT, WITH, backends, links
from mm.analysis.compile import compile_puzzle
from mm.errors import UnsupportedFeature

pytestmark = pytest.mark.skipif(not backends.installed("sat"), reason="needs the sat backend")


@pytest.fixture
def sat():
    from mm.backends import sat as module  # imported only when the backend is installed

    return module


def _ages_puzzle(n: int = 5) -> mm.Puzzle:
    """Names, pets and ages over houses; "younger than" compares ages, a type other than
    the first, between names and pets: the encoding reads each one's age from its row."""
    p = mm.Puzzle("ages", "ages")
    kinds = []
    for label in ("House", "Age", "Name", "Pet"):
        kind = p.add_noun_type(label)
        kind.add_nouns(*(f"{label.lower()}{i}" for i in range(n)))
        kinds.append(kind)
    _, ages, names, pets = kinds
    younger = p.add_link("younger than", ages, links.less_than())
    for i in range(n - 1):
        p.add_fact(str(i), names.nouns[i], IS, younger, pets.nouns[i + 1])
        p.add_fact(f"w{i}", names.nouns[i], IS_NOT, WITH, pets.nouns[i])
    return p


def test_a_model_whose_reads_pass_the_bound_defines_them_lazily(sat, monkeypatch):
    """Past `lazy_reads_from` (the size limit, by default) the n^2-per-noun reads are not
    built at all: they are defined pair by pair as queries need (tests/test_sat_lazy.py
    checks the answers)."""
    model = compile_puzzle(_ages_puzzle())
    assert sat.SatBackend(model)._lazy is None  # fits under the real limit
    monkeypatch.setattr(sat.SatBackend, "lazy_reads_from", 50)  # below the 2 x 4 x 5 x 4 bound
    engine = sat.SatBackend(model)
    assert engine._lazy is not None and not engine._lazy.defined
    assert engine.next_solution() is not None and engine._lazy.defined
    engine.close()


def test_the_build_stops_at_the_limit(sat, monkeypatch):
    """A model the bound lets through (five_houses reads no index of that kind) still
    stops where its clauses pass the limit."""
    model = compile_puzzle(mm.load("five_houses"))
    whole = sat.SatBackend(model)
    size = len(whole.clauses)
    whole.close()
    monkeypatch.setattr(sat.SatBackend, "max_clauses", size // 2)
    with pytest.raises(UnsupportedFeature, match="needs over .* clauses"):
        sat.SatBackend(model)


def test_auto_goes_on_to_cpsat(sat, monkeypatch):
    pytest.importorskip("ortools", reason="the next backend of auto is CP-SAT")
    p = _ages_puzzle()
    count = p.count(backend="sat")
    monkeypatch.setattr(sat.SatBackend, "max_clauses", 50)
    assert p.count(backend="auto") == count > 1
    with pytest.raises(UnsupportedFeature):
        p.solve(backend="sat")


def test_the_command_line_says_why_in_one_line(sat, monkeypatch, tmp_path, capsys):
    from mm.app.cli import main

    path = tmp_path / "ages.json"
    _ages_puzzle().save(path)
    monkeypatch.setattr(sat.SatBackend, "max_clauses", 50)
    assert main(["solve", str(path), "--backend", "sat"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "clauses" in err and "backend='cpsat'" in err


def test_the_position_literals_alone_over_the_limit_are_refused_at_once(sat, monkeypatch):
    """n^2 literals a type come before any clause: past the limit the model is refused
    before they are made (`mm generate --nouns 100000` made them for minutes)."""
    p = mm.Puzzle("wide", "wide")
    houses = p.add_noun_type("House")
    houses.add_nouns(*(str(i) for i in range(1, 6)))
    names = p.add_noun_type("Name")
    names.add_nouns(*(f"n{i}" for i in range(5)))
    p.add_fact("1", names.nouns[0], IS, WITH, houses.nouns[0])
    monkeypatch.setattr(sat.SatBackend, "max_clauses", 40)  # 2 types x 5 x 5 = 50
    with pytest.raises(UnsupportedFeature, match="2 types of 5 nouns need n\\^2 position"):
        sat.SatBackend(compile_puzzle(p))


def test_clues_added_as_guards_keep_to_the_limit(sat, monkeypatch):
    """verify, explain and generate build their engine without constraints and add each
    clue as a guard: the size limit holds there too (it was checked only in the build)."""
    p = _ages_puzzle()
    model = compile_puzzle(p)
    whole = sat.SatBackend(model)
    size = len(whole.clauses)
    whole.close()
    monkeypatch.setattr(sat.SatBackend, "max_clauses", size - 5)
    with pytest.raises(UnsupportedFeature, match="needs over .* clauses"):
        p.verify(backend="sat")


def test_verify_goes_on_to_cpsat_when_the_clues_pass_the_limit(sat, monkeypatch):
    pytest.importorskip("ortools", reason="the next backend of auto is CP-SAT")
    p = _ages_puzzle()
    expected = p.verify(backend="sat").status
    model = compile_puzzle(p)
    whole = sat.SatBackend(model)
    size = len(whole.clauses)
    whole.close()
    monkeypatch.setattr(sat.SatBackend, "max_clauses", size - 5)
    assert p.verify(backend="auto").status == expected
