"""An independent oracle: random small puzzles and a brute-force enumerator over plain
permutations. It reads puzzles only through their public attributes and evaluates facts and
rules from the definitions in API.md, sharing no code with mm's compiler or backends.

A candidate is rows_of[t]: for an ordinary type the row of each noun, for a repeating type
(API.md "Beyond one-to-one") the noun on each row - the shape of mm's own assignments, so
the sets compare directly. Predicate rules are called on an `mm.Solution`, as the API
defines them."""

from __future__ import annotations

import itertools
import random

import mm
from mm import IS, IS_NOT, WITH, links, rules

# ------------------------------------------------------------------ brute force


def _link_true(link, a, b) -> bool:
    result = link.f(a, b)
    if isinstance(result, mm.Verb):
        return result.num > 0
    return bool(result)


def _term(puzzle, rows_of, values, term) -> int:
    """An integer term of a rule, from API.md: num is the partner's 1-based number, value its
    value (given, integer name, or the placeholder's value in this candidate)."""
    ev = lambda x: _term(puzzle, rows_of, values, x)  # noqa: E731
    if isinstance(term, rules.IntConst):
        return term.value
    if isinstance(term, rules.NumOf):
        return _slot(rows_of, term.noun, term.noun_type).num
    if isinstance(term, rules.ValueOf):
        partner = _slot(rows_of, term.noun, term.noun_type)
        if term.noun_type.placeholders is not None:
            return values[term.noun_type.num - 1][partner.num - 1]
        return partner.value
    if isinstance(term, rules.Sum):
        return sum(ev(x) for x in term.xs)
    if isinstance(term, rules.Neg):
        return -ev(term.x)
    if isinstance(term, rules.Abs):
        return abs(ev(term.x))
    if isinstance(term, rules.Product):
        return ev(term.a) * ev(term.b)
    if isinstance(term, rules.Mod):
        return ev(term.x) % term.k
    if isinstance(term, rules.FloorDiv):
        return ev(term.x) // term.k
    if isinstance(term, rules.CountOf):
        return len(_rows(rows_of, term.noun))
    raise TypeError(f"oracle does not know {type(term).__name__}")


_OPS = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
        "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


def _rows(rows_of, noun) -> set[int]:
    """The rows a noun is on."""
    column = rows_of[noun.type.num - 1]
    if noun.type.repeats:
        return {r for r, k in enumerate(column) if k == noun.num - 1}
    return {column[noun.num - 1]}


class Refused(Exception):
    """The API refuses this (a repeating noun has no one partner)."""


def _slot(rows_of, noun, noun_type):
    """The noun of noun_type on the same row as noun."""
    if noun.type is noun_type:
        return noun
    if noun.type.repeats:
        raise Refused(noun.name)
    row = rows_of[noun.type.num - 1][noun.num - 1]
    column = rows_of[noun_type.num - 1]
    if noun_type.repeats:
        return noun_type.nouns[column[row]]
    return noun_type.nouns[column.index(row)]


def _related(puzzle, rows_of, a, link, b) -> bool:
    if link is WITH or link.num == 0:
        return _with(rows_of, a, b)
    t = link.noun_type
    return _link_true(link, _slot(rows_of, a, t), _slot(rows_of, b, t))


def _with(rows_of, a, b) -> bool:
    """Some row has both (for nouns on one row each: they are together)."""
    return bool(_rows(rows_of, a) & _rows(rows_of, b))


