"""Import Mystery Master puzzle modules (JavaScript, ES module or Java) without running them.

The module is read as text: tokens, then statements, then the few statement shapes a puzzle
module is made of (addNounType, addNoun, addLink with SmartLink.getX(...), link.f = ...,
addFact and its variants, addRule with rule.f = SmartRule.getX(...), verb names, answer).
Anything written as custom code (a link or rule function, a sayFact wording) cannot be
translated: it is listed with its clue number and text, and the rest is imported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mm.errors import PuzzleError
from mm.formats.files import read_text
from mm.model import rules
from mm.model.links import SMART_LINKS
from mm.model.puzzle_data import WITH, Link, NounType
from mm.model.verbs import IS, IS_NOT, MAYBE
from mm.puzzle import Puzzle

_TOKEN = re.compile(r'''\s+|//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`[^`]*`'''
                    r"|\d+(?:\.\d+)?|[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*|=>|[^\s]",
                    re.S)
_SMART_LINKS = {getter: factory for factory, getter in SMART_LINKS.values()}
_SMART_RULES = {"getMatchAtLeastOne": "match_at_least_one",
                "getMatchOneToExactlyOne": "match_one_to_exactly_one",
                "getMatchOneToOne": "match_one_to_one", "getMatchOneList": "match_one_list",
                "getIsNotBetween": "is_not_between", "getIsRelated": "is_related",
                "getInSameGroup": "in_same_group", "getInOppositeGroup": "in_opposite_group"}
_VERBS = {"Is": IS, "IsNot": IS_NOT, "Maybe": MAYBE, "IS": IS, "IS_NOT": IS_NOT,
          "MAYBE": MAYBE}
_FACT_METHODS = {"addFact": "add_fact", "addFactsInSequence": "add_facts_in_sequence",
                 "addFactsOneToOne": "add_facts_one_to_one",
                 "addFactsStartsWith": "add_facts_starts_with",
                 "addFactsIsNotFirstChar": "add_facts_is_not_first_char",
                 "addFactsNotConsecutive": "add_facts_not_consecutive"}


@dataclass
class Imported:
    puzzle: Puzzle
    untranslated: list[str] = field(default_factory=list)  # each names its clue and text


@dataclass
class _Ref:
    """An identifier in the module (a variable, Verb.Is, Link.With, ...)."""

    name: str


def _tokens(text: str) -> list[str]:
    return [t for t in _TOKEN.findall(text) if not (t.isspace() or t.startswith(("//", "/*")))]


def _statements(tokens: list[str]) -> list[list[str]]:
    """Split at ; { } outside parentheses, brackets and array initialisers ("= {", "] {")."""
    out, current, depth, braces = [], [], 0, []
    for i, t in enumerate(tokens):
        if t == "{":
            initialiser = depth > 0 or (i > 0 and tokens[i - 1] in ("]", "=", ","))
            braces.append(initialiser)
            if initialiser:
                depth += 1
        elif t == "}" and braces and braces.pop():
            depth -= 1
            current.append(t)
            continue
        if t in "([":
            depth += 1
        elif t in ")]":
            depth -= 1
        if depth == 0 and t in (";", "{", "}"):
            if current:
                out.append(current)
            current = []
            continue
        current.append(t)
    if current:
        out.append(current)
    return out


def _split_args(tokens: list[str]) -> list[list[str]]:
    args: list[list[str]] = []
    current: list[str] = []
    depth = 0
    for t in tokens:
        if t in "([{":
            depth += 1
        elif t in ")]}":
            depth -= 1
        if t == "," and depth == 0:
            args.append(current)
            current = []
        else:
            current.append(t)
    if current:
        args.append(current)
    return args


def _call(tokens: list[str]) -> tuple[str, list[list[str]]] | None:
    """NAME(args) -> (NAME, args) when the tokens are exactly one call."""
    if len(tokens) >= 3 and tokens[1] == "(" and tokens[-1] == ")":
        return re.sub(r"\s+", "", tokens[0]), _split_args(tokens[2:-1])
    if len(tokens) >= 4 and tokens[0] == "new" and tokens[2] == "(" and tokens[-1] == ")":
        return "new " + tokens[1], _split_args(tokens[3:-1])
    return None


def _value(tokens: list[str]) -> Any:
    """A literal (string, number, bool, null, array) or an identifier reference."""
    if len(tokens) == 1:
        t = tokens[0]
        if t[0] in "\"'`":
            return bytes(t[1:-1], "utf-8").decode("unicode_escape") if "\\" in t else t[1:-1]
        if re.fullmatch(r"\d+", t):
            return int(t)
        if t in ("true", "false"):
            return t == "true"
        if t == "null":
            return None
        return _Ref(re.sub(r"\s+", "", t))
    if len(tokens) == 2 and tokens[0] == "-" and tokens[1].isdigit():
        return -int(tokens[1])
    if tokens and tokens[0] == "new" and "{" in tokens:  # Java: new Noun[] { a, b }
        return _value(tokens[tokens.index("{"):])
    if len(tokens) > 2 and re.sub(r"\s+", "", tokens[0]) in ("Arrays.asList", "List.of") \
            and tokens[1] == "(" and tokens[-1] == ")":
        return [_value(a) for a in _split_args(tokens[2:-1])]
    if tokens and tokens[0] in "[{" and tokens[-1] in "]}":
        return [_value(a) for a in _split_args(tokens[1:-1])]
    raise ValueError(" ".join(tokens))


class _Importer:
    def __init__(self, source: str):
        self.source = source
        self.puzzle: Puzzle | None = None
        self.meta: dict[str, Any] = {}
        self.vars: dict[str, Any] = {}
        self.untranslated: list[str] = []
        self.custom_links: set[str] = set()
        self.rules: dict[str, Any] = {}  # rule variable -> Rule

    # ------------------------------------------------------------ values
    def resolve(self, value: Any, where: str) -> Any:
        if isinstance(value, list):
            return [self.resolve(v, where) for v in value]
        if not isinstance(value, _Ref):
            return value
        name = value.name
        last = name.split(".")[-1]
        if last in ("With", "WITH") and name in ("With", "Link.With", "WITH", "Link.WITH"):
            return WITH
        if name.startswith("Verb.") or name in _VERBS:
            if last in _VERBS:
                return _VERBS[last]
        if name in self.custom_links:
            raise PuzzleError(f"uses the custom link '{name}'")
        if name in self.vars:
            return self.vars[name]
        raise PuzzleError(f"unknown name '{name}'")

    def need_puzzle(self) -> Puzzle:
        if self.puzzle is None:
            name = re.sub(r"\W", "", str(self.meta.get("name", "Imported"))) or "Imported"
            self.puzzle = Puzzle(name, str(self.meta.get("title", name)))
            for key in ("stars", "blurb", "author", "source"):
                if self.meta.get(key):
                    setattr(self.puzzle, key, self.meta[key])
        return self.puzzle

    # ------------------------------------------------------------ statements
    def run(self) -> Imported:
        for statement in _statements(_tokens(self.source)):
            try:
                self.statement(statement)
            except (PuzzleError, ValueError) as exc:
                text = " ".join(statement)
                self.untranslated.append(f"{self._label(statement)}{text[:120]}: {exc}")
        return Imported(self.need_puzzle(), self.untranslated)

    def _label(self, statement: list[str]) -> str:
        call = _call(statement[statement.index("=") + 1:] if "=" in statement else statement)
        if call and call[0].split(".")[-1] in (*_FACT_METHODS, "addRule") and call[1]:
            try:
                return f"clue {_value(call[1][0])}: "
            except ValueError:
                pass
        return ""

    def statement(self, s: list[str]) -> None:
        # new Puzzle("Name", "Title", stars, blurb, author, source), possibly assigned
        for i, t in enumerate(s):
            if t == "new" and i + 1 < len(s) and s[i + 1] == "Puzzle":
                call = _call(s[i:])
                if call:
                    keys = ("name", "title", "stars", "blurb", "author", "source")
                    for key, arg in zip(keys, call[1], strict=False):
                        self.meta[key] = _value(arg)
                return
        if len(s) >= 3 and s[1] == "=" or (len(s) >= 4 and s[2] == "="):
            at = s.index("=")
            lhs = re.sub(r"\s+", "", s[at - 1])
            self.assign(lhs, s[at + 1:])
            return
        call = _call(s)
        if call:
            self.call(None, call[0], call[1])
        elif s and s[0] in ("super",) and len(s) > 2:
            self.meta.update(zip(("name", "title"), (_value(a) for a in _split_args(s[2:-1])),
                                 strict=False))

    def assign(self, lhs: str, rhs: list[str]) -> None:
        target = lhs.split(".")
        if target[-1] in ("myName", "myTitle"):
            self.meta["name" if target[-1] == "myName" else "title"] = _value(rhs)
            return
        if target[-1] == "answer":
            self.need_puzzle().answer = _value(rhs)
            return
        if target[-1] == "name" and target[-2] in _VERBS:
            verb = _VERBS[target[-2]]
            key = {IS: "is_", IS_NOT: "is_not", MAYBE: "maybe"}[verb]
            self.need_puzzle().set_verb_names(**{key: _value(rhs)})
            return
        if target[-1] == "sayFact":
            self.untranslated.append("sayFact: the module words its facts with custom code; "
                                     "the imported facts use mm's standard wording")
            return
        if target[-1] in ("f", "getVerb") and len(target) == 2:
            self.set_function(target[0], rhs)
            return
        call = _call(rhs)
        if call:
            self.vars[lhs] = self.call(lhs, call[0], call[1])

    def set_function(self, name: str, rhs: list[str]) -> None:
        call = _call(rhs)
        owner, _, method = (call[0].rpartition(".") if call else ("", "", ""))
        if name in self.rules:
            rule = self.rules[name]
            if call and owner.lower() == "smartrule" and method in _SMART_RULES:
                args = [self.resolve(_value(a), name) for a in call[1][2:]]  # drop solver, rule
                factory = getattr(rules, _SMART_RULES[method])
                if method in ("getInSameGroup", "getInOppositeGroup"):
                    raise PuzzleError(f"SmartRule.{method} needs group labels mm cannot read")
                rule.constraint = factory(*args)
                return
            self.untranslated.append(f"clue {rule.clue}: rule '{rule.given_text}' is custom "
                                     "code and was left out")
            self.need_puzzle().remove(rule)
            return
        link = self.vars.get(name)
        if isinstance(link, Link):
            if call and owner == "SmartLink" and method in _SMART_LINKS:
                link.f = _SMART_LINKS[method](
                    *(_value(a) for a in call[1]))
                self.custom_links.discard(name)
                return
            self.custom_links.add(name)
            self.untranslated.append(f"link '{link.name}' is custom code; facts that use it "
                                     "were left out")
            return
        raise PuzzleError(f"'{name}.f' is set, but '{name}' is no link or rule")

    def call(self, lhs: str | None, name: str, args: list[list[str]]) -> Any:
        method = name.split(".")[-1]
        p = self.need_puzzle()
        if method == "addLink":
            link = p.add_link(_value(args[0]), self.resolve(_value(args[1]), name))
            if len(args) > 2:
                self.set_function_value(lhs, link, args[2])
            return link
        values = [_value(a) for a in args]
        if method == "addNounType":
            return p.add_noun_type(values[0])
        if method in ("addNoun", "addNouns"):
            owner = self.resolve(_Ref(name.rsplit(".", 1)[0]), name)
            if not isinstance(owner, NounType):
                raise PuzzleError(f"'{name}' is not a noun type's addNoun")
            if method == "addNouns":
                return owner.add_nouns(*values)
            return owner.add_noun(values[0], values[1] if len(values) > 1 else None)
        if method in _FACT_METHODS:
            resolved = [self.resolve(v, name) for v in values]
            if method == "addFact":
                resolved += [None] * (5 - len(resolved))
            return getattr(p, _FACT_METHODS[method])(*resolved)
        if method == "addRule":
            clue, text = values[0], values[1]
            rule = p.add_rule(str(clue), text)
            if lhs:
                self.rules[lhs] = rule
            return rule
        return None

    def set_function_value(self, lhs: str | None, link: Link, tokens: list[str]) -> None:
        key = lhs or f"link {link.name}"
        self.vars[key] = link
        self.set_function(key, tokens)


def import_module(path: str | Path) -> Imported:
    """Read a Mystery Master puzzle module (.js or .java) into a Puzzle."""
    source = read_text(path)
    return import_source(source)


def import_source(source: str) -> Imported:
    imported = _Importer(source).run()
    puzzle = imported.puzzle
    # a rule whose function never came is not translatable either
    for rule in list(puzzle.rules):
        if rule.constraint is None:
            imported.untranslated.append(f"clue {rule.clue}: rule '{rule.given_text}' has no "
                                         "SmartRule function and was left out")
            puzzle.remove(rule, renumber=True)
    # a link left without a function (custom code) goes; the facts that used it went already
    puzzle.remove(*(link for link in puzzle.links if link.num != 0 and link.f is None))
    return imported

