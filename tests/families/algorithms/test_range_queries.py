"""What ``rlvr/RangeQueries-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/RangeQueries-v0"


def _replay(values, ops):
    """Carry the operations out on a plain list with slicing (no prefix sums, no trees)."""
    array = list(values)
    out = []
    for op, x, y in ops:
        if op == "set":
            array[x - 1] = y
        elif op == "add":
            array[x - 1] += y
        else:
            window = array[x - 1 : y]
            out.append({"sum": sum, "min": min, "max": max}[op](window))
    return out


def _text(answers):
    return ", ".join(map(str, answers))


@pytest.mark.parametrize("operations", ["sum", "sum_min_max", "updates"])
@pytest.mark.parametrize("length", [5, 17, 64])
def test_the_reference_matches_a_replay(operations, length):
    for seed in range(15):
        problem = _gen(ENV, seed, operations=operations, length=length, queries=9)
        meta = problem.meta
        assert meta["answers"] == _replay(meta["values"], meta["ops"])
        assert _text(meta["answers"]) == problem.answer
        kinds = {op[0] for op in meta["ops"]}
        if operations == "sum":
            assert kinds == {"sum"}
        if operations == "updates":
            assert kinds & {"set", "add"}
            queries = [op for op in meta["ops"] if op[0] in ("sum", "min", "max")]
            ignoring = _replay(meta["values"], queries)
            assert ignoring != meta["answers"]  # the updates matter
            assert _score(problem, _text(ignoring)).reward == 0.0
        for op in meta["ops"]:
            if op[0] in ("sum", "min", "max"):
                assert f"{op[0]} {op[1]} {op[2]}" in problem.prompt


def test_wrong_lists_fail_and_partly_right_ones_earn_score_only():
    problem = _gen(ENV, 2, 0.6)
    answers = problem.meta["answers"]
    assert len(answers) >= 2
    wrong = [*answers[:-1], answers[-1] + 1]
    verdict = _score(problem, _text(wrong))
    assert verdict.reward == 0.0 and verdict.score == pytest.approx(
        (len(answers) - 1) / len(answers)
    )
    assert _score(problem, _text(answers[:-1])).reward == 0.0  # missing one
    assert _score(problem, _text([*answers, 0])).reward == 0.0  # one extra
    assert _score(problem, _text(answers[::-1])).reward == float(answers == answers[::-1])
    assert _score(problem, _text(problem.meta["values"])).reward == 0.0  # the array echoed
    for constant in ("0", "1", "-1", "none", _text([0] * len(answers))):
        assert _score(problem, constant).reward == 0.0


def test_reasonable_spellings_score_one_and_hedges_do_not():
    problem = _gen(ENV, 5, 0.8)
    answers = problem.meta["answers"]
    for text in (
        _text(answers),
        _text(answers) + ".",  # a trailing full stop is notation (docs/answers.md)
        ",".join(map(str, answers)),
        " ".join(map(str, answers)),
        "[" + _text(answers) + "]",
        "\n".join(map(str, answers)),
        "; ".join(map(str, answers)),
    ):
        assert _score(problem, text).reward == 1.0, text
    for text in (_text(answers) + " or 0", "answers: " + _text(answers)):
        assert _score(problem, text).reward == 0.0, text


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    difficulty=st.floats(0, 1),
    index=st.integers(0, 50),
    delta=st.integers(-5, 5),
)
def test_changing_one_answer_is_judged_like_the_replay(seed, difficulty, index, delta):
    problem = _gen(ENV, seed, difficulty)
    want = _replay(problem.meta["values"], problem.meta["ops"])
    given_ = list(want)
    given_[index % len(given_)] += delta
    verdict = _score(problem, _text(given_))
    assert verdict.reward == float(delta == 0)
    assert verdict.score == pytest.approx(sum(a == b for a, b in zip(given_, want)) / len(want))
