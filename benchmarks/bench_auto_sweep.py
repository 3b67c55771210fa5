"""Does `auto` hold on puzzle families nobody tuned its rule on? (issue 13, session 8)

The rule in mm/analysis/policy.py was measured on six families (bench_peers.py). This
script draws puzzles of other shapes from one seed - size, clues per cell, link mix
(including extreme ones: only "before", only "next to", no "with"), share negated, share
of either/or ("any") rules and "all" groups, kind-first or uniform drawing, optionally
clues added until unique - plus other seeds of the bench_peers families, and times
mm-sat, mm-cpsat and mm-auto on each (tasks solve and unique; CPU time, interleaved runs
with the tool order rotated, medians). Every answer is checked against the clue list in
plain Python (`peer_families.satisfies`) and the two backends' verdicts against each
other; a wrong answer is pickled to benchmarks/results/ and printed first.

Prints the worst ratios auto / min(sat, cpsat), every puzzle outside 1.2x + 5 ms with its
parameters and clue mix, and writes benchmarks/results/auto_sweep.csv. Never a test.

Run: nice -n 10 python benchmarks/bench_auto_sweep.py   (76 puzzles: about an hour of CPU)
     python benchmarks/bench_auto_sweep.py --count 10 --max-cells 300   (a quick look)
"""

from __future__ import annotations

import argparse
import csv
import math
import pickle
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import peer_families as families
import peer_tools as tools
from peer_families import Atom, Spec

import mm
from mm.analysis import policy
from mm.analysis.compile import compile_puzzle

HERE = Path(__file__).parent
RESULTS = HERE / "results"
BACKENDS = ("mm-sat", "mm-cpsat", "mm-auto")
TASKS = ("solve", "unique")
BOUND, SLACK = 1.2, 0.005  # issue 13: auto within 1.2x + 5 ms of the faster backend
ONCE_FROM = 10.0  # seconds: a tool slower than this runs once
LINK_NAMES = ("with", "next", "left", "dleft", "before")
# size -> weight: most at or below 12x50 so the sweep is minutes, a few 15x80
SIZES = {(6, 8): 3, (8, 10): 4, (8, 20): 2, (10, 20): 2, (10, 30): 3, (12, 30): 2,
         (12, 50): 2, (15, 80): 1}
LINK_MIXES = {  # weights over with / next to / left of / directly left of / before
    "generate": families.LINK_WEIGHTS,
    "even": (1, 1, 1, 1, 1),
    "only-before": (0, 0, 0, 0, 1),
    "only-next": (0, 1, 0, 0, 0),
    "only-left": (0, 0, 1, 0, 0),
    "only-dleft": (0, 0, 0, 1, 0),
    "no-with": (0, 1, 1, 1, 1),
    "with-heavy": (0.85, 0.05, 0.03, 0.04, 0.03),
    "order-only": (0, 0, 1, 0, 1),
}
UNIQUE_UP_TO_CELLS = 300  # "made unique" puzzles: the incremental loop is seconds up to here


@dataclass
class Params:
    types: int
    nouns: int
    per_cell: float  # clues per cell (before any added to make it unique)
    mix: str  # a LINK_MIXES name, or "random"
    weights: tuple[float, ...]
    negated: float  # share of drawn atoms that are negated
    any_share: float  # share of clues that are "any" rules of 2-3 atoms
    all_share: float  # share of clues that are "all" groups of 2-3 atoms
    kind_first: bool  # kind drawn first, kept if true (like hard dense), else drawn true
    unique: bool  # clues added until unique (like _until_unique)
    seed: int
    note: str = field(default="")

    def label(self) -> str:
        return (f"{self.types}x{self.nouns} c{self.per_cell:.1f} {self.mix} "
                f"neg{self.negated:.1f} any{self.any_share:.1f} all{self.all_share:.1f} "
                f"{'kind' if self.kind_first else 'unif'}{' uniq' if self.unique else ''}")


