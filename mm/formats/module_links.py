"""A module's own link function, read exactly: `(noun1, noun2) -> ... ? Is : IsNot`.

The author writes many links as one expression over the two nouns' numbers
(`noun1.num == noun2.num + 1 && noun1.num != 4`). Such a function is never run as code:
its expression is evaluated here, by a small interpreter of integer arithmetic,
comparisons and logic, for every pair of nouns of the link's type, at read time. The link
then holds that table. Anything else in the body (a call other than Math.abs/min/max, a
field other than `num`, a division, a string) makes the function "not translated", and the
reader lists it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mm.formats.module_ast import Call, Lambda, Lit, Member, Name, Node, Op, render
from mm.model.elements import Noun
from mm.model.verbs import IS, IS_NOT, Verb


class NotTranslated(Exception):
    """The function uses something the interpreter does not read (the message says what)."""


_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "==": lambda a, b: a is b if isinstance(a, Noun) or isinstance(b, Noun) else a == b,
    "!=": lambda a, b: a is not b if isinstance(a, Noun) or isinstance(b, Noun) else a != b,
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}
_ARITH: dict[str, Callable[[int, int], int]] = {
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
    # Java's and JavaScript's % truncate toward zero (Python's floors)
    "%": lambda a, b: a - b * int(a / b),
}
_MATH: dict[str, Callable[..., int]] = {"abs": abs, "min": min, "max": max}


def _int(value: Any, node: Node) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotTranslated(f"'{render(node)}' is not a whole number")
    return value


def _truth(value: Any, node: Node) -> bool:
    if isinstance(value, Verb):
        if value is IS or value is IS_NOT:
            return value is IS
        raise NotTranslated(f"'{render(node)}' is neither Is nor IsNot")
    if not isinstance(value, bool):
        raise NotTranslated(f"'{render(node)}' is not true or false")
    return value


class _Interpreter:
    def __init__(self, params: tuple[str, ...], lookup: Callable[[str], Any]):
        self.params = params
        self.lookup = lookup
        self.env: dict[str, Noun] = {}

    def eval(self, node: Node) -> Any:
        if isinstance(node, Lit):
            if isinstance(node.value, bool) or (isinstance(node.value, int)):
                return node.value
            raise NotTranslated(f"the literal {render(node)} is not a whole number or boolean")
        if isinstance(node, Name):
            if node.id in self.env:
                return self.env[node.id]
            value = self.lookup(node.id)
            if isinstance(value, Noun | Verb):
                return value
            raise NotTranslated(f"'{node.id}' is not a noun, Is or IsNot")
        if isinstance(node, Member):
            if node.prop == "num":
                owner = self.eval(node.obj)
                if isinstance(owner, Noun):
                    return owner.num
            if isinstance(node.obj, Name) and node.obj.id == "Verb" \
                    and node.prop in ("Is", "IsNot", "IS", "IS_NOT"):
                return IS if node.prop in ("Is", "IS") else IS_NOT
            raise NotTranslated(f"'{render(node)}' (only a noun's num is read)")
        if isinstance(node, Call):
            callee = node.callee
            if isinstance(callee, Member) and isinstance(callee.obj, Name) \
                    and callee.obj.id == "Math" and callee.prop in _MATH and node.args:
                return _MATH[callee.prop](*(_int(self.eval(a), a) for a in node.args))
            raise NotTranslated(f"the call '{render(node)}'")
        if isinstance(node, Op):
            return self.op(node)
        raise NotTranslated(f"'{render(node)}'")

    def op(self, node: Op) -> Any:
        op, args = node.op, node.args
        if op == "?:" and len(args) == 3:
            return self.eval(args[1] if _truth(self.eval(args[0]), args[0]) else args[2])
        if op == "!" and len(args) == 1:
            return not _truth(self.eval(args[0]), args[0])
        if op == "-" and len(args) == 1:
            return -_int(self.eval(args[0]), args[0])
        if len(args) != 2:
            raise NotTranslated(f"the operator '{op}'")
        if op in ("&&", "||"):
            left = _truth(self.eval(args[0]), args[0])
            if left == (op == "||"):
                return left
            return _truth(self.eval(args[1]), args[1])
        a, b = self.eval(args[0]), self.eval(args[1])
        if op in ("==", "!=") and isinstance(a, Noun | Verb) and isinstance(b, Noun | Verb):
            return _COMPARE[op](a, b)
        if op in _COMPARE:
            return _COMPARE[op](_int(a, args[0]), _int(b, args[1]))
        if op in _ARITH:
            x, y = _int(a, args[0]), _int(b, args[1])
            if op == "%" and y == 0:
                raise NotTranslated("a remainder by zero")
            return _ARITH[op](x, y)
        raise NotTranslated(f"the operator '{op}'")

    def __call__(self, a: Noun, b: Noun) -> bool:
        self.env = dict(zip(self.params, (a, b), strict=True))
        value = self.eval_body()
        if isinstance(value, bool):  # Mystery Master holds a link where f(...) === Is
            raise NotTranslated("it returns true or false, not Is or IsNot: Mystery Master "
                                "compares its result with Is, so as written it never holds")
        return _truth(value, self.body)

    body: Node

    def eval_body(self) -> Any:
        return self.eval(self.body)


def tabulate(function: Lambda, nouns: list[Noun],
             lookup: Callable[[str], Any]) -> Callable[[Noun, Noun], bool]:
    """The link function as a table over every pair of `nouns` (the link's noun type).

    `lookup` gives the module's other names (nouns it may compare with, Is, IsNot).
    Raises NotTranslated naming what is not read."""
    if len(function.params) != 2:
        raise NotTranslated(f"a link function takes two nouns, this one takes "
                            f"{len(function.params)} parameter(s)")
    run = _Interpreter(function.params, lookup)
    run.body = function.body
    table = {(a.num, b.num): run(a, b) for a in nouns for b in nouns}

    def f(noun1: Noun, noun2: Noun) -> bool:
        key = (noun1.num, noun2.num)
        if key not in table:  # a noun added after the link was set (read again at the end)
            table[key] = run(noun1, noun2)
        return table[key]

    return f
