"""Link functions written as one expression over the nouns' numbers are read exactly.

Our own small modules in the author's Java and JavaScript styles (not copies): the link's
table is worked out at read time by a small interpreter, never by running the code; a
function that uses anything else is listed as not translated."""

from __future__ import annotations

import itertools

import pytest

from mm.formats.modules import read_source

JAVA = """
public class Ladder extends Puzzle {
    Ladder() {
        myName = "Ladder";
        myTitle = "Ladder";
        NounType rungs = addNounType("Rung");
        Noun r1 = rungs.addNoun("1"); Noun r2 = rungs.addNoun("2");
        Noun r3 = rungs.addNoun("3"); Noun r4 = rungs.addNoun("4");
        NounType kids = addNounType("Kid");
        Noun ann = kids.addNoun("Ann"); Noun bo = kids.addNoun("Bo");
        Noun cy = kids.addNoun("Cy"); Noun di = kids.addNoun("Di");
        Link twoAbove = addLink("two above", rungs);
        twoAbove.f = (noun1, noun2) -> (noun1.num == noun2.num + 2) ? Is : IsNot;
        Link sameHalf = addLink("in the same half as", rungs);
        sameHalf.f = (a, b) -> (a.num <= 2 && b.num <= 2)
            || (a.num >= 3 && b.num >= 3) ? Is : IsNot;
        Link apart = addLink("apart from", rungs);
        apart.f = (noun1, noun2) -> {
            return Math.abs(noun1.num - noun2.num) > 1 && !(noun1 == r4) ? Is : IsNot; };
        Link odd = addLink("odd with", rungs);
        odd.f = (noun1, noun2) -> (noun1.num + noun2.num) % 2 == 1 ? Is : IsNot;
        Link strange = addLink("strange", rungs);
        strange.f = (noun1, noun2) -> noun1.name.length() > 2 ? Is : IsNot;
        addFact("1", ann, Is, twoAbove, bo);
        addFact("2", cy, IsNot, With, r1);
        addFact("3", di, Is, strange, ann);
        answer = new int[][]{{1, 3, 2, 0}};
    }
}
"""

JS = """
function Ladder() {
    this.myName = "Ladder";
    const rungs = this.addNounType("Rung");
    const r1 = rungs.addNoun("1"), r2 = rungs.addNoun("2");
    const r3 = rungs.addNoun("3"), r4 = rungs.addNoun("4");
    const kids = this.addNounType("Kid");
    const ann = kids.addNoun("Ann"), bo = kids.addNoun("Bo");
    const cy = kids.addNoun("Cy"), di = kids.addNoun("Di");
    const twoAbove = this.addLink("two above", rungs);
    twoAbove.f = function (noun1, noun2) { return noun1.num === noun2.num + 2 ? Is : IsNot; };
    const sameHalf = this.addLink("in the same half as", rungs);
    sameHalf.f = (a, b) => (a.num <= 2 && b.num <= 2) || (a.num >= 3 && b.num >= 3) ? Is : IsNot;
    const apart = this.addLink("apart from", rungs);
    apart.f = (noun1, noun2) => Math.abs(noun1.num - noun2.num) > 1 && !(noun1 === r4) ? Is : IsNot;
    const odd = this.addLink("odd with", rungs);
    odd.f = (noun1, noun2) => (noun1.num + noun2.num) % 2 === 1 ? Is : IsNot;
    const strange = this.addLink("strange", rungs);
    strange.f = function (noun1, noun2) { return noun1.name.length > 2 ? Is : IsNot; };
    this.addFact("1", ann, Is, twoAbove, bo);
    this.addFact("2", cy, IsNot, With, r1);
    this.addFact("3", di, Is, strange, ann);
    this.answer = [[1, 3, 2, 0]];
}
"""

EXPECTED = {
    "two above": lambda a, b: a == b + 2,
    "in the same half as": lambda a, b: (a <= 2) == (b <= 2),
    "apart from": lambda a, b: abs(a - b) > 1 and a != 4,
    "odd with": lambda a, b: (a + b) % 2 == 1,
}


@pytest.mark.parametrize("language,source", [("java", JAVA), ("js", JS)])
def test_expression_links_are_tabulated_exactly(language, source):
    p = read_source(source, language)
    links = {link.name: link for link in p.links}
    rungs = p.noun_types[0].nouns
    for name, want in EXPECTED.items():
        f = links[name].f
        for a, b in itertools.product(rungs, rungs):
            assert bool(f(a, b)) == want(a.num, b.num), (name, a.num, b.num)


