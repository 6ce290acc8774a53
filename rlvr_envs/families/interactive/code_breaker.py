"""CodeBreaker: Mastermind played live, a hidden code found from exact/misplaced counts.

A code of ``length`` letters from the first ``colours`` letters of A-G (repeats allowed) is
hidden. Each guess is answered with how many letters are right and in the right place
(exact) and how many more are in the code elsewhere (misplaced), Mastermind's black and
white pegs. All exact is ``solved`` (reward 1). The budget is the reference policy's
guesses plus ``slack``: the reference guesses, each time, the first code in alphabetical
order that agrees with every answer so far. Spending the budget is ``out_of_turns``
(reward 0); a guess of the wrong length or with other letters is ``illegal`` (reward 0).

Answer syntax per turn: one code (``ABCA``). A whole episode as one answer: the guesses
separated by ``;``.

Knobs: ``length`` (3 -> 4), ``colours`` (6 -> 7) and ``slack`` (spare guesses, 2 -> 0): at least
216 codes, so a fixed list of guesses finds the code less than a tenth of the time.
"""

from __future__ import annotations

import itertools
import random
from typing import Any, ClassVar

from rlvr_envs.core import Draft, IllegalMove, Knob, Problem
from rlvr_envs.families.interactive.secrets import SecretFamily


def pegs(secret: str, guess: str) -> tuple[int, int]:
    """(exact, misplaced) of ``guess`` against ``secret``."""
    exact = sum(a == b for a, b in zip(secret, guess, strict=True))
    common = sum(min(secret.count(ch), guess.count(ch)) for ch in set(guess))
    return exact, common - exact


class CodeBreaker(SecretFamily):
    """Mastermind with feedback after each guess."""

    answer_syntax = "one guess: a code of capital letters (e.g. ABCA)"
    answer_form = "a code of the stated letters, one per turn"
    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 3, 4, doc="letters in the code"),
        "colours": Knob("int", 6, 7, doc="letters to choose from (A, B, ...)"),
        "slack": Knob("int", 0, 2, easy=2, hard=0, doc="guesses beyond the reference's"),
    }

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        letters = "ABCDEFG"[: knobs["colours"]]
        secret = "".join(rng.choice(letters) for _ in range(knobs["length"]))
        candidates = ["".join(c) for c in itertools.product(letters, repeat=knobs["length"])]
        guesses = []
        while True:
            guess = candidates[0]
            guesses.append(guess)
            if guess == secret:
                break
            answer = pegs(secret, guess)
            candidates = [c for c in candidates if pegs(c, guess) == answer]
        budget = len(guesses) + knobs["slack"]
        question = (
            f"I have hidden a code of {knobs['length']} letters, each one of "
            f"{', '.join(letters)} (letters may repeat). After each guess I say how many "
            "letters are right and in the right place (exact) and how many more are in the "
            f"code but elsewhere (misplaced). You have {budget} guesses; finding the code "
            "scores 1, running out or an invalid guess scores 0.\n\nEach turn, write one guess."
        )
        return Draft(question, "; ".join(guesses), {"secret": secret, "max_turns": budget})

    def reply(self, problem: Problem, history: Any, move: str) -> tuple[str, str]:
        letters = "ABCDEFG"[: problem.knobs["colours"]]
        guess = move.strip().upper()
        if len(guess) != problem.knobs["length"] or any(c not in letters for c in guess):
            raise IllegalMove(f"write {problem.knobs['length']} letters from {letters}")
        exact, misplaced = pegs(problem.meta["secret"], guess)
        if exact == len(guess):
            return f"{guess}: all {exact} exact.", "solved"
        return f"{guess}: {exact} exact, {misplaced} misplaced.", "playing"

    def complexity(self, problem: Problem) -> float:
        k = problem.knobs
        return k["length"] * 2 + k["colours"] + 2 - k["slack"]
