"""BitManipulation: set bits, range XORs, Gray codes and counts of numbers with k set bits.

One problem asks one of (``N``, ``a``, ``b`` given in decimal):

* ``popcount``: the number of 1 bits in the binary form of ``N``;
* ``gray``: the reflected binary Gray code of ``N``, ``N XOR (N >> 1)``, as a bit string;
* ``gray_inverse``: the number whose Gray code is a given bit string (prefix XOR of its bits);
* ``xor_range``: ``1 XOR 2 XOR ... XOR N`` or ``a XOR (a + 1) XOR ... XOR b``;
* ``total_bits``: the total number of 1 bits over the binary forms of 1, 2, ..., ``N``;
* ``count_k_bits``: how many integers in ``1..N`` have exactly ``k`` 1 bits.

Reference: ``int.bit_count``; the Gray code ``g = n ^ (n >> 1)`` and its inverse by prefix
XOR; the period-4 pattern of prefix XORs (``f(N) = N, 1, N + 1, 0`` for ``N mod 4 = 0..3``,
``a..b`` as ``f(b) ^ f(a - 1)``); per-bit counting for ``total_bits`` (bit ``i`` is set in
``2^i`` of every ``2^(i+1)`` consecutive numbers); a digit walk over ``N``'s bits with
binomial coefficients for ``count_k_bits``.

Answer syntax: a single integer in decimal, except for ``gray``, where the answer is a bit
string (binary digits, most significant first, e.g. ``10110``; leading zeros and a ``0b``
prefix are accepted). The prompt says which; for ``gray_inverse``, whose question names the
number ``x``, ``x = 13`` is accepted as well as ``13``. Answers are unique.

Knobs: ``bits`` (bit length of ``N``, 8..64) and ``modes`` (``single`` = popcount, gray,
gray_inverse < ``ranges`` adds xor_range and total_bits < ``all`` adds count_k_bits).
Difficulty raises both: at difficulty 1, 64-bit numbers written in decimal and questions
over the whole range 1..N, which need the closed forms.
"""

from __future__ import annotations

import math
import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.enumeration import (
    AnswerError,
    numbers_in,
    read_integer,
    strip_period,
)

MODES = {
    "single": ["popcount", "gray", "gray_inverse"],
    "ranges": ["popcount", "gray", "gray_inverse", "xor_range", "total_bits"],
    "all": ["popcount", "gray", "gray_inverse", "xor_range", "total_bits", "count_k_bits"],
}
WEIGHT = {
    "popcount": 1.0,
    "gray": 1.0,
    "gray_inverse": 1.2,
    "xor_range": 1.5,
    "total_bits": 2.0,
    "count_k_bits": 2.5,
}
_BITS = re.compile(r"(?:0b)?([01]{1,200})")
_X_IS = re.compile(r"^\s*x\s*=\s*")


def prefix_xor(n: int) -> int:
    """1 XOR 2 XOR ... XOR n (0 for n = 0)."""
    return (n, 1, n + 1, 0)[n % 4]


def total_set_bits(n: int) -> int:
    """Total 1 bits over the binary forms of 1..n."""
    total, i = 0, 0
    while (1 << i) <= n:
        period = 1 << (i + 1)
        total += (n + 1) // period * (1 << i) + max(0, (n + 1) % period - (1 << i))
        i += 1
    return total


def count_with_k_bits(n: int, k: int) -> int:
    """How many integers in 1..n have exactly k 1 bits (k >= 1)."""
    count, ones = 0, 0
    for i in range(n.bit_length() - 1, -1, -1):
        if n >> i & 1:
            if k - ones >= 0:
                count += math.comb(i, k - ones)
            ones += 1
    return count + (ones == k)


def gray_inverse(g: int) -> int:
    n = 0
    while g:
        n ^= g
        g >>= 1
    return n


class BitManipulation(Family):
    """Popcounts, range XORs, Gray codes and counts of numbers with k set bits."""

    knobs: ClassVar[dict[str, Knob]] = {
        "bits": Knob("int", 4, 64, default=16, easy=8, hard=64, doc="bit length of N"),
        "modes": Knob(
            "categorical",
            choices=("single", "ranges", "all"),
            default="all",
            doc="the pool of questions: one number; also ranges 1..N; also counting by set bits",
        ),
    }
    answer_syntax = (
        "a single integer in decimal, or, where the question asks for a bit string, the "
        "binary digits with the most significant first (e.g. 10110)"
    )
    answer_form = "integer or bit string"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        bits = int(knobs["bits"])
        while True:
            mode = rng.choice(MODES[knobs["modes"]])
            n = rng.getrandbits(bits) | (1 << (bits - 1))
            kind, extra = "integer", {}
            if mode == "popcount":
                target = n.bit_count()
                question = f"How many 1 bits does the binary representation of {n} have?"
            elif mode == "gray":
                target, kind = n ^ (n >> 1), "bits"
                question = (
                    f"What is the reflected binary Gray code of {n}, that is {n} XOR ({n} "
                    "shifted right by one bit)? Give it as a bit string."
                )
            elif mode == "gray_inverse":
                code = bin(n)[2:]
                target = gray_inverse(n)
                question = (
                    f"The reflected binary Gray code of a non-negative integer x (x XOR (x "
                    f"shifted right by one bit)) is the bit string {code}. What is x, in "
                    "decimal?"
                )
            elif mode == "xor_range":
                if rng.random() < 0.25:  # 1..N: the answer is N, 1, N + 1 or 0
                    target = prefix_xor(n)
                    question = f"What is 1 XOR 2 XOR 3 XOR ... XOR {n} (bitwise XOR)?"
                else:
                    a = rng.randint(2, n - 2)
                    target = prefix_xor(n) ^ prefix_xor(a - 1)
                    extra["a"] = a
                    question = (
                        f"What is the bitwise XOR of all the integers from {a} to {n} "
                        f"inclusive, {a} XOR {a + 1} XOR ... XOR {n}?"
                    )
            elif mode == "total_bits":
                target = total_set_bits(n)
                question = (
                    f"Write every integer from 1 to {n} in binary. How many 1 bits are there "
                    "in total?"
                )
            else:
                k = rng.randint(2, max(2, bits // 2))
                target = count_with_k_bits(n, k)
                extra["k"] = k
                question = (
                    f"How many integers from 1 to {n} inclusive have exactly {k} 1 bits in "
                    "their binary representation?"
                )
            if mode == "xor_range" and "a" in extra and target < 2:
                continue  # keep the constants 0 and 1 rare
            if kind == "integer" and target in numbers_in(question):
                continue
            if kind == "bits" and any(
                set(s) <= {"0", "1"} and int(s, 2) == target for s in re.findall(r"\d+", question)
            ):
                continue
            break
        answer = bin(target)[2:] if kind == "bits" else str(target)
        meta = {"mode": mode, "n": n, "bits": bits, "kind": kind, "target": target, **extra}
        if kind == "bits":
            meta["target"] = answer
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        try:
            if meta["kind"] == "bits":
                match = _BITS.fullmatch(strip_period(answer))
                if not match:
                    raise AnswerError("expected a bit string of 0s and 1s")
                value = int(match.group(1), 2)
            else:
                if meta["mode"] == "gray_inverse":  # the question names the number x
                    answer = _X_IS.sub("", answer, count=1)
                value = read_integer(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        target = int(meta["target"], 2) if meta["kind"] == "bits" else meta["target"]
        if value != target:
            return Judgement.wrong(why="not the asked value")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Bits of N weighted by how much work the question's mode takes."""
        return problem.meta["bits"] * WEIGHT[problem.meta["mode"]]
