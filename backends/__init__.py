"""Backend registry: solver modules are imported only when a puzzle is solved.

Adding a backend means adding one module that defines `BACKEND` (a `Backend` subclass)
and one entry in `_BACKENDS` below, which declares what the backend can do. The entry is
read without importing the solver, so `import mm` stays fast and choosing a backend
(mm.analysis.policy) never loads one.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import threading
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

from mm.deadline import Deadline
from mm.errors import BackendUnavailable, PuzzleError, TimeLimitReached

if TYPE_CHECKING:
    from mm.backends.base import Backend


@dataclass(frozen=True)
class Capabilities:
    """What a backend can do, for the one backend policy (mm.analysis.policy)."""

    incremental: bool  # repeated solves under assumptions, with cores (verify, explain, generate)
    model_counting: bool  # exact/approximate model counts without enumeration
    interruptible: bool  # stops at a time limit inside a native solve
    integer_domains: bool  # native integer variables (placeholders with wide domains)
    big_integers: bool  # integer terms beyond 64 bits


@dataclass(frozen=True)
class BackendInfo:
    """A registry entry: where the backend lives, what it needs, and what it can do."""
    module: str
    package: str  # the solver package it needs (checked without importing it)
    pip_name: str
    capabilities: Capabilities


_BACKENDS: dict[str, BackendInfo] = {
    "cpsat": BackendInfo("mm.backends.cpsat", "ortools", "ortools", Capabilities(
        incremental=True, model_counting=False, interruptible=True, integer_domains=True,
        big_integers=False)),
    "sat": BackendInfo("mm.backends.sat", "pysat", "python-sat", Capabilities(
        incremental=True, model_counting=True, interruptible=True, integer_domains=False,
        big_integers=True)),
}


def names() -> list[str]:
    """Every registered backend, installed or not."""
    return list(_BACKENDS)


def info(name: str) -> BackendInfo:
    """The registry entry of a backend (raises PuzzleError for an unknown name)."""
    if not isinstance(name, str) or name not in _BACKENDS:
        raise PuzzleError(
            f"unknown backend {name!r} (choose from auto, {', '.join(_BACKENDS)})")
    return _BACKENDS[name]


def installed(name: str) -> bool:
    """Is the solver library of this backend importable (without importing it)?"""
    try:
        return importlib.util.find_spec(info(name).package) is not None
    except ImportError:  # an import hook that hides the package says so by raising
        return False


def available() -> list[str]:
    """The backends whose solver library is installed."""
    return [name for name in _BACKENDS if installed(name)]


def get(name: str, deadline: Deadline | None = None) -> type[Backend]:
    """The Backend class registered under `name`. Its first use imports the solver library
    (OR-Tools: seconds on a busy machine), which draws on `deadline` and stops at Ctrl-C."""
    entry = info(name)
    if not installed(name):
        raise BackendUnavailable(
            f"backend '{name}' needs the '{entry.package}' package: pip install {entry.pip_name}")
    backend: type[Backend] = _import(entry.module, entry.package, deadline).BACKEND
    return backend


class _Import(threading.Thread):
    """One module imported in a helper thread."""

    def __init__(self, module: str):
        super().__init__(name=f"import {module}", daemon=True)
        self.module = module
        self.result: ModuleType | None = None
        self.error: BaseException | None = None
        # set when the import has ended: Thread.join interrupted by Ctrl-C can mark a thread
        # that is still running as stopped (CPython's fix for bpo-45274 releases its lock),
        # so a later join returned at once and the import was taken as done with no module
        self.done = threading.Event()

    def run(self) -> None:
        try:
            self.result = importlib.import_module(self.module)
        except BaseException as exc:  # handed to the thread that waits for it
            self.error = exc
        finally:
            self.done.set()


_importing: dict[str, _Import] = {}
_importing_lock = threading.Lock()


def _import(module: str, package: str, deadline: Deadline | None) -> ModuleType:
    """The module, imported the first time in a helper thread that this thread waits for
    until the deadline, so that neither the time limit nor Ctrl-C waits for a long import.
    An import left behind runs on (a native library cannot be stopped half loaded, nor
    loaded twice) and the next call waits for the same one."""
    with _importing_lock:
        job = _importing.get(module)
        if job is None:
            loaded = sys.modules.get(module)
            if loaded is not None:
                return loaded
            job = _importing[module] = _Import(module)
            job.start()
    if not job.done.wait(None if deadline is None else deadline.remaining()):
        assert deadline is not None
        raise TimeLimitReached(f"time limit of {deadline.time_limit:g} s reached while "
                               f"loading the solver library ({package})")
    with _importing_lock:
        _importing.pop(module, None)
    if job.error is not None:
        raise job.error
    assert job.result is not None
    return job.result
