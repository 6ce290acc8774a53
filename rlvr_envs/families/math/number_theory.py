"""Number theory: modular arithmetic, greatest common divisors and least common multiples,
and conversion between positional bases.

All values are plain Python integers; nothing here needs sympy.
"""

from __future__ import annotations

import random
from math import gcd, lcm
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.math._base import MathFamily


def _digits(n: int) -> int:
    return len(str(abs(n)))


def _euclid_steps(a: int, b: int) -> int:
    """Division steps of the Euclidean algorithm on (a, b): the work of a gcd or inverse."""
    steps = 0
    while b:
        a, b = b, a % b
        steps += 1
    return steps


def _modulus(rng: random.Random, digits: int, least: int = 2) -> int:
    return rng.randint(max(least, 10 ** (digits - 1)), 10**digits - 1)


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
        return sum(_digits(n) for n in meta["numbers"]) + meta["steps"]


_Modular = tuple[str, int, list[int], int]


def _mod_add(rng: random.Random, digits: int, terms: int) -> _Modular:
    m = _modulus(rng, digits)
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
    m = _modulus(rng, digits)
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
    m = _modulus(rng, digits)
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
    m = _modulus(rng, digits, least=3)
    a = _unit(rng, m, m - 1)
    question = (
        f"Find the multiplicative inverse of {a} modulo {m}: the integer x from 1 to {m - 1} "
        f"such that {a}x leaves remainder 1 when divided by {m}."
    )
    return question, pow(a, -1, m), [a, m], 2 * _euclid_steps(m, a)


def _mod_linear(rng: random.Random, digits: int, terms: int) -> _Modular:
    m = _modulus(rng, digits, least=3)
    a = _unit(rng, m, 10 ** (digits + 1) - 1)
    b, c = rng.randint(1, 10 ** (digits + 1) - 1), rng.randint(0, m - 1)
    x = (c - b) * pow(a, -1, m) % m
    question = (
        f"Find the smallest non-negative integer x such that {a}x + {b} is congruent to {c} "
        f"modulo {m}."
    )
    return question, x, [a, b, c, m], 2 * _euclid_steps(m, a % m) + 2


