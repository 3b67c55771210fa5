"""Import Mystery Master puzzle modules (JavaScript, ES module or Java) without running them.

The module is parsed with a real parser of its language (`module_js`, `module_java`) into a
few statement shapes, which are then read one by one: noun types and nouns, links with
their SmartLink, facts (`addFact` and its variants, lists from `getList(...)`, array
literals or local variables), rules with their SmartRule (static `SmartRule.getX(puzzle,
rule, ...)` or on an instance, `smartRule.getX(rule, ...)`), verb names and the answer.

Exact or absent: a statement that is not translated exactly (custom code, an unknown call,
a wrong argument) is left out and listed in `puzzle.not_read`, with its line, its text and
the reason; so is every statement that uses what was left out. Custom fact wording
(`sayFact`) and helper code constrain nothing: they are listed as "not used". A module whose
structure (noun types, nouns, answer) cannot be read, or that does not parse, is refused.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mm.deadline import Deadline, deadline_of, stopping_at
from mm.errors import PuzzleError, PuzzleLoadError
from mm.formats import module_java, module_js
from mm.formats.files import read_text
from mm.formats.module_ast import (
    Array,
    Call,
    Custom,
    Lambda,
    Lit,
    Member,
    Name,
    New,
    Node,
    Op,
    Stmt,
    one_line,
    render,
)
from mm.formats.module_links import NotTranslated, tabulate
from mm.model import rules
from mm.model.elements import Fact, Noun, Rule
from mm.model.links import SMART_LINKS
from mm.model.puzzle_data import WITH, Link, NounType
from mm.model.unread import NOT_USED, NotRead
from mm.model.verbs import IS, IS_NOT, MAYBE, Verb
from mm.puzzle import Puzzle

_SMART_LINKS = {getter: factory for factory, getter in SMART_LINKS.values()}
_VERBS = {"Is": IS, "IsNot": IS_NOT, "Maybe": MAYBE, "IS": IS, "IS_NOT": IS_NOT,
          "MAYBE": MAYBE}
_VERB_KEYS = {IS: "is_", IS_NOT: "is_not", MAYBE: "maybe"}
_META = ("name", "title", "stars", "blurb", "author", "source")


class _Namespace:
    """A name the module uses without defining it: the puzzle (`this`), `SmartLink`, ..."""

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return self.name


PUZZLE, SOLVER = _Namespace("the puzzle"), _Namespace("the solver")
SMART_LINK, SMART_RULE = _Namespace("SmartLink"), _Namespace("SmartRule")
VERB, LINK = _Namespace("Verb"), _Namespace("Link")
LISTS = _Namespace("Arrays")  # Arrays.asList, List.of
_GLOBALS: dict[str, Any] = {"this": PUZZLE, "super": PUZZLE, "solver": SOLVER,
                            "SmartLink": SMART_LINK, "SmartRule": SMART_RULE,
                            "smartRule": SMART_RULE, "Verb": VERB, "Link": LINK,
                            "Arrays": LISTS, "List": LISTS, "Helper": LISTS,
                            "With": WITH, "WITH": WITH, **_VERBS}


class _NotRead(Exception):
    """This statement is not translated (it is listed, the rest goes on)."""


class _Structure(Exception):
    """The puzzle's structure cannot be read: the module is refused."""


@dataclass(frozen=True)
class _Unread:
    """A name whose definition was not read: what uses it is not read either."""

    name: str
    line: int


@dataclass(frozen=True)
class _LinkFunction:
    f: Callable[..., Any]


@dataclass(frozen=True)
class _Constraint:
    condition: rules.Condition


@dataclass
class Imported:
    """A module's puzzle (with `puzzle.not_read`) and, for older callers, those items as
    text lines."""

    puzzle: Puzzle
    untranslated: list[str] = field(default_factory=list)


# ----------------------------------------------------------------------- argument kinds
def _is_noun_list(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, Noun) for x in v)


