"""Symbolic equivalence with sympy: runs only inside a killable worker process.

The ASTs come from our whitelist parser (:mod:`.parse`); they are rebuilt as sympy
objects node by node, so sympy never sees raw model text. LaTeX that our grammar does not
cover falls back to ``latex2sympy2_extended`` (an ANTLR grammar, no ``eval``), still in
the worker and under its wall-clock limit. Integer powers and factorials are size-checked
before sympy evaluates them, so ``9**9**9**9`` is rejected instead of computed.

Value equality (:class:`SympyValues`):

* numbers without free symbols: exact when sympy decides ``a - b == 0``, else equal when
  they agree to 40 significant digits *beyond the longest number literal written in
  either answer* (Richardson's problem is undecidable in general; two values that close
  are treated as the same number, while a decimal literal, which is rational, never passes
  for an irrational gold however many digits it writes: ``3.14159265358979`` is not
  ``\\pi``);
* with a ``precision`` of n places, two numbers match when the real and the imaginary part
  of their difference are each at most half a unit of the n-th place
  (:mod:`rlvr_envs.mathcheck.equivalence` states the policy);
* expressions: ``expand(a - b) == 0``, else agreement at random rational points drawn
  from a hash of both sides, over large prime denominators (a randomised identity test in
  the spirit of Schwartz-Zippel; :mod:`.sampling` says why), which avoids slow
  ``simplify`` calls;
* equations: ``lhs - rhs`` of one is a non-zero constant multiple of the other's;
  inequalities: a positive multiple (or negative, with the direction flipped);
* endpoints of sets of reals are ordered by their values to 40 significant digits.
"""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Any

import sympy

from rlvr_envs.mathcheck import equivalence, sampling
from rlvr_envs.mathcheck.equivalence import InvalidValue, literal_digits
from rlvr_envs.mathcheck.parse import Node, ParseError, UnsupportedLatex, parse

_MAX_POW_BITS = 20_000
_POINTS = 6
_DIGITS = 40  # agreement beyond the written literals that counts as equality
_KEY_DIGITS = 40  # significant digits of a set endpoint's sort key

_FUNCS: dict[str, Any] = {
    "sin": sympy.sin, "cos": sympy.cos, "tan": sympy.tan, "cot": sympy.cot,
    "sec": sympy.sec, "csc": sympy.csc, "arcsin": sympy.asin, "arccos": sympy.acos,
    "arctan": sympy.atan, "sinh": sympy.sinh, "cosh": sympy.cosh, "tanh": sympy.tanh,
    "exp": sympy.exp, "ln": sympy.log, "abs": sympy.Abs, "sqrt": sympy.sqrt,
}  # fmt: skip
_CONSTS = {"pi": sympy.pi, "e": sympy.E, "i": sympy.I, "inf": sympy.oo}


@lru_cache(maxsize=256)
def _symbol(name: str) -> sympy.Symbol:
    return sympy.Symbol(name)


def to_sympy(node: Node) -> Any:
    """Rebuild an AST node as a sympy object, refusing absurdly large integer powers."""
    kind = node[0]
    if kind == "sympy":
        return node[1]
    if kind == "num":
        return sympy.Rational(node[1].numerator, node[1].denominator)
    if kind == "sym":
        return _symbol(node[1])
    if kind == "const":
        return _CONSTS[node[1]]
    if kind == "neg":
        return -to_sympy(node[1])
    if kind == "add":
        return sympy.Add(*[to_sympy(n) for n in node[1]])
    if kind == "mul":
        return sympy.Mul(*[to_sympy(n) for n in node[1]])
    if kind == "div":
        bottom = to_sympy(node[2])
        if bottom == 0:
            raise InvalidValue("division by zero")
        return to_sympy(node[1]) / bottom
    if kind == "pow":
        return _pow(to_sympy(node[1]), to_sympy(node[2]))
    if kind in ("pct", "deg"):
        value = to_sympy(node[1])
        return value / 100 if kind == "pct" else value
    if kind == "fact":
        value = to_sympy(node[1])
        if value.is_Integer and value > 500:
            raise InvalidValue("factorial too large")
        return sympy.factorial(value)
    if kind == "func":
        return _func(node[1], [to_sympy(a) for a in node[2]])
    if kind == "rel":
        raise ParseError("relation inside an expression")
    raise ParseError(f"cannot use {kind} as a value")


