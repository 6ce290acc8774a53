"""One number syntax everywhere answers are parsed (:mod:`rlvr_envs.numbers`).

A Unicode minus, grouped thousands, no-break or thin spaces and superscript exponents read
the same in a math answer, a compose step, a Countdown expression and a graph count; digits
of other scripts, which Python's ``int`` would accept, are refused everywhere.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.compose._base import parse_int_list, same_value
from rlvr_envs.families.graph.parsing import AnswerError, parse_int
from rlvr_envs.families.logic.countdown import evaluate
from rlvr_envs.registry import format_answer

MINUS = "\u2212"
THIN, NARROW_NBSP = "\u2009", "\u202f"
ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def _score(problem, answer: str) -> float:
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format)).reward


def _first(env_id: str, accept, **knobs):
    task = rlvr_envs.make_task(env_id)
    for seed in range(300):
        problem = task.generate(seed=seed, knobs=knobs or None, difficulty=None if knobs else 0.5)
        if accept(problem):
            return problem
    raise AssertionError(f"no problem of {env_id} matched")


def test_a_negative_math_answer_with_a_unicode_minus_is_the_answer():
    problem = _first("rlvr/Sequences-v0", lambda p: p.answer.startswith("-"))
    assert _score(problem, problem.answer.replace("-", MINUS)) == 1.0
    assert _score(problem, problem.answer.translate(ARABIC_INDIC)) == 0.0


def test_thousands_grouped_with_thin_spaces_are_one_number_in_math_and_graph():
    problem = _first("rlvr/GcdLcm-v0", lambda p: len(p.answer) >= 5)
    value = int(problem.answer)
    for sep in (",", " ", THIN, NARROW_NBSP):
        grouped = f"{value:,}".replace(",", sep)
        assert _score(problem, grouped) == 1.0, grouped
        assert parse_int(grouped) == value, grouped
    with pytest.raises(AnswerError):
        parse_int(problem.answer.translate(ARABIC_INDIC))


def test_superscript_exponents_read_as_powers_in_polynomials():
    problem = _first("rlvr/PolynomialExpand-v0", lambda p: "x^2" in p.answer and "x^3" in p.answer)
    superscripted = (
        problem.answer.replace("x^2", "x²").replace("x^3", "x³").replace(" -", " " + MINUS)
    )
    assert "^" not in superscripted.split("x^")[0]
    assert _score(problem, superscripted) == 1.0, superscripted


def test_compose_steps_and_lists_read_the_unicode_minus():
    assert parse_int_list(f"[{MINUS}3, 4, {MINUS}12]") == (-3, 4, -12)
    assert parse_int_list("[٣, 4]") is None
    assert same_value("int", "-5", f"{MINUS}5") is True
    assert same_value("rational", "-7/2", f"{MINUS}7/2") is True
    assert same_value("int", "3", "٣") is None  # not a number in our syntax: unparsable


def test_countdown_reads_the_unicode_minus_and_refuses_other_digits():
    value, used = evaluate(f"(25 {MINUS} 4) × 3 + 7", target=70)
    assert value == 70 and used == [25, 4, 3, 7]
    for bad in ("(٢٥ - 4) × 3 + 7", "5² + 1"):
        with pytest.raises(ValueError):
            evaluate(bad, target=26)


@settings(max_examples=200, deadline=None)
@given(n=st.integers(-(10**12), 10**12), sep=st.sampled_from([",", " ", THIN, NARROW_NBSP]))
def test_every_parser_reads_one_integer_the_same_way(n, sep):
    text = f"{n:,}".replace(",", sep).replace("-", MINUS)
    if n >= 0:
        assert parse_int(text) == n
    else:
        with pytest.raises(AnswerError):  # graph counts are never negative
            parse_int(text)
    assert rlvr_envs.numbers.parse_integer(text) == n
    if abs(n) < 10**6:
        plain = str(n).replace("-", MINUS)
        assert parse_int_list(f"[{plain}, 1]") == (n, 1)


# -- the shared one-integer judgement (judge_integer), used by the integer-answer families -----


@settings(max_examples=60, deadline=None)
@given(value=st.integers(-(10**12), 10**12), other=st.integers(-(10**12), 10**12))
def test_judge_integer_accepts_the_value_in_any_ordinary_notation_and_nothing_else(value, other):
    from rlvr_envs.families.shared.answer_parsing import judge_integer

    grouped = f"{value:,}"  # 1,234,567: grouped thousands are ordinary notation
    for written in (str(value), grouped, str(value).replace("-", MINUS)):
        assert judge_integer(written, value).correct, written
    assert judge_integer(str(other), value).correct is (other == value)
    for bad in (f"{value}.5", f"{value} or {other}", f"x{value}", "", "12/4"):
        assert not judge_integer(bad, value).correct, bad
    assert judge_integer("", value).reason == "unparsable"
    assert judge_integer(str(value + 1), value).reason == "wrong"
