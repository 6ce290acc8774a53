"""ModularArithmetic: sums, products, powers, inverses, linear congruences and the Chinese
remainder theorem modulo m.

All values are plain Python integers; nothing here needs sympy.
"""

from __future__ import annotations

import random
from math import gcd
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.number_parts import digits_of, euclid_steps, random_modulus
from rlvr_envs.families.shared.math_answers import MathFamily

_NAMES_X = ("inverse", "linear", "crt")


class ModularArithmetic(MathFamily):
    """Modular arithmetic: residues of sums, products and powers, inverses, congruences.

    Difficulty moves ``operation`` through ``add`` ((a + b - c) mod m), ``mul``, ``pow``
    (a product of powers with large exponents), ``inverse`` (the inverse of a modulo m),
    ``linear`` (solve a x + b = c modulo m) and ``crt`` (a system of congruences with
    pairwise coprime moduli); raises ``digits`` (the size of the modulus) and ``terms``
    (operands, powers or congruences).

    Answer syntax: one integer, the least non-negative residue (in [0, m) for modulus m).
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "operation": Knob(
            "categorical",
            choices=("add", "mul", "pow", "inverse", "linear", "crt"),
            default="mul",
            doc="what is computed",
        ),
        "digits": Knob("int", 1, 8, default=2, easy=1, hard=4, doc="digits of the modulus"),
        "terms": Knob("int", 2, 6, default=3, easy=2, hard=4, doc="operands or congruences"),
    }
    answer_syntax = "the least non-negative integer answer"
    answer_form = "integer"

    def form_variables(self, problem: Problem) -> tuple[str, ...]:
        """Inverses, congruences and CRT systems ask for "the integer x"."""
        return ("x",) if problem.knobs.get("operation") in _NAMES_X else ()

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        op, digits, terms = knobs["operation"], knobs["digits"], knobs["terms"]
        question, answer, numbers, steps = _MODULAR[op](rng, digits, terms)
        return Draft(question, str(answer), {"numbers": numbers, "steps": steps})

    def complexity(self, problem: Problem) -> float:
        """Digits of the given numbers plus the arithmetic steps of a direct solution."""
        meta = problem.meta
        return sum(digits_of(n) for n in meta["numbers"]) + meta["steps"]


_Modular = tuple[str, int, list[int], int]


def _mod_add(rng: random.Random, digits: int, terms: int) -> _Modular:
    m = random_modulus(rng, digits)
    values = [rng.randint(1, 10 ** (digits + 1) - 1) for _ in range(terms)]
    text, total = str(values[0]), values[0]
    for v in values[1:]:
        if rng.random() < 0.4:
            text, total = f"{text} - {v}", total - v
        else:
            text, total = f"{text} + {v}", total + v
    question = (
        f"Compute ({text}) mod {m}.\nGive the least non-negative residue, an integer from 0 "
        f"to {m - 1}."
    )
    return question, total % m, [*values, m], terms


def _mod_mul(rng: random.Random, digits: int, terms: int) -> _Modular:
    m = random_modulus(rng, digits)
    values = [rng.randint(2, 10 ** (digits + 1) - 1) for _ in range(terms)]
    product = 1
    for v in values:
        product = product * v % m
    text = " * ".join(str(v) for v in values)
    question = (
        f"Compute ({text}) mod {m}.\nGive the least non-negative residue, an integer from 0 "
        f"to {m - 1}."
    )
    return question, product, [*values, m], 2 * terms


def _mod_pow(rng: random.Random, digits: int, terms: int) -> _Modular:
    m = random_modulus(rng, digits)
    pairs = [
        (rng.randint(2, 10 ** (digits + 1) - 1), rng.randint(10, 10 ** (digits + 1)))
        for _ in range(max(1, terms - 1))
    ]
    result, steps = 1, 0
    for base, exponent in pairs:
        result = result * pow(base, exponent, m) % m
        steps += 2 * exponent.bit_length()
    text = " * ".join(f"{b}^{e}" for b, e in pairs)
    question = (
        f"Compute ({text}) mod {m}.\nGive the least non-negative residue, an integer from 0 "
        f"to {m - 1}."
    )
    return question, result, [n for pair in pairs for n in pair] + [m], steps


def _unit(rng: random.Random, m: int, upper: int) -> int:
    """A random a in [2, upper] with gcd(a, m) = 1 (m >= 3, so m - 1 always qualifies)."""
    for _ in range(100):
        a = rng.randint(2, upper)
        if gcd(a, m) == 1:
            return a
    return m - 1


def _mod_inverse(rng: random.Random, digits: int, terms: int) -> _Modular:
    m = random_modulus(rng, digits, least=3)
    a = _unit(rng, m, m - 1)
    question = (
        f"Find the multiplicative inverse of {a} modulo {m}: the integer x from 1 to {m - 1} "
        f"such that {a}x leaves remainder 1 when divided by {m}."
    )
    return question, pow(a, -1, m), [a, m], 2 * euclid_steps(m, a)


def _mod_linear(rng: random.Random, digits: int, terms: int) -> _Modular:
    m = random_modulus(rng, digits, least=3)
    a = _unit(rng, m, 10 ** (digits + 1) - 1)
    b, c = rng.randint(1, 10 ** (digits + 1) - 1), rng.randint(0, m - 1)
    x = (c - b) * pow(a, -1, m) % m
    question = (
        f"Find the smallest non-negative integer x such that {a}x + {b} is congruent to {c} "
        f"modulo {m}."
    )
    return question, x, [a, b, c, m], 2 * euclid_steps(m, a % m) + 2


def _mod_crt(rng: random.Random, digits: int, terms: int) -> _Modular:
    moduli: list[int] = []
    for _ in range(200):
        if len(moduli) == terms:
            break
        m = random_modulus(rng, digits)
        if all(gcd(m, other) == 1 for other in moduli):
            moduli.append(m)
    if len(moduli) < 2:  # only possible for tiny moduli; 2 and 3 are always coprime
        moduli = [2, 3]
    product = 1
    for m in moduli:
        product *= m
    x = rng.randrange(product)
    residues = [x % m for m in moduli]
    conditions = ", ".join(
        f"x leaves remainder {r} when divided by {m}" for r, m in zip(residues, moduli)
    )
    question = f"Find the smallest non-negative integer x such that {conditions}."
    steps = sum(2 * euclid_steps(product // m, m) + 2 for m in moduli)
    return question, x, residues + moduli, steps


_MODULAR = {
    "add": _mod_add,
    "mul": _mod_mul,
    "pow": _mod_pow,
    "inverse": _mod_inverse,
    "linear": _mod_linear,
    "crt": _mod_crt,
}
