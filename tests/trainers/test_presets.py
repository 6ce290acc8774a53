"""The presets parse into valid configs, and the worked examples they show are right."""

from __future__ import annotations

import ast
import json
import operator
import re

import pytest

pytest.importorskip("torch")

from trainers.grpo.cli import parse
from trainers.grpo.presets import DEMO_EXAMPLES, PRESETS, STARTER_EXAMPLES

_OPS = {ast.Add: operator.add, ast.Sub: operator.sub}


def _value(node: ast.AST) -> int:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_value(node.operand)
    return _OPS[type(node.op)](_value(node.left), _value(node.right))


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_is_a_valid_config(name):
    cfg = parse(["--preset", name])
    cfg.validate()
    assert cfg.extra["preset"] == name


@pytest.mark.parametrize("examples", [DEMO_EXAMPLES, STARTER_EXAMPLES])
def test_the_worked_examples_compute_their_sums_right(examples):
    assert json.loads(PRESETS["demo"]["chat_examples"]) == DEMO_EXAMPLES
    for user, assistant in examples:
        expression = re.search(r"Compute the value of (.+?)\.\n", user).group(1)
        answer = re.search(r"<answer>(.+)</answer>", assistant).group(1)
        assert int(answer) == _value(ast.parse(expression, mode="eval").body)
