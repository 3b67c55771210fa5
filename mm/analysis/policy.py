"""The one backend policy: which backend `auto` uses for a puzzle and a task.

Solve, count, verify, explain and generate all ask `candidates`/`open_engine` here; each
backend declares its capabilities in the registry (mm.backends), so this module never
imports a solver to decide.

The rules, in order:
1. a task that needs a capability (model counting) goes to a backend that has it;
2. tasks made of many small solves under assumptions (verify, explain, generate) go to SAT
   first: it answers them incrementally at a few milliseconds a call;
3. integer placeholders go to a backend with integer domains (CP-SAT): the SAT backend's
   one-hot values grow with the domain;
4. otherwise by size: SAT up to `SAT_UP_TO_CELLS` cells, CP-SAT above.
Measured with benchmarks/bench_backends.py (2 cores, OR-Tools 9.14): unique proof of 6x5
(30 cells) sat 1.9 ms / cpsat 3.2 ms; 8x10 (80 cells) 21 / 22 ms (even); 10x30 (300 cells)
0.52 / 0.18 s; 12x50: 3.9 / 2.7 s. Small puzzles pay CP-SAT's fixed presolve cost; large
ones pay the CNF's size in Python.
"""

from __future__ import annotations

from typing import Any

from mm import backends
from mm.backends.base import Backend
from mm.errors import BackendUnavailable, UnsupportedFeature
from mm.ir import Model

SAT_UP_TO_CELLS = 80
TASKS = ("solve", "count", "unique", "verify", "explain", "generate", "model_count")
_INCREMENTAL_TASKS = ("verify", "explain", "generate")


def candidates(model: Model, task: str) -> list[str]:
    """The installed backends able to do `task` on `model`, best first."""
    if task not in TASKS:
        raise ValueError(f"unknown task '{task}' (one of {', '.join(TASKS)})")
    installed = backends.available()
    if not installed:
        raise BackendUnavailable("no solver is installed: pip install ortools or python-sat")
    caps = {name: backends.info(name).capabilities for name in installed}
    if task == "model_count":
        able = [name for name in installed if caps[name].model_counting]
        if not able:
            raise BackendUnavailable("model counting needs the sat backend: "
                                     "pip install python-sat")
        return able
    if task in _INCREMENTAL_TASKS:
        first = [name for name in installed if name == "sat"]
    elif model.placeholders:
        first = [name for name in installed if caps[name].integer_domains]
    else:
        small = model.num_types * model.size <= SAT_UP_TO_CELLS
        first = [name for name in installed if (name == "sat") == small]
    return first + [name for name in installed if name not in first]


def choose_backend(model: Model, task: str) -> str:
    """The backend `auto` picks for this model and task."""
    return candidates(model, task)[0]


def open_engine(model: Model, backend: str, task: str, time_limit: float | None,
                **options: Any) -> Backend:
    """A backend loaded with `model`: the named one, or for "auto" the first candidate
    that can express the model (a backend raising UnsupportedFeature passes to the next)."""
    if backend != "auto":
        if task == "model_count" and not backends.info(backend).capabilities.model_counting:
            raise UnsupportedFeature(f"model counting works on the CNF of the sat backend, "
                                     f"not on '{backend}'")
        return backends.get(backend)(model, time_limit=time_limit, **options)
    error: UnsupportedFeature | None = None
    for name in candidates(model, task):
        try:
            return backends.get(name)(model, time_limit=time_limit, **options)
        except UnsupportedFeature as exc:
            error = exc
    assert error is not None
    raise error
