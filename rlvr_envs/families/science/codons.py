"""The standard genetic code (NCBI translation table 1): DNA codons to one-letter amino
acids, ``*`` for the three stop codons, and the base complements."""

from __future__ import annotations

_BASES = "TCAG"
_AMINO = "FFLLSSSSYY**CC*WLLLLPPPPHHQQRRRRIIIMTTTTNNKKSSRRVVVVAAAADDEEGGGG"
CODONS: dict[str, str] = {
    a + b + c: _AMINO[16 * i + 4 * j + k]
    for i, a in enumerate(_BASES)
    for j, b in enumerate(_BASES)
    for k, c in enumerate(_BASES)
}
STOPS = tuple(sorted(c for c, aa in CODONS.items() if aa == "*"))
SENSE = tuple(sorted(c for c, aa in CODONS.items() if aa != "*"))
COMPLEMENT = str.maketrans("ACGT", "TGCA")


def reverse_complement(dna: str) -> str:
    """The other strand read 5' to 3'."""
    return dna.translate(COMPLEMENT)[::-1]


def translate(coding: str) -> str:
    """The protein of a coding strand from its first ATG to the first stop codon in frame
    (the stop not written); empty when there is no ATG."""
    start = coding.find("ATG")
    if start < 0:
        return ""
    protein = []
    for i in range(start, len(coding) - 2, 3):
        amino = CODONS[coding[i : i + 3]]
        if amino == "*":
            break
        protein.append(amino)
    return "".join(protein)
