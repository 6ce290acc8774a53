"""Recurrence: solve a linear recurrence with constant coefficients.

``a_n = r a_{n-1} + d`` (first order), ``a_n = p a_{n-1} + q a_{n-2}`` (second order,
distinct or repeated characteristic roots) and, at the hard end, the same plus a polynomial
forcing term in n. The general solution is the homogeneous part ``c_1 r_1^n + c_2 r_2^n``
(``(c_1 + c_2 n) r^n`` for a double root) plus a particular solution, which for a
polynomial forcing term is a polynomial of the same degree when 1 is not a characteristic
root. Problems are built backwards from integer roots and coefficients, so the closed form
has integer parameters. Two modes, drawn per problem: ``closed`` asks for a_n as an
expression in n, ``value`` for a_N at a large N.

Answer syntax: an expression in n (``3 \\cdot 2^{n} - (-1)^{n} + n``), or one integer.

The closed form is checked in the worker: it must equal the sequence at every n from 0 to
30, at 37, 50 and 64, and at eight more n below 1000 drawn from a hash of the reference and
the answer, exactly (a formula that restates the recurrence names ``a`` and is refused by
the form check; a closed form is a function of n alone). It may use only parts analytic in
n (sums, products, powers with an n-free base or an integer exponent, exp, sin, cos, small
binomials): ``|n - K|``, ``\\binom{n}{K}`` or ``0^{K - n}`` vanish up to K and not after,
so no finite set of indices could tell them from 0.

Knobs: ``kind`` (``first_order``, ``distinct``, ``repeated``, ``forced``) and ``size`` (the
largest root and coefficient). At difficulty 1 a second-order recurrence with a linear or
quadratic forcing term must be solved, or iterated/solved to a 30-digit a_N.
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.math.equation_parts import nonzero
from rlvr_envs.families.math.function_parts import poly_eval, poly_text
from rlvr_envs.families.shared.formulas import signed_term
from rlvr_envs.families.shared.math_answers import MathFamily, judge_in_worker, judge_value
from rlvr_envs.mathcheck import sampling

_KINDS = ("first_order", "distinct", "repeated", "forced")
_CHECK_POINTS = [*range(31), 37, 50, 64]  # the indices whose values the problem's meta holds
_EXTRA_CHECKS = 8  # more indices per answer, drawn from a hash of the reference and the answer
_FAR = 1_000  # ... below this
_BINOMIAL_K = 20  # binom(n, k) with k up to this is read as the polynomial it is
_TARGET = "rlvr_envs.families.math.recurrence:closed_form_matches"
_PREFIX = re.compile(r"^\s*a_\{?n\}?\s*=")


class Recurrence(MathFamily):
    """Closed form, or a far term, of a linear recurrence with constant coefficients.

    Difficulty moves ``kind`` from ``first_order`` through ``distinct`` and ``repeated``
    (characteristic roots) to ``forced`` (a polynomial term in n added), and raises
    ``size`` (roots and coefficients, 3 -> 7); value mode asks for a_N with N from 10 to 40.

    Answer syntax (stated in the prompt): closed mode asks for a_n as an expression in n
    (form ``expression``), checked exactly at n = 0..30, 37, 50, 64 and eight indices drawn
    per answer below 1000 in the worker; value mode asks for one integer. Unique: a
    sequence has one value at each n, and two closed forms that agree on all those n are the
    same sequence for these recurrences (order at most 2 plus a forcing polynomial of degree
    at most 2: 5 parameters).
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "kind": Knob("categorical", choices=_KINDS, default="distinct", doc="recurrence type"),
        "size": Knob("int", 2, 9, default=4, easy=3, hard=7, doc="roots and coefficients"),
    }
    answer_syntax = (
        "a closed form for a_n as an expression in n (like 3 \\cdot 2^{n} - (-1)^{n} + n) "
        "where a closed form is asked, else one integer"
    )
    answer_form = "expression or integer"
    answer_label_patterns = (r"Find the exact value of (a_\{\d+\})",)  # docs/answers.md

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        kind, size = knobs["kind"], knobs["size"]
        roots, coeffs, poly = _parameters(rng, kind, size)
        order = 1 if kind == "first_order" else 2
        p, q = _characteristic(roots, order)
        forcing = _forcing(poly, p, q, order)
        terms = [_closed_value(roots, coeffs, poly, n) for n in range(order)]
        relation = _relation_text(p, q, forcing, order)
        starts = ", ".join(f"a_{n} = {terms[n]}" for n in range(order))
        closed = _closed_text(roots, coeffs, poly)
        values = [_closed_value(roots, coeffs, poly, n) for n in _CHECK_POINTS]
        meta = {"kind": kind, "values": values, "mode": "closed"}
        if rng.random() < 0.5:
            question = (
                f"A sequence satisfies {relation} for n >= {order}, with {starts}.\n"
                "Find a closed form for a_n as an expression in n alone (valid for all "
                "n >= 0)."
            )
            return Draft(question, closed, meta)
        big = rng.randint(10, 40)
        meta.update(mode="value", values=[], index=big)
        question = (
            f"A sequence satisfies {relation} for n >= {order}, with {starts}.\n"
            f"Find the exact value of a_{{{big}}} (an integer)."
        )
        return Draft(question, str(_closed_value(roots, coeffs, poly, big)), meta)

    def form_variables(self, problem: Problem) -> tuple[str, ...]:
        return ("n",) if problem.meta["mode"] == "closed" else ()

    def check(self, problem: Problem, answer: str) -> Judgement:
        if problem.meta["mode"] == "value":
            return judge_value(problem, answer, "integer")
        answer = _PREFIX.sub("", answer, count=1)  # "a_n = ...", as the prompt names it
        points = [[n, v] for n, v in zip(_CHECK_POINTS, problem.meta["values"], strict=False)]
        extra = check_indices(problem.answer, answer)
        return judge_in_worker(
            answer, "expression", ("n",), _TARGET, [points, problem.answer, extra]
        )

    def complexity(self, problem: Problem) -> float:
        """Five per level of the recurrence's kind, plus the digits of the initial values,
        the relation and the answer."""
        steps = _KINDS.index(problem.meta["kind"]) + 1
        digits = sum(c.isdigit() for c in problem.prompt.split("\n")[0])
        return 5 * steps + digits / 2 + len(problem.answer) / 3


