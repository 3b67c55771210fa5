"""CP-SAT and SAT against each other on puzzles too big for the brute-force oracle
(up to 5 types x 6 nouns), every solution checked by the oracle's own evaluator."""

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from puzzle_oracle import evaluate, random_puzzle

import mm
from mm import IS, IS_NOT, WITH, backends, ir, links, rules
from mm.analysis.compile import compile_puzzle
from mm.analysis.policy import choose_backend

pytestmark = pytest.mark.skipif(
    not (backends.installed("cpsat") and backends.installed("sat")),
    reason="needs both backends installed")

LIMIT = 60


def satisfies(puzzle, rows_of):
    """The oracle's check of one solution: facts by their link functions, rules by the
    definitions in API.md (tests/puzzle_oracle.py)."""
    for fact in puzzle.facts:
        related = evaluate(puzzle, rows_of, mm.rules.related(fact.noun1, fact.link, fact.noun2))
        if related != (fact.verb is IS):
            return False
    return all(evaluate(puzzle, rows_of, r.constraint) for r in puzzle.rules)


def check_agreement(puzzle):
    found = {}
    for name in ("cpsat", "sat"):
        sols = [s.assignment for s in puzzle.solutions(limit=LIMIT, backend=name)]
        assert len(sols) == len(set(sols)), f"{name} repeated a solution"
        assert all(satisfies(puzzle, s) for s in sols), f"{name} gave a wrong solution"
        found[name] = set(sols)
    assert len(found["cpsat"]) == len(found["sat"])
    if len(found["sat"]) < LIMIT:
        assert found["cpsat"] == found["sat"]
    assert puzzle.is_unique(backend="cpsat") == puzzle.is_unique(backend="sat")


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_backends_agree_on_larger_random_puzzles(seed):
    check_agreement(random_puzzle(seed, types=(3, 5), nouns=(4, 6), max_facts=14,
                                  max_rules=3))


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**31))
@example(seed=21486064)  # OR-Tools 9.15 presolve called it infeasible
def test_backends_agree_nightly(seed):
    check_agreement(random_puzzle(seed, types=(3, 5), nouns=(4, 6), max_facts=20,
                                  max_rules=4))


@pytest.mark.parametrize("types,nouns,seed", [(5, 6, 1), (6, 8, 2), (8, 10, 3)])
def test_generated_puzzles_have_the_same_answer_on_both(types, nouns, seed):
    p = mm.generate(types, nouns, seed=seed, minimal=False)
    assert p.solve(backend="cpsat") == p.solve(backend="sat")
    assert p.is_unique(backend="cpsat") and p.is_unique(backend="sat")


def test_sat_engines():
    p = mm.load("five_houses")
    for engine in ("glucose4", "minisat22", "cadical195"):
        assert p.check_answer(p.solve(backend="sat", engine=engine))
    with pytest.raises(mm.PuzzleError, match="unknown engine 'nope'"):
        p.solve(backend="sat", engine="nope")


def test_sat_clauses_that_conflict_as_they_load():
    """A fact and its negation: the clauses conflict while they load (MiniSat is loaded
    through PySAT's C call, backends/sat.py _clause_loader, which must keep that verdict).
    No solution on every engine, as on CP-SAT."""
    p = mm.load("five_houses")
    fact = p.facts[0]
    p.add_fact("99", fact.noun1, IS_NOT if fact.verb is IS else IS, fact.link, fact.noun2)
    for engine in ("minisat22", "glucose4", "cadical195"):
        assert p.solve(backend="sat", engine=engine) is None
        assert p.count(limit=2, backend="sat", engine=engine) == 0
    assert p.solve(backend="cpsat") is None


