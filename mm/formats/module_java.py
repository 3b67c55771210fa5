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
        decoded: tuple[str, list[int]] | None = _decode(source)
    except ValueError:
        decoded = None  # a bad unicode escape: the tokenizer says where
    try:
        tokenizer = javalang.tokenizer.JavaTokenizer(source)
        tokens = list(tokenizer.tokenize())
        unit = javalang.parser.Parser(tokens).parse()
    except javalang.tokenizer.LexerError as exc:
        raise PuzzleLoadError(f"syntax error: {_lexer_message(exc)}") from None
    except javalang.parser.JavaSyntaxError as exc:
        at = getattr(exc, "at", None)
        position = getattr(at, "position", None)
        line = f"line {_original_line(source, decoded, position.line)}: " \
            if position is not None else ""
        raise PuzzleLoadError(f"{line}syntax error: {exc.description or 'not Java'}"
                              f"{f' at {at.value!r}' if at is not None else ''}") from None
    except RecursionError:
        raise PuzzleLoadError("the module is nested too deeply to read") from None
    except ValueError:  # javalang's chr() of a unicode escape such as \u-001
        raise PuzzleLoadError("syntax error: a unicode escape that is not one") from None
    if decoded is None or decoded[0] != tokenizer.data:
        raise PuzzleLoadError("the module's unicode escapes (\\uXXXX) cannot be placed in "
                              "its source: mm does not read it")
    front = _Front(source, decoded[0], decoded[1], tokens, unit)
    builders = [d for d in unit.types if isinstance(d, jt.ClassDeclaration) and _builds(d.body)]
    if len(builders) > 1:
        a, b = builders[:2]
        raise PuzzleLoadError(f"line {front.line(b)}: the classes '{a.name}' (line "
                              f"{front.line(a)}) and '{b.name}' both build a puzzle: mm reads "
                              "one puzzle class per file")
    out: list[Stmt] = []
    for declaration in unit.types:
        out += front.type_declaration(declaration)
    return out


def _decode(source: str) -> tuple[str, list[int]]:
    """The source with its unicode escapes decoded the way javalang decodes them (its
    positions count in that text), and for each of its characters (and its end) the offset
    in `source` where it comes from. ValueError for a bad escape."""
    out: list[str] = []
    origin: list[int] = []
    i = j = 0
    state = 0  # 0: looking for a backslash, 1: after one, 2: after `\\u`
    start = 0
    n = len(source)
    while j < n:
        if state == 0:
            j = source.find("\\", j)
            if j == -1:
                break
            state = 1
        elif state == 1:
            if source[j] == "u":
                state = 2
                start = j - 1
                out.append(source[i:j - 1])
                origin.extend(range(i, j - 1))
            else:
                state = 0
        elif source[j] != "u":
            out.append(chr(int(source[j:j + 4], 16)))
            origin.append(start)
            i = j = j + 4
            state = 0
            continue
        j += 1
    out.append(source[i:])
    origin.extend(range(i, n))
    origin.append(n)
    return "".join(out), origin


