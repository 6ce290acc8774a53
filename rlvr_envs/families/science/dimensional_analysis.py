"""DimensionalAnalysis: the exponents that make a product of quantities have a given
dimension.

Quantities are drawn from a table of mechanical, thermal and electrical quantities with
their dimensions in the SI base dimensions M, L, T, Θ and I (force M L T^-2, charge I T,
...). A target is built as a product of powers of two to four chosen quantities with small
integer (or, at the hard end, half-integer) exponents, and the prompt gives the target's
dimension and the chosen quantities' dimensions and asks for the exponents. The chosen
quantities' dimension vectors are linearly independent (checked by exact elimination), so
the exponents are unique. The target is redrawn when it is one of the chosen quantities.

Answer syntax: the exponents in the order the quantities are listed, as a tuple of integers
or fractions (``(1/2, -1/2, 0)``).

Knobs: ``quantities`` (2 -> 4) and ``exponents`` (largest exponent's size, 1 -> 3, halves at
3). Difficulty raises both.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.science.quantities import ratio_text
from rlvr_envs.families.shared.math_answers import MathFamily

BASE = ("M", "L", "T", "Θ", "I")
# name, symbol, exponents of (M, L, T, Θ, I)
QUANTITIES = [
    ("mass", "m", (1, 0, 0, 0, 0)),
    ("length", "l", (0, 1, 0, 0, 0)),
    ("time", "t", (0, 0, 1, 0, 0)),
    ("velocity", "v", (0, 1, -1, 0, 0)),
    ("acceleration", "a", (0, 1, -2, 0, 0)),
    ("force", "F", (1, 1, -2, 0, 0)),
    ("energy", "E", (1, 2, -2, 0, 0)),
    ("power", "P", (1, 2, -3, 0, 0)),
    ("pressure", "p", (1, -1, -2, 0, 0)),
    ("density", "ρ", (1, -3, 0, 0, 0)),
    ("frequency", "f", (0, 0, -1, 0, 0)),
    ("momentum", "p_m", (1, 1, -1, 0, 0)),
    ("area", "A", (0, 2, 0, 0, 0)),
    ("surface tension", "γ", (1, 0, -2, 0, 0)),
    ("dynamic viscosity", "η", (1, -1, -1, 0, 0)),
    ("temperature", "T_k", (0, 0, 0, 1, 0)),
    ("heat capacity", "C", (1, 2, -2, -1, 0)),
    ("electric current", "i", (0, 0, 0, 0, 1)),
    ("electric charge", "q", (0, 0, 1, 0, 1)),
    ("voltage", "V", (1, 2, -3, 0, -1)),
    ("resistance", "R", (1, 2, -3, 0, -2)),
    ("gravitational constant", "G", (-1, 3, -2, 0, 0)),
]


def rank(vectors: list[tuple[int, ...]]) -> int:
    """The rank of integer vectors, by exact elimination."""
    rows = [[Fraction(x) for x in v] for v in vectors]
    r = 0
    for c in range(len(BASE)):
        pivot = next((i for i in range(r, len(rows)) if rows[i][c] != 0), None)
        if pivot is None:
            continue
        rows[r], rows[pivot] = rows[pivot], rows[r]
        for i in range(r + 1, len(rows)):
            f = rows[i][c] / rows[r][c]
            rows[i] = [x - f * y for x, y in zip(rows[i], rows[r], strict=True)]
        r += 1
    return r


def dimension_text(vector: tuple[Fraction, ...] | tuple[int, ...]) -> str:
    """``M L T^-2``; ``1`` for a dimensionless vector."""
    parts = []
    for base, power in zip(BASE, vector, strict=True):
        if power == 1:
            parts.append(base)
        elif power != 0:
            text = ratio_text(Fraction(power))
            parts.append(f"{base}^{text}" if "/" not in text else f"{base}^({text})")
    return " ".join(parts) or "1"


class DimensionalAnalysis(MathFamily):
    """Exponents a, b, c, ... with q1^a q2^b ... of a stated dimension."""

    knobs: ClassVar[dict[str, Knob]] = {
        "quantities": Knob("int", 2, 4, default=3, doc="quantities combined"),
        "exponents": Knob("int", 1, 3, default=2, doc="largest exponent; halves at 3"),
    }
    answer_syntax = "the exponents in order as a tuple of integers or fractions p/q"
    answer_form = "tuple"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        count, top = int(knobs["quantities"]), int(knobs["exponents"])
        while True:
            chosen = rng.sample(QUANTITIES, count)
            if rank([q[2] for q in chosen]) < count:
                continue
            step = Fraction(1, 2) if top >= 3 else Fraction(1)
            limit = int(2 if top >= 3 else top) / step
            exps = [step * rng.randint(-int(limit), int(limit)) for _ in chosen]
            if sum(e != 0 for e in exps) < 2:
                continue
            target = tuple(
                sum((e * q[2][i] for e, q in zip(exps, chosen, strict=True)), Fraction(0))
                for i in range(len(BASE))
            )
            if any(target == tuple(Fraction(x) for x in q[2]) for q in chosen):
                continue
            break
        letters = "abcd"[:count]
        listing = "\n".join(
            f"- {name} {symbol}: {dimension_text(dims)}" for name, symbol, dims in chosen
        )
        product = " ".join(f"{s}^{x}" for (_, s, _), x in zip(chosen, letters, strict=True))
        question = (
            f"Dimensions in the SI base dimensions M (mass), L (length), T (time), Θ "
            f"(temperature) and I (current):\n{listing}\n\nFind the exponents "
            f"{', '.join(letters)} such that {product} has the dimension "
            f"{dimension_text(target)}. Give ({', '.join(letters)})."
        )
        meta = {"quantities": [q[0] for q in chosen]}
        answer = "(" + ", ".join(ratio_text(e) for e in exps) + ")"
        return Draft(question, answer, meta)

    def answer_names(self, problem: Problem) -> tuple[str, ...]:
        return tuple("abcd"[: len(problem.meta["quantities"])])

    def complexity(self, problem: Problem) -> float:
        """Quantities times the size of the exponents."""
        exps = [Fraction(x) for x in problem.answer.strip("()").split(", ")]
        return float(len(exps) * (1 + sum(abs(e) for e in exps) + sum(e.denominator for e in exps)))
