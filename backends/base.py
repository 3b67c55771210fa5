"""The contract every backend fulfils, and the parts they share.

A backend is built from an `mm.ir.Model` and answers with `mm.ir.Assignment`s. It knows
nothing of Puzzle, Noun or Solution; `mm.solving` translates both ways.
"""

from __future__ import annotations

import contextlib
import gc
import os
import select
import signal
import sys
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar

from mm.deadline import check_time_limit
from mm.errors import PuzzleError, TimeLimitReached
from mm.ir import Assignment, Cond, Model


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while a model is built: the millions of
    small clause lists it creates contain no cycles, yet each collection pass scans them
    all (12x50: the SAT build takes 2.0 s with it, 0.6 s without)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


@contextlib.contextmanager
def interrupter(interrupt: Callable[[], Any], seconds: float | None) -> Iterator[bool]:
    """Call `interrupt` (a native solver's stop switch) after `seconds`, or at once on
    Ctrl-C. A native call does not return to Python while it runs, so Python's own SIGINT
    handler cannot stop it; but the C-level handler writes to the signal wake-up fd right
    away, and a watcher thread reading it stops the solver. Python then raises
    KeyboardInterrupt itself when the call returns. Yields whether Ctrl-C is watched: not
    outside the main thread, nor where another user (such as asyncio, in Jupyter) holds
    the wake-up fd."""
    reader, writer = _channel()
    previous = _install_wakeup(writer.fileno())
    if previous is None and seconds is None:  # nothing to watch: no thread
        reader.close()
        writer.close()
        yield False
        return
    stop_reader, stop_writer = _channel()

    def watch() -> None:
        ready, _, _ = select.select([reader, stop_reader], [], [], seconds)
        if stop_reader not in ready:
            interrupt()  # the time is up or Ctrl-C was pressed

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    try:
        yield previous is not None
    finally:
        stop_writer.send(b"x")
        thread.join()
        if previous is not None:
            signal.set_wakeup_fd(previous)
        for end in (reader, writer, stop_reader, stop_writer):
            end.close()


class _PipeEnd:
    """One end of a non-blocking pipe, with the socket methods `interrupter` uses."""

    def __init__(self, fd: int):
        os.set_blocking(fd, False)
        self.fd = fd

    def fileno(self) -> int:
        return self.fd

    def send(self, data: bytes) -> None:
        os.write(self.fd, data)

    def close(self) -> None:
        os.close(self.fd)


def _channel() -> tuple[Any, Any]:
    """A non-blocking (reader, writer) pair for select() and the signal wake-up fd: a pipe,
    or on Windows, where both need sockets, a socket pair (the socket module is imported
    only there: it is a tenth of mm's import time)."""
    if sys.platform == "win32":
        import socket

        pair = socket.socketpair()
        for sock in pair:
            sock.setblocking(False)
        return pair
    reader, writer = os.pipe()
    return _PipeEnd(reader), _PipeEnd(writer)


def _install_wakeup(fd: int) -> int | None:
    """Make `fd` the signal wake-up fd if this is the main thread and no one else (such as
    asyncio) uses it; the previous fd to restore, or None if it was not installed."""
    if threading.current_thread() is not threading.main_thread():
        return None
    previous = signal.set_wakeup_fd(fd, warn_on_full_buffer=False)
    if previous != -1:
        signal.set_wakeup_fd(previous)
        return None
    return previous


