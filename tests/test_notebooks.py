"""The notebooks are stored without outputs (they run as tests through nbmake: `pytest`
collects notebooks/*.ipynb with --nbmake), and every one is linked from the docs."""

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks():
    assert [p.name[:2] for p in NOTEBOOKS] == ["01", "02", "03"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_is_stored_without_outputs(path):
    book = json.loads(path.read_text(encoding="utf-8"))
    for k, cell in enumerate(book["cells"]):
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None, \
                f"{path.name} cell {k} has outputs: strip them before committing"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_is_linked_from_the_docs(path):
    assert path.name in (ROOT / "docs" / "notebooks.md").read_text(encoding="utf-8")
