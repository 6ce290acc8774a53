"""What ``rlvr/LetterAnalogy-v0`` must do beyond the generic family contract: every change of
the stated space that turns the shown words into their results gives the reference word (a
brute force over the space as the prompt words it)."""

from __future__ import annotations

import pytest

from tests.families.induction.helpers import _gen, _score, outputs_of_fitting_programs

ABC = "abcdefghijklmnopqrstuvwxyz"


def _step(letter, step):
    index = ABC.index(letter) + step
    if not 0 <= index < 26:
        raise ValueError("off the alphabet")
    return ABC[index]


def _short(word):
    if len(word) < 2:
        raise ValueError("too short")
    return word


LIBRARY = {
    "last_next": lambda w: w[:-1] + _step(w[-1], 1),
    "last_prev": lambda w: w[:-1] + _step(w[-1], -1),
    "first_next": lambda w: _step(w[0], 1) + w[1:],
    "first_prev": lambda w: _step(w[0], -1) + w[1:],
    "all_next": lambda w: "".join(_step(c, 1) for c in w),
    "all_prev": lambda w: "".join(_step(c, -1) for c in w),
    "reverse": lambda w: w[::-1],
    "drop_last": lambda w: _short(w)[:-1],
    "drop_first": lambda w: _short(w)[1:],
    "double_last": lambda w: w + w[-1],
    "double_first": lambda w: w[0] + w,
    "extend": lambda w: w + _step(w[-1], 1),
    "swap_ends": lambda w: w[-1] + w[1:-1] + w[0] if len(w) > 1 else w,
}


@pytest.mark.parametrize("difficulty", [0.0, 0.6, 1.0])
def test_every_fitting_change_gives_the_reference_word(difficulty):
    for seed in range(5):
        problem = _gen("rlvr/LetterAnalogy-v0", seed, difficulty)
        examples = [tuple(pair) for pair in problem.meta["examples"]]
        depth = problem.knobs["depth"]
        outputs = outputs_of_fitting_programs(LIBRARY, depth, examples, problem.meta["query"])
        assert outputs == [problem.answer]
        assert _score(problem, problem.answer.upper()) == 0.0
        assert _score(problem, problem.meta["query"]) == 0.0
        assert _score(problem, f"'{problem.answer}'") == 1.0
