"""How the CP-SAT backend reports a search that ended undecided: Ctrl-C is a
KeyboardInterrupt (told by the signal, not by the clock), anything else a time limit or
a limit of CP-SAT's own - never a Ctrl-C the user did not press (a sweep under load once
got KeyboardInterrupt from a search CP-SAT ended before mm's deadline)."""

import os
import signal
import threading

import pytest

import mm
from mm.errors import PuzzleError

pytest.importorskip("ortools", reason="the CP-SAT backend needs OR-Tools")


def _puzzle() -> mm.Puzzle:
    p = mm.load("einstein")
    return p.without(*p.facts[:4])  # several solutions: enumeration has work to do


@pytest.fixture
def undecided(monkeypatch):
    """CP-SAT stopped at once by a limit of its own (deterministic time), whatever the
    time limit mm gave it."""
    from mm.backends import cpsat

    made = cpsat.CpSatBackend._solver

    def solver(self):
        s = made(self)
        s.parameters.max_deterministic_time = 0.0
        return s

    monkeypatch.setattr(cpsat.CpSatBackend, "_solver", solver)


def test_stopped_before_the_time_limit_is_not_a_ctrl_c(undecided):
    with pytest.raises(mm.TimeLimitReached, match="stopped undecided .* before the time"):
        _puzzle().solve(backend="cpsat", time_limit=60)
    with pytest.raises(mm.TimeLimitReached, match="stopped undecided"):
        list(_puzzle().solutions(backend="cpsat", time_limit=60))


def test_stopped_with_no_time_limit_says_so(undecided):
    with pytest.raises(PuzzleError, match="stopped undecided with no time limit"):
        _puzzle().solve(backend="cpsat")


def _open_puzzle() -> mm.Puzzle:
    p = mm.Puzzle("open", "open")  # 8 types of 9 nouns, one clue: about 9!^7 solutions
    kinds = [p.add_noun_type(f"T{t}") for t in range(8)]
    for t, kind in enumerate(kinds):
        kind.add_nouns(*(f"n{t}_{i}" for i in range(9)))
    p.add_fact("1", kinds[1].nouns[0], mm.IS, mm.WITH, kinds[2].nouns[0])
    return p


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT to this process")
@pytest.mark.parametrize("wakeup_fd_taken", [False, True])
def test_ctrl_c_during_a_search_is_a_keyboard_interrupt(wakeup_fd_taken):
    """Also where mm cannot watch Ctrl-C itself (another user of the signal wake-up fd,
    as asyncio in Jupyter): CP-SAT's own handler stops the search then."""
    reader, writer = os.pipe()
    os.set_blocking(writer, False)
    previous = signal.set_wakeup_fd(writer) if wakeup_fd_taken else None
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            for _ in _open_puzzle().solutions(backend="cpsat", time_limit=60):
                pass
    finally:
        timer.cancel()
        if previous is not None:
            signal.set_wakeup_fd(previous)
        os.close(reader)
        os.close(writer)
