"""What `import mm` and `mm solve` load: no solver until a puzzle is solved, and no
reader, generator or parser library that the job does not use (they are most of mm's
start-up time)."""

import subprocess
import sys

import pytest

import mm

# imported only by the jobs that need them
_HEAVY = ("ortools", "pysat", "lark", "esprima", "javalang", "mm.formats.english",
          "mm.formats.modules", "mm.generation", "mm.analysis.grade", "mm.app.generating",
          "mm.app.batch")


def _loaded_after(code: str) -> list[str]:
    probe = (f"import sys\n{code}\n"
             f"print(sorted(m for m in sys.modules if m.split('.')[0] in {_HEAVY!r} "
             f"or any(m == h or m.startswith(h + '.') for h in {_HEAVY!r})))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return eval(result.stdout.strip().splitlines()[-1])  # a list of module names we printed


def test_import_mm_loads_no_solver_reader_or_generator():
    assert _loaded_after("import mm; p = mm.load('five_houses'); p.validate()") == []


def test_solving_a_builtin_loads_one_solver_and_no_reader():
    loaded = _loaded_after("import sys; from mm.app.cli import main; "
                           "sys.argv = ['mm', 'solve', 'five_houses']; main()")
    assert not [m for m in loaded if m.split(".")[0] in ("lark", "esprima", "javalang")]
    assert not [m for m in loaded if m.startswith(("mm.formats.english", "mm.generation"))]
    assert "mm.app.batch" not in loaded and "mm.app.generating" not in loaded


@pytest.mark.parametrize("name", sorted(mm.__all__))
def test_every_public_name_resolves_to_its_module(name):
    value = getattr(mm, name)
    if name in mm._MODULES:
        assert value is sys.modules[mm._MODULES[name]]
    else:
        assert value is getattr(sys.modules[mm._NAMES[name]], name)
    assert name in dir(mm)


def test_sub_packages_are_attributes_after_import_mm():
    code = "import mm; print(mm.backends.names(), mm.ir.Model.__name__, mm.puzzles.__name__)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.split() == ["['cpsat',", "'sat']", "Model", "mm.puzzles"], result.stderr


def test_import_mm_alone_imports_no_layer():
    assert _loaded_after("import mm; import sys; "
                         "assert not [m for m in sys.modules if m.startswith('mm.')]") == []


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        _ = mm.nope  # type: ignore[attr-defined]
    with pytest.raises(AttributeError, match="no attribute '_private'"):
        _ = mm._private  # type: ignore[attr-defined]
