"""What ``rlvr/RowRule-v0`` must do beyond the generic family contract: every rule of the
stated library that fits the examples gives the reference row (a brute force over the
library as the prompt words it, written here on strings), and copies are refused."""

from __future__ import annotations

import itertools
import re

import pytest

from tests.families.induction.helpers import _gen, _score, outputs_of_fitting_programs


def _objects(row):
    return [(m.start(), m.end(), m.group()[0]) for m in re.finditer(r"([1-9])\1*", row)]


def _fill_gaps(row):
    out = list(row)
    cells = [(i, c) for i, c in enumerate(row) if c != "0"]
    for (i, a), (j, b) in itertools.pairwise(cells):
        if a == b:
            out[i:j] = a * (j - i)
    return "".join(out)


def _extend_right(row):
    return re.sub(r"([1-9])(0+)", lambda m: m.group(1) * (len(m.group(2)) + 1), row)


def _keep_longest(row):
    objects = _objects(row)
    if not objects:
        return row
    longest = max(b - a for a, b, _ in objects)
    a, b, c = next(o for o in objects if o[1] - o[0] == longest)
    return "0" * a + c * (b - a) + "0" * (len(row) - b)


def _shift(k):
    return lambda r: ("0" * k + r)[: len(r)] if k > 0 else (r + "0" * -k)[-k:]


def _recolour(c):
    return lambda r: re.sub("[1-9]", str(c), r)


def _hollow(row):
    return re.sub(r"([1-9])\1+(?=\1)", lambda m: m.group(1) + "0" * (len(m.group()) - 1), row)


LIBRARY = {
    **{f"shift_right_{k}": _shift(k) for k in (1, 2, 3)},
    **{f"shift_left_{k}": _shift(-k) for k in (1, 2, 3)},
    "mirror": lambda r: r[::-1],
    "slide_right": lambda r: r.replace("0", "").rjust(len(r), "0"),
    "slide_left": lambda r: r.replace("0", "").ljust(len(r), "0"),
    "fill_gaps": _fill_gaps,
    "extend_right": _extend_right,
    "extend_left": lambda r: _extend_right(r[::-1])[::-1],
    "hollow": _hollow,
    "keep_longest": _keep_longest,
    "remove_singles": lambda r: "".join(
        "0" if c != "0" and len(run) == 1 else "".join(run)
        for c, run in ((c, list(g)) for c, g in itertools.groupby(r))
    ),
    **{f"recolour_{c}": _recolour(c) for c in range(1, 10)},
}  # fmt: skip


def test_hollow_and_remove_singles_as_worded():
    assert LIBRARY["hollow"]("0222203300444") == "0200203300404"
    assert LIBRARY["remove_singles"]("1022340550") == "0022000550"


@pytest.mark.parametrize("seed", range(6))
def test_every_fitting_rule_gives_the_reference_row(seed):
    problem = _gen("rlvr/RowRule-v0", seed, 0.9)
    examples = [tuple(pair) for pair in problem.meta["examples"]]
    depth = problem.knobs["depth"]
    outputs = outputs_of_fitting_programs(LIBRARY, depth, examples, problem.meta["query"])
    assert outputs == [problem.answer]


def test_spellings_score_one_and_copies_and_wrong_lengths_score_zero():
    for seed in range(10):
        problem = _gen("rlvr/RowRule-v0", seed, 0.5)
        row = problem.answer
        assert _score(problem, " ".join(row)) == 1.0 and _score(problem, ",".join(row)) == 1.0
        assert _score(problem, row + "0") == 0.0 and _score(problem, row[1:]) == 0.0
        for shown in [
            problem.meta["query"],
            *(r for pair in problem.meta["examples"] for r in pair),
        ]:
            assert _score(problem, shown) == 0.0
        if "0" in row:
            assert _score(problem, row.replace("0", ".")) == 0.0
