"""Lower a puzzle to the solver-neutral `mm.ir.Model`. Pure: the puzzle is only read."""

from __future__ import annotations

from mm import ir
from mm.deadline import Deadline
from mm.errors import UnsupportedFeature, ValidationError
from mm.model import rules
from mm.model.puzzle_data import WITH, Link, Noun, NounType, PuzzleData


class Lowering:
    """Turns facts and rule trees into IR conditions, sharing one list of link tables."""

    def __init__(self, puzzle: PuzzleData):
        self.puzzle = puzzle
        self.size = len(puzzle.noun_types[0].nouns)
        self.table_index: dict[ir.Table, int] = {}
        self.tables: list[ir.Table] = []
        # keyed by the Link itself, not id(): a SmartRule's temporary link could otherwise
        # be freed and its id reused by another temporary link over another type
        self.link_cache: dict[Link, int] = {}
        with_table = ir.Table(0, frozenset((i, i) for i in range(self.size)))
        self._add_table(with_table)

    def _add_table(self, table: ir.Table) -> int:
        index = self.table_index.get(table)
        if index is None:
            index = len(self.tables)
            self.tables.append(table)
            self.table_index[table] = index
        return index

    def table_of(self, link: Link | object) -> int:
        if link is WITH:
            return 0
        assert isinstance(link, Link)
        if link.noun_type.repeats:
            raise ValidationError(
                f"link '{link.name}' cannot be over the repeating type '{link.noun_type.name}' "
                "(its nouns may share rows, so they have no order of their own)")
        if link not in self.link_cache:
            table = ir.Table(link.noun_type.index, link.pairs())
            self.link_cache[link] = self._add_table(table)
        return self.link_cache[link]

    @staticmethod
    def ref(noun: Noun) -> ir.NounRef:
        return (noun.type.index, noun.index)

    def rel(self, a: Noun, link: Link | object, b: Noun) -> ir.Cond:
        if a.type.repeats or b.type.repeats:
            return self._repeating_rel(a, link, b)
        k = self.table_of(link)
        table = self.tables[k]
        ra, rb = self.ref(a), self.ref(b)
        if ra == rb:  # one noun against itself: does its slot relate to itself?
            same = {s for s in range(self.size) if (s, s) in table.pairs}
            if not same or len(same) == self.size or ra[0] == table.type:
                return ir.Const(ra[1] in same if ra[0] == table.type else bool(same))
        if ra[0] == table.type and rb[0] == table.type:
            return ir.Const((ra[1], rb[1]) in table.pairs)
        if not table.pairs:
            return ir.Const(False)
        if k == 0 and ra[0] == rb[0]:
            return ir.Const(False)  # two different nouns of one type are never together
        return ir.Rel(ra, k, rb)

    def _repeating_rel(self, a: Noun, link: Link | object, b: Noun) -> ir.Cond:
        """WITH where a noun repeats: the non-repeating noun's row has the other; between
        two repeating nouns, some row has both (spelled out over the rows)."""
        if not (link is WITH or isinstance(link, Link) and link.num == 0):
            noun = a if a.type.repeats else b
            name = getattr(link, "name", link)
            raise ValidationError(
                f"the link '{name}' cannot relate '{noun.name}' of the repeating type "
                f"'{noun.type.name}' (it may be on several rows; only WITH is allowed)")
        ra, rb = self.ref(a), self.ref(b)
        if ra == rb:  # a noun "with itself": it is on some row
            return _or(tuple(ir.Rel((0, r), 0, ra) for r in range(self.size)))
        if ra[0] == rb[0]:  # two nouns of one type never share a row
            return ir.Const(False)
        if a.type.repeats and b.type.repeats:
            return _or(tuple(ir.And((ir.Rel((0, r), 0, ra), ir.Rel((0, r), 0, rb)))
                             for r in range(self.size)))
        if a.type.repeats:
            ra, rb = rb, ra
        return ir.Rel(ra, 0, rb)

    def _reads(self, noun: Noun, t: NounType, what: str) -> None:
        if noun.type.repeats and noun.type is not t:
            raise ValidationError(
                f"rules.{what}: '{noun.name}' is of the repeating type '{noun.type.name}' and "
                f"may be on several rows, so it has no one noun of '{t.name}'")

    def fact(self, fact) -> ir.Cond:
        cond = self.rel(fact.noun1, fact.link, fact.noun2)
        return _not(cond) if fact.verb.num < 0 else cond

    def condition(self, node: rules.Condition) -> ir.Cond:
        if isinstance(node, rules.SmartRule):
            return self.condition(node.decompose())
        if isinstance(node, rules.Related):
            return self.rel(node.a, node.link, node.b)
        if isinstance(node, rules.Const):
            return ir.Const(node.value)
        if isinstance(node, rules.Not):
            return _not(self.condition(node.x))
        if isinstance(node, rules.AllOf):
            return _and(tuple(self.condition(x) for x in node.xs))
        if isinstance(node, rules.AnyOf):
            return _or(tuple(self.condition(x) for x in node.xs))
        if isinstance(node, rules.IfThen):
            return _or((_not(self.condition(node.cond)), self.condition(node.then)))
        if isinstance(node, rules.Iff):
            return _iff(self.condition(node.x), self.condition(node.y))
        if isinstance(node, rules.Count):
            return _card(tuple(self.condition(x) for x in node.xs), node.low, node.high)
        if isinstance(node, rules.Compare):
            return ir.Cmp(node.op, self.term(node.left), self.term(node.right))
        if isinstance(node, rules.Predicate):
            raise ValidationError(f"{node!r} must be a whole rule, not part of a condition")
        raise UnsupportedFeature(f"rule node {type(node).__name__} cannot be compiled")


    def term(self, node: rules.IntExpr) -> ir.IntTerm:
        if isinstance(node, rules.IntConst):
            return ir.IConst(node.value)
        if isinstance(node, rules.NumOf):
            t = node.noun_type
            self._reads(node.noun, t, "num")
            return ir.ISum((ir.ISlot(self.ref(node.noun), t.index), ir.IConst(1)))
        if isinstance(node, rules.ValueOf):
            t = node.noun_type
            self._reads(node.noun, t, "value")
            if t.placeholders is None:
                for noun in t.nouns:
                    if noun.value is None:
                        raise ValidationError(
                            f"rules.value: noun '{noun.name}' of type '{t.name}' has no numeric "
                            "value (give add_noun(..., value=N) or an integer name)")
            return ir.IValue(self.ref(node.noun), t.index)
        if isinstance(node, rules.Sum):
            return ir.ISum(tuple(self.term(x) for x in node.xs))
        if isinstance(node, rules.Neg):
            return ir.INeg(self.term(node.x))
        if isinstance(node, rules.Abs):
            return ir.IAbs(self.term(node.x))
        if isinstance(node, rules.Product):
            return ir.IMul(self.term(node.a), self.term(node.b))
        if isinstance(node, rules.Mod):
            return ir.IMod(self.term(node.x), node.k)
        if isinstance(node, rules.FloorDiv):
            return ir.IDiv(self.term(node.x), node.k)
        if isinstance(node, rules.CountOf):
            noun = node.noun
            return ir.ICount(self.ref(noun)) if noun.type.repeats else ir.IConst(1)
        raise UnsupportedFeature(f"integer term {type(node).__name__} cannot be compiled")


