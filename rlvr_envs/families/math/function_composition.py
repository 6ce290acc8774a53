"""FunctionComposition: compose two or three functions, as an expanded polynomial or as a value.

Two modes, drawn per problem: ``polynomial`` gives polynomials f, g (and h) with integer
coefficients and asks for f(g(x)) or f(g(h(x))) (or g(f(g(x)))) expanded; ``value`` mixes
polynomials with linear fractional functions ``(ax + b)/(cx + d)`` and asks for the exact
value of a nested composition at an integer point, such as f(g(f(2))).

Answer syntax: the expanded polynomial in x (``4x^4 - 12x^3 + 9x^2 + 2``), one term per
power, or the exact value (an integer or a fraction p/q in lowest terms).

Knobs: ``depth`` (functions nested: 2 to 3), ``degree`` (the largest degree of a component)
and ``size`` (the largest coefficient). Difficulty raises all three: at difficulty 1 three
quadratics nest into a degree-8 polynomial with coefficients in the thousands, or a value is
threaded through three functions with fractions at every step.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.math.equation_parts import nonzero
from rlvr_envs.families.math.function_parts import (
    linear_fractional_text,
    poly_compose,
    poly_eval,
    poly_text,
    stated_numbers,
)
from rlvr_envs.families.shared.formulas import fraction_text
from rlvr_envs.families.shared.math_answers import MathFamily, judge_value

_NAMES = ("f", "g", "h")


class FunctionComposition(MathFamily):
    """Compose functions: f(g(x)) expanded, or the value of f(g(f(a))).

    The composite of polynomials is expanded by substitution (Horner's rule); the value mode
    applies the functions from the inside out with exact fractions. Difficulty raises
    ``depth`` (2 -> 3 nested applications), ``degree`` (1 -> 2: linear to quadratic
    components) and ``size`` (coefficients up to 3 -> 7).

    Answer syntax (stated in the prompt): polynomial mode asks for the expanded polynomial in
    x, like terms collected (form ``polynomial``); value mode asks for an integer or a
    fraction p/q in lowest terms (form ``rational``).
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "depth": Knob("int", 2, 3, default=2, easy=2, hard=3, doc="functions nested"),
        "degree": Knob("int", 1, 3, default=2, easy=1, hard=2, doc="largest component degree"),
        "size": Knob("int", 2, 12, default=4, easy=3, hard=7, doc="largest coefficient"),
    }
    answer_syntax = (
        "the expanded polynomial in x (like 3x^2 - 2x + 5) where a polynomial is asked, "
        "else the exact value (an integer or a fraction p/q in lowest terms)"
    )
    answer_form = "polynomial or rational"
    answer_label_patterns = (
        r"(?:Find|Compute) ([fgh]\(\S*\)) (?:as a polynomial|exactly)",
    )  # docs/answers.md

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        depth, degree, size = knobs["depth"], knobs["degree"], knobs["size"]
        if rng.random() < 0.5:
            return _polynomial_problem(rng, depth, degree, size)
        return _value_problem(rng, depth, degree, size)

    def check(self, problem: Problem, answer: str) -> Judgement:
        # The reference is unique: an expanded polynomial has one coefficient list, a
        # rational value one reduced form; the form is the one this problem's mode asks for.
        mode = problem.meta["mode"]
        return judge_value(problem, answer, mode, variables=self.form_variables(problem))

    def form_variables(self, problem: Problem) -> tuple[str, ...]:
        return ("x",) if problem.meta["mode"] == "polynomial" else ()

    def complexity(self, problem: Problem) -> float:
        """Four per nested application, two per unit of component degree, and the sizes of
        the coefficients (their digits)."""
        meta = problem.meta
        degree = sum(max(1, len(f["coeffs"]) - 1) if f["kind"] == "poly" else 1
                     for f in meta["functions"])  # fmt: skip
        digits = sum(len(str(abs(c))) for f in meta["functions"] for c in f["coeffs"] if c)
        return 4 * len(meta["chain"]) + 2 * degree + digits / 2


