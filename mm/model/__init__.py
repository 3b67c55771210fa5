"""The model layer: what the author writes (noun types, nouns, links, facts, rules) and what
comes back (solutions, reports), as plain data. It depends on `mm.ir` and `mm.errors` only.

Modules: verbs, text (clue labels and fact wording), links (SmartLink factories), rules
(rule expression trees and SmartRules), puzzle_data (the puzzle's data and validation),
solution, report, question, unread, serialize (the JSON writer).
"""
