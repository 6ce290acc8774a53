"""PunnettSquare: the probability of an offspring's genotype or phenotype in a Mendelian
cross.

Two parents' genotypes over one to four unlinked genes with complete dominance (``AaBb x
Aabb``; capital = dominant allele; each gene heterozygous with probability 0.6) are crossed.
Each parent passes one allele of each gene with probability 1/2 each, independently, so the
probability of an outcome is the product over genes of the fraction of that gene's 2 x 2
Punnett square that shows it. The prompt asks the probability that an offspring has a stated
genotype, stated phenotypes (dominant or recessive; some genes may be asked by genotype), or
at least one recessive trait; with ``offspring`` above 1, that exactly j of n offspring do
(n drawn from 2 to it; binomial: C(n, j) p^j (1-p)^(n-j)). Every gene's offspring genotype
is uncertain, and outcomes of probability 0 or 1 are redrawn.

Answer syntax: the probability as a fraction in lowest terms (``9/64``).

Knobs: ``genes`` (1 -> 4), ``ask`` (``genotype``, ``phenotype``, ``any recessive``) and
``offspring`` (the most offspring counted, 1 -> 5). Difficulty raises all three.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.science.quantities import ratio_text
from rlvr_envs.families.shared.math_answers import MathFamily

ASKS = ("genotype", "phenotype", "any recessive")
TRAITS = {
    "A": "tall",
    "B": "round seeds",
    "C": "purple flowers",
    "D": "yellow pods",
    "E": "green seeds",
    "F": "axial flowers",
    "G": "inflated pods",
    "H": "smooth leaves",
}


def gene_odds(one: str, two: str) -> dict[int, Fraction]:
    """Dominant alleles (0, 1, 2) of the offspring of genotypes ``one`` x ``two`` of a gene."""
    odds: dict[int, Fraction] = {}
    for x in one:
        for y in two:
            key = x.isupper() + y.isupper()
            odds[key] = odds.get(key, Fraction(0)) + Fraction(1, 4)
    return odds


def genotype_text(letters: list[str], counts: list[int]) -> str:
    """``AaBB`` from letters and counts of dominant alleles."""
    return "".join(
        {2: g + g, 1: g + g.lower(), 0: g.lower() + g.lower()}[c]
        for g, c in zip(letters, counts, strict=True)
    )


class PunnettSquare(MathFamily):
    """The probability of a genotype or phenotype among the offspring of a cross."""

    knobs: ClassVar[dict[str, Knob]] = {
        "genes": Knob("int", 1, 4, default=2, doc="unlinked genes"),
        "ask": Knob("categorical", choices=ASKS, default="phenotype", doc="what is asked"),
        "offspring": Knob("int", 1, 5, default=1, easy=1, hard=5, doc="offspring counted"),
    }
    answer_syntax = "the probability as a fraction p/q in lowest terms"
    answer_form = "rational"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        k, ask, n = int(knobs["genes"]), knobs["ask"], int(knobs["offspring"])
        while True:
            letters = sorted(rng.sample(sorted(TRAITS), k))
            mother = [1 if rng.random() < 0.6 else rng.choice((0, 2)) for _ in letters]
            father = [1 if rng.random() < 0.6 else rng.choice((0, 2)) for _ in letters]
            m_text, f_text = genotype_text(letters, mother), genotype_text(letters, father)
            odds = [
                gene_odds(m_text[2 * i : 2 * i + 2], f_text[2 * i : 2 * i + 2]) for i in range(k)
            ]
            if any(len(o) == 1 for o in odds):
                continue  # a gene every offspring shares says nothing
            value, parts, shown = Fraction(1), [], []
            for g, o in zip(letters, odds, strict=True):
                if ask == "genotype" or (ask == "phenotype" and rng.random() < 0.4):
                    want = rng.choice(sorted(o))
                    value *= o[want]
                    parts.append(f"genotype {genotype_text([g], [want])}")
                    shown.append(["genotype", want])
                else:
                    dominant = rng.random() < 0.5
                    recessive = o.get(0, Fraction(0))
                    value *= 1 - recessive if dominant else recessive
                    form = "dominant" if dominant else "recessive"
                    parts.append(f"the {form} phenotype for {g}/{g.lower()}")
                    shown.append(["phenotype", int(dominant)])
            if ask == "any recessive":
                every = Fraction(1)
                for o in odds:
                    every *= 1 - o.get(0, Fraction(0))
                value, shown = 1 - every, []
                what = "shows the recessive form of at least one of the traits"
            else:
                what = "has " + ", ".join(parts)
            if 0 < value < 1:
                break
        genes = ", ".join(f"{g}/{g.lower()} ({TRAITS[g]} dominant)" for g in letters)
        genes = f"the genes {genes} are unlinked and show" if k > 1 else f"the gene {genes} shows"
        n = rng.randint(2, n) if n > 1 else 1
        if n == 1:
            j, asked = 1, f"What is the probability that an offspring {what}?"
        else:
            j = rng.randint(0, n)
            asked = (
                f"They have {n} offspring. What is the probability that exactly {j} of them "
                f"{what.replace('has ', 'have ', 1).replace('shows ', 'show ', 1)}?"
            )
        value = comb(n, j) * value**j * (1 - value) ** (n - j)
        question = (
            f"In a species, {genes} complete dominance. Two parents {m_text} and {f_text} are "
            f"crossed. {asked}"
        )
        meta = {"mother": m_text, "father": f_text, "ask": ask, "target": shown, "of": [j, n]}
        return Draft(question, ratio_text(value), meta)

    def complexity(self, problem: Problem) -> float:
        """Heterozygous genes of the parents (the cells of the Punnett square)."""
        parents = problem.meta["mother"] + problem.meta["father"]
        mixed = sum(
            parents[i].isupper() != parents[i + 1].isupper() for i in range(0, len(parents), 2)
        )
        return (
            float(len(parents) // 2 + mixed + ASKS.index(problem.meta["ask"]))
            * (problem.meta["of"][1])
        )