def _random_poly(rng: random.Random, degree: int, size: int) -> list[int]:
    coeffs = [rng.randint(-size, size) for _ in range(degree)] + [nonzero(rng, size)]
    if degree == 1 and coeffs[1] == 1 and coeffs[0] == 0:
        coeffs[0] = nonzero(rng, size)  # never the identity
    return coeffs


def _degrees(rng: random.Random, count: int, degree: int) -> list[int]:
    degrees = [rng.randint(1, degree) for _ in range(count)]
    degrees[rng.randrange(count)] = degree
    return degrees


def _chain(rng: random.Random, depth: int, count: int) -> list[int]:
    """Indices of the functions applied, outermost first (f(g(h(x))) or g(f(g(x))))."""
    if count == 2 and depth == 3:
        return rng.choice(([0, 1, 0], [1, 0, 1]))
    chain = list(range(count))
    return chain if rng.random() < 0.5 or depth == 3 else chain[::-1]


def _nested(chain: list[int], inner: str) -> str:
    text = inner
    for index in reversed(chain):
        text = f"{_NAMES[index]}({text})"
    return text


def _polynomial_problem(rng: random.Random, depth: int, degree: int, size: int) -> Draft:
    count = depth if rng.random() < 0.6 else 2
    polys = [_random_poly(rng, d, size) for d in _degrees(rng, count, degree)]
    chain = _chain(rng, depth, count)
    result = [0, 1]
    for index in reversed(chain):
        result = poly_compose(polys[index], result)
    defs = "\n".join(f"{_NAMES[i]}(x) = {poly_text(p)}" for i, p in enumerate(polys))
    asked = _nested(chain, "x")
    question = (
        f"Let\n{defs}\n"
        f"Find {asked} as a polynomial in x, fully expanded with like terms collected "
        "(for example 3x^2 - 2x + 5)."
    )
    meta = {
        "mode": "polynomial",
        "functions": [{"kind": "poly", "coeffs": p} for p in polys],
        "chain": chain,
    }
    return Draft(question, poly_text(result), meta)


def _random_fractional(rng: random.Random, size: int) -> list[int]:
    while True:
        a, b, c, d = (rng.randint(-size, size) for _ in range(4))
        if c != 0 and a * d - b * c != 0:
            return [a, b, c, d] if c > 0 else [-a, -b, -c, -d]


def _apply(function: dict, x: Fraction) -> Fraction | None:
    if function["kind"] == "poly":
        return Fraction(poly_eval(function["coeffs"], x))
    a, b, c, d = function["coeffs"]
    bottom = c * x + d
    if bottom == 0:
        return None
    return (a * x + b) / bottom


def _function_text(function: dict) -> str:
    if function["kind"] == "poly":
        return poly_text(function["coeffs"])
    return linear_fractional_text(*function["coeffs"])


def _value_problem(rng: random.Random, depth: int, degree: int, size: int) -> Draft:
    count = 2 if depth == 2 or rng.random() < 0.5 else 3
    for _ in range(200):
        functions = []
        kinds = ["frac" if rng.random() < 0.5 else "poly" for _ in range(count)]
        kinds[rng.randrange(count)] = "frac"
        for kind, d in zip(kinds, _degrees(rng, count, degree)):
            if kind == "poly":
                functions.append({"kind": "poly", "coeffs": _random_poly(rng, d, size)})
            else:
                functions.append({"kind": "frac", "coeffs": _random_fractional(rng, size)})
        chain = _chain(rng, depth, count)
        point = rng.randint(-size, size)
        value: Fraction | None = Fraction(point)
        for index in reversed(chain):
            value = _apply(functions[index], value)
            if value is None:
                break
        if value is None:
            continue
        defs = "\n".join(f"{_NAMES[i]}(x) = {_function_text(f)}" for i, f in enumerate(functions))
        asked = _nested(chain, str(point))
        question = (
            f"Let\n{defs}\n"
            f"Compute {asked} exactly. Give an integer or a fraction p/q in lowest terms."
        )
        if value == 0 or value in stated_numbers(defs) or value == point:
            continue  # a copy of a stated number must not be the answer
        meta = {"mode": "rational", "functions": functions, "chain": chain, "point": point}
        return Draft(question, fraction_text(value), meta)
    raise RuntimeError("no composition value found")  # pragma: no cover (never observed)
