"""What ``rlvr/PartialFractions-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _score, _sym

ID = "rlvr/PartialFractions-v0"


def _recombines(problem, values) -> bool:
    """Whether the template with these values is P/Q (sympy, independent of the family)."""
    lines = problem.prompt.split("\n")
    top, bottom = lines[1].split(" / ")
    target = _sym(top) / _sym(bottom)
    template = lines[3]
    for name, value in zip("ABCDEFGHIJ", values):
        template = template.replace(f"{name}x", f"({value})*x").replace(name, f"({value})")
    return sympy.cancel(_sym(template) - target) == 0


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_reference_is_the_unique_decomposition(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    values = [sympy.Rational(v) for v in problem.answer.strip("()").split(", ")]
    assert _recombines(problem, values)
    assert not _recombines(problem, [values[0] + 1, *values[1:]])
    names = ", ".join("ABCDEFGHIJ"[: len(values)])
    assigned = ", ".join(f"{n} = {v}" for n, v in zip(names.split(", "), values))
    assert _score(problem, assigned).reward == 1.0 or "=" in assigned
    bare = ", ".join(str(v) for v in values)
    assert _score(problem, bare).reward == 1.0
    swapped = [*values[1:], values[0]]
    if swapped != values:
        assert _score(problem, "(" + ", ".join(map(str, swapped)) + ")").reward == 0.0
    assert _score(problem, "(" + ", ".join(map(str, values[:-1])) + ")").reward == 0.0
    assert _score(problem, "(" + ", ".join(map(str, [*values, 1])) + ")").reward == 0.0
    decimals = ", ".join(str(float(v)) for v in values)
    if any(sympy.Rational(v).q > 1 for v in values):
        assert _score(problem, f"({decimals})").reward == 0.0


def test_named_constants_score_in_any_order():
    """Review fix: ``A = -2, B = 1`` (the constants by the prompt's names) scored 0."""
    problem = rlvr_envs.make_task(ID).generate(seed=5, difficulty=0.0)
    assert problem.answer == "(-2, 1)"
    assert _recombines(problem, [-2, 1])  # the reference, checked independently
    assert _score(problem, "A = -2, B = 1").reward == 1.0
    assert _score(problem, "B = 1, A = -2").reward == 1.0
    assert _score(problem, "A = 1, B = -2").reward == 0.0
    assert _score(problem, "A = -2, C = 1").reward == 0.0
