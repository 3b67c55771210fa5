"""mm: logic-grid puzzles in the Mystery Master modelling API, solved with real solvers.

The package is layered, and imports flow one way (checked by import-linter in CI):
errors <- ir <- model | backends <- analysis <- puzzle <- generation <- formats <- app.

>>> import mm
>>> mm.load("five_houses").is_unique()
True

Every public name below is imported from its layer the first time it is used (PEP 562):
`import mm` itself costs nothing, a script that only builds and solves puzzles never
loads the explainer's, the readers' or the generator's modules, and no solver is imported
until a puzzle is solved. It also lets the `mm` program catch Ctrl-C from its very start.
Type checkers see ordinary imports.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mm.analysis.explain import KINDS, Explanation, Hint, Step, explain, hint
    from mm.analysis.grade import Grade, grade
    from mm.errors import (
        BackendUnavailable,
        BadArgument,
        EnglishPuzzleError,
        PuzzleError,
        PuzzleLoadError,
        TimeLimitReached,
        UnsupportedFeature,
        ValidationError,
    )
    from mm.formats.loading import builtin_names, load
    from mm.generation.generate import generate
    from mm.model import links, rules
    from mm.model.elements import WITH, Fact, Link, Noun, NounType, Rule
    from mm.model.grids import Grids, Mark
    from mm.model.report import Difference, Report
    from mm.model.solution import Solution
    from mm.model.unread import NotRead
    from mm.model.verbs import IS, IS_NOT, MAYBE, Verb
    from mm.puzzle import Puzzle

__version__ = "0.2.0"

# public name -> the module that defines it
_NAMES = {
    **dict.fromkeys(("BackendUnavailable", "BadArgument", "EnglishPuzzleError", "PuzzleError",
                     "PuzzleLoadError", "TimeLimitReached", "UnsupportedFeature",
                     "ValidationError"), "mm.errors"),
    **dict.fromkeys(("WITH", "Fact", "Link", "Noun", "NounType", "Rule"), "mm.model.elements"),
    **dict.fromkeys(("Grids", "Mark"), "mm.model.grids"),
    **dict.fromkeys(("Difference", "Report"), "mm.model.report"),
    "Solution": "mm.model.solution",
    "NotRead": "mm.model.unread",
    **dict.fromkeys(("IS", "IS_NOT", "MAYBE", "Verb"), "mm.model.verbs"),
    "Puzzle": "mm.puzzle",
    **dict.fromkeys(("KINDS", "Explanation", "Hint", "Step", "explain", "hint"),
                    "mm.analysis.explain"),
    **dict.fromkeys(("Grade", "grade"), "mm.analysis.grade"),
    **dict.fromkeys(("builtin_names", "load"), "mm.formats.loading"),
    "generate": "mm.generation.generate",
}
# public names that are modules
_MODULES = {"links": "mm.model.links", "rules": "mm.model.rules"}


def __getattr__(name: str) -> Any:
    """A public name (or a sub-package such as `mm.backends`), imported when first used."""
    if name in _NAMES:
        value = getattr(importlib.import_module(_NAMES[name]), name)
    elif name in _MODULES:
        value = importlib.import_module(_MODULES[name])
    elif not name.startswith("_"):
        try:
            value = importlib.import_module(f"mm.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"mm.{name}":
                raise
            raise AttributeError(f"module 'mm' has no attribute {name!r}") from None
    else:
        raise AttributeError(f"module 'mm' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


__all__ = [
    "IS", "IS_NOT", "MAYBE", "WITH",
    "KINDS", "BackendUnavailable", "BadArgument", "Difference", "EnglishPuzzleError",
    "Explanation", "Fact", "Grade", "Grids", "Hint", "Link", "Mark", "NotRead", "Noun",
    "NounType", "Puzzle", "PuzzleError", "PuzzleLoadError", "Report", "Rule", "Solution", "Step",
    "TimeLimitReached", "UnsupportedFeature", "ValidationError", "Verb",
    "builtin_names", "explain", "generate", "grade", "hint", "links", "load", "rules",
]
