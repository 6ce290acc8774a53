"""Sample points of value comparisons (issue 26): per comparison, over large primes."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rlvr_envs.mathcheck.compare import is_equivalent
from rlvr_envs.mathcheck.sampling import HIGH_PRIME, LOW_PRIME, _is_prime, real_point, seeded_rng


@settings(max_examples=50, deadline=None)
@given(text=st.text(max_size=20), low=st.integers(-5, 5), width=st.integers(1, 30))
def test_points_are_deterministic_and_over_a_large_prime(text, low, width):
    point = real_point(seeded_rng("t", text), low, low + width)
    assert point == real_point(seeded_rng("t", text), low, low + width)
    assert low < point <= low + width
    assert LOW_PRIME <= point.denominator <= HIGH_PRIME + 200 and _is_prime(point.denominator)


def test_seeds_follow_every_part():
    assert seeded_rng("a", "b").random() != seeded_rng("a", "c").random()
    assert seeded_rng("ab", "c").random() != seeded_rng("a", "bc").random()
    assert isinstance(real_point(seeded_rng("x"), 0, Fraction(5, 2)), Fraction)


def test_a_term_vanishing_at_small_denominators_is_not_equivalent():
    # 360360 = lcm(1..15): sin(360360 pi x) was 0 at every point the comparison drew
    assert not is_equivalent("x^2 + 3x", "x^2 + 3x + \\sin(360360\\pi x)")
    assert not is_equivalent("e^{x}", "e^{x} + \\sin(12252240\\pi x)^{2}")
    assert is_equivalent("\\sin(2x)", "2\\sin(x)\\cos(x)")
    assert is_equivalent("x^2 + 3x", "x(x + 3) + \\sin(\\pi)")


def test_any_text_seeds_a_generator():
    # model text reaches the seed: lone surrogates and NULs included
    assert seeded_rng("\udcff\x00\u202e").random() == seeded_rng("\udcff\x00\u202e").random()


@settings(max_examples=30, deadline=None)
@given(kink=st.integers(-(10**6), 10**6), degree=st.sampled_from([1, 3]))  # odd: a real kink
def test_kink_points_lie_on_both_sides_of_every_kink(kink, degree):
    import sympy

    from rlvr_envs.mathcheck.sampling import kink_points

    x = sympy.Symbol("x", real=True)
    for expr in (sympy.Abs((x - kink) ** degree), sympy.sqrt((x - kink) ** 2) + x):
        points = kink_points([expr], x)
        assert any(p < kink for p in points) and any(p > kink for p in points), (expr, points)


@settings(max_examples=20, deadline=None)
@given(kink=st.integers(30, 10**6))
def test_a_term_vanishing_below_a_far_kink_is_not_equivalent(kink):
    # |x - K| + x - K is 0 for every x below K: the fixed range of points never saw it
    assert is_equivalent("3x^2", "3x^2", timeout=10.0)
    assert not is_equivalent("3x^2", f"3x^2 + |x - {kink}| + x - {kink}", timeout=10.0)
    assert not is_equivalent("3x^2", f"3x^2 + \\sqrt{{(x - {kink})^2}} + x - {kink}", timeout=10.0)
