"""What ``rlvr/CompositeSort-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
import re
from functools import cmp_to_key

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/CompositeSort-v0"


def table(prompt: str) -> tuple[list[dict], list[tuple[str, bool]]]:
    """The records and the (field, descending) keys, read back from the prompt."""
    lines = [line for line in prompt.splitlines() if " | " in line]
    header = lines[0].split(" | ")
    records = []
    for line in lines[1:]:
        cells = line.split(" | ")
        records.append({h: int(c) if c.isdigit() else c for h, c in zip(header, cells)})
    by = prompt.split("Sort the records by ", 1)[1].split(". Text", 1)[0]
    keys = [(f, d == "descending") for f, d in re.findall(r"(\w+) (ascending|descending)", by)]
    return records, keys


def sort_by_comparison(records, keys) -> list[str]:
    def cmp(a, b):
        for field, descending in keys:
            x, y = records[a][field], records[b][field]
            if x != y:
                return (1 if x > y else -1) * (-1 if descending else 1)
        return a - b  # stable: the original order decides

    order = sorted(range(len(records)), key=cmp_to_key(cmp))
    return [records[i]["name"] for i in order]


def is_sorted_stably(records, keys, order) -> bool:
    for a, b in itertools.pairwise(order):
        for field, descending in keys:
            x, y = records[a][field], records[b][field]
            if x != y:
                if (x > y) != descending:
                    return False
                break
        else:
            if a > b:
                return False
    return True


@pytest.mark.parametrize("difficulty", [0.0, 0.3, 0.6, 1.0])
def test_the_reference_equals_a_comparison_sort(difficulty):
    for seed in range(25):
        problem = _gen(ENV, seed, difficulty)
        records, keys = table(problem.prompt)
        assert [[f, d] for f, d in keys] == problem.meta["keys"]
        assert problem.answer == ", ".join(sort_by_comparison(records, keys))


def test_brute_force_over_all_orders_finds_exactly_the_reference():
    for seed in range(6):
        problem = _gen(ENV, seed, records=6, keys=2, mixed=True, ties=True)
        records, keys = table(problem.prompt)
        good = [p for p in itertools.permutations(range(6)) if is_sorted_stably(records, keys, p)]
        assert len(good) == 1
        assert problem.answer == ", ".join(records[i]["name"] for i in good[0])


def test_hard_instances_have_full_ties_and_mixed_directions():
    for seed in range(20):
        problem = _gen(ENV, seed, 1.0)
        assert problem.meta["tied_pairs"] >= 1
        assert len({d for _, d in problem.meta["keys"]}) == 2
        assert "stable" in problem.prompt


def test_written_differently_still_scores_one():
    problem = _gen(ENV, 2, 0.8)
    names = problem.meta["order"]
    for text in (
        ", ".join(names),
        " ".join(names),
        "\n".join(n.lower() for n in names),
        "[" + ", ".join(f'"{n}"' for n in names) + "]",
        "; ".join(names) + ".",
        "\n".join(f"{i}. {n}" for i, n in enumerate(names, 1)),
    ):
        assert _score(problem, text).reward == 1.0, text


def test_unstable_wrong_missing_duplicate_and_echoed_orders_fail():
    problem = _gen(ENV, 2, 1.0)
    records, keys = table(problem.prompt)
    names = problem.meta["order"]
    position = {n: i for i, n in enumerate(names)}
    tuples = [tuple(r[f] for f, _ in keys) for r in records]
    a, b = next(
        (records[i]["name"], records[j]["name"])
        for i, j in itertools.combinations(range(len(records)), 2)
        if tuples[i] == tuples[j]
    )
    unstable = list(names)
    unstable[position[a]], unstable[position[b]] = b, a
    original = [r["name"] for r in records]
    wrong = [
        unstable,
        original,
        original[::-1],
        names[::-1],
        names[:-1],
        [*names, names[0]],
        [*names[:-1], "Nobody"],
        names[1:2] + names[:1] + names[2:],
    ]
    for order in wrong:
        verdict = _score(problem, ", ".join(order))
        assert verdict.reward == 0.0 and not verdict.correct, order
    for text in ("none", "0", names[0], ", ".join(names) + " or " + ", ".join(names[::-1])):
        assert _score(problem, text).reward == 0.0, text


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_verifier_property(seed, difficulty):
    problem = _gen(ENV, seed, difficulty)
    records, keys = table(problem.prompt)
    names = sort_by_comparison(records, keys)
    assert _score(problem, ", ".join(names)).reward == 1.0
    assert names != [r["name"] for r in records]
    assert _score(problem, ", ".join(r["name"] for r in records)).reward == 0.0
    swapped = [names[1], names[0], *names[2:]]
    assert _score(problem, ", ".join(swapped)).reward == 0.0


def test_list_numbers_must_count_up_in_the_order_written():
    """Review: ``5. A 4. B 3. C ...`` (which says A is LAST) was read as ``A, B, C`` and
    scored 1; numbers now have to number the items 1, 2, 3, ... as written."""
    problem = _gen(ENV, 2, 0.8)
    records, keys = table(problem.prompt)
    names = sort_by_comparison(records, keys)
    n = len(names)
    for text in (
        "\n".join(f"{n - i}. {name}" for i, name in enumerate(names)),
        "\n".join(f"{i}. {name}" for i, name in [(2, names[1]), (1, names[0])])
        + "\n"
        + "\n".join(f"{i}. {name}" for i, name in enumerate(names[2:], 3)),
        "1. " + names[0] + "\n" + "\n".join(names[1:]),
        "\n".join(f"1. {name}" for name in names),
    ):
        assert _score(problem, text).reward == 0.0, text
    for text in (
        "\n".join(f"{i}) {name}" for i, name in enumerate(names, 1)),
        "\n".join(f"- {name}" for name in names),
        "\n".join(f"* {name}" for name in names),
        ", ".join(f"`{name}`" for name in names),
    ):
        assert _score(problem, text).reward == 1.0, text
    assert _score(problem, " - ".join(names)).reward == 0.0  # a dash is no separator
