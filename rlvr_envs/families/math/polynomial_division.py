"""PolynomialDivision: quotient and remainder of polynomial long division.

By the division algorithm, for polynomials ``P`` and ``D != 0`` over the rationals there are
unique ``Q`` and ``R`` with ``P = D Q + R`` and ``deg R < deg D``, so the answer is unique.
Two modes: long division of a dense ``P`` (degree 3-8) by ``D`` of degree 1-3 whose leading
coefficient need not be 1 (rational quotients), and the remainder alone of a sparse ``P`` of
huge degree (``x^{517} - 3x^{200} + 2``) divided by ``x - 1`` or ``x + 1`` (remainder theorem:
``P(1)``, ``P(-1)``) or by ``x^2 + 1``, ``x^2 + x + 1``, ``x^3 - 1``, ... whose roots are roots
of unity (``x^k`` is periodic modulo ``D``: reduce the exponents, or interpolate ``P`` at the
roots of ``D``).

Answer syntax (stated in the prompt): ``quotient: <polynomial>; remainder: <polynomial>``
for long division and ``remainder: <polynomial>`` for the remainder alone; each polynomial
expanded in ``x`` with exact rational coefficients (``x^2 - \\frac{3}{2}x + 1``, ``0``).
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.math.algebra_parts import NotPolynomial, poly_of
from rlvr_envs.families.shared.formulas import fraction_text
from rlvr_envs.mathcheck.forms import check_form
from rlvr_envs.mathcheck.parse import ParseError, parse

# One labelled part: ``quotient: ...``, ``Remainder: R(x) = ...`` or ``Q(x) = ...``. Parts are
# separated by ``;``, ``,`` or a line break (an expanded polynomial has no comma) and may come
# in either order; each label exactly once.
_PART = re.compile(
    r"\s*(?:(?P<label>quotient|remainder)\s*:\s*(?:(?P<named>[QR])\s*\(\s*x\s*\)\s*=\s*)?"
    r"|(?P<short>[QR])\s*\(\s*x\s*\)\s*=\s*)(?P<body>\S.*)",
    re.I | re.S,
)
_SEPARATOR = re.compile(r"[;,\n]")


def split_parts(answer: str) -> dict[str, str] | None:
    """``{"quotient": ..., "remainder": ...}`` from the labelled parts of an answer, or None
    when a part has no label, a label repeats, or a ``Q(x) =`` names the other part."""
    text = answer.strip()
    if len(text) > 1 and text[0] == text[-1] == "$":
        text = text.strip("$")
    text = text.strip().rstrip(";.").strip()
    parts: dict[str, str] = {}
    for piece in _SEPARATOR.split(text):
        match = _PART.fullmatch(piece.strip())
        if match is None:
            return None
        letter = (match["named"] or match["short"] or "").lower()
        name = (match["label"] or {"q": "quotient", "r": "remainder"}[letter]).lower()
        if (letter and letter != name[0]) or name in parts:
            return None
        parts[name] = match["body"].strip()
    return parts


# Divisors whose roots are roots of unity (x^k is periodic modulo them): the remainder of a
# huge sparse power stays small, and finding it is the reasoning asked for.
_CYCLIC = {
    1: ([-1, 1], [1, 1]),
    2: ([1, 0, 1], [-1, 0, 1], [1, 1, 1], [1, -1, 1]),
    3: ([-1, 0, 0, 1], [1, 0, 0, 1], [1, 1, 1, 1], [-1, 1, -1, 1]),
}


def divide(p: list[Fraction], d: list[Fraction]) -> tuple[list[Fraction], list[Fraction]]:
    """``(Q, R)`` with ``P = D Q + R``, coefficient lists lowest power first."""
    rem = list(p)
    n, m = len(p) - 1, len(d) - 1
    quotient = [Fraction(0)] * max(1, n - m + 1)
    for k in range(n - m, -1, -1):
        c = rem[k + m] / d[m]
        quotient[k] = c
        for j in range(m + 1):
            rem[k + j] -= c * d[j]
    return quotient, rem[:m] or [Fraction(0)]


def _mulmod(a: list[Fraction], b: list[Fraction], d: list[int]) -> list[Fraction]:
    out = [Fraction(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return divide(out, [Fraction(c) for c in d])[1] if len(out) >= len(d) else out


def power_mod(exponent: int, d: list[int]) -> list[Fraction]:
    """``x^exponent mod D`` by repeated squaring (D monic)."""
    result, base = [Fraction(1)], [Fraction(0), Fraction(1)]
    if len(base) >= len(d):
        base = divide(base, [Fraction(c) for c in d])[1]
    while exponent:
        if exponent & 1:
            result = _mulmod(result, base, d)
        base = _mulmod(base, base, d)
        exponent >>= 1
    return result


def poly_text(coeffs: list[Fraction]) -> str:
    """``x^{12} - \\frac{3}{2}x + 1``: descending powers, exact LaTeX coefficients."""
    parts: list[str] = []
    for k in range(len(coeffs) - 1, -1, -1):
        c = coeffs[k]
        if c == 0:
            continue
        mono = "" if k == 0 else "x" if k == 1 else f"x^{{{k}}}" if k > 9 else f"x^{k}"
        mag = abs(c)
        if mag == 1 and mono:
            body = mono
        elif mag.denominator == 1:
            body = f"{mag.numerator}{mono}"
        else:
            body = f"\\frac{{{mag.numerator}}}{{{mag.denominator}}}{mono}"
        sign = ("-" if c < 0 else "") if not parts else (" - " if c < 0 else " + ")
        parts.append(sign + body)
    return "".join(parts) or "0"


def _coefficients(text: str) -> dict[int, Fraction] | str:
    """The polynomial a part of the answer denotes, or why it is refused (prefixed
    ``form:`` when it parsed but is not an expanded polynomial)."""
    form = check_form(text, "polynomial", variables=("x",))
    if not form.parsed:
        return "not a polynomial in the accepted syntax"
    if not form.ok:
        return f"form: {form.why}"
    try:
        return poly_of(parse(text))
    except (ParseError, NotPolynomial, RecursionError, ValueError, ZeroDivisionError) as exc:
        return f"form: {exc}"


def _as_dict(coeffs: list[Fraction]) -> dict[int, Fraction]:
    return {k: c for k, c in enumerate(coeffs) if c != 0}


class PolynomialDivision(Family):
    """Divide one polynomial by another: quotient and remainder, or the remainder alone of
    a sparse polynomial of huge degree.

    Knobs: ``degree`` (dividend degree, 3 -> 8; in remainder mode the exponents run to
    ``40 * degree``), ``divisor_degree`` (1 -> 3), ``leading`` (largest leading coefficient
    of the divisor, 1 -> 4: the quotient gets fractions), ``size`` (coefficients, 5 -> 12)
    and ``sparse_share`` (share of remainder-only problems, 0 -> 0.5). At difficulty 1: an
    eighth-degree dividend over a cubic with leading coefficient up to 4 (six rounds of
    rational elimination), or the remainder of ``x^{317} + ...`` modulo ``x^3 + x^2 + x + 1``
    or ``x^2 - x + 1``.

    Answer syntax: ``quotient: <polynomial>; remainder: <polynomial>`` (or
    ``remainder: <polynomial>`` where only the remainder is asked), polynomials expanded in
    ``x`` with exact rational coefficients.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "degree": Knob("int", 2, 10, default=4, easy=3, hard=8, doc="dividend degree"),
        "divisor_degree": Knob("int", 1, 3, default=1, easy=1, hard=3, doc="divisor degree"),
        "leading": Knob("int", 1, 6, default=1, easy=1, hard=4, doc="divisor leading coeff"),
        "size": Knob("int", 2, 30, default=6, easy=5, hard=12, doc="size of coefficients"),
        "sparse_share": Knob(
            "float", 0.0, 1.0, default=0.0, easy=0.0, hard=0.5, doc="remainder-only share"
        ),
    }
    answer_syntax = (
        "quotient: <polynomial>; remainder: <polynomial> (or remainder: <polynomial> where "
        "only the remainder is asked)"
    )
    answer_form = "quotient: <polynomial>; remainder: <polynomial>"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        if rng.random() < knobs["sparse_share"]:
            return self._sparse(rng, knobs)
        n, size = knobs["degree"], knobs["size"]
        m = min(knobs["divisor_degree"], n - 1)
        p = [rng.randint(-size, size) for _ in range(n)] + [rng.randint(1, size)]
        d = [rng.randint(-size // 2 - 1, size // 2 + 1) for _ in range(m)]
        d.append(rng.randint(1, knobs["leading"]))
        if rng.random() < 0.5:
            d[-1] = -d[-1]
        if all(c == 0 for c in d[:-1]):
            d[0] = 1
        quotient, remainder = divide([Fraction(c) for c in p], [Fraction(c) for c in d])
        ptext, dtext = poly_text([Fraction(c) for c in p]), poly_text([Fraction(c) for c in d])
        question = (
            f"Divide $P(x) = {ptext}$ by $D(x) = {dtext}$: find the quotient $Q(x)$ and the "
            "remainder $R(x)$ with $P(x) = D(x)Q(x) + R(x)$ and $\\deg R < \\deg D$.\n"
            "Answer as 'quotient: Q; remainder: R', each polynomial expanded in x with exact "
            "coefficients (integers or fractions p/q in lowest terms), e.g. "
            "quotient: x^2 - 3/2x + 1; remainder: 5x - 2."
        )
        answer = f"quotient: {poly_text(quotient)}; remainder: {poly_text(remainder)}"
        meta = {
            "mode": "long",
            "quotient": [[k, fraction_text(c)] for k, c in _as_dict(quotient).items()],
            "remainder": [[k, fraction_text(c)] for k, c in _as_dict(remainder).items()],
            "steps": len(quotient) * (m + 1),
        }
        return Draft(question, answer, meta)

    def _sparse(self, rng: random.Random, knobs: dict) -> Draft:
        top = 40 * knobs["degree"]
        exponents = sorted(rng.sample(range(2, top + 1), rng.randint(2, 4)), reverse=True)
        terms = [(rng.randint(1, knobs["size"]) * rng.choice((-1, 1)), e) for e in exponents]
        terms[0] = (1, terms[0][1])
        constant = rng.randint(-knobs["size"], knobs["size"])
        divisor = rng.choice(_CYCLIC[knobs["divisor_degree"]])
        remainder = [Fraction(0)] * (len(divisor) - 1)
        remainder[0] += constant
        for c, e in terms:
            for k, v in enumerate(power_mod(e, divisor)):
                remainder[k] += c * v
        full = [Fraction(0)] * (exponents[0] + 1)
        full[0] = Fraction(constant)
        for c, e in terms:
            full[e] = Fraction(c)
        ptext = poly_text(full)
        dtext = poly_text([Fraction(c) for c in divisor])
        question = (
            f"Find the remainder when $P(x) = {ptext}$ is divided by $D(x) = {dtext}$.\n"
            "Answer as 'remainder: R', with R expanded in x with exact coefficients "
            "(integers or fractions p/q in lowest terms), e.g. remainder: 5x - 2."
        )
        meta = {
            "mode": "remainder",
            "remainder": [[k, fraction_text(c)] for k, c in _as_dict(remainder).items()],
            "steps": sum(e.bit_length() for _, e in terms) * len(divisor),
        }
        return Draft(question, f"remainder: {poly_text(remainder)}", meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        long = problem.meta["mode"] == "long"
        names = ("quotient", "remainder") if long else ("remainder",)
        parts = split_parts(answer)
        if parts is None or set(parts) != set(names):
            return Judgement.unparsable(f"expected '{self.answer_syntax}'")
        for name in names:
            got = _coefficients(parts[name])
            if isinstance(got, str):
                if got.startswith("form:"):
                    return Judgement.wrong(form=f"{name}: {got[5:].strip()}")
                return Judgement.unparsable(f"{name}: {got}")
            expected = {int(k): Fraction(v) for k, v in problem.meta[name]}
            if got != expected:
                return Judgement.wrong(part=name)
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Elimination steps (or squarings for the remainder), plus the answer's length."""
        return problem.meta["steps"] + len(problem.answer) / 4
