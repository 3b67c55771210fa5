"""mm's CP-SAT backend against the same puzzles written directly with the CP-SAT API.

For Five Houses and a generated 10-type x 30-noun puzzle with a unique solution, prints the
time to build the model, to find the solution, and to prove it unique (solve, block it,
solve again), for mm and for a hand-written model, and their ratio end to end.
Target: mm within 1.5x of the hand-written model. Run: python benchmarks/bench_core.py
"""

from __future__ import annotations

import argparse
import statistics
import time

import fixtures
from ortools.sat.python import cp_model
from rich.console import Console
from rich.table import Table

import mm
from mm import backends
from mm.analysis.compile import compile_puzzle
from mm.puzzle import Puzzle


def hand_written(p: Puzzle) -> tuple[cp_model.CpModel, list[list]]:
    """The puzzle as one would write it by hand for CP-SAT: an integer position per noun,
    AllDifferent per type, each fact as a direct arithmetic or table constraint."""
    m = cp_model.CpModel()
    n = len(p.noun_types[0].nouns)
    pos = [list(range(n))] + [[m.new_int_var(0, n - 1, "") for _ in range(n)]
                              for _ in p.noun_types[1:]]
    for row in pos[1:]:
        m.add_all_different(row)
    inverse: dict[int, list] = {}

    def slot(noun, t):
        x = pos[noun.type.index][noun.index]
        if noun.type.index == t:
            return noun.index
        if t == 0:
            return x
        if t not in inverse:
            inverse[t] = [m.new_int_var(0, n - 1, "") for _ in range(n)]
            m.add_inverse(pos[t], inverse[t])
        if isinstance(x, int):
            return inverse[t][x]
        s = m.new_int_var(0, n - 1, "")
        m.add_element(x, inverse[t], s)
        return s

    for f in p.facts:
        t = f.link.noun_type.index
        a, b = slot(f.noun1, t), slot(f.noun2, t)
        positive = f.verb is mm.IS
        name = f.link.name
        if name == "with":
            m.add(a == b if positive else a != b)
        elif name in ("left of", "before"):
            m.add(a < b if positive else a >= b)
        elif name in ("directly left of",):
            m.add(a + 1 == b if positive else a + 1 != b)
        elif name in ("directly to the right of",):
            m.add(a == b + 1 if positive else a != b + 1)
        elif name == "next to":
            d = m.new_int_var(0, n, "")
            m.add_abs_equality(d, a - b)
            m.add(d == 1 if positive else d != 1)
        else:
            raise ValueError(f"no hand-written form for link {name}")
    return m, pos


def run_hand(p: Puzzle) -> tuple[float, float, float, list]:
    t0 = time.perf_counter()
    m, pos = hand_written(p)
    t1 = time.perf_counter()
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    assert solver.solve(m) in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    values = [[solver.value(v) for v in row] for row in pos[1:]]
    t2 = time.perf_counter()
    # uniqueness: solve, block the solution, solve again
    solver2 = cp_model.CpSolver()
    solver2.parameters.num_workers = 1
    assert solver2.solve(m) in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    lits = []
    for row, vals in zip(pos[1:], values, strict=True):
        for v, val in zip(row, vals, strict=True):
            b = m.new_bool_var("")
            m.add(v != val).only_enforce_if(b)
            m.add(v == val).only_enforce_if(~b)
            lits.append(b)
    m.add_bool_or(lits)
    unique = solver2.solve(m) == cp_model.INFEASIBLE
    t3 = time.perf_counter()
    assert unique
    return t1 - t0, t2 - t1, t3 - t2, values


def run_mm(p: Puzzle) -> tuple[float, float, float, list]:
    t0 = time.perf_counter()
    engine = backends.get("cpsat")(compile_puzzle(p))
    t1 = time.perf_counter()
    first = engine.solve()
    t2 = time.perf_counter()
    engine2 = backends.get("cpsat")(compile_puzzle(p))
    unique = engine2.is_unique()
    t3 = time.perf_counter()
    assert unique and first is not None
    # unique-proof time counts its own model build, as p.is_unique() does
    return t1 - t0, t2 - t1, t3 - t2, [list(r) for r in first[1:]]


def median_of(runs: int, fn, p: Puzzle):
    results = [fn(p) for _ in range(runs)]
    values = results[0][3]
    return tuple(statistics.median(r[i] for r in results) for i in range(3)), values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    console = Console()
    with console.status("loading (or generating) a unique 10x30 puzzle"):
        big = fixtures.load(10, 30, args.seed)
    console.print(f"10x30 puzzle: {len(big.facts)} facts (benchmarks/data)")
    table = Table(title="mm (CP-SAT backend) vs hand-written CP-SAT, median of "
                        f"{args.runs} runs, seconds")
    for col in ("puzzle", "model", "build", "solve", "unique proof", "total", "mm / hand"):
        table.add_column(col, justify="right" if col not in ("puzzle", "model") else "left")
    for label, puzzle in (("Five Houses", mm.load("five_houses")), ("10x30", big)):
        (hb, hs, hu), hand_vals = median_of(args.runs, run_hand, puzzle)
        (mb, ms, mu), mm_vals = median_of(args.runs, run_mm, puzzle)
        # both models must find the same (unique) solution
        assert hand_vals == mm_vals, "hand-written and mm models disagree"
        hand_total, mm_total = hb + hs + hu, mb + ms + mu
        table.add_row(label, "hand", f"{hb:.4f}", f"{hs:.4f}", f"{hu:.4f}", f"{hand_total:.4f}",
                      "")
        table.add_row("", "mm", f"{mb:.4f}", f"{ms:.4f}", f"{mu:.4f}", f"{mm_total:.4f}",
                      f"{mm_total / hand_total:.2f}x")
    console.print(table)
    console.print("Target: mm / hand <= 1.5x end to end.")


if __name__ == "__main__":
    main()
