import importlib.abc
import os
import sys

import pytest

from mm import backends

BACKENDS = ["cpsat", "sat"]


class _HideSolvers(importlib.abc.MetaPathFinder):
    """Makes the named packages look uninstalled (MM_HIDE_SOLVERS=ortools,...), so the suite
    can run as on a machine without them."""

    def __init__(self, names):
        self.names = names

    def find_spec(self, fullname, path=None, target=None):
        if fullname.split(".")[0] in self.names:
            raise ModuleNotFoundError(f"No module named '{fullname}' (hidden for this test run)",
                                      name=fullname)
        return None


_hidden = [n for n in os.environ.get("MM_HIDE_SOLVERS", "").split(",") if n]
if _hidden:
    sys.meta_path.insert(0, _HideSolvers(_hidden))


@pytest.fixture(params=BACKENDS, scope="session")
def backend(request):
    """Each backend whose solver library is installed; the others are skipped, saying why."""
    name = request.param
    if not backends.installed(name):
        pytest.skip(f"backend {name} is not installed")
    return name
