"""Read puzzles from JSON ("format": "mm-puzzle/1", schema in schema/mm-puzzle-1.schema.json).

A JSON puzzle is data: it is parsed, never executed. Links are SmartLinks by name and
arguments, or an explicit table of the noun pairs for which they hold; rules are expression
trees (a SmartRule is written as the building blocks it stands for). Loading checks every
field and names the JSON path of the first problem ("facts[3].noun2: unknown noun 'Zebra'
in type 'Pet'"). The writer is mm.model.serialize (it needs only the model).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from mm.deadline import Deadline, deadline_of
from mm.errors import PuzzleError, PuzzleLoadError
from mm.formats.files import read_text
from mm.model import rules as r
from mm.model.links import SMART_LINKS
from mm.model.puzzle_data import MAX_RULE_DEPTH, WITH, Noun, NounType, integer_name
from mm.model.question import Question
from mm.model.serialize import FORMAT, META, VERB_KEYS, VERBS, to_json
from mm.model.unread import NotRead
from mm.puzzle import Puzzle

__all__ = ["FORMAT", "JsonPuzzleError", "from_json", "load", "to_json"]

class JsonPuzzleError(PuzzleLoadError, ValueError):
    """A JSON puzzle breaks the format; the message starts with the JSON path."""


def load(path: str | Path, time_limit: Deadline | float | None = None) -> Puzzle:
    """Read a JSON puzzle file; with a time limit (or a job's Deadline), reading stops
    with TimeLimitReached when it is spent."""
    deadline = deadline_of(time_limit)
    text = read_text(path, deadline)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise JsonPuzzleError(f"{path}: not valid JSON (line {exc.lineno}, column "
                              f"{exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise JsonPuzzleError(f"{path}: nested too deeply to read") from None
    except ValueError as exc:  # Python's limit on the digits of an integer
        raise JsonPuzzleError(f"{path}: {too_long_number(exc)}") from None
    try:
        return from_json(data, deadline, surrogates=bool(_SURROGATE_ESCAPE.search(text)))
    except JsonPuzzleError as exc:
        raise JsonPuzzleError(f"{path}: {exc}") from None


def too_long_number(exc: ValueError) -> str:
    """What json.loads's ValueError for an integer of thousands of digits means."""
    if "digits" in str(exc):
        return "a number too long to read (over 4300 digits)"
    return f"not valid JSON ({exc})"


def from_json(data: Any, time_limit: Deadline | float | None = None,
              surrogates: bool = True) -> Puzzle:
    """Build a Puzzle from parsed JSON, checking each field on the way (linear in the
    size of the file, and within the time limit if one is given). `surrogates`: whether
    the strings may hold lone surrogates (load() knows from the text when they cannot)."""
    if surrogates:
        _check_strings(data)
    if isinstance(data, dict):
        _check_depth(data.get("rules"), "rules")
    return _Reader(deadline_of(time_limit)).puzzle(data)


_MAX_JSON_DEPTH = 2 * MAX_RULE_DEPTH + 20  # a rule node is two JSON levels, plus the frame
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89abcdefABCDEF]")


def _children(value: Any, where: str) -> list[tuple[Any, str]]:
    if isinstance(value, dict):
        return [(item, f"{where}.{key}") for key, item in value.items()]
    if isinstance(value, list):
        return [(item, f"{where}[{k}]") for k, item in enumerate(value)]
    return []


def _check_depth(data: Any, where: str) -> None:
    """Refuse rule trees nested deeper than any puzzle needs (the reader recurses on
    them), naming the path; iterative, so a tree thousands deep is measured, not crashed
    on."""
    stack: list[tuple[Any, str, int]] = [(data, where, 0)]
    while stack:
        value, at, depth = stack.pop()
        if depth > _MAX_JSON_DEPTH:
            raise JsonPuzzleError(f"{at[:60]}...: nested more than {_MAX_JSON_DEPTH} levels "
                                  "deep")
        stack += [(item, path, depth + 1) for item, path in _children(value, at)]


def _check_strings(data: Any) -> None:
    """Refuse a lone surrogate (a valid JSON escape, but no text: it could not even be
    printed), naming the JSON path."""
    stack: list[tuple[Any, str]] = [(data, "$")]
    while stack:
        value, where = stack.pop()
        if isinstance(value, str):
            _check_text(value, where)
        elif isinstance(value, dict):
            for key in value:
                _check_text(key, f"{where} (a key)")
        stack += _children(value, where)


