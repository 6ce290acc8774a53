"""rlvr_envs.numbers: the one definition of number syntax (normalise and the literal parsers).

Expected values are built here from Python's own integer formatting and arithmetic, never
from the module under test.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rlvr_envs.numbers import (
    MAX_LITERAL_CHARS,
    normalise,
    parse_decimal,
    parse_integer,
    parse_rational,
)

SPACES = ["\u00a0", "\u2009", "\u202f", "\u2007", "\u2002", "\u3000"]
SUPERSCRIPT = dict(zip("0123456789-+", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺"))


def grouped(n: int, separator: str, minus: str = "-") -> str:
    """``n`` with its digits in groups of three, as Python's ``format`` writes them."""
    text = f"{abs(n):,}".replace(",", separator)
    return minus + text if n < 0 else text


@given(n=st.integers(-(10**30), 10**30), data=st.data())
def test_every_spelling_of_an_integer_parses_to_it(n, data):
    separator = data.draw(st.sampled_from([",", " ", *SPACES]))
    minus = data.draw(st.sampled_from(["-", "\u2212", "\u2013"]))
    spellings = [str(n), grouped(n, separator, minus), f"  {n} ", f"+{n}" if n >= 0 else str(n)]
    for text in spellings:
        assert parse_integer(text) == n, text
        assert parse_decimal(text) == Fraction(n), text
        assert parse_rational(text) == Fraction(n), text


@given(n=st.integers(10, 10**12), data=st.data())
def test_digits_not_in_groups_of_three_are_not_an_integer(n, data):
    digits = str(n)
    cuts = [k for k in range(1, len(digits)) if (len(digits) - k) % 3 != 0]
    if not cuts:
        return
    k = data.draw(st.sampled_from(cuts))
    for separator in (" ", ","):
        text = digits[:k] + separator + digits[k:]
        assert parse_integer(text) is None, text


@pytest.mark.parametrize(
    "text",
    [
        "", " ", "-", "+", "--5", "+-5", "- 5", "5-", "1,23", "1,2345", "12 34", "1,234 567",
        "1 234,567", "0,500", "1_000", "1e3", "0x10", "5.", "1.5", "3/4", "five", "١٢", "５",
        "12,345,", ",123", "1,,000", "1  000", "1" * (MAX_LITERAL_CHARS + 1),
    ],
)  # fmt: skip
def test_what_is_not_an_integer_literal(text):
    assert parse_integer(text) is None


@given(st.text(max_size=40))
def test_the_parsers_never_raise(text):
    for parse in (parse_integer, parse_decimal, parse_rational):
        parse(text)
    value = parse_integer(text)
    if value is not None:
        assert parse_decimal(text) == value and parse_rational(text) == value


@pytest.mark.parametrize("bad", [None, 5, 5.0, b"5", ["5"]])
def test_the_parsers_take_only_text(bad):
    assert parse_integer(bad) is None and parse_decimal(bad) is None
    assert parse_rational(bad) is None


@given(
    whole=st.integers(0, 10**9),
    digits=st.text(alphabet="0123456789", min_size=1, max_size=12),
    negative=st.booleans(),
)
def test_decimals_are_exact(whole, digits, negative):
    text = ("-" if negative else "") + f"{whole}.{digits}"
    expected = (whole + Fraction(int(digits), 10 ** len(digits))) * (-1 if negative else 1)
    assert parse_decimal(text) == expected
    assert parse_rational(text) == expected
    assert parse_integer(text) is None


def test_decimal_spellings():
    assert parse_decimal(".5") == Fraction(1, 2)
    assert parse_decimal("\u22120.25") == Fraction(-1, 4)
    assert parse_decimal("1,234.5") == Fraction(2469, 2)
    assert parse_decimal("12 345.25") == Fraction(49381, 4)
    for text in ("5.", "1.2.3", "1,23.4", ".", "-.", "1e-3"):
        assert parse_decimal(text) is None, text


@given(p=st.integers(-(10**6), 10**6), q=st.integers(1, 10**6))
def test_rationals(p, q):
    assert parse_rational(f"{p}/{q}") == Fraction(p, q)
    assert parse_rational(f"{p} / {q}") == Fraction(p, q)
    assert parse_rational(f"{p}/-{q}") is None
    assert parse_rational(f"{p}/0") is None
    assert parse_integer(f"{p}/{q}") is None


@given(base=st.integers(0, 999), exponent=st.integers(-99, 99))
def test_superscript_exponents_become_caret_exponents(base, exponent):
    superscript = "".join(SUPERSCRIPT[c] for c in str(exponent))
    assert normalise(f"{base}{superscript}") == f"{base}^{exponent}"
    assert normalise(f"x{superscript} + 1") == f"x^{exponent} + 1"


def test_normalise_spells_minus_signs_and_spaces_in_ascii():
    assert normalise("\u22125 \u2013 3") == "-5 - 3"
    assert normalise("12\u2009345\u00a0678") == "12 345 678"
    assert normalise("2\u200b5") == "25"
    assert normalise("a \u2014 b") == "a \u2014 b"  # an em dash is punctuation
    assert normalise("x\u00b2\u207a\u00b9") == "x^2+1"


@given(st.text(max_size=60))
def test_normalise_is_idempotent_and_ascii_text_is_unchanged(text):
    once = normalise(text)
    assert normalise(once) == once
    if text.isascii():
        assert once == text
