"""Java puzzle modules (the author's `class X extends Puzzle` style), parsed with javalang.

The source is parsed, never compiled or run. The puzzle is built in the constructor (or in
any method that calls the building methods); fields with a value count as statements too.
Other methods (`sayFact`, helpers used by custom rules) are listed by the reader, not run.
"""

from __future__ import annotations

import bisect
import copy as copy_module
import re
from typing import Any

import javalang  # type: ignore[import-untyped]
from javalang import tree as jt

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
from mm.formats.module_js import BUILDERS

_ESCAPE = re.compile(r"\\(u+[0-9a-fA-F]{4}|[0-3][0-7]{0,2}|[4-7][0-7]?|.)", re.S)
_SIMPLE = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", "s": " ", '"': '"',
           "'": "'", "\\": "\\"}


def parse(source: str) -> list[Stmt]:
    """The module's statements, in order (a syntax error is a PuzzleLoadError naming the
    line: a module that does not parse is refused, not guessed)."""
    try:
        tokens = list(javalang.tokenizer.tokenize(source))
        unit = javalang.parser.Parser(tokens).parse()
    except javalang.tokenizer.LexerError as exc:
        raise PuzzleLoadError(f"syntax error: {_lexer_message(exc)}") from None
    except javalang.parser.JavaSyntaxError as exc:
        at = getattr(exc, "at", None)
        position = getattr(at, "position", None)
        line = f"line {position.line}: " if position is not None else ""
        raise PuzzleLoadError(f"{line}syntax error: {exc.description or 'not Java'}"
                              f"{f' at {at.value!r}' if at is not None else ''}") from None
    except RecursionError:
        raise PuzzleLoadError("the module is nested too deeply to read") from None
    front = _Front(source, tokens)
    out: list[Stmt] = []
    for declaration in unit.types:
        out += front.type_declaration(declaration)
    return out


def _lexer_message(exc: Exception) -> str:
    text = str(exc.args[0]) if exc.args else "cannot read the source"
    return text.split(": ", 1)[0] if ", line " in text else text[:120]


def java_string(raw: str) -> str:
    """The value of a Java string or char literal, escapes decoded (\\n, \\u00eb, octal)."""
    body = raw[1:-1]

    def one(m: re.Match[str]) -> str:
        e = m.group(1)
        if e[0] == "u":
            return chr(int(e.lstrip("u"), 16))
        if e[0] in "01234567":
            return chr(int(e, 8))
        return _SIMPLE.get(e, e)

    return _ESCAPE.sub(one, body)


def _literal(raw: str) -> Any:
    if raw[0] in "\"'":
        return java_string(raw)
    if raw in ("true", "false"):
        return raw == "true"
    if raw == "null":
        return None
    text = raw.replace("_", "").rstrip("lLdDfF") if not raw.lower().startswith("0x") \
        else raw.replace("_", "").rstrip("lL")
    try:
        return int(text, 0) if not re.fullmatch(r"0[0-7]+", text) else int(text, 8)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            return None


