"""What ``rlvr/ComplexArithmetic-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score
from tests.families.math.test_logarithm_equation import latex_to_sympy

ENV = "rlvr/ComplexArithmetic-v0"


def _value(problem):
    """The expression evaluated by sympy from the prompt's LaTeX."""
    value = sympy.expand(latex_to_sympy(problem.meta["expression"], imaginary=True))
    return sympy.sqrt(sympy.expand(value * sympy.conjugate(value))) if problem.meta[
        "modulus"] else value  # fmt: skip


def _plain(value) -> str:
    """sympy's own text of a value (another written form than ours)."""
    re, im = sympy.re(value), sympy.im(value)
    if im == 0:
        return sympy.sstr(value).replace("**", "^").replace("*", "")
    return f"{sympy.sstr(re)} + ({sympy.sstr(im)})i"


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_reference_is_sympys_value(seed, difficulty):
    problem = rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty)
    reference = latex_to_sympy(problem.answer, imaginary=True)
    assert sympy.simplify(reference - _value(problem)) == 0, (problem.prompt, problem.answer)
    if not problem.meta["modulus"]:
        shifted = sympy.expand(_value(problem) + sympy.I / 7)
        re, im = sympy.re(shifted), sympy.im(shifted)
        assert _score(problem, f"{re} + {im}i").reward == 0.0


def test_other_written_forms_score_one():
    problem = next(p for s in range(100) if not (p := _gen(ENV, s, operations=3)).meta["modulus"]
                   and "frac" in p.answer)  # fmt: skip
    value = _value(problem)
    re, im = sympy.re(value), sympy.im(value)
    assert _score(problem, f"{im}i + {re}".replace("+ -", "- ")).reward == 1.0
    assert _score(problem, f"{re} + {im}*i".replace("+ -", "- ")).reward == 1.0


def test_unfinished_or_wrong_forms_fail():
    problem = next(p for s in range(100) if not (p := _gen(ENV, s, operations=3)).meta["modulus"]
                   and "frac" in p.answer)  # fmt: skip
    value = _value(problem)
    re, im = sympy.re(value), sympy.im(value)
    assert _score(problem, problem.meta["expression"]).reward == 0.0  # the question echoed
    assert _score(problem, f"{float(re):.8f} + {float(im):.8f}i").reward == 0.0  # decimals
    assert _score(problem, f"{re} - ({im})i").reward == 0.0  # the conjugate
    top = f"{re.p * im.q} + {im.p * re.q}i"
    assert _score(problem, f"({top})/{re.q * im.q}").reward == 0.0  # not collected
    assert _score(problem, f"{re}").reward == 0.0  # the real part alone


def test_modulus_answers_are_simplified_radicals():
    problem = next(p for s in range(100) if (p := _gen(ENV, s, operations=3)).meta["modulus"]
                   and "sqrt" in p.answer)  # fmt: skip
    value = _value(problem)
    squared = sympy.nsimplify(value**2)
    assert _score(problem, f"sqrt({squared})").reward == 0.0  # not simplified
    assert _score(problem, f"{float(value):.10f}").reward == 0.0
    assert _score(problem, sympy.sstr(sympy.radsimp(value)).replace("**", "^")).reward == 1.0


def test_a_modulus_may_be_named_as_the_prompt_names_it():
    """``|z| = v`` answers a modulus question (the prompt asks for ``|z|``); the name is not
    taken elsewhere, and the conjugate, ``i^2`` left unevaluated or ``\\overline`` echoed fail."""
    modulus = next(p for s in range(100) if (p := _gen(ENV, s, operations=3)).meta["modulus"])
    value = sympy.sstr(sympy.radsimp(_value(modulus))).replace("**", "^")
    for named in (f"|z| = {value}", f"\\left|z\\right| = {value}", f"\\lvert z \\rvert = {value}"):
        assert _score(modulus, named).reward == 1.0, named
    assert _score(modulus, f"z = {value}").reward == 0.0
    assert _score(modulus, f"|z| = |z| = {value}").reward == 0.0
    plain = next(p for s in range(100) if not (p := _gen(ENV, s, operations=2)).meta["modulus"])
    z = _value(plain)
    re, im = sympy.re(z), sympy.im(z)
    assert _score(plain, f"|z| = {re} + ({im})i").reward == 0.0
    assert _score(plain, f"-({re})i^2 + ({im})i").reward == 0.0  # i^2 not evaluated
    assert _score(plain, f"\\overline{{{re} - ({im})i}}").reward == 0.0  # conjugate echoed
    assert _score(plain, f"{re} + ({im})i").reward == 1.0


def test_a_factor_after_a_power_is_bracketed():
    """``(3 - 3i)^{5}-9i`` was written for the product ``(3 - 3i)^5 (-9i)``: it reads as a
    difference. Every factor after a power is bracketed (or a ``\\frac``/``\\overline``), and
    sympy's value of the written expression is the reference (seeds that drew that case)."""
    task = rlvr_envs.make_task(ENV)
    for seed, difficulty in ((4399173, 0.9), (10787642, 0.4)):
        problem = task.generate(seed=seed, difficulty=difficulty)
        expression = problem.meta["expression"]
        assert "}-" not in expression and "}+" not in expression, expression
        reference = latex_to_sympy(problem.answer, imaginary=True)
        assert sympy.simplify(reference - _value(problem)) == 0, expression
    for seed in range(150):
        expression = _gen(ENV, seed, operations=3, power=3).meta["expression"]
        for index in (i for i in range(len(expression)) if expression.startswith("}", i)):
            follow = expression[index + 1 : index + 2]
            assert follow in ("", "(", ")", "}", " ", "\\", "{", "^"), expression
