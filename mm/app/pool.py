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

import contextlib
import importlib
import multiprocessing
import os
import signal
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection, wait
from typing import Any

from mm.app.stopping import stop_fork_server

RETRIES = 1  # a puzzle whose worker dies is run once more before it is marked failed
SPAWN_TRIES = 5  # starts of a worker tried when the fork server itself died


def overrun_grace(time_limit: float) -> float:
    """How long past its limit a puzzle may run before its worker is killed: the batch
    promise is limit + max(10%, 0.5 s); a little of that is kept for the kill itself."""
    return 0.8 * max(0.1 * time_limit, 0.5)


def _context() -> Any:
    """forkserver where there is one (a fork of a server that has imported mm once: fast,
    and safe with threads in the parent), else spawn."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["mm.app.batch"])
    return context


def _watch_parent(lifeline: Connection) -> None:
    """Only the parent holds the other end of the lifeline and never writes to it: EOF
    means the parent is gone (even killed with SIGKILL), and nobody will read results."""
    try:
        lifeline.recv()
    except (EOFError, OSError):
        pass
    os._exit(1)


def _serve(conn: Connection, lifeline: Connection, work: Callable[..., Any],
           warm_up: tuple[str, ...]) -> None:
    """A worker's loop: run each (index, args) it is sent, send back (index, result).
    It ends silently when the parent closes the pipe or goes away (never a traceback on
    the user's terminal)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    warnings.simplefilter("ignore")  # a puzzle's warnings would garble the parent's output
    threading.Thread(target=_watch_parent, args=(lifeline,), daemon=True).start()
    for name in warm_up:  # before "ready": imports must not eat into a puzzle's time
        with contextlib.suppress(ImportError):
            importlib.import_module(name)
    try:
        conn.send(None)  # ready: a puzzle's clock starts when it is given to a ready worker
        while True:
            message = conn.recv()
            if message is None:
                break
            index, args = message
            conn.send((index, work(*args)))
    except BaseException:  # the parent is gone or stopped us: nobody reads our output
        pass
    os._exit(0)


class _Worker:
    def __init__(self, context: Any, work: Callable[..., Any], warm_up: tuple[str, ...]):
        self.conn, child = context.Pipe()
        lifeline, self.lifeline = context.Pipe(duplex=False)
        self.process = context.Process(target=_serve, args=(child, lifeline, work, warm_up),
                                       daemon=True)
        self.process.start()
        child.close()
        lifeline.close()
        self.index: int | None = None  # the task it runs
        self.started = 0.0
        self.ready = False  # has said it is ready (imports done)

    def give(self, index: int, args: tuple) -> None:
        self.index, self.started = index, time.monotonic()
        self.conn.send((index, args))

    def kill(self, wait: float = 0.2) -> None:
        if self.process.is_alive():
            self.process.kill()
        if wait:
            self.process.join(timeout=wait)  # SIGKILLed: its exit status is not needed
        self.conn.close()
        self.lifeline.close()


def _spawn(context: Any, work: Callable[..., Any], warm_up: tuple[str, ...]) -> _Worker:
    """A new worker. If the fork server that starts workers was itself killed, the first
    start fails reading from it (EOFError): multiprocessing starts a new server on the next
    try, so a few tries ride it out instead of losing the run."""
    for attempt in range(SPAWN_TRIES):
        try:
            return _Worker(context, work, warm_up)
        except (EOFError, ConnectionError, OSError):
            if attempt == SPAWN_TRIES - 1:
                raise
            time.sleep(0.05 * (attempt + 1))
    raise AssertionError("unreachable")


def _receive(w: _Worker) -> tuple | None:
    """A worker's message ((None,) for "ready", else (index, result)), or None if the pipe
    broke."""
    try:
        message = w.conn.recv()
    except (EOFError, OSError):
        return None
    return (None,) if message is None else message


def run_pool(jobs: Any, workers: int, work: Callable[..., Any],
             failed: Callable[[int, str, float], Any],
             hard_limit: float | None = None,
             warm_up: tuple[str, ...] = ()) -> Iterator[tuple[int, Any]]:
    """Run work(*args) for each (index, args) of `jobs` on `workers` processes and yield
    (index, result) as results come (any order). A job whose worker dies twice, or that
    runs past `hard_limit` seconds, yields failed(index, reason, seconds) instead:
    reason is "died" or "timeout". Each worker imports the modules `warm_up` (if they
    are installed) before it takes a job. Every worker is stopped when the generator
    ends."""
    context = _context()
    pending = list(jobs)
    pending.reverse()  # pop() from the end takes them in order
    tries: dict[int, int] = {}
    args_of = dict(pending)
    pool: list[_Worker] = []
    try:  # Ctrl-C while the fork server starts (seconds when busy) stops it too
        for _ in range(min(workers, len(pending)) or 1):
            pool.append(_spawn(context, work, warm_up))
        while pending or any(w.index is not None for w in pool):
            for w in pool:
                if w.ready and w.index is None and pending:
                    index, args = pending.pop()
                    w.give(index, args)
            busy = [w for w in pool if w.index is not None]
            timeout = None
            if hard_limit is not None and busy:
                now = time.monotonic()
                timeout = max(0.0, min(w.started + hard_limit - now for w in busy))
            watched = [w for w in pool if w.index is not None or not w.ready]
            ready = wait([w.conn for w in watched] + [w.process.sentinel for w in watched],
                         timeout=timeout)
            now = time.monotonic()
            for position, w in enumerate(pool):
                if not w.ready:
                    if w.conn in ready:
                        w.ready = _receive(w) == (None,)
                    if w.process.sentinel in ready and not w.ready:  # died starting
                        w.kill()
                        pool[position] = _spawn(context, work, warm_up)
                    continue
                if w.index is None:
                    continue
                index, seconds = w.index, now - w.started
                if w.conn in ready:
                    got = _receive(w)
                    if got is not None and got[0] == index:
                        w.index = None
                        yield index, got[1]
                        continue
                if w.conn in ready or w.process.sentinel in ready:  # it died mid-task
                    w.kill()
                    pool[position] = _spawn(context, work, warm_up)
                    tries[index] = tries.get(index, 0) + 1
                    if tries[index] > RETRIES:
                        yield index, failed(index, "died", seconds)
                    else:
                        pending.append((index, args_of[index]))
                elif hard_limit is not None and seconds >= hard_limit:
                    w.kill()
                    pool[position] = _spawn(context, work, warm_up)
                    yield index, failed(index, "timeout", seconds)
    except BaseException:  # Ctrl-C, or the reader stopped early: stop at once, wait for none
        for w in pool:
            w.kill(wait=0)
        stop_fork_server()
        raise
    for w in pool:  # all at once: each is killed, then each is waited for
        if w.process.is_alive():
            w.process.kill()
    for w in pool:
        w.kill()


