"""RootsOfUnity: sums and products over the n-th roots of unity, and de Moivre powers.

With ``w = cos(2pi/n) + i sin(2pi/n)`` the n-th roots of unity are ``w^k`` (k = 0..n-1),
the roots of ``x^n - 1 = prod_k (x - w^k)``. The settings and the rule each answer follows:

* ``sum_{j=A}^{B} sum_{k=0}^{n-1} w^{jk} = n * #{j in [A, B] : n | j}`` (an inner sum is n
  when n | j, else 0: a geometric series);
* ``prod_{k=0}^{n-1} (c - w^k) = c^n - 1``, ``prod_{k=1}^{n-1} (c - w^k) = (c^n - 1)/(c - 1)``,
  ``prod_{k=0}^{n-1} (c + w^k) = c^n - (-1)^n`` (evaluate ``x^n - 1`` at c);
* ``prod_{k=0}^{n-1} (w^{2k} - c w^k + 1) = 2 - (a^n + b^n)`` with ``a + b = c, ab = 1``
  (a Lucas sequence: ``L_0 = 2, L_1 = c, L_k = c L_{k-1} - L_{k-2}``);
* ``sum_{k=0}^{n-1} (a + w^k)^m = n * sum_{n | j} C(m, j) a^{m-j}`` (the roots-of-unity filter);
* ``sum_{k=0}^{n-1} 1/(c - w^k) = n c^{n-1}/(c^n - 1)`` (the logarithmic derivative of x^n - 1);
* de Moivre: ``(r(cos t + i sin t))^m = r^m (cos mt + i sin mt)``, for ``(1 + \\sqrt{3}i)^m``,
  ``(1 - i)^m`` and quotients such as ``((\\sqrt{3} + i)/(1 - i))^m``.

Values in ``Q(sqrt(d))[i]`` are computed exactly with fractions (no floating point).

Answer syntax: the exact value in simplified radical form, with i for the imaginary unit:
``-512 + 512\\sqrt{3}i``, ``1023``, ``-7/3``.

Knobs: ``level`` (``basic``, ``advanced``, ``contest``: which settings), ``order`` (the
largest n, 5 -> 12) and ``exponent`` (the largest power m, 6 -> 40).
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb, gcd
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.function_parts import stated_numbers
from rlvr_envs.families.shared.math_answers import MathFamily

# An element of Q(sqrt(d))[i]: ((p, q), (s, t)) = (p + q sqrt d) + (s + t sqrt d) i.
Surd = tuple[Fraction, Fraction]
Gauss = tuple[Surd, Surd]

_ROOT = "w"
_W_TEXT = (
    "Let w = \\cos\\frac{{2\\pi}}{{{n}}} + i\\sin\\frac{{2\\pi}}{{{n}}}, a primitive root of "
    "unity of order {n}."
)


def _smul(a: Surd, b: Surd, d: int) -> Surd:
    return (a[0] * b[0] + d * a[1] * b[1], a[0] * b[1] + a[1] * b[0])


def _sadd(a: Surd, b: Surd) -> Surd:
    return (a[0] + b[0], a[1] + b[1])


def _sneg(a: Surd) -> Surd:
    return (-a[0], -a[1])


def _gmul(x: Gauss, y: Gauss, d: int) -> Gauss:
    (a, b), (c, e) = x, y
    return (_sadd(_smul(a, c, d), _sneg(_smul(b, e, d))), _sadd(_smul(a, e, d), _smul(b, c, d)))


def _gpow(x: Gauss, m: int, d: int) -> Gauss:
    out: Gauss = ((Fraction(1), Fraction(0)), (Fraction(0), Fraction(0)))
    for _ in range(m):
        out = _gmul(out, x, d)
    return out


def _surd(p, q=0) -> Surd:
    return (Fraction(p), Fraction(q))


def _term(coefficient: Fraction, unit: str) -> str:
    """``3\\sqrt{3}i``, ``\\sqrt{3}i/2``, ``-5/4`` (unit: "", "i", "\\sqrt{d}", "\\sqrt{d}i")."""
    top, bottom = abs(coefficient.numerator), coefficient.denominator
    head = unit if top == 1 and unit else f"{top}{unit}"
    return head if bottom == 1 else f"{head}/{bottom}"


def gauss_text(x: Gauss, d: int) -> str:
    (p, q), (s, t) = x
    root = f"\\sqrt{{{d}}}"
    parts = [(p, ""), (q, root), (s, "i"), (t, f"{root}i")]
    text = ""
    for coefficient, unit in parts:
        if coefficient == 0:
            continue
        body = _term(coefficient, unit)
        if not text:
            text = f"-{body}" if coefficient < 0 else body
        else:
            text += f" - {body}" if coefficient < 0 else f" + {body}"
    return text or "0"


# Bases for de Moivre powers: (text, value, d), every |z|^2 rational.
def _bases(d: int) -> list[tuple[str, Gauss]]:
    one, zero = Fraction(1), Fraction(0)
    if d == 3:
        r3 = (zero, one)
        return [
            ("1 + \\sqrt{3}i", (_surd(1), r3)),
            ("1 - \\sqrt{3}i", (_surd(1), _sneg(r3))),
            ("\\sqrt{3} + i", (r3, _surd(1))),
            ("-\\sqrt{3} + i", (_sneg(r3), _surd(1))),
            ("\\sqrt{3} - i", (r3, _surd(-1))),
            ("-1 + \\sqrt{3}i", (_surd(-1), r3)),
        ]
    r2 = (zero, one)
    return [
        ("1 + i", (_surd(1), _surd(1))),
        ("1 - i", (_surd(1), _surd(-1))),
        ("-1 + i", (_surd(-1), _surd(1))),
        ("\\sqrt{2} + \\sqrt{2}i", (r2, r2)),
        ("\\sqrt{2} - \\sqrt{2}i", (r2, _sneg(r2))),
    ]


def _divide(x: Gauss, y: Gauss, d: int) -> Gauss:
    """x / y, for y with rational |y|^2."""
    conj = (y[0], _sneg(y[1]))
    norm = _gmul(y, conj, d)[0]
    assert norm[1] == 0 and norm[0] != 0
    top = _gmul(x, conj, d)
    return tuple(tuple(c / norm[0] for c in part) for part in top)  # type: ignore[return-value]


# exact cos and sin of k*pi/q as elements of Q(sqrt d): (cos, sin, d)
def _cos_sin(k: int, q: int) -> tuple[Surd, Surd, int]:
    half = Fraction(1, 2)
    table12 = {  # angle in twelfths of pi -> (cos, sin) with d = 3, or d = 2 for quarters
        0: ((1, 0), (0, 0)), 2: ((0, half), (half, 0)), 4: ((half, 0), (0, half)),
        6: ((0, 0), (1, 0)), 8: ((-half, 0), (0, half)), 10: ((0, -half), (half, 0)),
    }  # fmt: skip
    twelfths = (12 * k // q) % 24
    if q == 4:
        s2 = (Fraction(0), half)
        table4 = {
            0: (_surd(1), _surd(0)), 1: (s2, s2), 2: (_surd(0), _surd(1)),
            3: (_sneg(s2), s2), 4: (_surd(-1), _surd(0)), 5: (_sneg(s2), _sneg(s2)),
            6: (_surd(0), _surd(-1)), 7: (s2, _sneg(s2)),
        }  # fmt: skip
        cos, sin = table4[k % 8]
        return cos, sin, 2
    sign = 1
    if twelfths >= 12:
        twelfths, sign = twelfths - 12, -1
    cos, sin = table12[twelfths]
    return (
        (Fraction(cos[0]) * sign, Fraction(cos[1]) * sign),
        (Fraction(sin[0]) * sign, Fraction(sin[1]) * sign),
        3,
    )


class RootsOfUnity(MathFamily):
    """Sums and products over the n-th roots of unity, and powers by de Moivre's theorem.

    Difficulty moves ``level`` from ``basic`` (double geometric sums, ``prod (c - w^k)``,
    de Moivre in trigonometric form) through ``advanced`` (``prod_{k>=1}``,
    ``prod (c + w^k)``, the filter ``sum (a + w^k)^m``, powers of ``1 + \\sqrt{3}i``) to
    ``contest`` (``prod (w^{2k} - c w^k + 1)``, ``sum 1/(c - w^k)``, powers of quotients),
    and raises ``order`` (largest n, 5 -> 12) and ``exponent`` (largest m, 6 -> 40).

    Answer syntax (stated in the prompt): the exact value in simplified radical form, i for
    the imaginary unit (form ``radical``); a fraction p/q in lowest terms where rational.
    Unique: each expression has one value.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "level": Knob(
            "categorical",
            choices=("basic", "advanced", "contest"),
            default="advanced",
            doc="which sums and products",
        ),
        "order": Knob("int", 3, 16, default=6, easy=5, hard=12, doc="largest n"),
        "exponent": Knob("int", 3, 60, default=12, easy=6, hard=40, doc="largest power m"),
    }
    answer_syntax = (
        "the exact value in simplified radical form, with i for the imaginary unit "
        "(like -512 + 512\\sqrt{3}i, 1023 or -7/3)"
    )
    answer_form = "radical"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        settings = _LEVELS[knobs["level"]]
        for _ in range(100):
            name = rng.choice(settings)
            question, answer, work, params = _SETTINGS[name](rng, knobs["order"], knobs["exponent"])
            if answer == "0" or (
                "sqrt" not in answer and "i" not in answer and _value(answer) in
                stated_numbers(question)
            ):  # fmt: skip
                continue
            question += (
                " Give the exact value in simplified radical form, using i for the imaginary unit."
            )
            meta = {"setting": name, "work": work, "level": knobs["level"], "params": params}
            return Draft(question, answer, meta)
        raise RuntimeError("no roots-of-unity problem found")  # pragma: no cover

    def complexity(self, problem: Problem) -> float:
        """Six per level, the work of the setting (n, the power, the terms summed) and a
        quarter of the answer's length."""
        level = ("basic", "advanced", "contest").index(problem.meta["level"])
        return 6 * level + problem.meta["work"] + len(problem.answer) / 4