def evaluate(puzzle, rows_of, node, values=None) -> bool:
    """Truth of a rule condition, from API.md's definitions."""
    ev = lambda x: evaluate(puzzle, rows_of, x, values)  # noqa: E731
    if isinstance(node, rules.Predicate):
        return node.fn(mm.Solution(puzzle, rows_of + values_tuple(puzzle, values)))
    if isinstance(node, rules.Compare):
        return _OPS[node.op](_term(puzzle, rows_of, values, node.left),
                             _term(puzzle, rows_of, values, node.right))
    if isinstance(node, rules.Related):
        return _related(puzzle, rows_of, node.a, node.link, node.b)
    if isinstance(node, rules.Const):
        return node.value
    if isinstance(node, rules.Not):
        return not ev(node.x)
    if isinstance(node, rules.AllOf):
        return all(ev(x) for x in node.xs)
    if isinstance(node, rules.AnyOf):
        return any(ev(x) for x in node.xs)
    if isinstance(node, rules.IfThen):
        return (not ev(node.cond)) or ev(node.then)
    if isinstance(node, rules.Iff):
        return ev(node.x) == ev(node.y)
    if isinstance(node, rules.Count):
        return node.low <= sum(ev(x) for x in node.xs) <= node.high
    if isinstance(node, rules.MatchAtLeastOne):
        return any(_with(rows_of, node.noun1, b) for b in node.nouns2)
    if isinstance(node, rules.MatchOneToExactlyOne):
        return sum(_with(rows_of, a, b) for a in node.nouns1 for b in node.nouns2) == 1
    if isinstance(node, rules.MatchOneToOne):
        return (all(sum(_with(rows_of, a, b) for b in node.nouns2) == 1 for a in node.nouns1)
                and all(sum(_with(rows_of, a, b) for a in node.nouns1) == 1
                        for b in node.nouns2))
    if isinstance(node, rules.MatchOneList):
        return any(all(any(_with(rows_of, a, b) for b in lst) for a in node.nouns1)
                   for lst in node.lists2)
    if isinstance(node, rules.IsNotBetween):
        t = node.noun_type
        a, b, c = (_slot(rows_of, n, t).num for n in (node.noun1, node.noun2, node.noun3))
        return not (b < a < c) and not (c < a < b)
    if isinstance(node, rules.IsRelated):
        return any(_related(puzzle, rows_of, node.noun1, node.link, b) for b in node.nouns2)
    if isinstance(node, rules.InSameGroup | rules.InOppositeGroup):
        t = node.noun_type
        same = (node.groups[_slot(rows_of, node.noun1, t).num - 1]
                == node.groups[_slot(rows_of, node.noun2, t).num - 1])
        return same if isinstance(node, rules.InSameGroup) else not same
    raise TypeError(f"oracle does not know {type(node).__name__}")


def values_tuple(puzzle, values) -> tuple:
    holders = [t for t in puzzle.noun_types if t.placeholders is not None]
    return tuple(values[t.num - 1] for t in holders) if values else ()


def brute_force(puzzle) -> set[tuple[tuple[int, ...], ...]]:
    """Every solution as rows_of[t][i] (the row of noun i of type t; for a repeating type
    the noun on row i), by trying all permutations of every non-first type (every choice
    of a noun per row for a repeating type)."""
    n = len(puzzle.noun_types[0].nouns)
    identity = tuple(range(n))
    found = set()
    facts = [f for f in puzzle.facts if f.enabled]
    rule_list = [r for r in puzzle.rules if r.enabled]
    perms = list(itertools.permutations(range(n)))
    holders = [t for t in puzzle.noun_types if t.placeholders is not None]
    # placeholder values: distinct and rising with the noun number
    value_choices = [list(itertools.combinations(sorted(t.placeholders), n)) for t in holders]
    columns = [list(itertools.product(range(len(t.nouns)), repeat=n)) if t.repeats else perms
               for t in puzzle.noun_types[1:]]
    for combo in itertools.product(*columns):
        rows_of = (identity, *combo)
        ok = all(_related(puzzle, rows_of, f.noun1, f.link, f.noun2) == (f.verb is IS)
                 for f in facts)
        if not ok:
            continue
        for picked in itertools.product(*value_choices):
            values = {t.num - 1: v for t, v in zip(holders, picked, strict=True)}
            if all(evaluate(puzzle, rows_of, r.constraint, values) for r in rule_list):
                found.add(rows_of + tuple(picked))
    return found


# ------------------------------------------------------------------ random puzzles

_SMART_LINKS = [
    lambda r: links.less_than(r.randint(0, 1)),
    lambda r: links.less_by(r.randint(1, 2)),
    lambda r: links.more_than(r.randint(0, 1)),
    lambda r: links.more_by(r.randint(1, 2)),
    lambda r: links.next_to(),
    lambda r: links.offset_by(r.randint(1, 2)),
    lambda r: links.outside_of(r.randint(0, 1)),
    lambda r: links.has_ratio(1, 2),
]


