"""Pieces the function, recurrence and applied families share: exact polynomial arithmetic on
integer or ``Fraction`` coefficient lists (lowest power first), linear fractional functions,
and finding the numbers a prompt states (so that a computed answer can avoid them).

Nothing here imports sympy: generators must stay fast and sympy-free.
"""

from __future__ import annotations

import re
from fractions import Fraction

from rlvr_envs.families.math.polynomials import poly_mul, polynomial_text
from rlvr_envs.families.shared.formulas import fraction_text, signed_term

Coeffs = list  # list[int] or list[Fraction], index = power of the variable


def poly_add(a: Coeffs, b: Coeffs) -> Coeffs:
    out = [0] * max(len(a), len(b))
    for i, c in enumerate(a):
        out[i] += c
    for i, c in enumerate(b):
        out[i] += c
    return trim(out)


def poly_scale(a: Coeffs, k) -> Coeffs:
    return trim([k * c for c in a])


def trim(a: Coeffs) -> Coeffs:
    out = list(a)
    while len(out) > 1 and out[-1] == 0:
        out.pop()
    return out or [0]


def poly_compose(outer: Coeffs, inner: Coeffs) -> Coeffs:
    """``outer(inner(x))`` by Horner's rule on coefficient lists."""
    result: Coeffs = [0]
    for c in reversed(outer):
        result = poly_add(poly_mul(result, inner), [c])
    return trim(result)


def poly_eval(a: Coeffs, x):
    value = 0
    for c in reversed(a):
        value = value * x + c
    return value


def poly_text(coeffs: Coeffs, var: str = "x") -> str:
    """``2x^3 - x + 5`` for integer coefficients; ``x^2/2 - 3x/4`` style for fractions."""
    if all(Fraction(c).denominator == 1 for c in coeffs):
        return polynomial_text([int(c) for c in coeffs], var)
    parts: list[str] = []
    for k in range(len(coeffs) - 1, -1, -1):
        c = Fraction(coeffs[k])
        if c == 0:
            continue
        body = "" if k == 0 else var if k == 1 else f"{var}^{k}"
        if c.denominator == 1:
            parts.append(signed_term(int(c), body, not parts))
            continue
        top = abs(c.numerator)
        head = body if top == 1 and body else f"{top}{body}"
        text = f"{head}/{c.denominator}"
        parts.append((f"-{text}" if c < 0 else text) if not parts else
                     (f" - {text}" if c < 0 else f" + {text}"))  # fmt: skip
    return "".join(parts) or "0"


def linear_fractional_text(a: int, b: int, c: int, d: int, var: str = "x") -> str:
    """``(ax + b)/(cx + d)``: each side a polynomial, in parentheses unless a single term
    (the denominator always, unless it is a positive integer)."""
    top = polynomial_text([b, a], var)
    bottom = polynomial_text([d, c], var)
    if c == 0 and d == 1:
        return top
    top_text = f"({top})" if " " in top else top
    plain = c == 0 and d > 0
    return f"{top_text}/{bottom if plain else f'({bottom})'}"


def value_text(value: Fraction) -> str:
    return fraction_text(Fraction(value))


_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+|/\d+)?")


def stated_numbers(text: str) -> set[Fraction]:
    """Every number the text writes (``-3``, ``2.5``, ``3/4``), as exact values, with both
    signs (a copy may drop or add a minus)."""
    out: set[Fraction] = set()
    for match in _NUMBER.findall(text):
        value = Fraction(match)
        out.update((value, -value))
    return out


def digits_in(text: str) -> int:
    return sum(ch.isdigit() for ch in text)
