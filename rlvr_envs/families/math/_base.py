"""What every math family shares: answers are judged by math equivalence, exactly."""

from __future__ import annotations

from fractions import Fraction

from rlvr_envs.core import Family, Judgement, Problem
from rlvr_envs.registry import verify_timeout
from rlvr_envs.verifiers.math import compare_answers


class MathFamily(Family):
    """A family whose answer is a value, compared with :func:`verifiers.math.is_equivalent`.

    ``rounding`` is off: a decimal approximation of an exact answer is wrong, since every
    math family asks for exact values.
    """

    answer_syntax = "the final answer"
    rounding = False

    def check(self, problem: Problem, answer: str) -> Judgement:
        result = compare_answers(problem.answer, answer, verify_timeout(), self.rounding)
        if result.equal:
            return Judgement.right()
        if result.reason == "unparsable":
            return Judgement.unparsable("not a math expression in the accepted syntax")
        if result.reason in ("timeout", "error"):
            return Judgement(False, 0.0, result.reason)
        return Judgement.wrong()


def fraction_text(value: Fraction) -> str:
    """``7``, ``-3/4``: the canonical text of a rational answer."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def signed_term(coefficient: int, body: str, first: bool) -> str:
    """Render ``coefficient*body`` as a term of a sum: ``+ 3x``, ``- x``, ``2x`` (first)."""
    if coefficient == 0:
        return ""
    magnitude = abs(coefficient)
    text = (body if magnitude == 1 and body else f"{magnitude}{body}") or "1"
    if first:
        return f"-{text}" if coefficient < 0 else text
    return f" - {text}" if coefficient < 0 else f" + {text}"