def assert_matches_brute_force(puzzle, backend: str, count: bool = True
                               ) -> set[tuple[tuple[int, ...], ...]]:
    """Check a backend against the enumeration: the same solutions, none twice, and the
    count (unless `count` is off: thousands of solutions), uniqueness and the rules' own
    evaluation agreeing; return the solutions."""
    expected = brute_force(puzzle)
    found = [s.assignment for s in puzzle.solutions(backend=backend)]
    assert len(found) == len(set(found)), "a solution was reported twice"
    assert set(found) == expected
    if count:
        assert puzzle.count(backend=backend) == len(expected)
    assert puzzle.is_unique(backend=backend) == (len(expected) == 1)
    for solution in puzzle.solutions(limit=3, backend=backend):
        assert all(r.constraint.holds(solution) for r in puzzle.rules)
    return expected


def _custom_link(r: random.Random, span: int = 6):
    """A random table over nouns 1..span (6 keeps the draws of the small puzzles)."""
    if r.random() < 0.5:
        table = {(a, b): r.random() < 0.4 for a in range(1, span + 1) for b in range(1, span + 1)}
    else:  # each a relates to a run of b; runs often rise with a (SAT's order encoding)
        rising = r.random() < 0.7
        lows = sorted(r.randint(1, span) for _ in range(span)) if rising else \
            [r.randint(1, span) for _ in range(span)]
        ends = sorted(r.randint(0, 3) for _ in range(span)) if rising else \
            [r.randint(0, 3) for _ in range(span)]
        empty = r.choice([set(), {1}, {span}, {1, 2}, {span - 1, span}, {3}])
        table = {(a, b): a not in empty and lows[a - 1] <= b <= lows[a - 1] + ends[a - 1]
                 for a in range(1, span + 1) for b in range(1, span + 1)}
    # returns verbs as well as bools, as a seed-style link function may
    return lambda a, b: IS if table[(a.num, b.num)] else IS_NOT


