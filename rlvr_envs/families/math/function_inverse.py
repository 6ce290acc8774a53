"""FunctionInverse: the inverse of a one-to-one function, as an expression in x or at a point.

The functions are built from invertible steps (an affine map, a linear fractional map
``(ax + b)/(cx + d)`` with ``ad - bc != 0``, a cube, a cube root, an exponential, a
logarithm), so the inverse is found by undoing the steps in reverse order: solve
``y = f(x)`` for x and swap the names. Two modes, drawn per problem: ``expression`` asks for
f^{-1}(x) (checked by value at many points against the reference, so any equivalent way of
writing it scores; f itself or ``f^{-1}(x)`` written out does not), ``value`` asks for the
exact value f^{-1}(a), the x with f(x) = a.

Answer syntax: an expression in x (``(2x - 3)/(5 - x)``, ``\\sqrt[3]{(x - 4)/2} + 1``,
``\\log_2((x - 5)/3)``, ``(e^{x - 2} - 1)/3``), or an integer or fraction p/q.

Knobs: ``kind`` (``linear``, ``fractional``, ``cube_root``, ``exp_log``, ``nested``: a
linear fractional map of an exponential, of a cube root, or inside a logarithm) and ``size``
(the largest coefficient). Difficulty 1 asks for the inverse of maps like
``(3 \\cdot 2^{x} - 5)/(2^{x} + 4)``, which takes three inversions in sequence.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.math.equation_parts import nonzero
from rlvr_envs.families.math.function_parts import stated_numbers
from rlvr_envs.families.shared.formulas import fraction_text, signed_term
from rlvr_envs.families.shared.math_answers import MathFamily, judge_in_worker, judge_value

_KINDS = ("linear", "fractional", "cube_root", "exp_log", "nested")
_TARGET = "rlvr_envs.families.math.function_inverse:inverse_matches"
# where f is evaluated: an answer g is right when g(f(t)) = t at every t of f's real domain
# here (at least _MIN_CHECKED of them), on the real branch of every odd root
_POINTS = ["-37/7", "-13/5", "-4/3", "-1/2", "2/7", "5/6", "7/5", "9/4", "19/6", "41/9", "13/2"]
_MIN_CHECKED = 4


def _affine(a, b, body: str = "x", dot: bool = False) -> str:
    """``a*body + b`` as text; ``dot`` writes ``3 \\cdot 2^{x}`` where juxtaposition would
    glue digits together."""
    if a == 0:
        return str(b)
    magnitude = abs(a)
    if magnitude == 1:
        head = body
    elif dot:
        head = f"{magnitude} \\cdot {body}"
    else:
        head = f"{magnitude}{body}"
    text = f"-{head}" if a < 0 else head
    return text + signed_term(b, "", False)


def _ratio(top: str, bottom: str) -> str:
    return f"({top})/({bottom})"


def _quotient(a, b, c, d, body: str = "x", dot: bool = False) -> str:
    """``(a*body + b)/(c*body + d)``, the denominator's leading sign made positive."""
    if c < 0 or (c == 0 and d < 0):
        a, b, c, d = -a, -b, -c, -d
    top = _affine(a, b, body, dot)
    if c == 0:
        if d == 1:
            return top
        return f"({top})/{d}" if " " in top else f"{top}/{d}"
    return _ratio(top, _affine(c, d, body, dot))


def _over(top: str, a: int) -> str:
    """``top/a`` with a positive denominator (``top`` an affine text in x)."""
    if a == 1:
        return top
    return f"({top})/{a}" if " " in top else f"{top}/{a}"


