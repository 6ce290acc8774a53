"""What the number-theory and finance families of Math-v1 (B) share.

Integer helpers (trial-division factorisation, Euler's totient, multiplicative orders,
primes) and what the families with answer syntaxes of their own share: strict parsers for
integer lists and the ``none, <name> = <witness>`` answers, :func:`unwrap` (the math
delimiters, ``\\text{}`` and final period the shared forms also allow) and
:func:`is_repeating_decimal` (refused where p/q is asked).
All plain Python integers; nothing here needs sympy.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction

from rlvr_envs.numbers import normalise, parse_integer

_MAX_ITEMS = 256


# -- integers ------------------------------------------------------------------------------------
def factorize(n: int) -> dict[int, int]:
    """The prime factorisation of ``n >= 1`` by trial division (n up to about 10^12)."""
    factors: dict[int, int] = {}
    for p in (2, 3, 5):
        while n % p == 0:
            factors[p] = factors.get(p, 0) + 1
            n //= p
    d, step = 7, (4, 2, 4, 2, 4, 6, 2, 6)
    i = 0
    while d * d <= n:
        while n % d == 0:
            factors[d] = factors.get(d, 0) + 1
            n //= d
        d += step[i]
        i = (i + 1) % 8
    if n > 1:
        factors[n] = factors.get(n, 0) + 1
    return factors


def is_prime(n: int) -> bool:
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13):
        if n % p == 0:
            return n == p
    d = 17  # 6k - 1 and 6k + 1 from 17 on
    while d * d <= n:
        if n % d == 0 or n % (d + 2) == 0:
            return False
        d += 6
    return True


def random_prime(rng: random.Random, low: int, high: int) -> int:
    """A prime in [low, high] (the range must contain one), drawn near-uniformly."""
    for _ in range(2000):
        n = rng.randint(low, high)
        if is_prime(n):
            return n
    n = low
    while not is_prime(n):
        n += 1
    return n


def totient(n: int, factors: dict[int, int] | None = None) -> int:
    """Euler's phi(n) from the factorisation."""
    factors = factorize(n) if factors is None else factors
    result = n
    for p in factors:
        result = result // p * (p - 1)
    return result


def multiplicative_order(a: int, m: int) -> int:
    """The least k >= 1 with a^k = 1 (mod m), for gcd(a, m) = 1 and m >= 2.

    The order divides phi(m) (Euler's theorem): start from phi(m) and strip each prime
    factor while the power stays 1.
    """
    if m == 1:
        return 1
    order = totient(m)
    for p in factorize(order):
        while order % p == 0 and pow(a, order // p, m) == 1:
            order //= p
    return order


def digit_count(n: int) -> int:
    return len(str(abs(n)))


# -- checks --------------------------------------------------------------------------------------


def parse_int_items(text: str) -> list[int] | None:
    """``3, -4, 17`` as integers (each a plain integer literal), else None."""
    parts = text.split(",")
    if not text.strip() or len(parts) > _MAX_ITEMS:
        return None
    values = []
    for part in parts:
        value = parse_integer(part.strip())
        if value is None or "," in part:
            return None
        values.append(value)
    return values


_WRAPPER = re.compile(r"\\(?:text|textbf|textit|textrm|mathrm|mathbf|mbox)\s*\{([^{}]*)\}")
_DELIMITERS = (("$$", "$$"), ("\\(", "\\)"), ("\\[", "\\]"), ("$", "$"))


def unwrap(text: str, display: bool = True) -> str:
    """An answer without what is written around it: math delimiters (``$...$``, ``\\(...\\)``
    and, with ``display``, ``\\[...\\]``), a ``\\text{...}`` around the whole answer,
    ``\\left``/``\\right`` and a final period. For the families that parse an answer syntax
    of their own, so that these wrappers are judged as the shared forms judge them."""
    text, period = normalise(text).strip(), False
    for _ in range(4):
        before = text
        if not period and text.endswith("."):  # one final period, inside or outside
            text, period = text[:-1].strip(), True
        for left, right in _DELIMITERS if display else _DELIMITERS[:2] + _DELIMITERS[3:]:
            inner = text[len(left) : len(text) - len(right)]
            if (
                len(text) > len(left) + len(right)
                and text.startswith(left)
                and text.endswith(right)
                and "$" not in inner
            ):
                text = inner.strip()
                break
        match = _WRAPPER.fullmatch(text)
        if match:
            text = match.group(1).strip()
        if text == before:
            break
    return text.replace("\\left", "").replace("\\right", "").strip()


_REPEATING = re.compile(r"\\(?:overline|dot|bar)(?![a-zA-Z])")


def is_repeating_decimal(text: str) -> bool:
    """``3.\\overline{929}``: a repeating decimal, which the shared ``rational`` form lets
    pass as a value although a fraction p/q is asked (it is the question's own notation)."""
    return bool(_REPEATING.search(text))


_NONE = re.compile(r"none\s*,\s*\\?([a-z]+)\s*=\s*(\S+)", re.IGNORECASE)


def parse_none(text: str, name: str) -> int | bool | None:
    """The witness of ``none, <name> = <integer>``; False when ``text`` is not a "none"
    answer at all, None when it is one but malformed (wrong name, no integer)."""
    text = unwrap(text)
    if not text.lower().startswith("none"):
        return False
    match = _NONE.fullmatch(text)
    if not match or match.group(1).lower() != name:
        return None
    return parse_integer(match.group(2))


def round_half_up(value: Fraction, places: int) -> Fraction:
    """``value`` rounded to ``places`` decimal places, halves away from zero."""
    scale = 10**places
    scaled = abs(value) * scale
    whole = int(scaled)
    if scaled - whole >= Fraction(1, 2):
        whole += 1
    return Fraction(whole if value >= 0 else -whole, scale)


def decimal_text(value: Fraction, places: int) -> str:
    """A value with exactly ``places`` decimal places (it must be a multiple of 10^-places)."""
    scaled = value * 10**places
    assert scaled.denominator == 1
    n = abs(scaled.numerator)
    whole, frac = divmod(n, 10**places)
    text = f"{whole}.{frac:0{places}d}" if places else str(whole)
    return f"-{text}" if value < 0 else text
