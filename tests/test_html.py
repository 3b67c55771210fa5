"""The HTML display (mm.model.html): what notebooks and `--html` pages show, without a browser
(tests/test_browser.py opens the pages in Chromium)."""

import re
from html import escape
from html.parser import HTMLParser

import mm
from mm import IS, IS_NOT, WITH
from mm.app.cli import main as mm_main
from mm.model import html


class _Cells(HTMLParser):
    """The text of every chart cell, by (data-row, data-type)."""

    def __init__(self):
        super().__init__()
        self.cells: dict[tuple[str, str], str] = {}
        self.classes: dict[tuple[str, str], str] = {}
        self._at = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "td" and "data-row" in a:
            self._at = (a["data-row"], a["data-type"])
            self.cells[self._at] = ""
            self.classes[self._at] = a.get("class") or ""

    def handle_endtag(self, tag):
        if tag == "td":
            self._at = None

    def handle_data(self, data):
        if self._at is not None:
            self.cells[self._at] += data


def _cells(text: str) -> _Cells:
    parser = _Cells()
    parser.feed(text)
    return parser


def test_solution_html_shows_every_cell_of_the_chart():
    p = mm.load("einstein")
    sol = p.solve()
    cells = _cells(sol._repr_html_()).cells
    first = p.noun_types[0]
    for row in sol.rows():
        for noun in row[1:]:
            assert cells[(row[0].name, noun.type.name)] == noun.title
    assert len(cells) == len(first.nouns) * (len(p.noun_types) - 1)


def test_placeholder_values_are_shown():
    p = mm.load("lecture_attendance")
    sol = p.solve()
    cells = _cells(html.solution_html(sol)).cells
    holder = next(t for t in p.noun_types if t.placeholders is not None)
    shown = {cells[(row[0].name, holder.name)] for row in sol.rows()}
    assert shown == {str(sol.value(n)) for n in holder.nouns}
    assert "unknown values in" in p._repr_html_()


def test_puzzle_html_lists_each_clue_once_in_clue_order():
    p = mm.load("all_tired_out")
    shown = re.findall(r"<li[^>]*>(.*?)</li>", p._repr_html_())
    assert len(shown) == len({f.group for f in p.facts}) + len(p.rules)
    numbers = [int(m.group(1)) for s in shown if (m := re.search(r"\(clues? (\d+)", s))]
    assert numbers == sorted(numbers)


def test_everything_from_the_puzzle_is_escaped():
    p = mm.Puzzle("Esc", "<script>x</script>")
    p.add_noun_type("Slot").add_nouns("1", "2")
    a, b = p.add_noun_type("T&C").add_nouns("<blink>", '"q"')
    p.add_fact("1", a, IS, WITH, p.noun_types[0].nouns[0], text="<marquee>a</marquee> & b")
    out = html.page(p.title, html.puzzle_html(p), html.solution_html(p.solve()))
    assert not re.search("<(script|blink|marquee)", out)
    assert "&lt;script&gt;" in out and "T&amp;C" in out and "&lt;blink&gt;" in out
    assert "&lt;marquee&gt;a&lt;/marquee&gt; &amp; b" in out


def test_report_html_for_each_status():
    p = mm.load("five_houses")
    unique = p.verify(minimal=False)
    assert "mm-unique" in unique._repr_html_()
    loose = p.without(p.facts[3]).verify(minimal=False)
    parsed = _cells(loose._repr_html_())
    for d in loose.diff:
        key = (d.row.name, d.noun_type.name)
        assert parsed.cells[key] == f"{d.first.title} / {d.second.title}"
        assert parsed.classes[key] == "mm-open"
    assert sum(c == "mm-open" for c in parsed.classes.values()) == len(loose.open_cells)
    broken = p.copy()
    englishman, red = broken.noun("Nationality", "Englishman"), broken.noun("Color", "red")
    broken.add_fact("15", englishman, IS_NOT, WITH, red, "The Englishman's house is not red.")
    conflict = broken.verify(minimal=False)
    shown = conflict._repr_html_()
    assert conflict.status == "none" and "mm-none" in shown
    shown_items = re.findall(r"<li>(.*?)</li>", shown.split("No solution.")[1])
    assert shown_items == [escape(item.text) for item in conflict.conflict]
    assert len(shown_items) == 2


def test_disabled_clue_is_struck_through():
    p = mm.load("five_houses")
    p.facts[0].enabled = False
    assert '<li class="mm-off">' in p._repr_html_()


def test_cli_writes_standalone_pages(tmp_path, capsys):
    out = tmp_path / "p.html"
    assert mm_main(["solve", "five_houses", "--html", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "<style>" in text
    assert not re.search(r"""(src|href)=["']?https?:""", text)  # nothing from the network
    assert mm_main(["verify", "einstein", "--no-minimal", "--html", str(out)]) == 2  # exists
    assert out.read_text(encoding="utf-8") == text
    assert mm_main(["verify", "einstein", "--no-minimal", "--html", str(out), "--force"]) == 0
    assert "mm-unique" in out.read_text(encoding="utf-8")
    assert mm_main(["solve", "five_houses", "--html", str(tmp_path / "no" / "p.html")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("mm: error:") and "cannot write" in err[-1]


def test_explanation_html_shows_each_step_with_its_marks_and_grids():
    from types import SimpleNamespace

    p = mm.load("five_houses")
    englishman, red = p.noun("Nationality", "Englishman"), p.noun("Color", "red")
    green = p.noun("Color", "green")
    o = SimpleNamespace(noun1=englishman, noun2=red, same=True)
    x = SimpleNamespace(noun1=englishman, noun2=green, same=False)
    steps = [SimpleNamespace(marks=[o], clues=["1"], uses=[], kind="clue", level=0,
                             text="The Englishman lives in the red house."),
             SimpleNamespace(marks=[x], clues=[], uses=[o], kind="one-to-one", level=1,
                             text="The <Englishman> is not in the green house.")]
    out = html.explanation_html("complete", steps, grids=lambda k: f"<i>grid {k}</i>")
    items = re.findall(r'<li data-step="(\d)">(.*?)</li>', out)
    assert [n for n, _ in items] == ["1", "2"]
    assert "Englishman" in items[0][1] and "mm-mark-o" in items[0][1] and "grid 0" in items[0][1]
    assert "&lt;Englishman&gt;" in items[1][1] and "mm-mark-x" in items[1][1]
    assert "<details open><summary>grids</summary><i>grid 1</i>" in items[1][1]
    assert "mm-complete" in out
    sparse = html.explanation_html("complete", steps * 5, grids=lambda k: f"<i>grid {k}</i>",
                                   grid_every=3)
    assert re.findall(r"grid (\d+)", sparse) == ["2", "5", "8", "9"]  # every third, the last
