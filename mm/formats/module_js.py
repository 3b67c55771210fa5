"""JavaScript puzzle modules (the 2017 style and ES modules), parsed with esprima.

The source is parsed, never run. The statements that build the puzzle are found where the
author puts them: the body of the puzzle function (`function FiveHouses() { this.addFact(...) }`
or `export function loader(solver) { const puzzle = new Puzzle(...); ... }`), a class
constructor, or the top level. Functions that build nothing are helpers: listed, not run.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from mm.errors import PuzzleLoadError
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
    before_return,
)

# the calls that build a puzzle: a function holding one of them is a puzzle body
BUILDERS = frozenset({"addNounType", "addNoun", "addLink", "addFact", "addRule",
                      "addFactsInSequence", "addFactsOneToOne", "addFactsStartsWith",
                      "addFactsIsNotFirstChar", "addFactsNotConsecutive"})


def parse(source: str) -> list[Stmt]:
    """The module's statements, in order (a syntax error is a PuzzleLoadError naming the
    line: a module that does not parse is refused, not guessed)."""
    # imported here, not at the top: esprima builds Unicode tables at import (0.5-0.8 s),
    # which every `mm solve` would pay (the one heavy-package exception, like the solvers)
    import esprima  # type: ignore[import-untyped]

    tree = None
    for parser in (esprima.parseScript, esprima.parseModule):
        try:
            tree = parser(source, {"loc": True, "range": True})
            break
        except esprima.Error as exc:
            error = exc
        except RecursionError:
            raise PuzzleLoadError("the module is nested too deeply to read") from None
    if tree is None:
        raise PuzzleLoadError(f"line {error.lineNumber}: syntax error: "
                              f"{str(error.message).split(': ', 1)[-1]}")
    return _Front(source).program(tree.body)


class _Front:
    def __init__(self, source: str):
        self.source = source
        self.entries: set[str] = {"loader"}

    def text(self, node: Any) -> str:
        start, end = node.range
        return self.source[start:end]

    def stmt(self, kind: str, node: Any, **parts: Any) -> Stmt:
        return Stmt(kind, node.loc.start.line, self.text(node), **parts)  # type: ignore[arg-type]

    # ----------------------------------------------------------------- top level
    def program(self, body: list[Any]) -> list[Stmt]:
        """The statements in the order they run: the top level as the module loads, then
        the puzzle body (called by the host afterwards: `loader`, or `new X()`)."""
        loading: list[Stmt] = []
        bodies: list[Stmt] = []
        functions = {n.id.name for n in body if n.type == "FunctionDeclaration" and n.id}
        self.entries = _entries(body)
        declared = [getattr(n, "declaration", None) or n for n in body]
        builders = [n.id.name for n in declared if n.type == "FunctionDeclaration" and n.id
                    and _builds(n.body)]
        if len(builders) == 1 and not self.entries & set(builders):
            self.entries.add(builders[0])  # the one puzzle function: the host runs it by name
        for node in body:
            if node.type in ("ExportNamedDeclaration", "ExportDefaultDeclaration") \
                    and node.declaration is not None:
                node = node.declaration  # noqa: PLW2901
            if node.type == "ImportDeclaration" or getattr(node, "directive", None):
                loading.append(self.stmt("skip", node))
            elif node.type in ("FunctionDeclaration", "FunctionExpression"):
                bodies += self.function(node)
            elif node.type == "ClassDeclaration":
                bodies += self.class_(node)
            elif self._boilerplate(node, functions):
                loading.append(self.stmt("skip", node))
            else:
                loading += self.statement(node)
        return loading + bodies

    def _boilerplate(self, node: Any, functions: set[str]) -> bool:
        """The 2017 style's closing lines: X.prototype = new Puzzle();
        X.prototype.constructor = X; puzzle = new X();"""
        if node.type != "ExpressionStatement" or node.expression.type != "AssignmentExpression":
            return False
        left, right = node.expression.left, node.expression.right
        parts = self.text(left).split(".")
        if "prototype" in parts:
            _refuse_override(parts[-1], node)
            return True
        return right.type == "NewExpression" and getattr(right.callee, "name", None) in functions

    def function_expr(self, node: Any) -> Node:
        """A function used as a value: a Lambda when its body is one expression."""
        body = _one_expression(node)
        if body is None or not all(p.type == "Identifier" for p in node.params):
            return Custom("a function")
        return Lambda(tuple(p.name for p in node.params), self.expr(body))

    def function(self, node: Any) -> list[Stmt]:
        """A puzzle body (a function the host runs: exported, `loader`, or made with
        `new`), or a helper (listed as one method statement). A function that adds to the
        puzzle but is not run that way is not read as part of it."""
        name = node.id.name if node.id else "(anonymous)"
        _refuse_override(name, node)
        if _builds(node.body):
            if name in self.entries:
                return self.block(node.body.body)
            return [self._not_run(node, name)]
        return [self.stmt("method", node, name=name)]

    def class_(self, node: Any) -> list[Stmt]:
        out: list[Stmt] = []
        run = node.id is None or node.id.name in self.entries
        for member in node.body.body:
            name = getattr(member.key, "name", "?")
            _refuse_override(name, member)
            if _builds(member.value.body):
                if member.kind == "constructor" and run:
                    out += self.block(member.value.body.body)
                else:
                    out.append(self._not_run(member, name))
            elif member.kind == "constructor" and run:
                out += self.block(member.value.body.body)
            else:
                out.append(self.stmt("method", member, name=name))
        return out

    def _not_run(self, node: Any, name: str) -> Stmt:
        """A function or method that adds to the puzzle but that the host does not run:
        "dead" when nothing names it, else "other" (called from code mm does not follow)."""
        called = len(re.findall(rf"\b{re.escape(name)}\b", self.source)) > 1
        return self.stmt("other" if called else "dead", node)

    # ----------------------------------------------------------------- statements
    def block(self, body: list[Any]) -> list[Stmt]:
        out: list[Stmt] = []
        for node in body:
            out += self.statement(node)
        return before_return(out)

    def statement(self, node: Any) -> list[Stmt]:
        kind = node.type
        if kind == "EmptyStatement" or getattr(node, "directive", None):
            return [self.stmt("skip", node)]
        if kind == "BlockStatement":
            if any(n.type == "VariableDeclaration" and n.kind in ("let", "const")
                   for n in node.body):  # its own scope, which mm's one namespace is not
                return [self.stmt("other", node, modifies=_modified(node))]
            return self.block(node.body)
        if kind == "VariableDeclaration":
            out = []
            for d in node.declarations:
                if d.id.type != "Identifier":
                    out.append(self.stmt("other", node))
                elif d.init is None:
                    out.append(self.stmt("declare", node, target=Name(d.id.name)))
                else:
                    out.append(Stmt("assign", d.loc.start.line, self.text(node),
                                    target=Name(d.id.name), value=self.expr(d.init)))
            return out
        if kind == "ExpressionStatement":
            e = node.expression
            if e.type == "AssignmentExpression" and e.operator == "=":
                return [self.stmt("assign", node, target=self.expr(e.left),
                                  value=self.expr(e.right))]
            if e.type == "CallExpression":
                return [self.stmt("expr", node, value=self.expr(e), modifies=_modified(node))]
            return [self.stmt("other", node, modifies=_modified(node))]
        if kind == "ReturnStatement":
            return [self.stmt("return", node,
                              value=self.expr(node.argument) if node.argument else None)]
        if kind == "FunctionDeclaration":
            _refuse_override(node.id.name if node.id else "?", node)
            return [self.stmt("method", node, name=node.id.name if node.id else "?")]
        return [self.stmt("other", node, modifies=_modified(node))]

    # ----------------------------------------------------------------- expressions
    def expr(self, node: Any) -> Node:
        kind = node.type
        if kind == "Identifier":
            return Name(node.name)
        if kind == "ThisExpression":
            return Name("this")
        if kind == "Super":
            return Name("super")
        if kind == "Literal":
            if getattr(node, "regex", None) is not None:
                return Custom("a regular expression")
            return Lit(node.value)
        if kind == "TemplateLiteral":
            if node.expressions:
                return Custom("a template string with code in it")
            return Lit("".join(q.value.cooked for q in node.quasis))
        if kind == "MemberExpression":
            if node.computed:
                return Custom(f"an element access '{self.text(node)}'")
            return Member(self.expr(node.object), node.property.name)
        if kind == "CallExpression":
            return Call(self.expr(node.callee), tuple(self.expr(a) for a in node.arguments))
        if kind == "NewExpression":
            if node.callee.type != "Identifier":
                return Custom(f"'{self.text(node)}'")
            return New(node.callee.name, tuple(self.expr(a) for a in node.arguments))
        if kind == "ArrayExpression":
            if any(e is None or e.type == "SpreadElement" for e in node.elements):
                return Custom("an array with holes or spread elements")
            return Array(tuple(self.expr(e) for e in node.elements))
        if kind == "UnaryExpression" and node.operator in ("-", "+") \
                and node.argument.type == "Literal":
            value = node.argument.value
            if isinstance(value, int | float) and not isinstance(value, bool):
                return Lit(-value if node.operator == "-" else value)
        if kind in ("BinaryExpression", "LogicalExpression"):
            op = {"===": "==", "!==": "!="}.get(node.operator, node.operator)
            return Op(op, (self.expr(node.left), self.expr(node.right)))
        if kind == "UnaryExpression" and node.operator in ("!", "-"):
            return Op(node.operator, (self.expr(node.argument),))
        if kind == "ConditionalExpression":
            return Op("?:", (self.expr(node.test), self.expr(node.consequent),
                             self.expr(node.alternate)))
        if kind in ("ArrowFunctionExpression", "FunctionExpression"):
            return self.function_expr(node)
        return Custom(f"the expression '{self.text(node)[:60]}'")


def _one_expression(node: Any) -> Any:
    """The expression a function returns when its body is only that (else None)."""
    body = node.body
    if getattr(body, "type", None) != "BlockStatement":
        return body
    statements = body.body or []
    if len(statements) == 1 and statements[0].type == "ReturnStatement":
        return statements[0].argument
    return None


# array methods that change the array in place: `group.splice(0, 1)` changes `group`
_MUTATORS = frozenset({"push", "pop", "shift", "unshift", "splice", "sort", "reverse", "fill",
                       "copyWithin", "add", "remove", "clear", "set", "delete"})


def _refuse_override(name: str, node: Any) -> None:
    """A module that defines its own addFact (a function, a method, X.prototype.addFact)
    changes what every such call does; mm cannot follow that."""
    if name in BUILDERS:
        raise PuzzleLoadError(f"line {node.loc.start.line}: the module defines its own "
                              f"'{name}', which mm cannot follow")


_FUNCTIONS = ("FunctionExpression", "ArrowFunctionExpression", "FunctionDeclaration")


def _nodes(node: Any, into_functions: bool = True) -> Iterator[Any]:
    """Every syntax node in `node` (a node or a list of them), depth first; without
    `into_functions`, not the bodies of functions inside it (they run later, if at all)."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(reversed(item))
            continue
        if not hasattr(item, "type"):
            continue
        yield item
        if not into_functions and item is not node and item.type in _FUNCTIONS:
            continue
        stack.extend(reversed([value for key, value in vars(item).items()
                               if key not in ("loc", "range", "type")
                               and (isinstance(value, list) or hasattr(value, "type"))]))


