"""HardyWeinberg: allele and genotype frequencies of a population in Hardy-Weinberg
equilibrium.

A recessive trait shows in a stated fraction (or a stated count of a stated population) of
individuals: that is q^2, with q the recessive allele's frequency, drawn as a fraction with
denominator 10, 20, 25 or 50 (so q is exact). From it the prompt asks, in order of depth:
the dominant allele's frequency p = 1 - q; the heterozygotes' frequency 2pq; the expected
number of carriers (heterozygotes) in the population; the probability that an individual
showing the dominant trait is a carrier, 2pq / (p^2 + 2pq); the probability that two
unrelated individuals showing the dominant trait have an affected first child,
(2q / (1 + q))^2 / 4.

Answer syntax: the value as an integer or a fraction in lowest terms (``21/50``).

Knobs: ``ask`` (``p``, ``heterozygotes``, ``carriers``, ``carrier given dominant``,
``affected child``) and ``given`` (``frequency`` of the recessive phenotype or a ``count``
of a population). Difficulty raises both.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.science.quantities import ratio_text, states
from rlvr_envs.families.shared.math_answers import MathFamily

ASKS = ("p", "heterozygotes", "carriers", "carrier given dominant", "affected child")
TRAITS = ("albinism", "a white coat", "cystic fibrosis", "narrow leaves", "wrinkled seeds",
          "blue eyes")  # fmt: skip


class HardyWeinberg(MathFamily):
    """Allele and genotype frequencies from the frequency of a recessive phenotype."""

    knobs: ClassVar[dict[str, Knob]] = {
        "ask": Knob("categorical", choices=ASKS, default="carriers", doc="what is asked"),
        "given": Knob(
            "categorical", choices=("frequency", "count"), default="count", doc="data given"
        ),
    }
    answer_syntax = "the value as an integer or a fraction p/q in lowest terms"
    answer_form = "rational"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        ask, count = knobs["ask"], knobs["given"] == "count"
        while True:
            den = rng.choice((10, 20, 25, 50))
            q = Fraction(rng.randint(1, den - 1), den)
            p = 1 - q
            size = q.denominator**2 * rng.randint(1, 40)
            affected = q * q * size
            trait = rng.choice(TRAITS)
            if count:
                data = f"Of {size} individuals, {affected} show {trait}"
            else:
                data = f"A fraction {ratio_text(q * q)} of the individuals show {trait}"
            values = {
                "p": p,
                "heterozygotes": 2 * p * q,
                "carriers": 2 * p * q * size,
                "carrier given dominant": 2 * q / (1 + q),
                "affected child": (2 * q / (1 + q)) ** 2 / 4,
            }
            if ask == "carriers" and not count:
                data += f", in a population of {size}"
            asked = {
                "p": "What is the frequency of the dominant allele?",
                "heterozygotes": "What fraction of the population is heterozygous?",
                "carriers": "How many heterozygous carriers are expected in the population?",
                "carrier given dominant": (
                    "What is the probability that an individual who does not show the trait is "
                    "a heterozygous carrier?"
                ),
                "affected child": (
                    "Two unrelated individuals who do not show the trait have a child. What is "
                    "the probability that the child shows it?"
                ),
            }[ask]
            question = (
                f"A large, randomly mating population is in Hardy-Weinberg equilibrium for a "
                f"gene with two alleles; {trait} is recessive. {data}. {asked} Give the exact "
                "value."
            )
            value = values[ask]
            if not states(question, value):
                break
        meta = {"q": ratio_text(q), "size": size, "ask": ask}
        return Draft(question, ratio_text(value), meta)

    def complexity(self, problem: Problem) -> float:
        """The depth of the question plus the digits of the answer."""
        return ASKS.index(problem.meta["ask"]) + len(problem.answer) / 4
