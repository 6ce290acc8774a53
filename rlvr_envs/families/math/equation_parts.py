"""Small pieces the equation families share: random non-zero integers and linear terms."""

from __future__ import annotations

import random

from rlvr_envs.families.shared.formulas import signed_term


def nonzero(rng: random.Random, size: int, least: int = 1) -> int:
    """A random integer with ``least <= |n| <= max(size, least)``."""
    return rng.choice((-1, 1)) * rng.randint(least, max(size, least))


def linear_text(a: int, b: int, var: str = "x") -> str:
    """``3x - 5``, ``-x``, ``7``, ``0``."""
    text = signed_term(a, var, True) + signed_term(b, "", a == 0)
    return text or "0"


def digit_count(text: str) -> int:
    return sum(c.isdigit() for c in text)