def _pow(base: Any, exponent: Any) -> Any:
    if base.is_Number and exponent.is_Number:
        size = max(abs(base.p).bit_length(), abs(base.q).bit_length()) if base.is_Rational else 64
        if abs(exponent) * size > _MAX_POW_BITS:
            raise InvalidValue("power too large")
    elif exponent.is_Integer and abs(exponent) > 10_000:
        raise InvalidValue("power too large")
    return sympy.Pow(base, exponent)


def _func(name: str, args: list[Any]) -> Any:
    if name == "root":
        return _pow(args[0], 1 / args[1]) if args[1] != 0 else sympy.nan
    if name == "log":
        return sympy.log(args[0], args[1]) if len(args) == 2 else sympy.log(args[0])
    if name == "binom":
        if args[0].is_Integer and args[0] > 5000:
            raise InvalidValue("binomial too large")
        return sympy.binomial(args[0], args[1])
    return _FUNCS[name](*args)


def _is_finite_number(value: Any) -> bool:
    return bool(value.is_number) and not value.has(sympy.oo, -sympy.oo, sympy.zoo, sympy.nan)


def _close(a: Any, b: Any, digits: int = _DIGITS) -> bool:
    """Agreement to ``digits - 5`` significant digits, relative to the larger magnitude.

    Relative, not absolute: ``e^{-3x^2}`` and ``3e^{-3x^2}`` are both below any absolute
    bound at most points, and ``e^{3x^2}`` swamps an added ``x``; neither may pass for the
    other. A difference below ``10**-(2 * digits)`` counts as zero (evaluation noise of an
    exact zero such as ``sin(x)^2 + cos(x)^2 - 1``).
    """
    diff = abs(sympy.N(a - b, digits))
    scale = max(abs(sympy.N(a, digits)), abs(sympy.N(b, digits)))
    tiny = sympy.Float(10) ** (-2 * digits)
    return bool(diff <= tiny or diff <= scale * sympy.Float(10) ** (5 - digits))


def _rational(value: Fraction) -> Any:
    return sympy.Rational(value.numerator, value.denominator)


def _points(symbols: list[Any], rng: random.Random) -> list[dict[Any, Any]]:
    """Rational points, the first half within [-2.5, 2.5] (where exponentials of
    polynomials neither vanish nor swamp the other terms), the rest up to 20 in magnitude;
    each coordinate a fraction over its own large prime (:mod:`.sampling`), so that no
    periodic term (``\\sin(360360\\pi x)``) vanishes at all of them."""
    points = []
    for index in range(_POINTS):
        top = Fraction(5, 2) if index < _POINTS // 2 else 20
        points.append(
            {s: rng.choice([-1, 1]) * _rational(sampling.real_point(rng, 0, top)) for s in symbols}
        )
    return points


def values_equal(a: Any, b: Any, digits: int = _DIGITS) -> bool:
    """Equality of two sympy values (numbers or expressions), per the module's rules.

    ``digits``: how many significant digits two numbers must agree to when sympy cannot
    show that their difference is zero.
    """
    if a == b:
        return True
    infinite = (sympy.oo, -sympy.oo, sympy.zoo, sympy.nan)
    if a.has(*infinite) or b.has(*infinite):
        return False
    if not a.free_symbols and not b.free_symbols:
        return sympy.expand(a - b) == 0 or _close_and_not_provably_apart(a, b, digits)
    if sympy.expand(a - b) == 0:
        return True
    symbols = sorted(a.free_symbols | b.free_symbols, key=str)
    # the points follow both sides: an answer cannot be tuned to its own points
    rng = sampling.seeded_rng(sympy.srepr(a), sympy.srepr(b))
    checked = 0
    extra = []  # past the kinks of one symbol's |u| and sqrt(u), wherever they are
    if len(symbols) == 1:
        extra = [{symbols[0]: _rational(k)} for k in sampling.kink_points([a, b], symbols[0])]
    for point in _points(symbols, rng) + extra:
        va, vb = a.subs(point), b.subs(point)
        if not (_is_finite_number(va) and _is_finite_number(vb)):
            continue
        if not _close_and_not_provably_apart(va, vb, digits - 10):
            return False
        checked += 1
    return checked >= 3


def _close_and_not_provably_apart(a: Any, b: Any, digits: int) -> bool:
    """:func:`_close`, unless sympy shows the difference is not zero: a term far below the
    relative tolerance (``+ e^{-300}``) is still a different value."""
    return _close(a, b, digits) and (a - b).is_zero is not False