# --------------------------------------------------------------------------- generator
class _Solution:
    """The hidden solution, with the inverse rows so an atom is checked in O(1)."""

    def __init__(self, rows: list[list[int]]):
        self.rows = rows
        self.at = [[0] * len(r) for r in rows]  # at[t][row] = noun index
        for t, r in enumerate(rows):
            for i, row in enumerate(r):
                self.at[t][row] = i

    def holds(self, spec: Spec, atom: Atom) -> bool:
        positive, k, a, b = atom
        link_type, diffs = spec.links[k]
        sa = self.at[link_type][self.rows[a[0]][a[1]]]
        sb = self.at[link_type][self.rows[b[0]][b[1]]]
        return (sb - sa in diffs) == positive


def _atom(spec: Spec, sol: _Solution, p: Params, rng: random.Random,
          true: bool | None) -> Atom | None:
    """One atom: its link by the mix, negated with probability p.negated; `true` True:
    true of the hidden solution (kind-first: drawn at random and kept only if true;
    uniform: the second noun drawn among those that make it true), None: any truth."""
    k = rng.choices(range(len(spec.links)), p.weights)[0]
    link_type = spec.links[k][0]
    positive = rng.random() >= p.negated
    t1, t2 = rng.sample(range(spec.types), 2)
    if k != 0 and t1 == link_type == t2:
        return None
    a = (t1, rng.randrange(spec.nouns))
    if rng.random() < 0.5 and k != 0:
        first_b = True
    else:
        first_b = False
    if true is None or p.kind_first:
        b = (t2, rng.randrange(spec.nouns))
        atom: Atom = (positive, k, b, a) if first_b else (positive, k, a, b)
        if true and not sol.holds(spec, atom):
            return None
        return atom
    fits = []
    for j in range(spec.nouns):
        atom = (positive, k, (t2, j), a) if first_b else (positive, k, a, (t2, j))
        if sol.holds(spec, atom):
            fits.append(atom)
    return rng.choice(fits) if fits else None


def _true_atom(spec: Spec, sol: _Solution, p: Params, rng: random.Random) -> Atom:
    for _ in range(10_000):
        atom = _atom(spec, sol, p, rng, True)
        if atom is not None:
            return atom
    raise RuntimeError(f"{p.label()}: no true atom in 10,000 draws")


def make_spec(p: Params) -> Spec:
    rng = random.Random(p.seed)
    rows = families._hidden(p.types, p.nouns, rng)
    sol = _Solution(rows)
    spec = Spec(f"sweep{p.seed}", f"{p.types}x{p.nouns}", p.types, p.nouns,
                families._link_pool(p.nouns))
    target = max(1, round(p.per_cell * spec.cells))
    seen: set[tuple] = set()
    tries = 0
    while len(spec.clues) < target and tries < 200 * target:
        tries += 1
        draw = rng.random()
        if draw < p.any_share:  # either/or: 2-3 atoms of any truth, at least one true
            atoms = [_atom(spec, sol, p, rng, None) for _ in range(rng.choice((2, 3)))]
            if None in atoms:
                continue
            group = [x for x in atoms if x is not None]
            if not any(sol.holds(spec, x) for x in group):
                group[rng.randrange(len(group))] = _true_atom(spec, sol, p, rng)
            spec.clues.append(("any", tuple(group)))
        elif draw < p.any_share + p.all_share:
            group = [_true_atom(spec, sol, p, rng) for _ in range(rng.choice((2, 3)))]
            spec.clues.append(("all", tuple(group)))
        else:
            atom = _atom(spec, sol, p, rng, True)
            if atom is None or families._key(atom) in seen:
                continue
            seen.add(families._key(atom))
            spec.clues.append(("all", (atom,)))
    if p.unique:
        families.add_until_unique(spec, rows, rng, seen)
    assert families.satisfies(spec, rows), f"{p.label()}: the hidden solution breaks a clue"
    return spec