def test_auto_follows_the_measured_rule():
    """mm.analysis.policy, rule 4: tiny puzzles and exclusion-heavy ones go to SAT,
    with-rich and large mixed ones to CP-SAT (tests/test_policy.py has the rest)."""
    assert choose_backend(compile_puzzle(mm.load("five_houses")), "unique") == "sat"
    assert choose_backend(compile_puzzle(mm.load("all_tired_out")), "unique") == "sat"
    big = mm.generate(9, 12, seed=1, minimal=False)
    assert choose_backend(compile_puzzle(big), "unique") == "cpsat"


def test_presolve_regression_of_ortools_9_15():
    """OR-Tools 9.15.6755's presolve called this feasible puzzle infeasible (found by the
    nightly differential test, seed 21486064, then shrunk); mm pins ortools below 9.15."""
    p = mm.Puzzle("Regression", "Regression")
    kinds = [p.add_noun_type(f"T{t}") for t in range(1, 5)]
    for t, kind in enumerate(kinds, 1):
        kind.add_nouns(*(f"n{t}{i}" for i in range(1, 7)))
    n = {x.name: x for kind in kinds for x in kind.nouns}
    table = {(0, 0), (0, 1), (1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2), (3, 3), (4, 2),
             (4, 3), (4, 4), (5, 5)}
    runs = p.add_link("runs", kinds[0], lambda a, b: (a.num - 1, b.num - 1) in table)
    step = p.add_link("step", kinds[1], links.less_by(1))
    p.add_fact("2", n["n46"], IS, step, n["n36"])
    p.add_fact("5", n["n25"], IS, runs, n["n44"])
    p.add_fact("9", n["n12"], IS, WITH, n["n46"])
    p.add_fact("10", n["n44"], IS, WITH, n["n23"])
    p.add_fact("11", n["n46"], IS, runs, n["n43"])
    p.add_fact("13", n["n43"], IS, runs, n["n36"])
    p.add_rule("102", "r3", rules.with_(n["n36"], n["n22"]))
    p.add_rule("100", "r1", rules.any_of(*(rules.with_(n["n22"], n[f"n4{i}"])
                                          for i in (1, 3, 4, 5, 6))))
    found = {name: p.count(limit=3, backend=name) for name in ("sat", "cpsat")}
    assert found["sat"] == found["cpsat"] == 3


def test_settle_fixes_a_guard_for_good(backend):
    """Backend.settle: a guard settled on requires its condition without being assumed; one
    settled off leaves it free for good (the generator's decided clues)."""
    n = 3
    identity = ir.Table(0, frozenset((i, i) for i in range(n)))
    model = ir.Model(["house", "a", "b"], [[str(i) for i in range(n)]] * 3, [identity], [])
    a_with_b = ir.Rel((1, 0), 0, (2, 0))
    a_first = ir.Rel((1, 0), 0, (0, 0))
    with backends.get(backend)(model) as engine:
        on, off = engine.guard(a_with_b), engine.guard(ir.Not(a_first))
        assert engine.settle(on, True) and engine.settle(off, False)
        found = 0
        while (solution := engine.next_solution()) is not None:
            assert ir.holds(a_with_b, model.tables, solution, model)
            found += ir.holds(a_first, model.tables, solution, model)
            engine.block(solution)
        assert found > 0  # the condition settled off did not hold the search back


def test_bounded_solution_gives_up_within_its_budget_then_decides(backend):
    """Backend.bounded_solution: SAT stops after the conflicts it was given, undecided;
    with enough it answers as next_solution does. CP-SAT always decides (the default)."""
    p = mm.generate(8, 8, seed=0)  # a minimal puzzle: solving it takes a few conflicts
    model = compile_puzzle(p)
    with backends.get(backend)(model) as engine:
        decided, found = engine.bounded_solution([], 1)
        if backend == "sat":
            assert (decided, found) == (False, None)
        else:
            assert decided and found is not None
        decided, found = engine.bounded_solution([], 10**6)
        assert decided and found is not None
        assert all(ir.holds(c, model.tables, found, model) for _, c in model.constraints)
