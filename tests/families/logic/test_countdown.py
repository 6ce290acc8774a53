"""What ``rlvr/Countdown-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import ast
import itertools
import operator
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.families.logic.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

# -- Countdown -------------------------------------------------------------------------------
_AST_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul}


def _value(text: str) -> tuple[Fraction, list[int]]:
    """Exact value and numbers of an expression we wrote ourselves (tests only)."""
    numbers: list[int] = []

    def walk(node: ast.AST) -> Fraction:
        if isinstance(node, ast.Constant):
            numbers.append(node.value)
            return Fraction(node.value)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            return walk(node.left) / walk(node.right)
        assert isinstance(node, ast.BinOp)
        return _AST_OPS[type(node.op)](walk(node.left), walk(node.right))

    return walk(ast.parse(text, mode="eval").body), numbers


def _all_expressions(items: list[tuple[str, Fraction]]):
    """Every expression over all ``items`` (text, value), fully parenthesised."""
    if len(items) == 1:
        yield items[0]
        return
    for i, j in itertools.permutations(range(len(items)), 2):
        (a, x), (b, y) = items[i], items[j]
        rest = [item for k, item in enumerate(items) if k not in (i, j)]
        options = [(f"({a} + {b})", x + y), (f"({a} - {b})", x - y), (f"({a} * {b})", x * y)]
        if y:
            options.append((f"({a} / {b})", x / y))
        for option in options:
            yield from _all_expressions([*rest, option])


def test_countdown_independently_found_expressions_score_one():
    for seed in range(12):
        problem = _gen("rlvr/Countdown-v0", seed, numbers=4, largest=12)
        numbers, target = problem.meta["numbers"], problem.meta["target"]
        assert _value(problem.answer) == (target, _value(problem.answer)[1])
        assert sorted(_value(problem.answer)[1]) == numbers
        found = [
            text
            for text, value in _all_expressions([(str(n), Fraction(n)) for n in numbers])
            if value == target
        ]
        others = [t for t in found if t.replace("(", "").replace(")", "") != problem.answer]
        assert others
        for text in others[:: max(1, len(others) // 5)]:
            assert _score(problem, text).reward == 1.0, text
        assert _score(problem, f"{others[0]} = {target}").reward == 1.0


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_countdown_verdict_equals_independent_evaluation(seed, difficulty, data):
    problem = _gen("rlvr/Countdown-v0", seed, difficulty)
    tokens = problem.answer.split(" ")
    index = data.draw(st.integers(0, len(tokens) - 1))
    token = tokens[index].strip("()")
    if token.isdigit():
        new = str(data.draw(st.integers(1, 200)))
    else:
        new = data.draw(st.sampled_from("+-*/"))
    tokens[index] = tokens[index].replace(token, new) if token else tokens[index]
    text = " ".join(tokens)
    try:
        value, used = _value(text)
    except ZeroDivisionError:
        value, used = None, []
    right = value == problem.meta["target"] and sorted(used) == problem.meta["numbers"]
    assert _score(problem, text).correct == right


@pytest.mark.parametrize(
    "text, reason",
    [
        ("2 ** 3", "unparsable"),
        ("2 ^ 3", "unparsable"),
        ("-(2 - 3)", "unparsable"),
        ("(((2 + 3)", "unparsable"),
        ("2 + 3 = 6", "unparsable"),
        ("1 / (1 - 1) + 1 + 1 + 1", "wrong"),
        ("__import__('os')", "unparsable"),
    ],
)
def test_countdown_rejects_what_the_rules_forbid(text, reason):
    problem = _gen("rlvr/Countdown-v0", 0, numbers=4, largest=10)
    assert _score(problem, text).reason == reason


def test_countdown_accepts_unicode_and_latex_operators():
    problem = _gen("rlvr/Countdown-v0", 7)
    for sign, spelled in (("*", "×"), ("*", "\\times"), ("/", "÷"), ("/", "\\div")):
        assert _score(problem, problem.answer.replace(sign, spelled)).reward == 1.0
