"""``rlvr/IntersectionShortestWord-v0``: enumerating strings by length (brute force) finds
the shortest common length; every common string of that length scores 1, longer common
strings and strings one automaton rejects score 0."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_automata import gen, prompt_tables, run, score, verdict, words

ID = "rlvr/IntersectionShortestWord-v0"


def common(problem, longest: int) -> list[str]:
    a, b = prompt_tables(problem.prompt)
    alphabet = "".join(sorted({c for _, c in a[0]}))
    return [w for w in words(alphabet, longest) if run(a, w) and run(b, w)]


def test_every_shortest_common_string_scores_and_nothing_else_does():
    for seed in range(25):
        problem = gen(ID, seed, seed / 24)
        found = common(problem, len(problem.answer) + 1)
        shortest = len(found[0])
        assert shortest == len(problem.answer) >= 1
        assert shortest >= min(problem.knobs["depth"], 3)
        for w in found:
            assert score(problem, w) == float(len(w) == shortest), w
        a, _ = prompt_tables(problem.prompt)
        alphabet = "".join(sorted({c for _, c in a[0]}))
        for w in words(alphabet, shortest):
            if w and w not in found:
                assert score(problem, w) == 0.0


def test_the_reason_names_the_rejecting_automaton_or_a_shorter_string():
    problem = gen(ID, 2, 0.5)
    a, _ = prompt_tables(problem.prompt)
    alphabet = "".join(sorted({c for _, c in a[0]}))
    rejected_by_a = next(w for w in words(alphabet, 6) if w and not run(a, w))
    assert "automaton A rejects" in verdict(problem, rejected_by_a).details["why"]
    longer = [w for w in common(problem, len(problem.answer) + 3)
              if len(w) > len(problem.answer)]  # fmt: skip
    if longer:
        assert "shorter" in verdict(problem, longer[0]).details["why"]
    assert verdict(problem, "abc").reason == "unparsable"
    assert verdict(problem, f"{problem.answer}, {problem.answer}").reason == "unparsable"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), word=st.text("xyz", min_size=1, max_size=6))
def test_any_string_scores_exactly_when_both_accept_it_at_the_shortest_length(seed, word):
    problem = gen(ID, seed, 1.0)
    a, b = prompt_tables(problem.prompt)
    alphabet = "".join(sorted({c for _, c in a[0]}))
    if any(c not in alphabet for c in word):
        return
    right = run(a, word) and run(b, word) and len(word) == len(problem.answer)
    assert score(problem, word) == float(right)
