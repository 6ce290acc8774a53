"""``rlvr/Transcription-v0``: the mRNA rebuilt from the shown strand by a complement table
written here (pairing, reversing, dropping lowercase introns), with accepted spellings and
the usual mistakes (DNA letters, 3' to 5', introns kept, the template's letters)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.science.helpers import _gen, _score

PAIR = {"A": "T", "T": "A", "C": "G", "G": "C", "a": "t", "t": "a", "c": "g", "g": "c"}


def coding_strand(text: str) -> str:
    shown = re.search(r"^(5'|3')-([ACGTacgt]+)-(3'|5')$", text, re.M)
    start, bases, _ = shown.groups()
    if "coding (sense) strand" in text:
        return bases
    paired = "".join(PAIR[b] for b in bases)  # the coding strand, same direction as shown
    return paired if start == "3'" else paired[::-1]


def test_the_mrna_is_the_spliced_coding_strand():
    for seed in range(40):
        problem = _gen("rlvr/Transcription-v0", seed, seed / 39)
        coding = coding_strand(problem.prompt)
        for intron in re.findall(r"[acgt]+", coding):
            assert intron.startswith("gt") and intron.endswith("ag")
        mrna = "".join(b for b in coding if b.isupper()).replace("T", "U")
        assert problem.answer == mrna
        for right in (
            mrna,
            mrna.lower(),
            f"5'-{mrna}-3'",
            " ".join(mrna[i : i + 3] for i in range(0, len(mrna), 3)),
        ):
            assert _score(problem, right) == 1.0, right
        unspliced = coding.upper().replace("T", "U")
        for wrong in (mrna.replace("U", "T"), mrna[::-1], unspliced, mrna[:-1], mrna + "A"):
            assert _score(problem, wrong) == float(wrong == mrna), wrong


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    difficulty=st.floats(0, 1),
    position=st.integers(0, 10**4),
    base=st.sampled_from("ACGU"),
)
def test_one_changed_base_scores_zero(seed, difficulty, position, base):
    problem = _gen("rlvr/Transcription-v0", seed, difficulty)
    mrna = problem.answer
    i = position % len(mrna)
    changed = mrna[:i] + base + mrna[i + 1 :]
    assert _score(problem, changed) == float(changed == mrna)
