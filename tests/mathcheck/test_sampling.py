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
