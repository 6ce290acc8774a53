"""What ``rlvr/ListFunctionOutput-v0`` and ``rlvr/ListFunctionProgram-v0`` must do beyond the
generic family contract: every program of the stated library that fits the examples gives
the reference output (a brute force over the library as the prompt words it), any fitting
program is accepted, and copies of what the prompt shows are refused."""

from __future__ import annotations

import itertools

import pytest

from tests.families.induction.helpers import _gen, _score, outputs_of_fitting_programs

OUTPUT, PROGRAM = "rlvr/ListFunctionOutput-v0", "rlvr/ListFunctionProgram-v0"


def _swap_pairs(xs):
    out = list(xs)
    for i in range(0, len(out) - 1, 2):
        out[i : i + 2] = out[i : i + 2][::-1]
    return out


# The library as the prompt words it, written here on lists.
LIBRARY = {
    "reverse": lambda xs: xs[::-1],
    "sort": sorted,
    "sort_desc": lambda xs: sorted(xs)[::-1],
    "unique": lambda xs: [x for i, x in enumerate(xs) if x not in xs[:i]],
    "evens": lambda xs: [x for x in xs if x % 2 == 0],
    "odds": lambda xs: [x for x in xs if x % 2 == 1],
    "drop_first": lambda xs: xs[1:],
    "drop_last": lambda xs: xs[: len(xs) - 1] if xs else [],
    "take_3": lambda xs: xs[:3],
    "rotate_left": lambda xs: xs[1:] + xs[:1],
    "rotate_right": lambda xs: xs[len(xs) - 1 :] + xs[: len(xs) - 1] if xs else [],
    "swap_pairs": _swap_pairs,
    "add_1": lambda xs: [x + 1 for x in xs],
    "add_2": lambda xs: [x + 2 for x in xs],
    "add_3": lambda xs: [x + 3 for x in xs],
    "double": lambda xs: [x * 2 for x in xs],
    "running_sum": lambda xs: list(itertools.accumulate(xs)),
    "append_sum": lambda xs: [*xs, sum(xs)],
}


def _examples(problem):
    return [(list(x), list(y)) for x, y in problem.meta["examples"]]


@pytest.mark.parametrize("seed", range(6))
def test_every_fitting_program_gives_the_reference_output(seed):
    problem = _gen(OUTPUT, seed, 0.4)
    query = list(problem.meta["query"])
    depth = problem.knobs["depth"]
    outputs = outputs_of_fitting_programs(LIBRARY, depth, _examples(problem), query)
    assert [str(o) for o in outputs] == [problem.answer]


def test_list_spellings_score_one_and_copies_score_zero():
    for seed in range(10):
        problem = _gen(OUTPUT, seed, 0.5)
        values = problem.answer.strip("[]").split(", ")
        assert _score(problem, "[" + " ".join(values) + "]") == 1.0
        assert _score(problem, ", ".join(values)) == 0.0  # the brackets are the stated syntax
        assert _score(problem, "[" + ",".join(values) + "]") == 1.0
        assert _score(problem, "[" + ", ".join(values[::-1]) + "]") == float(values == values[::-1])
        assert _score(problem, "[" + ", ".join([*values, "0"]) + "]") == 0.0
        shown = [problem.meta["query"], *(v for pair in problem.meta["examples"] for v in pair)]
        for lst in shown:
            assert _score(problem, str(lst)) == 0.0
        assert _score(problem, "[1, 2") == 0.0 and _score(problem, "1, 2, or 3") == 0.0


def _run(names, xs):
    for name in names:
        xs = LIBRARY[name](xs)
    return xs


@pytest.mark.parametrize("seed", range(4))
def test_any_fitting_program_scores_one_and_others_score_zero(seed):
    problem = _gen(PROGRAM, seed, 0.4)
    depth = problem.meta["depth"]
    examples = _examples(problem)
    fitting, other = [], []
    for size in range(depth + 1):
        for names in itertools.product(LIBRARY, repeat=size):
            ok = all(_run(names, x) == y for x, y in examples)
            (fitting if ok else other).append(names)
    assert problem.answer.split(", ") in [list(f) for f in fitting]
    for names in fitting:  # the examples pin the hidden inputs too: every fit is right
        assert _score(problem, ", ".join(names)) == 1.0
        assert all(_run(names, x) == y for x, y in problem.meta["hidden_tests"])
    for names in other[:: max(1, len(other) // 30)]:
        assert _score(problem, " | ".join(names)) == 0.0
    longer = problem.answer + ", reverse, reverse"
    assert _score(problem, longer) == 0.0  # over the stated size bound, though it fits
    assert _score(problem, "reverse, frobnicate") == 0.0
    assert _score(problem, "print(1)") == 0.0
