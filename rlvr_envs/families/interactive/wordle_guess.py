"""WordleGuess: Wordle, a hidden word found from per-letter colours.

A word of ``length`` letters from the vetted list of common English words
(:func:`rlvr_envs.families.puzzles.words.all_words` with ``"common"``) is hidden. Each guess
gets one mark per letter: ``G`` (right letter, right place), ``Y`` (in the word elsewhere)
or ``-`` (not in the word, or no more of it), with repeated letters marked as Wordle does
(greens first, then yellows left to right while copies remain). A guess that is a word of
the right length but not on the list costs a turn and gets no marks. The budget is the
reference policy's guesses plus ``slack``: the reference guesses, each time, the first word
of the list in alphabetical order that agrees with every mark so far. All green is
``solved`` (reward 1), spending the budget ``out_of_turns`` (reward 0); a guess of the
wrong length or with other characters is ``illegal`` (reward 0).

Answer syntax per turn: one lowercase word (``crane``). A whole episode as one answer: the
guesses separated by ``;``.

Knobs: ``length`` (4 -> 6 letters) and ``slack`` (spare guesses, 3 -> 0).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any, ClassVar

from rlvr_envs.core import Draft, IllegalMove, Knob, Problem
from rlvr_envs.families.interactive.secrets import SecretFamily
from rlvr_envs.families.puzzles.words import all_words


@cache
def word_list(length: int) -> tuple[str, ...]:
    """The vetted common words of ``length`` letters, sorted."""
    return tuple(sorted(w for w in all_words("common") if len(w) == length))


def marks(secret: str, guess: str) -> str:
    """Wordle's marks of ``guess`` against ``secret`` (G, Y, -)."""
    out = ["-"] * len(guess)
    left: dict[str, int] = {}
    for i, (s, g) in enumerate(zip(secret, guess, strict=True)):
        if s == g:
            out[i] = "G"
        else:
            left[s] = left.get(s, 0) + 1
    for i, g in enumerate(guess):
        if out[i] != "G" and left.get(g, 0) > 0:
            out[i] = "Y"
            left[g] -= 1
    return "".join(out)


class WordleGuess(SecretFamily):
    """Wordle over the vetted common-word list."""

    answer_syntax = "one guess: a lowercase word"
    answer_form = "a word of the stated length, one per turn"
    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 4, 6, doc="letters in the word"),
        "slack": Knob("int", 0, 3, easy=3, hard=0, doc="guesses beyond the reference's"),
    }

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        words = word_list(knobs["length"])
        secret = rng.choice(words)
        candidates = list(words)
        guesses = []
        while True:
            guess = candidates[0]
            guesses.append(guess)
            if guess == secret:
                break
            seen = marks(secret, guess)
            candidates = [w for w in candidates if marks(w, guess) == seen]
        budget = len(guesses) + knobs["slack"]
        question = (
            f"I have hidden a common English word of {knobs['length']} letters (a noun, verb "
            "or adjective in its base form). After each guess I mark every letter: G for the "
            "right letter in the right place, Y for a letter that is in the word elsewhere, - "
            "for a letter that is not in it (or no more copies of it). A guess that is not on "
            f"my word list costs a turn without marks. You have {budget} guesses; finding the "
            "word scores 1, running out or an invalid guess scores 0.\n\n"
            "Each turn, write one guess."
        )
        return Draft(question, "; ".join(guesses), {"secret": secret, "max_turns": budget})

    def reply(self, problem: Problem, history: Any, move: str) -> tuple[str, str]:
        length = problem.knobs["length"]
        guess = move.strip().lower()
        if len(guess) != length or not guess.isascii() or not guess.isalpha():
            raise IllegalMove(f"write one word of {length} letters")
        if guess not in word_list(length):
            return f"{guess}: not on the word list.", "playing"
        seen = marks(problem.meta["secret"], guess)
        return f"{guess}: {seen}", "solved" if seen == "G" * length else "playing"

    def complexity(self, problem: Problem) -> float:
        return problem.knobs["length"] + 3 - problem.knobs["slack"]
