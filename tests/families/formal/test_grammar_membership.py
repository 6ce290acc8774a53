"""``rlvr/GrammarMembership-v0``: the set of generated strings is recomputed with an Earley
recogniser written here, from the prompt's grammar and list; other sets score 0."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from rlvr_envs.families.formal.grammars import count_parses, parse_grammar
from tests.families.formal.helpers_grammars import (
    all_parse_trees,
    earley_count_free_recognise,
    gen,
    prompt_rules,
    score,
)

ID = "rlvr/GrammarMembership-v0"


def members(problem) -> tuple[list[int], int]:
    rules = prompt_rules(problem.prompt)
    words = re.findall(r"^(\d+)\. ([a-z]+)$", problem.prompt, re.M)
    inside = [int(k) for k, w in words if earley_count_free_recognise(rules, w)]
    return inside, len(words)


def test_the_answer_is_the_set_an_earley_recogniser_finds():
    seen_none = False
    for seed in range(40):
        problem = gen(ID, seed, seed / 39)
        inside, count = members(problem)
        text = ", ".join(map(str, inside)) or "none"
        assert problem.answer == text
        seen_none |= not inside
        assert score(problem, text) == 1.0
        if inside:
            assert score(problem, " ".join(map(str, reversed(inside)))) == 1.0
            assert score(problem, "{" + text + "}") == 1.0
            assert score(problem, ", ".join(map(str, inside[:-1])) or "none") == 0.0
        outside = [k for k in range(1, count + 1) if k not in inside]
        if outside:
            assert score(problem, ", ".join(map(str, sorted(inside + outside[:1])))) == 0.0
        assert score(problem, ", ".join(map(str, range(1, count + 1)))) == float(not outside)
        assert score(problem, f"{count + 1}") == 0.0


def test_parse_counts_agree_with_a_backtracking_count():
    for seed in range(15):
        problem = gen(ID, seed, 0.5)
        rules = prompt_rules(problem.prompt)
        grammar = parse_grammar("\n".join(f"{x} -> {' | '.join(r)}" for x, r in rules.items()))
        for word in problem.meta["words"]:
            assert min(count_parses(grammar, word), 3) == all_parse_trees(rules, word)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), mask=st.integers(0, 2**12 - 1))
def test_a_set_scores_exactly_when_it_is_the_generated_strings(seed, mask):
    problem = gen(ID, seed, 0.5)
    inside, count = members(problem)
    chosen = [k for k in range(1, count + 1) if mask >> k & 1]
    text = ", ".join(map(str, chosen)) or "none"
    assert score(problem, text) == float(chosen == inside)
