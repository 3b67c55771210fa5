"""mm against the other ways to solve a logic-grid puzzle from Python, clue list to answer.

Families (benchmarks/peer_families.py): easy dense, hard dense, minimal, mm.generate output,
Einstein, 100 reasoning-gym puzzles. Tools (benchmarks/peer_tools.py): mm auto / sat /
cpsat, hand-written CP-SAT and PySAT reference models, CPMpy (ortools), Z3,
python-constraint, pycosat. Tasks: "solve" (one solution) and "unique" (a solution and the
proof that there is no other).

Per cell (family, size, task, tool): one run in a fresh subprocess measures peak memory
(ru_maxrss) and stops the tool after --timeout seconds (shown as a timeout: mm wins the
cell); then the tools that finished run interleaved in this process (tool order rotated
each round) after one warm-up run, and the median counts (a tool whose probe took over
10 s runs once). Each tool runs at least --runs times (5) and, when it is fast, until its
timed runs add up to --min-seconds (0.5 s; at most 400 runs): a 5 ms cell gets about 100
runs. The issue asks for medians of at least 5 interleaved runs; on a machine shared with
other jobs, 5 runs of a few milliseconds moved by 1.5x between two runs of the same code
(minimal 8x10: 25.6 ms in one run, 12.3 ms in another), while a median of a hundred is
steady. A tool that stops earlier leaves the rotation; the others go on interleaved.
Where mm-auto's median is then over 1.1x that of a tool it is judged against (mm's
backends, the hand-written models), those tools run 3-10 more interleaved rounds and the
medians are over every run: more runs where a verdict is close, both sides alike.
A tool whose probe took over 2 s and 3x mm-auto's is timed by one run in this process:
no ratio the issue judges can cross its bound on its exact median (they compare mm-auto
with the fastest of several tools, or ask mm-auto to be faster than it).
--jobs N runs the families in N processes at once, each cell still in one process (a
long run on a shared machine otherwise gets one core's share of it); one table and CSV.
CP-SAT uses one worker in every tool. Every answer is checked:
each solution against the clue list in plain Python, each verdict and unique solution
against the hand-written CP-SAT model.

Prints the table, writes a CSV and a log-log plot of time against cells (types x nouns).
Times are elapsed (wall) time, or with --clock cpu the process's CPU time (every thread
counted), which a loaded machine does not inflate.
Run: python benchmarks/bench_peers.py --quick          (a few sizes, 3 runs: minutes)
     python benchmarks/bench_peers.py                  (every size, 5 runs: hours)
     python benchmarks/bench_peers.py --families easy,hard --sizes 10x30 --tools mm-auto,cpsat-hand
"""

from __future__ import annotations

import argparse
import csv
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import peer_families as families
import peer_tools as tools
from peer_families import Spec

HERE = Path(__file__).parent
QUICK_SIZES = ("5x5", "8x10", "10x30")
SLOW_PROBE = 10.0  # seconds: a cell whose probe took longer is timed once (the probe)
# a tool whose probe took over ONCE_FROM seconds and FAR_BEHIND times mm-auto's is timed by
# one run in this process: its exact median cannot move a ratio the issue judges across
# its bound (those compare mm-auto with the faster of several tools, or ask mm-auto to be
# faster), and five runs of it were most of a full run's time from 10x30 up
ONCE_FROM = 2.0
FAR_BEHIND = 3.0
MAX_RUNS = 400  # timed runs of one tool in one cell, at most (--min-seconds)
# a cell where mm-auto's median is over CLOSE times that of a tool it is judged against runs
# those two (and any other such tool) again, interleaved, MIN_MORE_RUNS to MORE_RUNS more
# times (until MORE_SECONDS are spent), and the medians are over every run: one run of the
# same CP-SAT search on easy-dense 20x100 took 166-447 ms of CPU on a loaded machine, so a
# median of five could put mm-auto 1.3x over the very backend it runs (session 9)
CLOSE = 1.1
MIN_MORE_RUNS, MORE_RUNS, MORE_SECONDS = 3, 10, 60.0
MEMORY_CAP = 8 << 30  # bytes of address space per probe
BIG_FOR_PEERS = 3000  # cells: 30x200 is for mm alone (and the reference models)