def _entries(body: list[Any]) -> set[str]:
    """The functions and classes the host runs: exported ones, `loader`, and those made
    with `new X()` anywhere in the module."""
    found = {"loader"}
    for node in body:
        if node.type in ("ExportNamedDeclaration", "ExportDefaultDeclaration"):
            declared = getattr(node, "declaration", None)
            if declared is not None and getattr(declared, "id", None) is not None:
                found.add(declared.id.name)
    found.update(n.callee.name for n in _nodes(body)
                 if n.type == "NewExpression" and getattr(n.callee, "name", None))
    return found


def _modified(node: Any) -> tuple[str, ...]:
    """The names a statement may change: assigned (also inside), incremented, declared with
    var, or an array changed in place by one of its methods."""
    names: list[str] = []

    def base(target: Any) -> None:
        while getattr(target, "type", None) == "MemberExpression":
            target = target.object
        if getattr(target, "type", None) == "Identifier":
            names.append(target.name)
        elif getattr(target, "type", None) in ("ArrayPattern", "ObjectPattern"):
            for part in getattr(target, "elements", None) or getattr(target, "properties", []):
                base(getattr(part, "value", part))

    for n in _nodes(node, into_functions=False):
        if n.type == "AssignmentExpression":
            base(n.left)
        elif n.type == "UpdateExpression":
            base(n.argument)
        elif n.type == "VariableDeclaration" and n.kind == "var":
            for d in n.declarations:
                base(d.id)
        elif n.type == "CallExpression" and n.callee.type == "MemberExpression" and \
                getattr(n.callee.property, "name", None) in _MUTATORS:
            base(n.callee.object)
    return tuple(dict.fromkeys(names))


def _builds(body: Any) -> bool:
    """Whether a function body calls one of the puzzle-building methods."""
    for node in _nodes(body):
        if node.type == "CallExpression":
            callee = node.callee
            name = getattr(callee, "name", None) or getattr(getattr(callee, "property", None),
                                                            "name", None)
            if name in BUILDERS:
                return True
    return False
