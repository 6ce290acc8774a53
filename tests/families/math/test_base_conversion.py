"""What ``rlvr/BaseConversion-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
import re

import pytest
import sympy

import rlvr_envs
from rlvr_envs.families.math.base_conversion import to_base
from tests.families.math.helpers import MY_IDS, _gen, _score, _sym


def test_base_conversion_round_trips():
    for seed, direction in itertools.product(range(30), ["from_decimal", "to_decimal", "between"]):
        problem = _gen("rlvr/BaseConversion-v0", seed, direction=direction, max_base=36)
        meta = problem.meta
        assert int(meta["numeral"], meta["from_base"]) == int(problem.answer, meta["to_base"])
        assert problem.answer == problem.answer.upper()
        assert problem.answer == "0" or not problem.answer.startswith("0")
    assert to_base(255, 16) == "FF" and to_base(0, 2) == "0" and to_base(35, 36) == "Z"


def test_base_conversion_answer_parsing():
    problem = _gen("rlvr/BaseConversion-v0", 4, direction="from_decimal", digits=5)
    target = problem.meta["to_base"]
    answer = problem.answer
    right = [answer, answer.lower(), f" {answer} ", "00" + answer]
    for text in right:
        assert _score(problem, text).reward == 1.0, text
    assert _score(problem, answer + "_" + str(target)).reason == "unparsable"
    assert _score(problem, "-" + answer).reason == "unparsable"
    assert _score(problem, answer + "1").reason in ("wrong",)

    hexa = _gen("rlvr/BaseConversion-v0", 1, direction="from_decimal", max_base=16, digits=6)
    while hexa.meta["to_base"] != 16:
        hexa = _gen("rlvr/BaseConversion-v0", hexa.seed + 1, max_base=16, digits=6)
    assert "0x prefix is allowed" in hexa.prompt
    assert _score(hexa, "0x" + hexa.answer.lower()).reward == 1.0
    assert _score(hexa, "0X" + hexa.answer).reward == 1.0
    assert _score(hexa, "0b" + hexa.answer).reward == 0.0
    assert _score(hexa, "0x").reason == "unparsable"

    binary = _gen("rlvr/BaseConversion-v0", 0, direction="from_decimal", max_base=2)
    assert binary.meta["to_base"] == 2
    assert _score(binary, "0b" + binary.answer).reward == 1.0
    assert _score(binary, "0x" + binary.answer).reason == "unparsable"
    assert _score(binary, binary.answer.replace("1", "2", 1)).reason == "unparsable"


# -- every family: the value in a form the prompt rules out earns nothing ----------------------
def _rewrites(problem) -> list[str]:
    """Writings of the reference answer with its value but not the form the prompt asks for."""
    answer, form = problem.answer, rlvr_envs.make_task(problem.env_id).family.answer_form
    if form in ("integer", "rational", "number"):
        return [f"{answer} + 0", f"2 \\cdot {answer} / 2", f"{answer} cm", f"y = {answer}",
                f"({answer})^1", f"\\frac{{2 \\cdot ({answer})}}{{2}}"]  # fmt: skip
    if form == "tuple":
        head, *rest = answer.strip("()").split(", ")
        return [f"({head} + 0, {', '.join(rest)})", f"(2({head})/2, {', '.join(rest)})"]
    if form == "roots":
        head, *rest = answer.split(", ")
        return [", ".join([f"{head} + 0", *rest]), ", ".join([f"y = {head}", *rest])]
    if form == "polynomial":
        return [f"{answer} + x - x", f"2({answer})/2", f"1 \\cdot ({answer}) \\cdot 1"]
    if form == "factored":
        return [
            f"2 \\cdot {answer} / 2",
            f"({answer})(x + 1) / (x + 1)",
            f"1 \\cdot 1 \\cdot {answer}",
        ]
    return []


@pytest.mark.parametrize("env_id", [i for i in MY_IDS if i != "rlvr/BaseConversion-v0"])
def test_the_right_value_in_a_ruled_out_form_earns_nothing(env_id):
    task = rlvr_envs.make_task(env_id)
    rewrites = 0
    for seed in range(12):
        problem = task.generate(seed=seed, difficulty=seed / 11)
        for text in _rewrites(problem):
            if not any(mark in text for mark in ("cm", "=", ",")):  # a single value: keep it
                plain = re.sub(r"\\frac\{(.*)\}\{(.*)\}", r"((\1)/(\2))", text)
                plain = plain.replace("\\cdot", "*")
                assert sympy.simplify(_sym(plain) - _sym(problem.answer)) == 0, text
            verdict = _score(problem, text)
            assert verdict.reward == 0.0, (text, verdict)
            assert verdict.details.get("form") or verdict.reason == "unparsable", (text, verdict)
            rewrites += 1
        assert _score(problem, problem.answer).reward == 1.0
    assert rewrites >= 24
