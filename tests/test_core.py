"""Knobs, problems and verdicts: the contract of core.py."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.core import Knob, Problem, Verdict, stable_seed


def test_int_knob_maps_difficulty_monotonically_over_its_whole_span():
    knob = Knob("int", 1, 10, easy=2, hard=8)
    values = [knob.at(d / 100) for d in range(101)]
    assert values == sorted(values)
    assert values[0] == 2 and values[-1] == 8
    assert set(values) == set(range(2, 9))  # every integer is reachable


def test_decreasing_knob_goes_from_easy_to_hard():
    clues = Knob("int", 17, 40, easy=40, hard=17)
    values = [clues.at(d / 50) for d in range(51)]
    assert values == sorted(values, reverse=True)
    assert values[0] == 40 and values[-1] == 17


def test_categorical_knob_walks_choices_in_order():
    ops = Knob("categorical", choices=("+", "+-", "+-*"))
    assert [ops.at(d) for d in (0.0, 0.4, 0.99, 1.0)] == ["+", "+-", "+-*", "+-*"]


@pytest.mark.parametrize(
    ("knob", "value", "message"),
    [
        (Knob("int", 1, 5), 9, "int 1..5"),
        (Knob("int", 1, 5), 2.5, "int 1..5"),
        (Knob("int", 1, 5), True, "int 1..5"),
        (Knob("int", 1, 5), "3", "int 1..5"),
        (Knob("float", 0, 1), float("nan"), "float"),
        (Knob("categorical", choices=("a", "b")), "c", "one of 'a', 'b'"),
        (Knob("bool"), 1, "one of False, True"),
    ],
)
def test_bad_knob_values_raise_naming_knob_and_range(knob, value, message):
    with pytest.raises(ValueError, match="digits") as info:
        knob.validate("digits", value, "rlvr/X-v0")
    assert message in str(info.value)


def test_bool_knob_walks_from_easy_to_hard():
    assert [Knob("bool").at(d) for d in (0.0, 0.49, 0.5, 1.0)] == [False, False, True, True]
    assert [Knob("bool", easy=True).at(d) for d in (0.0, 1.0)] == [True, False]


@given(d=st.floats(0.0, 1.0))
def test_a_log_knob_with_a_power_moves_by_equal_factors_and_its_position_inverts_it(d):
    knob = Knob("float", 0.2, 200.0, easy=0.3, hard=100.0, scale="log", power=2, digits=1)
    expected = round(0.3 * (100.0 / 0.3) ** (d * d), 1)  # written out, not through Knob
    assert knob.at(d) == expected
    exact = Knob("float", 0.2, 200.0, easy=0.3, hard=100.0, scale="log", power=2)
    assert exact.position(exact.at(d)) == pytest.approx(d, abs=1e-9)
    assert knob.at(0.0) == 0.3 and knob.at(1.0) == 100.0 and knob.at(0.5) == 1.3


def test_a_curriculum_places_a_curved_knob_by_its_own_map():
    from rlvr_envs.curriculum.space import Dim

    knob = Knob("float", 0.2, 200.0, easy=0.3, hard=100.0, scale="log", power=2)
    dim = Dim("rlvr/X-v0", "kchars", knob)
    for u in (0.0, 0.25, 0.5, 0.9, 1.0):
        assert dim.value(u) == knob.at(u)
        assert dim.coord(dim.value(u)) == pytest.approx(dim.coord_at(u), abs=1e-9)
    assert dim.value(0.5) < 2.0  # a uniform coordinate is mostly short contexts, not long


@pytest.mark.parametrize(
    "kwargs",
    [
        {"type": "int", "low": 1, "high": 9, "scale": "log"},
        {"type": "float", "low": 0.0, "high": 9.0, "scale": "log"},
        {"type": "float", "low": 1.0, "high": 9.0, "power": 0},
    ],
)
def test_a_curve_a_knob_cannot_follow_is_refused(kwargs):
    with pytest.raises(ValueError):
        Knob(**kwargs)


def test_integral_float_is_accepted_for_int_knob():
    assert Knob("int", 1, 5).validate("n", 3.0, "x") == 3


def test_categorical_values_come_back_as_declared():
    size = Knob("categorical", choices=(4, 6, 9))
    assert type(size.validate("size", 9.0, "x")) is int
    with pytest.raises(ValueError):
        Knob("categorical", choices=(0, 1)).validate("flag", True, "x")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


@given(
    seed=st.integers(min_value=0, max_value=2**41),
    difficulty=st.none() | st.floats(0, 1),
    prompt=st.text(),
    meta=st.dictionaries(st.text(max_size=8), json_values, max_size=5),
)
def test_problem_round_trips_exactly_through_json(seed, difficulty, prompt, meta):
    problem = Problem("rlvr/X-v0", "X", 0, seed, {"n": 3}, difficulty, prompt, "42", "tags", meta)
    again = Problem.from_dict(json.loads(json.dumps(problem.to_dict())))
    assert again == problem
    assert again.content_hash() == problem.content_hash()


def test_problem_from_dict_names_missing_fields():
    with pytest.raises(ValueError, match="answer"):
        Problem.from_dict({"env_id": "x", "family": "X", "version": 0, "seed": 1})


def test_verdict_round_trips():
    verdict = Verdict(0.0, False, True, 0.5, "partial", "3", "4", {"tests": [1, 0]})
    assert Verdict.from_dict(json.loads(json.dumps(verdict.to_dict()))) == verdict


def test_stable_seed_is_order_insensitive_for_dict_keys_and_sensitive_to_values():
    assert stable_seed("a", {"x": 1, "y": 2}) == stable_seed("a", {"y": 2, "x": 1})
    assert stable_seed("a", {"x": 1}) != stable_seed("a", {"x": 2})
    assert stable_seed("a", 1) != stable_seed("b", 1)


@pytest.mark.parametrize("timeout", [-1, 0, float("nan"), float("inf"), "2", True])
def test_a_bad_verification_timeout_is_refused_not_replaced(timeout):
    problem = rlvr_envs.make_task("rlvr/Arithmetic-v0").generate(1)
    with pytest.raises(ValueError, match="timeout must be a positive number"):
        rlvr_envs.verify(problem, "x", timeout=timeout)
    with pytest.raises(ValueError, match="timeout must be a positive number"):
        rlvr_envs.verify_batch([problem], ["x"], timeout=timeout)
    assert rlvr_envs.verify(problem, "x", timeout=np.float64(2.5)).reason == "no_answer"
