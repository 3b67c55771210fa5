"""HTML for notebooks and standalone pages: pure functions from model objects to HTML strings.

One module renders everything (puzzle, solution, verify report, and any fragment another
module hands in), so a notebook cell and `mm solve --html` show the same thing. The HTML has
inline CSS and no external assets (a page opens without a network), and every text that comes
from a puzzle is escaped: a noun named "<script>" is shown, never run.

Cells carry `data-row` / `data-type` attributes (the row's first-type noun and the column's
type name), so tests and scripts can read a chart without parsing its layout.

>>> import mm
>>> from mm.model import html
>>> p = mm.load("five_houses")
>>> "<table" in html.solution_html(p.solve())
True
>>> html.page("A <b>", html.puzzle_html(p)).startswith("<!DOCTYPE html>")
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING, Protocol

from mm.model.question import answer_text

if TYPE_CHECKING:
    from mm.model.elements import Fact, Noun, NounType, Rule
    from mm.model.puzzle_data import PuzzleData
    from mm.model.report import Report
    from mm.model.solution import Solution

CSS = """
.mm { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; font-size: 14px;
      color: #1f2328; line-height: 1.4; }
.mm h2, .mm h3 { margin: 0.6em 0 0.3em; }
.mm h2 { font-size: 1.3em; } .mm h3 { font-size: 1.1em; }
.mm table { border-collapse: collapse; margin: 0.3em 0 0.8em; }
.mm th, .mm td { border: 1px solid #d0d7de; padding: 3px 8px; text-align: left;
                 vertical-align: top; }
.mm thead th { background: #f6f8fa; }
.mm tbody th { background: #f6f8fa; font-weight: 600; }
.mm caption { text-align: left; font-weight: 600; padding: 0.2em 0; }
.mm .mm-meta { color: #59636e; margin: 0.2em 0; }
.mm .mm-status { display: inline-block; padding: 1px 8px; border-radius: 10px;
                 font-weight: 600; color: #fff; background: #59636e; }
.mm .mm-unique, .mm .mm-solved, .mm .mm-complete { background: #1a7f37; }
.mm .mm-multiple, .mm .mm-not-unique { background: #9a6700; }
.mm .mm-none, .mm .mm-no-solution { background: #cf222e; }
.mm .mm-open { background: #fff8c5; }
.mm .mm-off { color: #8c959f; text-decoration: line-through; }
.mm ol.mm-clues { padding-left: 1.6em; margin: 0.3em 0 0.8em; }
.mm ol.mm-clues li { margin: 0.1em 0; }
.mm .mm-clue-label { color: #59636e; font-size: 0.9em; }
.mm ol.mm-steps > li { margin: 0.4em 0; }
.mm .mm-kind { display: inline-block; padding: 0 6px; border-radius: 8px; font-size: 0.85em;
               background: #ddf4ff; color: #0550ae; }
.mm .mm-mark-o { color: #1a7f37; font-weight: 600; }
.mm .mm-mark-x { color: #cf222e; }
.mm details > summary { cursor: pointer; color: #59636e; }
"""

_LEADING_NUMBER = re.compile(r"\d+")


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def fragment(body: str) -> str:
    """A self-contained piece of HTML for a notebook: the body in a `.mm` block, with its
    own style (a notebook shows each output on its own)."""
    return f'<div class="mm"><style>{CSS}</style>{body}</div>'


def page(title: str, *bodies: str) -> str:
    """A standalone HTML page (titled `title`) of the bodies made by the functions here."""
    content = "\n".join(bodies)
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{_e(title)}</title>\n<style>body {{ margin: 1.5em; }}{CSS}</style>\n"
            f"</head>\n<body>\n<div class=\"mm\">\n{content}\n"
            "</div>\n</body>\n</html>\n")


# ------------------------------------------------------------------------------- puzzle
def _domain(noun_type: NounType) -> str:
    values = noun_type.placeholders or ()
    return f"unknown values in {values[0]}..{values[-1]}" if values else ""


def _clue_order(item: Fact | Rule, position: int) -> tuple[int, int]:
    match = _LEADING_NUMBER.match(item.clue or "")
    return (int(match.group()) if match else 10**9, position)


def clue_items(puzzle: PuzzleData) -> list[tuple[str, list[Fact | Rule]]]:
    """The clues as the author wrote them, in clue order: (kind, items) with kind "fact"
    (the facts of one add_fact* call) or "rule"."""
    groups: dict[int, list[Fact | Rule]] = {}
    for fact in puzzle.facts:
        groups.setdefault(fact.group, []).append(fact)
    entries: list[tuple[str, list[Fact | Rule]]] = [("fact", g) for g in groups.values()]
    entries += [("rule", [r]) for r in puzzle.rules]
    keyed = sorted(enumerate(entries), key=lambda e: _clue_order(e[1][1][0], e[0]))
    return [entry for _, entry in keyed]


def clues_html(items: Iterable[Fact | Rule], css_class: str = "mm-clues") -> str:
    """A numbered list of facts and rules by their texts (a disabled one struck through)."""
    lines = []
    for item in items:
        off = "" if item.enabled else ' class="mm-off"'
        lines.append(f"<li{off}>{_e(item.text)}</li>")
    return f'<ol class="{css_class}">{"".join(lines)}</ol>'


def puzzle_html(puzzle: PuzzleData) -> str:
    """The puzzle: metadata, noun types with their nouns, links and the clues."""
    parts = [f"<h3>{_e(puzzle.title)} <span class=\"mm-meta\">({_e(puzzle.name)})</span></h3>"]
    meta = [f"{label}: {_e(value)}" for label, value in
            (("by", puzzle.author), ("source", puzzle.source),
             ("stars", puzzle.stars)) if value]
    if meta:
        parts.append(f'<p class="mm-meta">{"; ".join(meta)}</p>')
    if puzzle.blurb:
        parts.append(f"<p>{_e(puzzle.blurb)}</p>")
    rows = []
    for t in puzzle.noun_types:
        nouns = ", ".join(_e(n.title) for n in t.nouns)
        if t.placeholders is not None:
            nouns += f' <span class="mm-meta">({_e(_domain(t))})</span>'
        rows.append(f'<tr data-type="{_e(t.name)}"><th>{_e(t.name)}</th><td>{nouns}</td></tr>')
    parts.append('<table class="mm-types"><thead><tr><th>type</th><th>nouns</th></tr></thead>'
                 f"<tbody>{''.join(rows)}</tbody></table>")
    if len(puzzle.links) > 1:
        links = ", ".join(f"{_e(link.name)} <span class=\"mm-meta\">({_e(link.noun_type.name)})"
                          "</span>" for link in puzzle.links[1:])
        parts.append(f"<p><b>Links:</b> {links}</p>")
    lines = []
    for _, items in clue_items(puzzle):
        texts = list(dict.fromkeys(i.text for i in items))  # a list fact repeats its text
        off = "" if any(i.enabled for i in items) else ' class="mm-off"'
        lines.append(f"<li{off}>{'<br>'.join(_e(t) for t in texts)}</li>")
    count = len(puzzle.facts) + len(puzzle.rules)
    parts.append(f"<p><b>Clues</b> <span class=\"mm-meta\">({len(puzzle.facts)} facts, "
                 f"{len(puzzle.rules)} rules)</span></p>" if count else "<p>No clues.</p>")
    if lines:
        parts.append(f'<ol class="mm-clues">{"".join(lines)}</ol>')
    return "".join(parts)


# ----------------------------------------------------------------------------- solution
def _label(solution: Solution, noun: Noun) -> str:
    if noun.type.placeholders is not None:
        return str(solution.value(noun))
    return noun.title


def chart_html(puzzle: PuzzleData, cells: dict[tuple[int, int], str],
               marked: Iterable[tuple[int, int]] = (), caption: str | None = None) -> str:
    """A chart: one row per first-type noun, one column per other type; `cells` maps
    (row index, type index) to the text shown (a missing cell is empty); the `marked`
    cells are highlighted."""
    highlight = set(marked)
    types = puzzle.noun_types
    head = "".join(f"<th>{_e(t.name)}</th>" for t in types)
    body = []
    for row, noun in enumerate(types[0].nouns):
        tds = []
        for t in types[1:]:
            text = cells.get((row, t.index))
            cls = ' class="mm-open"' if (row, t.index) in highlight else ""
            tds.append(f'<td data-row="{_e(noun.name)}" data-type="{_e(t.name)}"{cls}>'
                       f"{_e(text or '')}</td>")
        body.append(f'<tr data-row="{_e(noun.name)}"><th>{_e(noun.title)}</th>'
                    f"{''.join(tds)}</tr>")
    cap = f"<caption>{_e(caption)}</caption>" if caption else ""
    return (f'<table class="mm-chart">{cap}<thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(body)}</tbody></table>")


def solution_html(solution: Solution, caption: str | None = None) -> str:
    """The solution as a chart (what `sol.chart()` prints), as an HTML table."""
    puzzle = solution.puzzle
    cells = {(row, noun.type.index): _label(solution, noun)
             for row, nouns in enumerate(solution.rows()) for noun in nouns[1:]}
    parts = [chart_html(puzzle, cells, caption=caption)]
    for question in puzzle.questions:
        parts.append(f'<p class="mm-answer">{_e(question.text)}? '
                     f"<b>{_e(answer_text(question.answer(solution)))}</b></p>")
    return "".join(parts)


# ------------------------------------------------------------------------------- report
def status_html(status: str) -> str:
    """A coloured badge for a status word ("unique", "multiple", "none", "complete", ...)."""
    css = "mm-" + re.sub(r"[^a-z]+", "-", status.lower()).strip("-")
    return f'<span class="mm-status {_e(css)}">{_e(status)}</span>'


def report_html(report: Report) -> str:
    """The verify report: its status and what goes with it (the solution and the implied
    clues; the open cells of two solutions; the conflicting clues)."""
    parts = [f"<p><b>Verify:</b> {status_html(report.status)} "
             f'<span class="mm-meta">{report.seconds:.3f} s</span></p>']
    if report.status == "unique" and report.solution is not None:
        parts.append(solution_html(report.solution, caption="The solution"))
        if report.redundant:
            parts.append("<p><b>Implied by the others</b> (each could be dropped on its "
                         "own):</p>" + clues_html(report.redundant))
        elif report.redundant is not None:
            parts.append("<p>No clue is implied by the others.</p>")
        if report.minimal is not None and report.solution is not None:
            puzzle = report.solution.puzzle
            parts.append(f"<p>A minimal set keeps {len(report.minimal)} of "
                         f"{len(puzzle.facts) + len(puzzle.rules)} facts and rules.</p>")
    elif report.status == "multiple" and report.solution is not None:
        puzzle = report.solution.puzzle
        cells = {(c.row.index, c.noun_type.index): c.noun.title for c in report.backbone or []}
        for d in report.diff:
            cells.setdefault((d.row.index, d.noun_type.index),
                             f"{d.first.title} / {d.second.title}")
        for c in report.open_cells or []:
            cells.setdefault((c.row.index, c.noun_type.index), "?")
        fixed = len(report.backbone or [])
        total = fixed + len(report.open_cells or [])
        parts.append(f"<p>More than one solution. Cells fixed in every solution: {fixed} of "
                     f"{total}; the open ones are marked (a / b: the two solutions found; ?: "
                     "open in others).</p>")
        marked = {(c.row.index, c.noun_type.index) for c in report.open_cells or []}
        marked |= {(d.row.index, d.noun_type.index) for d in report.diff}
        parts.append(chart_html(puzzle, cells, marked))
    elif report.status == "none":
        parts.append("<p>No solution. These clues cannot all hold (remove any one and the "
                     "rest can):</p>" + clues_html(report.conflict or []))
    elif report.status == "unknown":
        parts.append("<p>The time limit ran out before the solver could decide.</p>")
    return "".join(parts)



# -------------------------------------------------------------------------- explanation
class _MarkLike(Protocol):
    """A grid mark: noun1 and noun2 are together (`same`, the Mystery Master's "O") or not
    ("X")."""

    @property
    def noun1(self) -> Noun: ...
    @property
    def noun2(self) -> Noun: ...
    @property
    def same(self) -> bool: ...


class _StepLike(Protocol):
    """One step of an explanation: the marks it adds, from which clues and earlier marks."""

    @property
    def marks(self) -> Sequence[_MarkLike]: ...
    @property
    def clues(self) -> Sequence[str]: ...
    @property
    def uses(self) -> Sequence[_MarkLike]: ...
    @property
    def kind(self) -> str: ...
    @property
    def level(self) -> int: ...
    @property
    def text(self) -> str: ...


def mark_html(mark: _MarkLike) -> str:
    """"Englishman O Red" (with) or "Englishman X Green" (not with), coloured."""
    sign, css = ("O", "mm-mark-o") if mark.same else ("X", "mm-mark-x")
    return (f'{_e(mark.noun1.title)} <span class="{css}">{sign}</span> '
            f"{_e(mark.noun2.title)}")


def explanation_html(status: str, steps: Sequence[_StepLike],
                     grids: Callable[[int], str] | None = None, grid_every: int = 1,
                     open_last: bool = True) -> str:
    """A step-by-step explanation: its status, then each step's text, kind, level, clues
    and marks. `grids(k)` gives the HTML of the grids after step k (0-based), shown under
    every `grid_every`-th step and the last, folded away (the last one open), so long
    explanations stay readable and small."""
    parts = [f"<p><b>Explanation:</b> {status_html(status)} "
             f'<span class="mm-meta">{len(steps)} steps</span></p>']
    items = []
    for k, step in enumerate(steps):
        marks = ", ".join(mark_html(m) for m in step.marks)
        clues = ", ".join(_e(c) for c in step.clues) or "none"
        uses = f"; uses {len(step.uses)} earlier marks" if step.uses else ""
        body = (f'<span class="mm-kind">{_e(step.kind)}</span> '
                f'<span class="mm-meta">level {step.level}; clues {clues}{uses}</span><br>'
                f"{_e(step.text)}<br>{marks}")
        last = k == len(steps) - 1
        if grids is not None and (last or (k + 1) % grid_every == 0):
            opened = " open" if open_last and last else ""
            body += f"<details{opened}><summary>grids</summary>{grids(k)}</details>"
        items.append(f'<li data-step="{k + 1}">{body}</li>')
    parts.append(f'<ol class="mm-steps">{"".join(items)}</ol>')
    return "".join(parts)
