"""PolynomialInequality: solve a polynomial or rational inequality, answer as intervals.

The generator builds ``N(x)/D(x) op 0`` from chosen factors: linear factors ``qx - p`` with
integer or rational roots, quadratics ``x^2 + bx + c`` with irrational roots
``m +- s sqrt(d)``, and positive definite quadratics that never change sign; each with a
multiplicity. The sign chart gives the answer: the sign is constant between consecutive
critical points and flips across a root of odd multiplicity only; roots of the numerator
belong to the solution set exactly when the inequality is not strict, and poles (roots of the
denominator) never do. Instances whose solution set would contain an isolated point (a double
root in an excluded region under ``<=``/``>=``) are not drawn, since an interval union cannot
write it; every instance has at least one odd root, so the set is neither empty nor all of R.

Answer syntax: an interval or a union of disjoint intervals, ``\\infty`` for infinity,
brackets for closed ends, endpoints exact (``(-\\infty, -2) \\cup [1, 3)``,
``[1 - \\sqrt{2}, \\frac{1}{2})``).
"""

from __future__ import annotations

import itertools
import math
import random
import re
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.algebra_parts import interval_text, surd_text
from rlvr_envs.families.math.number_parts import square_part
from rlvr_envs.families.math.polynomials import poly_mul, polynomial_text
from rlvr_envs.families.shared.formulas import fraction_text
from rlvr_envs.families.shared.math_answers import MathFamily

OPS = {"<": "<", "<=": "\\le", ">": ">", ">=": "\\ge"}


def _linear(rng: random.Random, size: int, rational: bool) -> dict:
    q = rng.randint(2, 4) if rational and rng.random() < 0.7 else 1
    p = rng.randint(-size, size)
    g = math.gcd(p, q)
    p, q = p // g, q // g
    flip = p > 0 and rng.random() < 0.3  # written p - qx
    coeffs = [p, -q] if flip else [-p, q]
    point = {"value": float(Fraction(p, q)), "text": fraction_text(Fraction(p, q))}
    return {"coeffs": coeffs, "points": [point]}