def draw_params(rng: random.Random, seed: int, max_cells: int) -> Params:
    sizes = [s for s in SIZES if s[0] * s[1] <= max_cells]
    types, nouns = rng.choices(sizes, [SIZES[s] for s in sizes])[0]
    if rng.random() < 0.6:
        mix = rng.choice(list(LINK_MIXES))
        weights = tuple(float(w) for w in LINK_MIXES[mix])
    else:
        mix = "random"
        weights = tuple(rng.random() ** 2 for _ in LINK_NAMES)
    rules = rng.random() < 0.4
    any_share = rng.uniform(0.05, 0.5) if rules else 0.0
    all_share = rng.uniform(0.0, 0.3) if rules and rng.random() < 0.5 else 0.0
    unique = types * nouns <= UNIQUE_UP_TO_CELLS and rng.random() < 0.3
    return Params(types, nouns, per_cell=round(rng.uniform(0.5, 3.0), 2), mix=mix,
                  weights=weights, negated=round(rng.choice((0.0, rng.uniform(0, 0.8))), 2),
                  any_share=round(any_share, 2), all_share=round(all_share, 2),
                  kind_first=rng.random() < 0.5, unique=unique, seed=seed)


def peer_cases(seeds: tuple[int, ...], max_cells: int) -> list[tuple[str, Spec]]:
    """Other seeds of bench_peers' families (seed 7 is the one the rule was tuned on)."""
    out = []
    for family, size in (("easy", "8x10"), ("easy", "10x30"), ("hard", "6x8"),
                         ("hard", "8x10"), ("hard", "10x30"), ("hard", "12x50"),
                         ("minimal", "8x10"), ("generate", "8x10")):
        types, n = (int(v) for v in size.split("x"))
        if types * n > max_cells:
            continue
        for seed in seeds:
            for spec in families.specs(family, size, seed) or []:
                out.append((f"{family} {size} s{seed}", spec))
    return out


# --------------------------------------------------------------------------- timing
def _run(tool: str, spec: Spec, task: str, limit: float) -> tuple[float, tools.Answer | None]:
    """(CPU seconds, answer), the answer None on a time-out. The same call as
    peer_tools.mm_tool, with a time limit."""
    backend = tool.removeprefix("mm-")
    t0, w0 = time.process_time(), time.perf_counter()
    try:
        p = tools.mm_puzzle(spec)
        if task == "solve":
            sol = p.solve(backend=backend, time_limit=limit)
            rows = None if sol is None else tools._mm_rows(spec, sol)
            answer = tools._verdict(task, rows, False)
        else:
            found = list(p.solutions(limit=2, backend=backend, time_limit=limit))
            answer = tools._verdict(task, tools._mm_rows(spec, found[0]) if found else None,
                                    len(found) > 1)
    except mm.TimeLimitReached:
        return time.process_time() - t0, None
    except KeyboardInterrupt:  # mm's CP-SAT backend raises this when CP-SAT stops undecided
        # before mm's own deadline (seen once at hard-dense 12x50 with a 40 s limit): a
        # time-out here; a real Ctrl-C stops the sweep at the next run's first check
        print(f"{tool} {task}: KeyboardInterrupt after {time.perf_counter() - w0:.1f} s "
              f"wall of a {limit:g} s limit", file=sys.stderr, flush=True)
        return time.process_time() - t0, None
    return time.process_time() - t0, answer


def _wrong(spec: Spec, answers: dict[str, tools.Answer], task: str) -> str:
    """'' when every answer holds and the backends agree, else what is wrong."""
    for tool, (status, rows) in answers.items():
        if rows is not None and not families.satisfies(spec, rows):
            return f"{tool}: the answer breaks a clue"
        if status == "none":
            return f"{tool}: no solution to a puzzle made from one"
    statuses = {status for status, _ in answers.values()}
    if task == "unique" and len(statuses) > 1:
        return f"the verdicts differ: {answers and {t: s for t, (s, _) in answers.items()}}"
    if task == "unique" and statuses == {"unique"}:
        solutions = [rows for _, rows in answers.values()]
        if any(r != solutions[0] for r in solutions):
            return "two different unique solutions"
    return ""


