"""Backend registry: solver modules are imported only when a puzzle is solved.

Adding a backend means adding one module that defines `BACKEND` (a `Backend` subclass)
and one line in `_BACKENDS` below.
"""

from __future__ import annotations

import importlib
import importlib.util

from mm.errors import BackendUnavailable, PuzzleError

# name -> (module, the solver package it needs, pip name)
_BACKENDS: dict[str, tuple[str, str, str]] = {
    "cpsat": ("mm.backends.cpsat", "ortools", "ortools"),
    "sat": ("mm.backends.sat", "pysat", "python-sat"),
}


def names() -> list[str]:
    return list(_BACKENDS)


def installed(name: str) -> bool:
    """Is the solver library of this backend importable (without importing it)?"""
    _, package, _ = _entry(name)
    try:
        return importlib.util.find_spec(package) is not None
    except ImportError:  # an import hook that hides the package says so by raising
        return False


def available() -> list[str]:
    return [name for name in _BACKENDS if installed(name)]


def get(name: str):
    """The Backend class registered under `name`."""
    module_name, package, pip_name = _entry(name)
    if not installed(name):
        raise BackendUnavailable(
            f"backend '{name}' needs the '{package}' package: pip install {pip_name}")
    return importlib.import_module(module_name).BACKEND


def _entry(name: str) -> tuple[str, str, str]:
    if name not in _BACKENDS:
        raise PuzzleError(
            f"unknown backend '{name}' (choose from auto, {', '.join(_BACKENDS)})")
    return _BACKENDS[name]
