"""SequenceAlignment: an optimal global alignment of two sequences, checked by rescoring.

Two DNA (or protein-alphabet) sequences, the second a mutated copy of the first
(substitutions, insertions and deletions), are to be aligned end to end under a stated
linear scoring: match +m, mismatch -x, each gap position -g. The optimal score is computed
at generation by Needleman-Wunsch dynamic programming. Many alignments are usually optimal,
so the check takes the answer's two gapped rows, verifies that removing the gaps gives the
two sequences and that no column is two gaps, rescores it and accepts exactly the
alignments whose score is the optimum.

Answer syntax: two lines, the first sequence and the second with ``-`` for gaps, of equal
length (``AC-GT`` over ``ACCGA``).

Knobs: ``length`` (letters of the first sequence, 4 -> 20), ``divergence`` (mutations per
letter, 0.1 -> 0.5) and ``alphabet`` (``dna``: ACGT; ``protein``: 8 amino-acid letters).
Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem

ALPHABETS = {"dna": "ACGT", "protein": "ACDEGKLV"}
_ROW = re.compile(r"[A-Za-z-]{1,200}")


def best_score(a: str, b: str, match: int, mismatch: int, gap: int) -> int:
    """The optimal global alignment score (Needleman-Wunsch, linear gaps)."""
    previous = [-gap * j for j in range(len(b) + 1)]
    for i in range(1, len(a) + 1):
        row = [-gap * i]
        for j in range(1, len(b) + 1):
            pair = match if a[i - 1] == b[j - 1] else -mismatch
            row.append(max(previous[j - 1] + pair, previous[j] - gap, row[j - 1] - gap))
        previous = row
    return previous[-1]


def alignment_score(top: str, bottom: str, match: int, mismatch: int, gap: int) -> int:
    """The score of two gapped rows of equal length."""
    score = 0
    for x, y in zip(top, bottom, strict=True):
        if x == "-" or y == "-":
            score -= gap
        else:
            score += match if x == y else -mismatch
    return score


def mutate(rng: random.Random, seq: str, rate: float, alphabet: str) -> str:
    """``seq`` with about ``rate`` mutations per letter (substitute, insert or delete)."""
    out = []
    for ch in seq:
        roll = rng.random()
        if roll < rate / 2:
            out.append(rng.choice([c for c in alphabet if c != ch]))
        elif roll < 3 * rate / 4:
            out.extend((ch, rng.choice(alphabet)))
        elif roll >= rate:
            out.append(ch)
    return "".join(out)


class SequenceAlignment(Family):
    """Any optimal global alignment of two sequences under a stated scoring."""

    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 3, 30, default=8, easy=4, hard=20, doc="letters of sequence 1"),
        "divergence": Knob("float", 0.1, 0.6, default=0.25, easy=0.1, hard=0.5, doc="mutations"),
        "alphabet": Knob("categorical", choices=tuple(ALPHABETS), doc="letters"),
    }
    answer_syntax = "the two aligned sequences on two lines, with - for gaps"
    answer_form = "two gapped rows"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, rate = int(knobs["length"]), float(knobs["divergence"])
        alphabet = ALPHABETS[knobs["alphabet"]]
        while True:
            first = "".join(rng.choice(alphabet) for _ in range(n))
            second = mutate(rng, first, rate, alphabet)
            if second and second != first:
                break
        match, mismatch, gap = rng.randint(1, 3), rng.randint(1, 3), rng.randint(1, 3)
        score = best_score(first, second, match, mismatch, gap)
        top, bottom = self._traceback(first, second, match, mismatch, gap)
        question = (
            f"Align these two sequences globally (end to end):\n\n1: {first}\n2: {second}\n\n"
            f"Scoring: a match scores +{match}, a mismatch -{mismatch}, and each gap position "
            f"-{gap}. Give an alignment with the highest possible score: sequence 1 on the "
            "first line and sequence 2 on the second, both with - for gaps and of equal length "
            "(no column may be a gap in both)."
        )
        meta = {"first": first, "second": second, "scoring": [match, mismatch, gap],
                "score": score}  # fmt: skip
        return Draft(question, f"{top}\n{bottom}", meta)

    @staticmethod
    def _traceback(a: str, b: str, match: int, mismatch: int, gap: int) -> tuple[str, str]:
        table = [[-gap * j for j in range(len(b) + 1)]]
        for i in range(1, len(a) + 1):
            row = [-gap * i]
            for j in range(1, len(b) + 1):
                pair = match if a[i - 1] == b[j - 1] else -mismatch
                row.append(max(table[i - 1][j - 1] + pair, table[i - 1][j] - gap, row[j - 1] - gap))
            table.append(row)
        top, bottom, i, j = [], [], len(a), len(b)
        while i or j:
            if i and j:
                pair = match if a[i - 1] == b[j - 1] else -mismatch
                if table[i][j] == table[i - 1][j - 1] + pair:
                    top.append(a[i - 1])
                    bottom.append(b[j - 1])
                    i, j = i - 1, j - 1
                    continue
            if i and table[i][j] == table[i - 1][j] - gap:
                top.append(a[i - 1])
                bottom.append("-")
                i -= 1
            else:
                top.append("-")
                bottom.append(b[j - 1])
                j -= 1
        return "".join(reversed(top)), "".join(reversed(bottom))

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        rows = [r.strip() for r in answer.strip().splitlines() if r.strip()]
        rows = [re.sub(r"^(?:[12]\s*[:.)]|seq(?:uence)?\s*[12]\s*:)\s*", "", r) for r in rows]
        if len(rows) != 2 or not all(_ROW.fullmatch(r) for r in rows):
            return Judgement.unparsable("expected two lines of letters and '-'")
        top, bottom = (r.upper() for r in rows)
        if len(top) != len(bottom):
            return Judgement.wrong(why="the two rows differ in length")
        if top.replace("-", "") != meta["first"] or bottom.replace("-", "") != meta["second"]:
            return Judgement.wrong(why="the rows without gaps are not the two sequences")
        if any(x == "-" and y == "-" for x, y in zip(top, bottom, strict=True)):
            return Judgement.wrong(why="a column with two gaps")
        score = alignment_score(top, bottom, *meta["scoring"])
        if score == meta["score"]:
            return Judgement.right()
        return Judgement.wrong(why=f"scores {score}, below the optimum", score=0.0)

    def complexity(self, problem: Problem) -> float:
        """The dynamic programme's cells."""
        return float(len(problem.meta["first"]) * len(problem.meta["second"]))
