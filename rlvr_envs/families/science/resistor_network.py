"""ResistorNetwork: equivalent resistance and currents in a network of resistors, by
Kirchhoff's laws with exact rationals.

A connected network of ``nodes`` junctions joined by resistors of whole ohms is drawn: a
random spanning tree plus ``loops`` extra resistors, so at ``loops`` 0 it is a tree (series
only) and beyond it has loops that are in general neither series nor parallel (a
Wheatstone bridge). Terminals A and B are two distinct nodes. The node potentials with A
held at V volts and B at 0 solve Kirchhoff's current law exactly (fraction elimination on
the weighted Laplacian); the equivalent resistance is V over the current that leaves A.
The prompt lists the resistors as ``X-Y: R ohm`` lines.

Answer syntax: the value asked (the equivalent resistance between A and B in ohms, or the
current through one named resistor in amperes when V volts are applied across A and B) as
an integer or a fraction in lowest terms, without units.

Knobs: ``nodes`` (3 -> 8), ``loops`` (extra resistors beyond a tree, 0 -> 5) and ``ask``
(``resistance`` or ``current``). Difficulty raises all three.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.science.quantities import ratio_text, states
from rlvr_envs.families.shared.math_answers import MathFamily

LABELS = "ABCDEFGHIJ"


def potentials(
    n: int, resistors: list[tuple[int, int, int]], a: int, b: int, volts: Fraction
) -> list[Fraction]:
    """Node potentials with node ``a`` at ``volts`` and ``b`` at 0 (Kirchhoff's current law at
    every other node), by exact elimination."""
    unknown = [i for i in range(n) if i not in (a, b)]
    index = {node: k for k, node in enumerate(unknown)}
    size = len(unknown)
    rows = [[Fraction(0)] * (size + 1) for _ in range(size)]
    fixed = {a: Fraction(volts), b: Fraction(0)}
    for x, y, r in resistors:
        g = Fraction(1, r)
        for p, q in ((x, y), (y, x)):
            if p in index:
                rows[index[p]][index[p]] += g
                if q in index:
                    rows[index[p]][index[q]] -= g
                else:
                    rows[index[p]][size] += g * fixed[q]
    for c in range(size):
        pivot = next(i for i in range(c, size) if rows[i][c] != 0)
        rows[c], rows[pivot] = rows[pivot], rows[c]
        head = rows[c][c]
        rows[c] = [x / head for x in rows[c]]
        for i in range(size):
            if i != c and rows[i][c] != 0:
                f = rows[i][c]
                rows[i] = [p - f * q for p, q in zip(rows[i], rows[c], strict=True)]
    result = [Fraction(0)] * n
    result[a] = Fraction(volts)
    for node, k in index.items():
        result[node] = rows[k][size]
    return result


class ResistorNetwork(MathFamily):
    """Equivalent resistance, or a resistor's current, in a network by Kirchhoff's laws."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": Knob("int", 3, 9, default=5, easy=3, hard=8, doc="junctions"),
        "loops": Knob("int", 0, 6, default=2, easy=0, hard=5, doc="resistors beyond a tree"),
        "ask": Knob("categorical", choices=("resistance", "current"), doc="what is asked"),
    }
    answer_syntax = "the value as an integer or a fraction p/q in lowest terms, without units"
    answer_form = "rational"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, loops, ask = int(knobs["nodes"]), int(knobs["loops"]), knobs["ask"]
        while True:
            order = list(range(n))
            rng.shuffle(order)
            pairs = {tuple(sorted((order[i], order[rng.randrange(i)]))) for i in range(1, n)}
            others = [(x, y) for x in range(n) for y in range(x + 1, n) if (x, y) not in pairs]
            pairs |= set(rng.sample(others, min(loops, len(others))))
            resistors = [(x, y, rng.randint(1, 12)) for x, y in sorted(pairs)]
            a, b = 0, 1
            volts = Fraction(rng.randint(2, 24))
            phi = potentials(n, resistors, a, b, volts)
            current = sum(
                (phi[a] - phi[y if x == a else x]) / r for x, y, r in resistors if a in (x, y)
            )
            if ask == "resistance":
                value = volts / current
                tail = "What is the equivalent resistance between A and B, in ohms?"
            else:
                k = rng.randrange(len(resistors))
                x, y, r = resistors[k]
                value = abs(phi[x] - phi[y]) / r
                if value == 0:
                    continue
                tail = (
                    f"A battery holds A at {volts} V above B. What current, in amperes, flows "
                    f"through the resistor between {LABELS[x]} and {LABELS[y]} (its magnitude)?"
                )
            lines = "\n".join(f"{LABELS[x]}-{LABELS[y]}: {r} ohm" for x, y, r in resistors)
            question = (
                f"A network of resistors joins the junctions {', '.join(LABELS[:n])}:\n{lines}\n\n"
                f"{tail} Give the exact value."
            )
            if not states(question, value):
                break
        meta = {"resistors": [list(r) for r in resistors], "ask": ask, "volts": int(volts)}
        return Draft(question, ratio_text(value), meta)

    def complexity(self, problem: Problem) -> float:
        """Resistors times (1 + independent loops)."""
        resistors = problem.meta["resistors"]
        nodes = 1 + max(max(x, y) for x, y, _ in resistors)
        return float(len(resistors) * (1 + len(resistors) - nodes + 1))
