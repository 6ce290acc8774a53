"""ContinuedFraction: simple continued fractions of rationals and of square roots.

Three questions: ``expand`` (the simple continued fraction of p/q, by the Euclidean
algorithm), ``evaluate`` (the value of a finite continued fraction, as p/q in lowest terms,
by the convergent recurrence h_k = a_k h_(k-1) + h_(k-2)) and ``sqrt`` (the periodic
continued fraction of sqrt(n) for a non-square n, by the m, d, a recurrence; Lagrange's
theorem: it is periodic, the period starts right after a0 and ends with 2 a0).

All values are plain Python integers; nothing here needs sympy.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from math import isqrt
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.math.number_theory_parts import (
    is_repeating_decimal,
    parse_int_items,
    unwrap,
)
from rlvr_envs.families.shared.formulas import fraction_text
from rlvr_envs.families.shared.math_answers import MathFamily, judge_value

_LIST = re.compile(r"\[\s*([^;,\]]+?)\s*[;,]\s*(.*?)\s*\]", re.DOTALL)
_SINGLE = re.compile(r"\[\s*([^;,\]]+?)\s*\]")
_PERIOD = re.compile(r"\(\s*([^()]*?)\s*\)|\\overline\s*\{\s*([^{}]*?)\s*\}")


def expand(value: Fraction) -> list[int]:
    """The simple continued fraction of a rational (last term > 1 unless it is alone)."""
    p, q, terms = value.numerator, value.denominator, []
    while q:
        a, r = divmod(p, q)
        terms.append(a)
        p, q = q, r
    return terms


def evaluate(terms: list[int]) -> Fraction:
    """The value of [a0; a1, ..., an] by the convergent recurrence."""
    h, h_prev, k, k_prev = terms[0], 1, 1, 0
    for a in terms[1:]:
        h, h_prev = a * h + h_prev, h
        k, k_prev = a * k + k_prev, k
    return Fraction(h, k)


def sqrt_expansion(n: int) -> tuple[int, list[int]]:
    """(a0, period) of sqrt(n) for a non-square n > 1."""
    a0 = isqrt(n)
    m, d, a, period = 0, 1, a0, []
    while a != 2 * a0:
        m = d * a - m
        d = (n - m * m) // d
        a = (a0 + m) // d
        period.append(a)
    return a0, period


def cf_text(terms: list[int]) -> str:
    return f"[{terms[0]}; " + ", ".join(str(t) for t in terms[1:]) + "]"


class ContinuedFraction(MathFamily):
    """Simple continued fractions: expand a rational, evaluate a finite one, expand sqrt(n).

    Difficulty moves ``question`` through ``expand``, ``evaluate`` and ``sqrt``, raises
    ``terms`` (length of the expansion; for ``sqrt`` the period length is kept near it) and
    ``size`` (the largest partial quotient, or how large n gets).

    Answer syntax: ``expand``: ``[a0; a1, ..., an]`` with a1, ..., an positive and the last
    term greater than 1 (the canonical expansion; ``,`` after a0 is accepted too);
    ``evaluate``: p/q in lowest terms; ``sqrt``: ``[a0; (a1, ..., ak)]``, the parentheses
    holding exactly one minimal period (``\\overline{a1, ..., ak}`` is accepted too).
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "question": Knob(
            "categorical",
            choices=("expand", "evaluate", "sqrt"),
            default="expand",
            doc="what is asked",
        ),
        "terms": Knob("int", 2, 14, default=4, easy=3, hard=9, doc="length of the expansion"),
        "size": Knob("int", 2, 99, default=9, easy=4, hard=40, doc="largest partial quotient"),
    }
    answer_syntax = "your final answer in the form stated above"
    answer_form = "continued fraction [a0; a1, ..., an], periodic [a0; (a1, ..., ak)], or p/q"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        question, terms, size = knobs["question"], knobs["terms"], knobs["size"]
        if question == "sqrt":
            return _sqrt(rng, terms, size)
        head = rng.randint(0, size)
        tail = [rng.randint(1, size) for _ in range(terms - 1)]
        if tail[-1] == 1:
            tail[-1] = rng.randint(2, max(2, size))
        cf = [head, *tail]
        value = evaluate(cf)
        if question == "expand":
            text = (
                f"Find the simple continued fraction expansion of {fraction_text(value)}.\n"
                "Write it as [a0; a1, a2, ..., an] with integers a1, ..., an >= 1 and the "
                "last term greater than 1."
            )
            return Draft(text, cf_text(cf), {"question": question, "terms": cf})
        text = (
            f"Evaluate the finite simple continued fraction {cf_text(cf)}, where "
            "[a0; a1, ..., an] means a0 + 1/(a1 + 1/(a2 + ... + 1/an)).\n"
            "Give the value as a fraction p/q in lowest terms."
        )
        return Draft(text, fraction_text(value), {"question": question, "terms": cf})

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        if meta["question"] == "evaluate":
            if is_repeating_decimal(answer):  # a decimal, though the rational form lets it by
                return Judgement.wrong(form="a repeating decimal where p/q is asked")
            return judge_value(problem, answer, "rational")
        text = unwrap(answer, display=False)  # \[ ... \] is a bracket here, not display math
        text = text.replace("\\[", "[").replace("\\]", "]")
        if meta["question"] == "expand":
            terms = _parse_list(text)
            if terms is None:
                return Judgement.unparsable("not a continued fraction [a0; a1, ..., an]")
            # The expansion with last term > 1 is unique (Euclid's algorithm gives it).
            return Judgement.right() if terms == meta["terms"] else Judgement.wrong()
        parsed = _parse_periodic(text)
        if parsed is None:
            return Judgement.unparsable("not a periodic continued fraction [a0; (a1, ..., ak)]")
        # The minimal period is unique, and the period of sqrt(n) starts at a1.
        head, period = parsed
        right = head == meta["head"] and period == meta["period"]
        return Judgement.right() if right else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Terms of the expansion (or period) plus the digits of everything written."""
        meta = problem.meta
        terms = meta.get("terms") or [meta["head"], *meta["period"]]
        return len(terms) + sum(len(str(t)) for t in terms) + len(problem.answer) / 2


def _parse_list(text: str) -> list[int] | None:
    match = _LIST.fullmatch(text)
    if match is None:
        single = _SINGLE.fullmatch(text)
        head = parse_int_items(single.group(1)) if single else None
        return head if head and len(head) == 1 else None
    head, rest = parse_int_items(match.group(1)), parse_int_items(match.group(2))
    if head is None or rest is None or len(head) != 1 or any(t < 1 for t in rest):
        return None
    return head + rest


def _parse_periodic(text: str) -> tuple[int, list[int]] | None:
    match = _LIST.fullmatch(text)
    if match is None:
        return None
    head = parse_int_items(match.group(1))
    period = _PERIOD.fullmatch(match.group(2))
    if head is None or len(head) != 1 or period is None:
        return None
    items = parse_int_items(period.group(1) if period.group(1) is not None else period.group(2))
    if items is None or any(t < 1 for t in items):
        return None
    return head[0], items


def _sqrt(rng: random.Random, terms: int, size: int) -> Draft:
    high = max(8, terms * size * 2)
    best = None
    for _ in range(40):
        n = rng.randint(2, high)
        if isqrt(n) ** 2 == n or n == 3:  # sqrt(3) is the prompt's example
            continue
        head, period = sqrt_expansion(n)
        if best is None or abs(len(period) - terms) < abs(len(best[2]) - terms):
            best = (n, head, period)
        if abs(len(period) - terms) <= 1:
            break
    n, head, period = best
    answer = f"[{head}; (" + ", ".join(str(t) for t in period) + ")]"
    text = (
        f"Find the simple continued fraction expansion of sqrt({n}).\n"
        "It is periodic: write it as [a0; (a1, a2, ..., ak)], where the parentheses hold "
        "exactly one shortest repeating block (for example sqrt(3) = [1; (1, 2)])."
    )
    return Draft(text, answer, {"question": "sqrt", "n": n, "head": head, "period": period})
