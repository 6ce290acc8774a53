"""ModularSquareRoots: every x in [0, m) with x^2 = a (mod m).

The roots modulo each prime power of m are found separately and combined with the Chinese
remainder theorem (the number of roots is the product of the counts per prime power; an odd
prime p not dividing a gives 0 or 2 roots by Euler's criterion, a^((p-1)/2) = +-1). When
there is no root, the answer names a witness: a prime power q dividing m such that a is not
a square modulo q (one exists by the same CRT argument).

All values are plain Python integers; nothing here needs sympy.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.math.number_theory_parts import (
    factorize,
    parse_int_items,
    random_prime,
    unwrap,
)
from rlvr_envs.families.shared.math_answers import MathFamily
from rlvr_envs.numbers import parse_integer

_NO_ROOT_RATE = 0.08
_SET = re.compile(r"\\?\{(.*?)\\?\}", re.DOTALL)
_NONE = re.compile(
    r"none\s*,\s*(?:\(\s*)?\\?[bp]?mod\s*(?:\{\s*([^\s{}()]+)\s*\}|\s([^\s{}()]+))\s*\)?",
    re.IGNORECASE,
)


def roots_mod(a: int, m: int) -> list[int]:
    """Every x in [0, m) with x^2 = a (mod m), sorted: per prime power by search, then CRT."""
    roots, modulus = [0], 1
    for p, e in factorize(m).items():
        q = p**e
        local = _roots_prime_power(a, p, e)
        if not local:
            return []
        inverse = pow(modulus, -1, q)
        # x = r (mod modulus), x = s (mod q): x = r + modulus * ((s - r) * modulus^-1 mod q)
        roots = [r + modulus * ((s - r) * inverse % q) for r in roots for s in local]
        modulus *= q
    return sorted(roots)


def _roots_prime_power(a: int, p: int, e: int) -> list[int]:
    """Roots modulo p^e, lifted one power at a time: a root modulo p^(k+1) reduces to a
    root modulo p^k, so it is r + t p^k for a root r modulo p^k and t in [0, p)."""
    roots = [x for x in range(p) if (x * x - a) % p == 0]
    q = p
    for _ in range(e - 1):
        nq = q * p
        roots = [r + t * q for r in roots for t in range(p) if ((r + t * q) ** 2 - a) % nq == 0]
        q = nq
    return roots


def is_prime_power(q: int) -> bool:
    return q > 1 and len(factorize(q)) == 1


class ModularSquareRoots(MathFamily):
    """All square roots of a modulo m.

    Difficulty moves ``modulus`` through ``prime``, ``prime_power`` (p^k, where roots lift
    by Hensel's lemma and a may share the factor p) and ``composite`` (a product of
    ``factors`` coprime prime powers, roots combined by CRT), and raises ``digits`` (size
    of the primes). About 8% of instances have no root; the answer then carries a witness.

    Answer syntax: ``{x1, x2, ...}``, every root in [0, m) exactly once (any order), or
    ``none, mod q`` with q a prime power dividing m such that a is not a square modulo q.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "modulus": Knob(
            "categorical",
            choices=("prime", "prime_power", "composite"),
            default="prime",
            doc="shape of the modulus",
        ),
        "digits": Knob("int", 1, 4, default=2, easy=2, hard=3, doc="digits of the primes"),
        "factors": Knob("int", 2, 4, default=2, easy=2, hard=3, doc="prime powers in m"),
    }
    answer_syntax = "your final answer in the form stated above"
    answer_form = "set {x1, x2, ...} of residues, or 'none, mod q' with a witness q"
    unique_answer = False  # a "none" answer may name any prime power that witnesses it

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        m = _modulus(rng, knobs)
        no_root = rng.random() < _NO_ROOT_RATE
        for _ in range(50):  # a = 0 and a = 1 have obvious roots: draw again
            a = _non_square(rng, m) if no_root else rng.randrange(2, m - 1) ** 2 % m
            if a > 1:
                break
        roots = roots_mod(a, m)
        if roots:
            answer = "{" + ", ".join(str(r) for r in roots) + "}"
        else:
            answer = f"none, mod {_witness(a, m)}"
        question = (
            f"Find every integer x with 0 <= x < {m} such that x^2 is congruent to {a} "
            f"modulo {m}.\nAnswer with the set of all such x in braces, each once, e.g. "
            "{x1, x2, x3}. If there is none, answer none, mod q, where q > 1 is a prime "
            f"power dividing {m} such that {a} is not a square modulo q."
        )
        return Draft(question, answer, {"a": a, "m": m, "roots": roots})

    def check(self, problem: Problem, answer: str) -> Judgement:
        a, m, roots = problem.meta["a"], problem.meta["m"], problem.meta["roots"]
        text = unwrap(answer)  # $...$, \(...\), \text{...}, \left, a final period
        if text.lower().startswith("none"):
            match = _NONE.fullmatch(text)
            q = parse_integer(match.group(1) or match.group(2)) if match else None
            if q is None:
                return Judgement.unparsable("write a missing root as: none, mod q")
            if roots or q < 2 or m % q or not is_prime_power(q):
                return Judgement.wrong()
            # Any prime power q | m without a root modulo q proves there is none modulo m.
            return Judgement.right() if not roots_mod(a, q) else Judgement.wrong()
        match = _SET.fullmatch(text)
        items = parse_int_items(match.group(1)) if match else None
        if items is None:
            return Judgement.unparsable("not a set {x1, x2, ...} of integers")
        if len(set(items)) != len(items):
            return Judgement.wrong(why="a root listed twice")
        # The set of roots in [0, m) is unique, so comparing sets is right.
        return Judgement.right() if sorted(items) == roots else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Digits of m, its prime powers, and the digits of the answer."""
        m = problem.meta["m"]
        return len(str(m)) + 2 * len(factorize(m)) + len(problem.answer) / 3


def _modulus(rng: random.Random, knobs: dict) -> int:
    digits, kind = knobs["digits"], knobs["modulus"]
    low, high = max(3, 10 ** (digits - 1)), 10**digits - 1
    if kind == "prime":
        return random_prime(rng, max(11, low), max(97, high))
    if kind == "prime_power":
        p = random_prime(rng, max(5, 10 ** (digits - 2)), max(11, 10 ** (digits - 1) * 3))
        e = 2
        while p ** (e + 1) <= 10 ** (digits + 1) and e < 6 and rng.random() < 0.5:
            e += 1
        return p**e
    parts: list[int] = []
    small = 10 ** max(1, digits - 1)
    for index in range(knobs["factors"]):
        for _ in range(50):
            p = random_prime(rng, 2, small * 3) if index else random_prime(rng, low, max(11, high))
            if all(part % p for part in parts):
                break
        e = 2 if (p < 12 and rng.random() < 0.5) else 1
        parts.append(p**e)
    m = 1
    for part in parts:
        m *= part
    return m


def _non_square(rng: random.Random, m: int) -> int:
    """An a with no root modulo some prime power of m (hence none modulo m)."""
    factors = factorize(m)
    p = rng.choice(sorted(factors))
    q = p ** factors[p]
    squares = {x * x % q for x in range(q)}
    bad = [r for r in range(1, q) if r not in squares]
    if not bad:  # q = 2: every residue is a square; pick another prime power
        for other in sorted(factors):
            q = other ** factors[other]
            bad = [r for r in range(1, q) if r not in {x * x % q for x in range(q)}]
            if bad:
                break
    if not bad:
        return rng.randrange(2, m)
    r = rng.choice(bad)
    a = rng.randrange(0, m // q) * q + r  # a = r (mod q)
    return a if a > 1 else a + q


def _witness(a: int, m: int) -> int:
    """A prime power q | m modulo which a is not a square (the smallest for its prime)."""
    for p, e in sorted(factorize(m).items()):
        for k in range(1, e + 1):
            if not roots_mod(a, p**k):
                return p**k
    raise AssertionError("no witness although there is no root")
