"""``rlvr/RegexEquivalence-v0``: Python's ``re.fullmatch`` on every string up to a length
decides the expected verdict; every string of the symmetric difference scores 1, every
other string 0, and ``equivalent`` scores exactly on the equivalent instances."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_automata import gen, score, verdict, words

ID = "rlvr/RegexEquivalence-v0"


def expressions(prompt: str) -> tuple[str, str, str]:
    e = re.search(r"^E: /(.*)/$", prompt, re.M).group(1)
    f = re.search(r"^F: /(.*)/$", prompt, re.M).group(1)
    alphabet = "".join(re.search(r"alphabet \{([^}]*)\}", prompt).group(1).split(", "))
    return e, f, alphabet


def differ(e: str, f: str, word: str) -> bool:
    return bool(re.fullmatch(e, word)) != bool(re.fullmatch(f, word))


def test_witnesses_are_exactly_the_strings_one_expression_matches():
    equivalent = 0
    for seed in range(40):
        problem = gen(ID, seed, seed / 39)
        e, f, alphabet = expressions(problem.prompt)
        checked = list(words(alphabet, 5 if len(alphabet) == 2 else 4))
        diff = [w for w in checked if differ(e, f, w)]
        if problem.answer == "equivalent":
            equivalent += 1
            assert not diff, (e, f, diff[:3])
            assert score(problem, "equivalent") == 1.0
        else:
            assert differ(e, f, problem.answer)
            assert score(problem, "equivalent") == 0.0
            least = 3 if problem.knobs["size"] >= 6 else 2
            assert all(len(w) >= least for w in diff)  # short constants are never right
        for w in checked[:60]:
            expected = float(differ(e, f, w))
            assert score(problem, w or "ε") == expected, (e, f, w)
    assert equivalent < 40


def test_about_one_instance_in_twenty_is_equivalent():
    answers = [gen(ID, seed, 0.5).answer for seed in range(200)]
    assert 2 <= answers.count("equivalent") <= 20


def test_malformed_answers_are_refused_and_wrong_ones_explained():
    problem = next(p for s in range(50) if (p := gen(ID, s, 0.5)).answer != "equivalent")
    e, f, alphabet = expressions(problem.prompt)
    same = next(w for w in words(alphabet, 4) if not differ(e, f, w) and w)
    result = verdict(problem, same)
    assert result.reward == 0.0 and repr(same) in result.details["why"]
    assert verdict(problem, "abc").reason == "unparsable"
    assert verdict(problem, f"{problem.answer} or equivalent").reward == 0.0
    assert score(problem, "not equivalent") == 0.0


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), word=st.text("xyz", max_size=7))
def test_any_string_scores_exactly_when_the_expressions_differ_on_it(seed, word):
    problem = gen(ID, seed, 1.0)
    e, f, _ = expressions(problem.prompt)
    assert score(problem, word or "ε") == float(differ(e, f, word))
