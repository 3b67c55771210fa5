"""Write a puzzle as JSON data (the "mm-puzzle/1" format; its reader is mm.formats.json_format).

The writer needs only the model, so it lives in the model layer and `PuzzleData.save` can use it
without reaching up to the readers. SmartLinks are written by name and arguments, other links
as the table of noun pairs for which they hold, rules as expression trees.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from mm.errors import PuzzleError, UnsupportedFeature
from mm.model import rules as r
from mm.model.puzzle_data import WITH, Link, Noun, NounType, PuzzleData, integer_name
from mm.model.verbs import IS, IS_NOT, MAYBE

FORMAT = "mm-puzzle/1"
VERBS = {"is": IS, "is not": IS_NOT, "may be": MAYBE}
VERB_KEYS = {"is_not": IS_NOT, "maybe": MAYBE, "is": IS}
META = ("stars", "author", "source", "blurb")


def to_json(puzzle: PuzzleData) -> dict[str, Any]:
    """The puzzle as a JSON-ready dict (the mm-puzzle/1 format)."""
    return _Writer().puzzle(puzzle)


def to_json_text(puzzle: PuzzleData) -> str:
    """The puzzle as JSON text, as `PuzzleData.save` writes it."""
    return json.dumps(to_json(puzzle), indent=1, ensure_ascii=False) + "\n"


class _Writer:
    """One write: it names the links that only rules know, so the state lives per call."""

    def __init__(self) -> None:
        self.extra: dict[Link, str] = {}
        # a SmartRule's decomposition makes new link objects each time: decompose once, so
        # the links named while listing them are the links the rule is written with
        self.decomposed: dict[int, tuple[r.SmartRule, r.Condition]] = {}

    def expand(self, rule: r.SmartRule) -> r.Condition:
        """The building blocks of a SmartRule, the same objects on every call."""
        if id(rule) not in self.decomposed:
            self.decomposed[id(rule)] = (rule, rule.decompose())
        return self.decomposed[id(rule)][1]

    def rule_links(self, c: Any) -> Iterator[Link]:
        """The links a rule uses, through its SmartRules' building blocks."""
        if c is None:
            return
        if isinstance(c, r.SmartRule):
            c = self.expand(c)
        if isinstance(c, r.Related) and isinstance(c.link, Link):
            yield c.link
        for x in c.children():
            yield from self.rule_links(x)

    def puzzle(self, puzzle: PuzzleData) -> dict[str, Any]:
        data: dict[str, Any] = {"format": FORMAT, "name": puzzle.name, "title": puzzle.title}
        for key in META:
            if getattr(puzzle, key) is not None:
                data[key] = getattr(puzzle, key)
        names = {key: puzzle.verb_names[verb.num] for key, verb in VERB_KEYS.items()
                 if puzzle.verb_names[verb.num] != verb.name}
        if names:
            data["verbs"] = names
        data["types"] = [_type_json(t) for t in puzzle.noun_types]
        data["links"] = [_link_json(link) for link in puzzle.links[1:]]
        # links that only rules know (a SmartRule's own links) are written too, under a free name
        taken = {link.name for link in puzzle.links}
        for rule in puzzle.rules:
            for link in self.rule_links(rule.constraint):
                if link.num != 0 and link not in puzzle.links and link not in self.extra:
                    name, k = link.name, 2
                    while name in taken:
                        name, k = f"{link.name} ({k})", k + 1
                    taken.add(name)
                    self.extra[link] = name
                    data["links"].append({**_link_json(link), "name": name})
        first_of_group: dict[int, int] = {}  # a group is numbered by its first fact
        for f in puzzle.facts:
            first_of_group.setdefault(f.group, f.num)
        # the text as shown (a puzzle's own say_fact wording is code, so its result is kept)
        data["facts"] = [{"clue": f.clue, "noun1": _noun_json(f.noun1), "verb": f.verb.name,
                          "link": self.link_name(f.link), "noun2": _noun_json(f.noun2),
                          "text": f.given_text or puzzle.say_fact(f.noun1, f.verb, f.link, f.noun2),
                          **({"enabled": False} if not f.enabled else {}),
                          "group": first_of_group[f.group]} for f in puzzle.facts]
        data["rules"] = []
        for rule in puzzle.rules:
            if rule.constraint is None:
                raise PuzzleError(f"rule '{rule.text}' has no constraint to write")
            data["rules"].append({"clue": rule.clue, "text": rule.given_text,
                                  **({"enabled": False} if not rule.enabled else {}),
                                  "expr": self.cond(rule.constraint)})
        if puzzle.answer is not None:
            data["answer"] = [list(row) for row in puzzle.answer]
        if puzzle.answer_values is not None:
            data["answer_values"] = puzzle.answer_values
        if puzzle.question is not None:
            data["question"] = _question_json(puzzle.question)
        if len(puzzle.questions) > 1:  # every question; "question" stays the first
            data["questions"] = [_question_json(q) for q in puzzle.questions]
        if puzzle.not_read:  # what the importer left out: the reading is partial
            data["not_read"] = [item.to_dict() for item in puzzle.not_read]
        return data

    def link_name(self, link: Any) -> str:
        if link is WITH or getattr(link, "num", None) == 0:
            return "with"
        return self.extra.get(link, link.name)

    def cond(self, c: r.Condition) -> dict[str, Any]:
        if isinstance(c, r.SmartRule):
            return self.cond(self.expand(c))
        if isinstance(c, r.Const):
            return {"op": "const", "value": c.value}
        if isinstance(c, r.Related):
            return {"op": "related", "a": _noun_json(c.a), "link": self.link_name(c.link),
                    "b": _noun_json(c.b)}
        if isinstance(c, r.Not):
            return {"op": "not", "x": self.cond(c.x)}
        if isinstance(c, r.AllOf | r.AnyOf):
            return {"op": "all" if isinstance(c, r.AllOf) else "any",
                    "xs": [self.cond(x) for x in c.xs]}
        if isinstance(c, r.IfThen):
            return {"op": "if", "cond": self.cond(c.cond), "then": self.cond(c.then)}
        if isinstance(c, r.Iff):
            return {"op": "iff", "x": self.cond(c.x), "y": self.cond(c.y)}
        if isinstance(c, r.Count):
            return {"op": "count", "xs": [self.cond(x) for x in c.xs], "low": c.low,
                    "high": c.high}
        if isinstance(c, r.Compare):
            return {"op": "compare", "cmp": c.op, "left": _int_json(c.left),
                    "right": _int_json(c.right)}
        if isinstance(c, r.Predicate):
            raise UnsupportedFeature(
                f"cannot write {c!r} as data: a rule written as a Python function lives only "
                "in Python (save the puzzle as a Python module with build() instead)")
        raise PuzzleError(f"cannot write a rule node of kind {type(c).__name__}")


