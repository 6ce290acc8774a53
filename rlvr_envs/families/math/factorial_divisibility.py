"""FactorialDivisibility: prime exponents in n! and in binomial coefficients, and trailing
zeros of n! in a base b.

Legendre's formula gives the exponent of a prime p in n! as the sum of floor(n / p^i); the
trailing zeros of n! in base b = prod p^a number min over p of floor(v_p(n!) / a); Kummer's
theorem gives the exponent of p in C(n, k) as the number of carries when k and n - k are
added in base p, which equals v_p(n!) - v_p(k!) - v_p((n - k)!). Nothing here needs sympy.

Answer syntax: one non-negative integer.

Knobs: ``mode`` (``legendre``, ``zeros``, ``binomial``), ``digits`` (of n) and
``prime_digits`` (size of p, or of the primes of the base). Difficulty 1 asks for the
exponent of a prime in C(n, k) with n of thirteen digits (carries in base p).
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.number_theory import digits_of, legendre, primes
from rlvr_envs.families.shared.math_answers import MathFamily

_MODES = ("legendre", "zeros", "binomial")
_SUMS = {"legendre": 1, "binomial": 3}


def _prime(rng: random.Random, digits: int) -> int:
    """A prime with at most ``digits`` digits, small primes more often (half of the draws
    from the one-digit primes)."""
    if digits == 1 or rng.random() < 0.5:
        return rng.choice((2, 3, 5, 7))
    pool = primes()[: {2: 25, 3: 168}.get(digits, 25)]
    return rng.choice(pool)


def _kummer_prime(rng: random.Random, digits: int) -> int:
    """Mostly 2 and 3 (many base-p digits, so many possible carries), sometimes 5 or 7 and,
    for ``digits`` >= 2, a larger prime."""
    x = rng.random()
    if x < 0.4:
        return 2
    if x < 0.7:
        return 3
    if x < 0.85 or digits == 1:
        return rng.choice((5, 7))
    return rng.choice(primes()[4 : {2: 25, 3: 168}.get(digits, 25)])


def trailing_zeros(n: int, base: list[list[int]]) -> int:
    """Trailing zeros of n! written in the base factored as ``[[p, a], ...]``."""
    return min(legendre(n, p) // a for p, a in base)


class FactorialDivisibility(MathFamily):
    """How often a prime or a base divides n! or C(n, k).

    Knobs (easy -> hard): ``mode`` ``legendre`` (the largest e with p^e | n!) -> ``zeros``
    (trailing zeros of n! in base b: base 10 first, then composite bases built from up to
    three prime powers) -> ``binomial`` (the exponent of p in C(n, k), Kummer's theorem,
    with n three digits longer and p mostly 2 or 3 so that the carries spread widely);
    ``digits`` 2 -> 10 digits of n; ``prime_digits`` 1 -> 2 digits of p or of the primes
    of b.

    Answer syntax: one non-negative integer.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "mode": Knob("categorical", choices=_MODES, default="legendre", doc="what is asked"),
        "digits": Knob("int", 1, 15, default=3, easy=2, hard=10, doc="digits of n"),
        "prime_digits": Knob("int", 1, 3, default=1, easy=1, hard=2, doc="digits of the primes"),
    }
    answer_syntax = "the answer as a non-negative integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        mode, digits, pd = knobs["mode"], knobs["digits"], knobs["prime_digits"]
        n = rng.randint(max(2, 10 ** (digits - 1)), 10**digits - 1)
        k = 0
        if mode == "legendre":
            p = _prime(rng, pd)
            question = (
                f"What is the largest integer e such that {p}^e divides {n}! ({n} factorial)?"
            )
            value, base = legendre(n, p), [[p, 1]]
        elif mode == "zeros":
            base = _base(rng, pd)
            b = 1
            for p, a in base:
                b *= p**a
            question = (
                f"How many trailing zeros does {n}! ({n} factorial) have when written in base {b}?"
            )
            value = trailing_zeros(n, base)
        else:  # n has three more digits: the carries then spread over a wide range
            n = rng.randint(10 ** (digits + 2), 10 ** (digits + 3) - 1)
            k = rng.randint(2, n - 2)
            p = _kummer_prime(rng, pd)
            question = (
                f"What is the largest integer e such that {p}^e divides the binomial "
                f"coefficient C({n}, {k})?"
            )
            value = legendre(n, p) - legendre(k, p) - legendre(n - k, p)
            base = [[p, 1]]
        meta = {"mode": mode, "n": n, "k": k, "base": base}
        return Draft(question, str(value), meta)

    def complexity(self, problem: Problem) -> float:
        """Digits of n times the Legendre sums a solution evaluates, plus the primes' digits
        and the answer's digits."""
        meta = problem.meta
        sums = _SUMS.get(meta["mode"], len(meta["base"]))
        primes_digits = sum(digits_of(p) for p, _ in meta["base"])
        return digits_of(meta["n"]) * sums + primes_digits + len(problem.answer)


def _base(rng: random.Random, prime_digits: int) -> list[list[int]]:
    """Base 10 at the easiest setting, else a composite base of up to three prime powers."""
    if prime_digits == 1 and rng.random() < 0.3:
        return [[2, 1], [5, 1]]
    chosen: dict[int, int] = {}
    for _ in range(rng.randint(2, 3)):
        p = _prime(rng, prime_digits)
        chosen[p] = chosen.get(p, 0) + rng.randint(1, 3)
    if len(chosen) == 1 and sum(chosen.values()) == 1:  # a prime base is Legendre's formula
        chosen[next(iter(chosen))] = 2
    return [[p, a] for p, a in sorted(chosen.items())]
