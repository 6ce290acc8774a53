"""What ``rlvr/RootsOfUnity-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import mpmath
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.mathcheck.parse import parse
from rlvr_envs.mathcheck.symbolic import to_sympy
from tests.families.math.helpers import _gen, _score

ID = "rlvr/RootsOfUnity-v0"
mpmath.mp.dps = 60


def _numeric(text: str) -> complex:
    return complex(to_sympy(parse(text)).evalf(50))


def _brute(problem) -> complex:
    """The sum or product evaluated term by term in floating point (mpmath, 60 digits)."""
    p = problem.meta["params"]
    setting = problem.meta["setting"]
    if "n" in p:
        n = p["n"]
        roots = [mpmath.exp(2j * mpmath.pi * k / n) for k in range(n)]
    if setting == "double_sum":
        low, high = p["J"]
        return sum(w**j for j in range(low, high + 1) for w in roots)
    if setting == "product_minus":
        return mpmath.fprod(p["c"] - w for w in roots)
    if setting == "product_skip":
        return mpmath.fprod(p["c"] - w for w in roots[1:])
    if setting == "product_plus":
        return mpmath.fprod(p["c"] + w for w in roots)
    if setting == "filter":
        return sum((p["a"] + w) ** p["m"] for w in roots)
    if setting == "lucas":
        return mpmath.fprod(w**2 - p["c"] * w + 1 for w in roots)
    if setting == "reciprocal":
        return sum(1 / (p["c"] - w) for w in roots)
    if setting == "trig_power":
        angle = p["k"] * mpmath.pi / p["q"]
        return (p["r"] * mpmath.expj(angle)) ** p["m"]
    if setting == "base_power":
        return mpmath.mpc(_numeric(p["base"])) ** p["m"]
    return (mpmath.mpc(_numeric(p["top"])) / mpmath.mpc(_numeric(p["bottom"]))) ** p["m"]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_reference_matches_brute_force(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    expected = _brute(problem)
    got = _numeric(problem.answer)
    scale = max(1.0, abs(expected))
    assert abs(complex(expected) - got) <= 1e-9 * scale, (problem.prompt, problem.answer)


def test_other_forms_and_shortcuts():
    checked = 0
    for seed in range(60):
        problem = _gen(ID, seed, level="advanced", order=8, exponent=12)
        if problem.meta["setting"] == "base_power":
            m, base = problem.meta["params"]["m"], problem.meta["params"]["base"]
            assert _score(problem, f"({base})^{{{m}}}").reward == 0.0  # the question back
            assert _score(problem, problem.answer.replace("i", "\\cdot i")).reward == 1.0
            checked += 1
        elif problem.meta["setting"] in ("product_plus", "filter"):
            assert _score(problem, f"{problem.answer}.0").reward == 0.0
            assert _score(problem, str(int(problem.answer) + 1)).reward == 0.0
            checked += 1
    assert checked > 10


def test_quotients_and_fractions():
    for seed in range(60):
        problem = _gen(ID, seed, level="contest", order=8, exponent=10)
        if problem.meta["setting"] == "reciprocal" and "/" in problem.answer:
            top, bottom = problem.answer.split("/")
            assert _score(problem, f"\\frac{{{top}}}{{{bottom}}}").reward == 1.0
            assert _score(problem, f"{2 * int(top)}/{2 * int(bottom)}").reward == 0.0
            return


def test_a_power_of_a_quotient_never_has_a_real_base():
    """(sqrt(3) - i)/(-sqrt(3) + i) is -1: its power is a sign, not a de Moivre computation."""
    seen = 0
    for seed in range(300):
        problem = _gen(ID, seed, level="contest")
        if problem.meta["setting"] != "quotient_power":
            continue
        seen += 1
        p = problem.meta["params"]
        ratio = _numeric(p["top"]) / _numeric(p["bottom"])
        assert abs(ratio.imag) > 1e-9, p
    assert seen > 30
