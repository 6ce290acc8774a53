"""Polynomials in x: expand a product of polynomials, or factor one into linear factors.

Both families judge an answer in two steps: first math equivalence with the reference (like
every math family), then the *form* the question asks for, decided on the whitelist parser's
AST (:mod:`rlvr_envs.verifiers.mathparse`) without sympy. So an equivalent answer in the
wrong form is wrong: copying the unexpanded product back does not pass ``PolynomialExpand``,
and writing the expanded polynomial does not pass ``PolynomialFactor``.

* expanded (:func:`is_expanded`): a sum of monomials ``c*x^k`` (a number times powers of
  distinct variables, optionally divided by a number), with like terms collected;
* factored (:func:`is_factored`): a product of constants, linear polynomials and positive
  integer powers of linear polynomials, such as ``-2x(x - 1)^2(x + 3)``.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.math._base import MathFamily, signed_term
from rlvr_envs.verifiers.mathparse import Node, ParseError, parse


class PolynomialExpand(MathFamily):
    """Expand a product of polynomials in x and collect like terms.

    Difficulty raises ``factors`` (polynomials multiplied), ``degree`` (the degree of the
    product, split at random among the factors, each of degree at least 1) and
    ``coefficients`` (the largest absolute coefficient of a factor).

    Answer syntax: the expanded polynomial, e.g. ``6x^3 - x^2 + 4x - 5``, as a sum of terms
    ``c x^k`` with one term per power of x (any order). An equivalent answer that is not
    expanded, such as the original product, is wrong.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "factors": Knob("int", 2, 5, default=2, easy=2, hard=4, doc="polynomials multiplied"),
        "degree": Knob("int", 2, 12, default=2, easy=2, hard=8, doc="degree of the product"),
        "coefficients": Knob(
            "int", 1, 30, default=5, easy=2, hard=12, doc="largest absolute coefficient"
        ),
    }
    answer_syntax = "the expanded polynomial (e.g. 6x^3 - x^2 + 4x - 5)"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        size = knobs["coefficients"]
        count = min(knobs["factors"], knobs["degree"])
        degrees = [1] * count
        for _ in range(knobs["degree"] - count):
            degrees[rng.randrange(count)] += 1
        factors = [_random_factor(rng, degree, size) for degree in degrees]
        product = [1]
        for factor in factors:
            product = poly_mul(product, factor)
        question_expr = _product_text(factors)
        question = (
            f"Expand and simplify {question_expr}.\n"
            "Write the result as a sum of terms c x^k with like terms collected, "
            "e.g. 6x^3 - x^2 + 4x - 5."
        )
        return Draft(
            question,
            polynomial_text(product),
            {"expression": question_expr, "degree": len(product) - 1},
        )

    def check(self, problem: Problem, answer: str) -> Judgement:
        return _check_form(super().check(problem, answer), answer, "expanded")

    def complexity(self, problem: Problem) -> float:
        """Three per degree of the product plus the digits of the product and the answer."""
        digits = sum(c.isdigit() for c in problem.meta["expression"] + problem.answer)
        return 3 * problem.meta["degree"] + digits


