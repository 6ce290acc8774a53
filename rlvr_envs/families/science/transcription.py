"""Transcription: the mature mRNA of a gene, transcribed from one DNA strand and spliced.

A gene is drawn as exons (uppercase) separated by introns (lowercase), each intron starting
with ``gt`` and ending with ``ag`` (the GU-AG rule; the case marks every intron, which the
prompt says). The prompt shows one strand: the coding strand 5' to 3', the template strand
written 3' to 5' (base by base the complement of the coding strand), or the template strand
written 5' to 3' (its reverse complement). The answer is the mature mRNA, 5' to 3': the
coding strand's exons joined, with U for T. Exons always hold a T, so the mRNA differs from
every span of the prompt.

Answer syntax: the mRNA 5' to 3' in the letters A, C, G, U (``AUGGCU...``); spaces,
hyphens and a leading ``5'-`` / trailing ``-3'`` are ignored, case is not significant.

Knobs: ``exons`` (2 -> 6), ``length`` (the longest exon, 3 -> 15 bases) and ``strand``
(``coding``, ``template 3'-5'``, ``template 5'-3'``). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.science.codons import COMPLEMENT

STRANDS = ("coding", "template 3'-5'", "template 5'-3'")
_RNA = re.compile(r"(?:5'\s*-?\s*)?([ACGUacgu](?:[\s-]?[ACGUacgu])*)(?:\s*-?\s*3')?")


def _bases(rng: random.Random, n: int, alphabet: str = "ACGT") -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def reverse_complement(dna: str) -> str:
    """The other strand read 5' to 3', keeping each base's case."""
    return dna.translate(COMPLEMENT).translate(str.maketrans("acgt", "tgca"))[::-1]


class Transcription(Family):
    """The spliced mRNA of a gene shown as its coding or template strand."""

    knobs: ClassVar[dict[str, Knob]] = {
        "exons": Knob("int", 2, 8, default=3, easy=2, hard=6, doc="exons"),
        "length": Knob("int", 3, 20, default=6, easy=3, hard=15, doc="longest exon"),
        "strand": Knob("categorical", choices=STRANDS, default="coding", doc="strand shown"),
    }
    answer_syntax = "the mRNA 5' to 3' in the letters A, C, G, U"
    answer_form = "RNA sequence"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, longest, strand = int(knobs["exons"]), int(knobs["length"]), knobs["strand"]
        while True:
            exons = [_bases(rng, rng.randint(max(2, longest // 2), longest)) for _ in range(n)]
            if all("T" in e for e in exons):
                break
        introns = ["gt" + _bases(rng, rng.randint(2, 6), "acgt") + "ag" for _ in range(n - 1)]
        coding = exons[0] + "".join(i + e for i, e in zip(introns, exons[1:], strict=True))
        mrna = "".join(exons).replace("T", "U")
        if strand == "coding":
            shown, what = f"5'-{coding}-3'", "coding (sense) strand"
        elif strand == "template 3'-5'":
            template = coding.translate(COMPLEMENT).translate(str.maketrans("acgt", "tgca"))
            shown, what = f"3'-{template}-5'", "template (antisense) strand"
        else:
            shown, what = f"5'-{reverse_complement(coding)}-3'", "template (antisense) strand"
        question = (
            f"A eukaryotic gene's {what} is\n\n{shown}\n\nwhere uppercase letters are exons and "
            "lowercase letters are introns (on the coding strand each intron starts with GT "
            "and ends with AG). Write the mature mRNA, 5' to 3', after transcription and "
            "splicing (introns removed, exons joined in order), in the letters A, C, G, U."
        )
        meta = {"coding": coding, "strand": strand}
        return Draft(question, mrna, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        text = answer.strip()
        match = _RNA.fullmatch(text) if len(text) <= 600 else None
        if match is None:
            if len(text) <= 600 and re.fullmatch(r"[ACGTUacgtu\s'35-]+", text):
                return Judgement.wrong(why="DNA letters (T) where an mRNA (U) is asked")
            return Judgement.unparsable("expected an mRNA in the letters A, C, G, U")
        rna = re.sub(r"[\s-]", "", match.group(1)).upper()
        if rna == problem.answer:
            return Judgement.right()
        if rna == problem.answer[::-1]:
            return Judgement.wrong(why="written 3' to 5'; the mRNA is asked 5' to 3'")
        return Judgement.wrong(why="not this gene's mature mRNA")

    def complexity(self, problem: Problem) -> float:
        """Bases of the gene, plus a strand to convert (reverse complement counting twice)."""
        return float(len(problem.meta["coding"]) + 8 * STRANDS.index(problem.meta["strand"]))
