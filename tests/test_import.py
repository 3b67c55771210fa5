import subprocess
import sys


def test_import_mm_loads_no_solver():
    code = ("import sys, mm; p = mm.load('five_houses'); p.validate(); "
            "bad = [m for m in ('ortools', 'pysat') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