def _check_text(text: str, where: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise JsonPuzzleError(f"{where}: a lone surrogate (\\ud800-\\udfff) is not text") \
            from None


class _Reader:
    def __init__(self, deadline: Deadline) -> None:
        self.deadline = deadline
        self.types: dict[str, NounType] = {}
        # a file lists thousands of facts: each noun is looked up by a dict after its first
        self.nouns: dict[tuple[str, str], Noun] = {}

    def fail(self, where: str, message: str) -> JsonPuzzleError:
        return JsonPuzzleError(f"{where}: {message}")

    def get(self, obj: Any, key: str, kind: type | tuple, where: str, required: bool = True,
            default: Any = None) -> Any:
        if not isinstance(obj, dict):
            raise self.fail(where, "expected an object")
        if key not in obj:
            if required:
                raise self.fail(where, f"missing required field '{key}'")
            return default
        value = obj[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
            names = " or ".join(_kind_name(k) for k in kinds)
            raise self.fail(f"{where}.{key}", f"expected {names}, got {json.dumps(value)[:40]}")
        return value

    def only(self, obj: Any, allowed: frozenset[str], where: str) -> None:
        """Refuse a field the format does not have: a misspelt one ("enable" for
        "enabled") would otherwise be dropped and the puzzle read differently."""
        if isinstance(obj, dict) and not allowed.issuperset(obj):
            key = next(k for k in obj if k not in allowed)
            raise self.fail(f"{where}.{key}" if where != "$" else key,
                            f"unknown field '{key}' (fields: {', '.join(sorted(allowed))})")

    def puzzle(self, data: Any) -> Puzzle:
        if not isinstance(data, dict):
            raise self.fail("$", "a puzzle file holds one JSON object")
        self.only(data, FIELDS["puzzle"], "$")
        fmt = self.get(data, "format", str, "$")
        if fmt != FORMAT:
            raise self.fail("format", f"unknown format '{fmt}' (expected '{FORMAT}')")
        p = self._call("$", Puzzle, self.get(data, "name", str, "$"),
                       self.get(data, "title", str, "$", False, None) or data["name"])
        for key in META:
            value = self.get(data, key, (str, int), "$", required=False)
            if value is not None:
                setattr(p, key, value)
        verbs = self.get(data, "verbs", dict, "$", required=False) or {}
        for key in verbs:
            if key not in VERB_KEYS:
                raise self.fail(f"verbs.{key}", "unknown verb (is_not, maybe or is)")
            self.get(verbs, key, str, "verbs")
        self._call("verbs", p.set_verb_names, verbs.get("is_not"), verbs.get("is"),
                   verbs.get("maybe"))
        types = self.get(data, "types", list, "$")
        if not types:
            raise self.fail("types", "a puzzle needs at least one noun type")
        for i, t in enumerate(types):
            self._type(p, t, f"types[{i}]")
        self.types = {t.name: t for t in p.noun_types}
        self.links = {"with": WITH}
        for i, link in enumerate(self.get(data, "links", list, "$", False, [])):
            self.deadline.check()
            self._link(p, link, f"links[{i}]")
        groups: dict[Any, int] = {}
        for i, fact in enumerate(self.get(data, "facts", list, "$", False, [])):
            self.deadline.check()
            self._fact(p, fact, f"facts[{i}]", groups)
        for i, rule in enumerate(self.get(data, "rules", list, "$", False, [])):
            self.deadline.check()
            where = f"rules[{i}]"
            self.only(rule, FIELDS["rule"], where)
            expr = self._cond(p, self.get(rule, "expr", dict, where), f"{where}.expr")
            self._call(where, p.add_rule, self.get(rule, "clue", (str, int), where),
                       self.get(rule, "text", str, where), expr,
                       self.get(rule, "enabled", bool, where, False, True))
        answer = self.get(data, "answer", list, "$", required=False)
        values = self.get(data, "answer_values", dict, "$", required=False)
        if values is not None and answer is None:
            raise self.fail("answer_values", "given without an answer")
        if answer is not None:
            p.answer = answer
            self._call("answer", p._check_answer_shape)
            p.answer_values = values
            self._call("answer_values", p._check_answer_shape)
        question = self.get(data, "question", dict, "$", required=False)
        if question is not None:
            p.question = self._question(p, question, "question")
        questions = self.get(data, "questions", list, "$", False, [])
        if questions:
            read = [self._question(p, q if isinstance(q, dict) else {}, f"questions[{i}]")
                    for i, q in enumerate(questions)]
            if question is not None and read[0].text != p.questions[0].text:
                raise self.fail("questions[0]", "the first question must be 'question'")
            p.questions = read
        for i, item in enumerate(self.get(data, "not_read", list, "$", False, [])):
            where = f"not_read[{i}]"
            if not isinstance(item, dict):
                raise self.fail(where, "expected an object with where, text and reason")
            self.only(item, FIELDS["not_read"], where)
            p.not_read.append(NotRead(*(self.get(item, key, str, where)
                                        for key in ("where", "text", "reason"))))
        return p

    def _question(self, p: Puzzle, q: dict, where: str) -> Any:
        self.only(q, FIELDS["question"], where)
        kind = self.get(q, "kind", str, where)
        needs = {"attribute": ("category", "house"), "house": ("subject",),
                 "who": ("category", "subject"), "grid": ()}
        if kind not in needs:
            raise self.fail(f"{where}.kind", f"unknown question kind '{kind}' (attribute, "
                            "house, who, grid)")
        for key in needs[kind]:
            if key not in q:
                raise self.fail(where, f"missing required field '{key}'")
        category = house = subject = None
        if "category" in q:
            category = self._noun_type(p, self.get(q, "category", str, where),
                                       f"{where}.category")
        if "house" in q:
            house = self.get(q, "house", int, where)
            if not 1 <= house <= len(p.noun_types[0].nouns):
                raise self.fail(f"{where}.house", f"no house {house}")
        if "subject" in q:
            subject = self._noun(p, q["subject"], f"{where}.subject")
        first = p.noun_types[0]
        if subject is not None and subject.type is first:
            raise self.fail(f"{where}.subject", f"a noun of the first type ('{first.name}') "
                            "is what the question answers, not its subject")
        if kind == "who" and subject is not None and category is subject.type:
            raise self.fail(f"{where}.category", f"the subject is already a '{category.name}'")
        if kind == "house" and any(integer_name(n.name) is None for n in first.nouns):
            raise self.fail(f"{where}.kind", f"a 'house' question needs the nouns of "
                            f"'{first.name}' to be numbers")
        choices = self.get(q, "choices", list, where, False, [])
        return Question(self.get(q, "text", str, where), kind, category, house, subject,
                        [str(c) for c in choices])

    def _call(self, where: str, fn, *args):
        """Run a model method, turning its validation error into one naming the path."""
        try:
            return fn(*args)
        except PuzzleError as exc:
            if isinstance(exc, JsonPuzzleError):
                raise
            raise self.fail(where, str(exc)) from None

    def _type(self, p: Puzzle, t: Any, where: str) -> None:
        self.only(t, FIELDS["type"], where)
        name = self.get(t, "name", str, where)
        nouns = self.get(t, "nouns", list, where)
        placeholders = self.get(t, "placeholders", list, where, required=False)
        repeats = self.get(t, "repeats", bool, where, False, False)
        nouns = [{"name": n} if isinstance(n, str) else n for n in nouns]
        if placeholders is not None:
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in placeholders):
                raise self.fail(f"{where}.placeholders", "expected a list of integers")
            names = [self.get(n, "name", str, f"{where}.nouns[{k}]")
                     for k, n in enumerate(nouns)]
            self._call(where, p.add_noun_type, name, placeholders, names, repeats)
            return
        kind = self._call(where, p.add_noun_type, name, None, None, repeats)
        first = p.noun_types[0]
        if kind is not first and not repeats and len(nouns) != len(first.nouns):
            raise self.fail(f"{where}.nouns", f"type '{name}' has {len(nouns)} nouns, but the "
                            f"first type '{first.name}' has {len(first.nouns)} (every type "
                            "needs one noun per row)")
        for k, n in enumerate(nouns):
            at = f"{where}.nouns[{k}]"
            self.only(n, FIELDS["noun"], at)
            self._call(at, kind.add_noun, self.get(n, "name", str, at),
                       self.get(n, "title", str, at, False, None),
                       self.get(n, "value", int, at, False, None))

    def _noun_type(self, p: Puzzle, name: Any, where: str) -> NounType:
        if isinstance(name, str) and name in self.types:
            return self.types[name]
        for t in p.noun_types:
            if t.name == name:
                return t
        known = ", ".join(t.name for t in p.noun_types)
        raise self.fail(where, f"unknown noun type '{name}' (types: {known})")

    def _noun(self, p: Puzzle, ref: Any, where: str) -> Noun:
        key = None
        if isinstance(ref, dict) and len(ref) == 2:
            kind, name = ref.get("type"), ref.get("noun")
            if isinstance(kind, str) and isinstance(name, str):
                key = (kind, name)
                if key in self.nouns:
                    return self.nouns[key]
        noun = self._find_noun(p, ref, where)
        if key is not None:
            self.nouns[key] = noun
        return noun

    def _find_noun(self, p: Puzzle, ref: Any, where: str) -> Noun:
        if not isinstance(ref, dict):
            raise self.fail(where, 'expected {"type": ..., "noun": ...}')
        self.only(ref, FIELDS["noun_ref"], where)
        kind = self._noun_type(p, self.get(ref, "type", str, where), f"{where}.type")
        name = self.get(ref, "noun", str, where)
        for n in kind.nouns:
            if n.name == name:
                return n
        raise self.fail(where, f"unknown noun '{name}' in type '{kind.name}'")

    def _link(self, p: Puzzle, link: Any, where: str) -> None:
        self.only(link, FIELDS["link"], where)
        name = self.get(link, "name", str, where)
        if name in self.links:
            raise self.fail(f"{where}.name", f"a link named '{name}' comes earlier")
        kind = self._noun_type(p, self.get(link, "type", str, where), f"{where}.type")
        if "smart" in link:
            smart = self.get(link, "smart", str, where)
            if smart not in SMART_LINKS:
                raise self.fail(f"{where}.smart", f"unknown link '{smart}' (known: "
                                f"{', '.join(SMART_LINKS)})")
            args = self.get(link, "args", list, where, False, [])
            if not all(isinstance(a, int) and not isinstance(a, bool) for a in args):
                raise self.fail(f"{where}.args", "expected a list of integers")
            try:
                f = SMART_LINKS[smart][0](*args)
            except TypeError:
                raise self.fail(f"{where}.args", f"wrong number of arguments for "
                                f"'{smart}': {args}") from None
        elif "pairs" in link:
            pairs = set()
            for k, pair in enumerate(self.get(link, "pairs", list, where)):
                self.deadline.check()
                at = f"{where}.pairs[{k}]"
                if not (isinstance(pair, list) and len(pair) == 2):
                    raise self.fail(at, "expected a pair [noun, noun]")
                a, b = (self._noun(p, {"type": kind.name, "noun": x}, at) for x in pair)
                pairs.add((a.num, b.num))
            f = _table(pairs)
        else:
            raise self.fail(where, "missing required field 'smart' or 'pairs'")
        self.links[name] = self._call(where, p.add_link, name, kind, f)

    def _link_ref(self, name: Any, where: str) -> Any:
        if not isinstance(name, str) or name not in self.links:
            raise self.fail(where, f"unknown link {json.dumps(name)} (links: "
                            f"{', '.join(self.links)})")
        return self.links[name]

    def _fact(self, p: Puzzle, fact: Any, where: str, groups: dict) -> None:
        self.only(fact, FIELDS["fact"], where)
        verb_name = self.get(fact, "verb", str, where)
        if verb_name not in VERBS:
            raise self.fail(f"{where}.verb", f"unknown verb '{verb_name}' (is, is not, may be)")
        made = self._call(where, p.add_fact, self.get(fact, "clue", (str, int), where),
                          self._noun(p, self.get(fact, "noun1", dict, where), f"{where}.noun1"),
                          VERBS[verb_name],
                          self._link_ref(self.get(fact, "link", str, where), f"{where}.link"),
                          self._noun(p, self.get(fact, "noun2", dict, where), f"{where}.noun2"),
                          self.get(fact, "text", str, where, False, None),
                          self.get(fact, "enabled", bool, where, False, True))
        group = self.get(fact, "group", (int, str), where, False, None)
        if group is not None:
            for f in made:
                f.group = groups.setdefault(group, f.num)

    def _cond(self, p: Puzzle, c: Any, where: str) -> r.Condition:
        op = self.get(c, "op", str, where)
        if op in COND_FIELDS:
            self.only(c, COND_FIELDS[op], where)
        sub = self._cond
        if op == "const":
            return r.Const(self.get(c, "value", bool, where))
        if op == "related":
            return r.related(self._noun(p, c.get("a"), f"{where}.a"),
                             self._link_ref(c.get("link"), f"{where}.link"),
                             self._noun(p, c.get("b"), f"{where}.b"))
        if op == "not":
            return r.not_(sub(p, self.get(c, "x", dict, where), f"{where}.x"))
        if op in ("all", "any", "count"):
            xs = [sub(p, x, f"{where}.xs[{k}]")
                  for k, x in enumerate(self.get(c, "xs", list, where))]
            if op == "count":
                return r.Count(xs, self.get(c, "low", int, where), self.get(c, "high", int, where))
            return r.AllOf(xs) if op == "all" else r.AnyOf(xs)
        if op == "if":
            return r.if_then(sub(p, self.get(c, "cond", dict, where), f"{where}.cond"),
                             sub(p, self.get(c, "then", dict, where), f"{where}.then"))
        if op == "iff":
            return r.iff(sub(p, self.get(c, "x", dict, where), f"{where}.x"),
                         sub(p, self.get(c, "y", dict, where), f"{where}.y"))
        if op == "compare":
            cmp = self.get(c, "cmp", str, where)
            if cmp not in ("==", "!=", "<", "<=", ">", ">="):
                raise self.fail(f"{where}.cmp", f"unknown comparison '{cmp}'")
            return r.Compare(cmp, self._int(p, self.get(c, "left", dict, where), f"{where}.left"),
                             self._int(p, self.get(c, "right", dict, where), f"{where}.right"))
        if op == "predicate":
            raise self.fail(f"{where}.op", "a rule written as a Python function "
                            "(rules.predicate) is code and is never read from a data file")
        raise self.fail(f"{where}.op", f"unknown rule node '{op}' (const, related, not, all, "
                        "any, if, iff, count, compare)")

    def _int(self, p: Puzzle, e: Any, where: str) -> r.IntExpr:
        if not isinstance(e, dict) or len(set(e) - {"type", "by"}) != 1:
            raise self.fail(where, "expected one number node (int, num, value, sum, mul, "
                            "neg, abs, mod, div, count)")
        key = next(k for k in e if k not in ("type", "by"))
        self.only(e, frozenset({key, *INT_EXTRA.get(key, ())}), where)
        if key == "int":
            return r.IntConst(self.get(e, "int", int, where))
        if key in ("num", "value"):
            noun = self._noun(p, e[key], f"{where}.{key}")
            kind = self._noun_type(p, self.get(e, "type", str, where), f"{where}.type")
            return self._call(where, r.num if key == "num" else r.value, noun, kind)
        if key in ("sum", "mul"):
            xs = [self._int(p, x, f"{where}.{key}[{k}]")
                  for k, x in enumerate(self.get(e, key, list, where))]
            if key == "mul":
                if len(xs) != 2:
                    raise self.fail(f"{where}.mul", "expected two factors")
                return r.Product(xs[0], xs[1])
            return r.Sum(tuple(xs))
        if key in ("neg", "abs"):
            x = self._int(p, self.get(e, key, dict, where), f"{where}.{key}")
            return r.Neg(x) if key == "neg" else r.Abs(x)
        if key in ("mod", "div"):
            x = self._int(p, self.get(e, key, dict, where), f"{where}.{key}")
            by = self.get(e, "by", int, where)
            if by <= 0:
                raise self.fail(f"{where}.by", f"expected a positive integer, got {by}")
            return x % by if key == "mod" else x // by
        if key == "count":
            return r.count(self._noun(p, e[key], f"{where}.count"))
        raise self.fail(where, f"unknown number node '{key}'")


# The fields of each object of the format (mm/formats/schema/mm-puzzle-1.schema.json;
# tests/test_json.py checks the two agree).
FIELDS: dict[str, frozenset[str]] = {k: frozenset(v.split()) for k, v in {
    "puzzle": "format name title stars blurb author source verbs types links facts rules "
              "answer answer_values question questions not_read",
    "type": "name nouns placeholders repeats",
    "noun": "name title value",
    "noun_ref": "type noun",
    "link": "name type smart args pairs",
    "fact": "clue noun1 verb link noun2 text enabled group",
    "rule": "clue text expr enabled",
    "question": "kind text subject category house choices",
    "not_read": "where text reason",
}.items()}
COND_FIELDS: dict[str, frozenset[str]] = {k: frozenset(["op", *v.split()]) for k, v in {
    "const": "value", "related": "a link b", "not": "x", "all": "xs", "any": "xs",
    "count": "xs low high", "if": "cond then", "iff": "x y", "compare": "cmp left right",
}.items()}
INT_EXTRA = {"num": ("type",), "value": ("type",), "mod": ("by",), "div": ("by",)}


def _table(pairs: set[tuple[int, int]]):
    """A link function from an explicit table of (num, num) pairs."""
    return lambda a, b: (a.num, b.num) in pairs


def _kind_name(kind: type) -> str:
    return {str: "a string", int: "an integer", bool: "true or false", list: "a list",
            dict: "an object"}.get(kind, kind.__name__)
