"""LinearDiophantine: integer solutions of a x + b y = c (and a x + b y + c z = d).

Two questions. ``solution``: the integer solution (x, y) with the smallest positive x, or,
when there is none, the answer ``none, gcd = g`` naming gcd(a, b), which does not divide c
(Bezout's identity: a x + b y = c is solvable exactly when gcd(a, b) divides c; the
solutions are x = x0 + (b/g) t, y = y0 - (a/g) t). ``count``: the number of solutions in
positive integers (with two or three unknowns).

All values are plain Python integers; nothing here needs sympy.
"""

from __future__ import annotations

import random
from math import gcd, isqrt
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.math.number_theory_parts import digit_count, parse_none
from rlvr_envs.families.shared.formulas import signed_term
from rlvr_envs.families.shared.math_answers import MathFamily, judge_value
from rlvr_envs.mathcheck.forms import check_form

_NO_SOLUTION_RATE = 0.15


def count_positive(a: int, b: int, n: int) -> int:
    """Solutions of a x + b y = n in positive integers (a, b > 0), in closed form."""
    g = gcd(a, b)
    if n % g or n < a + b:
        return 0
    a, b, n = a // g, b // g, n // g
    # x = x0 (mod b) with x0 = n * a^-1 mod b; x >= 1 and b y = n - a x >= b.
    top = (n - b) // a  # the largest x
    x0 = n * pow(a, -1, b) % b if b > 1 else 0
    first = x0 if x0 >= 1 else x0 + b
    return 0 if first > top else (top - first) // b + 1


