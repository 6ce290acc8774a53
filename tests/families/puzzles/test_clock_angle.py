"""What ``rlvr/ClockAngle-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/ClockAngle-v0"


def _angle(meta) -> Fraction:
    """Independently: hand speeds in degrees per second, positions from seconds since 12:00."""
    h, m, s = meta["time"]
    t = (h % 12) * 3600 + m * 60 + s
    speed = {"hour": Fraction(360, 12 * 3600), "minute": Fraction(360, 3600), "second": 6}
    a, b = ((speed[hand] * t) % 360 for hand in meta["hands"])
    gap = (a - b) % 360
    return gap if gap <= 180 else 360 - gap


def _written(value: Fraction) -> list[str]:
    """Ways to write the exact value: p/q, and a terminating decimal where there is one."""
    p, q = value.numerator, value.denominator
    out = [str(p) if q == 1 else f"{p}/{q}"]
    while q % 2 == 0:
        q //= 2
    while q % 5 == 0:
        q //= 5
    if q == 1 and value.denominator > 1:
        digits = 1
        while (value * 10**digits).denominator != 1:
            digits += 1
        out.append(f"{float(value):.{digits}f}")
    return out


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY)
def test_the_angle_matches_hand_speeds_and_every_exact_writing_scores(seed, difficulty):
    problem = _gen(ENV, seed, difficulty)
    truth = _angle(problem.meta)
    assert 0 <= truth <= 180 and Fraction(problem.answer) == truth
    for text in _written(truth):
        assert _score(problem, text).reward == 1.0, text


DELTAS = st.sampled_from(["1/2", "1/10", "1/120", "30", "-1"])


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, delta=DELTAS)
def test_a_changed_angle_scores_as_the_independent_value_says(seed, difficulty, delta):
    problem = _gen(ENV, seed, difficulty)
    guess = _angle(problem.meta) + Fraction(delta)
    verdict = _score(problem, _written(guess)[0])
    assert guess != _angle(problem.meta) and verdict.reward == 0.0


def test_inexact_unreduced_and_unit_answers_fail():
    problems = (_gen(ENV, s, resolution="second", hands="hour-second") for s in range(200))
    problem = next(p for p in problems if Fraction(p.answer).denominator in (3, 12, 24, 40, 120))
    value = Fraction(problem.answer)
    assert _score(problem, problem.answer).reward == 1.0
    assert _score(problem, f"{float(value):.2f}").reward == 0.0  # rounded: not exact
    assert _score(problem, f"{2 * value.numerator}/{2 * value.denominator}").reward == 0.0
    assert _score(problem, f"{problem.answer} degrees").reward == 0.0
    assert _score(problem, f"360 - {360 - value}").reward == 0.0
    assert _score(problem, f"{360 - value}").reward == 0.0  # the larger angle


def test_classic_times():
    problem = _gen(ENV, 0, resolution="minute", clock="12-hour", hands="hour-minute")
    h, m, _ = problem.meta["time"]
    gap = abs(30 * h - Fraction(11 * m, 2)) % 360
    assert Fraction(problem.answer) == min(gap, 360 - gap)


def test_no_number_of_the_prompt_is_the_answer():
    for seed in range(60):
        problem = _gen(ENV, seed, difficulty=seed / 59)
        for token in problem.prompt.replace(":", " ").replace("?", " ").split():
            if token.isdigit():
                assert Fraction(int(token)) != Fraction(problem.answer)