class _Front:
    def __init__(self, source: str, tokens: list[Any]):
        self.source = source
        self.tokens = tokens
        self.starts = [0]
        for line in source.splitlines(keepends=True):
            self.starts.append(self.starts[-1] + len(line))
        self.keys = [(t.position.line, t.position.column) for t in tokens]

    def offset(self, line: int, column: int) -> int:
        return self.starts[min(line - 1, len(self.starts) - 1)] + column - 1

    def text(self, node: Any) -> str:
        """The statement's source: from its first token to the `;` (or closing brace) that
        ends it."""
        pos = getattr(node, "position", None)
        if pos is None:
            return ""
        i = bisect.bisect_left(self.keys, (pos.line, pos.column))
        depth = 0
        j = i
        while j < len(self.tokens):
            value = self.tokens[j].value
            if value in ("(", "[", "{"):
                depth += 1
            elif value in (")", "]", "}"):
                depth -= 1
                if depth <= 0 and value == "}":
                    break
            elif value == ";" and depth == 0:
                break
            j += 1
        j = min(j, len(self.tokens) - 1)
        end = self.tokens[j]
        start = self.offset(pos.line, pos.column)
        # the first token may start before the node's position (modifiers, annotations)
        return self.source[start:self.offset(end.position.line, end.position.column)
                           + len(end.value)]

    def line(self, node: Any, default: int = 0) -> int:
        pos = getattr(node, "position", None)
        return pos.line if pos is not None else default

    def stmt(self, kind: str, node: Any, line: int = 0, **parts: Any) -> Stmt:
        text = self.text(node)
        for key in ("value", "target"):
            if key in parts and parts[key] is not None and _has_lambda(parts[key]) \
                    and not _operators_kept(parts[key], text):
                parts[key] = Custom("an expression the Java parser misreads (nested "
                                    "prefix operators)")
        return Stmt(kind, self.line(node, line), text, **parts)  # type: ignore[arg-type]

    # ----------------------------------------------------------------- declarations
    def type_declaration(self, decl: Any) -> list[Stmt]:
        if not isinstance(decl, jt.ClassDeclaration):
            return [self.stmt("method", decl, name=getattr(decl, "name", "?"))]
        out: list[Stmt] = []
        for member in decl.body:
            if isinstance(member, jt.FieldDeclaration):
                out += self.declarators(member, member.declarators)
            elif isinstance(member, jt.ConstructorDeclaration) or (
                    isinstance(member, jt.MethodDeclaration) and _builds(member.body)):
                out += self.block(member.body or [], self.line(member))
            elif isinstance(member, jt.MethodDeclaration):
                out.append(self.stmt("method", member, name=member.name,
                                     value=self.returned_lambda(member)))
            else:
                out.append(self.stmt("method", member, name=getattr(member, "name", "?")))
        return out

    def returned_lambda(self, method: Any) -> Node | None:
        """The lambda a helper without parameters returns (`getIsNextTo() { return (noun1,
        noun2) -> ...; }`), for a link set to it; None for any other method."""
        body = method.body or []
        if method.parameters or len(body) != 1 or not isinstance(body[0], jt.ReturnStatement) \
                or not isinstance(body[0].expression, jt.LambdaExpression):
            return None
        found = self.expr(body[0].expression)
        return found if isinstance(found, Lambda) else None

    def declarators(self, node: Any, declarators: list[Any]) -> list[Stmt]:
        out = []
        for d in declarators:
            if d.initializer is None:
                out.append(self.stmt("declare", node, target=Name(d.name)))
            else:
                out.append(self.stmt("assign", node, target=Name(d.name),
                                     value=self.expr(d.initializer)))
        return out

    # ----------------------------------------------------------------- statements
    def block(self, body: list[Any], line: int) -> list[Stmt]:
        out: list[Stmt] = []
        for node in body:
            out += self.statement(node, line)
            line = self.line(node, line)
        return before_return(out)

    def statement(self, node: Any, line: int) -> list[Stmt]:
        if isinstance(node, jt.LocalVariableDeclaration):
            return self.declarators(node, node.declarators)
        if isinstance(node, jt.BlockStatement) and not node.label:
            return self.block(node.statements or [], line)
        if isinstance(node, jt.Statement) and type(node) is jt.Statement:
            return [self.stmt("skip", node, line)]  # an empty statement
        if isinstance(node, jt.StatementExpression) and not node.label:
            e = node.expression
            if isinstance(e, jt.Assignment):
                if e.type != "=":
                    return [self.stmt("other", node, line)]
                return [self.stmt("assign", node, line, target=self.expr(e.expressionl),
                                  value=self.expr(e.value))]
            value = self.expr(e)
            kind = "expr" if isinstance(value, Call) else "other"
            return [self.stmt(kind, node, line, value=value)]
        if isinstance(node, jt.ReturnStatement):
            return [self.stmt("return", node, line)]
        if isinstance(node, jt.ClassDeclaration):
            return [self.stmt("method", node, line, name=node.name)]
        return [self.stmt("other", node, line)]

    # ----------------------------------------------------------------- expressions
    def expr(self, node: Any) -> Node:
        # javalang puts the prefix operators of a parenthesised expression (`!(a == b)`) on
        # the inner expression as a plain attribute: read them from any node
        prefix = getattr(node, "prefix_operators", None) or []
        postfix = getattr(node, "postfix_operators", None) or []
        if prefix or postfix:
            if isinstance(node, jt.Literal) and node.prefix_operators in (["-"], ["+"]) \
                    and not node.postfix_operators and not node.selectors:
                value = _literal(node.value)
                if isinstance(value, int | float) and not isinstance(value, bool):
                    return Lit(-value if node.prefix_operators == ["-"] else value)
            if postfix or any(o not in ("!", "-", "+") for o in prefix):
                return Custom("an expression with ++, -- or ~")
            inner = self.expr(_without_prefix(node))
            for o in reversed(prefix):
                inner = inner if o == "+" else Op(o, (inner,))
            return inner
        base = self.primary(node)
        for selector in getattr(node, "selectors", None) or []:
            base = self.select(base, selector)
        return base

    def qualified(self, qualifier: str | None) -> Node | None:
        if not qualifier:
            return None
        parts = qualifier.split(".")
        node: Node = Name(parts[0])
        for part in parts[1:]:
            node = Member(node, part)
        return node

    def primary(self, node: Any) -> Node:
        if isinstance(node, jt.Literal):
            return Lit(_literal(node.value))
        if isinstance(node, jt.MemberReference):
            owner = self.qualified(node.qualifier)
            return Name(node.member) if owner is None else Member(owner, node.member)
        if isinstance(node, jt.MethodInvocation):
            owner = self.qualified(node.qualifier)
            callee = Name(node.member) if owner is None else Member(owner, node.member)
            return Call(callee, tuple(self.expr(a) for a in node.arguments))
        if isinstance(node, jt.This):
            return Name("this")
        if isinstance(node, jt.SuperConstructorInvocation):
            return Call(Name("super"), tuple(self.expr(a) for a in node.arguments))
        if isinstance(node, jt.ArrayCreator):
            if node.initializer is None:
                return Custom("an empty array")
            return self.expr(node.initializer)
        if isinstance(node, jt.ArrayInitializer):
            return Array(tuple(self.expr(a) for a in node.initializers or []))
        if isinstance(node, jt.ClassCreator):
            if node.body is not None:
                return self.filled_list(node)
            return New(node.type.name, tuple(self.expr(a) for a in node.arguments))
        if isinstance(node, jt.BinaryOperation):
            return Op(node.operator, (self.expr(node.operandl), self.expr(node.operandr)))
        if isinstance(node, jt.TernaryExpression):
            return Op("?:", (self.expr(node.condition), self.expr(node.if_true),
                             self.expr(node.if_false)))
        if isinstance(node, jt.LambdaExpression):
            return self.lambda_(node)
        if isinstance(node, jt.MethodReference):
            return Custom("a method reference")
        return Custom(f"a Java {type(node).__name__}")

    def filled_list(self, node: Any) -> Node:
        """`new ArrayList<List<Noun>>() {{ add(a); add(b); }}`, the author's way to write a
        list of lists: an array of the added items (any other anonymous class is custom)."""
        body = node.body
        block = body[0] if len(body) == 1 and isinstance(body[0], list) else None
        if node.type.name not in _LISTS or node.arguments or block is None:
            return Custom("an anonymous class")
        items = []
        for stmt in block:
            e = getattr(stmt, "expression", None)
            if not (isinstance(stmt, jt.StatementExpression) and not stmt.label
                    and isinstance(e, jt.MethodInvocation) and e.member == "add"
                    and not e.qualifier and not e.selectors and len(e.arguments) == 1):
                return Custom("an anonymous class")
            items.append(self.expr(e.arguments[0]))
        return Array(tuple(items))

    def lambda_(self, node: Any) -> Node:
        """A lambda whose body is one expression (or one return statement)."""
        params = tuple(getattr(p, "name", None) or getattr(p, "member", None)
                       for p in node.parameters or [])
        body = node.body
        if isinstance(body, list):
            if len(body) != 1 or not isinstance(body[0], jt.ReturnStatement) \
                    or body[0].expression is None:
                return Custom("a lambda with statements")
            body = body[0].expression
        if not all(isinstance(p, str) for p in params):
            return Custom("a lambda")
        return Lambda(params, self.expr(body))  # type: ignore[arg-type]

    def select(self, base: Node, selector: Any) -> Node:
        if isinstance(selector, jt.MemberReference):
            return Member(base, selector.member)
        if isinstance(selector, jt.MethodInvocation):
            return Call(Member(base, selector.member),
                        tuple(self.expr(a) for a in selector.arguments))
        return Custom("an element access")


