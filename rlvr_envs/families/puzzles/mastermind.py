"""Mastermind: give a code consistent with every guess and its feedback so far.

Mastermind (Meirowitz, 1970): a secret code is a row of ``length`` pegs, each one of
``colours`` colours (here the digits 1 to ``colours``; colours may repeat). Each guess is
answered with black pegs (right colour in the right place) and white pegs (right colour in
the wrong place, counting each peg of the code and of the guess once).

The generator draws a secret and then plays like a careful codebreaker: every guess is a
code still consistent with the feedback so far (never the secret itself), until at most
four codes remain consistent. The candidate set is filtered with numpy over every code of
the space (at most 8^5). Several codes can be right: the verifier recomputes the feedback
of the answer against every guess and accepts any code consistent with all of them.
Copying a guess from the prompt never works, since no guess is the secret and so none
explains its own feedback.

Answer syntax: the code as ``length`` digits, left to right; spaces or commas between them
are allowed (``1 3 2 4`` or ``1324``).

Knobs: ``length`` (pegs, 3 to 5) and ``colours`` (3 to 8). Difficulty raises both.
"""

from __future__ import annotations

import math
import random
import re
from functools import cache
from typing import ClassVar

import numpy as np

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem

_TARGET = 4  # stop guessing once at most this many codes are consistent
_MAX_GUESSES = 14


@cache
def _space(length: int, colours: int) -> tuple[np.ndarray, np.ndarray]:
    """Every code (rows of colour indices 0..colours-1) and its colour counts."""
    grids = np.indices((colours,) * length).reshape(length, -1).T.astype(np.int8)
    counts = np.stack([(grids == c).sum(1) for c in range(colours)], axis=1).astype(np.int8)
    return grids, counts


def feedback(code: list[int], guess: list[int]) -> tuple[int, int]:
    """(black, white) pegs for ``guess`` against ``code``."""
    black = sum(a == b for a, b in zip(code, guess))
    common = sum(min(code.count(c), guess.count(c)) for c in set(guess))
    return black, common - black


class Mastermind(Family):
    """Find a code consistent with a Mastermind history (any consistent code is right)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 3, 5, default=4, doc="pegs in the code"),
        "colours": Knob("int", 3, 8, default=6, easy=4, hard=8, doc="colours (digits 1..n)"),
    }
    answer_syntax = "the code as its digits from left to right (e.g. 1 3 2 4)"
    answer_form = "code of digits"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        length, colours = int(knobs["length"]), int(knobs["colours"])
        grids, counts = _space(length, colours)
        secret_index = rng.randrange(len(grids))
        secret = grids[secret_index]
        secret_counts = counts[secret_index]
        alive = np.arange(len(grids))
        history = []
        while len(alive) > _TARGET and len(history) < _MAX_GUESSES:
            pick = int(alive[rng.randrange(len(alive))])
            if pick == secret_index:
                continue
            guess = grids[pick]
            black = int((guess == secret).sum())
            white = int(np.minimum(counts[pick], secret_counts).sum()) - black
            sub = grids[alive]
            b = (sub == guess).sum(1)
            w = np.minimum(counts[alive], counts[pick]).sum(1) - b
            alive = alive[(b == black) & (w == white)]
            history.append(([int(v) + 1 for v in guess], black, white))
        lines = [
            f"{i + 1}. {' '.join(map(str, g))}  ->  {b} black, {w} white"
            for i, (g, b, w) in enumerate(history)
        ]
        question = (
            f"Mastermind: a secret code is {length} pegs, each one of {colours} colours "
            f"written as the digits 1 to {colours} (colours may repeat). Each guess below got "
            "black pegs (right colour in the right place) and white pegs (right colour in "
            "the wrong place; each peg of the code and of the guess counts at most once).\n\n"
            + "\n".join(lines)
            + "\n\nGive a code that is consistent with all of this feedback (it could be the "
            "secret)."
        )
        meta = {
            "length": length,
            "colours": colours,
            "guesses": [{"guess": g, "black": b, "white": w} for g, b, w in history],
            "consistent": len(alive),
        }
        return Draft(question, " ".join(str(int(v) + 1) for v in secret), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        length, colours = meta["length"], meta["colours"]
        if len(answer) > 20 * length + 20:
            return Judgement.unparsable("far longer than a code")
        digits = re.sub(r"[\s,;\-]+", "", answer)
        if not digits.isascii() or not digits.isdigit():
            return Judgement.unparsable("a code is written with digits only")
        if len(digits) != length:
            return Judgement.unparsable(f"a code has {length} digits, got {len(digits)}")
        code = [int(d) for d in digits]
        if any(not 1 <= d <= colours for d in code):
            return Judgement.wrong(why=f"colours are the digits 1 to {colours}")
        for i, item in enumerate(meta["guesses"]):
            if feedback(code, item["guess"]) != (item["black"], item["white"]):
                return Judgement.wrong(why=f"guess {i + 1} would get other feedback")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Bits of the code space plus the guesses to reconcile."""
        meta = problem.meta
        return meta["length"] * math.log2(meta["colours"]) + len(meta["guesses"])
