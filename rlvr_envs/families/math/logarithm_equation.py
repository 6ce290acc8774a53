"""LogarithmEquation: exponential and logarithmic equations, and exact logarithm values.

Kinds, from easy to hard:

- ``evaluate``: a sum of multiples of ``log_b(a)`` with ``b = g^alpha`` and ``a = g^beta``
  (``a`` possibly a fraction or a square root), and at the hardest a nested
  ``log_b(log_c(d))``: ``log_{g^alpha}(g^beta) = beta/alpha``.
- ``exponential``: ``a_1^{p_1 x + q_1} ... = b_1^{r_1 x + s_1} ...`` with every base a power of
  one ``g``: taking ``log_g`` gives a linear equation in x.
- ``logarithmic``: ``log_b(x + p) + log_b(x + q) = k``, ``log_b(x + p) - log_b(x + q) = k`` or
  ``2 log_b(x + p) = log_b(x + q) + k``: the arguments must be positive, so a root of the
  algebraic equation that makes one negative is extraneous and is not a solution.
- ``substitution``: ``A g^{2x} + B g^x + C = 0`` (``t = g^x > 0``: a negative ``t`` gives no x)
  or ``(log_b x)^2 + B log_b x + C = 0`` (``u = log_b x``).

Answer syntax: for an equation, every real solution, comma-separated, each once, in any
order (``3, -1/2``; ``x = 3`` accepted); for a value, one number; exact rationals.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.algebra_parts import latex_fraction, roots_text
from rlvr_envs.families.shared.formulas import fraction_text
from rlvr_envs.families.shared.math_answers import MathFamily

KINDS = ("evaluate", "exponential", "logarithmic", "substitution")
GENERATORS = (2, 3, 5)


def _power_text(g: int, k: Fraction) -> str:
    """``g^k`` as a number: ``8``, ``\\frac{1}{9}``, ``\\sqrt{8}``, ``\\frac{1}{\\sqrt{2}}``."""
    whole = abs(k.numerator)
    body = str(g**whole) if k.denominator == 1 else f"\\sqrt{{{g**whole}}}"
    return body if k > 0 else f"\\frac{{1}}{{{body}}}"


def _linear(p: int, q: int) -> str:
    head = "" if p == 0 else "x" if p == 1 else "-x" if p == -1 else f"{p}x"
    if q == 0:
        return head or "0"
    if not head:
        return str(q)
    return f"{head} {'+' if q > 0 else '-'} {abs(q)}"


def _evaluate(rng: random.Random, terms: int, size: int) -> tuple[str, Fraction, int]:
    parts, total = [], Fraction(0)
    for i in range(terms + 1):
        g = rng.choice(GENERATORS)
        alpha = rng.choice((1, 1, 2, 3, -1, -2)) if g == 2 else rng.choice((1, 2, -1))
        beta = Fraction(rng.randint(-size, size) or 1, rng.choice((1, 1, 2)))
        if beta.denominator == 2 and g ** abs(beta.numerator) > 10**4:
            beta = Fraction(beta.numerator // 2 or 1)
        c = rng.choice((1, 1, 2, 3, -1, -2)) if i else 1
        value = c * beta / alpha
        base = _power_text(g, Fraction(alpha))
        body = f"\\log_{{{base}}}\\left({_power_text(g, beta)}\\right)"
        lead = "" if abs(c) == 1 else str(abs(c))
        sign = ("-" if c < 0 else "") if not parts else (" - " if c < 0 else " + ")
        parts.append(f"{sign}{lead}{body}")
        total += value
    steps = terms + 1
    if terms >= 3:  # a nested term log_2(log_h(h^n)) with n = 2^j
        j, h = rng.randint(1, 3), rng.choice((2, 3, 5))
        n = 2**j
        parts.append(f" + \\log_{{2}}\\left(\\log_{{{h}}}\\left({h**n}\\right)\\right)")
        total += j
        steps += 2
    return "".join(parts), total, steps


def _exponential(rng: random.Random, terms: int, size: int) -> tuple[str, Fraction, int]:
    g = rng.choice((2, 3))
    while True:
        sides: list[list[str]] = [[], []]
        slope, const = Fraction(0), Fraction(0)  # of left log_g minus right log_g
        for side in (0, 1):
            count = terms if side == 0 else max(1, terms - 1)
            for _ in range(count):
                alpha = rng.choice((1, 2, 3, -1, -2)) if g == 2 else rng.choice((1, 2, -1))
                p, q = rng.randint(-3, 3), rng.randint(-size, size)
                base = _power_text(g, Fraction(alpha))
                if alpha < 0:
                    base = f"\\left({base}\\right)"
                sides[side].append(f"{base}^{{{_linear(p, q)}}}")
                sign = 1 if side == 0 else -1
                slope += sign * alpha * p
                const += sign * alpha * q
        if rng.random() < 0.5:  # a constant factor g^t on the right
            t = rng.randint(1, 4)
            sides[1].append(str(g**t))
            const -= t
        if slope != 0 and const != 0:
            break
    dot = " \\cdot "
    text = f"{dot.join(sides[0])} = {dot.join(sides[1])}"
    return text, -const / slope, terms + 2


def _logarithmic(rng: random.Random, terms: int, size: int) -> tuple[str, list[Fraction], int]:
    b = rng.choice((2, 3, 5))
    variant = rng.randint(0, min(2, terms))
    if variant == 0:  # (x + p)(x + q) = b^k with factor pair u*v of b^k, d = v - u
        k = rng.randint(2, 3 + size // 3)
        while b**k > 10**5:
            k -= 1
        i = rng.randint(k // 2 + 1, k)  # u = b^(k-i) < v = b^i
        u, v = b ** min(i, k - i), b ** max(i, k - i)
        p = rng.randint(-size, size)
        q = p + (v - u)
        # y = x + p solves y(y + v - u) = uv: y = u (valid) or y = -v (x + p < 0: extraneous)
        text = f"\\log_{{{b}}}({_linear(1, p)}) + \\log_{{{b}}}({_linear(1, q)}) = {k}"
        return text, [Fraction(u - p)], 4
    if variant == 1:  # (x + p) = b^k (x + q)
        k = rng.randint(1, 2)
        big = b**k
        while True:
            q = rng.randint(-size, size)
            y = rng.randint(1, size)  # x + q = y > 0
            x = y - q
            p = big * y - x  # x + p = big * y > 0
            if p != q:
                break
        text = f"\\log_{{{b}}}({_linear(1, p)}) - \\log_{{{b}}}({_linear(1, q)}) = {k}"
        return text, [Fraction(x)], 4
    # 2 log_b(x + p) = log_b(x + q) + k: y^2 = B(y + d), y = x + p, d = q - p = B t (t - 1)
    k = rng.randint(1, 2)
    big = b**k
    t = rng.randint(2, 3)
    p = rng.randint(-size, size)
    q = p + big * t * (t - 1)
    text = f"2\\log_{{{b}}}({_linear(1, p)}) = \\log_{{{b}}}({_linear(1, q)}) + {k}"
    return text, [Fraction(big * t - p)], 6


def _substitution(rng: random.Random, terms: int, size: int) -> tuple[str, list[Fraction], int]:
    span = max(2, size // 2)
    m1 = rng.randint(-span, span)
    if rng.random() < 0.5:  # exponential: t = g^x
        g = rng.choice((2, 3))
        t1 = Fraction(g) ** m1
        if rng.random() < 0.5:
            t2, roots = Fraction(g) ** rng.randint(-span, span), None
        else:
            t2, roots = -Fraction(rng.randint(1, 3 * size)), [Fraction(m1)]
        if t2 == t1:
            t2 = t1 * g
        if roots is None:
            roots = sorted({Fraction(m1), Fraction(_log_int(t2, g))})
        # (t - t1)(t - t2) scaled to integers: A t^2 + B t + C
        den = t1.denominator * t2.denominator
        a_, b_, c_ = den, -(t1 + t2) * den, t1 * t2 * den
        square = _power_text(g * g, Fraction(1))
        lead = "" if a_ == 1 else f"{a_} \\cdot "
        middle = "" if abs(b_) == 1 else f"{abs(b_)} \\cdot "
        text = (f"{lead}{square}^{{x}} "
                f"{'-' if b_ < 0 else '+'} {middle}{g}^{{x}} "
                f"{'-' if c_ < 0 else '+'} {latex_fraction(abs(c_))} = 0")  # fmt: skip
        if b_ == 0:
            text = f"{lead}{square}^{{x}} {'-' if c_ < 0 else '+'} {abs(c_)} = 0"
        return text, roots, 6
    b = rng.choice((2, 3, 5)) if terms < 3 else rng.choice((2, 4, 8, 9))
    m2 = rng.randint(-span, span)
    if m2 == m1:
        m2 = m1 + 1
    s, prod = m1 + m2, m1 * m2
    text = "\\left(\\log_{" + str(b) + "} x\\right)^2"
    if s:
        text += f" {'-' if s > 0 else '+'} {'' if abs(s) == 1 else abs(s)}\\log_{{{b}}} x"
    if prod:
        text += f" {'+' if prod > 0 else '-'} {abs(prod)}"
    text += " = 0"
    return text, [Fraction(b) ** m1, Fraction(b) ** m2], 5


def _log_int(t: Fraction, g: int) -> int:
    k = 0
    while t > 1:
        t /= g
        k += 1
    while t < 1:
        t *= g
        k -= 1
    return k


class LogarithmEquation(MathFamily):
    """Solve an exponential or logarithmic equation, or evaluate logarithms exactly.

    Knobs: ``level`` (1 -> 5: a problem draws one of the two kinds ending at position
    ``level`` of evaluate, exponential, logarithmic, substitution; level 5 draws substitution
    alone), ``terms``
    (1 -> 3: logarithm terms, power factors per side, equation variants; 3 adds a nested
    logarithm) and ``size`` (exponents and shifts, 3 -> 12). At difficulty 1: quadratics in
    ``g^x`` or ``log_b x`` with a root to discard, or log equations whose algebraic
    equation has an extraneous root, with change of base among powers of a common base.

    Answer syntax: all real solutions separated by commas (each once, any order), exact
    rationals (``3, -1/2``); for an evaluation, the single value.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "level": Knob("int", 1, 5, default=2, easy=1, hard=5, doc="hardest kind"),
        "terms": Knob("int", 1, 3, default=2, easy=1, hard=3, doc="terms and variants"),
        "size": Knob("int", 2, 14, default=5, easy=3, hard=12, doc="exponents and shifts"),
    }
    answer_syntax = (
        "the exact value, or for an equation all real solutions separated by commas, each "
        "once, as integers or fractions p/q (e.g. 3, -1/2)"
    )
    answer_form = "roots"
    answer_element = "rational"

    def form_variables(self, problem: Problem) -> tuple[str, ...]:
        return () if problem.meta["kind"] == "evaluate" else ("x",)

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        level, terms, size = knobs["level"], knobs["terms"], knobs["size"]
        kind = rng.choice(KINDS[max(0, level - 2) : level])
        if kind == "evaluate":
            while True:
                text, value, steps = _evaluate(rng, terms, size)
                if value != 0:
                    break
            question = (
                f"Compute the exact value of ${text}$.\n"
                "Give it as an integer or a fraction p/q in lowest terms."
            )
            answer = fraction_text(value)
        else:
            maker = {"exponential": _exponential, "logarithmic": _logarithmic,
                     "substitution": _substitution}[kind]  # fmt: skip
            text, roots, steps = maker(rng, terms, size)
            if not isinstance(roots, list):
                roots = [roots]
            question = (
                f"Find all real solutions x of the equation ${text}$.\n"
                "Give every real solution exactly once, as integers or fractions p/q in lowest "
                "terms, separated by commas, in any order."
            )
            answer = roots_text(roots)
        meta = {"kind": kind, "expression": text, "steps": steps}
        return Draft(question, answer, meta)

    def complexity(self, problem: Problem) -> float:
        """Solution steps of the kind, logarithms and powers written, digits, the answer's
        length and its number of roots."""
        text = problem.meta["expression"]
        symbols = text.count("\\log") + text.count("^") + text.count("sqrt")
        digits = sum(ch.isdigit() for ch in text)
        roots = problem.answer.count(",") + 1
        return (3 * problem.meta["steps"] + 2 * symbols + 2 * digits + len(problem.answer)
                + 4 * roots)  # fmt: skip
