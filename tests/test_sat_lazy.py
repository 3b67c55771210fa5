"""Models too large for the SAT backend's full encoding get their costly reads (a noun's
index in a type other than the first, n^2 clauses per noun) defined lazily, pair by pair
(backends/sat_lazy.py). Forced here on small puzzles (`lazy_reads_from` = 0) and checked
against the brute-force oracle and the full encoding: every answer must stay exact."""

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from puzzle_oracle import _related, assert_matches_brute_force, brute_force, random_puzzle

import mm
from mm import IS, IS_NOT, WITH, backends, links
from mm.analysis.compile import compile_puzzle
from mm.errors import UnsupportedFeature

pytestmark = pytest.mark.skipif(not backends.installed("sat"), reason="needs the sat backend")
FIXTURE_OK = settings(deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.fixture
def lazy(monkeypatch):
    """Every model with a costly read is built lazily."""
    from mm.backends import sat  # imported only when the backend is installed

    monkeypatch.setattr(sat.SatBackend, "lazy_reads_from", 0)
    return sat


def _ordered_puzzle(n: int, facts: int, seed: int, types: int = 5) -> mm.Puzzle:
    """Houses, then ages and up to three more types, with facts drawn like the hard-dense
    family of benchmarks/bench_peers.py (kind first, kept only if true of a hidden
    solution): "younger than" over ages between nouns of the other types is a costly read."""
    rng = random.Random(seed)
    p = mm.Puzzle("ordered", "ordered")
    kinds = []
    for label in ("House", "Age", "Name", "Pet", "Drink")[:types]:
        kind = p.add_noun_type(label)
        kind.add_nouns(*(f"{label.lower()}{i}" for i in range(n)))
        kinds.append(kind)
    rows = [list(range(n))] + [rng.sample(range(n), n) for _ in kinds[1:]]
    younger = p.add_link("younger than", kinds[1], links.less_than())
    left = p.add_link("left of", kinds[0], links.less_than())
    link_types = [(WITH, None), (younger, 1), (left, 0)]
    made, seen = 0, set()
    while made < facts:
        link, over = rng.choice(link_types)
        t1, t2 = rng.sample(range(len(kinds)), 2)
        if over is not None and t1 == over and t2 == over:
            continue
        i, j = rng.randrange(n), rng.randrange(n)
        row_i, row_j = rows[t1][i], rows[t2][j]
        if over is None:
            holds = row_i == row_j
        else:  # the index of the type-`over` noun on each row
            holds = rows[over].index(row_i) < rows[over].index(row_j)
        verb = IS if rng.random() < 0.5 else IS_NOT
        if holds != (verb is IS) or (t1, i, t2, j, over) in seen:
            continue
        seen.add((t1, i, t2, j, over))
        p.add_fact(str(made), kinds[t1].nouns[i], verb, link, kinds[t2].nouns[j])
        made += 1
    return p


def test_a_model_past_the_bound_is_built_lazily_and_answers_exactly(lazy):
    p = _ordered_puzzle(4, 12, seed=3, types=4)
    engine = lazy.SatBackend(compile_puzzle(p))
    assert engine._lazy is not None and engine._lazy.orders  # the reads are left free
    engine.close()
    assert_matches_brute_force(p, "sat")


@settings(FIXTURE_OK, max_examples=30)
@given(seed=st.integers(0, 2**31), facts=st.integers(4, 14))
def test_ordered_puzzles_match_brute_force(lazy, seed, facts):
    assert_matches_brute_force(_ordered_puzzle(4, facts, seed, types=4), "sat")


@settings(FIXTURE_OK, max_examples=60)
@given(seed=st.integers(0, 2**31))
def test_random_puzzles_match_brute_force(lazy, seed):
    assert_matches_brute_force(random_puzzle(seed), "sat")


@settings(FIXTURE_OK, max_examples=40)
@given(seed=st.integers(0, 2**31))
def test_numeric_rules_and_placeholders_match_brute_force(lazy, seed):
    puzzle = random_puzzle(seed, types=(2, 3), nouns=(3, 4), max_rules=3, numbers=True)
    assert_matches_brute_force(puzzle, "sat")


@pytest.mark.parametrize("seed", range(6))
def test_larger_puzzles_agree_with_the_full_encoding(lazy, monkeypatch, seed):
    """8 nouns a type, past brute force: the lazy and the full encoding find the same
    solutions (at most 30) and every one satisfies the puzzle's facts."""
    p = _ordered_puzzle(8, 40, seed)
    lazy_found = {s.assignment for s in p.solutions(limit=30, backend="sat")}
    monkeypatch.setattr(lazy.SatBackend, "lazy_reads_from", lazy.MAX_CLAUSES)
    full_found = {s.assignment for s in p.solutions(limit=30, backend="sat")}
    assert len(lazy_found) == len(full_found)
    if len(full_found) < 30:
        assert lazy_found == full_found
    for rows_of in lazy_found:  # the oracle's own reading of every fact
        for f in p.facts:
            assert _related(p, rows_of, f.noun1, f.link, f.noun2) == (f.verb is IS), f.clue


@pytest.fixture
def lazy_everywhere(lazy, monkeypatch):
    """Lazy reads on every SAT engine, the clue-switching ones too: verify, explain and
    generate build their engine on a model without constraints (the clues come as guards),
    whose lower bound is 0, so `lazy_reads_from` = 0 alone never makes them lazy. Counts
    the lazy engines made."""
    made = []
    indexed, init = lazy.SatBackend._indexed_nouns, lazy.SatBackend.__init__

    def counted(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made.append(self._lazy is not None)

    monkeypatch.setattr(lazy.SatBackend, "_indexed_nouns", lambda self: max(1, indexed(self)))
    monkeypatch.setattr(lazy.SatBackend, "__init__", counted)
    return made


@pytest.mark.parametrize("seed", range(8))
def test_verify_agrees_with_the_full_encoding(lazy_everywhere, lazy, monkeypatch, seed):
    """verify's incremental queries (clues switched off by guards, solutions blocked):
    the same verdict, backbone and redundant clues as with the full encoding."""
    p = _ordered_puzzle(5, 12 + seed, seed)
    lazy_report = p.verify(backend="sat")
    assert lazy_everywhere and all(lazy_everywhere)  # every engine of verify was lazy
    monkeypatch.setattr(lazy.SatBackend, "lazy_reads_from", lazy.MAX_CLAUSES)
    full_report = p.verify(backend="sat")
    assert lazy_report.status == full_report.status
    assert lazy_report.backbone == full_report.backbone
    names = lambda clues: sorted(c.name for c in clues or [])  # noqa: E731
    assert names(lazy_report.redundant) == names(full_report.redundant)


def test_counting_and_grading_need_the_full_encoding(lazy):
    p = _ordered_puzzle(4, 10, seed=5, types=4)
    with pytest.raises(UnsupportedFeature, match="needs the model encoded in full"):
        p.count(exact=True, backend="sat")
    engine = lazy.SatBackend(compile_puzzle(p))
    with pytest.raises(UnsupportedFeature, match="needs the model encoded in full"):
        engine.propagate([])
    engine.close()


def _lazy_engine(sat, p, constraints=None):
    model = compile_puzzle(p)
    if constraints is not None:
        model = dataclasses.replace(model, constraints=model.constraints[:constraints])
    engine = sat.SatBackend(model)
    assert engine._lazy is not None
    return engine


def _every_solution(engine, assume=()):
    found = set()
    while (s := engine.next_solution(assume)) is not None:
        found.add(s)
        engine.block(s)
    return found


def _interrupt_first_definition(monkeypatch, engine):
    """Ctrl-C (a KeyboardInterrupt, raised between any two bytecodes) inside the first
    clause-writing call of the lazy definitions."""
    real, calls = engine._lazy._define_for, []

    def flaky(*args):
        calls.append(args)
        if len(calls) == 1:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(engine._lazy, "_define_for", flaky)
    return lambda: monkeypatch.setattr(engine._lazy, "_define_for", real)


@pytest.mark.parametrize("seed", range(6))
def test_a_stop_while_a_pair_is_defined_leaves_no_wrong_state(lazy, monkeypatch, seed):
    """Ctrl-C part way through a pair's definitions: the pair must not count as defined
    (it did: the next queries on the engine accepted solutions that break clues)."""
    p = _ordered_puzzle(4, 8 + seed % 6, seed, types=4)
    engine = _lazy_engine(lazy, p)
    restore = _interrupt_first_definition(monkeypatch, engine)
    with pytest.raises(KeyboardInterrupt):
        engine.next_solution()
    restore()
    assert _every_solution(engine) == brute_force(p)
    engine.close()


@pytest.mark.parametrize("seed", range(6))
def test_a_stop_while_a_late_literal_is_defined_leaves_no_wrong_state(lazy, monkeypatch,
                                                                      seed):
    """Ctrl-C while a literal made after some pairs were defined (a clue posted late, as
    verify's guards are) gets those pairs' definitions: the literal must be forgotten, not
    kept half defined for the next post of a clue to reuse."""
    p = _ordered_puzzle(4, 10 + seed % 6, seed, types=4)
    model = compile_puzzle(p)
    half = len(model.constraints) // 2
    engine = _lazy_engine(lazy, p, half)
    engine.next_solution()  # some pairs defined
    restore = _interrupt_first_definition(monkeypatch, engine)
    late = [cond for _origin, cond in model.constraints[half:]]
    try:
        for cond in late:
            engine.guard(cond)
    except KeyboardInterrupt:
        pass
    restore()
    guards = [engine.guard(cond) for cond in late]
    assert _every_solution(engine, guards) == brute_force(p)
    engine.close()


def test_grading_refuses_a_model_past_the_bound(lazy):
    """Grading measures the search effort on this engine and then probes and explains on
    engines that build the full encoding clue by clue, with no size limit: a puzzle past
    the bound is refused at once (it was graded, building what the limit forbids)."""
    p = _ordered_puzzle(4, 40, seed=0, types=4)
    assert p.is_unique(backend="sat")
    with pytest.raises(UnsupportedFeature, match="grading needs the model encoded in full"):
        mm.grade(p)


def test_auto_goes_on_to_cpsat_when_the_lazy_reads_outgrow_the_limit(monkeypatch):
    """Limits scaled down: the costly reads pass the bound, so SAT defines them lazily, and
    the first round's definitions pass max_clauses part way through a query. `auto` then
    answers with the next backend (CP-SAT), as when SAT refuses a model while building
    it; each solution once, even where SAT had found some before it gave up."""
    pytest.importorskip("ortools", reason="the next backend of auto is CP-SAT")
    from mm.backends import sat

    p = _ordered_puzzle(30, 150, 1)
    monkeypatch.setattr(sat.SatBackend, "max_clauses", 32842)
    monkeypatch.setattr(sat.SatBackend, "lazy_reads_from", 32842)
    with pytest.raises(UnsupportedFeature, match="needs over .* clauses"):
        p.solve(backend="sat")
    found = [s.assignment for s in p.solutions(limit=300, backend="auto")]
    assert len(found) == len(set(found)) == 300
    assert p.count(limit=5, backend="auto") == 5
    assert p.is_unique(backend="auto") is False
    assert p.solve(backend="auto") is not None


def test_solutions_found_before_a_backend_gave_up_are_not_repeated(monkeypatch):
    """SAT gives up (UnsupportedFeature) after two solutions; `auto` goes on with CP-SAT,
    which must not yield those two again."""
    pytest.importorskip("ortools", reason="the next backend of auto is CP-SAT")
    from mm.backends import sat

    p = _ordered_puzzle(4, 3, seed=2, types=3)  # 12 cells: `auto` tries SAT first
    expected = {s.assignment for s in p.solutions(backend="sat")}
    assert len(expected) > 6
    original = sat.SatBackend.next_solution
    calls = []

    def gives_up(self, assume=()):
        calls.append(1)
        if len(calls) > 2:
            raise UnsupportedFeature("sat: gave up (test)")
        return original(self, assume)

    monkeypatch.setattr(sat.SatBackend, "next_solution", gives_up)
    found = [s.assignment for s in p.solutions(limit=6, backend="auto")]
    assert len(calls) == 3  # SAT found two, then gave up
    assert len(found) == len(set(found)) == 6 and set(found) <= expected
    calls.clear()
    assert p.count(backend="auto") == len(expected)
