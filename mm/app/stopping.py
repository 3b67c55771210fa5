"""Stopping multiprocessing's helper processes (the fork server, the resource tracker).

Kept apart from the pool so that the command line can stop them after Ctrl-C without
importing multiprocessing: it looks for them only in modules already loaded.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from typing import Any


def stop_fork_server() -> None:
    """Kill the fork server that started the workers. It shares the terminal's output, so
    a reader of mm's output (a pipe, `tee`) would wait for it; left alone it ends only when
    mm has exited and after its own slow clean-up (seconds on a busy machine). The next
    worker start launches a new one (multiprocessing checks that it is alive)."""
    module = sys.modules.get("multiprocessing.forkserver")  # not loaded: no server to stop
    _kill(getattr(getattr(module, "_forkserver", None), "_forkserver_pid", None))


def stop_helpers() -> None:
    """Kill multiprocessing's helper processes (the fork server and the resource tracker)
    when mm is about to exit after Ctrl-C: they share its output, so a reader of that
    output would wait for their own start-up and clean-up (seconds on a busy machine). mm
    creates no named semaphore or shared memory for the tracker to clean up."""
    stop_fork_server()
    module = sys.modules.get("multiprocessing.resource_tracker")
    _kill(getattr(getattr(module, "_resource_tracker", None), "_pid", None))


def _kill(pid: Any) -> None:
    if isinstance(pid, int):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
