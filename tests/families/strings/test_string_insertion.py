"""What ``rlvr/StringInsertion-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re

from tests.families.strings.helpers import _gen, _score

ENV = "rlvr/StringInsertion-v0"


def _apply(s, rule):
    """Each rule as a regular-expression substitution."""
    kind, mark, value = rule
    if kind == "after_vowel":
        return re.sub(r"([aeiou])", rf"\1{mark}", s)
    if kind == "before_letter":
        return re.sub(re.escape(value), mark + value, s)
    if kind == "between_equal":
        return re.sub(r"(.)(?=\1)", rf"\1{mark}", s)
    return re.sub(rf"(.{{{value}}})(?=.)", rf"\1{mark}", s)


def test_answers_match_regular_expression_substitutions():
    for seed in range(30):
        problem = _gen(ENV, seed, seed / 29)
        s = problem.meta["string"]
        for rule in problem.meta["rules"]:
            s = _apply(s, rule)
        assert problem.answer == s
        assert _score(problem, f"`{s}`") == 1.0
        assert _score(problem, s.lower()) == 0.0
        assert _score(problem, problem.meta["string"]) == 0.0
        assert _score(problem, s[:-1]) == 0.0