def count_positive3(a: int, b: int, c: int, d: int) -> int:
    """Solutions of a x + b y + c z = d in positive integers, summed over z."""
    return sum(count_positive(a, b, d - c * z) for z in range(1, (d - a - b) // c + 1))


def smallest_positive_x(a: int, b: int, c: int) -> tuple[int, int] | None:
    """The solution of a x + b y = c with the least x >= 1, or None (gcd does not divide c)."""
    g = gcd(a, b)
    if c % g:
        return None
    period = abs(b) // g
    x = (c // g) * pow(a // g, -1, period) % period if period > 1 else 0
    if x < 1:
        x += period
    return x, (c - a * x) // b


class LinearDiophantine(MathFamily):
    """Integer solutions of a linear Diophantine equation.

    Difficulty moves ``question`` from ``solution`` (the solution with the smallest
    positive x, or ``none, gcd = g`` when gcd(a, b) does not divide c; about 15% of
    instances, with g from 2 to 30, so no constant earns more than a few percent) to
    ``count`` (the number of solutions in positive integers), raises ``digits`` (size of
    the coefficients; at 3 or more they may be negative in ``solution``) and ``variables``
    (2 or 3 unknowns; 3 only in ``count``: a x + b y + c z = d, the sum over z of
    two-unknown counts).

    Answer syntax: ``(x, y)`` (integers); ``none, gcd = g``; or one non-negative integer
    (a count).
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "question": Knob(
            "categorical", choices=("solution", "count"), default="solution", doc="what is asked"
        ),
        "digits": Knob("int", 1, 5, default=2, easy=1, hard=4, doc="digits of the coefficients"),
        "variables": Knob("int", 2, 3, default=2, easy=2, hard=3, doc="unknowns in a count"),
    }
    answer_syntax = "your final answer in the form stated above"
    answer_form = "tuple (x, y) of integers, 'none, gcd = g', or an integer count"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        digits = knobs["digits"]
        if knobs["question"] == "solution":
            return _solution(rng, digits)
        if knobs["variables"] == 3:
            return _count3(rng, digits)
        return _count2(rng, digits)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        if meta["question"] == "count":
            return judge_value(problem, answer, "integer")
        witness = parse_none(answer, "gcd")
        if witness is None:
            return Judgement.unparsable("write a missing solution as: none, gcd = g")
        if witness is not False:
            # The witness is unique: gcd(a, b), which must not divide c.
            right = problem.answer == f"none, gcd = {witness}"
            return Judgement.right() if right else Judgement.wrong()
        form = check_form(answer, "tuple", variables=("x", "y"), element="integer")
        if not form.parsed:
            return Judgement.unparsable(form.why)
        if problem.answer.startswith("none"):
            return Judgement.wrong()
        # The solution with the least positive x is unique (x runs through one residue
        # class modulo b/g), so comparing values is right.
        return judge_value(problem, answer, "tuple", element="integer", variables=("x", "y"))

    def complexity(self, problem: Problem) -> float:
        """Digits of the coefficients, Euclid's work on them, and digits of the answer."""
        coefficients = problem.meta["coefficients"]
        steps = sum(digit_count(c) for c in coefficients)
        if problem.meta["question"] == "count":
            steps += 3 * (len(coefficients) - 2) * digit_count(coefficients[-1]) + 4
        return steps + len(problem.answer)


def _coefficient(rng: random.Random, digits: int, signed: bool) -> int:
    value = rng.randint(2, 10**digits - 1 if digits > 1 else 12)
    return -value if signed and rng.random() < 0.4 else value


def _equation(coefficients: list[int], names: str, right: int) -> str:
    terms = "".join(signed_term(c, v, i == 0) for i, (c, v) in enumerate(zip(coefficients, names)))
    return f"{terms} = {right}"


def _solution(rng: random.Random, digits: int) -> Draft:
    signed = digits >= 3
    for _ in range(100):
        a, b = _coefficient(rng, digits, signed), _coefficient(rng, digits, signed)
        if gcd(a, b) < 50 and abs(a) != abs(b):
            break
    if rng.random() < _NO_SOLUTION_RATE:
        g = rng.randint(2, 30)
        a, b = a // gcd(a, b) * g, b // gcd(a, b) * g
        c = g * rng.randint(1, 10**digits * 3) + rng.randint(1, g - 1)
        answer = f"none, gcd = {g}"
    else:
        g = gcd(a, b)
        x0, y0 = rng.randint(-(10**digits), 10**digits), rng.randint(-(10**digits), 10**digits)
        c = a * x0 + b * y0
        if c == 0 or c % g:
            c = a * x0 + b * (y0 + 1) or a + b
        x, y = smallest_positive_x(a, b, c)
        answer = f"({x}, {y})"
    if signed and rng.random() < 0.3:
        c = -c
        if not answer.startswith("none"):
            x, y = smallest_positive_x(a, b, c)
            answer = f"({x}, {y})"
    question = (
        f"Consider the equation {_equation([a, b], 'xy', c)} in integers x and y.\n"
        "Among all its integer solutions, find the one with the smallest positive x and "
        "answer (x, y). If the equation has no integer solution, answer exactly "
        "none, gcd = g, where g is the greatest common divisor of the coefficients of x "
        "and y."
    )
    meta = {"question": "solution", "coefficients": [a, b, c]}
    return Draft(question, answer, meta)


def _count2(rng: random.Random, digits: int) -> Draft:
    for _ in range(100):
        a, b = _coefficient(rng, digits, False), _coefficient(rng, digits, False)
        if a != b and gcd(a, b) < 10:
            break
    g = gcd(a, b)
    target = rng.randint(1, 20 * digits * digits)  # roughly the count
    c = g * rng.randint(max(1, (target - 1) * (a // g) * (b // g)), target * (a // g) * (b // g))
    c = max(c, a + b)
    answer = count_positive(a, b, c)
    question = (
        f"How many pairs (x, y) of positive integers satisfy {_equation([a, b], 'xy', c)}?\n"
        "Answer with one integer."
    )
    return Draft(question, str(answer), {"question": "count", "coefficients": [a, b, c]})


def _count3(rng: random.Random, digits: int) -> Draft:
    top = max(5, 10 ** min(digits, 2) // 2 + 5 * digits)
    for _ in range(100):
        a, b, c = sorted(rng.sample(range(2, top + 1), 3))
        if gcd(a, b, c) == 1:
            break
    # About T solutions: the plane a x + b y + c z = d cuts (d - a - b - c)^2 / (2abc) points.
    target = rng.randint(1, 40 * digits * digits)
    d = a + b + c + isqrt(2 * a * b * c * target) + rng.randint(0, c)
    answer = count_positive3(a, b, c, d)
    equation = _equation([a, b, c], "xyz", d)
    question = (
        f"How many triples (x, y, z) of positive integers satisfy {equation}?\n"
        "Answer with one integer."
    )
    return Draft(question, str(answer), {"question": "count", "coefficients": [a, b, c, d]})