def _value(text: str) -> Fraction:
    return Fraction(text)


def _rational(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(value)


def _n(rng: random.Random, order: int) -> int:
    return rng.randint(3, max(3, order))


def _double_sum(rng, order, exponent):
    n = _n(rng, order)
    low = rng.randint(1, 5 * n)
    high = low + rng.randint(n, 20 * n)
    multiples = high // n - (low - 1) // n  # the j in [low, high] that n divides
    question = (
        _W_TEXT.format(n=n) + f" Compute \\sum_{{j={low}}}^{{{high}}} "
        f"\\sum_{{k=0}}^{{{n - 1}}} w^{{jk}}."
    )
    return question, str(n * multiples), n / 2, {"n": n, "J": [low, high]}


def _product_minus(rng, order, exponent):
    n, c = _n(rng, order), rng.choice((-7, -6, -5, -4, -3, -2, 2, 3, 4, 5, 6, 7))
    text = f"({c} - w^k)"
    question = _W_TEXT.format(n=n) + f" Compute \\prod_{{k=0}}^{{{n - 1}}} {text}."
    return question, str(c**n - 1), n, {"n": n, "c": c}


def _product_skip(rng, order, exponent):
    n, c = _n(rng, order), rng.choice((-6, -5, -4, -3, -2, 2, 3, 4, 5, 6, 7))
    question = _W_TEXT.format(n=n) + f" Compute \\prod_{{k=1}}^{{{n - 1}}} ({c} - w^k)."
    return question, _rational(Fraction(c**n - 1, c - 1)), n + 2, {"n": n, "c": c}


def _product_plus(rng, order, exponent):
    n, c = _n(rng, order), rng.randint(2, 9)
    question = _W_TEXT.format(n=n) + f" Compute \\prod_{{k=0}}^{{{n - 1}}} ({c} + w^k)."
    return question, str(c**n - (-1) ** n), n + 2, {"n": n, "c": c}


def _filter(rng, order, exponent):
    n = _n(rng, order)
    m = rng.randint(n + 1, max(n + 1, exponent))
    a = rng.choice((1, 1, 2, -1, 3))
    total = n * sum(comb(m, j) * a ** (m - j) for j in range(0, m + 1, n))
    shift = "" if a == 0 else f"{a} + " if a > 0 else f"-{-a} + "
    question = _W_TEXT.format(n=n) + f" Compute \\sum_{{k=0}}^{{{n - 1}}} ({shift}w^k)^{{{m}}}."
    return question, str(total), n + m / 3, {"n": n, "a": a, "m": m}


def _lucas(rng, order, exponent):
    n, c = _n(rng, order), rng.choice((-4, -3, 3, 4, 5, 6))
    values = [2, c]
    while len(values) <= n:
        values.append(c * values[-1] - values[-2])
    middle = f"{c}w^k" if c > 0 else f"{-c}w^k"
    sign = "-" if c > 0 else "+"
    question = (
        _W_TEXT.format(n=n) + f" Compute \\prod_{{k=0}}^{{{n - 1}}} (w^{{2k}} {sign} {middle} + 1)."
    )
    return question, str(2 - values[n]), 2 * n, {"n": n, "c": c}


def _reciprocal(rng, order, exponent):
    n, c = _n(rng, order), rng.choice((-3, -2, 2, 3, 4))
    value = Fraction(n * c ** (n - 1), c**n - 1)
    question = _W_TEXT.format(n=n) + f" Compute \\sum_{{k=0}}^{{{n - 1}}} \\frac{{1}}{{{c} - w^k}}."
    return question, _rational(value), 2 * n, {"n": n, "c": c}


def _trig_power(rng, order, exponent):
    q = rng.choice((3, 4, 6))
    k = rng.choice([k for k in range(1, 2 * q) if gcd(k, q) == 1])
    r = rng.randint(1, 3)
    m = rng.randint(3, max(3, exponent // 2))
    cos, sin, d = _cos_sin(k * m, q)
    value: Gauss = ((cos[0] * r**m, cos[1] * r**m), (sin[0] * r**m, sin[1] * r**m))
    angle = f"\\frac{{{k}\\pi}}{{{q}}}" if k > 1 else f"\\frac{{\\pi}}{{{q}}}"
    scale = "" if r == 1 else str(r)
    question = f"Compute ({scale}(\\cos{angle} + i\\sin{angle}))^{{{m}}} exactly."
    return question, gauss_text(value, d), m / 2, {"r": r, "k": k, "q": q, "m": m}


def _base_power(rng, order, exponent):
    d = rng.choice((2, 3))
    text, base = rng.choice(_bases(d))
    m = rng.randint(4, max(4, exponent))
    question = f"Compute ({text})^{{{m}}} exactly."
    return question, gauss_text(_gpow(base, m, d), d), m / 2, {"base": text, "m": m}


def _quotient_power(rng, order, exponent):
    d = 3
    bases = [*_bases(d), ("1 + i", (_surd(1), _surd(1))), ("1 - i", (_surd(1), _surd(-1)))]
    (top_text, top), (bottom_text, bottom) = rng.sample(bases, 2)
    while _divide(top, bottom, d)[1] == (0, 0):  # a real ratio (-1): its power is trivial
        (top_text, top), (bottom_text, bottom) = rng.sample(bases, 2)
    m = rng.randint(4, max(4, exponent))
    value = _gpow(_divide(top, bottom, d), m, d)
    question = f"Compute \\left(\\frac{{{top_text}}}{{{bottom_text}}}\\right)^{{{m}}} exactly."
    return (
        question,
        gauss_text(value, d),
        m / 2 + 4,
        {"top": top_text, "bottom": bottom_text, "m": m},
    )


_SETTINGS = {
    "double_sum": _double_sum,
    "product_minus": _product_minus,
    "trig_power": _trig_power,
    "product_skip": _product_skip,
    "product_plus": _product_plus,
    "filter": _filter,
    "base_power": _base_power,
    "lucas": _lucas,
    "reciprocal": _reciprocal,
    "quotient_power": _quotient_power,
}
_LEVELS = {
    "basic": ("double_sum", "product_minus", "trig_power"),
    "advanced": ("product_skip", "product_plus", "filter", "base_power"),
    "contest": ("lucas", "reciprocal", "quotient_power", "filter"),
}