def _original_line(source: str, decoded: tuple[str, list[int]] | None, line: int) -> int:
    """The line of `source` where a line of the decoded text (javalang's count) starts."""
    if decoded is None:
        return line
    text, origin = decoded
    offset = 0
    for _ in range(line - 1):
        found = text.find("\n", offset)
        if found == -1:
            break
        offset = found + 1
    return source.count("\n", 0, origin[min(offset, len(origin) - 1)]) + 1


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
    def __init__(self, original: str, source: str, origin: list[int], tokens: list[Any],
                 unit: Any):
        self.source = source  # decoded: javalang's positions count in it
        self.origin = origin
        self.tokens = tokens
        self.starts = [0] + [i + 1 for i, c in enumerate(source) if c == "\n"]
        self.original_newlines = [i for i, c in enumerate(original) if c == "\n"]
        self.keys = [(t.position.line, t.position.column) for t in tokens]
        self.multi = _assigned_more_than_once(unit)
        self.declared: dict[str, int] = {}  # names declared in what is read, how many times
        self.builders: dict[str, Any] = {}  # methods the constructor may run: name -> method
        self.inlined: set[str] = set()

    def offset(self, line: int, column: int) -> int:
        return self.starts[min(line - 1, len(self.starts) - 1)] + column - 1

    def span(self, node: Any) -> tuple[int, int]:
        """The statement's tokens: from its first to the `;` (or closing brace) that ends
        it, as indices into the tokens (-1, -1 without a position)."""
        pos = getattr(node, "position", None)
        if pos is None:
            return -1, -1
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
        return i, min(j, len(self.tokens) - 1)

    def text(self, node: Any) -> str:
        """The statement's source (unicode escapes decoded)."""
        i, j = self.span(node)
        if i < 0:
            return ""
        pos, end = node.position, self.tokens[j]
        # the first token may start before the node's position (modifiers, annotations)
        return self.source[self.offset(pos.line, pos.column):
                           self.offset(end.position.line, end.position.column)
                           + len(end.value)]

    def original_line(self, line: int) -> int:
        """The line in the file of a line javalang counts (a \\u000a adds one)."""
        start = self.starts[min(line - 1, len(self.starts) - 1)]
        offset = self.origin[min(start, len(self.origin) - 1)]
        return bisect.bisect_left(self.original_newlines, offset) + 1

    def line(self, node: Any, default: int = 0) -> int:
        pos = getattr(node, "position", None)
        return self.original_line(pos.line) if pos is not None else default

    def stmt(self, kind: str, node: Any, line: int = 0, **parts: Any) -> Stmt:
        text = self.text(node)
        i, j = self.span(node)
        values = [t.value for t in self.tokens[i:j + 1]] if i >= 0 else []
        for key in ("value", "target"):
            if key in parts and parts[key] is not None and _has_lambda(parts[key]) \
                    and not _operators_kept(parts[key], values):
                parts[key] = Custom("an expression the Java parser misreads (nested "
                                    "prefix operators)")
        return Stmt(kind, self.line(node, line), text, **parts)  # type: ignore[arg-type]

    # ----------------------------------------------------------------- declarations
    def type_declaration(self, decl: Any) -> list[Stmt]:
        if not isinstance(decl, jt.ClassDeclaration):
            return [self.stmt("method", decl, name=getattr(decl, "name", "?"))]
        blocks = self.initializer_blocks(decl)
        statics: list[Any] = []
        instances: list[Any] = []
        constructors: list[Any] = []
        methods: list[Any] = []
        others: list[Any] = []
        self.declared = {}
        for member in decl.body:
            if isinstance(member, list):  # an initializer block: javalang drops `static`
                if not blocks:
                    raise PuzzleLoadError(f"line {self.line(decl)}: an initializer block of "
                                          f"'{decl.name}' mm cannot place")
                line, static = blocks.pop(0)
                (statics if static else instances).append((member, line))
            elif isinstance(member, jt.FieldDeclaration):
                (statics if "static" in member.modifiers else instances).append(member)
            elif isinstance(member, jt.ConstructorDeclaration):
                constructors.append(member)
            elif isinstance(member, jt.MethodDeclaration):
                methods.append(member)
            else:
                others.append(member)
        for m in methods:
            if m.name in _API:
                raise PuzzleLoadError(
                    f"line {self.line(m)}: the class '{decl.name}' has its own method "
                    f"'{m.name}', which changes what every {m.name}(...) call does: mm cannot "
                    "follow it")
        if len(constructors) > 1:
            raise PuzzleLoadError(f"line {self.line(constructors[1])}: the class '{decl.name}' "
                                  f"has {len(constructors)} constructors: mm cannot tell which "
                                  "one builds the puzzle")
        calls = _calls(decl.body)
        names = [m.name for m in methods]
        building = [m for m in methods if _builds(m.body)]
        self.builders = {m.name: m for m in building if not m.parameters
                         and names.count(m.name) == 1 and calls.get(m.name, 0) == 1}
        self.inlined = set()
        out: list[Stmt] = []
        body = list(constructors[0].body or []) if constructors else []
        for parameter in constructors[0].parameters if constructors else []:
            self.declare(parameter.name)  # a parameter that hides a field is not scoped
        first = body[0] if body else None
        for member in statics:  # the class is set up before any object is made
            out += self.member(member)
        if isinstance(first, jt.StatementExpression) and isinstance(
                first.expression, jt.SuperConstructorInvocation | jt.ExplicitConstructorInvocation):
            out += self.statement(body.pop(0), self.line(constructors[0]))
        for member in instances:  # then the fields and blocks, before the constructor's body
            out += self.member(member)
        if constructors:
            out += self.block(body, self.line(constructors[0]))
        for m in methods:
            if m in building:
                if m.name not in self.inlined:
                    out += self.not_run(m, calls.get(m.name, 0))
            else:
                out.append(self.stmt("method", m, name=m.name, value=self.returned_lambda(m)))
        for member in others:
            out.append(self.stmt("method", member, name=getattr(member, "name", "?")))
        return self.unscoped(out)

    def member(self, member: Any) -> list[Stmt]:
        if isinstance(member, jt.FieldDeclaration):
            return self.declarators(member, member.declarators)
        statements, line = member
        return self.block(statements, line)

    def declare(self, name: str) -> None:
        self.declared[name] = self.declared.get(name, 0) + 1

    def initializer_blocks(self, decl: Any) -> list[tuple[int, bool]]:
        """The line of each initializer block of the class body, in order, and whether it
        is `static` (javalang gives the blocks without either)."""
        i, _ = self.span(decl)
        if i < 0:
            return []
        while i < len(self.tokens) and self.tokens[i].value != "{":
            i += 1
        found = []
        depth = 0
        for k in range(i, len(self.tokens)):
            value = self.tokens[k].value
            if value == "{":
                before = self.tokens[k - 1].value if k > i else ""
                if depth == 1 and before in (";", "}", "{", "static"):
                    line = self.original_line(self.tokens[k].position.line)
                    found.append((line, before == "static"))
                depth += 1
            elif value == "}":
                depth -= 1
                if depth == 0:
                    break
        return found

    def not_run(self, method: Any, calls: int) -> list[Stmt]:
        """The statements of a method that builds the puzzle but that the constructor does
        not run (once, as a plain `name();`): listed, not read."""
        why = Custom(f"the method '{method.name}' adds to the puzzle, but the constructor "
                     f"does not run it once as a plain `{method.name}();` (it is called "
                     f"{calls} time(s){' and takes parameters' if method.parameters else ''})"
                     ": mm does not read it")
        line = self.line(method)
        return [Stmt("expr", self.line(node, line), self.text(node), value=why)
                for node in method.body or []]

    def unscoped(self, out: list[Stmt]) -> list[Stmt]:
        """A name declared twice (a local hiding a field, locals of the same name in two
        blocks or methods) means different variables in different places; mm has one
        namespace, so every statement that uses it is listed, not read."""
        twice = {name for name, n in self.declared.items() if n > 1}
        if not twice:
            return out
        result = []
        for s in out:
            used = sorted({n.id for part in (s.target, s.value) if part is not None
                           for n in _nodes(part) if isinstance(n, Name)} & twice)
            if not used or s.kind in ("skip", "dead"):
                result.append(s)
            elif s.kind == "method":
                result.append(Stmt("method", s.line, s.text, name=s.name))
            else:
                why = Custom(f"'{used[0]}' is declared more than once (a local that hides a "
                             "field, or locals of the same name in different blocks or "
                             "methods): mm does not tell the scopes apart")
                target = s.target if isinstance(s.target, Name) else None
                result.append(Stmt("assign", s.line, s.text, target=target, value=why)
                              if target is not None else Stmt("expr", s.line, s.text,
                                                               value=why))
        return result

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
            self.declare(d.name)
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
            if isinstance(e, jt.MethodInvocation) and e.member in self.builders \
                    and e.member not in self.inlined and not e.qualifier and not e.arguments \
                    and not e.selectors and not e.prefix_operators and not e.postfix_operators:
                return self.inline(self.builders[e.member], line)
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

    def inline(self, method: Any, line: int) -> list[Stmt]:
        """A method that builds the puzzle, run by the constructor (`name();`): its
        statements, there (a `return` in it ends the method, not the constructor)."""
        self.inlined.add(method.name)
        out = self.block(method.body or [], self.line(method, line))
        return [Stmt("skip", s.line, s.text) if s.kind == "return" else s for s in out]

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
        found = Lambda(params, self.expr(body))  # type: ignore[arg-type]
        changed = sorted({n.id for n in _nodes(found.body) if isinstance(n, Name)
                          and n.id not in params} & self.multi)
        if changed:
            return Custom(f"a function that reads '{changed[0]}', which is assigned more "
                          "than once: mm cannot tell which value it sees when it runs")
        return found

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


