"""ProteinTranslation: the protein a gene codes for, by transcription and translation with
the standard genetic code.

A gene is drawn as a leader without ``ATG``, the start codon ``ATG``, ``codons`` sense
codons, a stop codon and a trailer. The prompt shows one strand: the mRNA (U for T), the
coding strand (5' to 3'), the template strand written 3' to 5' (base by base the
complement), or the template strand written 5' to 3' (the reverse complement). The answer
is the protein from the first AUG to the first stop codon in frame, in one-letter codes
(the stop not written), by the standard genetic code (NCBI table 1, which the prompt
names). The leader's length varies, so the reading frame must be found.

Answer syntax: the protein in one-letter amino-acid codes, starting with M (``MKVL``);
spaces and hyphens between letters are ignored, case is not.

Knobs: ``codons`` (sense codons after the start, 2 -> 30), ``strand`` (``mrna``,
``coding``, ``template 3'-5'``, ``template 5'-3'``) and ``leader`` (the longest leader, 0
-> 12 bases). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.science.codons import (
    COMPLEMENT,
    SENSE,
    STOPS,
    reverse_complement,
    translate,
)

STRANDS = ("mrna", "coding", "template 3'-5'", "template 5'-3'")
_PROTEIN = re.compile(r"[A-Za-z](?:[\s-]?[A-Za-z])*")


def _bases(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("ACGT") for _ in range(n))


class ProteinTranslation(Family):
    """The protein of a gene shown as mRNA, coding or template strand."""

    knobs: ClassVar[dict[str, Knob]] = {
        "codons": Knob("int", 2, 40, default=8, easy=2, hard=30, doc="sense codons"),
        "strand": Knob("categorical", choices=STRANDS, default="coding", doc="strand shown"),
        "leader": Knob("int", 0, 12, default=4, easy=0, hard=12, doc="longest leader"),
    }
    answer_syntax = "the protein in one-letter amino-acid codes, starting with M"
    answer_form = "one-letter protein sequence"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, strand, longest = int(knobs["codons"]), knobs["strand"], int(knobs["leader"])
        while True:
            leader = _bases(rng, rng.randint(0, longest))
            if (leader + "ATG").find("ATG") == len(leader):
                break
        body = [rng.choice(SENSE) for _ in range(n)]
        coding = leader + "ATG" + "".join(body) + rng.choice(STOPS) + _bases(rng, rng.randint(0, 6))
        protein = translate(coding)
        if strand == "mrna":
            shown, what = "5'-" + coding.replace("T", "U") + "-3'", "this mRNA"
        elif strand == "coding":
            shown, what = "5'-" + coding + "-3'", "the gene whose coding strand is"
        elif strand == "template 3'-5'":
            shown = "3'-" + coding.translate(COMPLEMENT) + "-5'"
            what = "the gene whose template (non-coding) strand is"
        else:
            shown = "5'-" + reverse_complement(coding) + "-3'"
            what = "the gene whose template (non-coding) strand is"
        question = (
            f"Translate {what}\n\n{shown}\n\nusing the standard genetic code (NCBI table 1): "
            "start at the first AUG of the mRNA and stop at the first stop codon in that frame. "
            "Write the protein in one-letter amino-acid codes, without the stop."
        )
        meta = {"coding": coding, "strand": strand}
        return Draft(question, protein, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        text = answer.strip()
        if len(text) > 400 or not _PROTEIN.fullmatch(text):
            return Judgement.unparsable("expected one-letter amino-acid codes")
        protein = re.sub(r"[\s-]", "", text).upper()
        if protein == problem.answer:
            return Judgement.right()
        return Judgement.wrong(why="not the protein this gene codes for")

    def complexity(self, problem: Problem) -> float:
        """Codons translated, plus a strand to convert (reverse complement counting twice)."""
        return len(problem.answer) + 2 * STRANDS.index(problem.meta["strand"])
