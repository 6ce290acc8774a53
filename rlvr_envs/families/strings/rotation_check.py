"""RotationCheck: which candidate is the target string rotated, and by how much?

A target string and two to six candidates with its letters: exactly one candidate is a
rotation of the target, the others are near misses that are not (a rotation with two
letters swapped, or the target's letters shuffled; where those run out, one letter
changed). The answer names the candidate and the left rotation that turns it into the
target (move its first k letters to the end), the witness the check applies. Candidates are
never periodic, so exactly one amount is right.

Answer syntax: the candidate's letter and the amount k (1 <= k < length), separated by a
space (``C 4``).

Knobs: ``length`` (letters, 5 -> 30) and ``candidates`` (2 -> 6). Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.strings.text import random_letters

LABELS = "ABCDEFGH"
_ANSWER = re.compile(r"([A-Ha-h])\s*[, ]\s*(\d{1,4})")


def rotate_left(s: str, k: int) -> str:
    return s[k:] + s[:k]


def is_rotation(a: str, b: str) -> bool:
    return len(a) == len(b) and b in a + a


class RotationCheck(Family):
    """The one candidate that is a rotation of the target, with the amount as witness."""

    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 4, 40, default=8, easy=5, hard=30, doc="letters per string"),
        "candidates": Knob("int", 2, 8, default=3, easy=2, hard=6, doc="candidate strings"),
    }
    answer_syntax = "the candidate's letter and the amount k, separated by a space (e.g. C 4)"
    answer_form = "a letter and an integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, c = int(knobs["length"]), int(knobs["candidates"])
        while True:
            target = random_letters(rng, n, "abcdefgh"[: max(3, min(8, n // 2))])
            if len(set(target)) > 1 and all(rotate_left(target, k) != target for k in range(1, n)):
                break
        k = rng.randrange(1, n)
        right = rotate_left(target, n - k)  # rotating it left by k gives the target
        candidates = [right]
        tries = 0
        while len(candidates) < c:
            tries += 1
            base = list(rotate_left(target, rng.randrange(n)))
            if tries > 40:  # few arrangements of these letters: change one letter instead
                i = rng.randrange(n)
                base[i] = rng.choice([x for x in "abcdefgh" if x != base[i]])
            elif rng.random() < 0.6:
                i, j = rng.sample(range(n), 2)
                base[i], base[j] = base[j], base[i]
            else:
                rng.shuffle(base)
            decoy = "".join(base)
            if not is_rotation(decoy, target) and decoy not in candidates:
                candidates.append(decoy)
        rng.shuffle(candidates)
        label = LABELS[candidates.index(right)]
        lines = "\n".join(f"{LABELS[i]}: {s}" for i, s in enumerate(candidates))
        question = (
            f"Target: {target}\n\nCandidates:\n{lines}\n\nExactly one candidate is a rotation "
            "of the target. Which one, and by how much must it be rotated left (its first k "
            "letters moved to its end, 0 < k < its length) to give the target?"
        )
        meta = {"target": target, "candidates": candidates}
        return Draft(question, f"{label} {k}", meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        match = _ANSWER.fullmatch(answer.strip())
        if not match:
            return Judgement.unparsable("expected a candidate letter and an integer")
        candidates = problem.meta["candidates"]
        index, k = LABELS.index(match.group(1).upper()), int(match.group(2))
        if index >= len(candidates) or not 0 < k < len(problem.meta["target"]):
            return Judgement.wrong(why="no such candidate or amount")
        ok = rotate_left(candidates[index], k) == problem.meta["target"]
        return Judgement.right() if ok else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Letters over all candidates."""
        return sum(map(len, problem.meta["candidates"]))
