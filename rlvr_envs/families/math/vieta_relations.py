"""VietaRelations: a symmetric function of a polynomial's roots, from its coefficients.

The roots are never computed: Vieta's formulas give the elementary symmetric functions
``e_k = (-1)^k a_{n-k} / a_n`` and Newton's identities
``p_k = e_1 p_{k-1} - e_2 p_{k-2} + ... + (-1)^{k-1} k e_k`` the power sums; the reciprocal
roots are the roots of the reversed polynomial, and ``prod (r_i - c) = (-1)^n P(c) / a_n``.

Answer syntax: one exact rational number, an integer or ``p/q`` in lowest terms (``-7/4``).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.polynomials import polynomial_text
from rlvr_envs.families.shared.formulas import fraction_text
from rlvr_envs.families.shared.math_answers import MathFamily


def elementary(coeffs: list[int]) -> list[Fraction]:
    """``[e_0=1, e_1, ..., e_n]`` of the roots of ``sum coeffs[k] x^k`` (lowest first)."""
    n = len(coeffs) - 1
    lead = coeffs[n]
    return [Fraction((-1) ** k * coeffs[n - k], lead) for k in range(n + 1)]


def power_sums(coeffs: list[int], top: int) -> list[Fraction]:
    """``[p_0=n, p_1, ..., p_top]`` by Newton's identities."""
    e = elementary(coeffs)
    n = len(coeffs) - 1
    p = [Fraction(n)]
    for k in range(1, top + 1):
        total = Fraction(0)
        for i in range(1, min(k, n + 1)):
            total += (-1) ** (i - 1) * e[i] * p[k - i]
        if k <= n:
            total += (-1) ** (k - 1) * k * e[k]
        p.append(total)
    return p


def _value(coeffs: list[int], x: Fraction) -> Fraction:
    total = Fraction(0)
    for c in reversed(coeffs):
        total = total * x + c
    return total


def _roots_list(n: int) -> str:
    return ", ".join(f"r_{i}" for i in range(1, n + 1))


def _sum_text(n: int, term: str) -> str:
    """``r_1^2 + r_2^2 + r_3^2`` from a template with ``{r}``."""
    return " + ".join(term.format(r=f"r_{i}") for i in range(1, n + 1))


def _quantity(rng: random.Random, coeffs: list[int], tier: int, power: int):
    """(description, value) of one symmetric function, drawn from the first ``tier`` tiers."""
    n = len(coeffs) - 1
    lead = coeffs[n]
    options = ["squares", "reciprocals", "shifted_product"]
    if tier >= 2:
        options += ["power", "reciprocal_squares", "shifted_reciprocals"]
    if tier >= 3:
        options += ["power", "square_plus_product", "mixed", "reciprocal_power"]
    kind = rng.choice(options)
    if kind == "squares":
        return _sum_text(n, "{r}^2"), power_sums(coeffs, 2)[2]
    if kind == "power":
        k = rng.randint(3, max(3, power))
        return _sum_text(n, "{r}^" + str(k)), power_sums(coeffs, k)[k]
    if kind == "reciprocals":
        return _sum_text(n, "\\frac{{1}}{{{r}}}"), power_sums(coeffs[::-1], 1)[1]
    if kind == "reciprocal_squares":
        return _sum_text(n, "\\frac{{1}}{{{r}^2}}"), power_sums(coeffs[::-1], 2)[2]
    if kind == "reciprocal_power":
        k = rng.randint(3, max(3, power))
        return (_sum_text(n, "\\frac{{1}}{{{r}^" + str(k) + "}}"),
                power_sums(coeffs[::-1], k)[k])  # fmt: skip
    if kind == "shifted_product":
        c = rng.choice([-3, -2, -1, 1, 2, 3])
        text = "".join(f"({f'r_{i}'} {'+' if c > 0 else '-'} {abs(c)})" for i in range(1, n + 1))
        # prod (r_i + c) = prod (-c - r_i) * (-1)^n = (-1)^n P(-c) / a_n
        return text, (-1) ** n * _value(coeffs, Fraction(-c)) / lead
    if kind == "shifted_reciprocals":
        c = rng.choice([-3, -2, -1, 1, 2, 3])
        sign = "+" if c > 0 else "-"
        text = _sum_text(n, "\\frac{{1}}{{{r} " + sign + " " + str(abs(c)) + "}}")
        derivative = [k * coeffs[k] for k in range(1, n + 1)]
        at = _value(coeffs, Fraction(-c))
        if at == 0:
            return None
        # sum 1/(r_i + c) = -P'(-c)/P(-c), since P'/P = sum 1/(x - r_i)
        return text, -_value(derivative, Fraction(-c)) / at
    if kind == "square_plus_product":
        # prod (r_i^2 + 1) = P(i) P(-i) / a_n^2 = |P(i)|^2 / a_n^2
        real = sum(c * [1, 0, -1, 0][k % 4] for k, c in enumerate(coeffs))
        imag = sum(c * [0, 1, 0, -1][k % 4] for k, c in enumerate(coeffs))
        text = "".join(f"(r_{i}^2 + 1)" for i in range(1, n + 1))
        return text, Fraction(real * real + imag * imag, lead * lead)
    # mixed: sum over i != j of r_i^2 r_j = e1 e2 - 3 e3
    e = elementary(coeffs) + [Fraction(0)] * 3
    return "\\sum_{i \\ne j} r_i^2 r_j", e[1] * e[2] - 3 * e[3]


