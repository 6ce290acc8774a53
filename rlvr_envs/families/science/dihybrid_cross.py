"""DihybridCross: the phenotype ratio among the offspring of a cross of two or three
unlinked genes, with the genes' interaction stated.

Two parents' genotypes over genes A/a and B/b (and, with ``genes`` three, an independent
gene C/c) are crossed; each parent passes one allele of each gene with probability 1/2,
independently. How genes A and B make a phenotype is stated: ``independent`` (complete
dominance, two traits: 9:3:3:1 for AaBb x AaBb), ``incomplete`` dominance of A (AA, Aa and
aa differ), ``complementary`` genes (colour needs at least one A and one B: 9:7),
``duplicate`` genes (one dominant allele of either gene is enough: 15:1), ``recessive
epistasis`` (aa masks B: 9:3:4) and ``dominant epistasis`` (A masks B: 12:3:1). Gene C
adds its own trait. The prompt lists the phenotype classes in a random order, and the
answer is the ratio of their numbers among the offspring in that order, in lowest whole
numbers, 0 for a class no offspring shows. Each gene is heterozygous in at least one
parent (so its offspring differ), and parents are redrawn until at least two classes
appear.

Answer syntax: whole numbers separated by colons, in the order the prompt lists the classes
(``9:3:4``), in lowest terms.

Knobs: ``interaction`` (in the order above), ``genes`` (2 or 3) and ``parents`` (``double
heterozygotes``: every gene Aa in both parents; ``any``: each gene's genotype drawn).
Difficulty raises all three.
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from functools import reduce
from math import gcd
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem

INTERACTIONS = ("independent", "incomplete", "complementary", "duplicate",
                "recessive epistasis", "dominant epistasis")  # fmt: skip
PARENTS = ("double heterozygotes", "any")
TRAITS = (
    ("tall stems", "short stems"),
    ("round seeds", "wrinkled seeds"),
    ("yellow seeds", "green seeds"),
    ("smooth leaves", "hairy leaves"),
    ("inflated pods", "constricted pods"),
    ("axial flowers", "terminal flowers"),
)
_RATIO = re.compile(r"\d{1,9}(?:\s*:\s*\d{1,9}){1,15}")


def _genotype(letter: str, dominant: int) -> str:
    return {2: letter + letter, 1: letter + letter.lower(), 0: letter.lower() * 2}[dominant]


def phenotype(interaction: str, a: int, b: int, traits: list[tuple[str, str]]) -> str:
    """The phenotype of genes A and B with ``a`` and ``b`` dominant alleles."""
    if interaction == "independent":
        return f"{traits[0][a == 0]}, {traits[1][b == 0]}"
    if interaction == "incomplete":
        return f"{('white', 'pink', 'red')[a]} flowers, {traits[1][b == 0]}"
    if interaction == "complementary":
        return "purple flowers" if a and b else "white flowers"
    if interaction == "duplicate":
        return "triangular seed capsules" if a or b else "ovoid seed capsules"
    if interaction == "recessive epistasis":
        return "yellow coat" if a == 0 else ("black coat" if b else "brown coat")
    return "white fruit" if a else ("yellow fruit" if b else "green fruit")


def rule_text(interaction: str, traits: list[tuple[str, str]]) -> str:
    """How genes A and B make the phenotype, in words."""
    if interaction == "independent":
        return (
            f"Gene A/a controls one trait ({traits[0][0]}, A, dominant over {traits[0][1]}, "
            f"a) and gene B/b another ({traits[1][0]}, B, dominant over {traits[1][1]}, b)."
        )
    if interaction == "incomplete":
        return (
            "Gene A/a shows incomplete dominance for flower colour: AA is red, Aa pink and aa "
            f"white. Gene B/b controls another trait ({traits[1][0]}, B, dominant over "
            f"{traits[1][1]}, b)."
        )
    if interaction == "complementary":
        return (
            "Genes A/a and B/b act together on flower colour: a plant is purple only with at "
            "least one A and at least one B allele; otherwise it is white."
        )
    if interaction == "duplicate":
        return (
            "Genes A/a and B/b are duplicate genes for seed-capsule shape: one dominant allele "
            "of either gene gives triangular capsules; only aabb gives ovoid capsules."
        )
    if interaction == "recessive epistasis":
        return (
            "Genes A/a and B/b act on coat colour: aa is yellow whatever gene B is (recessive "
            "epistasis); otherwise at least one B allele gives black and bb gives brown."
        )
    return (
        "Genes A/a and B/b act on fruit colour: at least one A allele gives white whatever "
        "gene B is (dominant epistasis); otherwise at least one B allele gives yellow and bb "
        "gives green."
    )


def read_ratio(answer: str) -> list[int]:
    """Whole numbers separated by colons; empty when the answer is not such a ratio."""
    text = answer.strip()
    if not _RATIO.fullmatch(text):
        return []
    return [int(part) for part in text.split(":")]


class DihybridCross(Family):
    """The offspring phenotype ratio of a two- or three-gene cross with gene interaction."""

    knobs: ClassVar[dict[str, Knob]] = {
        "interaction": Knob(
            "categorical",
            choices=INTERACTIONS,
            default="complementary",
            doc="how genes A and B make the phenotype",
        ),
        "genes": Knob("int", 2, 3, default=2, doc="unlinked genes"),
        "parents": Knob("categorical", choices=PARENTS, default="any", doc="parent genotypes"),
    }
    answer_syntax = "the ratio as whole numbers in lowest terms separated by colons (e.g. 3:1)"
    answer_form = "ratio in lowest terms"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        interaction, k, parents = knobs["interaction"], int(knobs["genes"]), knobs["parents"]
        letters = "ABC"[:k]
        picked = rng.sample(range(len(TRAITS)), 3)
        traits = [TRAITS[i] for i in picked]
        extra = traits[2]
        while True:
            if parents == "any":
                mother = [1 if rng.random() < 0.6 else rng.choice((0, 2)) for _ in letters]
                father = [1 if rng.random() < 0.6 else rng.choice((0, 2)) for _ in letters]
                if any(m != 1 and f != 1 for m, f in zip(mother, father, strict=True)):
                    continue  # a gene every offspring shares says nothing
            else:
                mother, father = [1] * k, [1] * k
            counts: Counter[str] = Counter()
            m_text = "".join(_genotype(g, c) for g, c in zip(letters, mother, strict=True))
            f_text = "".join(_genotype(g, c) for g, c in zip(letters, father, strict=True))
            m_gametes = itertools.product(*(m_text[2 * i : 2 * i + 2] for i in range(k)))
            f_gametes = list(itertools.product(*(f_text[2 * i : 2 * i + 2] for i in range(k))))
            for one in m_gametes:
                for two in f_gametes:
                    dom = [x.isupper() + y.isupper() for x, y in zip(one, two, strict=True)]
                    name = phenotype(interaction, dom[0], dom[1], traits)
                    if k == 3:
                        name += f", {extra[dom[2] == 0]}"
                    counts[name] += 1
            classes = sorted({phenotype(interaction, a, b, traits) for a in range(3)
                              for b in range(3)})  # fmt: skip
            if k == 3:
                classes = [f"{c}, {e}" for c in classes for e in extra]
            if sum(1 for c in classes if counts[c]) >= 2:
                break
        rng.shuffle(classes)
        divisor = reduce(gcd, (counts[c] for c in classes))
        ratio = [counts[c] // divisor for c in classes]
        rule = rule_text(interaction, traits)
        if k == 3:
            rule += (
                f" Gene C/c, unlinked to both, controls a third trait ({extra[0]}, C, dominant "
                f"over {extra[1]}, c)."
            )
        listed = "\n".join(f"- {c}" for c in classes)
        question = (
            f"In a species, genes {', '.join(letters[:-1])} and {letters[-1]} are unlinked. "
            f"{rule} Two parents {m_text} and {f_text} are crossed. In what ratio do the "
            f"offspring show these phenotypes, in this order?\n{listed}\n\nGive the expected "
            "ratio in lowest whole numbers, writing 0 for a phenotype no offspring can show."
        )
        meta = {"mother": m_text, "father": f_text, "interaction": interaction,
                "classes": classes}  # fmt: skip
        return Draft(question, ":".join(map(str, ratio)), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        ratio = read_ratio(answer)
        if not ratio:
            return Judgement.unparsable("expected whole numbers separated by colons (3:1)")
        want = [int(x) for x in problem.answer.split(":")]
        if len(ratio) != len(want):
            return Judgement.wrong(why=f"{len(ratio)} numbers for {len(want)} phenotypes")
        if reduce(gcd, ratio) != 1:
            scale = reduce(gcd, ratio)
            if scale and all(x == y * scale for x, y in zip(ratio, want, strict=True)):
                return Judgement.wrong(form="not in lowest terms")
            return Judgement.wrong()
        if ratio == want:
            return Judgement.right()
        return Judgement.wrong(why="not the offspring's phenotype ratio")

    def complexity(self, problem: Problem) -> float:
        """Gamete pairs of the cross (the Punnett square's cells) and the interaction."""
        meta = problem.meta
        cells = 1
        for parent in (meta["mother"], meta["father"]):
            for i in range(0, len(parent), 2):
                cells *= 2 if parent[i] != parent[i + 1] else 1
        return cells + 4 * INTERACTIONS.index(meta["interaction"])
