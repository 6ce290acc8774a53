"""What ``rlvr/CompoundInterest-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score

ENV = "rlvr/CompoundInterest-v0"


def _float_value(meta) -> float:
    """The textbook formulas in floating point (an independent computation)."""
    rate = float(Fraction(meta["rate"])) / 100
    kind = meta["kind"]
    if kind == "simple":
        return float(meta["principal"]) * (1 + rate * meta["months"] / 12)
    n, years = meta["per_year"], meta["years"]
    i = rate / n
    if kind == "compound":
        return float(meta["principal"]) * (1 + i) ** (n * years)
    if kind == "annuity":
        total = sum(float(meta["deposit"]) * (1 + i) ** k for k in range(n * years))
        return total * (1 + i) if meta["due"] else total
    return sum(float(Fraction(a)) * (1 + i) ** (n * (years - t)) for t, a in meta["events"])


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_reference_answer_matches_floating_point_formulas(seed, difficulty):
    problem = rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty)
    value = _float_value(problem.meta)
    assert problem.meta["precision"] == 2
    assert problem.answer == f"{value:.2f}"
    assert _score(problem, f"{value:.6f}").reward == 1.0  # within half a cent
    assert _score(problem, f"{value + 0.01:.2f}").reward == 0.0
    assert _score(problem, f"{value - 0.01:.2f}").reward == 0.0


def test_written_forms():
    problem = _gen(ENV, 2, kind="compound", compounding="quarterly", years=6)
    answer = problem.answer
    whole, cents = answer.split(".")
    grouped = f"{int(whole):,}.{cents}"
    for good in (answer, grouped, answer.rstrip("0") if cents.endswith("0") else answer):
        assert _score(problem, good).reward == 1.0, good
    exact = Fraction(answer)
    for bad in (f"{answer} dollars", f"{exact.numerator}/{exact.denominator}", f"{whole}",
                f"{answer} + 0", f"{float(answer) * 100:.0f}"):  # fmt: skip
        assert _score(problem, bad).reward == 0.0, bad


def test_schedule_prompts_state_every_event():
    for seed in range(20):
        problem = _gen(ENV, seed, kind="schedule", compounding="monthly", years=12)
        events = problem.meta["events"]
        assert len(events) >= 3
        assert "withdraws" in problem.prompt or all(Fraction(a) > 0 for _, a in events)
        for _, amount in events:
            assert str(abs(Fraction(amount)).numerator) in problem.prompt


def test_no_value_sits_on_a_rounding_tie():
    for seed in range(100):
        problem = _gen(ENV, seed, kind="annuity", compounding="monthly", years=10)
        value = _float_value(problem.meta) * 100
        assert abs(value - int(value) - 0.5) > 0.0005


def test_a_currency_sign_earns_nothing():
    """Review fix: the prompt says "without a currency sign", yet ``\\$1234.56``, ``$1234.56``
    and ``1234.56$`` scored 1; math delimiters around the number still do."""
    problem = _gen(ENV, 4, kind="compound", compounding="monthly", years=7)
    answer = problem.answer
    for bad in (f"\\${answer}", f"${answer}", f"{answer}$", f"$ {answer}", f"\\text{{\\$}}{answer}",
                f"$\\${answer}$", f"USD {answer}", f"{answer} USD"):  # fmt: skip
        assert _score(problem, bad).reward == 0.0, bad
    for good in (f"${answer}$", f"$${answer}$$", f"\\({answer}\\)", answer):
        assert _score(problem, good).reward == 1.0, good
    assert "no currency sign" in problem.prompt
