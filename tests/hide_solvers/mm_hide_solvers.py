"""Makes the packages named in MM_HIDE_SOLVERS (e.g. "ortools") look uninstalled, in this
process and - because tests/hide_solvers is put on PYTHONPATH - in every child process the
tests start, so the suite can run as on a machine without them."""

import importlib.abc
import os
import sys


class HideSolvers(importlib.abc.MetaPathFinder):
    def __init__(self, names):
        self.names = names

    def find_spec(self, fullname, path=None, target=None):
        if fullname.split(".")[0] in self.names:
            raise ModuleNotFoundError(f"No module named '{fullname}' (hidden for this test run)",
                                      name=fullname)
        return None


_hidden = [n for n in os.environ.get("MM_HIDE_SOLVERS", "").split(",") if n]
if _hidden and not any(isinstance(f, HideSolvers) for f in sys.meta_path):
    sys.meta_path.insert(0, HideSolvers(_hidden))