# (family, task, tool) -> the fewest cells at which it timed out (this run, or a CSV given
# with --known): puzzles of that family at least that large are not probed again, so a
# long run does not spend --timeout seconds on each of them (the cell shows a timeout).
# The reference model too: answers are then checked against the next tool that finished.
TIMED_OUT: dict[tuple[str, str, str], float] = {}
WARM_UP_BELOW = 1.0  # seconds: a slower tool that already ran in this process is not warmed
WARMED: set[str] = set()  # tools that ran in an earlier cell of this process

CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
clock = CLOCKS["wall"]


def _answers(tool: str, specs: list[Spec], task: str) -> tuple[float, list]:
    run = tools.TOOLS[tool]
    t0 = clock()
    answers = [run(spec, task) for spec in specs]
    return clock() - t0, answers


def cell_main(family: str, size: str, tool: str, task: str, seed: int) -> None:
    """The probe, in its own process: one run, its time, answers and peak memory."""
    specs = families.specs(family, size, seed) or []
    seconds, answers = _answers(tool, specs, task)
    print(json.dumps({"seconds": seconds, "peak_mb": _peak_mb(), "answers": answers}))


def _peak_mb() -> float:
    """This process's peak resident memory. VmHWM where Linux has it: ru_maxrss survives
    fork and exec, so a probe reported the larger of its own peak and this script's at the
    time it was started (every tool of a cell showed the same figure, up to 2.7 GB)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _cap_memory() -> None:
    """In the probe's process: at most MEMORY_CAP of address space, so a tool whose model
    outgrows the shared machine fails alone (its cell shows an error) instead of pushing
    everything else out of memory."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def _probe(family: str, size: str, tool: str, task: str, seed: int,
           timeout: float) -> dict:
    cmd = [sys.executable, str(Path(__file__)), "--cell", family, size, tool, task,
           "--seed", str(seed), "--clock", "cpu" if clock is CLOCKS["cpu"] else "wall"]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                              cwd=HERE, preexec_fn=_cap_memory)
    except subprocess.TimeoutExpired:
        return {"error": "timeout"}
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or [f"exit status {done.returncode}"]
        return {"error": lines[-1][:80]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def _check(specs: list[Spec], answers: list, reference: list | None, task: str) -> str:
    """'ok', or what is wrong with the answers."""
    for k, (spec, (status, rows)) in enumerate(zip(specs, answers, strict=True)):
        if rows is not None and not families.satisfies(spec, rows):
            return f"puzzle {k}: the answer breaks a clue"
        if reference is None:
            continue
        ref_status, ref_rows = reference[k]
        if (status == "none") != (ref_status == "none"):
            return f"puzzle {k}: {status}, reference {ref_status}"
        if task == "unique" and status != ref_status:
            return f"puzzle {k}: {status}, reference {ref_status}"
        if status == "unique" and [list(r) for r in rows] != [list(r) for r in ref_rows]:
            return f"puzzle {k}: another solution than the reference's"
    return "ok"


def run_cell(family: str, size: str, task: str, specs: list[Spec], chosen: list[str],
             args: argparse.Namespace) -> list[dict]:
    cells = sum(s.cells for s in specs) / len(specs)
    big = cells >= BIG_FOR_PEERS
    names = [t for t in chosen if not big or t in tools.MM_TOOLS or t in tools.HAND]
    rows: dict[str, dict] = {}
    probes: dict[str, dict] = {}
    for tool in [tools.REFERENCE] + [t for t in names if t != tools.REFERENCE]:
        if cells >= TIMED_OUT.get((family, task, tool), float("inf")):
            probe = {"error": "timeout"}  # it timed out on a smaller puzzle of the family
        else:
            probe = _probe(family, size, tool, task, args.seed, args.timeout)
        if probe.get("error") == "timeout":
            key = (family, task, tool)
            TIMED_OUT[key] = min(cells, TIMED_OUT.get(key, cells))
        probes[tool] = probe
    # the reference model's answers; when it timed out, the next hand-written model's, then
    # mm's other backend's (each verdict still compared with another solver's)
    order = [tools.REFERENCE, *tools.HAND, "mm-cpsat", "mm-sat", *names]
    reference = next((probes[t]["answers"] for t in order if "answers" in probes.get(t, {})),
                     None)
    for tool, probe in probes.items():
        rows[tool] = {"family": family, "size": size, "cells": cells, "task": task,
                      "tool": tool, "puzzles": len(specs), "peak_mb": probe.get("peak_mb"),
                      "probe_s": probe.get("seconds"), "median_s": None, "runs": 0,
                      "check": probe.get("error") or _check(specs, probe["answers"],
                                                            reference, task)}
    timed = [t for t in names if rows[t]["check"] == "ok"]
    quick = [t for t in timed if rows[t]["probe_s"] < args.slow_probe]
    auto = rows.get("mm-auto")
    auto_s = auto["probe_s"] if auto and auto["check"] == "ok" else None
    once = {t for t in quick if t != "mm-auto" and auto_s is not None
            and rows[t]["probe_s"] >= max(ONCE_FROM, FAR_BEHIND * auto_s)}
    for tool in timed:
        if tool not in quick:  # slow: the probe is the measurement
            rows[tool].update(median_s=rows[tool]["probe_s"], runs=1)
    times: dict[str, list[float]] = {t: [] for t in quick}

    def wanted(tool: str) -> bool:
        done = times[tool]
        if tool in once:
            return not done
        return len(done) < args.runs or (sum(done) < args.min_seconds
                                         and len(done) < MAX_RUNS)

    # a tool that takes a second or more and already ran in this process (its solver
    # imported, its code warm) is not warmed up again: round 0 counts for it
    counted = {t for t in quick if t in WARMED and rows[t]["probe_s"] >= WARM_UP_BELOW}
    WARMED.update(quick)
    def one_round(tools_now: list[str], round_: int, warm_up: bool) -> None:
        order = tools_now[round_ % len(tools_now):] + tools_now[:round_ % len(tools_now)]
        for tool in order:
            seconds, answers = _answers(tool, specs, task)
            check = _check(specs, answers, reference, task)
            if check != "ok":
                rows[tool]["check"] = check
            if not warm_up or tool in counted:
                times[tool].append(seconds)

    round_ = 0
    active = list(quick)
    while active:
        one_round(active, round_, warm_up=round_ == 0)  # round 0 warms up
        round_ += 1
        active = [t for t in quick if wanted(t)]
    close = _close_rivals(times, once)
    if close and args.runs > 0:
        again, start = ["mm-auto", *close], clock()
        for extra in range(MORE_RUNS):
            if extra >= MIN_MORE_RUNS and clock() - start >= MORE_SECONDS:
                break
            one_round(again, extra, warm_up=False)
    for tool in quick:
        rows[tool].update(median_s=statistics.median(times[tool]), runs=len(times[tool]))
    return [rows[t] for t in names]


def _close_rivals(times: dict[str, list[float]], once: set[str]) -> list[str]:
    """The tools mm-auto is judged against (mm's backends, the hand-written models) whose
    median it is over by more than CLOSE, among those timed here more than once."""
    if not times.get("mm-auto"):
        return []
    auto = statistics.median(times["mm-auto"])
    return [t for t in times if t != "mm-auto" and t not in once and times[t]
            and (t in tools.MM_TOOLS or t in tools.HAND)
            and auto > CLOSE * statistics.median(times[t])]


def _fmt(row: dict | None) -> str:
    if row is None:
        return ""
    if row["check"] != "ok":
        return "timeout" if row["check"] == "timeout" else "WRONG" if "puzzle" in \
            row["check"] else "error"
    s = row["median_s"]
    return f"{s * 1000:.1f}" if s < 10 else f"{s:.1f} s"


def _ratio(a: dict | None, b: list[dict | None]) -> str:
    times = [r["median_s"] for r in b if r and r["check"] == "ok"]
    if a is None or a["check"] != "ok" or not times:
        return ""
    return f"{a['median_s'] / min(times):.2f}"


def report(results: list[dict], chosen: list[str], console) -> None:
    from rich.table import Table

    which = "CPU" if clock is CLOCKS["cpu"] else "elapsed"
    table = Table(title=f"clue list to answer, {which} time: median ms (s where marked); ratios of "
                        "mm-auto to the fastest hand-written model and to mm's faster backend")
    table.add_column("family")
    table.add_column("size")
    table.add_column("task")
    for tool in chosen:
        table.add_column(tool, justify="right")
    table.add_column("auto/hand", justify="right")
    table.add_column("auto/best mm", justify="right")
    cells: dict[tuple, dict[str, dict]] = {}
    for row in results:
        cells.setdefault((row["family"], row["size"], row["task"]), {})[row["tool"]] = row
    for (family, size, task), by_tool in cells.items():
        auto = by_tool.get("mm-auto")
        table.add_row(family, size, task, *(_fmt(by_tool.get(t)) for t in chosen),
                      _ratio(auto, [by_tool.get(t) for t in tools.HAND]),
                      _ratio(auto, [by_tool.get("mm-sat"), by_tool.get("mm-cpsat")]))
    console.print(table)
    wrong = [r for r in results if r["check"] not in ("ok", "timeout")]
    for r in wrong:
        console.print(f"[red]{r['family']} {r['size']} {r['task']} {r['tool']}: "
                      f"{r['check']}[/red]")


def write_csv(results: list[dict], path: Path) -> None:
    fields = ["family", "size", "cells", "task", "tool", "puzzles", "median_s", "runs",
              "probe_s", "peak_mb", "check"]
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        writer.writerows(results)


def plot(results: list[dict], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    tasks = sorted({r["task"] for r in results})
    fig, axes = plt.subplots(1, len(tasks), figsize=(7 * len(tasks), 5.5), squeeze=False)
    markers = dict(zip(families.FAMILIES, "osv^Dx", strict=True))
    chosen = list(dict.fromkeys(r["tool"] for r in results))
    colors = {t: plt.cm.tab10(k % 10) for k, t in enumerate(chosen)}
    for ax, task in zip(axes[0], tasks, strict=True):
        for tool in chosen:
            for family in families.FAMILIES:
                points = sorted((r["cells"], r["median_s"]) for r in results
                                if r["task"] == task and r["tool"] == tool
                                and r["family"] == family and r["check"] == "ok")
                if points:
                    xs, ys = zip(*points, strict=True)
                    ax.plot(xs, ys, marker=markers[family], color=colors[tool], alpha=0.8)
        for tool in chosen:
            ax.plot([], [], color=colors[tool], label=tool)
        for family, m in markers.items():
            ax.plot([], [], marker=m, color="gray", linestyle="", label=family)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("cells (types x nouns)")
        ax.set_ylabel("seconds, clue list to answer (median)")
        ax.set_title(f"task: {task}")
        ax.grid(True, which="both", alpha=0.3)
    handles, labels = axes[0][0].get_legend_handles_labels()
    keep = {label: h for h, label in zip(handles, labels, strict=True) if label}
    fig.legend(keep.values(), keep.keys(), loc="center right", fontsize=8)
    fig.tight_layout(rect=(0, 0, 0.85, 1))
    fig.savefig(path, dpi=110)


def _read_csv(path: Path) -> list[dict]:
    """The rows of a CSV this script wrote, numbers as numbers."""
    with path.open() as f:
        results = list(csv.DictReader(f))
    for row in results:
        for key in ("cells", "median_s", "probe_s", "peak_mb"):
            row[key] = float(row[key]) if row[key] else None
        row["runs"] = int(row["runs"])
        row["puzzles"] = int(row["puzzles"])
    return results


def markdown(path: Path) -> str:
    """A CSV of an earlier run as a markdown table (ms; the README quotes it)."""
    results = _read_csv(path)
    chosen = list(dict.fromkeys(r["tool"] for r in results))
    cells: dict[tuple, dict[str, dict]] = {}
    for row in results:
        cells.setdefault((row["family"], row["size"], row["task"]), {})[row["tool"]] = row
    lines = ["| family | size | task | " + " | ".join(chosen) + " | auto/hand | auto/best mm |",
             "|---" * (len(chosen) + 5) + "|"]
    for (family, size, task), by_tool in cells.items():
        auto = by_tool.get("mm-auto")
        lines.append(f"| {family} | {size} | {task} | "
                     + " | ".join(_fmt(by_tool.get(t)) for t in chosen)
                     + f" | {_ratio(auto, [by_tool.get(t) for t in tools.HAND])}"
                     + f" | {_ratio(auto, [by_tool.get('mm-sat'), by_tool.get('mm-cpsat')])} |")
    return "\n".join(lines)


def _parallel(args: argparse.Namespace, sizes: list[str], console) -> list[dict]:
    """--jobs N: the families split over N runs of this script at once (a family stays in
    one process, so a timeout still skips its larger puzzles); each cell is still measured
    in one process, interleaved. Returns their rows in the order one process gives."""
    weight = {"hard": 4, "generate": 3, "easy": 2, "minimal": 2, "rg": 0.5, "einstein": 0.1}
    groups: list[list[str]] = [[] for _ in range(args.jobs)]
    load = [0.0] * args.jobs
    for family in sorted(args.families.split(","), key=lambda f: -weight.get(f, 1)):
        k = load.index(min(load))
        groups[k].append(family)
        load[k] += weight.get(family, 1)
    out = Path(args.out)
    parts = [out.with_name(f"{out.stem}.part{k}{out.suffix}") for k in range(args.jobs)]
    common = [sys.executable, str(Path(__file__).resolve()), "--clock", args.clock,
              "--sizes", ",".join(s for s in sizes if s not in ("6x5", "rg100")),
              "--tools", args.tools, "--tasks", args.tasks,
              "--runs", str(args.runs), "--min-seconds", str(args.min_seconds),
              "--timeout", str(args.timeout), "--seed", str(args.seed), "--plot", "",
              "--slow-probe", str(args.slow_probe), "--jobs", "1"]
    for known in args.known:
        common += ["--known", str(Path(known).resolve())]
    children = [subprocess.Popen([*common, "--families", ",".join(group), "--out",
                                  str(part.resolve())], cwd=HERE)
                for group, part in zip(groups, parts, strict=True) if group]
    console.print(f"{len(children)} processes: " + "; ".join(",".join(g) for g in groups if g))
    for child in children:
        child.wait()
    results = [row for part in parts if part.exists() for row in _read_csv(part)]
    size_order = {s: k for k, s in enumerate(sizes)}
    family_order = {f: k for k, f in enumerate(families.FAMILIES)}
    results.sort(key=lambda r: (size_order.get(r["size"], -1), family_order[r["family"]],
                                args.tasks.split(",").index(r["task"])))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help=f"sizes {','.join(QUICK_SIZES)} (plus Einstein), 3 runs")
    parser.add_argument("--families", default=",".join(families.FAMILIES))
    parser.add_argument("--sizes", default=None, help="e.g. 8x10,10x30 (default: all)")
    parser.add_argument("--tools", default=",".join(tools.TOOLS))
    parser.add_argument("--tasks", default="solve,unique")
    parser.add_argument("--runs", type=int, default=None, help="timed runs (default 5)")
    parser.add_argument("--min-seconds", type=float, default=0.5,
                        help="a tool that is fast in a cell runs more than --runs times, "
                             "until its timed runs add up to this many seconds (at most "
                             f"{MAX_RUNS} runs): the median of a few-ms cell is then "
                             "steady (0: exactly --runs runs)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per probe")
    parser.add_argument("--slow-probe", type=float, default=SLOW_PROBE,
                        help="a tool whose probe took longer than this many seconds is "
                             f"timed by its probe alone (default {SLOW_PROBE:g}; raise it "
                             "to give the slowest cells --runs interleaved runs too)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", default="bench_peers.csv")
    parser.add_argument("--plot", default="bench_peers.png")
    parser.add_argument("--clock", choices=tuple(CLOCKS), default="wall",
                        help="wall: elapsed time, as a user waits (default); cpu: the "
                             "process's CPU time, all threads counted (steady on a loaded "
                             "machine, where elapsed time depends on the other jobs)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="run the families in this many processes at once (each cell "
                             "is still measured in one process); one table, CSV and plot")
    parser.add_argument("--markdown", metavar="CSV", help="print a CSV as a markdown table")
    parser.add_argument("--known", metavar="CSV", action="append", default=[],
                        help="an earlier run's CSV: a tool that timed out there on a family "
                             "and task is not probed again on larger sizes (a timeout)")
    parser.add_argument("--cell", nargs=4, metavar=("FAMILY", "SIZE", "TOOL", "TASK"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    global clock
    clock = CLOCKS[args.clock]
    if args.cell:
        cell_main(*args.cell, args.seed)
        return
    if args.markdown:
        print(markdown(Path(args.markdown)))
        return
    for known in args.known:
        for r in _read_csv(Path(known)):
            if r["check"] == "timeout":
                key = (r["family"], r["task"], r["tool"])
                TIMED_OUT[key] = min(r["cells"], TIMED_OUT.get(key, float("inf")))
    from rich.console import Console

    console = Console(width=max(160, 40 + 11 * len(args.tools.split(","))))
    if args.runs is None:
        args.runs = 3 if args.quick else 5
    sizes = args.sizes.split(",") if args.sizes else \
        list(QUICK_SIZES if args.quick else families.SIZES)
    # Einstein (6x5) and the reasoning-gym sample after the first size, then growing sizes,
    # every family at each size: a run stopped early still covers each family
    sizes = sizes[:1] + [s for s in ("6x5", "rg100") if s not in sizes] + sizes[1:]
    chosen = [t for t in args.tools.split(",") if t]
    unknown = [t for t in chosen if t not in tools.TOOLS]
    if unknown:
        parser.error(f"unknown tool {unknown[0]} (choose from {', '.join(tools.TOOLS)})")
    results: list[dict] = []
    if args.jobs > 1:
        results = _parallel(args, sizes, console)
        sizes = []
    for size in sizes:
        for family in args.families.split(","):
            with console.status(f"making {family} {size}"):
                specs = families.specs(family, size, args.seed)
            if not specs:
                continue
            for task in args.tasks.split(","):
                with console.status(f"{family} {size} {task}"):
                    rows = run_cell(family, size, task, specs, chosen, args)
                results += rows
                line = "  ".join(f"{r['tool']} {_fmt(r)}" for r in rows)
                console.print(f"{family} {size} {task}: {line}")
                write_csv(results, Path(args.out))
    report(results, chosen, console)
    write_csv(results, Path(args.out))
    if args.plot:
        plot(results, Path(args.plot))
    console.print(f"wrote {args.out}" + (f" and {args.plot}" if args.plot else ""))


if __name__ == "__main__":
    main()