def _question_json(q: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"text": q.text, "kind": q.kind}
    if q.category is not None:
        out["category"] = q.category.name
    if q.house is not None:
        out["house"] = q.house
    if q.subject is not None:
        out["subject"] = _noun_json(q.subject)
    if q.choices:
        out["choices"] = list(q.choices)
    return out


def _type_json(t: NounType) -> dict[str, Any]:
    out: dict[str, Any] = {"name": t.name}
    if t.placeholders is not None:
        out["placeholders"] = list(t.placeholders)
    if t.repeats:
        out["repeats"] = True
    nouns = []
    for n in t.nouns:
        noun: dict[str, Any] = {"name": n.name}
        if n.title != n.name:
            noun["title"] = n.title
        if t.placeholders is None and n.value is not None and n.value != integer_name(n.name):
            noun["value"] = n.value
        nouns.append(noun if len(noun) > 1 else n.name)
    out["nouns"] = nouns
    return out



def _link_json(link: Link) -> dict[str, Any]:
    out: dict[str, Any] = {"name": link.name, "type": link.noun_type.name}
    if link.f is None:
        raise PuzzleError(f"link '{link.name}' has no function to write")
    smart = getattr(link.f, "smart", None)
    if smart is not None:
        out["smart"], out["args"] = smart[0], list(smart[1])
    else:
        nouns = link.noun_type.nouns
        out["pairs"] = [[a.name, b.name] for a in nouns for b in nouns if link.holds(a, b)]
    return out


def _noun_json(noun: Noun) -> dict[str, str]:
    return {"type": noun.type.name, "noun": noun.name}


def _int_json(e: r.IntExpr) -> dict[str, Any]:
    if isinstance(e, r.IntConst):
        return {"int": e.value}
    if isinstance(e, r.NumOf | r.ValueOf):
        key = "num" if isinstance(e, r.NumOf) else "value"
        return {key: _noun_json(e.noun), "type": e.noun_type.name}
    if isinstance(e, r.Sum):
        return {"sum": [_int_json(x) for x in e.xs]}
    if isinstance(e, r.Product):
        return {"mul": [_int_json(e.a), _int_json(e.b)]}
    if isinstance(e, r.Neg):
        return {"neg": _int_json(e.x)}
    if isinstance(e, r.Abs):
        return {"abs": _int_json(e.x)}
    if isinstance(e, r.Mod | r.FloorDiv):
        return {"mod" if isinstance(e, r.Mod) else "div": _int_json(e.x), "by": e.k}
    if isinstance(e, r.CountOf):
        return {"count": _noun_json(e.noun)}
    raise PuzzleError(f"cannot write a number node of kind {type(e).__name__}")
