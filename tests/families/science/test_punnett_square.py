"""``rlvr/PunnettSquare-v0``: the probability recounted over every pair of gametes."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from math import comb

from tests.families.science.helpers import _gen, check_value


def gametes(genotype: str) -> list[str]:
    pairs = [genotype[i : i + 2] for i in range(0, len(genotype), 2)]
    return ["".join(choice) for choice in itertools.product(*pairs)]


def test_the_probability_is_a_count_of_the_punnett_square():
    for seed in range(40):
        problem = _gen("rlvr/PunnettSquare-v0", seed, seed / 39)
        mother, father = problem.meta["mother"], problem.meta["father"]
        text = problem.prompt
        offspring = [
            "".join("".join(sorted(x + y)) for x, y in zip(g1, g2, strict=True))
            for g1 in gametes(mother)
            for g2 in gametes(father)
        ]  # each gene written capital first: "Aa"

        def wanted(child: str, text: str = text) -> bool:
            genes = {child[i].upper(): child[i : i + 2] for i in range(0, len(child), 2)}
            if "at least one" in text:
                return any(pair.islower() for pair in genes.values())
            for genotype in re.findall(r"genotype ([A-Za-z]{2})", text.split("crossed")[1]):
                if genes[genotype[0].upper()] != genotype:
                    return False
            for form, gene in re.findall(r"the (dominant|recessive) phenotype for (\w)/", text):
                if (form == "recessive") != genes[gene].islower():
                    return False
            return True

        p = Fraction(sum(map(wanted, offspring)), len(offspring))
        n_j = re.search(r"They have (\d+) offspring.*exactly (\d+) of them", text)
        if n_j:
            n, j = map(int, n_j.groups())
            p = comb(n, j) * p**j * (1 - p) ** (n - j)
        check_value(problem, p)
