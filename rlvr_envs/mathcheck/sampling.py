"""Sample points for checks that compare functions by their values.

A value check at fixed points can be slipped past by anything that vanishes there:
``\\sin(360360\\pi x)`` is 0 at every fraction whose denominator divides 360360 (all of
``1..15``), and a product of ``(n - k)`` is 0 at every index it names. So the points are

* drawn per comparison, from a stable hash of *both* sides (the reference and the answer):
  deterministic (a verdict is a pure function of the problem and the completion), yet an
  answer cannot be tuned to its own points, since changing the answer moves them;
* for real x, fractions whose denominator is a prime between :data:`LOW_PRIME` and
  :data:`HIGH_PRIME` (a different one per point): a term ``\\sin(N\\pi x)`` vanishes at
  ``p/q`` only when q divides N, and no product of small factors or factorial an answer can
  write has such a prime factor.
"""

from __future__ import annotations

import hashlib
import random
from fractions import Fraction

LOW_PRIME = 1_000_003
HIGH_PRIME = 9_999_991


def seeded_rng(*parts: str) -> random.Random:
    """A ``random.Random`` seeded from a stable hash of ``parts`` (never ``hash()``)."""
    text = "\x00".join(parts).encode("utf-8", "surrogatepass")  # model text may hold any
    digest = hashlib.blake2b(text, digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


def _is_prime(n: int) -> bool:
    if n < 2 or n % 2 == 0:
        return n == 2
    k = 3
    while k * k <= n:
        if n % k == 0:
            return False
        k += 2
    return True


def large_prime(rng: random.Random) -> int:
    """A prime between :data:`LOW_PRIME` and :data:`HIGH_PRIME`."""
    n = rng.randint(LOW_PRIME, HIGH_PRIME) | 1
    while not _is_prime(n):
        n += 2
    return n


def real_point(rng: random.Random, low: Fraction | int, high: Fraction | int) -> Fraction:
    """A fraction p/q in (low, high] with q a large prime that does not divide p."""
    q = large_prime(rng)
    start, stop = int(Fraction(low) * q) + 1, int(Fraction(high) * q)
    while True:
        p = rng.randint(start, stop)
        if p % q:
            return Fraction(p, q)