def random_puzzle(seed: int, types: tuple[int, int] = (3, 4), nouns: tuple[int, int] = (3, 4),
                  max_facts: int = 6, max_rules: int = 2, numbers: bool = False) -> mm.Puzzle:
    r = random.Random(seed)
    p = mm.Puzzle(f"Random{seed}", f"Random puzzle {seed}")
    num_types, size = r.randint(*types), r.randint(*nouns)
    for t in range(num_types):
        if numbers and t == num_types - 1 and r.random() < 0.5:
            low = r.randint(-3, 3)
            p.add_noun_type(f"T{t + 1}", placeholders=range(low, low + size + r.randint(0, 2)))
        elif numbers and t >= 1:  # numeric names, some values given explicitly
            kind = p.add_noun_type(f"T{t + 1}")
            for v in sorted(r.sample(range(-5, 20), size)):
                if r.random() < 0.5:
                    kind.add_noun(str(v))
                else:
                    kind.add_noun(f"v{v}", value=v)
        else:
            p.add_noun_type(f"T{t + 1}").add_nouns(*(f"n{t + 1}{i + 1}" for i in range(size)))
    all_links = [p.links[0]]
    for k in range(r.randint(1, 3)):
        over = r.choice(p.noun_types)
        f = _custom_link(r, max(6, size)) if r.random() < 0.25 else r.choice(_SMART_LINKS)(r)
        all_links.append(p.add_link(f"link{k + 1}", over, f))
    nouns_all = [n for t in p.noun_types for n in t.nouns]

    def fact_pair(link):
        while True:
            a, b = r.sample(nouns_all, 2)
            if link.num == 0 and a.type is b.type:
                continue
            if a.type is link.noun_type and b.type is link.noun_type:
                continue
            return a, b

    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for k in range(r.randint(0, max_facts)):
            link = r.choice(all_links)
            a, b = fact_pair(link)
            p.add_fact(str(k + 1), a, r.choice([IS, IS_NOT]), WITH if link.num == 0 else link, b)

    def atom():
        link = r.choice(all_links)
        a, b = fact_pair(link)
        return rules.related(a, WITH if link.num == 0 else link, b)

    def smart():
        kind = r.randrange(8)
        some = lambda k: r.sample(nouns_all, k)  # noqa: E731
        t = r.choice(p.noun_types)
        if kind == 0:
            return rules.match_at_least_one(some(1)[0], some(2))
        if kind == 1:
            return rules.match_one_to_exactly_one(some(2), some(2))
        if kind == 2:
            return rules.match_one_to_one(some(2), some(2))
        if kind == 3:
            return rules.match_one_list(some(2), [some(2), some(2)])
        if kind == 4:
            return rules.is_not_between(t, *some(3))
        if kind == 5:
            return rules.is_related(some(1)[0], r.choice(all_links[1:]), some(2))
        groups = [r.choice("xy") for _ in t.nouns]
        a, b = some(2)
        if kind == 6:
            return rules.in_same_group(a, b, t, groups)
        return rules.in_opposite_group(a, b, t, groups)

    def term(depth):
        noun = r.choice(nouns_all)
        numeric = [t for t in p.noun_types[1:] if t.nouns[0].value is not None
                   or t.placeholders is not None]
        if depth == 0 or r.random() < 0.4:
            if numeric and r.random() < 0.6:
                return rules.value(noun, r.choice(numeric))
            return rules.num(noun, r.choice(p.noun_types))
        kind = r.randrange(7)
        if kind == 5:
            return term(depth - 1) % r.randint(1, 4)
        if kind == 6:
            return term(depth - 1) // r.randint(1, 3)
        if kind == 0:
            return term(depth - 1) + term(depth - 1)
        if kind == 1:
            return term(depth - 1) - r.randint(-2, 2)
        if kind == 2:
            return r.randint(-2, 3) * term(depth - 1)
        if kind == 3:
            return abs(term(depth - 1) - term(depth - 1))
        return term(0) * term(0)

    def comparison():
        op = r.choice(["==", "!=", "<", "<=", ">", ">="])
        left, right = term(1), (term(1) if r.random() < 0.6 else r.randint(-3, 12))
        return {"==": lambda: left == right, "!=": lambda: left != right,
                "<": lambda: left < right, "<=": lambda: left <= right,
                ">": lambda: left > right, ">=": lambda: left >= right}[op]()

    def cond(depth):
        if numbers and r.random() < 0.35:
            return comparison()
        if depth == 0 or r.random() < 0.3:
            return atom() if r.random() < 0.6 else smart()
        kind = r.randrange(8)
        xs = [cond(depth - 1) for _ in range(r.randint(1, 3))]
        if kind == 0:
            return rules.all_of(xs)
        if kind == 1:
            return rules.any_of(*xs)
        if kind == 2:
            return ~xs[0]
        if kind == 3:
            return rules.if_then(xs[0], cond(depth - 1))
        if kind == 4:
            return rules.iff(xs[0], cond(depth - 1))
        if kind == 5:
            return rules.exactly(r.randint(0, len(xs)), xs)
        if kind == 6:
            return rules.at_least(r.randint(0, len(xs)), xs)
        return rules.at_most(r.randint(0, len(xs)), xs) & xs[0] | cond(depth - 1)

    for k in range(r.randint(0, max_rules)):
        p.add_rule(str(100 + k), f"Random rule {k + 1}.", cond(2))
    if not p.facts and not p.rules:
        x = atom()
        p.add_rule("0", "Always true.", x | ~x)
    return p


