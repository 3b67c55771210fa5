"""The small, language-neutral shape of a Mystery Master puzzle module.

A puzzle module is a list of statements that build the puzzle: declarations with a value,
assignments and calls, whose arguments are names, member accesses, calls, literals and arrays.
The JavaScript and Java front ends (`module_js`, `module_java`) parse the real language and
map its syntax tree onto these nodes; anything else (a function, a lambda, an operator, a
loop) becomes `Custom` or an `"other"` statement, which the reader lists and never runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal


class Node:
    """An expression of a puzzle module."""


@dataclass(frozen=True)
class Name(Node):
    id: str


@dataclass(frozen=True)
class Member(Node):
    obj: Node
    prop: str


@dataclass(frozen=True)
class Call(Node):
    callee: Node
    args: tuple[Node, ...]


@dataclass(frozen=True)
class New(Node):
    """`new Cls(args)`."""

    cls: str
    args: tuple[Node, ...]


@dataclass(frozen=True)
class Lit(Node):
    """A string, number, boolean or null."""

    value: Any


@dataclass(frozen=True)
class Array(Node):
    """An array literal, `new Noun[] {...}` or an array initialiser."""

    items: tuple[Node, ...]


@dataclass(frozen=True)
class Custom(Node):
    """Code the reader does not translate (a function, a lambda, an operator, ...)."""

    what: str


@dataclass(frozen=True)
class Op(Node):
    """An operator: binary ("+", "==", "&&", ...), unary ("!", "-") or "?:" (condition,
    then, else). Read only inside a link function, whose table is worked out at read time."""

    op: str
    args: tuple[Node, ...]


@dataclass(frozen=True)
class Lambda(Node):
    """A function whose body is one expression: `(noun1, noun2) -> ...` in Java,
    `(noun1, noun2) => ...` or `function (noun1, noun2) { return ...; }` in JavaScript."""

    params: tuple[str, ...]
    body: Node


StmtKind = Literal["assign", "declare", "expr", "return", "method", "other", "skip", "dead"]


@dataclass(frozen=True)
class Stmt:
    """One statement: where it is, its text, and its parts.

    kind: "assign" (target = value, declarations with a value included), "declare" (a name
    without a value), "expr" (a call), "return", "method" (a function or method of its own:
    `name` is its name), "other" (anything else: a loop, an if, ...), "skip" (boilerplate
    that builds nothing: imports, "use strict", the prototype lines of the 2017 style),
    "dead" (after a return in the same body: never run, so not part of the puzzle).
    """

    kind: StmtKind
    line: int
    text: str
    target: Node | None = None
    value: Node | None = None
    name: str = ""
    children: tuple[Stmt, ...] = field(default=())  # a method's body, for "method"
    # names the statement may change (assigned, incremented, an array changed in place):
    # when it is not read, they have no known value after it
    modifies: tuple[str, ...] = ()


def before_return(body: list[Stmt]) -> list[Stmt]:
    """A body's statements with those after its first return marked "dead": they never
    run, so reading them would add clues the module does not have. Methods stay as they
    are (a function declared after the return is still defined)."""
    out: list[Stmt] = []
    returned = False
    for s in body:
        if returned and s.kind not in ("method", "skip"):
            s = Stmt("dead", s.line, s.text)  # noqa: PLW2901
        out.append(s)
        returned = returned or s.kind == "return"
    return out


def render(node: Node | None) -> str:
    """Source-like text of a node, for messages."""
    if node is None:
        return ""
    if isinstance(node, Name):
        return node.id
    if isinstance(node, Member):
        return f"{render(node.obj)}.{node.prop}"
    if isinstance(node, Call):
        return f"{render(node.callee)}({', '.join(render(a) for a in node.args)})"
    if isinstance(node, New):
        return f"new {node.cls}({', '.join(render(a) for a in node.args)})"
    if isinstance(node, Lit):
        if isinstance(node.value, str):
            return '"' + node.value.replace('"', '\\"') + '"'
        return "null" if node.value is None else str(node.value).lower() \
            if isinstance(node.value, bool) else str(node.value)
    if isinstance(node, Array):
        return "[" + ", ".join(render(a) for a in node.items) + "]"
    if isinstance(node, Custom):
        return f"<{node.what}>"
    if isinstance(node, Op):
        if node.op == "?:" and len(node.args) == 3:
            return f"({render(node.args[0])} ? {render(node.args[1])} : {render(node.args[2])})"
        if len(node.args) == 1:
            return f"{node.op}{render(node.args[0])}"
        return "(" + f" {node.op} ".join(render(a) for a in node.args) + ")"
    if isinstance(node, Lambda):
        return f"({', '.join(node.params)}) -> {render(node.body)}"
    return "?"


def one_line(text: str, limit: int = 200) -> str:
    """Statement text on one line, cut to `limit` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."
