"""Loaded at start-up by any Python whose PYTHONPATH holds this folder (see mm_hide_solvers)."""

import mm_hide_solvers  # noqa: F401