def _operators_kept(node: Node, tokens: list[str]) -> bool:
    """Whether every `!` and `-` of the statement's tokens is in its tree: javalang keeps
    only the last prefix operator of nested parentheses (`!(!(a))` reads as `!a`), so a
    function is read only when none was lost."""
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


# methods of the Mystery Master Puzzle (and the list helpers mm reads as such): a class that
# has its own changes what every call does. (`sayFact` only words the facts, which mm does
# itself: it is listed as not used.)
_API = BUILDERS | {"addNouns", "addOneFact", "getList", "getListExcept", "asList", "of"}


def _walk(body: Any) -> Any:
    stack = list(body or [])
    while stack:
        node = stack.pop()
        if isinstance(node, javalang.ast.Node):
            yield node
            stack.extend(c for c in node.children if c is not None)
        elif isinstance(node, list | tuple | set):
            stack.extend(node)


def _calls(body: Any) -> dict[str, int]:
    """How many calls to each method name the code has (on any object)."""
    out: dict[str, int] = {}
    for node in _walk(body):
        if isinstance(node, jt.MethodInvocation):
            out[node.member] = out.get(node.member, 0) + 1
    return out


def _assigned_more_than_once(unit: Any) -> set[str]:
    """The names (fields and locals, by name) given a value more than once anywhere in the
    module: a declaration with a value, an assignment, ++ or --, a for-each variable."""
    count: dict[str, int] = {}

    def add(name: str, n: int = 1) -> None:
        count[name] = count.get(name, 0) + n

    for node in _walk([unit]):
        if isinstance(node, jt.VariableDeclarator) and node.initializer is not None:
            add(node.name)
        elif isinstance(node, jt.EnhancedForControl):
            for d in getattr(node.var, "declarators", None) or []:
                add(d.name, 2)
        elif isinstance(node, jt.Assignment):
            target = node.expressionl
            if isinstance(target, jt.This) and target.selectors:
                target = target.selectors[-1]
            if isinstance(target, jt.MemberReference):
                add(target.member)
        elif isinstance(node, jt.MemberReference) and (
                set(node.prefix_operators or []) | set(node.postfix_operators or [])) \
                & {"++", "--"}:
            add(node.member, 2)
    return {name for name, n in count.items() if n > 1}
