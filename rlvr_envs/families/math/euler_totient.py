"""EulerTotient: phi(n), the k in [1, n] with gcd(k, n) = d, and the integers up to N
coprime to m.

phi(n) = n prod (1 - 1/p) over the primes p dividing n; the k <= n with gcd(k, n) = d are
d times the j <= n/d coprime to n/d, so there are phi(n/d) of them; the integers in [1, N]
coprime to m number sum over squarefree d | m of mu(d) floor(N/d) (inclusion-exclusion).
Nothing here needs sympy.

Answer syntax: one positive integer.

Knobs: ``mode`` (``phi``, ``gcd``, ``coprime``), ``primes`` (distinct prime factors),
``max_exponent`` and ``plain`` (n or m given unfactorised). Difficulty 1 is an
inclusion-exclusion over five primes of an unfactorised m up to a nine-digit N.
"""

from __future__ import annotations

import itertools
import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.math.number_theory import (
    digits_of,
    distinct_primes,
    factored_text,
    product,
)
from rlvr_envs.families.shared.math_answers import MathFamily

_MODES = ("phi", "gcd", "coprime")
# "phi(n) = 24" names what the phi prompt asks for; the value after it is judged as usual.
_PHI = re.compile(r"\s*\$?\s*(?:\\varphi|\\phi|phi|φ|ϕ)\s*\(\s*n\s*\)\s*\$?\s*=(.*)", re.DOTALL)
_WEIGHT = {"phi": 1, "gcd": 2, "coprime": 3}


def totient(factors: list[list[int]]) -> int:
    """phi of the integer factored as ``[[p, e], ...]``: prod p^(e-1) (p - 1)."""
    value = 1
    for p, e in factors:
        if e > 0:
            value *= p ** (e - 1) * (p - 1)
    return value


def coprime_count(limit: int, prime_divisors: list[int]) -> int:
    """How many integers in [1, limit] have none of ``prime_divisors`` as a factor."""
    total = 0
    for size in range(len(prime_divisors) + 1):
        for subset in itertools.combinations(prime_divisors, size):
            d = 1
            for p in subset:
                d *= p
            total += (-1) ** size * (limit // d)
    return total


class EulerTotient(MathFamily):
    """Euler's totient and the coprimality counts built on it.

    Knobs (easy -> hard): ``mode`` ``phi`` (phi(n)) -> ``gcd`` (how many k in [1, n] have
    gcd(k, n) = d: phi(n/d)) -> ``coprime`` (how many integers in [1, N] are coprime to m,
    N not a multiple of m: inclusion-exclusion); ``primes`` 2 -> 5 distinct primes of n or
    m; ``max_exponent`` 2 -> 4; ``plain`` False -> True (n or m not factorised).

    Answer syntax: one positive integer (``phi(n) = 24`` names it, where phi(n) is asked).
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "mode": Knob("categorical", choices=_MODES, default="phi", doc="what is asked"),
        "primes": Knob("int", 1, 6, default=3, easy=2, hard=5, doc="distinct prime factors"),
        "max_exponent": Knob("int", 1, 6, default=2, easy=2, hard=4, doc="largest exponent"),
        "plain": Knob("bool", default=False, easy=False, hard=True, doc="n not factorised"),
    }
    answer_syntax = "the answer as a positive integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        count, max_e, mode = knobs["primes"], knobs["max_exponent"], knobs["mode"]
        chosen = distinct_primes(rng, count, [rng.randint(1, 2) for _ in range(count)])
        factors = [[p, rng.randint(1, max_e if p < 20 else min(max_e, 2))] for p in chosen]
        n = product(factors)
        written = str(n) if knobs["plain"] else factored_text(factors, " \\cdot ")
        if mode == "phi":
            question = f"Let n = {written}. Compute Euler's totient phi(n)."
            value, extra = totient(factors), 0
        elif mode == "gcd":
            # d: a part of n on up to two primes, never all of n: one prime power p^e > 2
            # stays whole in n/d, so the count phi(n/d) is never the trivial 1 (d = n).
            keep = rng.choice([i for i, (p, e) in enumerate(factors) if p**e > 2] or [0])
            others = [i for i in range(count) if i != keep]
            picked = rng.sample(others, min(len(others), 2))
            part = [
                [p, rng.randint(1, e) if i in picked else 0] for i, (p, e) in enumerate(factors)
            ]
            if not picked and factors[keep][1] > 1:  # n = p^e: d a smaller power of p
                part[keep][1] = rng.randint(1, factors[keep][1] - 1)
            d = product(part)
            rest = [[p, e - a] for (p, e), (_, a) in zip(factors, part)]
            question = (
                f"Let n = {written}. How many integers k with 1 <= k <= n satisfy gcd(k, n) = {d}?"
            )
            value, extra = totient(rest), d
        else:
            limit = rng.randint(10 ** (count + 1), 10 ** (count + 4))
            if limit % n == 0:
                limit += 1
            question = (
                f"Let m = {written}. How many integers k with 1 <= k <= {limit} are coprime to m?"
            )
            value, extra = coprime_count(limit, chosen), limit
        meta = {"mode": mode, "n": n, "factors": factors, "extra": extra}
        return Draft(question, str(value), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        if problem.meta["mode"] == "phi":
            named = _PHI.fullmatch(answer)
            if named:  # "$\\phi(n) = 16$": the math delimiters go with the name
                answer = named.group(1).strip().strip("$")
        return super().check(problem, answer)

    def complexity(self, problem: Problem) -> float:
        """Prime factors (with multiplicity) weighted by the mode, the answer's digits and,
        where n is plain, its digits (the factorising)."""
        meta = problem.meta
        size = sum(e for _, e in meta["factors"]) + len(meta["factors"])
        plain = digits_of(meta["n"]) if problem.knobs.get("plain") else 0
        return size * _WEIGHT[meta["mode"]] + len(problem.answer) + plain
