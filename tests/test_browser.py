"""The HTML pages in a real browser: Playwright driving the system's Chromium.

Playwright cannot download its own browser here, so the test launches Debian's `chromium`
(`apt-get install chromium`; `.ci/run` installs it) by its path, and is skipped, saying why,
on a machine without it. The pages are made by the command line (`mm solve --html`,
`mm verify --html`), opened from disk, and read back from what the browser shows.

Refresh the screenshots the docs include (docs/img/) with:

    python tests/test_browser.py
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

import mm
from mm.app.cli import main as mm_main

# the run with OR-Tools hidden (test_without_ortools.py) repeats every test; the pages do not
# depend on the solver, so that run skips this module instead of starting Chromium again
pytestmark = pytest.mark.skipif(bool(os.environ.get("MM_HIDE_SOLVERS")),
                                reason="the browser test runs once, with the solvers present")

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
DOCS_IMG = Path(__file__).resolve().parent.parent / "docs" / "img"


def find_chromium() -> str | None:
    """The path of the system's Chromium (or Chrome), or None."""
    for name in (os.environ.get("MM_CHROMIUM", ""), *BROWSERS):
        path = shutil.which(name) if name else None
        if path:
            return path
    return None


@contextlib.contextmanager
def chromium_page(path: str):
    """A Playwright page in the Chromium at `path` (headless), closed on exit."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        # --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start
        browser = pw.chromium.launch(executable_path=path, headless=True,
                                     args=["--no-sandbox", "--disable-gpu"])
        try:
            yield browser.new_page(viewport={"width": 900, "height": 700})
        finally:
            browser.close()


@pytest.fixture(scope="module")
def page():
    """A page in the system's Chromium, one per module (starting it is the slow part); the
    tests are skipped, saying why, without it."""
    pytest.importorskip("playwright.sync_api",
                        reason="playwright is not installed (pip install playwright)")
    path = find_chromium()
    if path is None:
        pytest.skip("no system Chromium found (apt-get install chromium); Playwright cannot "
                    "download its own browser here")
    with chromium_page(path) as page:
        yield page


def _cell(page, row: str, noun_type: str) -> str:
    return page.locator(f'table.mm-chart td[data-row="{row}"][data-type="{noun_type}"]'
                        ).inner_text().strip()


def _solve_page(tmp: Path, puzzle: str = "five_houses") -> Path:
    out = tmp / f"{puzzle}.html"
    assert mm_main(["solve", puzzle, "--html", str(out)]) == 0
    return out


def test_solved_puzzle_page_shows_every_cell_and_clue(page, tmp_path):
    out = _solve_page(tmp_path)
    puzzle = mm.load("five_houses")
    solution = puzzle.solve()
    page.goto(out.as_uri())
    assert page.title() == puzzle.title
    first = puzzle.noun_types[0]
    for noun_type in puzzle.noun_types[1:]:
        for noun in noun_type.nouns:
            row = solution.partner(noun, first)
            assert _cell(page, row.name, noun_type.name) == noun.title
    shown = page.locator("ol.mm-clues > li").all_inner_texts()
    texts = {f.text for f in puzzle.facts} | {r.text for r in puzzle.rules}
    assert set(shown) == texts
    assert page.locator("table.mm-chart").is_visible()


def test_verify_page_of_a_puzzle_with_two_solutions_marks_the_open_cells(page, tmp_path):
    puzzle = mm.load("five_houses")
    loose = puzzle.without(puzzle.facts[3])
    source = tmp_path / "loose.json"
    loose.save(source)
    out = tmp_path / "loose.html"
    assert mm_main(["verify", str(source), "--html", str(out)]) == 3
    report = loose.verify()
    page.goto(out.as_uri())
    assert page.locator(".mm-status").inner_text() == "multiple"
    for d in report.diff:
        text = _cell(page, d.row.name, d.noun_type.name)
        assert text == f"{d.first.title} / {d.second.title}"
    open_cells = page.locator("td.mm-open").count()
    assert open_cells == len(report.open_cells or [])


def test_a_noun_named_like_markup_is_shown_not_run(page, tmp_path):
    p = mm.Puzzle("Esc", "<script>alert(1)</script>")
    p.add_noun_type("Slot").add_nouns("1", "2")
    a, _ = p.add_noun_type("Tag").add_nouns("<b>bold</b>", "<img src=x onerror=alert(2)>")
    p.add_fact("1", a, mm.IS, mm.WITH, p.noun_types[0].nouns[0])
    source = tmp_path / "esc.json"
    p.save(source)
    out = tmp_path / "esc.html"
    assert mm_main(["solve", str(source), "--html", str(out)]) == 0
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(out.as_uri())
    assert page.title() == p.title
    assert _cell(page, "1", "Tag") == "<b>bold</b>"
    assert page.locator("img").count() == 0 and not dialogs


def test_explanation_page_shows_the_steps_and_the_final_grids(page, tmp_path):
    puzzle = mm.load("five_houses")
    out = tmp_path / "explain.html"
    with contextlib.redirect_stdout(io.StringIO()):
        assert mm_main(["explain", "five_houses", "--html", str(out)]) == 0
    ex = puzzle.explain()
    page.goto(out.as_uri())
    steps = page.locator("ol.mm-steps > li")
    assert steps.count() == len(ex.steps)
    first = steps.first.inner_text()
    assert ex.steps[0].text in first
    last = steps.last
    assert last.locator("details").get_attribute("open") is not None
    # the open grids at the end: every cell marked, one O per row of each grid
    cells = last.locator("details td").all_inner_texts()
    assert cells and set(c.strip() for c in cells) <= {"O", "X"}
    types = puzzle.noun_types
    n = len(types[0].nouns)
    assert cells.count("O") == n * len(types) * (len(types) - 1) // 2


def refresh_screenshots(folder: Path = DOCS_IMG) -> list[Path]:
    """Write the screenshots the docs include: a solved puzzle's page and a verify page of
    a puzzle with two solutions."""
    path = find_chromium()
    if path is None:
        raise SystemExit("no system Chromium found (apt-get install chromium)")
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as tmp, chromium_page(path) as page:
        puzzle = mm.load("five_houses")
        loose = Path(tmp) / "loose.json"
        puzzle.without(puzzle.facts[3]).save(loose)
        for name, argv in (("solve-five-houses", ["solve", "five_houses"]),
                           ("verify-two-solutions", ["verify", str(loose), "--no-minimal"]),
                           ("explain-five-houses", ["explain", "five_houses"])):
            out = Path(tmp) / f"{name}.html"
            with contextlib.redirect_stdout(io.StringIO()):
                mm_main([*argv, "--html", str(out)])
            page.goto(out.as_uri())
            target = folder / f"{name}.png"
            if name.startswith("explain"):  # hundreds of steps: the first ten, grids open
                steps = page.locator("ol.mm-steps > li")
                steps.nth(9).locator("details").evaluate("d => d.open = true")
                top = page.locator("ol.mm-steps").bounding_box()
                bottom = steps.nth(9).bounding_box()
                assert top is not None and bottom is not None
                clip = {"x": 0, "y": top["y"] - 40, "width": 900,
                        "height": bottom["y"] + bottom["height"] - top["y"] + 50}
                page.screenshot(path=str(target), clip=clip, full_page=True)
            else:
                page.screenshot(path=str(target), full_page=True)
            written.append(target)
    return written


if __name__ == "__main__":
    for written_path in refresh_screenshots():
        print(f"wrote {written_path}", file=sys.stderr)