class Backend(ABC):
    """One compiled puzzle on one solver. Blocking clauses exclude solutions found so far,
    on the noun positions only, so every solution is reported exactly once."""

    name: ClassVar[str]
    options: ClassVar[tuple[str, ...]] = ()

    def __init__(self, model: Model, time_limit: float | None = None, **options: Any):
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            allowed = ", ".join(self.options) or "none"
            raise PuzzleError(
                f"backend '{self.name}' has no option {', '.join(unknown)} (options: {allowed})")
        time_limit = check_time_limit(time_limit)
        self.model = model
        self.time_limit = time_limit
        self._deadline = None if time_limit is None else time.monotonic() + time_limit

    # --- what each backend provides
    @abstractmethod
    def next_solution(self, assume: Sequence[Any] = ()) -> Assignment | None:
        """A solution not blocked so far in which every guard of `assume` is on, or None."""

    def bounded_solution(self, assume: Sequence[Any], conflicts: int
                         ) -> tuple[bool, Assignment | None]:
        """next_solution(assume) that may give up after about `conflicts` conflicts of
        search: (False, None) when it did, else (True, what next_solution returns). A
        caller with other work to do first (the generator's removal calls) tries cheap
        questions before dear ones. The default always decides."""
        return True, self.next_solution(assume)

    def satisfiable(self, assume: Sequence[Any] = ()) -> bool:
        """Whether next_solution(assume) would find one, without reading it back (many
        questions only need the answer yes or no; a backend may answer them faster)."""
        return self.next_solution(assume) is not None

    @abstractmethod
    def add(self, cond: Cond) -> None:
        """Require one more condition (its tables must be in model.tables)."""

    @abstractmethod
    def guard(self, cond: Cond) -> Any:
        """A switch for the condition: when the guard is assumed, the condition must hold;
        otherwise it is free. Used to try puzzles with some clues left out."""

    @abstractmethod
    def block(self, assignment: Assignment) -> None:
        """Exclude exactly this assignment from later answers."""

    @abstractmethod
    def exclude(self, assignment: Assignment, types: Sequence[int], guard: Any = None) -> None:
        """Exclude every solution that places the nouns of `types` as `assignment` does
        (when `guard` is given: only while the guard is assumed). Used by lazily checked
        rules (predicates), which depend on those types alone."""

    def settle(self, guard: Any, on: bool) -> bool:
        """Fix a guard for good: on, its condition is required from now on; off, it is free
        for good. A generator that has decided a clue stays (or goes) settles it, so the
        solver simplifies with it instead of carrying one more assumption into every call.
        False: this backend cannot, keep assuming the guard (the default)."""
        return False

    def last_core(self) -> list[Any] | None:
        """After next_solution(assume) found nothing: a subset of `assume` that already has
        no solution, if the solver reports one (None: unknown, use all of them)."""
        return None

    # --- shared behaviour
    def remaining_time(self) -> float | None:
        """Seconds left of this backend's time limit; raises once it is spent."""
        if self._deadline is None:
            return None
        left = self._deadline - time.monotonic()
        if left <= 0:
            raise TimeLimitReached(f"time limit of {self.time_limit:g} s reached ({self.name})")
        return left

    def tick(self) -> None:
        """Raise TimeLimitReached once the limit is spent: called in the loops that build a
        model, which can take longer than the search on large puzzles."""
        if self._deadline is not None and time.monotonic() >= self._deadline:
            raise TimeLimitReached(f"time limit of {self.time_limit:g} s reached while "
                                   f"encoding the puzzle ({self.name})")

    def timed_out(self) -> TimeLimitReached:
        """The error to raise when the solver stopped at the time limit undecided."""
        return TimeLimitReached(
            f"time limit of {self.time_limit:g} s reached before the {self.name} solver "
            "could decide")

    def close(self) -> None:  # noqa: B027 - a no-op default, not an abstract method
        """Free the native solver now rather than when the garbage collector gets to it
        (backends that hold no native memory keep this default)."""

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def solve(self) -> Assignment | None:
        """One solution, or None when there is none."""
        return self.next_solution()

    def solutions(self, limit: int | None = None) -> Iterator[Assignment]:
        """Every solution (at most `limit`), each once: each is blocked after it is found."""
        found = 0
        while limit is None or found < limit:
            assignment = self.next_solution()
            if assignment is None:
                return
            found += 1
            yield assignment
            self.block(assignment)

    def count(self, limit: int | None = None) -> int:
        """The number of solutions, enumerated (at most `limit`)."""
        return sum(1 for _ in self.solutions(limit))

    def is_unique(self) -> bool:
        """Exactly one solution? (Finds one, blocks it, asks for another.)"""
        first = self.next_solution()
        if first is None:
            return False
        self.block(first)
        return self.next_solution() is None
