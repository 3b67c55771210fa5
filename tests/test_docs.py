"""The documentation's Python examples run as written (so they cannot drift from the code)."""

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).parent.parent / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.md") if "```python" in p.read_text())


def _blocks(page: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", page.read_text(), re.S)


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(DOCS)) for p in PAGES])
def test_examples_on_the_page_run(page, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": "docs_example"}
    for k, block in enumerate(_blocks(page)):
        if "def build()" in block:  # a puzzle module: write it where the next block loads it
            (tmp_path / "queue.py").write_text(block)
        try:
            exec(compile(block, f"{page.name}[block {k}]", "exec"), namespace)
        except Exception as exc:  # the block's own text in the failure, not only a line number
            raise AssertionError(f"{page.name}, block {k} failed: {exc!r}\n{block}") from exc
