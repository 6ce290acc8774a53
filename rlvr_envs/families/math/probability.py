"""What the probability and statistics families share: a template-driven generator with exact
``fractions.Fraction`` answers, and the exact distributions the templates compute from.

Every template is a function ``(rng, size) -> (question, answer, steps)``: ``size`` is the
family's numeric knob (dice, cards, balls, trials, ...), ``answer`` a Fraction and ``steps``
the number of reasoning steps the solution takes (counted by the template, used by
``complexity``). Answers 0, 1 and 1/2 are redrawn, so that a constant guess earns nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from math import comb, isqrt
from typing import ClassVar

from rlvr_envs.core import Draft, Problem
from rlvr_envs.families.shared.formulas import fraction_text
from rlvr_envs.families.shared.math_answers import MathFamily

Template = Callable[[random.Random, int], tuple[str, Fraction, int]]

RATIONAL_SYNTAX = (
    "the exact value as an integer or a fraction p/q in lowest terms (no decimals, no percent)"
)

_ATTEMPTS = 20


class TemplateFamily(MathFamily):
    """A family whose ``level`` knob picks a group of templates and whose ``size`` knob (named
    by ``size_knob``) scales the instance; the answer is an exact rational.

    Subclasses set ``knobs``, ``levels`` (level name -> templates) and ``size_knob``.
    """

    levels: ClassVar[dict[str, tuple[Template, ...]]] = {}
    size_knob: ClassVar[str] = "size"
    answer_form = "rational"
    answer_syntax = RATIONAL_SYNTAX
    avoid: ClassVar[tuple[Fraction, ...]] = (Fraction(0), Fraction(1), Fraction(1, 2))

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        templates = self.levels[knobs["level"]]
        for _ in range(_ATTEMPTS):
            template = rng.choice(templates)
            question, answer, steps = template(rng, knobs[self.size_knob])
            if answer not in self.avoid:
                break
        meta = {"template": template.__name__.lstrip("_"), "steps": steps, "question": question}
        return Draft(question, fraction_text(answer), meta)

    def complexity(self, problem: Problem) -> float:
        """Digits given, digits of the answer, and the solution steps (weighted)."""
        given = sum(c.isdigit() for c in problem.meta["question"])
        return given + len(problem.answer) + 4 * problem.meta["steps"]


# -- distributions -------------------------------------------------------------------------
def convolve(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    """The count distribution of the sum of two independent count distributions."""
    out: dict[int, int] = {}
    for x, cx in a.items():
        for y, cy in b.items():
            out[x + y] = out.get(x + y, 0) + cx * cy
    return out


def faces_counts(faces: Sequence[int]) -> dict[int, int]:
    """How many faces of a die show each value."""
    out: dict[int, int] = {}
    for face in faces:
        out[face] = out.get(face, 0) + 1
    return out


def sum_counts(dice: Sequence[Sequence[int]]) -> dict[int, int]:
    """Count distribution of the sum of independent dice (each a list of faces)."""
    out = {0: 1}
    for faces in dice:
        out = convolve(out, faces_counts(faces))
    return out


def is_prime(n: int) -> bool:
    if n < 2:
        return False
    return all(n % d for d in range(2, isqrt(n) + 1))


def binomial_pmf(n: int, k: int, p: Fraction) -> Fraction:
    """P(X = k) for X ~ Binomial(n, p)."""
    if not 0 <= k <= n:
        return Fraction(0)
    return comb(n, k) * p**k * (1 - p) ** (n - k)


def hypergeometric(good: int, bad: int, draws: int, k: int) -> Fraction:
    """P(exactly k good among ``draws`` drawn without replacement from good + bad)."""
    if k < 0 or k > draws or k > good or draws - k > bad:
        return Fraction(0)
    return Fraction(comb(good, k) * comb(bad, draws - k), comb(good + bad, draws))


def random_fraction(rng: random.Random, max_den: int, *, proper: bool = True) -> Fraction:
    """A fraction strictly between 0 and 1 with denominator at most ``max_den``, not 1/2."""
    while True:
        den = rng.randint(3, max(3, max_den))
        num = rng.randint(1, den - 1)
        value = Fraction(num, den)
        if value != Fraction(1, 2) or not proper:
            return value


def count_text(n: int, singular: str, plural: str | None = None) -> str:
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