@pytest.mark.parametrize("language,source", [("java", JAVA), ("js", JS)])
def test_a_link_using_other_code_is_listed_with_its_facts(language, source):
    p = read_source(source, language)
    clues = [item for item in p.not_read if item.is_clue]
    assert "strange" in clues[0].reason and "not read" in clues[0].reason
    assert "name" in clues[0].reason  # says what was not read
    assert any(item.where.startswith("clue 3") for item in clues)
    assert "strange" not in [link.name for link in p.links]
    assert [f.clue for f in p.facts] == ["1", "2"]
    # without clue 3 the clues read allow several solutions: no answer is claimed
    assert p.count(limit=3) > 1


@pytest.mark.parametrize("language,source", [("java", JAVA), ("js", JS)])
def test_a_link_function_returning_true_or_false_is_not_read(language, source):
    """Mystery Master holds a link where its function's result === Is: one that returns a
    boolean never holds as written, so reading it as "holds when true" would be a guess."""
    source = source.replace("% 2 == 1 ? Is : IsNot;", "% 2 == 1;").replace(
        "% 2 === 1 ? Is : IsNot;", "% 2 === 1;")
    p = read_source(source, language)
    assert "odd with" not in [link.name for link in p.links]
    assert any("odd with" in item.reason and "true or false" in item.reason
               for item in p.not_read)


HELPERS = """
public class Round extends Puzzle {
    private final NounType chairs;

    private BiFunction<Noun, Noun, Verb> getIsBeside() {
        return (Noun noun1, Noun noun2) -> Math.abs(noun1.num - noun2.num) == 1
            || (noun1.num == 1 && noun2.num == 4)
            || (noun1.num == 4 && noun2.num == 1) ? Is : IsNot;
    }

    Round() {
        myName = "Round";
        chairs = addNounType("Chair");
        Noun c1 = chairs.addNoun("1"); Noun c2 = chairs.addNoun("2");
        Noun c3 = chairs.addNoun("3"); Noun c4 = chairs.addNoun("4");
        NounType kids = addNounType("Kid");
        Noun ann = kids.addNoun("Ann"); Noun bo = kids.addNoun("Bo");
        Noun cy = kids.addNoun("Cy"); Noun di = kids.addNoun("Di");
        NounType hats = addNounType("Hat");
        Noun red = hats.addNoun("red"); Noun tan = hats.addNoun("tan");
        Noun blue = hats.addNoun("blue"); Noun gray = hats.addNoun("gray");
        Link beside = addLink("beside", chairs);
        beside.f = getIsBeside();
        List<Noun> pair = new ArrayList<>();
        pair.add(red);
        pair.add(tan);
        List<List<Noun>> halves = new ArrayList<List<Noun>>() {{
            add(Arrays.asList(c1, c2));
            add(getList(c3, c4));
        }};
        addFact("1", ann, Is, With, c1);
        addFact("2", bo, IsNot, beside, ann);
        addFact("3", chairs.nouns, IsNot, With, gray, null, false);
        Rule rule1 = addRule("4", "Cy and Di sit in the same half.");
        rule1.f = smartRule.getMatchOneList(rule1, getList(cy, di), halves);
        addFact("5", getListExcept(kids.nouns, getList(ann, bo)), IsNot, With, pair);
        answer = new int[][]{{0, 2, 1, 3}, {0, 1, 2, 3}, {1, 0, 2, 3}};
    }
}
"""


def test_helpers_lists_and_noun_type_lists_are_read():
    p = read_source(HELPERS, "java")
    assert [item for item in p.not_read if item.is_clue] == []
    beside = next(link for link in p.links if link.name == "beside")
    chairs = p.noun_types[0].nouns
    got = {(a.num, b.num) for a in chairs for b in chairs if beside.f(a, b)}
    assert got == {(1, 2), (2, 1), (2, 3), (3, 2), (3, 4), (4, 3), (1, 4), (4, 1)}
    facts = [f for f in p.facts if f.clue == "3"]
    assert facts and not any(f.enabled for f in facts)  # added disabled, as written
    assert {f.noun2.name for f in p.facts if f.clue == "5"} == {"red", "tan"}
    # the helper that only returns the link's function is not listed as unused
    assert not any("getIsBeside" in item.text for item in p.not_read)


def _small(answer: str) -> str:
    return f"""
public class Small extends Puzzle {{
    Small() {{
        myName = "Small";
        NounType a = addNounType("A");
        Noun a1 = a.addNoun("1"); Noun a2 = a.addNoun("2");
        NounType b = addNounType("B");
        Noun x = b.addNoun("x"); Noun y = b.addNoun("y");
        addFact("1", a1, Is, With, y);
        answer = {answer};
    }}
}}
"""


def test_a_published_answer_with_extra_rows_or_that_does_not_fit_is_not_used():
    p = read_source(_small("new int[][]{{1, 0}, {1, 0}}"), "java")
    assert p.answer == [[1, 0]]
    assert any("extra rows are ignored" in item.reason and not item.is_clue
               for item in p.not_read)
    p = read_source(_small("new int[][]{{1, 1}}"), "java")
    assert p.answer is None and p.count() == 1  # solved without the broken answer
    assert any("does not fit" in item.reason for item in p.not_read)