_KINDS: dict[str, tuple[str, Callable[[Any], bool]]] = {
    "clue": ("a clue number string", lambda v: isinstance(v, str | int)
             and not isinstance(v, bool)),
    "str": ("a string", lambda v: isinstance(v, str)),
    "str?": ("a string or null", lambda v: v is None or isinstance(v, str)),
    "int": ("an integer", lambda v: isinstance(v, int) and not isinstance(v, bool)),
    "bool": ("true or false", lambda v: isinstance(v, bool)),
    "noun": ("a noun", lambda v: isinstance(v, Noun)),
    "nouns": ("a noun or a list of nouns", lambda v: isinstance(v, Noun) or _is_noun_list(v)),
    "list": ("a list of nouns", _is_noun_list),
    "lists": ("a list of lists of nouns", lambda v: isinstance(v, list)
              and all(_is_noun_list(x) for x in v)),
    "list|type": ("a list of nouns or a noun type", lambda v: _is_noun_list(v)
                  or isinstance(v, NounType)),
    "type": ("a noun type", lambda v: isinstance(v, NounType)),
    "verb": ("a verb (Is, IsNot)", lambda v: isinstance(v, Verb)),
    "link": ("a link", lambda v: v is WITH or isinstance(v, Link)),
    "any": ("anything", lambda v: True),
    "groups": ("an array of group numbers", lambda v: isinstance(v, list)
               and all(isinstance(x, int | str) and not isinstance(x, bool) for x in v)),
}

# puzzle methods that add facts: mm method, parameter kinds (required, then optional)
_FACT_METHODS: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    "addFact": ("add_fact", ("clue", "nouns", "verb", "link"), ("nouns", "str?", "bool")),
    "addFactsInSequence": ("add_facts_in_sequence", ("clue", "list", "verb", "link"),
                           ("str?", "bool")),
    "addFactsOneToOne": ("add_facts_one_to_one",
                         ("clue", "list|type", "verb", "link", "list|type"), ("str?", "bool")),
    "addFactsStartsWith": ("add_facts_starts_with", ("clue", "noun", "type", "bool", "str"),
                           ("str?", "bool")),
    "addFactsIsNotFirstChar": ("add_facts_is_not_first_char", ("clue", "type", "type", "bool"),
                               ("str?", "bool")),
    "addFactsNotConsecutive": ("add_facts_not_consecutive", ("clue", "list", "link"),
                               ("str?", "bool")),
}

# SmartRule getters (after the puzzle and the rule): mm factory and parameter kinds
_SMART_RULES: dict[str, tuple[Callable[..., rules.Condition], tuple[str, ...]]] = {
    "getMatchAtLeastOne": (rules.match_at_least_one, ("noun", "list")),
    "getMatchOneToExactlyOne": (rules.match_one_to_exactly_one, ("list", "list")),
    "getMatchOneToOne": (rules.match_one_to_one, ("list", "list")),
    "getMatchOneList": (rules.match_one_list, ("list", "lists")),
    "getIsNotBetween": (rules.is_not_between, ("type", "noun", "noun", "noun")),
    "getIsRelated": (rules.is_related, ("noun", "link", "list")),
    "getInSameGroup": (rules.in_same_group, ("noun", "noun", "type", "groups")),
    "getInOppositeGroup": (rules.in_opposite_group, ("noun", "noun", "type", "groups")),
}

_LIST_HELPERS = ("getList", "asList", "of", "getListExcept")
_LIST_CLASSES = ("ArrayList", "LinkedList", "Vector")


def _check(call: str, args: list[Any], required: tuple[str, ...],
           optional: tuple[str, ...] = ()) -> None:
    """Raise _NotRead naming the argument when the arity or a type is wrong."""
    if not len(required) <= len(args) <= len(required) + len(optional):
        want = f"{len(required)}" if not optional else \
            f"{len(required)} to {len(required) + len(optional)}"
        raise _NotRead(f"{call} takes {want} arguments, got {len(args)}")
    for i, (value, kind) in enumerate(zip(args, required + optional, strict=False)):
        what, test = _KINDS[kind]
        if not test(value):
            raise _NotRead(f"{call}: argument {i + 1} should be {what}, got {_describe(value)}")


