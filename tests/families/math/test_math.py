"""What is specific to the math families beyond the generic family contract.

Answer forms each family enforces, the frozen ``rlvr/Math-v0`` and ``rlvr/Math-v1`` mixtures, the
constant-answer bar of issue 14 (the best fixed answer earns at most 0.10 at difficulty 0.5 on
every family it added; copying from the prompt is audited for every math family in
tests/test_audit.py), and generation and scoring that never import sympy in the caller's
process. Reference values here are recomputed independently (sympy is
fine in tests: it only ever sees our own generated text, never model output).

Tests of one family are in test_<family>.py beside this module.
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import rlvr_envs
from rlvr_envs.audit import best_constant_answer
from rlvr_envs.families.math import MATH_V0, MATH_V1
from rlvr_envs.families.math.word_problems import number_text
from rlvr_envs.families.shared.math_answers import named_tuple
from rlvr_envs.mathcheck.compare import is_equivalent
from tests.families.math.helpers import MY_IDS


def test_number_text_is_canonical():
    assert number_text(Fraction(25, 2)) == "12.5"
    assert number_text(Fraction(-1, 8)) == "-0.125"
    assert number_text(Fraction(7)) == "7"
    assert number_text(Fraction(1, 3)) == "1/3"
    assert number_text(Fraction(1, 1024)) == "1/1024"  # more than 4 places: a fraction
    assert number_text(Fraction(1, 20)) == "0.05"


def test_a_tuple_is_matched_by_the_names_the_prompt_gives_not_by_alphabetical_order():
    gold = named_tuple("(0, 284)", ("s", "r"))  # asked as (s, r)
    assert gold == "s = 0, r = 284"
    right = ["(0, 284)", "s = 0, r = 284", "r = 284, s = 0", "(s, r) = (0, 284)",
             "(r, s) = (284, 0)"]  # fmt: skip
    wrong = ["(284, 0)", "r = 0, s = 284", "s = 284, r = 0", "(r, s) = (0, 284)", "(0, 284, 1)"]
    assert all(is_equivalent(gold, text) for text in right)
    assert not any(is_equivalent(gold, text) for text in wrong)
    assert named_tuple("(1, 2)", ("x",)) == "(1, 2)"  # counts differ: unchanged
    assert named_tuple("(\\frac{1}{2}, f(1, 2))", ("a", "b")) == "a = \\frac{1}{2}, b = f(1, 2)"


# -- process hygiene -----------------------------------------------------------------------
def test_generating_and_verifying_never_imports_sympy_in_the_main_process():
    code = (
        "import json, sys, rlvr_envs\n"
        f"ids = {json.dumps(MY_IDS)}\n"
        "for env_id in ids:\n"
        "    task = rlvr_envs.make_task(env_id)\n"
        "    for seed in range(5):\n"
        "        p = task.generate(seed=seed, difficulty=0.9)\n"
        "        assert rlvr_envs.verify(p, rlvr_envs.oracle_completion(p)).reward == 1.0\n"
        "        rlvr_envs.verify(p, '<answer>(x + 1)(x - 1)</answer>')\n"
        "assert 'sympy' not in sys.modules, 'sympy imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


# -- Math-v1 (issue 14): the mixture, the constant-answer bar, no sympy in the caller ----------
NEW_IDS = [i for i in rlvr_envs.list_envs(domain="math", mixtures=False) if i not in MATH_V0]


def test_math_v1_holds_every_math_family_and_v0_is_frozen():
    assert len(NEW_IDS) >= 40
    assert sorted(MATH_V1) == rlvr_envs.list_envs(domain="math", mixtures=False)
    assert len(MATH_V0) == 13 and MATH_V1[:13] == MATH_V0
    task = rlvr_envs.make_task("rlvr/Math-v1")
    seen = {task.generate(seed=s).family for s in range(1500)}
    assert seen == {rlvr_envs.make_task(i).family.name for i in MATH_V1}
    old = rlvr_envs.make_task("rlvr/Math-v0")
    assert {old.generate(seed=s).family for s in range(400)} == {
        rlvr_envs.make_task(i).family.name for i in MATH_V0
    }


@pytest.mark.parametrize("env_id", NEW_IDS)
def test_no_constant_answer_earns_more_than_a_tenth(env_id):
    audit = best_constant_answer(env_id, difficulty=0.5, problems=60)
    assert audit.reward <= 0.10, audit


def test_generating_and_scoring_never_import_sympy_in_the_callers_process():
    """Generators use exact integer and Fraction arithmetic; symbolic checks run in workers."""
    script = (
        "import json, sys, rlvr_envs\n"
        "ids = json.loads(sys.argv[1])\n"
        "for env_id in ids:\n"
        "    task = rlvr_envs.make_task(env_id)\n"
        "    for seed in range(3):\n"
        "        p = task.generate(seed=seed, difficulty=seed / 2)\n"
        "        assert rlvr_envs.verify(p, rlvr_envs.oracle_completion(p)).reward == 1.0, p\n"
        "        rlvr_envs.verify(p, '<answer>(x + 1)(x - 1)</answer>')\n"
        "        rlvr_envs.verify(p, '\\\\boxed{x^2 + 1}')\n"
        "assert 'sympy' not in sys.modules, 'sympy imported'\n"
    )
    subprocess.run(
        [sys.executable, "-c", script, json.dumps(NEW_IDS)],
        check=True,
        timeout=300,
        cwd=Path(__file__).parents[3],
    )
