"""What the number-theory families share: digit counts, Euclid's step count, random moduli."""

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