def _mod_crt(rng: random.Random, digits: int, terms: int) -> _Modular:
    moduli: list[int] = []
    for _ in range(200):
        if len(moduli) == terms:
            break
        m = _modulus(rng, digits)
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
    steps = sum(2 * _euclid_steps(product // m, m) + 2 for m in moduli)
    return question, x, residues + moduli, steps


_MODULAR = {
    "add": _mod_add,
    "mul": _mod_mul,
    "pow": _mod_pow,
    "inverse": _mod_inverse,
    "linear": _mod_linear,
    "crt": _mod_crt,
}


class GcdLcm(MathFamily):
    """The greatest common divisor or least common multiple of several integers.

    The numbers share a random common factor, so the gcd is rarely 1 and the lcm is rarely
    the plain product. Difficulty moves ``operation`` from ``gcd`` to ``lcm`` and raises
    ``count`` (how many numbers) and ``digits`` (their size).

    Answer syntax: one positive integer.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "operation": Knob("categorical", choices=("gcd", "lcm"), default="gcd", doc="gcd or lcm"),
        "count": Knob("int", 2, 6, default=2, easy=2, hard=4, doc="how many numbers"),
        "digits": Knob("int", 1, 8, default=3, easy=2, hard=6, doc="digits per number"),
    }
    answer_syntax = "the answer as a positive integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        digits, count = knobs["digits"], knobs["count"]
        low, high = max(2, 10 ** (digits - 1)), 10**digits - 1
        factor_digits = rng.randint(1, max(1, digits - 1))
        factor = rng.randint(10 ** (factor_digits - 1), min(10**factor_digits - 1, high // 2))
        first, last = -(-low // factor), high // factor
        numbers: list[int] = []
        for _ in range(count):
            pick = factor * rng.randint(first, last)
            for _ in range(10):  # prefer distinct numbers when the range allows
                if pick not in numbers:
                    break
                pick = factor * rng.randint(first, last)
            numbers.append(pick)
        if knobs["operation"] == "gcd":
            name, value = "greatest common divisor", gcd(*numbers)
        else:
            name, value = "least common multiple", lcm(*numbers)
        listed = ", ".join(str(n) for n in numbers[:-1]) + f" and {numbers[-1]}"
        question = f"Find the {name} of {listed}."
        return Draft(question, str(value), {"numbers": numbers, "operation": knobs["operation"]})

    def complexity(self, problem: Problem) -> float:
        """Digits of the numbers plus digits of the answer."""
        return sum(_digits(n) for n in problem.meta["numbers"]) + len(problem.answer)


DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
PREFIXES = {2: "0b", 8: "0o", 16: "0x"}


def to_base(value: int, base: int) -> str:
    """``value`` (>= 0) written in ``base`` (2..36), upper-case letters for digits >= 10."""
    if value == 0:
        return "0"
    out = []
    while value:
        value, digit = divmod(value, base)
        out.append(DIGITS[digit])
    return "".join(reversed(out)).upper()


class BaseConversion(MathFamily):
    """Convert a non-negative integer between positional bases 2 to 36.

    Difficulty raises ``digits`` (decimal digits of the value) and ``max_base`` (the largest
    base used), and moves ``direction`` from ``from_decimal`` through ``to_decimal`` to
    ``between`` (any two bases, decimal possibly one of them).

    Answer syntax: the digits of the number in the target base, letters A-Z for digit values
    10 to 35 (case-insensitive). Leading zeros are ignored; a ``0b``/``0o``/``0x`` prefix is
    accepted when the target base is 2/8/16 (the prompt says so). Anything else, such as a
    subscript, a sign or a digit too large for the base, is unparsable.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "digits": Knob("int", 1, 16, default=3, easy=2, hard=10, doc="decimal digits of value"),
        "max_base": Knob("int", 2, 36, default=16, easy=2, hard=16, doc="largest base used"),
        "direction": Knob(
            "categorical",
            choices=("from_decimal", "to_decimal", "between"),
            default="from_decimal",
            doc="which bases are involved",
        ),
    }
    answer_syntax = "only the digits of the converted number"
    answer_form = "digits in the target base"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        digits = knobs["digits"]
        value = rng.randint(1 if digits == 1 else 10 ** (digits - 1), 10**digits - 1)
        others = [b for b in range(2, knobs["max_base"] + 1) if b != 10]
        direction = knobs["direction"]
        if direction == "from_decimal":
            source, target = 10, rng.choice(others)
        elif direction == "to_decimal":
            source, target = rng.choice(others), 10
        else:
            source, target = rng.sample([*others, 10], 2)
        numeral = to_base(value, source)
        notes = []
        if max(source, target) > 10:
            notes.append("Digits above 9 are the letters A, B, C, ... (A = 10).")
        prefix = PREFIXES.get(target)
        allowed = f" (an optional {prefix} prefix is allowed)" if prefix else ""
        notes.append(
            f"Write the result in base {target} as digits only{allowed}, "
            "with no base subscript or other text."
        )
        question = f"Convert the base-{source} number {numeral} to base {target}.\n" + " ".join(
            notes
        )
        answer = to_base(value, target)
        return Draft(question, answer, {"numeral": numeral, "from_base": source, "to_base": target})

    def check(self, problem: Problem, answer: str) -> Judgement:
        base = problem.meta["to_base"]
        text = answer.strip().lower()
        prefix = PREFIXES.get(base)
        if prefix and text.startswith(prefix) and len(text) > len(prefix):
            text = text[len(prefix) :]
        allowed = DIGITS[:base]
        if not text or any(c not in allowed for c in text):
            return Judgement.unparsable(f"not a base-{base} numeral")
        if (text.lstrip("0") or "0") == problem.answer.lower():
            return Judgement.right()
        return Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Digits read plus digits written plus decimal digits of the value."""
        meta = problem.meta
        value = int(meta["numeral"], meta["from_base"])
        return len(meta["numeral"]) + len(problem.answer) + len(str(value))
