"""MultiplicativeOrder: orders of residues, primitive roots and discrete logarithms.

Three questions: ``order`` (the least k >= 1 with a^k = 1 mod m: by Euler's theorem it
divides phi(m), so one strips prime factors from phi(m)), ``primitive_root`` (for m = p,
p^2 or 2p: the least primitive root g, the least g whose order is phi(m), and how many
primitive roots lie in [1, m), phi(phi(m)) by the structure of the cyclic group) and
``discrete_log`` (the least k >= 0 with a^k = b mod p; k is determined modulo the order of a).

All values are plain Python integers; nothing here needs sympy.
"""

from __future__ import annotations

import random
from math import gcd
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.number_theory_parts import (
    factorize,
    multiplicative_order,
    random_prime,
    totient,
)
from rlvr_envs.families.shared.math_answers import MathFamily, judge_value


def smallest_primitive_root(m: int) -> int:
    """The least primitive root modulo m (m must have one: 2, 4, p^k, 2p^k)."""
    phi = totient(m)
    primes = list(factorize(phi))
    for g in range(1, m):
        if gcd(g, m) == 1 and all(pow(g, phi // p, m) != 1 for p in primes):
            return g
    raise ValueError(f"{m} has no primitive root")


class MultiplicativeOrder(MathFamily):
    """Orders modulo m, primitive roots and discrete logarithms.

    Difficulty moves ``question`` through ``order``, ``primitive_root`` and
    ``discrete_log`` and raises ``digits`` (size of the modulus; at 3 digits and more an
    ``order`` modulus is any integer, not just a prime, and a ``primitive_root`` modulus may
    be p^2 or 2p).

    Answer syntax: one positive integer (``order``, ``discrete_log``), or ``(g, n)``: the least
    primitive root and the number of primitive roots in [1, m) (``primitive_root``).
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "question": Knob(
            "categorical",
            choices=("order", "primitive_root", "discrete_log"),
            default="order",
            doc="what is asked",
        ),
        "digits": Knob("int", 1, 6, default=2, easy=2, hard=5, doc="digits of the modulus"),
    }
    answer_syntax = "your final answer in the form stated above"
    answer_form = "integer, or a tuple (g, n) of integers"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        return _QUESTIONS[knobs["question"]](rng, knobs["digits"])

    def check(self, problem, answer):
        # Every answer is unique: an order, the least root with a count, the least exponent.
        if problem.meta["question"] == "primitive_root":
            # Names in alphabetical order: assignments are matched to the tuple in name order.
            return judge_value(problem, answer, "tuple", element="integer", variables=("g", "n"))
        return judge_value(problem, answer, "integer", variables=("k",))

    def complexity(self, problem: Problem) -> float:
        """Digits of the modulus, prime factors of phi(m) to test, digits of the answer, plus
        the candidates a search tries (roots tried; baby steps for a discrete logarithm)."""
        meta = problem.meta
        m = meta["m"]
        tests = len(factorize(totient(m)))
        if meta["question"] == "order":
            work = tests
        elif meta["question"] == "primitive_root":
            work = tests * (1 + len(str(smallest_primitive_root(m))))
        else:
            work = 2 * tests + m.bit_length()
        return 2 * len(str(m)) + work + len(problem.answer)


def _prime(rng: random.Random, digits: int) -> int:
    return random_prime(rng, max(11, 10 ** (digits - 1)), max(97, 10**digits - 1))


def _order(rng: random.Random, digits: int) -> Draft:
    if digits >= 3 and rng.random() < 0.6:
        m = rng.randint(10 ** (digits - 1), 10**digits - 1)
    else:
        m = _prime(rng, digits)
    phi = totient(m)
    for _ in range(100):
        a = rng.randint(2, m - 2)
        if gcd(a, m) != 1:
            continue
        k = multiplicative_order(a, m)
        # An order of phi(m) would make "m - 1" a good guess modulo a prime: keep few.
        if k < phi or rng.random() < 0.25:
            break
    else:
        m, a, k = 11, 3, 5
    question = (
        f"Find the multiplicative order of {a} modulo {m}: the smallest positive integer k "
        f"such that {a}^k is congruent to 1 modulo {m}.\nAnswer with the integer k."
    )
    return Draft(question, str(k), {"question": "order", "a": a, "m": m})


def _primitive_root(rng: random.Random, digits: int) -> Draft:
    shape = rng.choice(("p", "p", "p^2", "2p")) if digits >= 3 else "p"
    if shape == "p^2":
        p = random_prime(rng, max(5, int(10 ** ((digits - 1) / 2))), int(10 ** (digits / 2)))
        m = p * p
    elif shape == "2p":
        m = 2 * random_prime(rng, 10 ** (digits - 1) // 2, 10**digits // 2)
    else:
        m = _prime(rng, digits)
    g = smallest_primitive_root(m)
    count = totient(totient(m))
    question = (
        f"Find the smallest primitive root g modulo {m} (the least positive integer whose "
        f"multiplicative order modulo {m} is phi({m})), and the number n of primitive roots "
        f"modulo {m} in the range 1 to {m - 1}.\nAnswer (g, n)."
    )
    return Draft(question, f"({g}, {count})", {"question": "primitive_root", "m": m})


def _discrete_log(rng: random.Random, digits: int) -> Draft:
    p = _prime(rng, digits)
    a = smallest_primitive_root(p) if rng.random() < 0.5 else rng.randint(2, p - 2)
    order = multiplicative_order(a, p)
    while order < 4:
        a = rng.randint(2, p - 2)
        order = multiplicative_order(a, p)
    k = rng.randint(2, order - 1)
    b = pow(a, k, p)
    question = (
        f"Find the smallest non-negative integer k such that {a}^k is congruent to {b} "
        f"modulo {p}.\nAnswer with the integer k."
    )
    return Draft(question, str(k), {"question": "discrete_log", "a": a, "b": b, "m": p})


_QUESTIONS = {"order": _order, "primitive_root": _primitive_root, "discrete_log": _discrete_log}
