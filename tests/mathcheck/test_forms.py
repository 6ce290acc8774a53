"""check_form: the written form of an answer, decided apart from its value.

Every property builds the right writings and the ruled-out writings of one value
independently of the checker (plain string formatting, ``fractions``, sympy on our own
text), checks with sympy that both have the value, and asserts that only the first pass.
"""

from __future__ import annotations

import math
import random
import re
from fractions import Fraction

import pytest
import sympy
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from sympy.parsing.sympy_parser import (
    convert_xor,
    implicit_multiplication_application,
    parse_expr,
    rationalize,
    standard_transformations,
)

from rlvr_envs.mathcheck.forms import ELEMENT_FORMS, FORMS, check_form

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_TRANSFORMS = (
    *standard_transformations,
    implicit_multiplication_application,
    convert_xor,
    rationalize,  # decimals as exact rationals
)
X = sympy.Symbol("x")


def _value(text: str):
    """Our own generated text (never model output) as a sympy value."""
    text = re.sub(r"\\d?frac\{([^{}]*)\}\{([^{}]*)\}", r"((\1)/(\2))", text)
    text = text.replace("{", "(").replace("}", ")").replace("\\sqrt", "sqrt")
    text = text.replace("\\cdot", "*").replace("$", "").replace(",", "")
    return parse_expr(text, transformations=_TRANSFORMS, local_dict={"i": sympy.I})


def _ok(answer: str, form: str, **options) -> bool:
    return check_form(answer, form, **options).ok


# -- integers ----------------------------------------------------------------------------------
@SETTINGS
@given(n=st.integers(-(10**15), 10**15))
def test_an_integer_written_out_is_an_integer_and_arithmetic_is_not(n):
    grouped = f"{n:,}"
    for text in (str(n), grouped, f"({n})", f"${n}$", f"+{n}" if n >= 0 else str(n)):
        assert _ok(text, "integer"), text
    a = n // 3 + 1
    ruled_out = [f"{a} + {n - a}", f"{n}.0", f"{n}/1", f"{2 * n}/2", f"{n} dollars", f"x = {n}"]
    ruled_out.append(f"{n} \\cdot 1")
    for text in ruled_out:
        assert not _ok(text, "integer"), text
    for text in ruled_out[:4]:
        assert _value(text) == n, text


def test_powers_factorials_binomials_and_percentages_are_not_integer_literals():
    for text in ("2^{10}", "14! - 2*13!", "\\binom{10}{3}", "120%", "1e3", "--5", "|-4|"):
        check = check_form(text, "integer")
        assert not check.ok and check.parsed and check.why, text


# -- fractions ---------------------------------------------------------------------------------
@SETTINGS
@given(p=st.integers(-5000, 5000), q=st.integers(2, 5000), k=st.integers(2, 9))
def test_a_fraction_in_lowest_terms_passes_and_any_other_writing_of_it_fails(p, q, k):
    value = Fraction(p, q)
    assume(value.denominator > 1)
    num, den = value.numerator, value.denominator
    right = [f"{num}/{den}", f"\\frac{{{num}}}{{{den}}}", f"\\dfrac{{{num}}}{{{den}}}"]
    if num < 0:
        right += [f"-{-num}/{den}", f"-\\frac{{{-num}}}{{{den}}}"]
    for text in right:
        assert _ok(text, "rational"), text
        assert _ok(text, "number"), text
    whole, rest = divmod(abs(num), den)
    ruled_out = [f"{k * num}/{k * den}", f"{num}/{den} + 0", f"{num} / {den} * 1"]
    if value.denominator in (2, 4, 5, 8, 10, 20, 25):
        ruled_out.append(str(float(value)))  # a decimal where p/q is asked
    if whole and num > 0:
        ruled_out.append(f"{whole} {rest}/{den}")  # a mixed number
    for text in ruled_out:
        assert _value(text.replace(" ", "+", 1) if " " in text and "/" in text.split()[-1]
                      and text.count(" ") == 1 else text) == value, text  # fmt: skip
        assert not _ok(text, "rational"), text


