"""What the algebra families of Math-v1 (helper C) share: exact text of rationals, radicals,
root lists and intervals, and an exact reader of polynomial answers.

Everything here is integer and :class:`fractions.Fraction` arithmetic (no sympy: it runs
in the main process while generating and checking).
"""

from __future__ import annotations

from fractions import Fraction

from rlvr_envs.families.shared.formulas import fraction_text
from rlvr_envs.mathcheck.parse import Node


def latex_fraction(value: Fraction) -> str:
    """``7``, ``-\\frac{3}{4}``: a rational as LaTeX."""
    if value.denominator == 1:
        return str(value.numerator)
    sign = "-" if value < 0 else ""
    return f"{sign}\\frac{{{abs(value.numerator)}}}{{{value.denominator}}}"


def surd_text(rational: Fraction, coefficient: Fraction, radicand: int) -> str:
    """``rational + coefficient * sqrt(radicand)`` in simplified radical form (radicand > 1
    square-free, or 1 for a plain rational), e.g. ``1 - 2\\sqrt{3}``, ``-\\frac{\\sqrt{5}}{2}``."""
    if radicand == 1 or coefficient == 0:
        return fraction_text(rational + coefficient * (1 if radicand == 1 else 0))
    magnitude = abs(coefficient)
    head = "" if magnitude.numerator == 1 else str(magnitude.numerator)
    body = f"{head}\\sqrt{{{radicand}}}"
    if magnitude.denominator != 1:
        body = f"\\frac{{{body}}}{{{magnitude.denominator}}}"
    if rational == 0:
        return f"-{body}" if coefficient < 0 else body
    return f"{fraction_text(rational)} {'-' if coefficient < 0 else '+'} {body}"


def roots_text(values: list[Fraction]) -> str:
    """``-3, 1/2``: distinct rational values in increasing order."""
    return ", ".join(fraction_text(v) for v in sorted(set(values)))


def interval_text(pieces: list[tuple[str | None, str | None, bool, bool]]) -> str:
    """``(-\\infty, -2) \\cup [1, 3)`` from ``(low, high, low_closed, high_closed)`` pieces in
    increasing order (None for an infinite end)."""
    parts = []
    for low, high, low_closed, high_closed in pieces:
        left = "(-\\infty" if low is None else ("[" if low_closed else "(") + low
        right = "\\infty)" if high is None else high + ("]" if high_closed else ")")
        parts.append(f"{left}, {right}")
    return " \\cup ".join(parts)


# -- reading a polynomial answer exactly -----------------------------------------------------
class NotPolynomial(ValueError):
    """The AST is not a polynomial in the allowed variable with rational coefficients."""


Poly = dict[int, Fraction]


def _clean(p: Poly) -> Poly:
    return {k: v for k, v in p.items() if v != 0}


def _mul(a: Poly, b: Poly) -> Poly:
    out: Poly = {}
    for i, x in a.items():
        for j, y in b.items():
            out[i + j] = out.get(i + j, Fraction(0)) + x * y
    return _clean(out)


def poly_of(node: Node, var: str = "x", max_degree: int = 10_000) -> Poly:
    """The polynomial an answer's AST denotes, as ``{power: coefficient}`` (zero terms left
    out); raises :class:`NotPolynomial` for anything else (division by a non-constant,
    other symbols, non-integer or huge powers)."""
    kind = node[0]
    if kind == "num":
        return _clean({0: Fraction(node[1])})
    if kind == "sym":
        if node[1] != var:
            raise NotPolynomial(f"unknown variable {node[1]}")
        return {1: Fraction(1)}
    if kind == "neg":
        return {k: -v for k, v in poly_of(node[1], var, max_degree).items()}
    if kind == "add":
        out: Poly = {}
        for child in node[1]:
            for k, v in poly_of(child, var, max_degree).items():
                out[k] = out.get(k, Fraction(0)) + v
        return _clean(out)
    if kind == "mul":
        out = {0: Fraction(1)}
        for child in node[1]:
            out = _mul(out, poly_of(child, var, max_degree))
        return out
    if kind == "div":
        top, bottom = poly_of(node[1], var, max_degree), poly_of(node[2], var, max_degree)
        if set(bottom) != {0}:
            raise NotPolynomial("division by a non-constant")
        return {k: v / bottom[0] for k, v in top.items()}
    if kind == "pow":
        exponent = poly_of(node[2], var, max_degree)
        if set(exponent) - {0}:
            raise NotPolynomial("a variable exponent")
        power = exponent.get(0, Fraction(0))
        base = poly_of(node[1], var, max_degree)
        if power.denominator != 1 or power < 0:
            raise NotPolynomial("a non-integer or negative power")
        top = max(base, default=0)
        if power > max_degree or top * power > max_degree or (len(base) > 1 and power > 64):
            raise NotPolynomial("a power too large")
        if len(base) == 1:
            (k, v), n = next(iter(base.items())), int(power)
            return {k * n: v**n}
        out = {0: Fraction(1)}
        for _ in range(int(power)):
            out = _mul(out, base)
        return out
    raise NotPolynomial(f"{kind} in a polynomial")
