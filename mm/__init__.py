"""mm: logic-grid puzzles in the Mystery Master modelling API, solved with real solvers.

>>> import mm
>>> mm.load("five_houses").is_unique()
True
"""

from mm import links, rules
from mm.errors import (
    BackendUnavailable,
    PuzzleError,
    PuzzleLoadError,
    TimeLimitReached,
    UnsupportedFeature,
    ValidationError,
)
from mm.generate import generate
from mm.loading import builtin_names, load
from mm.model import WITH, Fact, Link, Noun, NounType, Puzzle, Rule
from mm.report import Difference, Report
from mm.solution import Solution
from mm.verbs import IS, IS_NOT, MAYBE, Verb

__version__ = "0.1.0"

__all__ = [
    "IS", "IS_NOT", "MAYBE", "WITH",
    "BackendUnavailable", "Difference", "Fact", "Link", "Noun", "NounType", "Puzzle",
    "PuzzleError", "PuzzleLoadError", "Report", "Rule", "Solution", "TimeLimitReached",
    "UnsupportedFeature", "ValidationError", "Verb",
    "builtin_names", "generate", "links", "load", "rules",
]