def check_indices(reference: str, answer: str) -> list[int]:
    """Indices past the stored ones where the closed form is also checked, drawn from a
    hash of the reference *and* the answer: a term that vanishes at a fixed set of indices
    (a product of ``(n - k)`` over 0..30, 37, 50 and 64) cannot know them."""
    rng = sampling.seeded_rng("recurrence", reference, answer)
    return sorted(rng.sample(range(_CHECK_POINTS[-1] + 1, _FAR), _EXTRA_CHECKS))


def closed_form_matches(
    answer: str,
    points: list[list[int]],
    reference: str | None = None,
    extra: list[int] | None = None,
) -> bool:
    """Worker entry point: the answer (an expression in n) equals the sequence at each
    (n, a_n) point, exactly, and equals the reference closed form (our own text) at each
    index of ``extra``.

    n is a non-negative integer, so terms that vanish at every integer (``\\sin(\\pi n)``)
    are zero, as they should be. A term that is zero only up to some index and not after
    (``|n - 1000| + n - 1000``, ``\\binom{n}{1000}``, ``0^{1000 - n}``, a root of a square)
    is not a closed form of these sequences, whatever the indices checked: the answer may
    use sums, products, powers with an n-free base or an integer exponent, ``e``, ``\\sin``
    and ``\\cos`` of n, and binomials ``\\binom{n}{k}`` with a small integer k (a polynomial).
    """
    import sympy

    from rlvr_envs.mathcheck.parse import parse
    from rlvr_envs.mathcheck.symbolic import to_sympy, values_equal

    n_plain = sympy.Symbol("n")
    n = sympy.Symbol("n", integer=True, nonnegative=True)
    expr = to_sympy(parse(answer))
    if expr.free_symbols - {n_plain}:
        return False
    expr = expr.subs(n_plain, n)
    expr = expr.replace(
        lambda e: isinstance(e, sympy.binomial) and e.args[1].is_Integer,
        lambda e: sympy.expand_func(e) if 0 <= e.args[1] <= _BINOMIAL_K else e,
    )
    if not _admissible(expr, n):
        return False
    checks = [(index, sympy.Integer(target)) for index, target in points]
    if reference is not None and extra:
        gold = to_sympy(parse(reference)).subs(n_plain, n)
        checks += [(index, gold.subs(n, index)) for index in extra]
    for index, target in checks:
        value = expr.subs(n, index)
        if value.is_Rational:
            if value != target:
                return False
        elif not values_equal(sympy.simplify(value), target):
            return False
    return True


