"""The whole suite again with OR-Tools hidden, as on a machine where it is not installed."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent


@pytest.mark.skipif(os.environ.get("MM_HIDE_SOLVERS"), reason="already inside the hidden run")
def _hidden_env() -> dict:
    """MM_HIDE_SOLVERS=ortools, with the hider on PYTHONPATH so child processes (the CLI
    tests) do not see OR-Tools either."""
    hider = str(HERE / "hide_solvers")
    path = os.pathsep.join(p for p in (hider, os.environ.get("PYTHONPATH", "")) if p)
    return dict(os.environ, MM_HIDE_SOLVERS="ortools", PYTHONPATH=path)


def test_children_do_not_see_hidden_ortools():
    code = ("import importlib.util\ntry:\n    print(importlib.util.find_spec('ortools'))\n"
            "except ModuleNotFoundError as e:\n    print('hidden:', e)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env=_hidden_env())
    assert result.stdout.startswith("hidden:"), result.stdout + result.stderr


@pytest.mark.slow  # about 7 minutes: CI (.ci/run) runs it after the default suite
@pytest.mark.skipif(os.environ.get("MM_HIDE_SOLVERS"), reason="already inside the hidden run")
def test_suite_passes_without_ortools():
    env = _hidden_env()
    result = subprocess.run(
        [sys.executable, "-m", "pytest", str(HERE), "-q", "-x", "-p", "no:cacheprovider",
         "--ignore", str(Path(__file__))],
        capture_output=True, text=True, env=env, cwd=HERE.parent)
    tail = "\n".join(result.stdout.splitlines()[-15:])
    assert result.returncode == 0, tail + result.stderr[-2000:]
    assert " passed" in tail


def test_hidden_ortools_falls_back_to_sat():
    code = ("import mm, sys; p = mm.load('five_houses'); "
            "print(p.solve().encoded() == p.answer, 'ortools' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True,
                            text=True, env=_hidden_env())
    assert result.stdout.split() == ["True", "False"], result.stderr
    result = subprocess.run([sys.executable, "-c", (
        "import mm\ntry:\n    mm.load('five_houses').solve(backend='cpsat')\n"
        "except mm.BackendUnavailable as e:\n    print('unavailable:', e)\n")],
        capture_output=True, text=True, env=_hidden_env())
    assert "unavailable: backend 'cpsat' needs the 'ortools' package" in result.stdout, \
        result.stderr
