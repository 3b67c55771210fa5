"""Every error mm raises on purpose derives from PuzzleError and the matching builtin,
so callers can catch either."""


class PuzzleError(Exception):
    """Base of all mm errors: something is wrong with a puzzle or with how it was asked for."""


class ValidationError(PuzzleError, ValueError):
    """The puzzle breaks one of the modelling rules (the seed's validation errors and more)."""


class BackendUnavailable(PuzzleError, ImportError):
    """The solver library a backend needs is not installed."""


class UnsupportedFeature(PuzzleError, NotImplementedError):
    """The chosen backend cannot express a feature the puzzle uses."""


class TimeLimitReached(PuzzleError, TimeoutError):
    """The solver ran out of time before it could give a definite answer."""


class PuzzleLoadError(PuzzleError, OSError):
    """A puzzle could not be found, read or built."""


class BadArgument(PuzzleError, TypeError):
    """A public function got an argument of the wrong type; the message names it."""


class EnglishPuzzleError(PuzzleError, ValueError):
    """The text could not be read as a puzzle (no lists, lists of unequal sizes, ...)."""
