"""Read a folder of Mystery Master modules (.java, .js) and check each against its answer.

    python benchmarks/module_answers.py DIR [--markdown]

For each module: does it import, how many solutions the translated clues allow (up to 2),
whether a unique solution matches the module's own `answer`, and what was not translated.
A module is never counted right when clues were left out and the rest is not unique.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from puzzle_oracle import _related, evaluate  # noqa: E402

from mm.errors import PuzzleError  # noqa: E402
from mm.formats.modules import read_module  # noqa: E402
from mm.model.unread import missing_clues  # noqa: E402


def broken_by_answer(p) -> int:  # noqa: ANN001 - a Puzzle with an answer
    """How many of the puzzle's facts and rules its own published answer breaks (checked
    with the brute-force oracle's evaluator, not the solver)."""
    size = len(p.noun_types[0].nouns)
    rows = [tuple(range(size))] + [tuple(r.index(k) for k in range(size)) for r in p.answer]
    facts = sum(_related(p, rows, f.noun1, f.link, f.noun2) != (f.verb.num > 0)
                for f in p.facts if f.enabled)
    return facts + sum(not evaluate(p, rows, r.constraint) for r in p.rules if r.enabled)


def check(path: Path, time_limit: float = 60.0) -> dict[str, object]:
    """One row of the table for the module at `path`."""
    row: dict[str, object] = {"module": path.stem, "imports": False, "solutions": "",
                              "answer": "", "not translated": ""}
    try:
        p = read_module(path)
    except PuzzleError as exc:
        row["not translated"] = f"refused: {exc}"
        return row
    row["imports"] = True
    missing = missing_clues(p.not_read)
    row["not translated"] = "; ".join(f"{m.where}: {m.reason}" for m in missing)
    try:
        sols = list(p.solutions(limit=2, time_limit=time_limit))
    except PuzzleError as exc:
        row["solutions"] = f"error: {exc}"
        return row
    row["solutions"] = len(sols) if len(sols) < 2 else "2+"
    if len(sols) == 1:
        if p.answer is None:
            row["answer"] = "no answer given"
        else:
            if p.check_answer(sols[0]):
                row["answer"] = "right"
            else:
                broken = broken_by_answer(p)
                row["answer"] = f"differs: the published answer breaks {broken} of the " \
                    "module's own facts/rules" if broken else "WRONG"
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder")
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args(argv)
    files = sorted(f for f in Path(args.folder).iterdir()
                   if f.suffix in (".java", ".js", ".mjs"))
    rows = [check(f) for f in files]
    keys = ["module", "imports", "solutions", "answer", "not translated"]
    if args.markdown:
        print("| " + " | ".join(keys) + " |")
        print("|" + "---|" * len(keys))
    for row in rows:
        cells = [str(row[k]) for k in keys]
        print("| " + " | ".join(cells) + " |" if args.markdown else "  ".join(cells))
    wrong = sum(1 for r in rows if r["answer"] == "WRONG")
    right = sum(1 for r in rows if r["answer"] == "right")
    differs = sum(1 for r in rows if str(r["answer"]).startswith("differs"))
    print(f"{len(rows)} modules: {right} right, {wrong} WRONG, {differs} unique but differing "
          "from a published answer that breaks the module's own facts", file=sys.stderr)
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
