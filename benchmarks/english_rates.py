"""Rates of the English reader on generated puzzles (tests/english_corpus.py), per style:
right / not unique (every clue read: the generator's puzzle has several solutions) / not
unique with clues not read / wrong. Usage: python benchmarks/english_rates.py STYLE FIRST LAST
(held-out seeds: 5000 and up were never used while writing the reader)."""

import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from english_corpus import STYLES  # noqa: E402
from test_english_corpus import answered_right, false_clues, rows_of  # noqa: E402

from mm.formats.english import parse_english  # noqa: E402


def main() -> None:
    style, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    counts: collections.Counter = collections.Counter()
    reasons: collections.Counter = collections.Counter()
    start = time.perf_counter()
    read_seconds = 0.0
    for seed in range(first, last):
        text, hidden, answer = STYLES[style](seed)
        t = time.perf_counter()
        english = parse_english(text)
        read_seconds += time.perf_counter() - t
        puzzle = english.puzzle
        rows = rows_of(puzzle, hidden)
        counts["false clue read"] += bool(false_clues(puzzle, rows))
        for item in english.not_read:
            reasons[item.reason[:80]] += 1
        solutions = list(puzzle.solutions(limit=2))
        if len(solutions) != 1:
            kind = "none" if not solutions else \
                "not unique, clues not read" if english.not_read else "not unique, all read"
            counts[kind] += 1
            continue
        ok = answered_right(english, solutions[0], rows, answer)
        if not ok and len(english.questions) != len(answer if isinstance(answer, tuple)
                                                   else (answer,)):
            counts["question not read"] += 1
            continue
        counts["right" if ok else "WRONG"] += 1
    n = last - first
    print(f"{style} seeds {first}-{last - 1}: " + ", ".join(
        f"{k} {v} ({100 * v / n:.0f}%)" for k, v in sorted(counts.items())))
    print(f"  reading {read_seconds / n * 1000:.0f} ms per puzzle, "
          f"total {time.perf_counter() - start:.0f} s")
    for reason, c in reasons.most_common(8):
        print(f"  not read x{c}: {reason}")


if __name__ == "__main__":
    main()
