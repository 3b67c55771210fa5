"""mm: logic-grid puzzles in the Mystery Master modelling API, solved with real solvers.

The package is layered, and imports flow one way (checked by import-linter in CI):
errors <- ir <- model | backends <- analysis <- puzzle <- generation <- formats <- app.

>>> import mm
>>> mm.load("five_houses").is_unique()
True
"""

from mm.analysis.explain import KINDS, Explanation, Hint, Step, explain, hint
from mm.analysis.grade import Grade, grade
from mm.errors import (
    BackendUnavailable,
    BadArgument,
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

__all__ = [
    "IS", "IS_NOT", "MAYBE", "WITH",
    "KINDS", "BackendUnavailable", "BadArgument", "Difference", "Explanation", "Fact", "Grade",
    "Grids", "Hint", "Link", "Mark", "NotRead", "Noun", "NounType", "Puzzle", "PuzzleError",
    "PuzzleLoadError", "Report", "Rule", "Solution", "Step", "TimeLimitReached",
    "UnsupportedFeature", "ValidationError", "Verb",
    "builtin_names", "explain", "generate", "grade", "hint", "links", "load", "rules",
]