def random_repeating_puzzle(seed: int, predicates: bool = True) -> mm.Puzzle:
    """A random small puzzle with repeating types (API.md "Beyond one-to-one"): WITH facts
    between any nouns, link facts between nouns of one-to-one types, rules with count, num,
    %, //, SmartRules, and (with `predicates`) a rule written as a Python function."""
    r = random.Random(seed)
    p = mm.Puzzle(f"Repeating{seed}", f"Random repeating puzzle {seed}")
    n = r.randint(2, 4)
    p.add_noun_type("T1").add_nouns(*(f"r{i + 1}" for i in range(n)))
    cases = 1
    for t in range(2, r.randint(3, 4) + 1):
        repeats = t == 2 or r.random() < 0.6
        k = r.randint(1, n + 1) if repeats else n
        more = k ** n if repeats else len(list(itertools.permutations(range(n))))
        if cases * more > 3000:
            break
        cases *= more
        p.add_noun_type(f"T{t}", repeats=repeats).add_nouns(
            *(f"n{t}{i + 1}" for i in range(k)))
    plain = [t for t in p.noun_types if not t.repeats]
    all_links = [p.links[0]]
    for k in range(r.randint(0, 2)):
        all_links.append(p.add_link(f"link{k + 1}", r.choice(plain), r.choice(_SMART_LINKS)(r)))
    nouns_all = [x for t in p.noun_types for x in t.nouns]
    plain_nouns = [x for t in plain for x in t.nouns]

    def pair(link):
        pool = nouns_all if link.num == 0 else plain_nouns
        for _ in range(50):
            a, b = r.sample(pool, 2)
            if link.num == 0 and a.type is b.type:
                continue
            if a.type is link.noun_type and b.type is link.noun_type:
                continue
            return a, b
        return None

    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for k in range(r.randint(0, 4)):
            link = r.choice(all_links)
            ab = pair(link)
            if ab:
                p.add_fact(str(k + 1), ab[0], r.choice([IS, IS_NOT]),
                           WITH if link.num == 0 else link, ab[1])

    def term(depth):
        kind = r.randrange(6 if depth else 3)
        if kind == 0:
            return rules.count(r.choice(nouns_all))
        if kind == 1:
            noun = r.choice(plain_nouns)
            return rules.num(noun, r.choice(p.noun_types))
        if kind == 2:
            return rules.num(r.choice(p.noun_types[0].nouns), r.choice(p.noun_types))
        if kind == 3:
            return term(depth - 1) % r.randint(1, 3)
        if kind == 4:
            return (term(depth - 1) - r.randint(0, 3)) // r.randint(1, 3)
        return term(depth - 1) + term(depth - 1)

    def cond(depth):
        kind = r.randrange(9 if depth else 4)
        if kind == 0:
            link = r.choice(all_links)
            ab = pair(link)
            if ab:
                return rules.related(ab[0], WITH if link.num == 0 else link, ab[1])
            return rules.Const(True)
        if kind == 1:
            a, b = r.sample(nouns_all, 2)
            return rules.with_(a, b)
        if kind == 2:
            op = r.choice(["==", "!=", "<", "<=", ">", ">="])
            left, right = term(1), r.randint(-1, 4)
            return {"==": lambda: left == right, "!=": lambda: left != right,
                    "<": lambda: left < right, "<=": lambda: left <= right,
                    ">": lambda: left > right, ">=": lambda: left >= right}[op]()
        if kind == 3:
            a = r.choice(nouns_all)
            return rules.match_at_least_one(a, r.sample(nouns_all, 2))
        xs = [cond(depth - 1) for _ in range(r.randint(1, 3))]
        if kind == 4:
            return rules.all_of(xs)
        if kind == 5:
            return rules.any_of(xs)
        if kind == 6:
            return ~xs[0]
        if kind == 7:
            return rules.exactly(r.randint(0, len(xs)), xs)
        return rules.match_one_to_exactly_one(r.sample(nouns_all, 2), r.sample(nouns_all, 2))

    for k in range(r.randint(0, 3)):
        p.add_rule(str(100 + k), f"Random rule {k + 1}.", cond(2))
    if predicates and r.random() < 0.5:
        repeating = [t for t in p.noun_types if t.repeats]
        t = r.choice(repeating)
        rows, mod, hit = p.noun_types[0].nouns, r.randint(2, 3), r.randint(0, 2)

        def fn(solution, t=t, rows=rows, mod=mod, hit=hit):
            return sum(solution.partner(x, t).num for x in rows) % mod != hit

        p.add_rule("P", "A rule written as a function.", rules.predicate(fn, reads=[t]))
    if not p.facts and not p.rules:
        x = rules.with_(*r.sample(nouns_all, 2))
        p.add_rule("0", "Always true.", x | ~x)
    return p
