"""Math equivalence: properties (hypothesis), the corpus, and hostile answers."""

from __future__ import annotations

import json
import time
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from rlvr_envs.verifiers.math import (
    MAX_PRECISION,
    compare_answers,
    is_equivalent,
    precision_of,
)
from rlvr_envs.verifiers.mathparse import ParseError, parse

CORPUS = Path(__file__).parents[1] / "data" / "math_equivalence.jsonl"

fractions = st.fractions(max_denominator=10_000).filter(lambda f: abs(f) < 10**9)


def spellings(value: Fraction) -> list[str]:
    """Many ways of writing one rational number."""
    num, den = value.numerator, value.denominator
    out = [f"{num}/{den}", rf"\frac{{{num}}}{{{den}}}", rf"\dfrac{{{num}}}{{{den}}}"]
    if den == 1:
        out += [str(num), f"{num}.0", f"${num}$"]
    if num < 0:
        out += [rf"-\frac{{{-num}}}{{{den}}}", f"-{-num}/{den}"]
    if 10**6 % den == 0:
        out.append(f"{float(value):.6f}")
    if value > 1 and den > 1:
        whole, rest = divmod(num, den)
        out += [f"{whole} {rest}/{den}", rf"{whole}\frac{{{rest}}}{{{den}}}"]
    return out


@given(value=fractions, data=st.data())
def test_every_spelling_of_a_rational_is_equivalent(value, data):
    forms = spellings(value)
    gold = data.draw(st.sampled_from(forms))
    pred = data.draw(st.sampled_from(forms))
    assert is_equivalent(gold, pred)


@given(value=fractions, delta=fractions.filter(lambda d: d != 0))
def test_different_rationals_are_never_equivalent(value, delta):
    for pred in spellings(value + delta):
        assert not is_equivalent(str(value), pred)


@given(values=st.lists(st.integers(-50, 50), min_size=1, max_size=6, unique=True), data=st.data())
def test_root_lists_match_in_any_order_but_not_with_a_change(values, data):
    gold = ", ".join(map(str, values))
    shuffled = data.draw(st.permutations(values))
    assert is_equivalent(gold, ", ".join(map(str, shuffled)))
    assert is_equivalent(gold, ", ".join(f"x = {v}" for v in shuffled))
    assert not is_equivalent(gold, ", ".join(map(str, shuffled[:-1])) if len(values) > 1 else "999")
    changed = [*shuffled[:-1], shuffled[-1] + 1]
    assume(sorted(changed) != sorted(values))
    assert not is_equivalent(gold, ", ".join(map(str, changed)))


@given(values=st.lists(st.integers(-20, 20), min_size=2, max_size=4))
def test_tuples_are_ordered(values):
    gold = "(" + ", ".join(map(str, values)) + ")"
    assert is_equivalent(gold, gold.replace(" ", ""))
    reordered = values[1:] + values[:1]
    if reordered != values:
        assert not is_equivalent(gold, "(" + ", ".join(map(str, reordered)) + ")")


@given(a=st.integers(-9, 9), b=st.integers(-9, 9), c=st.integers(1, 9))
def test_polynomial_identities(a, b, c):
    gold = f"({c}x + {a})(x + {b})".replace("+ -", "- ")
    expanded = f"{c}x^2 + {c * b + a}x + {a * b}".replace("+ -", "- ")
    assert is_equivalent(gold, expanded)
    assert not is_equivalent(gold, f"{c}x^2 + {c * b + a + 1}x + {a * b}")


