"""What ``rlvr/IntegerFunction-v0`` must do beyond the generic family contract: every
function of the stated library that fits the pairs gives the reference value (a brute force
over the library as the prompt words it), and the prompt's label is notation."""

from __future__ import annotations

import pytest

from tests.families.induction.helpers import _gen, _score, outputs_of_fitting_programs


def _signed(fn):
    return lambda n: fn(abs(n)) * (1 if n >= 0 else -1)


def _bounded(n):
    if abs(n) >= 10**9:
        raise ValueError("too large")
    return n


def _plus(k):
    return lambda n: n + k


def _times(k):
    return lambda n: _bounded(n * k)


LIBRARY = {
    **{f"add_{k}": _plus(k) for k in range(1, 6)},
    **{f"sub_{k}": _plus(-k) for k in range(1, 6)},
    **{f"times_{k}": _times(k) for k in range(2, 6)},
    "square": lambda n: _bounded(n**2),
    "half": lambda n: n // 2,
    "digit_sum": _signed(lambda n: sum(int(d) for d in str(n))),
    "reverse_digits": _signed(lambda n: int(str(n)[::-1])),
    "last_digit": _signed(lambda n: n % 10),
}


@pytest.mark.parametrize("seed", range(6))
def test_every_fitting_function_gives_the_reference_value(seed):
    problem = _gen("rlvr/IntegerFunction-v0", seed, 0.4)
    examples = [tuple(pair) for pair in problem.meta["examples"]]
    depth = problem.knobs["depth"]
    outputs = outputs_of_fitting_programs(LIBRARY, depth, examples, problem.meta["query"])
    assert [str(o) for o in outputs] == [problem.answer]


def test_the_label_is_notation_and_shown_numbers_are_wrong():
    for seed in range(12):
        problem = _gen("rlvr/IntegerFunction-v0", seed, 0.5)
        query, value = problem.meta["query"], problem.answer
        assert _score(problem, f"f({query}) = {value}") == 1.0
        assert _score(problem, f"f({query + 1}) = {value}") == 0.0
        assert _score(problem, f"{int(value) + 1}") == 0.0
        for _, y in problem.meta["examples"]:
            assert _score(problem, str(y)) == 0.0
        assert _score(problem, str(query)) == 0.0
