"""Worker processes for `mm batch` that lose no result.

concurrent.futures cannot stop one task, and a killed worker breaks the whole pool (every
queued puzzle then "fails" with BrokenProcessPool). Here each worker is one process on one
pipe, so the parent can:
* stop a puzzle that overruns its time limit (a native solver or a slow reader does not
  check the clock often enough): the worker is killed and replaced, and the puzzle gets a
  "timeout" result no later than limit + max(10%, 0.5 s);
* run a puzzle again on a fresh worker when its worker died (killed, out of memory), and
  mark it as an error only if that happens twice;
* stop every worker when the run ends, is interrupted, or the parent itself dies (each
  worker watches its parent and exits when it is gone).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection, wait
from typing import Any

RETRIES = 1  # a puzzle whose worker dies is run once more before it is marked failed


def overrun_grace(time_limit: float) -> float:
    """How long past its limit a puzzle may run before its worker is killed: the batch
    promise is limit + max(10%, 0.5 s); a little of that is kept for the kill itself."""
    return 0.8 * max(0.1 * time_limit, 0.5)


def _context() -> multiprocessing.context.BaseContext:
    """forkserver where there is one (a fork of a small clean server: fast, and safe with
    threads in the parent), else spawn."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def _watch_parent(lifeline: Connection) -> None:
    """Only the parent holds the other end of the lifeline and never writes to it: EOF
    means the parent is gone (even killed with SIGKILL), and nobody will read results."""
    try:
        lifeline.recv()
    except (EOFError, OSError):
        pass
    os._exit(1)


def _serve(conn: Connection, lifeline: Connection, work: Callable[..., Any]) -> None:
    """A worker's loop: run each (index, args) it is sent, send back (index, result)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    threading.Thread(target=_watch_parent, args=(lifeline,), daemon=True).start()
    while True:
        try:
            message = conn.recv()
        except EOFError:
            return
        if message is None:
            return
        index, args = message
        conn.send((index, work(*args)))


class _Worker:
    def __init__(self, context: Any, work: Callable[..., Any]):
        self.conn, child = context.Pipe()
        lifeline, self.lifeline = context.Pipe(duplex=False)
        self.process = context.Process(target=_serve, args=(child, lifeline, work),
                                       daemon=True)
        self.process.start()
        child.close()
        lifeline.close()
        self.index: int | None = None  # the task it runs
        self.started = 0.0

    def give(self, index: int, args: tuple) -> None:
        self.index, self.started = index, time.monotonic()
        self.conn.send((index, args))

    def kill(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join(timeout=5)
        self.conn.close()
        self.lifeline.close()


def run_pool(jobs: Any, workers: int, work: Callable[..., Any],
             failed: Callable[[int, str, float], Any],
             hard_limit: float | None = None) -> Iterator[tuple[int, Any]]:
    """Run work(*args) for each (index, args) of `jobs` on `workers` processes and yield
    (index, result) as results come (any order). A job whose worker dies twice, or that
    runs past `hard_limit` seconds, yields failed(index, reason, seconds) instead:
    reason is "died" or "timeout". Every worker is stopped when the generator ends."""
    context = _context()
    pending = list(jobs)
    pending.reverse()  # pop() from the end takes them in order
    tries: dict[int, int] = {}
    args_of = dict(pending)
    pool = [_Worker(context, work) for _ in range(min(workers, len(pending)) or 1)]
    try:
        while pending or any(w.index is not None for w in pool):
            for w in pool:
                if w.index is None and pending:
                    index, args = pending.pop()
                    w.give(index, args)
            busy = [w for w in pool if w.index is not None]
            timeout = None
            if hard_limit is not None:
                now = time.monotonic()
                timeout = max(0.0, min(w.started + hard_limit - now for w in busy))
            ready = wait([w.conn for w in busy] + [w.process.sentinel for w in busy],
                         timeout=timeout)
            now = time.monotonic()
            for position, w in enumerate(pool):
                if w.index is None:
                    continue
                index, seconds = w.index, now - w.started
                if w.conn in ready:
                    try:
                        got, result = w.conn.recv()
                    except (EOFError, OSError):
                        got = None
                    if got == index:
                        w.index = None
                        yield index, result
                        continue
                if w.conn in ready or w.process.sentinel in ready:  # it died mid-task
                    w.kill()
                    pool[position] = _Worker(context, work)
                    tries[index] = tries.get(index, 0) + 1
                    if tries[index] > RETRIES:
                        yield index, failed(index, "died", seconds)
                    else:
                        pending.append((index, args_of[index]))
                elif hard_limit is not None and seconds >= hard_limit:
                    w.kill()
                    pool[position] = _Worker(context, work)
                    yield index, failed(index, "timeout", seconds)
    finally:
        for w in pool:
            w.kill()