class VietaRelations(MathFamily):
    """Compute a symmetric function of the roots of an integer polynomial of degree 2-4.

    The roots are usually irrational or complex; the value follows from the coefficients
    alone (Vieta's formulas, Newton's identities, the reversed polynomial for reciprocals,
    ``prod (r_i + c) = (-1)^n P(-c)/a_n``, ``sum 1/(r_i + c) = -P'(-c)/P(-c)``,
    ``prod (r_i^2 + 1) = |P(i)|^2/a_n^2``).

    Knobs: ``degree`` (2 -> 4), ``size`` (largest coefficient, 5 -> 30), ``tier`` (1: sums of
    squares and reciprocals, shifted products; 2: + power sums, reciprocal squares, sums of
    ``1/(r_i + c)``; 3: + higher power sums up to ``power``, ``prod (r_i^2 + 1)``,
    ``sum r_i^2 r_j``) and ``power`` (the highest power sum asked, 3 -> 7). At difficulty 1 a
    quartic with two-digit coefficients and a sixth or seventh power sum needs several rounds
    of Newton's identities with fractions.

    Answer syntax: an exact rational, ``-7/4`` (lowest terms) or an integer.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "degree": Knob("int", 2, 4, default=3, easy=2, hard=4, doc="degree of the polynomial"),
        "size": Knob("int", 2, 50, default=9, easy=5, hard=30, doc="largest coefficient"),
        "tier": Knob("int", 1, 3, default=2, easy=1, hard=3, doc="which symmetric functions"),
        "power": Knob("int", 3, 8, default=4, easy=3, hard=7, doc="highest power sum asked"),
    }
    answer_syntax = "one exact number: an integer or a fraction p/q in lowest terms"
    answer_form = "rational"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, size = knobs["degree"], knobs["size"]
        while True:
            lead = rng.randint(1, max(1, min(size, 2 + size // 4)))
            coeffs = [rng.randint(-size, size) for _ in range(n)] + [lead]
            if coeffs[0] == 0 or sum(c != 0 for c in coeffs) < 3:
                continue
            found = _quantity(rng, coeffs, knobs["tier"], knobs["power"])
            if found is None or found[1] == 0:
                continue
            text, value = found
            break
        equation = f"{polynomial_text(coeffs)} = 0"
        question = (
            f"Let ${_roots_list(n)}$ be the {n} roots (real or complex, counted with "
            f"multiplicity) of ${equation}$.\nCompute ${text}$.\n"
            "Give the exact value as an integer or a fraction p/q in lowest terms."
        )
        return Draft(question, fraction_text(value), {"coefficients": coeffs, "quantity": text})

    def complexity(self, problem: Problem) -> float:
        """Digits of the coefficients, the degree, powers in the asked quantity and the
        answer's length."""
        coeffs = problem.meta["coefficients"]
        digits = sum(len(str(abs(c))) for c in coeffs)
        powers = sum(int(ch) for ch in problem.meta["quantity"] if ch.isdigit())
        return digits + 2 * len(coeffs) + powers + len(problem.answer)
