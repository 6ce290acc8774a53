"""NthPrime: the n-th prime, the k-th prime after N, or how many primes are at most N.

Generation reads a sieve of Eratosthenes built once per process (up to 1,300,000, about
0.1 s) and a deterministic Miller-Rabin test beyond it; nothing here needs sympy.

Answer syntax: one positive integer.

Knobs: ``mode`` (``nth``, ``after``, ``count``), ``digits`` (digits of n or N) and ``k`` (which
prime after N). Difficulty 0 asks for one of the 3rd to 9th primes; difficulty 1 for pi(N)
with a six-digit N.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.number_theory import digits_of, is_prime, prime_count, primes
from rlvr_envs.families.shared.math_answers import MathFamily

_NTH_DIGITS = 5  # the sieve holds the first 100,000 primes
_COUNT_DIGITS = 6  # pi(N) for N below 10^6


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``11th``, ``23rd``."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def _between(rng: random.Random, digits: int, least: int) -> int:
    return rng.randint(max(least, 10 ** (digits - 1)), 10**digits - 1)


class NthPrime(MathFamily):
    """Primes in order: the n-th prime, the k-th prime greater than N, or pi(N).

    Knobs (easy -> hard): ``mode`` ``nth`` -> ``after`` -> ``count``; ``digits`` 1 -> 6 (the
    size of n, capped at 5 digits, or of N, capped at 6 digits for ``count``); ``k`` 1 -> 3
    (``after`` asks for the k-th prime greater than N). Difficulty 1 is pi(N) for a
    six-digit N: a sieve run, not a recalled table.

    Answer syntax: one positive integer.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "mode": Knob(
            "categorical", choices=("nth", "after", "count"), default="nth", doc="what is asked"
        ),
        "digits": Knob("int", 1, 7, default=3, easy=1, hard=6, doc="digits of n or N"),
        "k": Knob("int", 1, 5, default=1, easy=1, hard=3, doc="which prime after N"),
    }
    answer_syntax = "the answer as a positive integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        mode, digits, k = knobs["mode"], knobs["digits"], knobs["k"]
        if mode == "nth":
            n = _between(rng, min(digits, _NTH_DIGITS), 3)
            question = f"What is the {ordinal(n)} prime number? (The 1st prime is 2.)"
            value, given, work = primes()[n - 1], n, 0
        elif mode == "after":
            n = _between(rng, digits, 1)
            value, found = n, 0
            while found < k:
                value += 1
                found += is_prime(value)
            which = "smallest prime" if k == 1 else f"{ordinal(k)} smallest prime"
            question = f"What is the {which} greater than {n}?"
            given, work = n, 2 * k
        else:
            n = _between(rng, min(digits, _COUNT_DIGITS), 2)
            question = f"How many prime numbers are less than or equal to {n}?"
            value, given, work = prime_count(n), n, 2 * digits_of(n)
        return Draft(question, str(value), {"mode": mode, "n": given, "k": k, "work": work})

    def complexity(self, problem: Problem) -> float:
        """Digits of the given number and of the answer, plus the search the mode needs."""
        meta = problem.meta
        return digits_of(meta["n"]) + len(problem.answer) + meta["work"]