def time_case(spec: Spec, task: str, runs: int, limit: float) -> tuple[dict, str]:
    """{tool: median CPU seconds or inf on a time-out} and '' or what was wrong."""
    times: dict[str, list[float]] = {t: [] for t in BACKENDS}
    answers: dict[str, tools.Answer] = {}
    timed_out: set[str] = set()
    round_ = 0
    def wanted(tool: str) -> bool:
        done = times[tool]
        if tool in timed_out:
            return False
        if not done:
            return True
        if done[0] >= ONCE_FROM:
            return False
        return len(done) < runs or (len(done) < 15 and sum(done) < 0.3)

    while True:
        active = [t for t in BACKENDS if wanted(t)]
        if not active:
            break
        shift = round_ % len(active)
        for tool in active[shift:] + active[:shift]:
            seconds, answer = _run(tool, spec, task, limit)
            if answer is None:
                timed_out.add(tool)
                continue
            times[tool].append(seconds)
            answers.setdefault(tool, answer)
        round_ += 1
    medians = {t: statistics.median(times[t]) if t not in timed_out else math.inf
               for t in BACKENDS}
    medians["runs"] = min(len(times[t]) for t in BACKENDS)
    return medians, _wrong(spec, answers, task)


def features(spec: Spec) -> dict:
    """The clue mix as auto reads it, and a few more features to look for a separation."""
    model = compile_puzzle(tools.mm_puzzle(spec))
    with_share, negated_share = policy.clue_mix(model)
    relations = policy._mix_counts(model)[2]
    atoms = [atom for _, group in spec.clues for atom in group]
    by_link = [sum(1 for a in atoms if a[1] == k) / max(1, len(atoms))
               for k in range(len(LINK_NAMES))]
    return {"cells": spec.cells, "clues": len(spec.clues),
            "rel_per_cell": round(relations / spec.cells, 3),
            "with_share": round(with_share, 3), "negated_share": round(negated_share, 3),
            "any_share": round(sum(op == "any" for op, _ in spec.clues)
                               / max(1, len(spec.clues)), 3),
            **{f"link_{name}": round(v, 3) for name, v in zip(LINK_NAMES, by_link,
                                                              strict=True)},
            "auto_solve": policy.choose_backend(model, "solve"),
            "auto_unique": policy.choose_backend(model, "unique")}


# --------------------------------------------------------------------------- main
def cases(args: argparse.Namespace) -> list[tuple[str, dict | None, Spec]]:
    """The sweep's puzzles, cached in benchmarks/.cache (the until-unique ones take a
    while)."""
    path = families.CACHE / f"auto_sweep_s{args.seed}_n{args.count}_c{args.max_cells}.pickle"
    if path.exists():
        return pickle.loads(path.read_bytes())
    rng = random.Random(args.seed)
    out: list[tuple[str, dict | None, Spec]] = []
    for k in range(args.count):
        p = draw_params(rng, args.seed * 1000 + k, args.max_cells)
        out.append((p.label(), vars(p), make_spec(p)))  # a dict: unpickles anywhere
        print(f"made {k + 1}/{args.count}: {p.label()} ({len(out[-1][2].clues)} clues)",
              file=sys.stderr, flush=True)
    if args.peer_seeds:
        seeds = tuple(int(s) for s in args.peer_seeds.split(","))
        out += [(name, None, spec) for name, spec in peer_cases(seeds, args.max_cells)]
    families.CACHE.mkdir(exist_ok=True)
    path.write_bytes(pickle.dumps(out))
    return out


def _fields(params: dict | Params | None) -> dict:
    """A drawn puzzle's parameters (a dict; Params objects in caches of the first runs)."""
    if params is None:
        return {}
    return params if isinstance(params, dict) else vars(params)