def within_precision(a: Any, b: Any, precision: int) -> bool:
    """Whether two finite numbers differ by at most half a unit of the ``precision``-th
    decimal place, in the real and in the imaginary part.

    The difference is evaluated to ``precision + 30`` significant digits, and a difference
    that exceeds the bound by less than ``10**-(precision + 20)`` (evaluation error) counts
    as on the bound.
    """
    diff = a - b
    if diff == 0:
        return True
    bound = sympy.Rational(1, 2 * 10**precision) + sympy.Rational(1, 10 ** (precision + 20))
    real, imag = sympy.N(diff, precision + 30).as_real_imag()
    return bool(abs(real) <= bound and abs(imag) <= bound)


def _relation_equal(gold: Node, pred: Node) -> bool:
    g_op, p_op = gold[1], pred[1]
    g_expr = to_sympy(gold[2]) - to_sympy(gold[3])
    p_expr = to_sympy(pred[2]) - to_sympy(pred[3])
    flips = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "=": "=", "!=": "!="}
    if p_op == flips.get(g_op) and p_op != g_op:
        p_expr, p_op = -p_expr, g_op
    if p_op != g_op:
        return False
    if p_expr == 0:
        return g_expr == 0
    ratio = sympy.cancel(g_expr / p_expr)
    if ratio.free_symbols or ratio == 0 or not ratio.is_number:
        return False
    return bool(ratio > 0) if g_op in ("<", "<=", ">", ">=") else True


class SympyValues:
    """The worker's comparisons (:class:`rlvr_envs.mathcheck.equivalence.Values`)."""

    decisive = True

    def __init__(self, precision: int | None = None) -> None:
        self.precision = precision

    def equal(self, gold: Node, pred: Node) -> bool:
        """Symbolic comparison of two scalar nodes (never returns None)."""
        if gold[0] == "rel":
            return _relation_equal(gold, pred)
        exact = equivalence.exact_eq(gold, pred, precision=self.precision)
        if exact is not None:
            return exact
        g, p = to_sympy(gold), to_sympy(pred)
        if self.precision is not None and _is_finite_number(g) and _is_finite_number(p):
            return within_precision(g, p, self.precision)
        digits = _DIGITS + max(literal_digits(gold), literal_digits(pred))
        return values_equal(g, p, digits)

    def real_key(self, node: Node) -> Fraction | float | None:
        """A real number's value to 40 significant digits (exact when it is rational)."""
        key = equivalence.ExactValues().real_key(node)
        if key is not None:
            return key
        try:
            value = to_sympy(node)
        except (ParseError, TypeError):
            return None
        if not _is_finite_number(value):
            return None
        if value.is_Rational:
            return Fraction(int(value.p), int(value.q))
        real, imag = sympy.N(value, _KEY_DIGITS + 10).as_real_imag()
        if abs(imag) > sympy.Float(10) ** -_KEY_DIGITS * max(1, abs(real)):
            return None
        if real == 0:
            return Fraction(0)
        return Fraction(format(Decimal(str(real)), f".{_KEY_DIGITS - 1}e"))


def parse_any(text: str) -> Node:
    """Our grammar first; LaTeX outside it through latex2sympy2_extended."""
    try:
        return parse(text)
    except UnsupportedLatex:
        if len(text) > 1_000:
            raise
    from latex2sympy2_extended import latex2sympy

    try:
        expr = latex2sympy(text)
    except Exception as exc:  # the grammar's own errors come in many types
        raise ParseError(f"latex2sympy: {exc}") from None
    if not isinstance(expr, sympy.Basic) or isinstance(expr, sympy.logic.boolalg.Boolean):
        raise ParseError("unsupported LaTeX answer")
    # decimals come back as binary Floats; read them back as the exact decimals written
    expr = expr.replace(lambda e: e.is_Float, lambda f: sympy.Rational(str(f)))
    return ("sympy", expr)


def equivalent(gold: str, pred: str, precision: int | None = None) -> bool:
    """Worker entry point: full symbolic comparison of two answer strings."""
    precision = equivalence.check_precision(precision)
    gold_node = parse_any(gold)
    try:
        pred_node = parse_any(pred)
    except ParseError:
        return False
    try:
        result = equivalence.compare(gold_node, pred_node, SympyValues(precision))
    except (InvalidValue, ParseError, TypeError, ZeroDivisionError):
        return False
    return bool(result)
