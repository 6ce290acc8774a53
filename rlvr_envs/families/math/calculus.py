"""What the calculus families share: a tiny expression tree in x, exact values, series.

Generators never import sympy (speed, and a test holds the main process to it), so the
functions they pose are built from a few shapes whose derivative, value and series this
module computes itself with ``fractions.Fraction``:

* **expressions** (tuples): ``("n", c)`` a rational constant, ``("p", coeffs)`` a polynomial
  in x (coefficients from the constant term up), ``("add", terms)``, ``("mul", factors)``,
  ``("pow", base, k)`` with an integer ``k >= 2``, ``("div", top, bottom)`` and
  ``("exp" | "sin" | "cos" | "ln", argument)``. The constructors (:func:`add`, :func:`mul`,
  ...) fold constants and multiply polynomials out, so every printed expression has its
  literal arithmetic done (the ``expression`` answer form). :func:`derivative` applies the
  sum, product, quotient and chain rules; :func:`latex` prints in the syntax our answer
  parser reads (``(2x + 1)e^{3x}``, ``\\frac{2x}{x^{2} + 1}``, ``\\sin(x^{2})``);
* **exact values** (:class:`Exact`): sums of rational multiples of ``e^k``, ``\\pi^k`` and
  one ``\\ln(n)`` per term, printed in the ``exact`` answer form;
* **power series** truncated at a degree, as lists of Fractions (:func:`series_mul`, ...);
* the **worker-side** checks (:func:`antiderivative_matches`), which may import sympy: they
  run only in the killable worker pool.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

Expr = tuple[Any, ...]

ZERO: Expr = ("n", Fraction(0))
ONE: Expr = ("n", Fraction(1))


class Unsupported(ValueError):
    """A value outside what :class:`Exact` can write (the generator draws again)."""


# -- polynomials as coefficient lists ----------------------------------------------------------
def ptrim(c: list[Fraction]) -> list[Fraction]:
    c = list(c)
    while len(c) > 1 and c[-1] == 0:
        c.pop()
    return c or [Fraction(0)]


def padd(a: list[Fraction], b: list[Fraction]) -> list[Fraction]:
    n = max(len(a), len(b))
    return ptrim([(a[i] if i < len(a) else 0) + (b[i] if i < len(b) else 0) for i in range(n)])


def pmul(a: list[Fraction], b: list[Fraction]) -> list[Fraction]:
    out = [Fraction(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return ptrim(out)


def pderiv(a: list[Fraction]) -> list[Fraction]:
    return ptrim([i * a[i] for i in range(1, len(a))])


def pintegral(a: list[Fraction]) -> list[Fraction]:
    return ptrim([Fraction(0)] + [a[i] / (i + 1) for i in range(len(a))])


def peval(a: list[Fraction], x: Any) -> Any:
    value: Any = 0
    for c in reversed(a):
        value = value * x + c
    return value


def ppow(a: list[Fraction], k: int) -> list[Fraction]:
    out = [Fraction(1)]
    for _ in range(k):
        out = pmul(out, a)
    return out


# -- expression constructors -------------------------------------------------------------------
def num(value: Any) -> Expr:
    return ("n", Fraction(value))


def poly(coeffs: list[Any]) -> Expr:
    c = ptrim([Fraction(v) for v in coeffs])
    return ("n", c[0]) if len(c) == 1 else ("p", tuple(c))


X: Expr = ("p", (Fraction(0), Fraction(1)))


def linear(a: Any, b: Any = 0) -> Expr:
    """``a x + b``."""
    return poly([b, a])


def _as_poly(e: Expr) -> list[Fraction] | None:
    if e[0] == "n":
        return [e[1]]
    if e[0] == "p":
        return list(e[1])
    return None


def add(*terms: Expr) -> Expr:
    flat: list[Expr] = []
    for t in terms:
        flat.extend(t[1] if t[0] == "add" else [t])
    total = [Fraction(0)]
    rest: list[Expr] = []
    for t in flat:
        p = _as_poly(t)
        if p is not None:
            total = padd(total, p)
        else:
            rest.append(t)
    parts = ([poly(total)] if total != [0] else []) + rest
    if not parts:
        return ZERO
    return parts[0] if len(parts) == 1 else ("add", tuple(parts))


def mul(*factors: Expr) -> Expr:
    flat: list[Expr] = []
    for f in factors:
        flat.extend(f[1] if f[0] == "mul" else [f])
    coeff = [Fraction(1)]
    exponent: Expr | None = None
    rest: list[Expr] = []
    for f in flat:
        p = _as_poly(f)
        if p is not None:
            coeff = pmul(coeff, p)
        elif f[0] == "exp":
            exponent = f[1] if exponent is None else add(exponent, f[1])
        else:
            rest.append(f)
    if coeff == [0]:
        return ZERO
    if exponent is not None and exponent != ZERO:
        rest.append(("exp", exponent))
    if not rest:
        return poly(coeff)
    fractions = [f for f in rest if f[0] == "div"]
    if fractions:  # c * u * (a/b) -> (c u a)/b: one fraction bar per product
        others = [f for f in rest if f[0] != "div"]
        top = mul(poly(coeff), *others, *[f[1] for f in fractions])
        return div(top, mul(*[f[2] for f in fractions]))
    head = [] if coeff == [1] else [poly(coeff)]
    parts = head + rest
    return parts[0] if len(parts) == 1 else ("mul", tuple(parts))


def neg(e: Expr) -> Expr:
    return mul(num(-1), e)


def sub(a: Expr, b: Expr) -> Expr:
    return add(a, neg(b))


def power(base: Expr, k: int) -> Expr:
    if k == 0:
        return ONE
    if k == 1:
        return base
    p = _as_poly(base)
    if p is not None and sum(1 for c in p if c) == 1:
        return poly(ppow(p, k))
    if base[0] == "pow":
        return ("pow", base[1], base[2] * k)
    return ("pow", base, k)


def div(top: Expr, bottom: Expr) -> Expr:
    if bottom[0] == "n":
        return mul(num(1 / bottom[1]), top)
    if top == ZERO:
        return ZERO
    return ("div", top, bottom)


def fn(name: str, arg: Expr) -> Expr:
    return (name, arg)


# -- calculus --------------------------------------------------------------------------------
def derivative(e: Expr) -> Expr:
    """d/dx by the sum, product, quotient and chain rules (results simplified lightly)."""
    kind = e[0]
    if kind == "n":
        return ZERO
    if kind == "p":
        return poly(pderiv(list(e[1])))
    if kind == "add":
        return add(*[derivative(t) for t in e[1]])
    if kind == "mul":
        factors = e[1]
        terms = []
        for i, f in enumerate(factors):
            d = derivative(f)
            if d != ZERO:
                terms.append(mul(*factors[:i], d, *factors[i + 1 :]))
        return add(*terms)
    if kind == "pow":
        base, k = e[1], e[2]
        return mul(num(k), power(base, k - 1), derivative(base))
    if kind == "div":
        u, v = e[1], e[2]
        top = sub(mul(derivative(u), v), mul(u, derivative(v)))
        return div(top, power(v, 2))
    g = e[1]
    dg = derivative(g)
    if kind == "exp":
        return mul(dg, e)
    if kind == "sin":
        return mul(dg, ("cos", g))
    if kind == "cos":
        return neg(mul(dg, ("sin", g)))
    if kind == "ln":
        return div(dg, g)
    raise ValueError(kind)


def size(e: Expr) -> int:
    """Nodes in the tree (polynomial terms count one each): a complexity measure."""
    kind = e[0]
    if kind == "n":
        return 1
    if kind == "p":
        return sum(1 for c in e[1] if c)
    if kind in ("add", "mul"):
        return 1 + sum(size(t) for t in e[1])
    if kind == "pow":
        return 1 + size(e[1])
    if kind == "div":
        return 1 + size(e[1]) + size(e[2])
    return 1 + size(e[1])


def steps(e: Expr) -> int:
    """Rule weight of differentiating ``e``: product 3, quotient 5, chain 5 (1 when the inner
    function is linear), sums and constant factors free."""
    kind = e[0]
    if kind in ("n", "p"):
        return 0
    if kind == "add":
        return sum(steps(t) for t in e[1])
    if kind == "mul":
        varying = sum(1 for t in e[1] if t[0] != "n")
        return 3 * (varying - 1) + sum(steps(t) for t in e[1])
    if kind == "div":
        return 5 + steps(e[1]) + steps(e[2])
    if kind == "pow":
        return 5 + steps(e[1])
    inner = e[1]
    chain = 1 if inner[0] == "p" and len(inner[1]) <= 2 else 5
    return chain + steps(inner)


def evaluate(e: Expr, x: float) -> float:
    """The float value at x (ValueError/ZeroDivisionError where undefined)."""
    kind = e[0]
    if kind == "n":
        return float(e[1])
    if kind == "p":
        return float(peval([float(c) for c in e[1]], x))
    if kind == "add":
        return sum(evaluate(t, x) for t in e[1])
    if kind == "mul":
        out = 1.0
        for f in e[1]:
            out *= evaluate(f, x)
        return out
    if kind == "pow":
        return evaluate(e[1], x) ** e[2]
    if kind == "div":
        return evaluate(e[1], x) / evaluate(e[2], x)
    g = evaluate(e[1], x)
    if kind == "exp":
        return math.exp(g)
    if kind == "sin":
        return math.sin(g)
    if kind == "cos":
        return math.cos(g)
    return math.log(g)


# -- printing --------------------------------------------------------------------------------
def frac_latex(v: Fraction) -> str:
    if v.denominator == 1:
        return str(v.numerator)
    sign = "-" if v < 0 else ""
    return f"{sign}\\frac{{{abs(v.numerator)}}}{{{v.denominator}}}"


def _coef_prefix(c: Fraction, body: str) -> str:
    """``c`` times a non-empty body: ``3x``, ``-x``, ``\\frac{3}{2}x``."""
    if c == 1:
        return body
    if c == -1:
        return "-" + body
    return frac_latex(c) + body


def _monomial(c: Fraction, k: int) -> str:
    if k == 0:
        return frac_latex(c)
    body = "x" if k == 1 else f"x^{{{k}}}"
    return _coef_prefix(c, body)


def poly_latex(coeffs: Any) -> str:
    """Descending powers; ``1 - 2x`` rather than ``-2x + 1`` for a linear polynomial."""
    order = list(enumerate(coeffs))
    if not (len(order) == 2 and order[0][1] > 0 and order[-1][1] < 0):
        order.reverse()
    terms = [_monomial(c, k) for k, c in order if c]
    return _join(terms) if terms else "0"


def _join(terms: list[str]) -> str:
    out = terms[0]
    for t in terms[1:]:
        out += f" - {t[1:]}" if t.startswith("-") else f" + {t}"
    return out


def _is_sum(e: Expr) -> bool:
    return e[0] == "add" or (e[0] == "p" and sum(1 for c in e[1] if c) > 1)


def latex(e: Expr) -> str:
    """The expression in our answer syntax (LaTeX the parser reads)."""
    kind = e[0]
    if kind == "n":
        return frac_latex(e[1])
    if kind == "p":
        return poly_latex(e[1])
    if kind == "add":
        return _join([latex(t) for t in e[1]])
    if kind == "mul":
        factors = list(e[1])
        coeff = Fraction(1)
        if factors[0][0] == "n":
            coeff = factors.pop(0)[1]
        elif factors[0][0] == "p" and not _is_sum(factors[0]):
            (k, c) = next((k, c) for k, c in enumerate(factors[0][1]) if c)
            coeff = c
            factors[0] = poly([0] * k + [1])
        rank = {"p": 0, "pow": 1, "div": 3}
        factors.sort(key=lambda f: rank.get(f[0], 2))
        body = ""
        for f in factors:
            text = latex(f)
            body += f"({text})" if _is_sum(f) else text
        if body.startswith("\\frac") and coeff not in (1, -1):
            body = "\\cdot " + body  # 3\frac{1}{2} would read as a mixed number
        return _coef_prefix(coeff, body)
    if kind == "pow":
        base = latex(e[1])
        if e[1][0] != "p" or _is_sum(e[1]):
            base = f"({base})"
        return f"{base}^{{{e[2]}}}"
    if kind == "div":
        top = e[1]
        if top[0] == "n" and top[1] < 0:
            return f"-\\frac{{{latex(num(-top[1]))}}}{{{latex(e[2])}}}"
        return f"\\frac{{{latex(top)}}}{{{latex(e[2])}}}"
    if kind == "exp":
        return f"e^{{{latex(e[1])}}}"
    return f"\\{kind}({latex(e[1])})"


# -- exact values -----------------------------------------------------------------------------
class Exact:
    """A sum of terms ``c e^a \\pi^b \\ln(n)`` (c rational, a, b >= 0, n = 1 for none)."""

    __slots__ = ("terms",)

    def __init__(self, terms: dict[tuple[int, int, int], Fraction] | None = None) -> None:
        self.terms = {k: v for k, v in (terms or {}).items() if v}

    @classmethod
    def of(cls, value: Any) -> Exact:
        return cls({(0, 0, 1): Fraction(value)})

    @classmethod
    def atom(cls, e: int = 0, pi: int = 0, ln: int = 1, coeff: Any = 1) -> Exact:
        return cls({(e, pi, ln): Fraction(coeff)})

    def rational(self) -> Fraction | None:
        if not self.terms:
            return Fraction(0)
        if set(self.terms) == {(0, 0, 1)}:
            return self.terms[(0, 0, 1)]
        return None

    def __add__(self, other: Any) -> Exact:
        other = other if isinstance(other, Exact) else Exact.of(other)
        out = dict(self.terms)
        for k, v in other.terms.items():
            out[k] = out.get(k, Fraction(0)) + v
        return Exact(out)

    __radd__ = __add__

    def __neg__(self) -> Exact:
        return Exact({k: -v for k, v in self.terms.items()})

    def __sub__(self, other: Any) -> Exact:
        return self + (-(other if isinstance(other, Exact) else Exact.of(other)))

    def __mul__(self, other: Any) -> Exact:
        other = other if isinstance(other, Exact) else Exact.of(other)
        out: dict[tuple[int, int, int], Fraction] = {}
        for (a1, b1, n1), v1 in self.terms.items():
            for (a2, b2, n2), v2 in other.terms.items():
                if n1 != 1 and n2 != 1:
                    raise Unsupported("a product of two logarithms")
                key = (a1 + a2, b1 + b2, n1 * n2)
                out[key] = out.get(key, Fraction(0)) + v1 * v2
        return Exact(out)

    __rmul__ = __mul__

    def __truediv__(self, other: Any) -> Exact:
        q = other.rational() if isinstance(other, Exact) else Fraction(other)
        if q is None or q == 0:
            raise Unsupported("division by a non-rational value")
        return Exact({k: v / q for k, v in self.terms.items()})

    def __pow__(self, k: int) -> Exact:
        out = Exact.of(1)
        for _ in range(k):
            out = out * self
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Exact):
            other = Exact.of(other)  # type: ignore[arg-type]
        return self.terms == other.terms

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.terms.items())))

    def to_float(self) -> float:
        return sum(
            float(v) * math.e**a * math.pi**b * math.log(n) ** (n != 1)
            for (a, b, n), v in self.terms.items()
        )

    def latex(self) -> str:
        """The value in the ``exact`` answer form: ``2e^{3} - 1``, ``\\frac{3\\pi}{2}``."""
        if not self.terms:
            return "0"
        order = sorted(self.terms, key=lambda k: (-k[0], -k[1], -k[2]))
        return _join([self._term(k, self.terms[k]) for k in order])

    @staticmethod
    def _term(key: tuple[int, int, int], c: Fraction) -> str:
        a, b, n = key
        atoms = ""
        if a:
            atoms += "e" if a == 1 else f"e^{{{a}}}"
        if b:
            atoms += "\\pi" if b == 1 else f"\\pi^{{{b}}}"
        if n != 1:
            atoms += f"\\ln({n})"
        if not atoms:
            return frac_latex(c)
        if c.denominator == 1:
            return _coef_prefix(c, atoms)
        top = atoms if abs(c.numerator) == 1 else f"{abs(c.numerator)}{atoms}"
        return f"{'-' if c < 0 else ''}\\frac{{{top}}}{{{c.denominator}}}"


def exact_value(e: Expr, x: Exact) -> Exact:
    """The exact value of ``e`` at ``x`` (raises :class:`Unsupported` outside the atoms)."""
    kind = e[0]
    if kind == "n":
        return Exact.of(e[1])
    if kind == "p":
        out = Exact.of(0)
        for c in reversed(e[1]):
            out = out * x + c
        return out
    if kind == "add":
        out = Exact.of(0)
        for t in e[1]:
            out = out + exact_value(t, x)
        return out
    if kind == "mul":
        out = Exact.of(1)
        for f in e[1]:
            out = out * exact_value(f, x)
        return out
    if kind == "pow":
        return exact_value(e[1], x) ** e[2]
    if kind == "div":
        return exact_value(e[1], x) / exact_value(e[2], x)
    g = exact_value(e[1], x)
    if kind == "exp":
        q = g.rational()
        if q is None or q.denominator != 1 or q < 0:
            raise Unsupported("e to a power that is not a non-negative integer")
        return Exact.atom(e=int(q))
    if kind in ("sin", "cos"):
        q = g.rational()
        if q == 0:
            return Exact.of(0 if kind == "sin" else 1)
        if set(g.terms) != {(0, 1, 1)}:
            raise Unsupported("a trig value at a point that is not a multiple of pi/2")
        t = g.terms[(0, 1, 1)] * 2  # the argument in units of pi/2
        if t.denominator != 1:
            raise Unsupported("a trig value at a point that is not a multiple of pi/2")
        quarter = int(t) % 4
        sines, cosines = (0, 1, 0, -1), (1, 0, -1, 0)
        return Exact.of((sines if kind == "sin" else cosines)[quarter])
    q = g.rational()  # ln
    if q is None or q.denominator != 1 or q < 1:
        raise Unsupported("a logarithm of something other than a positive integer")
    return Exact.of(0) if q == 1 else Exact.atom(ln=int(q))


# -- power series (truncated lists of Fractions) -------------------------------------------------
def series_mul(a: list[Fraction], b: list[Fraction], n: int) -> list[Fraction]:
    out = [Fraction(0)] * (n + 1)
    for i in range(min(n, len(a) - 1) + 1):
        if a[i]:
            for j in range(min(n - i, len(b) - 1) + 1):
                out[i + j] += a[i] * b[j]
    return out


def series_exp(a: Fraction, n: int) -> list[Fraction]:
    """e^{ax}."""
    out, term = [], Fraction(1)
    for k in range(n + 1):
        out.append(term)
        term = term * a / (k + 1)
    return out


def series_binomial(a: Fraction, m: Fraction, n: int) -> list[Fraction]:
    """(1 + ax)^m for any rational m (generalised binomial theorem)."""
    out, c = [], Fraction(1)
    for k in range(n + 1):
        out.append(c * a**k)
        c = c * (m - k) / (k + 1)
    return out


def series_sin(a: Fraction, n: int) -> list[Fraction]:
    return [
        (Fraction((-1) ** (k // 2)) * a**k / math.factorial(k)) if k % 2 else Fraction(0)
        for k in range(n + 1)
    ]


def series_cos(a: Fraction, n: int) -> list[Fraction]:
    return [
        Fraction((-1) ** (k // 2)) * a**k / math.factorial(k) if k % 2 == 0 else Fraction(0)
        for k in range(n + 1)
    ]


def series_log1p(a: Fraction, n: int) -> list[Fraction]:
    """ln(1 + ax)."""
    return [Fraction(0)] + [Fraction((-1) ** (k + 1)) * a**k / k for k in range(1, n + 1)]


# -- worker side -------------------------------------------------------------------------------
def antiderivative_matches(
    answer: str, integrand: str, points: list[str], constants: list[str] | None = None
) -> str:
    """Worker: ``ok`` when d/dx of the answer equals the integrand at the given points.

    ``answer`` is model text, parsed only by our whitelist parser. ``C`` is what the prompt
    says it is, a constant of integration: it is given the value ``constants[i]`` at
    ``points[i]`` (0 when no constants are given), so ``F + C`` passes for every value while
    ``F + Cx`` or ``F + Ce^{x}`` (whose derivative is ``f + C`` or ``f + Ce^{x}``) does not.
    ``\\ln|u|`` is read as ``\\ln u`` (the derivative ``u'/u`` is the same); any other
    absolute value that sympy cannot remove (one whose argument changes sign) is wrong: an
    antiderivative of our smooth integrands holds on the whole domain, and ``|x - 10^6| + x``
    is one only below 10^6, ``|F - 10^6|`` only where F < 10^6. ``integrand`` is our own text.
    Returns ``ok``, ``wrong`` or ``unparsable``.
    """
    import sympy

    from rlvr_envs.mathcheck import sampling
    from rlvr_envs.mathcheck.equivalence import literal_digits
    from rlvr_envs.mathcheck.parse import ParseError, parse
    from rlvr_envs.mathcheck.symbolic import to_sympy

    try:
        node = parse(answer)
        answer_expr = to_sympy(node)
    except (ParseError, ValueError, TypeError, RecursionError, ZeroDivisionError):
        return "unparsable"
    x, c = sympy.Symbol("x"), sympy.Symbol("C")
    if answer_expr.free_symbols - {x, c}:
        return "wrong"
    if answer_expr.has(sympy.Integral, sympy.Derivative):
        return "wrong"
    real_x = sympy.Symbol("x", real=True)
    try:
        answer_expr = answer_expr.subs(x, real_x).replace(
            lambda e: isinstance(e, sympy.log) and isinstance(e.args[0], sympy.Abs),
            lambda e: sympy.log(e.args[0].args[0]),
        )
        if answer_expr.has(sympy.Abs):
            return "wrong"
        target = to_sympy(parse(integrand)).subs(x, real_x)
        derived = sympy.diff(answer_expr, real_x)
    except Exception:  # sympy's own failures on odd input
        return "wrong"
    # many more digits than any literal the answer writes: 0.3333333333333333333333333x^3
    # is not an antiderivative of x^2
    digits = 40 + literal_digits(node)
    tolerance = sympy.Float(10, digits + 20) ** -(digits - 5)
    values = constants if constants is not None else ["0"] * len(points)
    # and past every kink of the answer (|x - 10^6| hidden in a square root), with C as at
    # the first point
    kinks = [str(k) for k in sampling.kink_points([answer_expr], real_x)]
    points, values = [*points, *kinks], [*values, *[values[0] if values else "0"] * len(kinks)]
    checked = 0
    for text, constant in zip(points, values, strict=True):
        point = sympy.Rational(text)
        try:
            got = sympy.N(derived.subs({real_x: point, c: sympy.Rational(constant)}), digits + 20)
            want = sympy.N(target.subs(real_x, point), digits + 20)
        except Exception:
            return "wrong"
        if not (got.is_number and want.is_number) or got.has(sympy.zoo, sympy.nan):
            return "wrong"
        if abs(sympy.im(got)) > tolerance or abs(got - want) > tolerance * max(1, abs(want)):
            return "wrong"
        checked += 1
    return "ok" if checked else "wrong"


# -- integration of P(x) e^{(a + bi)x} ---------------------------------------------------------
def integrate_exp_poly(
    p: list[Fraction], a: Fraction, b: Fraction
) -> tuple[list[Fraction], list[Fraction]]:
    """``Q = Qr + i Qi`` with ``(Q e^{(a+bi)x})' = P e^{(a+bi)x}`` (repeated integration by
    parts: ``Q = sum_k (-1)^k P^{(k)} / (a+bi)^{k+1}``); ``a + bi != 0``."""
    norm = a * a + b * b
    inv = (a / norm, -b / norm)  # 1/(a+bi)
    power = inv
    qr, qi = [Fraction(0)], [Fraction(0)]
    d, sign = list(p), 1
    while d != [0]:
        qr = padd(qr, [sign * (c * power[0]) for c in d])
        qi = padd(qi, [sign * (c * power[1]) for c in d])
        power = (power[0] * inv[0] - power[1] * inv[1], power[0] * inv[1] + power[1] * inv[0])
        d, sign = pderiv(d), -sign
    return qr, qi


def exp_trig_antiderivative(p: list[Fraction], a: int, b: int, trig: str) -> Expr:
    """An antiderivative of ``P(x) e^{ax} trig(bx)`` (trig ``one``, ``sin`` or ``cos``)."""
    qr, qi = integrate_exp_poly(p, Fraction(a), Fraction(b if trig != "one" else 0))
    growth = fn("exp", linear(a)) if a else ONE
    if trig == "one":
        return mul(poly(qr), growth)
    sin, cos = fn("sin", linear(b)), fn("cos", linear(b))
    if trig == "cos":  # Re((Qr + i Qi)(cos + i sin)) = Qr cos - Qi sin
        body = add(mul(poly(qr), cos), neg(mul(poly(qi), sin)))
    else:  # Im(...) = Qr sin + Qi cos
        body = add(mul(poly(qr), sin), mul(poly(qi), cos))
    return mul(body, growth) if a else body


def poly_log_antiderivative(p: list[Fraction]) -> Expr:
    """An antiderivative of ``P(x) ln(x)``: ``R ln x - S`` with ``R' = P``, ``S' = R/x``."""
    r = pintegral(p)
    s = pintegral(r[1:])
    return sub(mul(poly(r), fn("ln", X)), poly(s))


# -- Maclaurin series of an expression ---------------------------------------------------------
def _compose(outer: list[Fraction], u: list[Fraction], n: int) -> list[Fraction]:
    """``sum_k outer[k] u^k`` truncated at degree n, for a series u with ``u(0) = 0``."""
    out = [Fraction(0)] * (n + 1)
    out[0] = outer[0]
    power = [Fraction(1)] + [Fraction(0)] * n
    for k in range(1, n + 1):
        power = series_mul(power, u, n)
        if outer[k]:
            for i in range(n + 1):
                out[i] += outer[k] * power[i]
    return out


def series_inverse(b: list[Fraction], n: int) -> list[Fraction]:
    """``1/b`` truncated at degree n (``b(0) != 0``)."""
    if b[0] == 0:
        raise Unsupported("dividing by a series that vanishes at 0")
    out = [1 / b[0]]
    for k in range(1, n + 1):
        acc = sum((b[j] * out[k - j] for j in range(1, min(k, len(b) - 1) + 1)), Fraction(0))
        out.append(-acc / b[0])
    return out


def series_of(e: Expr, n: int) -> list[Fraction]:
    """The Maclaurin coefficients of ``e`` up to ``x^n`` (exact; raises
    :class:`Unsupported` where one would be irrational, e.g. ``e^{1 + x}``)."""
    kind = e[0]
    if kind == "n":
        return [e[1]] + [Fraction(0)] * n
    if kind == "p":
        c = list(e[1])[: n + 1]
        return c + [Fraction(0)] * (n + 1 - len(c))
    if kind == "add":
        out = [Fraction(0)] * (n + 1)
        for t in e[1]:
            out = [a + b for a, b in zip(out, series_of(t, n), strict=True)]
        return out
    if kind == "mul":
        out = [Fraction(1)] + [Fraction(0)] * n
        for f in e[1]:
            out = series_mul(out, series_of(f, n), n)
        return out
    if kind == "pow":
        base = series_of(e[1], n)
        out = [Fraction(1)] + [Fraction(0)] * n
        for _ in range(e[2]):
            out = series_mul(out, base, n)
        return out
    if kind == "div":
        return series_mul(series_of(e[1], n), series_inverse(series_of(e[2], n), n), n)
    h = series_of(e[1], n)
    if kind == "ln":
        if h[0] != 1:
            raise Unsupported("ln of a function that is not 1 at 0")
        return _compose(series_log1p(Fraction(1), n), [Fraction(0), *h[1:]], n)
    if h[0] != 0:
        raise Unsupported(f"{kind} of a function that is not 0 at 0")
    outer = {"exp": series_exp, "sin": series_sin, "cos": series_cos}[kind](Fraction(1), n)
    return _compose(outer, h, n)


# -- checking an answer in a form chosen per problem --------------------------------------------
