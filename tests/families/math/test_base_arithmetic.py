"""What ``rlvr/BaseArithmetic-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score

ENV = "rlvr/BaseArithmetic-v0"


def _evaluate(expression: str, base: int) -> int:
    """``A * B + C`` etc. in base b, with * before + and - (our own generated text)."""
    tokens = expression.split()
    values = [int(tokens[0], base)]
    ops = []
    for op, numeral in zip(tokens[1::2], tokens[2::2]):
        value = int(numeral, base)
        if op == "*":
            values[-1] *= value
        else:
            ops.append(op)
            values.append(value)
    total = values[0]
    for op, value in zip(ops, values[1:]):
        total = total + value if op == "+" else total - value
    return total


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_reference_answer_matches_numpy_base_repr(seed, difficulty):
    problem = rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty)
    base, expression = problem.meta["base"], problem.meta["expression"]
    assert expression in problem.prompt and f"base {base}" in problem.prompt
    value = _evaluate(expression, base)
    assert problem.answer == np.base_repr(value, base)
    assert _score(problem, np.base_repr(value, base).lower()).reward == 1.0
    assert _score(problem, np.base_repr(value + 1, base)).reward == 0.0
    # the value in decimal is wrong unless it is written the same in base b (1 in base 2)
    assert _score(problem, str(value)).reward == float(str(value) == problem.answer)


def test_forms_and_refusals():
    problem = _gen(ENV, 4, operation="multiply", digits=3, max_base=16)
    base, answer = problem.meta["base"], problem.answer
    for good in (answer, answer.lower(), "00" + answer, f" {answer} "):
        assert _score(problem, good).reward == 1.0, good
    for bad in (f"0x{answer}", f"{answer}_{{{base}}}", f"({answer})_{base}", f"{answer}.0",
                f"- {answer}", f"{answer} (base {base})", "", "+" + answer):  # fmt: skip
        verdict = _score(problem, bad)
        assert verdict.reward == 0.0, bad
    too_big = answer[:-1] + np.base_repr(base, 36)[-1]  # a digit >= base
    assert _score(problem, too_big).reward == 0.0


def test_negative_results_need_the_sign():
    for seed in range(100):
        problem = _gen(ENV, seed, operation="subtract", digits=3)
        if problem.answer.startswith("-"):
            break
    else:
        raise AssertionError("no negative difference")
    assert _score(problem, problem.answer).reward == 1.0
    assert _score(problem, problem.answer[1:]).reward == 0.0


def test_the_answer_is_never_an_operand():
    for seed in range(100):
        problem = _gen(ENV, seed, operation="subtract", digits=2, max_base=5)
        assert problem.answer.lstrip("-") not in problem.meta["expression"].split()


def test_very_long_numerals_are_judged_without_error():
    problem = _gen(ENV, 1)
    assert _score(problem, "1" * 5000).reason == "wrong"
    assert _score(problem, "0" * 5000 + problem.answer).reward == 1.0


def test_latex_wrappers_and_a_final_period_score_one():
    """Review fix: ``$1A3$``, ``\\text{1A3}`` and ``1A3.`` were refused."""
    problem = _gen(ENV, 4, operation="multiply", digits=3, max_base=16)
    base, answer = problem.meta["base"], problem.answer
    value = int(answer, base)
    for good in (f"${answer}$", f"\\text{{{answer}}}", f"{answer}.", f"\\({answer.lower()}\\)"):
        assert _score(problem, good).reward == 1.0, good
    for bad in (f"${np.base_repr(value + 1, base)}$", f"\\text{{{answer}_{{{base}}}}}"):
        assert _score(problem, bad).reward == 0.0, bad
