"""What ``rlvr/CompositionalTranslation-v0`` must do beyond the generic family contract: read
back from the prompt's study lines, every assignment of the stated behaviours to the
function words that reproduces them translates the asked phrase as the reference does (a
recursive interpreter written here)."""

from __future__ import annotations

import itertools
import re

import pytest

from tests.families.induction.helpers import _gen, _score

AFTER = {
    "twice": lambda s: s * 2,
    "thrice": lambda s: s * 3,
    "backwards": lambda s: s[::-1],
    "echo": lambda s: [*s, s[-1]],
}
BETWEEN = {
    "then": lambda x, y: x + y,
    "after": lambda x, y: y + x,
    "around": lambda x, y: x + y + x,
    "between": lambda x, y: y + x + y,
}


def _meaning(tokens, colours, behaviours):
    """Split at the last binary word (left-assoc), else peel the last unary word."""
    for i in range(len(tokens) - 1, 0, -1):
        if behaviours.get(tokens[i]) in BETWEEN:
            left = _meaning(tokens[:i], colours, behaviours)
            return BETWEEN[behaviours[tokens[i]]](
                left, _meaning(tokens[i + 1 :], colours, behaviours)
            )
    if len(tokens) == 1:
        return [colours[tokens[0]]]
    return AFTER[behaviours[tokens[-1]]](_meaning(tokens[:-1], colours, behaviours))


@pytest.mark.parametrize("difficulty", [0.0, 0.5, 1.0])
def test_every_fitting_assignment_translates_the_phrase_as_the_reference(difficulty):
    for seed in range(4):
        problem = _gen("rlvr/CompositionalTranslation-v0", seed, difficulty)
        study = [
            (a.split(), b.split()) for a, b in re.findall(r"^  (.+) -> (.+)$", problem.prompt, re.M)
        ]
        colours = {a[0]: b[0] for a, b in study if len(a) == 1}
        functions = sorted({w for a, _ in study for w in a if w not in colours})
        query = re.search(r"Translate: (.+)", problem.prompt).group(1).split()
        results = set()
        for combo in itertools.product(list(AFTER) + list(BETWEEN), repeat=len(functions)):
            behaviours = dict(zip(functions, combo))
            try:
                if all(_meaning(a, colours, behaviours) == b for a, b in study):
                    results.add(" ".join(_meaning(query, colours, behaviours)))
            except (KeyError, IndexError, TypeError):
                continue
        assert results == {problem.answer}
        assert _score(problem, problem.answer.lower()) == 1.0
        assert _score(problem, " ".join(problem.answer.split()[::-1])) == float(
            problem.answer.split() == problem.answer.split()[::-1]
        )
