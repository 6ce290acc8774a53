"""Helpers the science families' tests share."""

from __future__ import annotations

import re
from fractions import Fraction

import rlvr_envs
from rlvr_envs.registry import format_answer

NUMBER = r"-?\d+(?:\.\d+)?(?:/\d+)?"


def _gen(env_id: str, seed: int, difficulty: float | None = None, **knobs):
    task = rlvr_envs.make_task(env_id)
    return task.generate(seed=seed, difficulty=difficulty, knobs=knobs or None)


def _score(problem, answer: str) -> float:
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format)).reward


def value(text: str) -> Fraction:
    return Fraction(text)


def found(pattern: str, text: str) -> list[Fraction]:
    """The numbers the first group of each match of ``pattern`` captures."""
    return [Fraction(m) for m in re.findall(pattern, text)]


def text_of(x: Fraction) -> str:
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def check_value(problem, expected: Fraction) -> None:
    """The reference is ``expected``; it and its plain variants score 1, neighbours 0, a
    decimal or unreduced spelling is refused."""
    assert Fraction(problem.answer) == expected, (problem.prompt, problem.answer, expected)
    assert _score(problem, text_of(expected)) == 1.0
    assert _score(problem, text_of(expected + 1)) == 0.0
    assert _score(problem, text_of(expected * 2 + Fraction(1, 7))) == 0.0
    if expected.denominator > 1:
        assert _score(problem, f"{expected.numerator * 2}/{expected.denominator * 2}") == 0.0


def check_rounded(problem, exact, places: int) -> None:
    """The reference is ``exact`` rounded to ``places`` decimals (``exact`` computed in the
    test, to more precision than the check needs); any number within half a unit of the last
    place of it scores 1, a unit off scores 0."""
    unit = Fraction(1, 10**places)
    gold = Fraction(problem.answer)
    assert abs(gold - Fraction(exact)) <= unit / 2 + Fraction(1, 10**9), (problem.prompt, exact)
    assert problem.meta["precision"] == places
    assert _score(problem, f"{float(exact):.{places + 2}f}") == 1.0
    assert _score(problem, f"{float(exact):.{places}f}") == 1.0
    assert _score(problem, f"{float(gold + unit):.{places}f}") == 0.0
    assert _score(problem, f"{float(gold - unit):.{places}f}") == 0.0


def linear_root(lhs, rhs, x) -> Fraction:
    """The one root of ``lhs = rhs`` (sympy expressions) when it is linear in ``x`` once
    denominators are cleared: faster than ``sympy.solve`` and independent of the family."""
    import sympy

    numerator = sympy.numer(sympy.together(lhs - rhs))
    poly = sympy.Poly(numerator, x)
    assert poly.degree() == 1, (lhs, rhs)
    root = -poly.coeff_monomial(1) / poly.coeff_monomial(x)
    return Fraction(int(root.p), int(root.q))
