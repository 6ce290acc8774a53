"""TwentyQuestions: find a hidden number with yes/no questions, then name it once.

A number from 1 to 2^bits is hidden. A question is one of ``< K``, ``> K``, ``even``,
``odd``, ``prime``, ``square`` or ``div D`` (divisible by D, 2 <= D <= 12), answered "yes"
or "no"; the final move ``= K`` names the number: right is ``solved`` (reward 1), wrong is
``lost`` (reward 0) and ends the episode. The budget is bits + 1 + slack moves, the final
guess included: halving with ``< K`` (the reference policy) needs bits questions and one
guess. A malformed question is ``illegal`` (reward 0).

Answer syntax per turn: one question or the final guess (``< 40``, ``div 3``, ``= 37``).
A whole episode as one answer: the moves separated by ``;``.

Knobs: ``bits`` (range 1..2^bits, 6 -> 10) and ``slack`` (spare questions, 3 -> 0).
"""

from __future__ import annotations

import math
import random
import re
from typing import Any, ClassVar

from rlvr_envs.core import Draft, IllegalMove, Knob, Problem
from rlvr_envs.families.interactive.secrets import SecretFamily

_COMPARE = re.compile(r"([<>=])\s*(\d{1,6})")
_DIV = re.compile(r"div\s+(\d{1,3})")


def _is_prime(n: int) -> bool:
    return n > 1 and all(n % d for d in range(2, math.isqrt(n) + 1))


class TwentyQuestions(SecretFamily):
    """Yes/no questions about a hidden number, then one guess."""

    answer_syntax = "one move: a question (< K, > K, even, odd, prime, square, div D) or = K"
    answer_form = "a question or = K, one per turn"
    knobs: ClassVar[dict[str, Knob]] = {
        "bits": Knob("int", 6, 10, doc="the number is from 1 to 2**bits"),
        "slack": Knob("int", 0, 3, easy=3, hard=0, doc="questions beyond halving's"),
    }

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        top = 2 ** knobs["bits"]
        secret = rng.randint(1, top)
        budget = knobs["bits"] + 1 + knobs["slack"]
        low, high, moves = 1, top, []
        while low < high:
            mid = (low + high + 1) // 2
            moves.append(f"< {mid}")
            low, high = (low, mid - 1) if secret < mid else (mid, high)
        moves.append(f"= {low}")
        question = (
            f"I am thinking of a whole number from 1 to {top}. Ask yes/no questions about it, "
            "one per turn, each one of: < K (is it less than K?), > K, even, odd, prime, "
            "square (a perfect square), div D (divisible by D, D from 2 to 12). When you know "
            f"it, write = K; you may name it only once. You have {budget} moves, the final "
            "guess included; naming it right scores 1, a wrong guess, running out or an "
            "invalid question scores 0.\n\nEach turn, write one move."
        )
        return Draft(question, "; ".join(moves), {"secret": secret, "max_turns": budget})

    def reply(self, problem: Problem, history: Any, move: str) -> tuple[str, str]:
        secret = problem.meta["secret"]
        text = " ".join(move.lower().split())
        compare = _COMPARE.fullmatch(text)
        div = _DIV.fullmatch(text)
        if compare:
            op, k = compare.group(1), int(compare.group(2))
            if op == "=":
                if k == secret:
                    return f"Yes, it is {k}.", "solved"
                return f"No, it is not {k}.", "lost"
            answer = secret < k if op == "<" else secret > k
        elif div:
            d = int(div.group(1))
            if not 2 <= d <= 12:
                raise IllegalMove("div takes D from 2 to 12")
            answer = secret % d == 0
        elif text in ("even", "odd", "prime", "square"):
            answer = {
                "even": secret % 2 == 0,
                "odd": secret % 2 == 1,
                "prime": _is_prime(secret),
                "square": math.isqrt(secret) ** 2 == secret,
            }[text]
        else:
            raise IllegalMove("ask < K, > K, even, odd, prime, square or div D, or write = K")
        return ("yes" if answer else "no"), "playing"

    def complexity(self, problem: Problem) -> float:
        return problem.knobs["bits"] + 3 - problem.knobs["slack"]
