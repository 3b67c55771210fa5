"""mm: logic-grid puzzles in the Mystery Master modelling API, solved with real solvers.

The package is layered, and imports flow one way (checked by import-linter in CI):
errors <- ir <- model | backends <- analysis <- puzzle <- generation <- formats <- app.

>>> import mm
>>> mm.load("five_houses").is_unique()
True

`import mm` loads the model and the `Puzzle` class. The names of the upper layers (the
explainer, grading, generation and the file readers) are imported when first used, so a
script that only solves starts fast; no solver is imported until a puzzle is solved.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

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
from mm.model import links, rules
from mm.model.elements import WITH, Fact, Link, Noun, NounType, Rule
from mm.model.grids import Grids, Mark
from mm.model.report import Difference, Report
from mm.model.solution import Solution
from mm.model.unread import NotRead
from mm.model.verbs import IS, IS_NOT, MAYBE, Verb
from mm.puzzle import Puzzle

if TYPE_CHECKING:
    from mm.analysis.explain import KINDS, Explanation, Hint, Step, explain, hint
    from mm.analysis.grade import Grade, grade
    from mm.formats.loading import builtin_names, load
    from mm.generation.generate import generate

__version__ = "0.2.0"

# public name -> the module that defines it, imported on first use (PEP 562)
_LAZY = {
    **dict.fromkeys(("KINDS", "Explanation", "Hint", "Step", "explain", "hint"),
                    "mm.analysis.explain"),
    **dict.fromkeys(("Grade", "grade"), "mm.analysis.grade"),
    **dict.fromkeys(("builtin_names", "load"), "mm.formats.loading"),
    "generate": "mm.generation.generate",
}


def __getattr__(name: str) -> Any:
    """A public name of an upper layer, imported the first time it is asked for."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'mm' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "IS", "IS_NOT", "MAYBE", "WITH",
    "KINDS", "BackendUnavailable", "BadArgument", "Difference", "EnglishPuzzleError",
    "Explanation", "Fact", "Grade", "Grids", "Hint", "Link", "Mark", "NotRead", "Noun",
    "NounType", "Puzzle", "PuzzleError", "PuzzleLoadError", "Report", "Rule", "Solution", "Step",
    "TimeLimitReached", "UnsupportedFeature", "ValidationError", "Verb",
    "builtin_names", "explain", "generate", "grade", "hint", "links", "load", "rules",
]
