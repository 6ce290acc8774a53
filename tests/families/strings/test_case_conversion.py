"""What ``rlvr/CaseConversion-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re

from tests.families.strings.helpers import _gen, _score

ENV = "rlvr/CaseConversion-v0"


def _words(identifier):
    """Words of an identifier in any convention, read back from its text."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", identifier).replace("_", " ").replace("-", " ")
    return spaced.lower().split()


def _write(words, style):
    return {
        "snake_case": "_".join(words),
        "kebab-case": "-".join(words),
        "CONSTANT_CASE": "_".join(words).upper(),
        "camelCase": words[0] + "".join(w.title() for w in words[1:]),
        "PascalCase": "".join(w.title() for w in words),
    }[style]


def test_answers_match_a_round_trip_through_the_shown_identifiers():
    for seed in range(30):
        problem = _gen(ENV, seed, seed / 29)
        shown = problem.prompt.split("\n")[1].split()
        target = problem.meta["target"]
        expected = [_write(_words(x), target) for x in shown]
        assert problem.answer == " ".join(expected)
        assert _score(problem, problem.answer) == 1.0
        assert _score(problem, " ".join(shown)) == 0.0
        assert _score(problem, problem.answer.swapcase()) == 0.0