def _admissible(expr: Any, n: Any) -> bool:
    """Whether every part of ``expr`` that involves n is a sum, a product, a power with an
    n-free base or an integer exponent, or ``exp``, ``sin``, ``cos`` of such a part: functions
    analytic in n, none of which can be zero on all indices up to some bound and not after."""
    import sympy

    if not expr.has(n):
        return True
    if expr == n:
        return True
    if expr.is_Add or expr.is_Mul:
        return all(_admissible(arg, n) for arg in expr.args)
    if expr.is_Pow:
        base, exponent = expr.args
        if not base.has(n):
            return not base.is_zero and _admissible(exponent, n)
        return bool(exponent.is_Integer) and _admissible(base, n)
    if isinstance(expr, (sympy.exp, sympy.sin, sympy.cos)):
        return _admissible(expr.args[0], n)
    return False


def _parameters(rng: random.Random, kind: str, size: int) -> tuple[list, list, list[int]]:
    """(roots, homogeneous coefficients, particular polynomial) of the closed form."""

    def root() -> int:
        return rng.choice([r for r in range(-size, size + 1) if r not in (0, 1)])

    if kind == "first_order":
        r = root() if rng.random() < 0.5 else rng.randint(2, size)
        return [r], [nonzero(rng, size)], [rng.randint(-size, size)]
    if kind == "distinct":
        r1 = root()
        r2 = root()
        while r2 == r1:
            r2 = root()
        return [r1, r2], [nonzero(rng, size), nonzero(rng, size)], [0]
    if kind == "repeated":
        r = root()
        return [r, r], [nonzero(rng, size), nonzero(rng, size)], [0]
    # forced: distinct or repeated roots plus a polynomial of degree 1 or 2
    r1 = root()
    r2 = r1 if rng.random() < 0.3 else root()
    degree = rng.randint(1, 2)
    poly = [rng.randint(-size, size) for _ in range(degree)] + [nonzero(rng, 3)]
    return [r1, r2], [nonzero(rng, size), nonzero(rng, size)], poly


def _characteristic(roots: list[int], order: int) -> tuple[int, int]:
    if order == 1:
        return roots[0], 0
    return roots[0] + roots[1], -roots[0] * roots[1]


def _forcing(poly: list[int], p: int, q: int, order: int) -> list[int]:
    """g(n) with P(n) - p P(n-1) - q P(n-2) = g(n), so P is a particular solution."""
    shifted1 = _shift(poly)
    shifted2 = _shift(shifted1)
    out = [0] * len(poly)
    for i in range(len(poly)):
        out[i] = poly[i] - p * shifted1[i] - (q * shifted2[i] if order == 2 else 0)
    while len(out) > 1 and out[-1] == 0:
        out.pop()
    return out


def _shift(poly: list[int]) -> list[int]:
    """P(n - 1) as coefficients."""
    from math import comb

    out = [0] * len(poly)
    for k, c in enumerate(poly):
        for j in range(k + 1):
            out[j] += c * comb(k, j) * (-1) ** (k - j)
    return out


def _closed_value(roots: list[int], coeffs: list[int], poly: list[int], n: int) -> int:
    if len(roots) == 2 and roots[0] == roots[1]:
        value = (coeffs[0] + coeffs[1] * n) * roots[0] ** n
    else:
        value = sum(c * r**n for c, r in zip(coeffs, roots))
    return value + poly_eval(poly, n)


def _power(r: int) -> str:
    return f"{r}^{{n}}" if r > 0 else f"({r})^{{n}}"


def _closed_text(roots: list[int], coeffs: list[int], poly: list[int]) -> str:
    parts: list[str] = []
    if len(roots) == 2 and roots[0] == roots[1]:
        inner = poly_text([coeffs[0], coeffs[1]], "n")
        parts.append(f"({inner}) \\cdot {_power(roots[0])}")
    else:
        for c, r in zip(coeffs, roots):
            body = _power(r)
            if abs(c) == 1:
                parts.append(("-" if c < 0 else "") + body)
            else:
                parts.append(f"{c} \\cdot {body}")
    text = parts[0]
    for part in parts[1:]:
        text += f" - {part[1:]}" if part.startswith("-") else f" + {part}"
    tail = poly_text(poly, "n")
    if tail != "0":
        text += f" - {tail[1:]}" if tail.startswith("-") else f" + {tail}"
    return text


def _relation_text(p: int, q: int, forcing: list[int], order: int) -> str:
    text = "a_n = " + (signed_term(p, "a_{n-1}", True) or "")
    if order == 2:
        text += signed_term(q, "a_{n-2}", not p)
    extra = poly_text(forcing, "n")
    if extra != "0":
        text += f" - {extra[1:]}" if extra.startswith("-") else f" + {extra}"
    return text
