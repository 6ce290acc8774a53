"""PrimeFactorization: write an integer as a product of prime powers.

The answer is unique by the fundamental theorem of arithmetic, so the check parses the
product strictly and compares it with the instance: every base must be prime, no prime may
appear twice, and the product must equal n. ``2^3 * 3 * 7^2``, ``3 \\cdot 7^{2} \\cdot 2^3``
and ``2³ × 3 × 7²`` are the same answer; ``8 * 3 * 49``, ``2 * 2^2 * 3 * 7^2`` and ``1176``
are not.

Answer syntax: prime powers ``p^e`` (or ``p`` for exponent 1) joined by ``*``, ``\\cdot`` or
``\\times``, in any order.

Knobs: ``primes`` (distinct prime factors), ``prime_digits`` (digits of the largest prime;
the next largest has one digit fewer) and ``max_exponent`` (the exponents of the small
primes). Difficulty 0 is ``12 = 2^2 * 3``; difficulty 1 is a 10- to 15-digit n with five
distinct primes, two of them of five and four digits, found only by trial division far past
the primes one knows by heart.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.math.number_theory import (
    digits_of,
    distinct_primes,
    factored_text,
    is_prime,
    product,
)
from rlvr_envs.families.math.number_theory_parts import unwrap

_TIMES = re.compile(r"\\cdot|\\times|[*·×]")
_TERM = re.compile(
    r"([0-9]{1,24})(?:\s*\^\s*(?:\{\s*([0-9]{1,4})\s*\}|\(\s*([0-9]{1,4})\s*\)|([0-9]{1,4})))?"
)
_MAX_N = 10**15


def parse_prime_powers(text: str) -> list[tuple[int, int]] | None:
    """``[(base, exponent), ...]`` of a product of powers; None when it is not that syntax."""
    text = unwrap(text).replace("$", "")
    terms = _TIMES.split(text)
    if not 1 <= len(terms) <= 64:
        return None
    out = []
    for term in terms:
        match = _TERM.fullmatch(term.strip())
        if match is None:
            return None
        exponent = match.group(2) or match.group(3) or match.group(4) or "1"
        out.append((int(match.group(1)), int(exponent)))
    return out


class PrimeFactorization(Family):
    """Factorise n into primes and write the factorisation as a product of prime powers.

    Knobs (easy -> hard): ``primes`` 2 -> 5 distinct prime factors, ``prime_digits`` 1 -> 5
    digits of the largest prime (the second largest has one digit fewer), ``max_exponent``
    2 -> 4 for the primes of one or two digits. n stays below 10^15.

    Answer syntax: ``p1^e1 * p2^e2 * ...`` with each prime once, in any order; an exponent
    of 1 may be left out; ``\\cdot`` or ``\\times`` may stand for ``*``; ``p^{e}`` and
    ``p^(e)`` are ``p^e``; ``n = `` or
    ``<n> = `` in front is allowed. The factorisation is unique (fundamental theorem of
    arithmetic), and the check holds the parsed product to n: every base prime, no base
    twice, every exponent positive, the product equal to n.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "primes": Knob("int", 2, 6, default=3, easy=2, hard=5, doc="distinct prime factors"),
        "prime_digits": Knob(
            "int", 1, 6, default=2, easy=1, hard=5, doc="digits of the largest prime factor"
        ),
        "max_exponent": Knob(
            "int", 1, 6, default=3, easy=2, hard=4, doc="largest exponent of a small prime"
        ),
    }
    answer_syntax = (
        "the prime factorisation as a product of prime powers, each prime once, such as "
        "2^3 * 3 * 7^2"
    )
    answer_form = "product of prime powers"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        count, top, max_e = knobs["primes"], knobs["prime_digits"], knobs["max_exponent"]
        digits = [top, max(1, top - 1)] + [rng.randint(1, 2) for _ in range(count - 2)]
        chosen = distinct_primes(rng, count, digits)
        factors = [
            [p, 1 if p > 100 else rng.randint(1, max_e if p < 30 else min(max_e, 2))]
            for p in chosen
        ]
        if all(e == 1 for _, e in factors) and max_e > 1:
            factors[0][1] = 2  # at least one repeated prime
        while product(factors) >= _MAX_N:  # shrink the largest exponent
            largest = max(factors, key=lambda f: f[1])
            if largest[1] == 1:
                break
            largest[1] -= 1
        n = product(factors)
        question = f"Find the prime factorisation of {n}."
        return Draft(question, factored_text(factors), {"n": n, "factors": factors})

    def check(self, problem: Problem, answer: str) -> Judgement:
        n = problem.meta["n"]
        answer = unwrap(answer)  # $...$, \(...\), \text{...}, a final period
        left, equals, right = answer.rpartition("=")
        if equals:  # "n = ..." or "1176 = ..." names the number factorised
            if left.strip().replace("$", "").strip() not in ("n", str(n)):
                return Judgement.unparsable("only n or the number itself may stand before =")
            answer = right
        powers = parse_prime_powers(answer)
        if powers is None:
            return Judgement.unparsable("not a product of powers p^e joined by *")
        bases = [p for p, _ in powers]
        if len(set(bases)) != len(bases):
            return Judgement.wrong(why="a prime appears more than once")
        if any(e < 1 or e > n.bit_length() for _, e in powers):
            return Judgement.wrong(why="an exponent out of range")
        if not all(is_prime(p) for p in bases):
            return Judgement.wrong(why="a base is not prime")
        if product([[p, e] for p, e in powers]) != n:
            return Judgement.wrong(why="the product is not n")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Digits of n, prime factors with multiplicity and the digits of the largest prime."""
        factors = problem.meta["factors"]
        largest = max(p for p, _ in factors)
        return digits_of(problem.meta["n"]) + sum(e for _, e in factors) + 2 * digits_of(largest)