@pytest.mark.parametrize(
    ("gold", "pred", "expected"),
    [
        ("x = 3", "3", True),
        ("3", "x=3", True),
        ("y = 2x + 1", "2x - y + 1 = 0", True),
        ("y = 2x + 1", "y = 2x - 1", False),
        (r"\frac{\sqrt{3}}{2}", r"\frac{1}{2}\sqrt{3}", True),
        (r"\sqrt{8}", r"2\sqrt{2}", True),
        (r"\sqrt{8}", r"2\sqrt{3}", False),
        (r"1 \pm \sqrt{2}", r"1-\sqrt{2}, 1+\sqrt{2}", True),
        ("3+4i", "4i+3", True),
        ("3+4i", "3-4i", False),
        (r"2\pi", "2pi", True),
        (r"\pi", "3.14", False),
        (r"\pi", "3.1", False),
        ("2/3", "0.667", False),
        ("2/3", "0.666", False),
        ("1/3", "0.33", False),
        (r"\sqrt{2}", "1.414", False),
        ("e^{2}", "7.389", False),
        (r"\pi", "3.14159265358979323846264338327950288419716939937510582097494459", False),
        ("0.125", "1/8", True),
        ("0.75", "0.8", False),
        ("50%", "0.5", True),
        ("50%", "50", True),
        ("0.5", r"50\%", True),
        ("[1, 2)", "[1,2)", True),
        ("[1, 2)", "(1, 2)", False),
        (r"(-\infty, 3] \cup (5, \infty)", r"(-\infty,3]\cup(5,\infty)", True),
        (r"\{1, 2, 3\}", r"\{3, 1, 2\}", True),
        ("(1, 2)", "(2, 1)", False),
        ("30^\\circ", "30", True),
        ("5 cm", "5", True),
        ("3", "3 or 4", False),
        ("1,000", "1000", True),
        ("12", "3 or 4", False),
        ("-1", r"e^{i\pi}", True),
        ("3", r"\log_2 8", True),
        # issue 11: forms that were missed
        (r"\begin{pmatrix} 1 \\ -2 \end{pmatrix}", r"\begin{bmatrix} 1 \\ -2 \end{bmatrix}", True),
        (r"\begin{pmatrix} 1 \\ -2 \end{pmatrix}", "(1, -2)", True),
        (r"\begin{pmatrix} 1 \\ -2 \end{pmatrix}", "(-2, 1)", False),
        (
            r"\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}",
            r"\left(\begin{array}{cc} 1 & 2 \\ 3 & 4 \end{array}\right)",
            True,
        ),
        (
            r"\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}",
            r"\begin{pmatrix} 1 & 3 \\ 2 & 4 \end{pmatrix}",
            False,
        ),
        (
            r"\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}",
            r"\begin{pmatrix} 1 & 2 & 3 & 4 \end{pmatrix}",
            False,
        ),
        (
            r"\begin{pmatrix} 1/2 \\ 1 \end{pmatrix}",
            r"\frac{1}{2}\begin{pmatrix} 1 \\ 2 \end{pmatrix}",
            True,
        ),
        (
            r"\begin{pmatrix} \sqrt{2} \\ 1 \end{pmatrix}",
            r"\begin{pmatrix} \frac{2}{\sqrt{2}} \\ 1 \end{pmatrix}",
            True,
        ),
        (
            r"\begin{pmatrix} \sqrt{2} \\ 1 \end{pmatrix}",
            r"\begin{pmatrix} 1.414 \\ 1 \end{pmatrix}",
            False,
        ),
        ("(0, \\infty)", r"\{x \mid x > 0\}", True),
        ("(0, \\infty)", r"\{x \mid x \geq 0\}", False),
        ("[1, 5]", r"[1,3]\cup[3,5]", True),
        ("[1, 5]", r"[1,3)\cup(3,5]", False),
        (r"(0,1)\cup(1,2)", r"(0,2)\setminus\{1\}", True),
        (r"(0,1)\cup(1,2)", "(0,2)", False),
        ("1/2", r"{1 \over 2}", True),
        ("12345678", "12 345 678", True),
        ("12345", r"12\,345", True),
        ("12345", "12\u2009345", True),
        ("12345", "12\u202f345", True),
        ("1234", "12 34", False),
        ("5", r"\text{5 cm}", True),
        ("2, 3", "2 and 3", True),
        ("2", "2 and 3", False),
        ("-5", "\u22125", True),
        ("x^2 + 1", "x\u00b2 + 1", True),
        ("0.001", "10\u207b\u00b3", True),
        ("x = 3", "y = 3", False),
        ("x = 3", "x = 3", True),
        ("3", "y = 3", True),
        ("x = 2, x = 3", "y = 2, y = 3", False),
        ("x = 2, x = 3", "x_1 = 3, x_2 = 2", True),
        ("-1", r"-1 \approx 99", False),
        ("-1", r"-1 \sim 99", False),
        ("-1", r"-1 \simeq 99", False),
        ("-1", "-1 \u2248 99", False),
        ("7", r"3 \quad 4", False),
    ],
)
def test_equivalence_table(gold, pred, expected):
    assert is_equivalent(gold, pred) is expected


