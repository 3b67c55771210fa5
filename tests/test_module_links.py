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
            return Math.abs(noun1.num - noun2.num) > 1 && !(noun1 == r4); };
        Link odd = addLink("odd with", rungs);
        odd.f = (noun1, noun2) -> (noun1.num + noun2.num) % 2 == 1;
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
    apart.f = (noun1, noun2) => Math.abs(noun1.num - noun2.num) > 1 && !(noun1 === r4);
    const odd = this.addLink("odd with", rungs);
    odd.f = (noun1, noun2) => (noun1.num + noun2.num) % 2 === 1;
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
