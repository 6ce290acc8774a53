"""What is specific to the math families beyond the generic family contract.

Answer forms each family enforces, base-conversion answer parsing, quadratic
double roots, unique solutions of linear systems, and brute-force checks of the closed forms
behind the generated answers. Reference values here are recomputed independently (sympy is
fine in tests: it only ever sees our own generated text, never model output).

Tests of one family are in test_<family>.py beside this module.
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

from rlvr_envs.families.math._base import named_tuple
from rlvr_envs.families.math.word_problems import number_text
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