class PolynomialFactor(MathFamily):
    """Factor a polynomial with integer roots completely into linear factors.

    Difficulty raises ``degree`` (linear factors, repeated roots allowed), ``roots`` (the
    largest absolute root) and ``leading`` (the largest absolute leading coefficient).

    Answer syntax: a constant times a product of linear factors, powers allowed, e.g.
    ``2(x - 1)^2(x + 3)``. An equivalent answer that is not a product of constants and
    (powers of) linear factors, such as the expanded polynomial, is wrong.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "degree": Knob("int", 2, 8, default=3, easy=2, hard=6, doc="number of linear factors"),
        "roots": Knob("int", 1, 20, default=5, easy=4, hard=12, doc="largest absolute root"),
        "leading": Knob("int", 1, 9, default=1, easy=1, hard=5, doc="largest |leading coeff|"),
    }
    answer_syntax = "the factored polynomial (e.g. 2(x - 1)^2(x + 3))"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        bound = knobs["roots"]
        roots = sorted(rng.randint(-bound, bound) for _ in range(knobs["degree"]))
        lead = rng.randint(1, knobs["leading"])
        if knobs["leading"] > 1 and rng.random() < 0.5:
            lead = -lead
        poly = [lead]
        for root in roots:
            poly = poly_mul(poly, [-root, 1])
        expanded = polynomial_text(poly)
        question = (
            f"Factor {expanded} completely over the integers.\n"
            "Write it as a constant times a product of linear factors in x, using powers for "
            "repeated factors, e.g. 2(x - 1)^2(x + 3)."
        )
        return Draft(
            question,
            _factored_text(lead, roots),
            {"polynomial": expanded, "roots": roots, "leading": lead},
        )

    def check(self, problem: Problem, answer: str) -> Judgement:
        return _check_form(super().check(problem, answer), answer, "factored")

    def complexity(self, problem: Problem) -> float:
        """Digits in the polynomial plus three per linear factor."""
        digits = sum(c.isdigit() for c in problem.meta["polynomial"])
        return digits + 3 * len(problem.meta["roots"])


# -- polynomial arithmetic and rendering (coefficient lists, lowest degree first) --------
def poly_mul(a: list[int], b: list[int]) -> list[int]:
    """The product of two coefficient lists (index = power of x)."""
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def _power_body(k: int, var: str = "x") -> str:
    return "" if k == 0 else var if k == 1 else f"{var}^{k}"


def polynomial_text(coeffs: list[int], var: str = "x") -> str:
    """``2x^3 - x + 5``: descending powers, zero terms left out (``0`` for the zero poly)."""
    parts: list[str] = []
    for k in range(len(coeffs) - 1, -1, -1):
        if coeffs[k]:
            parts.append(signed_term(coeffs[k], _power_body(k, var), not parts))
    return "".join(parts) or "0"


def _random_factor(rng: random.Random, degree: int, size: int) -> list[int]:
    """A polynomial of exactly ``degree`` with at least two non-zero terms."""
    while True:
        coeffs = [rng.randint(-size, size) for _ in range(degree)]
        coeffs.append(rng.choice((-1, 1)) * rng.randint(1, size))
        if sum(1 for c in coeffs if c) >= 2:
            if coeffs[-1] < 0 and rng.random() < 0.7:  # mostly positive leading terms
                coeffs = [-c for c in coeffs]
            return coeffs


def _product_text(factors: list[list[int]]) -> str:
    """``(x + 1)^2(2x - 3)``: identical neighbours are merged into a power."""
    parts: list[str] = []
    i = 0
    while i < len(factors):
        j = i
        while j + 1 < len(factors) and factors[j + 1] == factors[i]:
            j += 1
        text = f"({polynomial_text(factors[i])})"
        parts.append(text if j == i else f"{text}^{j - i + 1}")
        i = j + 1
    return "".join(parts)


def _factored_text(lead: int, roots: list[int]) -> str:
    """``-2x^2(x - 1)(x + 3)``: the canonical factorisation, roots ascending."""
    counts: dict[int, int] = {}
    for root in roots:
        counts[root] = counts.get(root, 0) + 1
    text = "" if lead == 1 else "-" if lead == -1 else str(lead)
    for root in sorted(counts, key=lambda r: (r != 0, r)):
        power = counts[root]
        factor = "x" if root == 0 else f"(x - {root})" if root > 0 else f"(x + {-root})"
        text += factor if power == 1 else f"{factor}^{power}"
    return text


# -- the form checks, on the parser's AST ---------------------------------------------------
def _check_form(judgement: Judgement, answer: str, kind: str) -> Judgement:
    if not judgement.correct:
        return judgement
    try:
        node = parse(answer)
    except (ParseError, RecursionError):
        return Judgement.unparsable(f"the answer must be written in the accepted syntax ({kind})")
    ok = is_expanded(node) if kind == "expanded" else is_factored(node)
    return Judgement.right() if ok else Judgement.wrong(form=f"not {kind}")


def _int_literal(node: Node) -> int | None:
    if node[0] == "num" and node[2] is None and node[1].denominator == 1:
        return int(node[1])
    return None


def _is_constant(node: Node) -> bool:
    """A rational literal: ``3``, ``-3``, ``3/4``, ``2.5``."""
    while node[0] == "neg":
        node = node[1]
    if node[0] == "div":
        return _is_constant(node[1]) and _is_constant(node[2])
    return node[0] == "num"


def _monomial(node: Node) -> tuple[tuple[str, int], ...] | None:
    """The sorted (variable, exponent) pairs of a monomial, or None if ``node`` is not one."""
    while node[0] == "neg":
        node = node[1]
    if node[0] == "div":
        return _monomial(node[1]) if _is_constant(node[2]) else None
    factors = node[1] if node[0] == "mul" else [node]
    powers: dict[str, int] = {}
    numbers = 0
    for factor in factors:
        while factor[0] == "neg":  # -8x parses as (-8) x
            factor = factor[1]
        if factor[0] == "num":
            numbers += 1
            continue
        if factor[0] == "sym":
            name, exponent = factor[1], 1
        elif factor[0] == "pow" and factor[1][0] == "sym":
            name, exponent = factor[1][1], _int_literal(factor[2])
            if exponent is None:
                return None
        else:
            return None
        if name in powers:
            return None
        powers[name] = exponent
    if numbers > 1:
        return None
    return tuple(sorted((name, e) for name, e in powers.items() if e))


def is_expanded(node: Node) -> bool:
    """True for a sum of monomials with no two terms alike (``3x^2 - x + 1``)."""
    terms = node[1] if node[0] == "add" else [node]
    seen: set[tuple[tuple[str, int], ...]] = set()
    for term in terms:
        key = _monomial(term)
        if key is None or key in seen:
            return False
        seen.add(key)
    return True


def _is_linear(node: Node) -> bool:
    """An expanded polynomial of total degree exactly 1 (``x``, ``2x - 3``)."""
    if not is_expanded(node):
        return False
    terms = node[1] if node[0] == "add" else [node]
    degrees = [sum(e for _, e in _monomial(term) or ()) for term in terms]
    return max(degrees) == 1


def is_factored(node: Node) -> bool:
    """True for a product of constants, linear factors and powers of linear factors
    (possibly divided by a constant)."""
    while node[0] == "neg" or (node[0] == "div" and _is_constant(node[2])):
        node = node[1]
    factors = node[1] if node[0] == "mul" else [node]
    for factor in factors:
        while factor[0] == "neg":
            factor = factor[1]
        if _is_constant(factor) or _is_linear(factor):
            continue
        if factor[0] == "pow" and _is_linear(factor[1]):
            exponent = _int_literal(factor[2])
            if exponent is not None and exponent >= 1:
                continue
        return False
    return True
