"""The grammar of clue forms, over the compact tokens the chunker makes (see `chunks`).

A clue is read in three steps:
1. the lexicon turns each run of words naming a value into one mention (`lexicon`);
2. the chunker turns each multi-word keyword into one token ("to the immediate left of" ->
   LEFT with `direct`, "one of the ends" -> END, "the third house" -> a place) and drops the
   neutral words: words that fill a phrase naming a person and change no meaning ("the
   person who likes", "owner", "lives in the"). Any other word makes the clue not read;
3. this grammar (Lark, Earley) reads the short sequence that is left. A clue like "The
   person who smokes Blends lives next to the one who keeps cats" comes here as `V NEXT V`.
Negation, direction, adjacency, comparison, quantity and "either/or" are never neutral, so
they can only be read by a rule of the grammar, or not at all.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput, UnexpectedToken
from lark.lexer import Lexer
from lark.visitors import CollapseAmbiguities

GRAMMAR = r"""
start: stmt
     | stmt COMMA? AND DIFFERENT          -> with_differ
     | stmt COMMA? ONSIDE                 -> on_side

?np: V | P

stmt: np np                                   -> same
    | np NOT np                               -> not_same
    | np NOT? LR np                           -> lr
    | np NOT? NEXT np                         -> next_to
    | np AND np NOT? NEXT EACHOTHER?          -> next_to
    | np AND np NOT? EACHOTHER                -> next_to
    | np NOT? END                             -> at_end
    | np NOT? PARITY                          -> parity
    | np AND np NOT? SAMEPAR                  -> same_parity
    | K SLOTS BETWEEN np AND np               -> slots_between
    | np AND np K SLOTS BETWEEN               -> slots_between
    | np NOT? K SLOTS AWAY np                 -> slots_away
    | np NOT? BETWEEN np AND np               -> between
    | np NOT? BETWEEN np AND np COMMA? INORDER -> between_ordered
    | np NEXT ATLEASTONE np AND np            -> next_to_either
    | np AND np NOT? SAMESIDE                 -> same_side
    | SUMOF np AND np ADDUP K                 -> house_sum
    | EXACTLYONE np AND np np OR np           -> exactly_one_of
    | np EITHER np OR np                      -> either_subject
    | np NEITHER np NOR np                    -> neither_subject
    | NEITHER np NOR np np                    -> neither_object
    | EITHER np OR np np                      -> either_object
    | OF np AND np COMMA? ONE np AND OTHER np  -> of_pair
    | np (COMMA np)+ COMMA? AND np ALL? K? DIFFERENT -> all_different
    | np AND np ALL? K? DIFFERENT             -> all_different
    | np NOT? amount? ORDER np                -> compare
    | np NOT? amount? CMP THAN np             -> compare
    | np NOT? K CMP UNIT THAN np              -> compare_more
    | np NOT? SUP                             -> superlative
    | SUP np                                  -> superlative

amount: K UNIT?
      | SOME

%declare V P K UNIT NOT LR NEXT EACHOTHER END SLOTS BETWEEN AND OR EITHER OF ONE OTHER
%declare COMMA ALL DIFFERENT AWAY INORDER ORDER CMP THAN SOME ONSIDE NEITHER NOR PARITY SAMEPAR
%declare SUMOF ADDUP EXACTLYONE ATLEASTONE SAMESIDE SUP
"""


class _TokenList(Lexer):
    """Lark's lexer slot: the tokens are already made."""

    def __init__(self, conf) -> None:  # noqa: ANN001 - Lark's LexerConf
        pass

    def lex(self, data: Any, parser_state: Any = None) -> Iterator[Token]:
        """Lark calls a one-argument lex with the input: here, the token list."""
        return iter(data)


MAX_READINGS = 64


@lru_cache(maxsize=1)
def parser() -> Lark:
    return Lark(GRAMMAR, parser="earley", lexer=_TokenList, ambiguity="explicit")


@lru_cache(maxsize=4096)
def shapes(types: tuple[str, ...]) -> tuple[Tree, ...] | int:
    """Every parse of a sequence of token types, each leaf's value its position (a clue's
    reading depends only on the types; `bind` puts the clue's tokens in). An int: no parse,
    and where it failed (len(types): it ended too soon)."""
    placeholders = [Token(t, i) for i, t in enumerate(types)]
    try:
        tree = parser().parse(placeholders)
    except UnexpectedToken as exc:
        return exc.token.value if exc.token.type != "$END" else len(types)
    except UnexpectedInput:
        return len(types)
    if sum(1 for _ in tree.find_data("_ambig")) > 8:
        return 0
    return tuple(itertools.islice(CollapseAmbiguities().transform(tree), MAX_READINGS))


def bind(shape: Tree, tokens: list[Token]) -> Tree:
    """The parse with the clue's own tokens at its leaves."""
    children = [bind(c, tokens) if isinstance(c, Tree) else tokens[c.value]
                for c in shape.children]
    return Tree(shape.data, children)
