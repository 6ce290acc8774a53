"""GuessTheNumber: find a hidden whole number by guesses answered "higher" or "lower".

A number from 1 to 2^bits is hidden; each guess is answered "higher", "lower" or "correct"
(solved, reward 1). The budget is bits + 1 + slack guesses: binary search (the reference
policy) always solves within bits + 1; spending the budget is ``out_of_turns`` (reward 0),
a guess that is not a number in range ``illegal`` (reward 0). A constant guess is right
once in 2^bits.

Answer syntax per turn: one whole number (``37``). A whole episode as one answer: the
guesses separated by ``;``.

Knobs: ``bits`` (range 1..2^bits, 7 -> 12) and ``slack`` (spare guesses, 2 -> 0). The
range is at least 128, so a fixed list of guesses (at most 10 at the easiest) finds the
number less than a tenth of the time.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.interactive.secrets import SecretFamily, read_int


class GuessTheNumber(SecretFamily):
    """Binary search with a query budget."""

    answer_syntax = "one guess: a whole number"
    answer_form = "a whole number, one per turn"
    knobs: ClassVar[dict[str, Knob]] = {
        "bits": Knob("int", 7, 12, doc="the number is from 1 to 2**bits"),
        "slack": Knob("int", 0, 2, easy=2, hard=0, doc="guesses beyond binary search's"),
    }

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        top = 2 ** knobs["bits"]
        secret = rng.randint(1, top)
        budget = knobs["bits"] + 1 + knobs["slack"]
        low, high, guesses = 1, top, []
        while True:
            mid = (low + high) // 2
            guesses.append(str(mid))
            if mid == secret:
                break
            low, high = (mid + 1, high) if secret > mid else (low, mid - 1)
        question = (
            f"I am thinking of a whole number from 1 to {top}. Find it: after each guess I say "
            f"whether the number is higher or lower, or that you found it. You have {budget} "
            "guesses; finding it scores 1, running out or an invalid guess scores 0.\n\n"
            "Each turn, write one guess."
        )
        return Draft(question, "; ".join(guesses), {"secret": secret, "max_turns": budget})

    def reply(self, problem: Problem, history: Any, move: str) -> tuple[str, str]:
        top = 2 ** problem.knobs["bits"]
        guess = read_int(move, 1, top)
        secret = problem.meta["secret"]
        if guess == secret:
            return f"{guess} is correct.", "solved"
        return f"{guess}: the number is {'higher' if secret > guess else 'lower'}.", "playing"

    def complexity(self, problem: Problem) -> float:
        return problem.knobs["bits"] + 3 - problem.knobs["slack"]
