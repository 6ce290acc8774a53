"""``rlvr/LeftmostDerivation-v0``: every leftmost derivation of the string (enumerated by a
backtracking search written here, from the prompt's grammar) scores 1; skipped, rightmost
or invented steps score 0 with the first wrong step named."""

from __future__ import annotations

import itertools
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_grammars import gen, prompt_rules, score, verdict

ID = "rlvr/LeftmostDerivation-v0"


def derivations(rules: dict[str, list[str]], word: str, cap: int = 4) -> list[list[str]]:
    found: list[list[str]] = []

    def walk(forms: list[str]) -> None:
        form = forms[-1]
        if len(found) >= cap or len(form) > len(word):
            return
        k = next((i for i, c in enumerate(form) if c.isupper()), None)
        if k is None:
            if form == word:
                found.append(forms)
            return
        if form[:k] != word[:k]:
            return
        for rhs in rules[form[k]]:
            walk([*forms, form[:k] + rhs + form[k + 1 :]])

    walk(["S"])
    return found


def valid_leftmost(rules: dict[str, list[str]], forms: list[str], word: str) -> bool:
    if not forms or forms[0] != "S" or forms[-1] != word:
        return False
    for before, after in itertools.pairwise(forms):
        k = next((i for i, c in enumerate(before) if c.isupper()), None)
        if k is None:
            return False
        if not any(before[:k] + rhs + before[k + 1 :] == after for rhs in rules[before[k]]):
            return False
    return True


def target(problem) -> str:
    return re.search(r"leftmost derivation of the string (\w+):", problem.prompt).group(1)


def test_every_leftmost_derivation_scores_one():
    for seed in range(25):
        problem = gen(ID, seed, seed / 24)
        rules, word = prompt_rules(problem.prompt), target(problem)
        found = derivations(rules, word)
        assert found, problem.prompt
        for forms in found:
            assert score(problem, " => ".join(forms)) == 1.0
            assert score(problem, "\n".join(" ".join(f) for f in forms)) == 1.0


def test_wrong_steps_are_refused_and_the_first_one_is_named():
    for seed in range(25):
        problem = gen(ID, seed, 0.6)
        forms = problem.answer.split(" => ")
        assert len(forms) >= 3
        skipped = forms[:1] + forms[2:]  # two rewrites in one step
        v = verdict(problem, " => ".join(skipped))
        assert v.reward == 0.0 and "step 1" in v.details["why"]
        assert score(problem, " => ".join(forms[1:])) == 0.0  # does not start from S
        assert score(problem, " => ".join(forms[:-1])) == 0.0  # stops before the string
        assert score(problem, target(problem)) == 0.0
        k = len(forms) - 1  # an invented last step
        wrong_end = [*forms[:-1], forms[-1] + "a"]
        v = verdict(problem, " => ".join(wrong_end))
        assert v.reward == 0.0 and f"step {k}" in v.details["why"]


def test_a_non_leftmost_step_is_refused():
    for seed in range(40):
        problem = gen(ID, seed, 0.8)
        rules = prompt_rules(problem.prompt)
        forms = problem.answer.split(" => ")
        for k, form in enumerate(forms[:-1]):
            spots = [i for i, c in enumerate(form) if c.isupper()]
            if len(spots) >= 2:  # rewrite the second nonterminal instead of the first
                i = spots[1]
                after = form[:i] + rules[form[i]][0] + form[i + 1 :]
                v = verdict(problem, " => ".join([*forms[: k + 1], after]))
                assert v.reward == 0.0 and f"step {k + 1}" in v.details["why"]
                assert "leftmost" in v.details["why"]
                break


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), k=st.integers(0, 40), rhs=st.text("abcSABC", max_size=3))
def test_a_derivation_scores_exactly_when_it_is_a_leftmost_derivation(seed, k, rhs):
    problem = gen(ID, seed, 0.4)
    rules, word = prompt_rules(problem.prompt), target(problem)
    forms = problem.answer.split(" => ")
    k %= len(forms)
    form = forms[k]
    spot = next((i for i, c in enumerate(form) if c.isupper()), 0)
    forms[k] = (form[:spot] + rhs + form[spot + 1 :]) or "S"
    assert score(problem, " => ".join(forms)) == float(valid_leftmost(rules, forms, word))