def _irrational(rng: random.Random, size: int) -> dict:
    """``x^2 - 2mx + (m^2 - D)``: roots ``m +- sqrt(D)``, D not a square."""
    while True:
        m, big = rng.randint(-size // 2, size // 2), rng.randint(2, 3 * size)
        if math.isqrt(big) ** 2 != big:
            break
    s, d = square_part(big)
    points = [
        {
            "value": m + sign * s * math.sqrt(d),
            "text": surd_text(Fraction(m), Fraction(sign * s), d),
        }
        for sign in (-1, 1)
    ]
    return {"coeffs": [m * m - big, -2 * m, 1], "points": points}


def _definite(rng: random.Random, size: int) -> dict:
    m, k = rng.randint(-3, 3), rng.randint(1, 4)
    return {"coeffs": [m * m + k, -2 * m, 1], "points": []}


def _value(coeffs: list[int], x: float) -> float:
    total = 0.0
    for c in reversed(coeffs):
        total = total * x + c
    return total


def braced(text: str) -> str:
    """``x^10`` -> ``x^{10}``: multi-digit exponents braced for LaTeX."""
    return re.sub(r"\^(\d{2,})", r"^{\1}", text)


def _factor_text(coeffs: list[int], power: int) -> str:
    if coeffs == [0, 1]:
        return "x" + (f"^{{{power}}}" if power > 1 else "")
    if len(coeffs) == 2 and coeffs[1] < 0 < coeffs[0]:
        q = -coeffs[1]
        body = f"{coeffs[0]} - {'' if q == 1 else q}x"
    else:
        body = polynomial_text(coeffs)
    return f"({body})" + (f"^{{{power}}}" if power > 1 else "")


def solve(numerator: list[tuple[dict, int]], denominator: list[tuple[dict, int]], op: str):
    """The solution set as interval pieces ``(low, high, low_closed, high_closed)`` (texts,
    None for infinite ends), or None when it has an isolated point."""
    points = [(pt["value"], pt["text"], False) for f, _ in numerator for pt in f["points"]]
    points += [(pt["value"], pt["text"], True) for f, _ in denominator for pt in f["points"]]
    points.sort()
    values = [v for v, _, _ in points]
    middles = [(a + b) / 2 for a, b in itertools.pairwise(values)]
    tests = [values[0] - 1, *middles, values[-1] + 1]

    def sign(x: float) -> int:
        s = 1
        for f, m in numerator + denominator:
            s *= 1 if _value(f["coeffs"], x) ** m > 0 else -1
        return s

    good = [(sign(t) < 0) if op in ("<", "<=") else (sign(t) > 0) for t in tests]
    strict = op in ("<", ">")
    # the chart: region 0, point 0, region 1, ..., region k
    chart: list[tuple[bool, str | None]] = []
    for i, (_, text, pole) in enumerate(points):
        chart.append((good[i], None))
        chart.append((not pole and not strict, text))
    chart.append((good[-1], None))
    pieces, start = [], None
    for idx, (inside, _) in enumerate(chart):
        if inside and start is None:
            start = idx
        if start is not None and (not inside or idx == len(chart) - 1):
            end = idx - 1 if not inside else idx
            if start == end and chart[start][1] is not None:
                return None  # an isolated point
            low = chart[start][1] if start > 0 else None
            low_closed = chart[start][1] is not None
            if start > 0 and low is None:
                low = chart[start - 1][1]
            high_closed = chart[end][1] is not None
            high = chart[end][1] if end < len(chart) - 1 else None
            if end < len(chart) - 1 and high is None:
                high = chart[end + 1][1]
            pieces.append((low, high, low_closed and start > 0, high_closed))
            start = None
    return pieces


class PolynomialInequality(MathFamily):
    """Solve ``N(x)/D(x) op 0`` (or ``N(x) op 0``) over the reals, as a union of intervals.

    Knobs: ``factors`` (distinct non-constant factors, 2 -> 6), ``roots`` (``integer``,
    ``rational``, ``irrational``: quadratic factors with roots ``m +- s sqrt(d)`` and positive
    definite quadratics join), ``poles`` (factors moved to the denominator, 0 -> 2),
    ``multiplicity`` (largest exponent of a factor, 1 -> 3) and ``expanded`` (numerator and
    denominator multiplied out, so the solver must factor them first: rational root test,
    then the quadratic formula). At difficulty 1 a rational inequality with six factors
    (total degree up to nine), given expanded, with double roots, poles and irrational ends.

    Answer syntax: ``(-\\infty, -2) \\cup [1, 3)``: intervals in increasing order joined by
    ``\\cup``, ``\\infty`` for infinity, brackets for closed ends, exact endpoints.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "factors": Knob("int", 1, 7, default=3, easy=2, hard=6, doc="distinct factors"),
        "roots": Knob(
            "categorical",
            choices=("integer", "rational", "irrational"),
            default="integer",
            doc="kind of critical points",
        ),
        "poles": Knob("int", 0, 3, default=1, easy=0, hard=2, doc="factors in the denominator"),
        "multiplicity": Knob("int", 1, 4, default=2, easy=1, hard=3, doc="largest exponent"),
        "expanded": Knob("bool", default=False, easy=False, hard=True, doc="multiplied out"),
    }
    answer_syntax = (
        "the solution set as an interval or a union of intervals, e.g. (-\\infty, -2) \\cup [1, 3)"
    )
    answer_form = "interval"
    answer_element = "radical"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        size = 6 + 2 * knobs["factors"]
        kind = knobs["roots"]
        while True:
            factors = []
            for i in range(knobs["factors"]):
                roll = rng.random()
                if kind == "irrational" and i < 2 and roll < 0.5:
                    factors.append(_irrational(rng, size) if i == 0 else _definite(rng, size))
                else:
                    factors.append(_linear(rng, size, kind != "integer"))
            values = [pt["value"] for f in factors for pt in f["points"]]
            if len(set(values)) != len(values) or not values:
                continue
            split = max(1, len(factors) - knobs["poles"])  # a numerator factor stays
            powers = [rng.randint(1, knobs["multiplicity"]) for _ in factors]
            odd = [p % 2 == 1 and f["points"] for f, p in zip(factors, powers)]
            if not any(odd):
                continue
            numerator = list(zip(factors[:split], powers[:split]))
            denominator = list(zip(factors[split:], powers[split:]))
            degree = sum((len(f["coeffs"]) - 1) * p for f, p in zip(factors, powers))
            if knobs["expanded"] and degree > 9:
                continue
            op = rng.choice(list(OPS))
            pieces = solve(numerator, denominator, op)
            if pieces:
                break
        top, bottom = self._render(numerator, knobs["expanded"]), None
        if denominator:
            bottom = self._render(denominator, knobs["expanded"])
        left = f"\\frac{{{top}}}{{{bottom}}}" if bottom else top
        inequality = f"{left} {OPS[op]} 0"
        question = (
            f"Solve the inequality ${inequality}$ over the real numbers.\n"
            "Write the solution set as an interval or a union of intervals in increasing "
            "order, joined by \\cup, with \\infty for infinity, brackets [ ] for included "
            "ends and parentheses ( ) for excluded ends, and exact endpoints, e.g. "
            "(-\\infty, -2) \\cup [1, 3)."
        )
        degree = sum((len(f["coeffs"]) - 1) * p for f, p in numerator + denominator)
        meta = {"inequality": inequality, "degree": degree, "pieces": len(pieces),
                "critical": len(values)}  # fmt: skip
        return Draft(question, interval_text(pieces), meta)

    @staticmethod
    def _render(factors: list[tuple[dict, int]], expanded: bool) -> str:
        if expanded:
            product = [1]
            for f, p in factors:
                for _ in range(p):
                    product = poly_mul(product, f["coeffs"])
            return braced(polynomial_text(product))
        return "".join(_factor_text(f["coeffs"], p) for f, p in factors)

    def complexity(self, problem: Problem) -> float:
        """Critical points, total degree, answer pieces, whether the factors must be found,
        and the answer's length."""
        meta = problem.meta
        factored = meta["inequality"].count("(")
        expanded = 0 if factored else 6
        return (3 * meta["critical"] + meta["degree"] + 2 * meta["pieces"] + expanded
                + len(problem.answer) / 4)  # fmt: skip
