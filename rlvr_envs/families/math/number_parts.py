"""What the number-theory families share: digit counts, Euclid's step count, random moduli,
and the square part of an integer (for simplified radicals)."""

from __future__ import annotations

import random


def digits_of(n: int) -> int:
    return len(str(abs(n)))


def euclid_steps(a: int, b: int) -> int:
    """Division steps of the Euclidean algorithm on (a, b): the work of a gcd or inverse."""
    steps = 0
    while b:
        a, b = b, a % b
        steps += 1
    return steps


def random_modulus(rng: random.Random, digits: int, least: int = 2) -> int:
    return rng.randint(max(least, 10 ** (digits - 1)), 10**digits - 1)


def square_part(n: int) -> tuple[int, int]:
    """``n = r^2 * d`` with ``d`` square-free; returns ``(r, d)`` for ``n >= 1``, so that
    ``sqrt(n) = r sqrt(d)`` in simplified radical form."""
    if n < 1:
        raise ValueError(f"square_part needs n >= 1, got {n}")
    r, d, f = 1, n, 2
    while f * f <= d:
        while d % (f * f) == 0:
            d //= f * f
            r *= f
        f += 1 if f == 2 else 2
    return r, d
