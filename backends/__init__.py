"""Backend registry: solver modules are imported only when a puzzle is solved.

Adding a backend means adding one module that defines `BACKEND` (a `Backend` subclass)
and one entry in `_BACKENDS` below, which declares what the backend can do. The entry is
read without importing the solver, so `import mm` stays fast and choosing a backend
(mm.analysis.policy) never loads one.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mm.errors import BackendUnavailable, PuzzleError

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


def get(name: str) -> type[Backend]:
    """The Backend class registered under `name`."""
    entry = info(name)
    if not installed(name):
        raise BackendUnavailable(
            f"backend '{name}' needs the '{entry.package}' package: pip install {entry.pip_name}")
    backend: type[Backend] = importlib.import_module(entry.module).BACKEND
    return backend