def test_decimals_are_a_number_but_not_a_fraction_and_percentages_are_neither():
    assert _ok("3622.08", "number") and _ok("3622.08", "decimal")
    assert not _ok("3622.08", "rational")
    for text in ("50%", "0.5 \\%", "50 percent"):
        assert not _ok(text, "number"), text
        assert not _ok(text, "rational"), text


# -- simplified radicals -----------------------------------------------------------------------
_SQUARE_FREE = [d for d in range(2, 60) if all(d % (f * f) for f in range(2, 8))]


@SETTINGS
@given(
    a=st.fractions(min_value=-20, max_value=20, max_denominator=12),
    b=st.fractions(min_value=-20, max_value=20, max_denominator=12),
    d=st.sampled_from(_SQUARE_FREE),
    imaginary=st.booleans(),
    k=st.integers(2, 5),
)
def test_a_simplified_radical_passes_and_an_unsimplified_one_fails(a, b, d, imaginary, k):
    assume(b != 0)
    assert sympy.factorint(d) and max(sympy.factorint(d).values()) == 1  # square-free
    unit = f"sqrt({d})" + ("i" if imaginary else "")
    value = a + b * _value(unit)

    def term(c: Fraction, body: str) -> str:
        sign = "-" if c < 0 else "+"
        c = abs(c)
        top = "" if c.numerator == 1 else str(c.numerator)
        bottom = "" if c.denominator == 1 else f"/{c.denominator}"
        return f"{sign} {top}{body}{bottom}"

    as_terms = (f"{a} " if a else "") + term(b, unit)
    as_terms = as_terms.lstrip("+ ")
    den = math.lcm(a.denominator, b.denominator)
    over = f"({a * den} + {b * den}{unit})/{den}" if den > 1 and a else None
    for text in filter(None, (as_terms, over)):
        assert sympy.simplify(_value(text) - value) == 0, text
        assert _ok(text, "radical"), text
        assert _ok(f"{text}, 0", "roots"), text
    scaled = f"{a} + {b / k}sqrt({d * k * k})" + ("i" if imaginary else "")
    collected_not = f"{a} + {b}{unit} + 0{unit}"
    over_unreduced = f"({a * den * k} + {b * den * k}{unit})/{den * k}" if a else None
    for text in filter(None, (scaled, collected_not, over_unreduced)):
        assert sympy.simplify(_value(text) - value) == 0, text
        assert not _ok(text, "radical"), text


def test_radicals_reject_roots_in_denominators_and_unevaluated_radicands():
    for text in ("1/sqrt(2)", "sqrt(4)", "sqrt(16 - 12)", "2^(1/2)", "sqrt(2)sqrt(3)", "i^2"):
        assert not _ok(text, "radical"), text
    for text in ("\\frac{-3 + \\sqrt{5}}{2}", "-\\frac{3+\\sqrt5}{2}", "\\frac{11}{2}i", "i"):
        assert _ok(text, "radical"), text


# -- exact values with pi, e and logarithms -----------------------------------------------------
@SETTINGS
@given(
    a=st.fractions(min_value=-20, max_value=20, max_denominator=12),
    b=st.fractions(min_value=-20, max_value=20, max_denominator=12),
    unit=st.sampled_from(["\\pi", "\\pi^2", "e", "e^{3}", "\\ln(2)", "\\ln(10)", "\\sqrt{3}\\pi"]),
    k=st.integers(2, 5),
)
def test_an_exact_value_with_pi_e_or_ln_passes_and_undone_arithmetic_fails(a, b, unit, k):
    assume(b != 0)
    top = "" if abs(b.numerator) == 1 else str(abs(b.numerator))
    bottom = "" if b.denominator == 1 else f"/{b.denominator}"
    text = (f"{a} " if a else "") + ("- " if b < 0 else "+ ") + f"{top}{unit}{bottom}"
    text = text.lstrip("+ ")
    assert _ok(text, "exact"), text
    assert _ok(f"({text}, 1)", "tuple", element="exact"), text
    assert not _ok(text, "radical") or "pi" not in unit
    # the same value with its arithmetic not done
    undone = [
        f"{a} + {b}{unit} + 0{unit}",
        f"{a} + {b.numerator * k}{unit}/{b.denominator * k}",
        f"{a} + {b}{unit}{unit}",
    ]
    for bad in undone[:2]:
        assert not _ok(bad, "exact"), bad
    assert not _ok(undone[2], "exact")  # pi pi, e e: a power is the simplified form


