"""DivisorFunctions: tau(n), sigma(n), sigma_k(n) and counts or sums of restricted divisors.

Every quantity is multiplicative, so the generator computes it from the factorisation it
drew: for n = p1^e1 ... pr^er, tau(n) = prod (ei + 1), sigma_k(n) = prod (pi^(k(ei+1)) - 1) /
(pi^k - 1), the square divisors number prod (floor(ei/2) + 1), the odd divisors are those of
the odd part. Nothing here needs sympy.

Answer syntax: one positive integer.

Knobs: ``quantity`` (``tau``, ``restricted``, ``sigma``, ``power_sum``), ``primes`` (distinct
prime factors of n), ``max_exponent`` and ``plain`` (n given as a plain integer to factorise
rather than factored). Difficulty 1 asks for a sum of squares or cubes of the divisors of an
unfactorised n of a dozen or more digits with five distinct prime factors.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.number_theory import (
    digits_of,
    distinct_primes,
    factored_text,
    product,
)
from rlvr_envs.families.shared.math_answers import MathFamily

_QUANTITIES = ("tau", "restricted", "sigma", "power_sum")
_WEIGHT = {"tau": 1, "restricted": 2, "sigma": 3, "power_sum": 4}
_RESTRICTED = ("odd", "even", "square", "cube", "multiple", "odd_sum")


def sigma_k(factors: list[list[int]], k: int) -> int:
    """The sum of the k-th powers of the divisors (k = 0: their number)."""
    total = 1
    for p, e in factors:
        total *= e + 1 if k == 0 else (p ** (k * (e + 1)) - 1) // (p**k - 1)
    return total


def _powers_count(factors: list[list[int]], step: int) -> int:
    """How many divisors are perfect ``step``-th powers: prod (floor(e / step) + 1)."""
    count = 1
    for _, e in factors:
        count *= e // step + 1
    return count


class DivisorFunctions(MathFamily):
    """The number, the sum, or the sum of k-th powers of the divisors of n, or a count or
    sum of the divisors with a property (odd, even, square, cube, multiple of m).

    Knobs (easy -> hard): ``quantity`` ``tau`` -> ``restricted`` -> ``sigma`` ->
    ``power_sum`` (sum of squares or cubes of the divisors); ``primes`` 2 -> 5 distinct
    prime factors (all below 100); ``max_exponent`` 2 -> 5; ``plain`` False -> True (n is
    given as a plain integer, so it must be factorised first). The values follow from the
    multiplicativity of the divisor functions.

    Answer syntax: one positive integer.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "quantity": Knob("categorical", choices=_QUANTITIES, default="tau", doc="what is asked"),
        "primes": Knob("int", 1, 6, default=3, easy=2, hard=5, doc="distinct prime factors"),
        "max_exponent": Knob("int", 1, 6, default=3, easy=2, hard=5, doc="largest exponent"),
        "plain": Knob("bool", default=False, easy=False, hard=True, doc="n not factorised"),
    }
    answer_syntax = "the answer as a positive integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        count, max_e, quantity = knobs["primes"], knobs["max_exponent"], knobs["quantity"]
        m = 1
        chosen = distinct_primes(rng, count, [rng.randint(1, 2) for _ in range(count)])
        factors = [[p, rng.randint(1, max_e if p < 20 else min(max_e, 2))] for p in chosen]
        if quantity == "restricted":
            kinds = [k for k in _RESTRICTED if max_e >= {"square": 2, "cube": 3}.get(k, 1)]
            ask = kinds[rng.randrange(len(kinds))]
            if ask in ("even", "odd", "odd_sum") and chosen[0] != 2:
                factors = [[2, rng.randint(1, max_e)], *factors[1:]]  # make n even
            if ask in ("square", "cube"):
                # prod (floor(e / step) + 1) takes few values when e <= max_e (mostly 1 or
                # 2 for cubes): exponents here run to max_e + step, one at least step.
                step = 2 if ask == "square" else 3
                for factor in factors:
                    top = max_e + step if factor[0] < 20 else step
                    factor[1] = rng.randint(1, top)
                if all(e < step for _, e in factors):
                    factors[rng.randrange(len(factors))][1] = step
            what, value, m = _restricted(rng, ask, factors)
        elif quantity == "tau":
            what, value, ask = "the number of positive divisors of n", sigma_k(factors, 0), "tau"
        elif quantity == "sigma":
            what, value = "the sum of the positive divisors of n", sigma_k(factors, 1)
            ask = "sigma"
        else:
            k = 2 if count * max_e <= 12 or rng.random() < 0.5 else 3
            power, ask = ("squares", "sigma2") if k == 2 else ("cubes", "sigma3")
            what, value = (
                f"the sum of the {power} of the positive divisors of n",
                sigma_k(factors, k),
            )
        n = product(factors)
        given = str(n) if knobs["plain"] else factored_text(factors, " \\cdot ")
        question = f"Let n = {given}. Find {what}."
        meta = {"n": n, "factors": factors, "quantity": quantity, "ask": ask, "m": m}
        return Draft(question, str(value), meta)

    def complexity(self, problem: Problem) -> float:
        """Prime factors (with multiplicity) weighted by the quantity, the answer's digits
        and, where n is plain, its digits (the factorising)."""
        meta = problem.meta
        size = sum(e for _, e in meta["factors"]) + len(meta["factors"])
        plain = digits_of(meta["n"]) if problem.knobs.get("plain") else 0
        return size * _WEIGHT[meta["quantity"]] + len(problem.answer) + plain


def _restricted(rng: random.Random, kind: str, factors: list[list[int]]) -> tuple[str, int, int]:
    """What is asked, its value and m (the divisor of the "multiple" kind, else 1)."""
    odd = [f for f in factors if f[0] != 2]
    if kind == "odd":
        return "the number of odd positive divisors of n", sigma_k(odd, 0), 1
    if kind == "even":
        even = sigma_k(factors, 0) - sigma_k(odd, 0)
        return "the number of even positive divisors of n", even, 1
    if kind == "odd_sum":
        return "the sum of the odd positive divisors of n", sigma_k(odd, 1), 1
    if kind in ("square", "cube"):
        shape, step = ("squares", 2) if kind == "square" else ("cubes", 3)
        what = f"the number of positive divisors of n that are perfect {shape}"
        return what, _powers_count(factors, step), 1
    # divisors that are multiples of m = p^a q^b (a part of n): those of n / m. m takes
    # powers of at most two primes and leaves one prime whole in n / m, so m is never n
    # (whose count would be the trivial 1).
    on = rng.sample(range(len(factors)), min(2, max(1, len(factors) - 1)))
    part = [[p, rng.randint(1, e) if i in on else 0] for i, (p, e) in enumerate(factors)]
    rest = [[p, e - a] for (p, e), (_, a) in zip(factors, part)]
    m = product(part)
    return f"the number of positive divisors of n that are multiples of {m}", sigma_k(rest, 0), m