def _describe(value: Any) -> str:
    if isinstance(value, Noun | NounType | Link):
        return f"{type(value).__name__.lower()} '{value.name}'"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, _Namespace):
        return repr(value)
    return repr(value)[:40]


# ----------------------------------------------------------------------- the reader
class _Reader:
    def __init__(self, language: str = "js") -> None:
        self.language = language
        self.meta: dict[str, Any] = {}
        self.puzzle: Puzzle | None = None
        self.vars: dict[str, Any] = {}
        self.not_read: list[NotRead] = []
        self.rule_lines: dict[int, int] = {}  # id(rule) -> line of its addRule
        self.custom_links: dict[int, int] = {}  # id(link) -> line where its code is
        # links set to a function: read again at the end, with the names' last values (the
        # function runs when the puzzle is solved, after the module has run to its end)
        self.lambda_links: dict[int, tuple[Link, Lambda, int]] = {}
        self.puzzles_made = 0
        # (noun type, its size then, line): the list mm reads is a copy; the module's
        # array grows with later addNoun calls
        self.nouns_read: list[tuple[NounType, int, int]] = []
        self.stmt: Stmt | None = None
        self.helpers: dict[str, Lambda] = {}  # methods that only return a link function
        self.answer_line = 0

    # ------------------------------------------------------------- bookkeeping
    def need_puzzle(self) -> Puzzle:
        if self.puzzle is None:
            name = _puzzle_name(self.meta.get("name"))
            title = self.meta.get("title")
            self.puzzle = Puzzle(name, title if isinstance(title, str) and title else name)
            for key in ("stars", "blurb", "author", "source"):
                if self.meta.get(key) is not None:
                    setattr(self.puzzle, key, self.meta[key])
        return self.puzzle

    def note(self, where: str, text: str, reason: str) -> None:
        self.not_read.append(NotRead(where, one_line(text), reason))

    def run(self, statements: list[Stmt]) -> Puzzle:
        self.helpers = {s.name: s.value for s in statements
                        if s.kind == "method" and isinstance(s.value, Lambda)}
        for s in statements:
            self.stmt = s
            try:
                self.statement(s)
            except _Structure as exc:
                raise PuzzleLoadError(f"line {s.line}: {exc}") from None
            except _NotRead as exc:
                self.not_read_statement(s, str(exc))
            except PuzzleError as exc:  # the model refused it (a validation message)
                self.not_read_statement(s, str(exc))
        return self.finish()

    def not_read_statement(self, s: Stmt, reason: str) -> None:
        clue = _clue_of(s)
        where = f"clue {clue}, line {s.line}" if clue else f"line {s.line}"
        self.note(where, s.text, reason)
        if s.kind == "assign" and isinstance(s.target, Name):
            self.vars[s.target.id] = _Unread(s.target.id, s.line)
        for name in s.modifies:  # changed by code not read: no known value after it
            if name in self.vars:
                self.vars[name] = _Unread(name, s.line)

    def finish(self) -> Puzzle:
        p = self.need_puzzle()
        for kind, size, line in self.nouns_read:
            if len(kind.nouns) != size:
                raise PuzzleLoadError(f"line {line}: the nouns of '{kind.name}' are read "
                                      f"when it has {size} of them; nouns added later would "
                                      "be in the module's list, not in mm's copy")
        self.read_links_again()
        self.check_answer(p)
        for rule in list(p.rules):
            if rule.constraint is None:
                line = self.rule_lines.get(id(rule), 0)
                self.note(_where(rule.clue, line), rule.given_text,
                          "the rule has no SmartRule function (custom code or none)")
                p.remove(rule)
        dropped = [f for f in p.facts if f.link is not WITH and f.link.num != 0
                   and f.link.f is None]
        for fact in dropped:
            self.note(_where(fact.clue), fact.text,
                      f"uses the link '{fact.link.name}', whose function is not read")
        p.remove(*dropped)
        p.remove(*(link for link in p.links if link.num != 0 and link.f is None),
                 renumber=True)  # rules were left out as they came: number them 1, 2, ...
        p.not_read = list(self.not_read)
        return p

    # ------------------------------------------------------------- statements
    def statement(self, s: Stmt) -> None:
        if s.kind in ("skip", "declare"):
            if s.kind == "declare" and isinstance(s.target, Name):
                self.vars.setdefault(s.target.id, None)
            return
        if s.kind == "dead":
            self.note(f"line {s.line}", s.text, f"{NOT_USED}: after the return, never run")
            return
        if s.kind == "return":
            if s.value is None or self.value(s.value) is PUZZLE:
                return
            raise _NotRead("a return of something other than the puzzle")
        if s.kind == "method":
            if s.name in self.helpers:
                return  # read where a link uses it
            if s.name == "sayFact":
                self.note(f"line {s.line}", "sayFact",
                          f"{NOT_USED}: custom fact wording (mm words the facts itself)")
            else:
                self.note(f"line {s.line}", s.text.split("{")[0] or s.name,
                          f"{NOT_USED}: the helper '{s.name}' is custom code, never run")
            return
        if s.kind == "other":
            raise _NotRead("custom code (not a statement of the puzzle model)")
        if s.kind == "expr":
            assert s.value is not None
            self.value(s.value)
            return
        assert s.target is not None and s.value is not None
        self.assign(s.target, s.value)

    def assign(self, target: Node, value_node: Node) -> None:
        if isinstance(target, Name):
            if target.id in ("myName", "myTitle"):
                self.set_meta("name" if target.id == "myName" else "title", value_node)
            elif target.id == "answer" and target.id not in self.vars:
                self.set_answer(value_node)
            elif target.id in _GLOBALS and target.id not in self.vars \
                    and target.id not in ("this", "solver"):
                raise _NotRead(f"assigns to '{target.id}', which mm reads as a keyword")
            else:
                self.vars[target.id] = self.value(value_node)
            return
        if not isinstance(target, Member):
            raise _NotRead("an assignment mm does not read")
        owner = self.value(target.obj)
        prop = target.prop
        if owner is PUZZLE:
            if prop in ("myName", "myTitle"):
                self.set_meta("name" if prop == "myName" else "title", value_node)
            elif prop == "answer":
                self.set_answer(value_node)
            elif prop == "sayFact":
                self.note(f"line {self.line}", "sayFact",
                          f"{NOT_USED}: custom fact wording (mm words the facts itself)")
            else:
                raise _NotRead(f"sets the puzzle's '{prop}', which mm does not read")
            return
        if isinstance(owner, Verb) and prop == "name":
            name = self.value(value_node)
            if not isinstance(name, str) or not name.strip():
                raise _NotRead("a verb's name must be a non-empty string")
            self.need_puzzle().set_verb_names(**{_VERB_KEYS[owner]: name})
            return
        if prop == "f" and isinstance(owner, Rule):
            self.set_rule(owner, value_node)
            return
        if prop == "f" and isinstance(owner, Link):
            self.set_link(owner, value_node)
            return
        raise _NotRead(f"sets '{render(target)}', which mm does not read")

    @property
    def line(self) -> int:
        return self.stmt.line if self.stmt else 0

    def set_meta(self, key: str, node: Node) -> None:
        value = self.value(node)
        if not isinstance(value, str):
            raise _Structure(f"the puzzle's {key} must be a string")
        self.meta[key] = value
        if self.puzzle is not None:
            setattr(self.puzzle, key, value if key == "title" else _puzzle_name(value))

    def set_answer(self, node: Node) -> None:
        answer = self.value(node)
        if answer is None:  # answer = null: the author gives none
            self.need_puzzle().answer = None
            return
        if not (isinstance(answer, list) and all(
                isinstance(row, list) and all(isinstance(x, int) and not isinstance(x, bool)
                                              for x in row) for row in answer)):
            raise _Structure("the answer must be an array of arrays of integers")
        self.need_puzzle().answer = answer
        self.answer_line = self.line

    def check_answer(self, p: Puzzle) -> None:
        """The published answer, once every noun type is known: rows past the last type are
        ignored, and an answer that does not fit is left out (both listed, never fatal)."""
        if p.answer is None:
            return
        want, line = len(p.noun_types) - 1, self.answer_line
        if len(p.answer) > want:  # rows past the last noun type encode nothing
            self.note(f"line {line}", f"answer row(s) {want + 1}..{len(p.answer)}",
                      f"{NOT_USED}: the answer has {len(p.answer)} rows for the {want} noun "
                      "types after the first; the extra rows are ignored")
            p.answer = p.answer[:want]
        try:
            p._check_answer_shape()
        except PuzzleError as exc:
            p.answer = None
            self.note(f"line {line}", "answer",
                      f"{NOT_USED}: the published answer does not fit the puzzle ({exc}); the "
                      "puzzle is solved without it")

    def set_rule(self, rule: Rule, node: Node) -> None:
        try:
            value = self.value(node)
        except (_NotRead, PuzzleError) as exc:
            self.drop_rule(rule, str(exc))
            return
        if not isinstance(value, _Constraint):
            self.drop_rule(rule, "custom code (a rule function)")
            return
        rule.constraint = value.condition

    def drop_rule(self, rule: Rule, reason: str) -> None:
        text = rule.given_text if rule.given_text else rule.text
        self.note(_where(rule.clue, self.line), text, reason)
        self.need_puzzle().remove(rule)

    def set_link(self, link: Link, node: Node) -> None:
        if isinstance(node, Call) and isinstance(node.callee, Name) and not node.args \
                and node.callee.id in self.helpers and node.callee.id not in self.vars:
            node = self.helpers[node.callee.id]  # link.f = getIsNextTo();
        if isinstance(node, Lambda):
            self.lambda_links[id(link)] = (link, node, self.line)
            try:
                link.f = tabulate(node, link.noun_type.nouns, self.lookup)
            except NotTranslated as exc:
                link.f = None
                self.custom_links[id(link)] = self.line
                raise _NotRead(f"the link '{link.name}' is custom code that is not read "
                               f"({exc}); facts and rules that use it are not read") from None
            self.custom_links.pop(id(link), None)
            return
        value = self.value(node) if not isinstance(node, Custom) else node
        if isinstance(value, _LinkFunction):
            link.f = value.f
            self.custom_links.pop(id(link), None)
            return
        link.f = None
        self.custom_links[id(link)] = self.line
        what = f" ({node.what})" if isinstance(node, Custom) else ""
        raise _NotRead(f"the link '{link.name}' is custom code{what}; facts and rules that "
                       "use it are not read")

    def read_links_again(self) -> None:
        """A link's function reads the module's names when the puzzle is solved: with the
        values they have at the end (a noun variable set again after addLink, nouns added
        after it), not those they had when the link was set."""
        for link, node, line in self.lambda_links.values():
            if id(link) in self.custom_links:
                continue
            try:
                link.f = tabulate(node, link.noun_type.nouns, self.lookup)
            except NotTranslated as exc:
                link.f = None
                self.custom_links[id(link)] = line
                self.note(f"line {line}", render(node),
                          f"the link '{link.name}' is custom code that is not read ({exc}) "
                          "once the module has run; facts and rules that use it are not read")

    def lookup(self, name: str) -> Any:
        """A name's value for a link function (NotTranslated when it has none)."""
        try:
            return self.name(name)
        except _NotRead as exc:
            raise NotTranslated(str(exc)) from None

    # ------------------------------------------------------------- values
    def value(self, node: Node) -> Any:
        if isinstance(node, Lit):
            return node.value
        if isinstance(node, Array):
            return [self.value(item) for item in node.items]
        if isinstance(node, Name):
            return self.name(node.id)
        if isinstance(node, Member):
            owner = self.value(node.obj)
            if owner is VERB and node.prop in _VERBS:
                return _VERBS[node.prop]
            if owner is LINK and node.prop in ("With", "WITH"):
                return WITH
            if isinstance(owner, NounType) and node.prop == "nouns":
                self.nouns_read.append((owner, len(owner.nouns), self.line))
                return list(owner.nouns)  # a noun type's nouns, as a list
            if owner is SMART_LINK or owner is SMART_RULE:
                raise _NotRead(f"'{render(node)}' is used without being called")
            raise _NotRead(f"'{render(node)}' is not part of the puzzle model mm reads")
        if isinstance(node, Call):
            return self.call(node)
        if isinstance(node, New):
            if node.cls == "Puzzle":
                self.puzzles_made += 1
                if self.puzzles_made > 1:
                    raise _Structure("a second 'new Puzzle(...)': mm reads one puzzle a "
                                     "module, and cannot tell which calls go to which")
                for key, arg in zip(_META, node.args, strict=False):
                    v = self.value(arg)
                    if v is not None:
                        self.meta[key] = v
                return PUZZLE
            if node.cls in _LIST_CLASSES:  # new ArrayList<>() or new ArrayList<>(list)
                args = [self.value(a) for a in node.args]
                if not args:
                    return []
                if len(args) == 1 and isinstance(args[0], list):
                    return list(args[0])
            raise _NotRead(f"'new {node.cls}(...)' is not part of the puzzle model")
        if isinstance(node, Custom):
            raise _NotRead(f"custom code ({node.what})")
        if isinstance(node, Op):
            raise _NotRead(f"custom code (an expression with '{node.op}')")
        if isinstance(node, Lambda):
            raise _NotRead(f"custom code (a function: {one_line(render(node.body), 80)})")
        raise _NotRead("an expression mm does not read")

    def name(self, name: str) -> Any:
        if name in self.vars:
            value = self.vars[name]
            if isinstance(value, _Unread):
                raise _NotRead(f"uses '{name}', which was not read (line {value.line})")
            if isinstance(value, Link) and id(value) in self.custom_links:
                raise _NotRead(f"uses the link '{value.name}', which is custom code "
                               f"(line {self.custom_links[id(value)]})")
            if value is None:
                raise _NotRead(f"uses '{name}' before it has a value")
            return value
        if name in _GLOBALS:
            return _GLOBALS[name]
        raise _NotRead(f"unknown name '{name}'")

    # ------------------------------------------------------------- calls
    def call(self, node: Call) -> Any:
        callee = node.callee
        if isinstance(callee, Name):
            owner: Any = PUZZLE if callee.id not in self.vars else None
            method = callee.id
            if callee.id == "super":
                self.value(New("Puzzle", node.args))
                return None
        elif isinstance(callee, Member):
            owner, method = self.value(callee.obj), callee.prop
        else:
            raise _NotRead(f"a call mm does not read: {render(node)}")
        shown = render(callee)
        if isinstance(owner, list) and method in ("add", "push") and len(node.args) == 1:
            owner.append(self.value(node.args[0]))  # list.add(noun) on a list of the module
            return True
        if owner is SMART_LINK:
            return self.smart_link(method, [self.value(a) for a in node.args], shown)
        if owner is SMART_RULE:
            return self.smart_rule(method, [self.value(a) for a in node.args], shown)
        if method in _LIST_HELPERS and owner in (PUZZLE, LISTS):
            return self.list_helper(method, [self.value(a) for a in node.args], shown)
        if isinstance(owner, NounType) and method in ("addNoun", "addNouns"):
            return self.add_noun(owner, method, node.args, shown)
        if owner is PUZZLE and method == "addNounType":
            args = [self.value(a) for a in node.args]
            if len(args) != 1 or not isinstance(args[0], str):
                raise _Structure(f"{shown} takes one argument, the noun type's name")
            try:
                return self.need_puzzle().add_noun_type(args[0])
            except PuzzleError as exc:
                raise _Structure(str(exc)) from None
        if owner is PUZZLE and method == "addLink":
            return self.add_link(node.args, shown)
        if owner is PUZZLE and method in _FACT_METHODS:
            return self.add_facts(method, [self.value(a) for a in node.args], shown)
        if owner is PUZZLE and method == "addRule":
            args = [self.value(a) for a in node.args]
            _check(shown, args, ("clue", "str"), ("any", "bool"))
            rule = self.need_puzzle().add_rule(str(args[0]), args[1],
                                               enabled=args[3] if len(args) > 3 else True)
            self.rule_lines[id(rule)] = self.line
            return rule
        raise _NotRead(f"unknown call '{shown}'")

    def add_noun(self, owner: NounType, method: str, arg_nodes: tuple[Node, ...],
                 shown: str) -> Any:
        try:
            args = [self.value(a) for a in arg_nodes]
        except _NotRead as exc:
            raise _Structure(f"{shown}: {exc}") from None
        if method == "addNouns":
            if not args or not all(isinstance(a, str) for a in args):
                raise _Structure(f"{shown} takes the nouns' names")
            return owner.add_nouns(*args)
        if not 1 <= len(args) <= 2 or not all(isinstance(a, str) for a in args):
            raise _Structure(f"{shown} takes a name and an optional title (strings), got "
                             f"{len(args)} argument(s)")
        try:
            return owner.add_noun(*args)
        except PuzzleError as exc:
            raise _Structure(str(exc)) from None

    def add_link(self, arg_nodes: tuple[Node, ...], shown: str) -> Link:
        function = arg_nodes[2] if len(arg_nodes) == 3 else None
        args = [self.value(a) for a in arg_nodes[:2]]
        if len(arg_nodes) not in (2, 3):
            raise _NotRead(f"{shown} takes 2 or 3 arguments, got {len(arg_nodes)}")
        _check(shown, args, ("str", "type"))
        link = self.need_puzzle().add_link(args[0], args[1])
        if function is not None:
            self.set_link(link, function)
        return link

    def add_facts(self, method: str, args: list[Any], shown: str) -> list[Fact]:
        name, required, optional = _FACT_METHODS[method]
        if method == "addFact" and len(args) >= 5 and isinstance(args[4], str):
            if self.language != "java":  # JavaScript takes it as the second noun: no text
                raise _NotRead(f"{shown}: the fifth argument is the second noun in Mystery "
                               "Master's JavaScript, and a string is not a noun")
            # Java's addFact(clue, nouns, verb, link, text[, enabled]): every pair of the list
            args = [*args[:4], None, *args[4:]]
        _check(shown, args, required, optional)
        if method == "addFact" and len(args) < 5:
            args.append(None)
        if method == "addFact" and args[4] is None and not isinstance(args[1], list):
            raise _NotRead(f"{shown}: without a second noun, the first must be a list")
        args[0] = str(args[0])
        keys = ("text", "enabled")
        fixed = len(required) + (1 if method == "addFact" else 0)
        positional, extra = args[:fixed], dict(zip(keys, args[fixed:], strict=False))
        if extra.get("text") is None:
            extra.pop("text", None)
        return getattr(self.need_puzzle(), name)(*positional, **extra)

    def list_helper(self, method: str, args: list[Any], shown: str) -> list[Any]:
        if method == "getListExcept":
            _check(shown, args, ("list", "list"))
            return [x for x in args[0] if not any(x is y for y in args[1])]
        if len(args) == 1 and isinstance(args[0], list):
            return list(args[0])  # getList(new Noun[] {...})
        for i, arg in enumerate(args):
            if not isinstance(arg, Noun | list):
                raise _NotRead(f"{shown}: argument {i + 1} should be a noun or a list, got "
                               f"{_describe(arg)}")
        return list(args)

    def smart_link(self, method: str, args: list[Any], shown: str) -> _LinkFunction:
        factory = _SMART_LINKS.get(method)
        if factory is None:
            raise _NotRead(f"unknown SmartLink '{shown}'")
        params = inspect.signature(factory).parameters
        required = tuple("int" for p in params.values() if p.default is inspect.Parameter.empty)
        optional = tuple("int" for p in params.values()
                         if p.default is not inspect.Parameter.empty)
        _check(shown, args, required, optional)
        return _LinkFunction(factory(*args))

    def smart_rule(self, method: str, args: list[Any], shown: str) -> _Constraint:
        entry = _SMART_RULES.get(method)
        if entry is None:
            raise _NotRead(f"unknown SmartRule '{shown}'")
        factory, kinds = entry
        if args and args[0] in (PUZZLE, SOLVER):
            args = args[1:]  # SmartRule.getX(puzzle, rule, ...)
        if args and isinstance(args[0], Rule):
            args = args[1:]
        if method in ("getInSameGroup", "getInOppositeGroup") and len(args) >= 4:
            args = args[:4]  # the group's name and its labels only word the messages
        _check(shown, args, kinds)
        if method in ("getInSameGroup", "getInOppositeGroup") \
                and len(args[3]) != len(args[2].nouns):
            raise _NotRead(f"{shown}: {len(args[3])} group numbers for the "
                           f"{len(args[2].nouns)} nouns of '{args[2].name}'")
        try:
            condition = factory(*args)
            if isinstance(condition, rules.SmartRule):
                condition.decompose()  # a bad argument shows here, not later while solving
        except (PuzzleError, TypeError, ValueError, AttributeError, IndexError, KeyError) \
                as exc:  # the arguments passed the checks above, but the rule refused them
            raise _NotRead(f"{shown}: {exc}") from None
        return _Constraint(condition)