def test_exact_values_refuse_decimals_functions_and_odd_logs_and_order_interval_ends():
    for text in ("3.14", "\\sin(1)", "\\ln(1)", "\\ln(x)", "e^x", "e^{0}", "\\pi\\pi", "2*3\\pi",
                 "\\sqrt{8}\\pi", "\\ln(2)\\ln(2)", "\\pi + \\pi"):  # fmt: skip
        assert not _ok(text, "exact", variables=("x",)), text
    for text in ("\\frac{9\\pi}{2}", "\\frac{4}{3}\\pi", "\\pi^2/6", "1 - \\ln 2", "2e^{3} - 1",
                 "4\\sqrt{3}\\pi/3", "-\\frac{\\pi}{4}", "e", "e^{1}", "\\exp(19)"):  # fmt: skip
        assert _ok(text, "exact"), text
    assert _ok("[0, e) \\cup (\\pi, 3\\pi]", "interval", element="exact")
    assert not _ok("[\\pi, 3)", "interval", element="exact")  # pi > 3: ends out of order
    assert not _ok("\\pi", "radical")  # the older form is unchanged


def test_roots_lists_accept_plus_minus_and_the_asked_variable_only():
    assert _ok("\\frac{-3 \\pm \\sqrt{5}}{2}", "roots")
    assert _ok("x = 2, x = -3", "roots", variables=("x",))
    assert _ok("x_1 = 2, x_2 = -3", "roots", variables=("x",))
    check = check_form("y = 2, y = -3", "roots", variables=("x",))
    assert not check.ok and "y" in check.why
    assert not _ok("1 ± 1", "roots")  # two numbers combined: the arithmetic is not done


# -- polynomials -------------------------------------------------------------------------------
_COEFFICIENTS = st.lists(st.integers(-30, 30), min_size=2, max_size=8).filter(lambda c: c[-1])


def _terms(coefficients: list[int], power: str) -> list[str]:
    out = []
    for k, c in enumerate(coefficients):
        if c == 0:
            continue
        body = "" if k == 0 else "x" if k == 1 else power.format(k)
        number = str(abs(c)) if abs(c) != 1 or not body else ""
        out.append(("- " if c < 0 else "+ ") + number + body)
    return out


@SETTINGS
@given(coefficients=_COEFFICIENTS, seed=st.integers(0, 10**6), power=st.sampled_from(
    ["x^{0}", "x^{{{0}}}", "x**{0}"]))  # fmt: skip
def test_an_expanded_polynomial_passes_in_any_term_order_and_uncollected_ones_fail(
    coefficients, seed, power
):
    terms = _terms(coefficients, power)
    random.Random(seed).shuffle(terms)
    text = " ".join(terms).lstrip("+ ")
    target = sum(c * X**k for k, c in enumerate(coefficients))
    assert sympy.expand(_value(text.replace("**", "^")) - target) == 0, text
    assert _ok(text, "polynomial", variables=("x",)), text
    k = max(range(len(coefficients)), key=lambda i: coefficients[i] != 0)
    split = f"{text} + {power.format(k)} - {power.format(k)}"
    product = f"({text})(x + 1) - ({text})x"
    for bad in (split, product):
        assert sympy.expand(_value(bad.replace("**", "^")) - target) == 0, bad
        assert not _ok(bad, "polynomial", variables=("x",)), bad
    assert not _ok(text.replace("x", "y"), "polynomial", variables=("x",))