_LISTS = ("ArrayList", "LinkedList", "List", "Vector")


def _nodes(node: Node) -> list[Node]:
    out = [node]
    for child in getattr(node, "args", ()) or ():
        out += _nodes(child)
    for attr in ("obj", "body", "callee"):
        if isinstance(getattr(node, attr, None), Node):
            out += _nodes(getattr(node, attr))
    for item in getattr(node, "items", ()) or ():
        out += _nodes(item)
    return out


def _has_lambda(node: Node) -> bool:
    return any(isinstance(n, Lambda) for n in _nodes(node))


def _operators_kept(node: Node, text: str) -> bool:
    """Whether every `!` and `-` of the statement's source is in its tree: javalang keeps
    only the last prefix operator of nested parentheses (`!(!(a))` reads as `!a`), so a
    function is read only when none was lost."""
    try:
        tokens = [t.value for t in javalang.tokenizer.tokenize(text)]
    except javalang.tokenizer.LexerError:
        return False
    nodes = _nodes(node)
    nots = sum(1 for n in nodes if isinstance(n, Op) and n.op == "!")
    minus = sum(1 for n in nodes if isinstance(n, Op) and n.op == "-") + sum(
        1 for n in nodes if isinstance(n, Lit) and isinstance(n.value, int | float)
        and not isinstance(n.value, bool) and n.value < 0)
    return tokens.count("!") == nots and tokens.count("-") == minus and "~" not in tokens


def _without_prefix(node: Any) -> Any:
    """A copy of a javalang primary without its prefix operators (`!x` -> `x`)."""
    copy = copy_module.copy(node)
    copy.prefix_operators = []
    return copy


def _builds(body: Any) -> bool:
    """Whether a method body calls one of the puzzle-building methods."""
    stack = list(body or [])
    while stack:
        node = stack.pop()
        if isinstance(node, jt.MethodInvocation) and node.member in BUILDERS:
            return True
        if isinstance(node, javalang.ast.Node):
            stack.extend(c for c in node.children if c is not None)
        elif isinstance(node, list | tuple | set):
            stack.extend(node)
    return False
