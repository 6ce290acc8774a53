"""ComplexArithmetic: evaluate an expression in complex numbers with rational parts.

The expression combines numbers ``a + bi`` (integer parts) with sums, differences,
products, quotients (multiply by the conjugate: ``z/w = z conj(w) / |w|^2``), powers
``(a + bi)^n`` and conjugates ``\\overline{z}``; a quarter of the problems ask for the modulus
``|z|`` instead (``|zw| = |z||w|``, ``|z/w| = |z|/|w|``, ``|z^n| = |z|^n``).

Answer syntax: the value ``a + bi`` with exact rational parts (``-\\frac{3}{5} + \\frac{4}{5}i``,
``7 - 2i``, ``3/5 + 4i/5``, ``-i``); a modulus in simplified radical form (``5``,
``2\\sqrt{5}``, ``\\frac{\\sqrt{10}}{5}``).
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.math.algebra_parts import latex_fraction, surd_text
from rlvr_envs.families.shared.math_answers import MathFamily

Complex = tuple[Fraction, Fraction]

# ``|z| = `` before a modulus: the prompt names the asked quantity ``|z|`` (only there).
_MODULUS_NAME = re.compile(
    r"\s*(?:\|\s*z\s*\||\\left\s*\|\s*z\s*\\right\s*\||\\lvert\s*z\s*\\rvert"
    r"|\\vert\s*z\s*\\vert)\s*=\s*"
)


def _mul(z: Complex, w: Complex) -> Complex:
    return (z[0] * w[0] - z[1] * w[1], z[0] * w[1] + z[1] * w[0])


def _div(z: Complex, w: Complex) -> Complex:
    norm = w[0] ** 2 + w[1] ** 2
    top = _mul(z, (w[0], -w[1]))
    return (top[0] / norm, top[1] / norm)


def _pow(z: Complex, n: int) -> Complex:
    out: Complex = (Fraction(1), Fraction(0))
    for _ in range(n):
        out = _mul(out, z)
    return out


def complex_text(z: Complex) -> str:
    """``-\\frac{3}{5} + \\frac{4}{5}i``, ``7``, ``-i``: the canonical text of ``a + bi``."""
    re, im = z
    if im == 0:
        return latex_fraction(re)
    mag = abs(im)
    if mag == 1:
        body = "i"
    elif mag.denominator == 1:
        body = f"{mag.numerator}i"
    else:
        body = f"\\frac{{{mag.numerator}}}{{{mag.denominator}}}i"
    if re == 0:
        return f"-{body}" if im < 0 else body
    return f"{latex_fraction(re)} {'-' if im < 0 else '+'} {body}"


def _factor(n: int) -> dict[int, int]:
    """Prime factorisation of a small positive integer (a leaf's norm, at most 2 * 15^2)."""
    out: dict[int, int] = {}
    f = 2
    while f * f <= n:
        while n % f == 0:
            out[f] = out.get(f, 0) + 1
            n //= f
        f += 1
    if n > 1:
        out[n] = out.get(n, 0) + 1
    return out


def _combine(a: dict[int, int] | None, b: dict[int, int] | None, sign: int = 1):
    if a is None or b is None:
        return None
    out = dict(a)
    for p, e in b.items():
        out[p] = out.get(p, 0) + sign * e
    return out


def modulus_text(norm: dict[int, int]) -> str:
    """``|z|`` in simplified radical form from the factorisation of ``|z|^2`` (exponents
    may be negative): ``sqrt(prod p^e) = prod p^(e // 2) * sqrt(prod p^(e % 2))``."""
    coefficient, radicand = Fraction(1), 1
    for p, e in norm.items():
        coefficient *= Fraction(p) ** (e // 2)
        radicand *= p ** (e % 2)
    return surd_text(Fraction(0), coefficient, radicand)


def _leaf(rng: random.Random, size: int) -> tuple[Complex, str, bool, dict | None]:
    a = rng.randint(-size, size)
    b = rng.randint(1, size) * rng.choice((-1, 1))
    z = (Fraction(a), Fraction(b))
    return z, complex_text(z), a != 0, _factor(a * a + b * b)


def _build(rng: random.Random, ops: int, size: int, power: int, conj: bool = True):
    """(value, LaTeX, whether the text is a sum needing parentheses as a factor, the prime
    factorisation of ``|value|^2`` or None once a sum breaks multiplicativity)."""
    if ops == 0:
        return _leaf(rng, size)
    op = rng.choice(("add", "mul", "mul", "div", "div", "pow", "conj" if conj else "mul"))
    if op == "pow":
        z, text, _, norm = _leaf(rng, min(size, 3))
        n = rng.randint(2, max(2, power))
        value, out = _pow(z, n), f"({text})^{{{n}}}"
        norm = {p: e * n for p, e in norm.items()}
        if ops > 1:
            other, other_text, other_sum, other_norm = _build(rng, ops - 2, size, power)
            if other_sum or not other_text.startswith("\\"):
                # a bare factor after a power must not read as a difference (``^{5}-9i``)
                # or run into it (``^{3}5i``): only ``\\frac``/``\\overline`` stand alone
                other_text = f"({other_text})"
            return _mul(value, other), f"{out}{other_text}", False, _combine(norm, other_norm)
        return value, out, False, norm
    if op == "conj":
        z, text, _, norm = _build(rng, ops - 1, size, power, conj=False)
        return (z[0], -z[1]), f"\\overline{{{text}}}", False, norm
    left_ops = rng.randint(0, ops - 1)
    z, zt, zs, zn = _build(rng, left_ops, size, power)
    w, wt, ws, wn = _build(rng, ops - 1 - left_ops, size, power)
    if op == "add":
        if rng.random() < 0.5:
            wt = f"({wt})" if ws or wt.startswith("-") else wt
            return (z[0] + w[0], z[1] + w[1]), f"{zt} + {wt}", True, None
        return (z[0] - w[0], z[1] - w[1]), f"{zt} - ({wt})", True, None
    if op == "mul":
        return _mul(z, w), f"{f'({zt})' if zs else zt}({wt})", False, _combine(zn, wn)
    if w == (0, 0):
        w, wt, wn = (Fraction(1), Fraction(1)), "1 + i", {2: 1}
    return _div(z, w), f"\\frac{{{zt}}}{{{wt}}}", False, _combine(zn, wn, -1)


class ComplexArithmetic(MathFamily):
    """Evaluate sums, products, quotients, powers and conjugates of complex numbers with
    integer parts, or the modulus of such an expression.

    Knobs: ``operations`` (1 -> 5 operations in the expression), ``size`` (largest part,
    4 -> 9) and ``power`` (largest exponent, 2 -> 10). At difficulty 1 an expression nests
    five operations (quotients of products of powers such as ``(2 - 3i)^{9}``) whose exact
    parts run to many digits; the modulus questions need the multiplicativity of ``|z|`` and
    a simplified radical.

    Answer syntax: ``a + bi`` with exact rational parts (``\\frac{3}{5} - \\frac{4}{5}i``,
    ``3/5 - 4i/5``, ``-i``), or for a modulus a simplified radical (``2\\sqrt{5}``,
    ``\\frac{\\sqrt{10}}{5}``).
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "operations": Knob("int", 1, 6, default=2, easy=1, hard=5, doc="operations"),
        "size": Knob("int", 2, 15, default=5, easy=4, hard=9, doc="largest part"),
        "power": Knob("int", 2, 16, default=4, easy=2, hard=10, doc="largest exponent"),
    }
    answer_syntax = (
        "one exact value: a + bi with rational parts (e.g. 3/5 - 4i/5), or for a modulus "
        "a simplified radical (e.g. 2\\sqrt{5})"
    )
    answer_form = "radical"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        while True:
            z, text, _, norm = _build(rng, knobs["operations"], knobs["size"], knobs["power"])
            # the modulus is asked only where |z|^2 factors through the leaves' norms
            modulus = norm is not None and rng.random() < 0.4
            if z[1] != 0 or (z[0] not in (0, 1, -1) and not modulus):
                break
        if modulus:
            question = (
                f"Let $z = {text}$, where $i^2 = -1$. Compute the modulus $|z|$.\n"
                "Give the exact value in simplified radical form (e.g. 2\\sqrt{5} or "
                "\\frac{\\sqrt{10}}{5}, no root in a denominator)."
            )
            answer = modulus_text(norm)
        else:
            question = (
                f"Compute ${text}$, where $i^2 = -1$.\n"
                "Write the result as a + bi with a and b exact rationals in lowest terms "
                "(e.g. \\frac{3}{5} - \\frac{4}{5}i)."
            )
            answer = complex_text(z)
        meta = {"expression": text, "modulus": modulus, "value": [str(z[0]), str(z[1])]}
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        """The value in its form; for a modulus, ``|z| = 2\\sqrt{5}`` names what was asked."""
        if problem.meta["modulus"]:
            named = _MODULUS_NAME.match(answer)
            if named is not None:
                answer = answer[named.end() :]
        return super().check(problem, answer)

    def complexity(self, problem: Problem) -> float:
        """Operators and digits in the expression, plus the answer's length."""
        text = problem.meta["expression"]
        operators = text.count("frac") + text.count("^") + text.count("overline")
        operators += text.count(")(") + text.count(" + ") + text.count(" - ")
        return 3 * operators + sum(ch.isdigit() for ch in text) + len(problem.answer)
