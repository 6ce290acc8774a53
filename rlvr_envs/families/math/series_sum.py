"""SeriesSum: the exact value of a finite or infinite sum.

Kinds, from easy to hard: arithmetic series (``n(a_1 + a_n)/2``), finite geometric series
(``a(1 - r^n)/(1 - r)``), infinite geometric series (``a/(1 - r)`` for ``|r| < 1``), sums of
polynomials in k over a range (Faulhaber: ``sum k = n(n+1)/2``, ``sum k^2 = n(n+1)(2n+1)/6``,
``sum k^3 = (n(n+1)/2)^2``), telescoping sums ``sum 1/(u_k u_{k+j})`` with ``u_k = ak + b``
(partial fractions: ``1/(u_k u_{k+j}) = (1/u_k - 1/u_{k+j}) / (ja)``) and
arithmetico-geometric sums ``sum (ak + b) r^k`` (finite or infinite, from
``sum k r^k = r(1 - (n+1)r^n + n r^{n+1})/(1-r)^2``).

Answer syntax: one exact rational number, an integer or ``p/q`` in lowest terms.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.algebra_parts import latex_fraction
from rlvr_envs.families.shared.formulas import fraction_text
from rlvr_envs.families.shared.math_answers import MathFamily

KINDS = ("arithmetic", "geometric", "infinite_geometric", "power", "telescoping", "arith_geo")


def _ratio(rng: random.Random, size: int, below_one: bool) -> Fraction:
    """A ratio ``±p/q`` (``q <= size``), ``|r| < 1`` when asked, never 0 or ``±1``."""
    while True:
        q = rng.randint(2, max(2, size))
        p = rng.randint(1, q - 1) if below_one else rng.randint(1, 2 * q)
        r = Fraction(p * rng.choice((-1, 1)), q)
        if abs(r) != 1:
            return r


def _linear_text(a: int, b: int) -> str:
    """``3k + 2``, ``k - 1``, ``2k``."""
    head = "k" if a == 1 else f"{a}k"
    return head if b == 0 else f"{head} {'+' if b > 0 else '-'} {abs(b)}"


def _faulhaber(n: int, power: int) -> int:
    """``sum_{k=1}^{n} k^power`` for power 0..3 (0 for n <= 0)."""
    if n <= 0:
        return 0
    return [n, n * (n + 1) // 2, n * (n + 1) * (2 * n + 1) // 6, (n * (n + 1) // 2) ** 2][power]


def _sum_ak_rk(a: int, b: int, r: Fraction, start: int, end: int | None) -> Fraction:
    """``sum_{k=start}^{end} (ak + b) r^k`` (end None: infinite, |r| < 1)."""

    def upto(n: int | None) -> tuple[Fraction, Fraction]:  # sum_{k=0}^{n} r^k, k r^k
        if n is None:
            return 1 / (1 - r), r / (1 - r) ** 2
        if n < 0:
            return Fraction(0), Fraction(0)
        geo = (1 - r ** (n + 1)) / (1 - r)
        lin = r * (1 - (n + 1) * r**n + n * r ** (n + 1)) / (1 - r) ** 2
        return geo, lin

    g_end, l_end = upto(end)
    g_start, l_start = upto(start - 1)
    return a * (l_end - l_start) + b * (g_end - g_start)


def _paren(r: Fraction) -> str:
    text = latex_fraction(r)
    return f"\\left({text}\\right)" if r.denominator != 1 or r < 0 else text


def _draw(rng: random.Random, kind: str, terms: int, size: int):
    """(question text, value, steps) for one kind."""
    n = rng.randint(max(3, terms // 2), terms)
    if kind == "arithmetic":
        a1 = rng.randint(-size, size)
        d = Fraction(rng.randint(1, size), rng.choice((1, 1, 2, 3)) if size > 6 else 1)
        d *= rng.choice((-1, 1))
        seq = [a1 + k * d for k in range(n)]
        first, last = latex_fraction(seq[0]), latex_fraction(seq[-1])
        # an ellipsis only where terms are left out (four or fewer terms are all written)
        shown = ", ".join(latex_fraction(v) for v in seq[:3]) + ", \\ldots, " + last
        if n <= 4:
            shown = ", ".join(latex_fraction(v) for v in seq)
        text = (
            f"Find the sum of the arithmetic series ${shown}$ (every term "
            f"from ${first}$ to ${last}$ with common difference ${latex_fraction(d)}$)."
        )
        return text, n * (seq[0] + seq[-1]) / 2, 2
    if kind == "geometric":
        a = rng.randint(1, size) * rng.choice((-1, 1))
        r = _ratio(rng, min(size, 5), below_one=rng.random() < 0.5)
        m = min(n, 6 + size // 2)
        total = a * (1 - r**m) / (1 - r)
        text = f"Compute $\\sum_{{k=0}}^{{{m - 1}}} {a} \\cdot {_paren(r)}^{{k}}$."
        return text, total, 3
    if kind == "infinite_geometric":
        a = rng.randint(1, size) * rng.choice((-1, 1))
        r = _ratio(rng, size, below_one=True)
        start = rng.randint(0, 3)
        total = a * r**start / (1 - r)
        text = f"Compute $\\sum_{{k={start}}}^{{\\infty}} {a} \\cdot {_paren(r)}^{{k}}$."
        return text, total, 3
    if kind == "power":
        power = rng.randint(2, 3)
        low = rng.randint(1, max(1, n // 2))
        high = low + n
        coeffs = [rng.randint(-size, size) for _ in range(power)] + [rng.randint(1, 3)]
        total = sum(c * (_faulhaber(high, p) - _faulhaber(low - 1, p))
                    for p, c in enumerate(coeffs))  # fmt: skip
        body = []
        for p in range(power, -1, -1):
            c = coeffs[p]
            if c == 0:
                continue
            mono = {0: "", 1: "k"}.get(p, f"k^{p}")
            mag = "" if abs(c) == 1 and mono else str(abs(c))
            sign = ("-" if c < 0 else "") if not body else (" - " if c < 0 else " + ")
            body.append(f"{sign}{mag}{mono}")
        text = f"Compute $\\sum_{{k={low}}}^{{{high}}} \\left({''.join(body)}\\right)$."
        return text, Fraction(total), 4
    if kind == "telescoping":
        a = rng.randint(1, max(1, size // 3))
        b = rng.randint(0, size)
        j = rng.randint(1, 3)
        start = rng.randint(1, 3)
        infinite = rng.random() < 0.4
        u = lambda k: a * k + b  # noqa: E731
        head = sum(Fraction(1, u(k)) for k in range(start, start + j))
        tail = Fraction(0) if infinite else sum(Fraction(1, u(k)) for k in range(n + 1, n + j + 1))
        total = (head - tail) / (j * a)
        top = "\\infty" if infinite else str(n)
        text = (f"Compute $\\sum_{{k={start}}}^{{{top}}} \\frac{{1}}{{({_linear_text(a, b)})"
                f"({_linear_text(a, b + j * a)})}}$.")  # fmt: skip
        return text, total, 3 + j
    a, b = rng.randint(1, size), rng.randint(-size, size)
    r = _ratio(rng, min(size, 6), below_one=True)
    infinite = rng.random() < 0.5
    end = None if infinite else min(n, 12)
    total = _sum_ak_rk(a, b, r, 1, end)
    top = "\\infty" if infinite else str(end)
    text = f"Compute $\\sum_{{k=1}}^{{{top}}} ({_linear_text(a, b)}) {_paren(r)}^{{k}}$."
    return text, total, 5


class SeriesSum(MathFamily):
    """Sum an arithmetic, geometric, infinite geometric, polynomial, telescoping or
    arithmetico-geometric series exactly.

    Knobs: ``level`` (1 -> 6: the hardest kind drawn; each problem draws one of the three
    hardest kinds up to ``level``, in the order arithmetic, geometric, infinite geometric,
    polynomial ``sum (c_3 k^3 + ... + c_0)``, telescoping ``1/((ak+b)(ak+b+ja))``,
    arithmetico-geometric ``sum (ak+b) r^k``), ``terms`` (the number of terms, 8 -> 60) and
    ``size`` (coefficients and ratio denominators, 3 -> 12). At difficulty 1 the sums are
    telescoping with a gap of up to three terms, arithmetico-geometric with rational ratios,
    or cubic polynomial sums over shifted ranges: several exact steps with large fractions.

    Answer syntax: an exact rational, ``-7/4`` (lowest terms) or an integer.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "level": Knob("int", 1, 6, default=3, easy=1, hard=6, doc="hardest kind of series"),
        "terms": Knob("int", 4, 100, default=15, easy=8, hard=60, doc="number of terms"),
        "size": Knob("int", 2, 20, default=5, easy=3, hard=12, doc="size of the coefficients"),
    }
    answer_syntax = "one exact number: an integer or a fraction p/q in lowest terms"
    answer_form = "rational"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        level = knobs["level"]
        kinds = KINDS[max(0, level - 3) : level]
        while True:
            kind = rng.choice(kinds)
            text, value, steps = _draw(rng, kind, knobs["terms"], knobs["size"])
            if value not in (0, 1, -1):
                break
        question = f"{text}\nGive the exact value as an integer or a fraction p/q in lowest terms."
        return Draft(question, fraction_text(value), {"kind": kind, "steps": steps})

    def complexity(self, problem: Problem) -> float:
        """Solution steps of the kind plus the length of the sum and of the answer."""
        digits = sum(ch.isdigit() for ch in problem.prompt.split("\n")[0])
        return 4 * problem.meta["steps"] + digits + len(problem.answer)
