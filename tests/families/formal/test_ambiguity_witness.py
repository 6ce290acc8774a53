"""``rlvr/AmbiguityWitness-v0``: a string scores 1 exactly when a backtracking search over
leftmost derivations, written here from the prompt's grammar, finds two of them; the
terminal-only right-hand sides a model could copy from the prompt never do."""

from __future__ import annotations

import itertools
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_grammars import all_parse_trees, gen, prompt_rules, score

ID = "rlvr/AmbiguityWitness-v0"


def terminals(rules: dict[str, list[str]]) -> str:
    return "".join(sorted({c for alts in rules.values() for r in alts for c in r if c.islower()}))


def test_the_reference_has_two_derivations_and_short_strings_score_as_counted():
    for seed in range(8):
        problem = gen(ID, seed, seed / 7)
        rules = prompt_rules(problem.prompt)
        assert all_parse_trees(rules, problem.answer) >= 2
        assert score(problem, problem.answer) == 1.0
        letters = terminals(rules)
        for size in range(1, 5):
            for letters_ in itertools.product(letters, repeat=size):
                word = "".join(letters_)
                ambiguous = all_parse_trees(rules, word, cap=2) >= 2
                assert score(problem, word) == float(ambiguous), (problem.prompt, word)


def test_copied_right_hand_sides_and_overlong_strings_score_zero():
    for seed in range(20):
        problem = gen(ID, seed, 0.5)
        rules = prompt_rules(problem.prompt)
        for alts in rules.values():
            for rhs in alts:
                if rhs.islower():
                    assert score(problem, rhs) == 0.0
        bound = int(re.search(r"at most (\d+) letters", problem.prompt).group(1))
        assert len(problem.answer) <= bound
        assert score(problem, problem.answer[0] * (bound + 1)) == 0.0
        assert score(problem, problem.answer.upper()) == 0.0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), picks=st.lists(st.integers(0, 2), min_size=1, max_size=8))
def test_a_string_scores_exactly_when_it_has_two_derivations(seed, picks):
    problem = gen(ID, seed, 0.3)
    rules = prompt_rules(problem.prompt)
    letters = terminals(rules)
    word = "".join(letters[p % len(letters)] for p in picks)
    assert score(problem, word) == float(all_parse_trees(rules, word, cap=2) >= 2)