# -- factorisations ----------------------------------------------------------------------------
@SETTINGS
@given(
    roots=st.lists(st.integers(-9, 9), min_size=1, max_size=6),
    lead=st.integers(-6, 6).filter(bool),
    seed=st.integers(0, 10**6),
)
def test_a_factorisation_with_powers_passes_and_written_out_repeats_fail(roots, lead, seed):
    rng = random.Random(seed)
    counts = {r: roots.count(r) for r in roots}
    target = lead * sympy.prod((X - r) ** m for r, m in counts.items())

    def factor(r: int, flip: bool) -> str:
        if r == 0:
            return "x"
        return f"({r} - x)" if flip else f"(x {'-' if r > 0 else '+'} {abs(r)})"

    sign, parts = 1, []
    for r in rng.sample(list(counts), len(counts)):
        flip = r != 0 and rng.random() < 0.5
        sign *= (-1) ** (counts[r] if flip else 0)
        body = factor(r, flip)
        parts.append(body if counts[r] == 1 else f"{body}^{counts[r]}")
    text = f"{lead * sign}" + "".join(parts)
    assert sympy.expand(_value(text) - target) == 0, text
    assert _ok(text, "factored", variables=("x",)), text
    repeated = [r for r, m in counts.items() if m > 1]
    if repeated:
        r = repeated[0]
        written = f"{lead}" + "".join(
            factor(s, False) * (m if s == r else 1) + (f"^{m}" if m > 1 and s != r else "")
            for s, m in counts.items()
        )
        assert sympy.expand(_value(written) - target) == 0, written
        assert not _ok(written, "factored", variables=("x",)), written
    if any(r != 0 for r in counts) and lead % 2 == 0:
        r = next(r for r in counts if r != 0)
        rest = "".join(
            factor(s, False) + (f"^{m - (s == r)}" if m - (s == r) > 1 else "")
            for s, m in counts.items()
            if m - (s == r) > 0
        )
        inside = f"{lead // 2}(2x {'-' if r > 0 else '+'} {2 * abs(r)}){rest}"
        assert sympy.expand(_value(inside) - target) == 0, inside
        assert not _ok(inside, "factored", variables=("x",)), inside
    expanded = str(sympy.expand(target)).replace("**", "^")
    monomial = set(counts) == {0}  # lead x^m: expanded and factored at once
    one_factor = sum(counts.values()) == 1 and abs(lead) == 1  # x - 3 is irreducible
    assert _ok(expanded, "factored", variables=("x",)) == (monomial or one_factor), expanded


@pytest.mark.parametrize(
    "text, ok",
    [("(x^2 + 1)(x - 2)", True), ("(x^2 - 1)(x - 2)", False), ("(x^3 + x + 1)", True),
     ("(x^3 - 1)", False), ("(x - 1/2)(x + 1)", False), ("(2x - 4)", False), ("x^2(x + 1)", True),
     ("(x + 1)(x + 1)", False), ("(x + 1)(-x - 1)", False), ("2 \\cdot 3(x + 1)", False)],
)  # fmt: skip
def test_factors_must_be_primitive_irreducible_and_distinct(text, ok):
    assert _ok(text, "factored", variables=("x",)) is ok


# -- collections -------------------------------------------------------------------------------
def test_tuples_sets_intervals_and_matrices():
    assert _ok("(1, -2, 3/2)", "tuple")
    assert _ok("x = 1, y = -2", "tuple", variables=("x", "y"))
    assert _ok("(x, y) = (1, -2)", "tuple", variables=("x", "y"))
    assert not _ok("(y, x) = (1, -2)", "tuple", variables=("x", "y"))
    assert not _ok("(1, 4/2)", "tuple")
    assert _ok("\\{1, -2\\}", "set") and not _ok("\\{1, 1\\}", "set")
    assert _ok("\\emptyset", "set") and not _ok("(1, 2)", "set")
    assert _ok("(-\\infty, 1) \\cup (1, 3]", "interval")
    for bad in ("[1, 3] \\cup [3, 5]", "(0, 2) \\cup (1, 3)", "[-\\infty, 2)", "(3, 1)"):
        assert not _ok(bad, "interval"), bad
    assert _ok("[[1, -2], [3/2, 0]]", "matrix") and _ok(
        "\\begin{pmatrix}1 & 2\\end{pmatrix}", "matrix"
    )
    for bad in ("[[1, 2], [3]]", "[[1, 2], [3, 2 + 2]]", "[1, 2]", "[[1, 2/4]]", "[[1], (2)]"):
        assert not _ok(bad, "matrix"), bad
    for scaled in ("1/2 [[1, 2], [3, 4]]", "-1/7 [[1, 2], [3, 4]]", "2/3 [[1, 2], [3, 4]]",
                   "-\\frac{1}{7}\\begin{pmatrix}1 & 2\\\\ 3 & 4\\end{pmatrix}"):  # fmt: skip
        assert _ok(scaled, "matrix"), scaled
    for bad in ("2 \\cdot 3 [[1]]", "2/4 [[1]]", "[[1, 2]] [[1], [2]]", "-[[1, 2], [3, 4]]",
                "1 [[1, 2]]", "\\frac{1}{10} [[-12, 2], [8, 4]]", "-1 [[1, 2]]"):  # fmt: skip
        assert not _ok(bad, "matrix"), bad


