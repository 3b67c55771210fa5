"""The `mm` program (the console script and `python -m mm`).

Importing mm's command line takes a while (seconds on a busy machine), and Ctrl-C in that
time would print Python's traceback: until `run` takes over, Ctrl-C ends the program
quietly with status 130. Only the program imports this module (it sets a signal handler).
"""

from __future__ import annotations

import os
import signal
from typing import NoReturn


def _interrupted_while_starting(signum: int, frame: object) -> None:
    os.write(2, b"mm: interrupted\n")
    os._exit(130)


signal.signal(signal.SIGINT, _interrupted_while_starting)

from mm.app.cli import run as _run  # noqa: E402 - after the handler, which covers it


def run() -> NoReturn:
    """Run the `mm` command with Python's own Ctrl-C handling (KeyboardInterrupt)."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    _run()
