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


KINK_OFFSETS = (Fraction(-1, 2), Fraction(1, 2), Fraction(3))
"""Where :func:`kink_points` looks past each kink (and the reflection of the kink at 0)."""


def kink_points(exprs: list, symbol) -> list[Fraction]:
    """Points on both sides of every real kink of ``exprs`` in ``symbol``: the real roots of
    the argument of an absolute value, or of the base of a fractional power (``\\sqrt{u}``).

    Sampling in a fixed range misses a term that vanishes everywhere on one side of a kink
    placed beyond it: ``|x - 100| + x - 100`` is 0 for every x below 100, and so is
    ``\\sqrt{x^2 - 200x + 10000} + x - 100``. Past the kink it is not. Only polynomial
    arguments of degree at most 6 are examined (numerical roots), at most 8 of them.
    """
    import sympy  # the worker's import; this module stays light for the host

    arguments = []
    for expr in exprs:
        for node in sympy.preorder_traversal(expr):
            if isinstance(node, sympy.Abs):
                arguments.append(node.args[0])
            elif isinstance(node, sympy.Pow) and node.exp.is_Rational and not node.exp.is_integer:
                arguments.append(node.base)
    points: list[Fraction] = []
    for argument in arguments[:8]:
        try:
            poly = sympy.Poly(argument, symbol)
            if not 1 <= poly.degree() <= 6 or not poly.free_symbols <= {symbol}:
                continue
        except Exception:  # not a polynomial in symbol
            continue
        try:  # exact for rational coefficients, double roots included (sqrt((x - K)^2))
            roots = [sympy.Float(root.evalf(20), 20) for root in poly.real_roots()]
        except Exception:  # float coefficients: numerical roots, loosely real
            try:
                found = poly.nroots(n=20, maxsteps=100)
            except Exception:
                continue
            roots = [sympy.re(r) for r in found if abs(sympy.im(r)) <= 1e-6 * (1 + abs(r))]
        for root in roots:
            at = Fraction(str(sympy.Float(root, 20))).limit_denominator(10**6)
            points += [at + offset for offset in KINK_OFFSETS]
    return points
