"""One time budget per job. Loading, reading, encoding, solving and reporting all draw on
the same Deadline, so `--time-limit 2` bounds the whole command, not just the search.

>>> d = Deadline(None)
>>> d.remaining() is None
True
"""

from __future__ import annotations

import contextlib
import ctypes
import math
import re
import threading
import time
from collections.abc import Iterator
from numbers import Real
from typing import Any

from mm.errors import BadArgument, TimeLimitReached, ValidationError

# Beyond this many seconds (about 11 days) a limit cannot be reached in practice; treating
# it as "no limit" keeps timers away from the platform's time_t overflow (1e12 used to
# raise OverflowError in a timer thread).
NO_LIMIT_ABOVE = 1e6


def check_time_limit(value: Any, name: str = "time_limit") -> float | None:
    """The time limit in seconds, or None for none: None, inf and huge values mean no
    limit; nan, zero, negative values and non-numbers are refused."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, Real):
        raise BadArgument(f"{name} must be a number of seconds or None, got {value!r}")
    seconds = float(value)
    if math.isnan(seconds) or seconds <= 0:
        raise ValidationError(f"{name} must be a positive number of seconds, got {value!r}")
    return None if seconds > NO_LIMIT_ABOVE else seconds


class Deadline:
    """The end of a job's time budget (monotonic clock); None: no limit."""

    def __init__(self, time_limit: float | None = None):
        self.time_limit = check_time_limit(time_limit)
        self.end = None if self.time_limit is None else time.monotonic() + self.time_limit

    def remaining(self) -> float | None:
        """Seconds left (None: no limit); raises TimeLimitReached once none are."""
        if self.end is None:
            return None
        left = self.end - time.monotonic()
        if left <= 0:
            raise self.reached()
        return left

    def check(self) -> None:
        """Raise TimeLimitReached if the budget is spent (cheap: call it in loops)."""
        if self.end is not None and time.monotonic() >= self.end:
            raise self.reached()

    def reached(self) -> TimeLimitReached:
        """The error to raise when the budget is spent."""
        return TimeLimitReached(f"time limit of {self.time_limit:g} s reached")


def deadline_of(value: Deadline | float | None) -> Deadline:
    """A Deadline from a time limit in seconds, or the same Deadline."""
    return value if isinstance(value, Deadline) else Deadline(value)


def stated(exc: TimeLimitReached, time_limit: float | None) -> str:
    """The message of `exc` naming the job's own time limit: a step inside the job (the
    solver, an import) knows only the part of the limit that was left when it began."""
    if time_limit is None:
        return str(exc)
    return re.sub(r"time limit of \S+ s", f"time limit of {time_limit:g} s", str(exc), count=1)


@contextlib.contextmanager
def naming_the_limit(limit: Deadline | float | None) -> Iterator[None]:
    """Around a whole job (solve, count, hint, generate, grade): a TimeLimitReached from
    one of its steps is raised again naming the job's own limit, not the remainder the step
    was given ("time limit of 0.484578 s reached while encoding" for a limit of 0.5 s)."""
    time_limit = limit.time_limit if isinstance(limit, Deadline) else limit
    try:
        yield
    except TimeLimitReached as exc:
        if time_limit is None:
            raise
        raise TimeLimitReached(stated(exc, time_limit)) from None


class _Overrun(BaseException):
    """Raised by the watchdog of `stopping_at` inside the thread it guards (a
    BaseException, so no `except Exception` in the guarded code can swallow it)."""


class stopping_at:  # noqa: N801 - used as a context manager, like contextlib's
    """Around pure-Python work that cannot look at the clock itself (a third-party
    parser, reading a long module or English text): at the deadline the work is stopped
    at its next bytecode and TimeLimitReached raised, naming `doing`. A block that ends
    first is not disturbed. The stop is sent again every 10 ms until the block ends: one
    that lands in a finalizer (`__del__`) is swallowed there. (A C call that blocks, such
    as reading a pipe, is not stopped: see files.read_text.)"""

    def __init__(self, limit: Deadline | float | None, doing: str):
        self.deadline = deadline_of(limit)
        self.doing = doing
        self._lock = threading.Lock()
        self._done = False
        self._fired = False
        self._ended = threading.Event()
        self._watcher: threading.Thread | None = None
        self._thread = 0

    def __enter__(self) -> stopping_at:
        left = self.deadline.remaining()  # TimeLimitReached if already spent
        if left is not None:
            self._thread = threading.get_ident()
            self._watcher = threading.Thread(target=self._watch, args=(left,), daemon=True,
                                             name="mm-deadline")
            self._watcher.start()
        return self

    def _watch(self, left: float) -> None:
        if self._ended.wait(left):
            return
        while True:
            with self._lock:
                if self._done:
                    return
                self._fired = True
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(self._thread),
                                                           ctypes.py_object(_Overrun))
            if self._ended.wait(0.01):
                return

    def __exit__(self, kind: Any, exc: Any, tb: Any) -> None:
        overrun = kind is not None and issubclass(kind, _Overrun)
        while True:  # the exception may still arrive while this runs: take it here
            try:
                if self._watcher is not None:
                    with self._lock:
                        self._done = True
                        if self._fired:  # withdraw it if it has not arrived yet
                            ctypes.pythonapi.PyThreadState_SetAsyncExc(
                                ctypes.c_ulong(self._thread), None)
                    self._ended.set()
                break
            except _Overrun:  # arrived after the block: the deadline has passed all the same
                overrun = overrun or kind is None
                continue
        if overrun or (self._fired and kind is None):
            raise TimeLimitReached(f"time limit of {self.deadline.time_limit:g} s reached "
                                   f"while {self.doing}") from None
