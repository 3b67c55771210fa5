import subprocess
import sys
from pathlib import Path

import pytest

import mm
from mm import backends, rules

BACKENDS = ["cpsat", "sat"]


# MM_HIDE_SOLVERS=ortools hides a solver here and, through PYTHONPATH, in child processes
sys.path.insert(0, str(Path(__file__).parent / "hide_solvers"))
import mm_hide_solvers  # noqa: E402,F401  (installs the hider when MM_HIDE_SOLVERS is set)


@pytest.fixture(params=BACKENDS, scope="session")
def backend(request):
    """Each backend whose solver library is installed; the others are skipped, saying why."""
    name = request.param
    if not backends.installed(name):
        pytest.skip(f"backend {name} is not installed")
    return name


# ---------------------------------------------------------------- shared helpers (fixtures)

def _run_mm(*args, cwd=None):
    """The `mm` command line in a child process, as a user runs it."""
    return subprocess.run([sys.executable, "-m", "mm", *args], capture_output=True, text=True,
                          cwd=cwd)


def _assert_one_line_error(result, pattern):
    """Bad input: exit status 2, one line on stderr containing `pattern`, no traceback."""
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert pattern in lines[0]


def _unconstrained(types: int, nouns: int) -> mm.Puzzle:
    """A puzzle whose one rule always holds: (nouns!)^(types-1) solutions."""
    p = mm.Puzzle("Free", "Free")
    for t in range(types):
        p.add_noun_type(f"T{t}").add_nouns(*(f"n{t}_{i}" for i in range(nouns)))
    a, b = p.noun_types[0].nouns[0], p.noun_types[1].nouns[0]
    p.add_rule("1", "Either a is with b or it is not.", rules.with_(a, b) | ~rules.with_(a, b))
    return p


@pytest.fixture
def mm_cli():
    """Run `mm ARGS...`; returns the CompletedProcess."""
    return _run_mm


@pytest.fixture
def assert_one_line_error():
    return _assert_one_line_error


@pytest.fixture
def unconstrained():
    return _unconstrained