def _not(x: ir.Cond) -> ir.Cond:
    if isinstance(x, ir.Const):
        return ir.Const(not x.value)
    if isinstance(x, ir.Not):
        return x.x
    return ir.Not(x)


def _and(xs: tuple[ir.Cond, ...]) -> ir.Cond:
    if any(isinstance(x, ir.Const) and not x.value for x in xs):
        return ir.Const(False)
    rest = tuple(x for x in xs if not isinstance(x, ir.Const))
    if not rest:
        return ir.Const(True)
    return rest[0] if len(rest) == 1 else ir.And(rest)


def _or(xs: tuple[ir.Cond, ...]) -> ir.Cond:
    if any(isinstance(x, ir.Const) and x.value for x in xs):
        return ir.Const(True)
    rest = tuple(x for x in xs if not isinstance(x, ir.Const))
    if not rest:
        return ir.Const(False)
    return rest[0] if len(rest) == 1 else ir.Or(rest)


def _iff(x: ir.Cond, y: ir.Cond) -> ir.Cond:
    if isinstance(x, ir.Const):
        return y if x.value else _not(y)
    if isinstance(y, ir.Const):
        return x if y.value else _not(x)
    return ir.Iff(x, y)


def _card(xs: tuple[ir.Cond, ...], low: int, high: int) -> ir.Cond:
    fixed = sum(1 for x in xs if isinstance(x, ir.Const) and x.value)
    rest = tuple(x for x in xs if not isinstance(x, ir.Const))
    low, high = max(0, low - fixed), min(len(rest), high - fixed)
    if low > high:
        return ir.Const(False)
    if low == 0 and high == len(rest):
        return ir.Const(True)
    return ir.Card(rest, low, high)


def compile_puzzle(puzzle: PuzzleData, deadline: Deadline | None = None) -> ir.Model:
    """Validate the puzzle and lower its enabled facts and rules to an `ir.Model`."""
    return lower(puzzle, deadline)[0]


def lower(puzzle: PuzzleData, deadline: Deadline | None = None) -> tuple[ir.Model, Lowering]:
    """The model and the lowering that made it: more facts can be lowered later, and their
    tables land in the same `model.tables` list. Tens of thousands of facts take a second
    or more: the loops look at `deadline`."""
    check = deadline.check if deadline is not None else (lambda: None)
    puzzle.validate()
    lowering = Lowering(puzzle)
    model = ir.Model(
        type_names=[t.name for t in puzzle.noun_types],
        noun_names=[[n.name for n in t.nouns] for t in puzzle.noun_types],
        values=[[n.value for n in t.nouns] for t in puzzle.noun_types],
        placeholders={t.index: t.placeholders for t in puzzle.noun_types
                      if t.placeholders is not None},
        repeats=frozenset(t.index for t in puzzle.noun_types if t.repeats),
    )
    for index, fact in enumerate(puzzle.facts):
        if index % 256 == 0:
            check()
        if not fact.enabled:
            continue
        model.constraints.append((ir.Origin("fact", index), lowering.fact(fact)))
    for index, rule in enumerate(puzzle.rules):
        if index % 64 == 0:
            check()
        if not rule.enabled:
            continue
        if rule.constraint is None:
            raise ValidationError(f"Rule {rule.num} \"{rule.text}\" must have a constraint")
        if isinstance(rule.constraint, rules.Predicate):
            continue  # code, checked lazily by the solving loop (mm.analysis.lazy)
        cond = lowering.condition(rule.constraint)
        model.constraints.append((ir.Origin("rule", index), cond))
    model.tables = lowering.tables
    return model, lowering