def test_a_null_answer_means_none_given():
    p = read_source(_small("null"), "java")
    assert p.answer is None and p.count() == 1


def _random_expression(rng, depth: int = 0):
    """(Java/JS text, Python function of (a, b)) of a random whole-number expression."""
    if depth > 2 or rng.random() < 0.3:
        pick = rng.randrange(3)
        if pick == 0:
            return "noun1.num", lambda a, b: a
        if pick == 1:
            return "noun2.num", lambda a, b: b
        k = rng.randint(0, 5)
        return str(k), lambda a, b, k=k: k
    op = rng.choice(["+", "-", "*", "abs"])
    (lt, lf), (rt, rf) = _random_expression(rng, depth + 1), _random_expression(rng, depth + 1)
    if op == "abs":
        return f"Math.abs({lt} - {rt})", lambda a, b: abs(lf(a, b) - rf(a, b))
    py = {"+": lambda x, y: x + y, "-": lambda x, y: x - y, "*": lambda x, y: x * y}[op]
    return f"({lt} {op} {rt})", lambda a, b: py(lf(a, b), rf(a, b))


def _random_condition(rng, depth: int = 0):
    if depth > 1 or rng.random() < 0.4:
        (lt, lf), (rt, rf) = _random_expression(rng), _random_expression(rng)
        op = rng.choice(["==", "!=", "<", "<=", ">", ">="])
        test = {"==": lambda x, y: x == y, "!=": lambda x, y: x != y,
                "<": lambda x, y: x < y, "<=": lambda x, y: x <= y,
                ">": lambda x, y: x > y, ">=": lambda x, y: x >= y}[op]
        return f"{lt} {op} {rt}", lambda a, b: test(lf(a, b), rf(a, b))
    kind = rng.choice(["&&", "||", "!"])
    lt, lf = _random_condition(rng, depth + 1)
    if kind == "!":
        return f"!({lt})", lambda a, b: not lf(a, b)
    rt, rf = _random_condition(rng, depth + 1)
    if kind == "&&":
        return f"({lt}) && ({rt})", lambda a, b: lf(a, b) and rf(a, b)
    return f"({lt}) || ({rt})", lambda a, b: lf(a, b) or rf(a, b)


def _js(text: str) -> str:
    """The Java condition in JavaScript's spelling (=== and !==)."""
    return text.replace("!=", "!_").replace("==", "===").replace("!_", "!==") \
        .replace("<===", "<=").replace(">===", ">=")


@pytest.mark.parametrize("seed", range(6))
def test_random_link_functions_match_an_independent_evaluation(seed):
    """Random expressions, written in Java and JavaScript, tabulated by the reader and
    evaluated directly in Python: the tables are equal (or the function is listed)."""
    import random

    rng = random.Random(seed)
    for _ in range(15):
        text, want = _random_condition(rng)
        java = ("public class R extends Puzzle { R() { myName = \"R\";\n"
                "NounType s = addNounType(\"S\");\n"
                + "".join(f"Noun s{k} = s.addNoun(\"{k}\");\n" for k in range(1, 5))
                + "NounType t = addNounType(\"T\");\n"
                + "".join(f"Noun t{k} = t.addNoun(\"t{k}\");\n" for k in range(1, 5))
                + f"Link l = addLink(\"l\", s);\nl.f = (noun1, noun2) -> {text} ? Is : IsNot;\n"
                + "addFact(\"1\", t1, Is, l, t2); } }")
        js = ("function R() { this.myName = \"R\";\nconst s = this.addNounType(\"S\");\n"
              + "".join(f"const s{k} = s.addNoun(\"{k}\");\n" for k in range(1, 5))
              + "const t = this.addNounType(\"T\");\n"
              + "".join(f"const t{k} = t.addNoun(\"t{k}\");\n" for k in range(1, 5))
              + "const l = this.addLink(\"l\", s);\n"
              + f"l.f = function (noun1, noun2) {{ return {_js(text)} "
              + "? Is : IsNot; };\nthis.addFact(\"1\", t1, Is, l, t2); }")
        for language, source in (("java", java), ("js", js)):
            p = read_source(source, language)
            links = [link for link in p.links if link.name == "l"]
            if not links:  # listed as not translated: never a wrong table
                assert any(item.is_clue for item in p.not_read), (language, text)
                continue
            nouns = p.noun_types[0].nouns
            for a, b in itertools.product(nouns, nouns):
                assert bool(links[0].f(a, b)) == bool(want(a.num, b.num)), (language, text)
