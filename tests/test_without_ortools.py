"""The whole suite again with OR-Tools hidden, as on a machine where it is not installed."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent


@pytest.mark.skipif(os.environ.get("MM_HIDE_SOLVERS"), reason="already inside the hidden run")
def test_suite_passes_without_ortools():
    env = dict(os.environ, MM_HIDE_SOLVERS="ortools")
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
    env = dict(os.environ, MM_HIDE_SOLVERS="ortools")
    hide = ("import importlib.abc, sys\n"
            "class H(importlib.abc.MetaPathFinder):\n"
            "    def find_spec(self, n, p=None, t=None):\n"
            "        if n.split('.')[0] == 'ortools': raise ModuleNotFoundError(n, name=n)\n"
            "sys.meta_path.insert(0, H())\n")
    result = subprocess.run([sys.executable, "-c", hide + code], capture_output=True,
                            text=True, env=env)
    assert result.stdout.split() == ["True", "False"], result.stderr
    result = subprocess.run([sys.executable, "-c", hide + (
        "import mm\ntry:\n    mm.load('five_houses').solve(backend='cpsat')\n"
        "except mm.BackendUnavailable as e:\n    print('unavailable:', e)\n")],
        capture_output=True, text=True)
    assert "unavailable: backend 'cpsat' needs the 'ortools' package" in result.stdout, \
        result.stderr
