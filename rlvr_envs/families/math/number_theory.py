"""What the Math-v1 number-theory families share: a cached sieve, a deterministic primality
test, random primes and factored integers, and how a factorisation is written.

Plain Python integers throughout; nothing here needs sympy.
"""

from __future__ import annotations

import itertools
import random
from bisect import bisect_right

SIEVE_LIMIT = 1_300_000
"""The sieve covers every prime up to here (the 100,000th prime is 1,299,709)."""

_SIEVE: bytearray | None = None
_PRIMES: list[int] | None = None

_SMALL = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


def sieve() -> bytearray:
    """``sieve()[n] == 1`` exactly when n is prime, for n <= :data:`SIEVE_LIMIT` (cached)."""
    global _SIEVE
    if _SIEVE is None:
        flags = bytearray([1]) * (SIEVE_LIMIT + 1)
        flags[0] = flags[1] = 0
        for p in range(2, int(SIEVE_LIMIT**0.5) + 1):
            if flags[p]:
                flags[p * p :: p] = bytes(len(range(p * p, SIEVE_LIMIT + 1, p)))
        _SIEVE = flags
    return _SIEVE


def primes() -> list[int]:
    """Every prime up to :data:`SIEVE_LIMIT`, ascending (cached)."""
    global _PRIMES
    if _PRIMES is None:
        _PRIMES = list(itertools.compress(range(SIEVE_LIMIT + 1), sieve()))
    return _PRIMES


def prime_count(n: int) -> int:
    """pi(n): how many primes are <= n (n <= :data:`SIEVE_LIMIT`)."""
    return bisect_right(primes(), n)


def is_prime(n: int) -> bool:
    """Deterministic Miller-Rabin: exact for every n < 3.3 * 10^24 (bases 2..41)."""
    if n < 2:
        return False
    for p in _SMALL:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in _SMALL:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def random_prime(rng: random.Random, digits: int) -> int:
    """A uniformly drawn prime with exactly ``digits`` decimal digits."""
    if digits == 1:
        return rng.choice((2, 3, 5, 7))
    low, high = 10 ** (digits - 1), 10**digits - 1
    while True:
        n = rng.randint(low, high) | 1
        if n <= high and is_prime(n):
            return n


def distinct_primes(rng: random.Random, count: int, digits: list[int]) -> list[int]:
    """``count`` distinct primes, the i-th with ``digits[i]`` digits (ascending order)."""
    chosen: list[int] = []
    for d in digits[:count]:
        for _ in range(100):
            p = random_prime(rng, d)
            if p not in chosen:
                break
        else:  # one or two digits ran out: take the next prime not chosen
            p = next(q for q in primes() if q not in chosen)
        chosen.append(p)
    return sorted(chosen)


def product(factors: list[list[int]]) -> int:
    """The integer whose factorisation is ``[[p, e], ...]``."""
    n = 1
    for p, e in factors:
        n *= p**e
    return n


def factored_text(factors: list[list[int]], times: str = " * ") -> str:
    """``2^3 * 3 * 7^2``: a factorisation in ascending primes, exponent 1 left out."""
    return times.join(str(p) if e == 1 else f"{p}^{e}" for p, e in sorted(factors))


def factor_small(n: int) -> list[list[int]]:
    """Trial division: the factorisation of n as ``[[p, e], ...]`` (n up to ~10^12)."""
    out: list[list[int]] = []
    for p in primes():
        if p * p > n:
            break
        if n % p == 0:
            e = 0
            while n % p == 0:
                n //= p
                e += 1
            out.append([p, e])
    if n > 1:
        out.append([n, 1])
    return out


def legendre(n: int, p: int) -> int:
    """Legendre's formula: the exponent of the prime p in n! (sum of floor(n / p^i))."""
    total, q = 0, p
    while q <= n:
        total += n // q
        q *= p
    return total


def digits_of(n: int) -> int:
    return len(str(abs(n)))