def test_expressions_must_have_their_literal_arithmetic_done():
    assert _ok("2x + \\sin(x)", "expression", variables=("x",))
    assert _ok("\\frac{x^2}{2} + \\sqrt{3}x", "expression", variables=("x",))
    for bad in ("2 \\cdot 3x", "x^{2 + 1}", "(4 - 1)x", "\\frac{4}{2}x", "y + 1"):
        assert not _ok(bad, "expression", variables=("x",)), bad


# -- the contract --------------------------------------------------------------------------------
def test_unknown_forms_are_the_callers_error_and_hostile_answers_never_raise():
    with pytest.raises(ValueError, match="unknown answer form"):
        check_form("1", "integr")
    with pytest.raises(ValueError, match="element form"):
        check_form("(1, 2)", "tuple", element="matrix")
    hostile = ["", "{" * 5000, "9^9^9^9", "\\frac", "x" * 3000, "1e999999", "\x00", "((((1"]
    for form in FORMS:
        for text in hostile:
            check = check_form(text, form, variables=("x",))
            assert isinstance(check.ok, bool) and (check.ok or check.why), (form, text)
    assert set(ELEMENT_FORMS) <= set(FORMS)


def test_units_are_rejected_unless_allowed():
    check = check_form("5 cm", "integer")
    assert not check.ok and "units" in check.why
    assert _ok("5 cm", "integer", allow_units=True)


def test_radical_terms_give_the_exact_value_of_a_simplified_radical_or_say_why_not():
    from rlvr_envs.mathcheck.forms import radical_terms
    from rlvr_envs.mathcheck.parse import parse

    terms = radical_terms(parse("-3/4 + \\sqrt{5}/2 - i"))
    assert terms == {(): Fraction(-3, 4), (("sqrt", 5),): Fraction(1, 2), (("i",),): -1}
    assert radical_terms(parse("\\frac{-3 + 2\\sqrt{5}}{4}")) == {
        (): Fraction(-3, 4),
        (("sqrt", 5),): Fraction(1, 2),
    }
    for bad, why in (("\\sqrt{8}", "not simplified"), ("1 + 1", "collected"), ("2^3", "power")):
        with pytest.raises(ValueError, match=why):
            radical_terms(parse(bad))


def test_currency_signs_and_repeating_decimals_are_refused_where_they_do_not_belong():
    for text in ("\\$5", "5$", "$5", "\\text{\\$}5", "€5", "£5"):
        check = check_form(text, "decimal")
        assert not check.ok and "currency" in check.why, text
    assert _ok("$5$", "integer") and _ok("$\\frac{1}{2}$", "rational")  # math delimiters
    assert _ok("\\$5", "decimal", allow_units=True)
    for form in ("rational", "radical", "exact"):
        check = check_form("3.\\overline{929}", form)
        assert not check.ok and "repeating" in check.why, form
    assert _ok("3.\\overline{929}", "number")  # an exact value where a number may be a decimal
    assert not _ok("(1, 0.\\overline{3})", "tuple") and _ok(
        "(1, 0.\\overline{3})", "tuple", element="number"
    )


def test_a_set_an_interval_or_roots_may_be_named_by_membership_of_the_asked_variable():
    assert _ok("x \\in (7, \\infty)", "interval", variables=("x",))
    assert _ok("x \\in \\{-14/3, 8\\}", "roots", variables=("x",), element="rational")
    assert _ok("x \\in \\{1, 2\\}", "set", variables=("x",))
    check = check_form("y \\in (7, \\infty)", "interval", variables=("x",))
    assert not check.ok and "y" in check.why
    assert not _ok("x \\in 3", "rational", variables=("x",))  # a value is not a set
