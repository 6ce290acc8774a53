"""``rlvr/ProteinTranslation-v0``: the protein read with a codon table written here by
amino acid (not the family's table), from whichever strand the prompt shows."""

from __future__ import annotations

import re

from tests.families.science.helpers import _gen, _score

BY_AMINO = {
    "A": "GCU GCC GCA GCG", "R": "CGU CGC CGA CGG AGA AGG", "N": "AAU AAC", "D": "GAU GAC",
    "C": "UGU UGC", "Q": "CAA CAG", "E": "GAA GAG", "G": "GGU GGC GGA GGG", "H": "CAU CAC",
    "I": "AUU AUC AUA", "L": "UUA UUG CUU CUC CUA CUG", "K": "AAA AAG", "M": "AUG",
    "F": "UUU UUC", "P": "CCU CCC CCA CCG", "S": "UCU UCC UCA UCG AGU AGC",
    "T": "ACU ACC ACA ACG", "W": "UGG", "Y": "UAU UAC", "V": "GUU GUC GUA GUG",
    "*": "UAA UAG UGA",
}  # fmt: skip
TABLE = {codon: amino for amino, codons in BY_AMINO.items() for codon in codons.split()}
PAIR = {"A": "U", "T": "A", "G": "C", "C": "G"}


def mrna(prompt: str) -> str:
    strand = re.search(r"(\d)'-([ACGTU]+)-(\d)'", prompt)
    head, bases, _ = strand.groups()
    if "template" not in prompt:
        return bases.replace("T", "U")
    rna = "".join(PAIR[b] for b in bases)  # the template's complement, in its order
    return rna if head == "3" else rna[::-1]


def test_the_protein_is_read_from_the_first_aug():
    assert len(TABLE) == 64
    for seed in range(40):
        problem = _gen("rlvr/ProteinTranslation-v0", seed, seed / 39)
        rna = mrna(problem.prompt)
        start = rna.index("AUG")
        protein = ""
        for i in range(start, len(rna) - 2, 3):
            if TABLE[rna[i : i + 3]] == "*":
                break
            protein += TABLE[rna[i : i + 3]]
        assert problem.answer == protein
        assert _score(problem, protein.lower()) == 1.0
        assert _score(problem, "-".join(protein)) == 1.0
        assert _score(problem, protein[:-1]) == 0.0
        assert _score(problem, protein + "*") == 0.0
        assert _score(problem, rna) == 0.0