def _where(clue: str, line: int | None = None) -> str:
    """"clue 4, line 12"; "line 12" when the clue number is empty."""
    parts = ([f"clue {clue}"] if clue else []) + ([f"line {line}"] if line else [])
    return ", ".join(parts) or "a statement"


def _puzzle_name(value: Any) -> str:
    """A puzzle name from the module's (letters, digits and _ only), "Imported" if none."""
    return "".join(c for c in str(value or "") if c.isalnum() or c == "_") or "Imported"


def _clue_of(s: Stmt) -> str | None:
    """The clue number of a fact or rule statement, when it is a literal."""
    node = s.value
    if isinstance(node, Call) and node.args and isinstance(node.args[0], Lit):
        name = node.callee.id if isinstance(node.callee, Name) else \
            node.callee.prop if isinstance(node.callee, Member) else ""
        if name in _FACT_METHODS or name == "addRule":
            value = node.args[0].value
            if isinstance(value, str | int) and not isinstance(value, bool):
                return str(value)
    return None


# ----------------------------------------------------------------------- entry points
def language_of(path: str | Path) -> str:
    """"java" for .java files, else "js"."""
    return "java" if Path(path).suffix.lower() == ".java" else "js"


def read_module(path: str | Path, time_limit: Deadline | float | None = None) -> Puzzle:
    """Read a Mystery Master puzzle module (.js, .mjs or .java) into a Puzzle whose
    `not_read` lists what was left out. A module that cannot be read at all raises
    PuzzleLoadError naming the file and line; with a time limit, TimeLimitReached once it
    is spent (the parsers cannot look at the clock: they are stopped from outside)."""
    deadline = deadline_of(time_limit)
    source = read_text(path, deadline)
    try:
        with stopping_at(deadline, f"reading {path}"):
            return read_source(source, language_of(path))
    except PuzzleLoadError as exc:
        raise PuzzleLoadError(f"{path}: {exc}") from None


def read_source(source: str, language: str = "js") -> Puzzle:
    """Read a module's source text ("js" or "java"); see `read_module`."""
    parse = module_java.parse if language == "java" else module_js.parse
    statements = parse(source)
    try:
        return _Reader(language).run(statements)
    except RecursionError:
        raise PuzzleLoadError("the module is nested too deeply to read") from None


def import_module(path: str | Path) -> Imported:
    """`read_module`, with the items not read also as text lines (older callers)."""
    puzzle = read_module(path)
    return Imported(puzzle, [str(item) for item in puzzle.not_read])


def import_source(source: str, language: str = "js") -> Imported:
    puzzle = read_source(source, language)
    return Imported(puzzle, [str(item) for item in puzzle.not_read])
