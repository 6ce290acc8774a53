"""AbsoluteValueEquation: every real solution of an equation with absolute values.

Both sides are piecewise linear in x. The generator solves the equation exactly: the kinks
of ``|g(x)|`` are the kinks of ``g`` and the zeros of ``g``; between consecutive kinks the
equation is linear, and a root found there counts only if it lies in that piece (the case
split that discards the extraneous root of ``|ax + b| = cx + d`` when ``cx + d < 0``).
Equations with no solution or with a whole interval of solutions are never drawn, so every
answer is a non-empty finite list.

Answer syntax: all real solutions, comma-separated, each once, in any order, exact
rationals (``-3, 5/2``; ``x = -3, x = 5/2`` is accepted).
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.algebra_parts import roots_text
from rlvr_envs.families.math.polynomials import polynomial_text
from rlvr_envs.families.shared.math_answers import MathFamily

# Node: ("lin", a, b) = ax + b; ("abs", node); ("sum", [(coefficient, node), ...])
Node = tuple


class InfiniteSolutions(ValueError):
    """The expression vanishes on a whole interval."""


def _scaled(node: Node, n: int, d: int) -> int:
    """``d * f(n/d)`` for ``d > 0``: every piece is linear and |.| commutes with scaling by
    ``d > 0``, so the value stays an integer (fast: no fractions)."""
    kind = node[0]
    if kind == "lin":
        return node[1] * n + node[2] * d
    if kind == "abs":
        return abs(_scaled(node[1], n, d))
    return sum(c * _scaled(child, n, d) for c, child in node[1])


def evaluate(node: Node, x: Fraction) -> Fraction:
    x = Fraction(x)
    return Fraction(_scaled(node, x.numerator, x.denominator), x.denominator)


def kinks(node: Node) -> list[Fraction]:
    """Where the piecewise-linear expression may change slope, sorted."""
    kind = node[0]
    if kind == "lin":
        return []
    if kind == "abs":
        return sorted(set(kinks(node[1])) | set(zeros(node[1])))
    return sorted({k for _, child in node[1] for k in kinks(child)})


def zeros(node: Node) -> list[Fraction]:
    """Every real zero of a piecewise-linear expression, sorted; raises
    :class:`InfiniteSolutions` when it vanishes on an interval."""
    points = kinks(node)
    if not points:
        regions = [(None, None, Fraction(0), Fraction(1))]
    else:
        regions = [(None, points[0], points[0] - 1, points[0])]
        regions += [(lo, hi, lo, hi) for lo, hi in itertools.pairwise(points)]
        regions.append((points[-1], None, points[-1], points[-1] + 1))
    found: set[Fraction] = set()
    for lo, hi, x1, x2 in regions:
        y1, y2 = evaluate(node, x1), evaluate(node, x2)
        slope = (y2 - y1) / (x2 - x1)
        if slope == 0:
            if y1 == 0:
                raise InfiniteSolutions()
            continue
        root = x1 - y1 / slope
        if (lo is None or root >= lo) and (hi is None or root <= hi):
            found.add(root)
    return sorted(found)


def text(node: Node) -> str:
    kind = node[0]
    if kind == "lin":
        return polynomial_text([node[2], node[1]])
    if kind == "abs":
        return f"\\left|{text(node[1])}\\right|"
    parts: list[str] = []
    for c, child in node[1]:
        body = text(child)
        if child[0] == "lin" and child[1] == 0:  # a constant term
            value = c * child[2]
            if value:
                parts.append(f"{'-' if value < 0 else '+'} {abs(value)}" if parts else str(value))
            continue
        mag = "" if abs(c) == 1 else str(abs(c))
        sign = ("-" if c < 0 else "") if not parts else ("- " if c < 0 else "+ ")
        parts.append(f"{sign}{mag}{body}")
    return " ".join(parts) or "0"


def _lin(rng: random.Random, size: int, lead: int, slope: bool = True) -> Node:
    a = rng.randint(1, lead) * rng.choice((-1, 1)) if slope else 0
    return ("lin", a, rng.randint(-size, size))


def _equation(rng: random.Random, structure: str, size: int, lead: int) -> tuple[Node, Node]:
    """(left side, right side)."""
    if structure == "linear_rhs":
        return ("abs", _lin(rng, size, lead)), _lin(rng, size, lead)
    if structure == "two_abs":
        shift = rng.randint(-size, size)
        right = ("sum", [(1, ("abs", _lin(rng, size, lead))), (1, ("lin", 0, shift))])
        return ("abs", _lin(rng, size, lead)), right
    if structure == "sum_abs":
        terms = [(rng.choice((1, 1, 2, -1)), ("abs", _lin(rng, size, lead))) for _ in range(2)]
        if rng.random() < 0.5:
            terms.append((rng.choice((1, -1)), ("abs", _lin(rng, size, lead))))
        return ("sum", terms), _lin(rng, size, lead, slope=rng.random() < 0.5)
    inner = ("sum", [(1, ("abs", _lin(rng, size, lead))), (1, ("lin", 0, -rng.randint(1, size)))])
    left = ("abs", inner)
    if rng.random() < 0.5:
        left = ("sum", [(1, left), (rng.choice((1, -1, 2)), ("abs", _lin(rng, size, lead)))])
    return left, _lin(rng, size, lead, slope=rng.random() < 0.6)


class AbsoluteValueEquation(MathFamily):
    """Find every real solution of an equation with absolute values.

    Knobs: ``structure`` (``linear_rhs`` ``|ax + b| = cx + d``; ``two_abs``
    ``|ax + b| = |cx + d| + e``; ``sum_abs`` two or three absolute values against a line;
    ``nested`` ``||ax + b| - c| (+ k|dx + e|) = fx + g``), ``size`` (constants, 4 -> 12) and
    ``leading`` (largest slope, 1 -> 5, so roots become fractions). At difficulty 1 the
    equation nests absolute values beside another one: up to five kinks to order and a case
    per piece, with rational roots and extraneous candidates to discard.

    Answer syntax: all real solutions, comma-separated, in any order, each once, exact
    rationals (``-3, 5/2``).
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "structure": Knob(
            "categorical",
            choices=("linear_rhs", "two_abs", "sum_abs", "nested"),
            default="two_abs",
            doc="shape of the equation",
        ),
        "size": Knob("int", 2, 30, default=6, easy=4, hard=12, doc="size of the constants"),
        "leading": Knob("int", 1, 9, default=2, easy=1, hard=5, doc="largest slope"),
    }
    answer_syntax = (
        "all real solutions separated by commas, each exactly once, as integers or fractions "
        "p/q (e.g. -3, 5/2)"
    )
    answer_form = "roots"
    answer_element = "rational"
    answer_variables = ("x",)

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        while True:
            left, right = _equation(rng, knobs["structure"], knobs["size"], knobs["leading"])
            difference = ("sum", [(1, left), (-1, right)])
            try:
                roots = zeros(difference)
            except InfiniteSolutions:
                continue
            if roots:
                break
        equation = f"{text(left)} = {text(right)}"
        question = (
            f"Find all real solutions of the equation ${equation}$.\n"
            "Give every solution exactly once, as integers or fractions p/q in lowest terms, "
            "separated by commas, in any order."
        )
        meta = {"equation": equation, "kinks": len(kinks(difference)), "roots": len(roots)}
        # (every structure has at least one absolute value, so at least one kink)
        return Draft(question, roots_text(roots), meta)

    def complexity(self, problem: Problem) -> float:
        """Cases to examine (kinks), absolute values, roots and the answer's length."""
        meta = problem.meta
        bars = meta["equation"].count("\\left|")
        return 3 * meta["kinks"] + 2 * bars + meta["roots"] + len(problem.answer)