@pytest.mark.parametrize(
    ("gold", "pred", "precision", "expected"),
    [
        ("2/3", "0.67", 2, True),
        ("2/3", "0.665", 2, True),  # within half a unit, bound included
        ("2/3", "0.66", 2, False),  # truncated
        ("2/3", "0.7", 2, False),
        ("2/3", "0.6667", 2, True),  # closer than asked
        (r"\pi", "3.14", 2, True),
        (r"\pi", "3.15", 2, False),
        (r"\pi", "3", 0, True),
        (r"\pi", "3.1416", 4, True),
        (r"\pi", "3.1415", 4, False),
        (r"\sqrt{2}", "1.414", 3, True),
        (r"\sqrt{2}", "1.415", 3, False),
        ("e^{2}", "7.389", 3, True),
        ("e^{2}", "7.39", 3, False),
        ("0.125", "0.13", 2, True),  # a tie: either rounding direction
        ("0.125", "0.12", 2, True),
        ("0.125", "0.14", 2, False),
        ("(1/3, 2/3)", "(0.33, 0.67)", 2, True),
        ("(1/3, 2/3)", "(0.33, 0.66)", 2, False),
        ("1/3 + i/3", "0.33 + 0.33i", 2, True),
        ("1/3 + i/3", "0.33 + 0.34i", 2, False),
        (r"x = \frac{1}{7}", "x = 0.143", 3, True),
        ("50%", "0.33", 1, False),
    ],
)
def test_precision_accepts_half_a_unit_of_the_last_place(gold, pred, precision, expected):
    assert is_equivalent(gold, pred, precision=precision) is expected
    if expected and gold.replace(" ", "") != pred.replace(" ", ""):
        assert not is_equivalent(gold, pred)  # exact by default


@pytest.mark.parametrize("precision", [-1, 1.5, True, "2", MAX_PRECISION + 1])
def test_a_bad_precision_is_the_callers_error(precision):
    with pytest.raises(ValueError):
        is_equivalent("1", "1", precision=precision)


def test_precision_of_reads_problem_meta():
    assert precision_of({}) is None
    assert precision_of(None) is None
    assert precision_of({"precision": 3}) == 3
    with pytest.raises(ValueError):
        precision_of({"precision": "3"})


HOSTILE = [
    "9**9**9**9",
    "10^{10^{10^{10}}}",
    "2^{2^{2^{2^{2^{2}}}}}",
    "(((" * 5000 + "1" + ")))" * 5000,
    "{" * 10_000 + "}" * 10_000,
    "__import__('os').system('echo pwned')",
    "exec('1')",
    "lambda: 1",
    r"\frac{1}{0}",
    "1/0",
    "0^{-1}",
    "x" * 10_000_000,
    "1000000!",
    r"\binom{10^{9}}{5}",
    r"\sqrt[\sqrt[\sqrt{2}]{2}]{2}" * 50,
    "(x+1)^{100000}",
]


@pytest.mark.parametrize("pred", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_predictions_return_false_within_the_limit(pred):
    start = time.perf_counter()
    result = compare_answers("5", pred, 1.0)
    assert result.equal is False
    assert time.perf_counter() - start < 5.0  # limit plus worker replacement


def test_parser_rejects_python_and_words():
    for text in ("__import__('os')", "os.system", "3 plus 4", "lambda x: x", "x.y", "3:4"):
        with pytest.raises(ParseError):
            parse(text)


def test_timeout_is_reported_and_the_pool_recovers():
    slow = "(x+1)^{9000} - (x+1)^{9000}"
    result = compare_answers("0", slow + " + y", 0.2)
    assert result.equal is False and result.reason in ("timeout", "wrong")
    assert is_equivalent(r"\sqrt{2}", "2^{1/2}")  # the next call works


def load_corpus() -> list[dict]:
    return [json.loads(line) for line in CORPUS.read_text().splitlines() if line.strip()]


@pytest.mark.skipif(not CORPUS.exists(), reason="corpus not written yet")
def test_corpus_accuracy():
    rows = load_corpus()
    wrong = [r for r in rows if is_equivalent(r["gold"], r["pred"]) != r["equivalent"]]
    accuracy = 1 - len(wrong) / len(rows)
    assert accuracy >= 0.98, [(r["gold"], r["pred"], r["equivalent"]) for r in wrong]
    false_positives = [r for r in wrong if not r["equivalent"]]
    assert not false_positives, "a near miss was rewarded: " + repr(false_positives)
