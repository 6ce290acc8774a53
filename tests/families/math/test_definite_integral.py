"""What ``rlvr/DefiniteIntegral-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.mathcheck.parse import parse
from rlvr_envs.mathcheck.symbolic import to_sympy
from tests.families.math.helpers import _score

ID = "rlvr/DefiniteIntegral-v0"
X = sympy.Symbol("x")


def _sp(text: str):
    return to_sympy(parse(text))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_reference_is_sympys_integral(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    meta = problem.meta
    lo, hi = _sp(meta["lower"]), _sp(meta["upper"])
    value = sympy.integrate(_sp(meta["integrand"]), (X, lo, hi))
    answer = _sp(problem.answer)
    assert abs(sympy.N(value - answer, 50)) < sympy.Float(10) ** -40 * max(1, abs(sympy.N(value)))
    assert _score(problem, f"{problem.answer} + 1").reward == 0.0
    assert _score(problem, str(sympy.N(value, 20))).reward == 0.0  # a decimal is not exact


def _reversed_terms(answer: str) -> str:
    """The reference's terms in the opposite order (our printer joins terms with ' + '/' - ')."""
    parts = re.split(r" (?=[+-] )", answer)
    signed = [parts[0]] + [("-" if p[0] == "-" else "") + p[2:] for p in parts[1:]]
    out = signed[-1]
    for term in reversed(signed[:-1]):
        out += f" - {term[1:]}" if term.startswith("-") else f" + {term}"
    return out


def test_other_written_forms_score():
    seen = 0
    for seed in range(60):
        problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=0.6)
        if " + " not in problem.answer and " - " not in problem.answer:
            continue
        seen += 1
        reordered = _reversed_terms(problem.answer)
        assert reordered != problem.answer
        assert _score(problem, reordered).reward == 1.0, reordered
        assert _score(problem, reordered.replace(" + ", " - ", 1)).reward == 0.0 or (
            " + " not in reordered
        )
    assert seen > 10


def test_fractions_in_plain_and_latex_forms_and_lowest_terms():
    seen = 0
    for seed in range(60):
        problem = rlvr_envs.make_task(ID).generate(
            seed=seed, knobs={"method": "polynomial", "coefficient": 4, "degree": 2}
        )
        value = _sp(problem.answer)
        assert value.is_Rational
        if value.is_Integer:
            continue
        seen += 1
        p, q = value.p, value.q
        assert _score(problem, f"{p}/{q}").reward == 1.0
        assert _score(problem, f"\\frac{{{p}}}{{{q}}}").reward == 1.0
        assert _score(problem, f"{3 * p}/{3 * q}").reward == 0.0
        integrand = problem.meta["integrand"]
        assert _score(problem, integrand).reward == 0.0
    assert seen > 20


def test_hard_instances_use_integration_by_parts():
    task = rlvr_envs.make_task(ID)
    problems = [task.generate(seed=s, difficulty=1.0) for s in range(20)]
    assert all(p.knobs["method"] == "parts" for p in problems)
    assert any("\\pi" in p.answer for p in problems)
    assert any("\\ln" in p.answer or "e^" in p.answer for p in problems)
