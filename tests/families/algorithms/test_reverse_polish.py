"""What ``rlvr/ReversePolish-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/ReversePolish-v0"
PREC = {"+": 1, "-": 1, "*": 2, "/": 2}


def _apply(op, a, b):
    if op == "/":
        assert b != 0
        return int(Fraction(a, b))  # int() of a Fraction truncates toward zero
    return {"+": a + b, "-": a - b, "*": a * b}[op]


def _eval_postfix(tokens):
    stack = []
    for t in tokens:
        if t in PREC:
            b, a = stack.pop(), stack.pop()
            stack.append(_apply(t, a, b))
        else:
            stack.append(int(t))
    assert len(stack) == 1
    return stack[0]


def _shunting_yard(infix):
    """Dijkstra's shunting-yard, left-associative operators (an independent reference)."""
    out, ops = [], []
    for t in re.findall(r"\d+|[-+*/()]", infix):
        if t.isdigit():
            out.append(t)
        elif t == "(":
            ops.append(t)
        elif t == ")":
            while ops[-1] != "(":
                out.append(ops.pop())
            ops.pop()
        else:
            while ops and ops[-1] != "(" and PREC[ops[-1]] >= PREC[t]:
                out.append(ops.pop())
            ops.append(t)
    return out + ops[::-1]


@pytest.mark.parametrize("operators", ["+-", "+-*", "+-*/"])
def test_the_value_matches_an_independent_stack_evaluation(operators):
    for seed in range(25):
        problem = _gen(ENV, seed, task="evaluate", operators=operators, operands=12)
        postfix = problem.meta["postfix"]
        assert " ".join(postfix) in problem.prompt
        value = _eval_postfix(postfix)
        assert str(value) == problem.answer and value != 0
        assert _score(problem, f"value = {value}").reward == 1.0
        assert _score(problem, str(value + 1)).reward == 0.0
        assert _score(problem, f"{value} or {value + 1}").reward == 0.0


def test_division_truncates_toward_zero():
    seen = 0
    for seed in range(60):
        problem = _gen(ENV, seed, task="evaluate", operators="+-*/", operands=8)
        assert _eval_postfix(problem.meta["postfix"]) == problem.meta["value"]
        seen += "/" in problem.meta["postfix"]
    assert seen > 20


@pytest.mark.parametrize("operators", ["+-", "+-*/"])
def test_the_conversion_matches_shunting_yard(operators):
    for seed in range(25):
        problem = _gen(ENV, seed, task="convert", operators=operators, operands=14)
        infix = problem.meta["infix"]
        assert infix in problem.prompt
        rpn = _shunting_yard(infix)
        assert rpn == problem.answer.split()
        assert _eval_postfix(rpn) == problem.meta["value"]
        assert _score(problem, " ".join(rpn)).reward == 1.0
        written = ", ".join(rpn).replace("*", "×").replace("/", "÷")
        assert _score(problem, written).reward == 1.0
        assert _score(problem, infix).reward == 0.0  # the question echoed
        assert _score(problem, infix.replace("(", "").replace(")", "")).reward == 0.0


def test_malformed_conversions_are_unparsable_or_wrong():
    problem = _gen(ENV, 3, task="convert", operands=6)
    rpn = problem.answer.split()
    assert _score(problem, " ".join(rpn[:-1])).reward == 0.0
    assert _score(problem, " ".join([*rpn, "+"])).reward == 0.0
    assert _score(problem, " ".join(rpn).replace(rpn[0], "-" + rpn[0], 1)).reward == 0.0
    for bad in ["3 4 ^", "a b +", "= 3", "3 4 + 2 * ;;", "0"]:
        assert _score(problem, bad).reward == 0.0, bad


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), data=st.data())
def test_swapped_tokens_fail_and_the_references_agree(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    meta = problem.meta
    assert _eval_postfix(meta["postfix"]) == meta["value"]
    if meta["task"] == "evaluate":
        delta = data.draw(st.integers(-3, 3).filter(bool))
        assert _score(problem, str(meta["value"] + delta)).reward == 0.0
        return
    assert _shunting_yard(meta["infix"]) == meta["postfix"]
    tokens = list(meta["postfix"])
    i = data.draw(st.integers(0, len(tokens) - 2))
    if tokens[i] == tokens[i + 1]:
        return
    tokens[i], tokens[i + 1] = tokens[i + 1], tokens[i]
    assert _score(problem, " ".join(tokens)).reward == 0.0


def test_no_evaluated_value_is_written_in_the_prompt():
    # review: the prompt's examples (-7 / 2 = -3, -42, 3 4 + 2 *) used to be copyable answers
    for seed in range(200):
        difficulty = (seed % 5) / 4
        problem = _gen(ENV, seed, difficulty, task="evaluate")
        shown = {int(n) for n in re.findall(r"-?\d+", problem.prompt)}
        assert int(problem.answer) not in shown


def test_the_division_rule_is_stated_only_when_division_occurs_and_hard_evaluates():
    easy = _gen(ENV, 1, task="evaluate", operators="+-")
    assert "rounding" not in easy.prompt
    hard = _gen(ENV, 1, 1.0)
    # review: difficulty 1 used to be a conversion, so truncating division was never asked
    assert hard.meta["task"] == "evaluate" and "rounding toward zero" in hard.prompt
    assert "/" in hard.meta["postfix"] or hard.knobs["operators"] == "+-*/"


def test_labelled_bold_or_bracketed_answers_score_one():
    value = _gen(ENV, 2, task="evaluate", operators="+-*/", operands=8)
    for text in [f"**{value.answer}**", f"value: **{value.answer}**", f"the value: {value.answer}"]:
        assert _score(value, text).reward == 1.0, text
    for text in [f"{value.answer}.0", f"{value.answer}*1", f"2**{value.answer}"]:
        assert _score(value, text).reward == 0.0, text
    post = _gen(ENV, 2, task="convert", operands=8)
    for text in [f"postfix: {post.answer}", f"[{post.answer}]", f"postfix = [{post.answer}]"]:
        assert _score(post, text).reward == 1.0, text
    assert _score(post, f"[{post.answer}").reward == 0.0