class FunctionInverse(MathFamily):
    """Find the inverse function f^{-1}(x), or the value f^{-1}(a).

    Difficulty moves ``kind`` through ``linear`` (``ax + b``), ``fractional``
    (``(ax + b)/(cx + d)``, never its own inverse: ``a + d != 0``), ``cube_root``
    (``a(x - h)^3 + k`` or ``\\sqrt[3]{ax + b} + k``), ``exp_log`` (``a \\cdot 2^{x} + k``,
    ``\\ln(ax + b) + k``, ``e^{ax + b} + k``) and ``nested`` (a linear fractional map of
    ``2^{x}`` or of ``\\sqrt[3]{x}``, or ``\\ln`` of one), and raises ``size`` (the largest
    coefficient, 3 -> 9).

    Answer syntax (stated in the prompt): expression mode asks for f^{-1}(x) as an
    expression in x (form ``expression``; the symbol f, as in ``f^{-1}(x)``, is refused,
    and f itself has a different value); value mode asks for an integer or a fraction p/q
    in lowest terms (form ``rational``). Each answer is unique: a one-to-one function has
    one inverse, compared by value.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "kind": Knob("categorical", choices=_KINDS, default="fractional", doc="function type"),
        "size": Knob("int", 2, 12, default=5, easy=3, hard=9, doc="largest coefficient"),
    }
    answer_syntax = (
        "an expression in x for f^{-1}(x) (like (2x - 3)/(5 - x) or \\ln(x - 1) + 2) where "
        "the inverse function is asked, else the exact value (an integer or a fraction p/q)"
    )
    answer_form = "expression or rational"
    answer_label_patterns = (
        r"Find the inverse function (f\^\{-1\}\(x\))",
        r"Compute (f\^\{-1\}\([^)]*\)), the number (x) with",
    )  # docs/answers.md

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        size = knobs["size"]
        value_mode = rng.random() < 0.4
        for attempt in range(201):
            definition, inverse, point, answer = _BUILDERS[knobs["kind"]](rng, size)
            if not value_mode or attempt == 200:  # tiny coefficients: every value is stated
                question = (
                    f"Let f(x) = {definition}. Find the inverse function f^{{-1}}(x), written "
                    "as an expression in x."
                )
                meta = {"mode": "expression", "kind": knobs["kind"], "definition": definition}
                return Draft(question, inverse, meta)
            if point is None:
                continue
            question = (
                f"Let f(x) = {definition}. Compute f^{{-1}}({fraction_text(point)}), the number "
                "x with f(x) = " + fraction_text(point) + ". Give an integer or a fraction "
                "p/q in lowest terms."
            )
            if answer in stated_numbers(question):
                continue  # copying a number of the prompt must not be the answer
            meta = {"mode": "value", "kind": knobs["kind"], "definition": definition}
            return Draft(question, fraction_text(answer), meta)
        raise AssertionError("unreachable: the last attempt asks for the inverse function")

    def form_variables(self, problem: Problem) -> tuple[str, ...]:
        return ("x",) if problem.meta["mode"] == "expression" else ()

    def check(self, problem: Problem, answer: str) -> Judgement:
        if problem.meta["mode"] != "expression":
            return judge_value(problem, answer, "rational")
        args = [problem.meta["definition"], problem.answer, _POINTS]
        return judge_in_worker(answer, "expression", ("x",), _TARGET, args)

    def complexity(self, problem: Problem) -> float:
        """Four per step of the function (its kind's position), plus the digits in f and a
        third of the answer's length."""
        steps = _KINDS.index(problem.meta["kind"]) + 1
        digits = sum(c.isdigit() for c in problem.meta["definition"])
        return 4 * steps + digits + len(problem.answer) / 3


def _real_roots(expr):
    """Odd roots on the real branch (``\\sqrt[3]{-8} = -2``, as f means them), not sympy's
    principal complex branch, which would make ``3 - \\sqrt[3]{x + 4}`` differ from
    ``\\sqrt[3]{-x - 4} + 3``."""
    import sympy

    def odd_root(e) -> bool:
        return bool(e.is_Pow and e.exp.is_Rational and not e.exp.is_Integer and e.exp.q % 2 == 1)

    return expr.replace(
        odd_root, lambda e: sympy.sign(e.base) ** e.exp.p * sympy.Abs(e.base) ** e.exp
    )


def inverse_matches(answer: str, definition: str, reference: str, points: list[str]) -> str:
    """Worker: ``ok`` when the answer g satisfies g(f(t)) = t at every pair (f(t), t) checked,
    at least :data:`_MIN_CHECKED` of them, else ``wrong`` (``unparsable`` when the answer
    does not parse). The pairs come from the points t where f(t) is real, and from the points
    y where the reference inverse is real with f(reference(y)) = y (so that a narrow domain,
    as of ``\\ln((5 - 8x)/(4x + 2))``, still gets enough pairs). The answer is model text,
    parsed only by our whitelist parser; ``definition`` and ``reference`` are our own text.
    The comparison is numeric to many more digits than any number literal the answer
    writes, so a decimal approximation of a coefficient fails.
    """
    import sympy

    from rlvr_envs.mathcheck.equivalence import literal_digits
    from rlvr_envs.mathcheck.parse import ParseError, parse
    from rlvr_envs.mathcheck.symbolic import to_sympy

    try:
        node = parse(answer)
        g = to_sympy(node)
    except (ParseError, ValueError, TypeError, RecursionError, ZeroDivisionError):
        return "unparsable"
    x = sympy.Symbol("x")
    if not isinstance(g, sympy.Expr) or g.free_symbols - {x}:
        return "wrong"
    f = _real_roots(to_sympy(parse(definition)))
    gold = _real_roots(to_sympy(parse(reference)))
    g = _real_roots(g)
    digits = 50 + literal_digits(node)
    precision = digits + 20
    tolerance = sympy.Float(10, precision) ** -(digits - 10)

    def real(value) -> bool:
        return bool(value.is_real and value.is_finite)

    pairs = []
    for text in points:
        t = sympy.Rational(text)
        y = f.subs(x, t)
        if real(sympy.N(y, precision)):
            pairs.append((y, sympy.N(t, precision)))
        y = sympy.Rational(text)
        t_value = sympy.N(gold.subs(x, y), precision)
        if real(t_value) and abs(sympy.N(f.subs(x, t_value), precision) - y) < tolerance:
            pairs.append((y, t_value))
    checked = 0
    for y, t_value in pairs:
        try:
            back = sympy.N(g.subs(x, y), precision)
        except Exception:  # sympy's own failures on odd input
            return "wrong"
        if not (back.is_number and back.is_finite) or back.has(sympy.zoo, sympy.nan):
            return "wrong"
        if abs(back - t_value) > tolerance * max(1, abs(t_value)):
            return "wrong"
        checked += 1
    return "ok" if checked >= _MIN_CHECKED else "wrong"


Built = tuple[str, str, Fraction | None, Fraction | None]


def _linear(rng: random.Random, size: int) -> Built:
    a, b = nonzero(rng, size, 2), nonzero(rng, size)
    inverse = _over(_affine(-1, b), -a) if a < 0 else _over(_affine(1, -b), a)
    t = Fraction(nonzero(rng, size))
    return _affine(a, b), inverse, a * t + b, t


def _fractional_coeffs(rng: random.Random, size: int) -> tuple[int, int, int, int]:
    while True:
        a, b, c, d = rng.randint(-size, size), nonzero(rng, size), nonzero(rng, size), 0
        d = rng.randint(-size, size)
        if a * d - b * c != 0 and a + d != 0:
            return a, b, c, d


def _fractional(rng: random.Random, size: int) -> Built:
    a, b, c, d = _fractional_coeffs(rng, size)
    t = Fraction(nonzero(rng, size))
    point = None if c * t + d == 0 else (a * t + b) / (c * t + d)
    return _quotient(a, b, c, d), _quotient(d, -b, -c, a), point, t


def _cube_root(rng: random.Random, size: int) -> Built:
    if rng.random() < 0.5:  # a(x - h)^3 + k  ->  \sqrt[3]{(x - k)/a} + h
        a, h, k = nonzero(rng, max(2, size // 2)), nonzero(rng, size), nonzero(rng, size)
        shift = _affine(1, -h)
        cube = f"({shift})^3" if abs(a) == 1 else f"{abs(a)}({shift})^3"
        definition = ("-" if a < 0 else "") + cube + signed_term(k, "", False)
        inside = _affine(1, -k) if a > 0 else _affine(-1, k)
        inside = _over(inside, abs(a))
        inverse = f"\\sqrt[3]{{{inside}}}" + signed_term(h, "", False)
        t = Fraction(h + nonzero(rng, 3))
        return definition, inverse, a * (t - h) ** 3 + k, t
    # \sqrt[3]{ax + b} + k  ->  ((x - k)^3 - b)/a
    a, b, k = nonzero(rng, size, 2), nonzero(rng, size), nonzero(rng, size)
    definition = f"\\sqrt[3]{{{_affine(a, b)}}}" + signed_term(k, "", False)
    cube = f"({_affine(1, -k)})^3"
    if a > 0:
        inverse = _over(cube + signed_term(-b, "", False), a)
    else:
        inverse = _over(_neg_cube(cube, b), -a)
    m = rng.randint(1, 4)  # a positive radicand: no question of which cube root
    t = Fraction(m**3 - b, a)
    return definition, inverse, Fraction(m + k), t


def _neg_cube(cube: str, b: int) -> str:
    """``b - cube`` (the numerator of the inverse when a < 0: (b - (x - k)^3)/|a|)."""
    return f"{b} - {cube}" if b else f"-{cube}"


def _exp_log(rng: random.Random, size: int) -> Built:
    choice = rng.randrange(3)
    if choice == 0:  # a * B^x + k  ->  log_B((x - k)/a)
        base = rng.choice((2, 3))
        a, k = nonzero(rng, size), nonzero(rng, size)
        definition = _affine(a, k, f"{base}^{{x}}", dot=True)
        inside = _over(_affine(1, -k) if a > 0 else _affine(-1, k), abs(a))
        t = Fraction(rng.randint(0, 6 if base == 2 else 4))
        return definition, f"\\log_{{{base}}}({inside})", a * base**t + k, t
    if choice == 1:  # ln(ax + b) + k  ->  (e^{x - k} - b)/a
        a, b, k = nonzero(rng, size, 2), nonzero(rng, size), nonzero(rng, size)
        definition = f"\\ln({_affine(a, b)})" + signed_term(k, "", False)
        power = f"e^{{{_affine(1, -k)}}}"
        top = power + signed_term(-b, "", False) if a > 0 else f"{b} - {power}"
        return definition, _over(top, abs(a)), Fraction(k), Fraction(1 - b, a)
    # e^{ax + b} + k  ->  (\ln(x - k) - b)/a
    a, b, k = nonzero(rng, size, 2), nonzero(rng, size), nonzero(rng, size)
    definition = f"e^{{{_affine(a, b)}}}" + signed_term(k, "", False)
    log = f"\\ln({_affine(1, -k)})"
    top = log + signed_term(-b, "", False) if a > 0 else f"{b} - {log}"
    return definition, _over(top, abs(a)), Fraction(k + 1), Fraction(-b, a)


def _nested(rng: random.Random, size: int) -> Built:
    a, b, c, d = _fractional_coeffs(rng, size)
    choice = rng.randrange(3)
    inverse_ratio = _quotient(d, -b, -c, a)  # the inverse of (ax + b)/(cx + d), in x
    if choice == 0:  # (a 2^x + b)/(c 2^x + d)  ->  log_2 of the fractional inverse
        definition = _quotient(a, b, c, d, "2^{x}", dot=True)
        t = rng.randint(0, 4)
        u = Fraction(2**t)
        point = None if c * u + d == 0 else (a * u + b) / (c * u + d)
        return definition, f"\\log_{{2}}({inverse_ratio})", point, Fraction(t)
    if choice == 1:  # (a cbrt(x) + b)/(c cbrt(x) + d)  ->  (fractional inverse)^3
        definition = _quotient(a, b, c, d, "\\sqrt[3]{x}")
        m = rng.randint(1, 3)
        point = None if c * m + d == 0 else Fraction(a * m + b, c * m + d)
        return definition, f"({inverse_ratio})^3", point, Fraction(m**3)
    # ln((ax + b)/(cx + d))  ->  the fractional inverse of e^x
    definition = f"\\ln({_quotient(a, b, c, d)})"
    inverse = _quotient(d, -b, -c, a, "e^{x}")
    point = None if a == c else Fraction(0)
    answer = None if a == c else Fraction(d - b, a - c)
    return definition, inverse, point, answer


_BUILDERS = {
    "linear": _linear,
    "fractional": _fractional,
    "cube_root": _cube_root,
    "exp_log": _exp_log,
    "nested": _nested,
}
