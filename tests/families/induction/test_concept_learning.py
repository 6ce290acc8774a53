"""What ``rlvr/ConceptLearning-v0`` must do beyond the generic family contract: every rule of
the stated space (single tests and, where combined, pairs joined by and/or; the tests
written here with regular expressions) that labels the examples as shown accepts exactly
the reference words, and any other subset fails."""

from __future__ import annotations

import itertools
import re

import pytest

from tests.families.induction.helpers import _gen, _score

LETTERS = "abcdefghiklmnoprstuvz"
TESTS = (
    [lambda w, c=c: re.match(c, w) is not None for c in LETTERS]
    + [lambda w, c=c: re.search(c + "$", w) is not None for c in LETTERS]
    + [lambda w, c=c: c in w for c in LETTERS]
    + [lambda w, k=k: re.fullmatch(f".{{{k},}}", w) is not None for k in range(3, 9)]
    + [lambda w, k=k: re.fullmatch(f".{{0,{k}}}", w) is not None for k in range(3, 9)]
    + [
        lambda w: re.search(r"(.)\1", w) is not None,
        lambda w: re.fullmatch("(..)*", w) is not None,
        lambda w: re.match("[aeiou]", w) is not None,
    ]
)


def _rules(combine):
    yield from TESTS
    if combine:
        for a, b in itertools.combinations(TESTS, 2):
            yield lambda w, a=a, b=b: a(w) and b(w)
            yield lambda w, a=a, b=b: a(w) or b(w)


@pytest.mark.parametrize("difficulty", [0.0, 1.0])
def test_every_fitting_rule_accepts_the_reference_words(difficulty):
    for seed in range(3):
        problem = _gen("rlvr/ConceptLearning-v0", seed, difficulty)
        meta = problem.meta
        accepted = {
            " ".join(w for w in meta["queries"] if rule(w))
            for rule in _rules(problem.knobs["combine"])
            if all(rule(w) for w in meta["yes"]) and not any(rule(w) for w in meta["no"])
        }
        assert accepted == {problem.answer}
        words = problem.answer.split()
        assert _score(problem, ", ".join(reversed(words))) == 1.0
        assert _score(problem, " ".join(words[1:])) == float(len(words) == 0)
        assert _score(problem, " ".join(meta["queries"])) == 0.0
        assert _score(problem, "none") == 0.0 and _score(problem, " ".join(words * 2)) == 0.0