def within(auto: float, best: float) -> bool:
    return auto <= BOUND * best + SLACK


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=60, help="drawn puzzles (60)")
    ap.add_argument("--seed", type=int, default=8)
    ap.add_argument("--max-cells", type=int, default=1200, help="largest size drawn (15x80)")
    ap.add_argument("--peer-seeds", default="3,11",
                    help="seeds of the bench_peers families to add ('' for none)")
    ap.add_argument("--runs", type=int, default=3, help="interleaved runs per tool (3)")
    ap.add_argument("--limit", type=float, default=60.0, help="seconds per run (60)")
    ap.add_argument("--only", default="", help="comma-separated case numbers to time")
    ap.add_argument("--out", default=str(RESULTS / "auto_sweep.csv"))
    args = ap.parse_args(argv)
    todo = cases(args)
    only = {int(k) for k in args.only.split(",") if k}
    rows: list[dict] = []
    out = Path(args.out)
    out.parent.mkdir(exist_ok=True)
    wrong = 0
    with out.open("w", newline="") as f:
        writer: csv.DictWriter | None = None
        for number, (label, params, spec) in enumerate(todo):
            if only and number not in only:
                continue
            feats = features(spec)
            for task in TASKS:
                medians, problem = time_case(spec, task, args.runs, args.limit)
                sat, cpsat, auto = (medians[t] for t in BACKENDS)
                best = min(sat, cpsat)
                ratio = auto / best if 0 < best < math.inf else \
                    (1.0 if auto == best else math.inf)
                row = {"case": number, "label": label, "task": task,
                       "sat_s": sat, "cpsat_s": cpsat, "auto_s": auto,
                       "auto_over_best": ratio,
                       "picked": feats[f"auto_{task}"],
                       "faster": "sat" if sat <= cpsat else "cpsat",
                       "within": within(auto, best), "runs": medians["runs"],
                       "wrong": problem, **feats,
                       **{k: v for k, v in _fields(params).items()
                          if k not in ("types", "nouns")}}
                if problem:
                    wrong += 1
                    dump = RESULTS / f"auto_sweep_wrong_{number}_{task}.pickle"
                    dump.write_bytes(pickle.dumps(spec))
                    print(f"WRONG ANSWER case {number} {task}: {problem} ({dump})",
                          flush=True)
                rows.append(row)
                if writer is None:
                    writer = csv.DictWriter(f, fieldnames=list(row) + [
                        k for k in ("per_cell", "mix", "weights", "negated", "any_share",
                                    "all_share", "kind_first", "unique", "seed", "note")
                        if k not in row], extrasaction="ignore")
                    writer.writeheader()
                writer.writerow(row)
                f.flush()
                print(f"{number:3d} {task:6s} {label:52s} sat {sat:8.3f} cpsat {cpsat:8.3f} "
                      f"auto {auto:8.3f} ({row['picked']}) x{row['auto_over_best']:.2f}"
                      f"{'' if row['within'] else '  OUTSIDE'}", flush=True)
    report(rows, wrong)
    return 1 if wrong else 0


def report(rows: list[dict], wrong: int) -> None:
    print(f"\n{len(rows)} cells ({len({r['case'] for r in rows})} puzzles x tasks), "
          f"{wrong} wrong answers")
    worst = sorted(rows, key=lambda r: -r["auto_over_best"])[:15]
    print("\nworst auto / min(sat, cpsat):")
    for r in worst:
        print(f"  {r['auto_over_best']:6.2f}  {r['task']:6s} {r['label']:52s} "
              f"sat {r['sat_s']:.3f} cpsat {r['cpsat_s']:.3f} auto {r['auto_s']:.3f} "
              f"picked {r['picked']}")
    outside = [r for r in rows if not r["within"]]
    print(f"\noutside {BOUND}x + {SLACK * 1000:.0f} ms: {len(outside)} of {len(rows)}")
    for r in outside:
        print(f"  case {r['case']} {r['task']}: {r['label']}  picked {r['picked']}, "
              f"faster {r['faster']}; with {r['with_share']} negated {r['negated_share']} "
              f"rel/cell {r['rel_per_cell']} any {r['any_share']} links "
              + " ".join(f"{n}={r['link_' + n]}" for n in LINK_NAMES))
    wrong_pick = [r for r in rows if r["picked"] != r["faster"] and not within(
        r[f"{r['picked']}_s"], min(r["sat_s"], r["cpsat_s"]))]
    print(f"\nthe picked backend itself outside the bound: {len(wrong_pick)} of {len(rows)}")


if __name__ == "__main__":
    sys.exit(main())
