"""`mm generate` and `mm grade`: the command-line side of mm.generation and mm.analysis.grade
(kept apart from cli.py, which only registers them)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from mm.analysis.grade import LEVELS, grade
from mm.app.outputs import check_out, write_out
from mm.deadline import Deadline
from mm.errors import ValidationError
from mm.formats.english_writer import check_round_trip, to_english
from mm.formats.loading import load
from mm.formats.python_writer import to_python
from mm.generation.generate import generate
from mm.generation.kinds import DEFAULT_KINDS, KINDS, RULE_KINDS, check_kinds
from mm.generation.themes import THEMES, compares, theme_for
from mm.model.serialize import to_json_text

FORMATS = ("json", "english", "python")
COMPARING = "before"  # over a numeric category: "younger than"


def add_parser(sub: Any, name: str, help_text: str, puzzle_help: str,
               backend_names: list[str], seconds: Any = None) -> None:
    """Add the `generate` or `grade` command's parser (the command line loads this module
    only when one of them runs)."""
    if name == "grade":
        grader = sub.add_parser("grade", help=help_text)
        grader.add_argument("puzzle", help=puzzle_help)
        grader.add_argument("--json", action="store_true", help="print JSON")
        grader.add_argument("--time-limit", type=seconds("--time-limit"), default=None,
                            metavar="SECONDS", help="for the whole command, loading included "
                            "('inf': none)")
        return
    gen = sub.add_parser("generate", help=help_text)
    gen.add_argument("--types", type=int, required=True, help="noun types, the houses included")
    gen.add_argument("--nouns", type=int, required=True, help="nouns per type (houses)")
    gen.add_argument("--seed", type=int, default=None, help="same seed, same puzzle")
    gen.add_argument("--kinds", default=None, metavar="K1,K2",
                     help=f"clue kinds, comma-separated, from: {', '.join(KINDS)} (default: "
                          "the fact kinds)")
    gen.add_argument("--rules", action="store_true",
                     help="also SmartRules and numeric rules (either, same side, sums, ...)")
    gen.add_argument("--difficulty", choices=LEVELS, default=None)
    gen.add_argument("--theme", default=None,
                     help=f"{', '.join(THEMES)}, generic, or a .toml/.json file of categories")
    gen.add_argument("--format", choices=FORMATS, default="json")
    gen.add_argument("--out", default=None, metavar="FILE",
                     help="write here (default: standard output)")
    gen.add_argument("--force", action="store_true",
                     help="write over an existing --out (never over the --theme file)")
    gen.add_argument("--no-minimal", action="store_true",
                     help="keep clues the others imply")
    gen.add_argument("--backend", default="auto", choices=["auto", *backend_names])
    gen.add_argument("--time-limit", type=seconds("--time-limit"), default=None,
                     metavar="SECONDS", help="for the whole job, every difficulty attempt "
                     "included ('inf': none)")


def cmd_generate(args: argparse.Namespace) -> int:
    if args.out:  # before any work; a --theme file is an input
        check_out(args.out, [args.theme] if args.theme else [], args.force)
    kinds, rules = args.kinds, args.rules
    theme = theme_for(args.theme, args.types, args.nouns)  # read once (a user's file)
    if args.format == "english":
        kinds, rules = _english_kinds(kinds, rules, compares(theme, args.types, args.nouns)), False
    p = generate(args.types, args.nouns, args.seed, kinds=kinds, rules=rules,
                 difficulty=args.difficulty, theme=theme, minimal=not args.no_minimal,
                 backend=args.backend, time_limit=args.time_limit)
    if args.format == "english":
        text = to_english(p)
        check_round_trip(p, text)  # never a text that reads as another puzzle
    elif args.format == "python":
        text = to_python(p)
    else:
        text = to_json_text(p)
    if args.out:
        write_out(args.out, text, args.force)
        print(f"wrote {args.out}: {len(p.facts) + len(p.rules)} clues", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def _english_kinds(kinds: str | None, rules: bool, numeric: bool) -> tuple[str, ...]:
    """The kinds to draw for English text: those asked (or the default ones), with --rules
    the rule kinds. Without a `numeric` category (ages, years) the default kinds leave out
    the comparisons, and an explicit one is refused before any work."""
    chosen = check_kinds(kinds) if kinds is not None else DEFAULT_KINDS
    if rules:
        chosen = tuple(dict.fromkeys(chosen + RULE_KINDS))
    if numeric:
        return chosen
    if kinds is not None and COMPARING in chosen:
        raise ValidationError(f"--format english: the kind '{COMPARING}' needs a numeric "
                              "category (ages, years) in the theme to compare, and this "
                              "puzzle would have none; use json or python, or another theme")
    return tuple(k for k in chosen if k not in (COMPARING, "difference"))


def cmd_grade(args: argparse.Namespace) -> int:
    deadline = Deadline(args.time_limit)
    p = load(args.puzzle, time_limit=deadline)
    g = grade(p, time_limit=deadline)
    if args.json:
        print(json.dumps(g.to_dict(), indent=2))
    else:
        print(f"{p.title}: {g}")
    return 0


COMMANDS = {"generate": cmd_generate, "grade": cmd_grade}
