"""Write a puzzle as a Python puzzle module (`build() -> Puzzle`), readable and editable:
noun types, links by their SmartLink factories, one add_fact per fact and the rules as
mm.rules expressions. `mm.load(path)` and `mm solve path` read it back.

Links other than SmartLinks and rule nodes outside the SmartRule library and the building
blocks have no faithful source form here: they are refused (UnsupportedFeature), so a module
is never a different puzzle from the one written.
"""

from __future__ import annotations

from typing import Any

from mm.errors import UnsupportedFeature
from mm.model import rules as r
from mm.model.links import smart_name
from mm.model.puzzle_data import WITH, Noun, PuzzleData
from mm.model.text import title_case
from mm.model.verbs import IS


def to_python(p: PuzzleData) -> str:
    """The source of a puzzle module that builds this puzzle."""
    w = _Writer(p)
    return w.module()


class _Writer:
    def __init__(self, p: PuzzleData):
        self.p = p
        self.type_var = {t.index: f"t{t.num}" for t in p.noun_types}
        self.link_var = {id(link): f"link{link.num}" for link in p.links[1:]}

    def noun(self, x: Noun) -> str:
        return f"{self.type_var[x.type.index]}.noun({x.name!r})"

    def link(self, link: Any) -> str:
        if link is WITH or getattr(link, "num", None) == 0:
            return "WITH"
        if id(link) not in self.link_var:
            raise UnsupportedFeature(f"python module: a rule uses link '{link}', which is not "
                                     "one of the puzzle's links")
        return self.link_var[id(link)]

    def module(self) -> str:
        p = self.p
        out = [f'"""{p.title}: written by mm (mm.formats.python_writer)."""', "",
               "from mm import IS, IS_NOT, WITH, Puzzle, links, rules", "", "",
               "def build() -> Puzzle:",
               f"    p = Puzzle({p.name!r}, {p.title!r})"]
        for key in ("stars", "author", "source", "blurb"):
            if getattr(p, key) is not None:
                out.append(f"    p.{key} = {getattr(p, key)!r}")
        for t in p.noun_types:
            if t.placeholders is not None:
                raise UnsupportedFeature("python module: placeholder types are not written")
            out.append(f"    {self.type_var[t.index]} = p.add_noun_type({t.name!r})")
            for x in t.nouns:
                extra = "" if x.title == title_case(x.name) else f", {x.title!r}"
                value = "" if x.value is None or str(x.value) == x.name.strip() \
                    else f", value={x.value}"
                out.append(f"    {self.type_var[t.index]}.add_noun({x.name!r}{extra}{value})")
        for link in p.links[1:]:
            smart = smart_name(link.f)
            if smart is None:
                raise UnsupportedFeature(f"python module: link '{link.name}' is not a "
                                         "SmartLink")
            name, args = smart
            factory = "with_" if name == "with" else name
            out.append(f"    {self.link_var[id(link)]} = p.add_link({link.name!r}, "
                       f"{self.type_var[link.noun_type.index]}, links.{factory}"
                       f"({', '.join(map(str, args))}))")
        for f in p.facts:
            verb = "IS" if f.verb is IS else "IS_NOT"
            text = f", {f.given_text!r}" if f.given_text else ""
            enabled = "" if f.enabled else ", enabled=False"
            out.append(f"    p.add_fact({f.clue!r}, {self.noun(f.noun1)}, {verb}, "
                       f"{self.link(f.link)}, {self.noun(f.noun2)}{text}{enabled})")
        for rule in p.rules:
            if rule.constraint is None:
                raise UnsupportedFeature(f"python module: rule {rule.num} has no constraint")
            enabled = "" if rule.enabled else ", enabled=False"
            out.append(f"    p.add_rule({rule.clue!r}, {rule.given_text!r},\n"
                       f"               {self.cond(rule.constraint)}{enabled})")
        if p.answer is not None:
            out.append(f"    p.answer = {[list(row) for row in p.answer]!r}")
        out += ["    return p", ""]
        return "\n".join(out)

    def nouns(self, xs: Any) -> str:
        return "[" + ", ".join(self.noun(x) for x in xs) + "]"

    def cond(self, c: r.Condition) -> str:  # noqa: PLR0911 - one case per node type
        if isinstance(c, r.MatchAtLeastOne):
            return f"rules.match_at_least_one({self.noun(c.noun1)}, {self.nouns(c.nouns2)})"
        if isinstance(c, r.MatchOneToExactlyOne):
            return (f"rules.match_one_to_exactly_one({self.nouns(c.nouns1)}, "
                    f"{self.nouns(c.nouns2)})")
        if isinstance(c, r.MatchOneToOne):
            return f"rules.match_one_to_one({self.nouns(c.nouns1)}, {self.nouns(c.nouns2)})"
        if isinstance(c, r.MatchOneList):
            lists = "[" + ", ".join(self.nouns(xs) for xs in c.lists2) + "]"
            return f"rules.match_one_list({self.nouns(c.nouns1)}, {lists})"
        if isinstance(c, r.IsNotBetween):
            return (f"rules.is_not_between({self.type_var[c.noun_type.index]}, "
                    f"{self.noun(c.noun1)}, {self.noun(c.noun2)}, {self.noun(c.noun3)})")
        if isinstance(c, r.IsRelated):
            return (f"rules.is_related({self.noun(c.noun1)}, {self.link(c.link)}, "
                    f"{self.nouns(c.nouns2)})")
        if isinstance(c, r.InSameGroup | r.InOppositeGroup):
            name = "in_same_group" if isinstance(c, r.InSameGroup) else "in_opposite_group"
            return (f"rules.{name}({self.noun(c.noun1)}, {self.noun(c.noun2)}, "
                    f"{self.type_var[c.noun_type.index]}, {list(c.groups)!r})")
        if isinstance(c, r.Related):
            return f"rules.related({self.noun(c.a)}, {self.link(c.link)}, {self.noun(c.b)})"
        if isinstance(c, r.Const):
            return f"rules.Const({c.value})"
        if isinstance(c, r.Not):
            return f"rules.not_({self.cond(c.x)})"
        if isinstance(c, r.AllOf | r.AnyOf):
            name = "all_of" if isinstance(c, r.AllOf) else "any_of"
            return f"rules.{name}({', '.join(self.cond(x) for x in c.xs)})"
        if isinstance(c, r.IfThen):
            return f"rules.if_then({self.cond(c.cond)}, {self.cond(c.then)})"
        if isinstance(c, r.Iff):
            return f"rules.iff({self.cond(c.x)}, {self.cond(c.y)})"
        if isinstance(c, r.Compare):
            return f"({self.term(c.left)} {c.op} {self.term(c.right)})"
        raise UnsupportedFeature(f"python module: rule node {type(c).__name__} is not written")

    def term(self, t: r.IntExpr) -> str:
        if isinstance(t, r.IntConst):
            return str(t.value)
        if isinstance(t, r.NumOf | r.ValueOf):
            name = "num" if isinstance(t, r.NumOf) else "value"
            return f"rules.{name}({self.noun(t.noun)}, {self.type_var[t.noun_type.index]})"
        if isinstance(t, r.Sum):
            return "(" + " + ".join(self.term(x) for x in t.xs) + ")"
        if isinstance(t, r.Neg):
            return f"(-{self.term(t.x)})"
        if isinstance(t, r.Product):
            return f"({self.term(t.a)} * {self.term(t.b)})"
        if isinstance(t, r.Abs):
            return f"abs({self.term(t.x)})"
        raise UnsupportedFeature(f"python module: integer term {type(t).__name__} is not "
                                 "written")
