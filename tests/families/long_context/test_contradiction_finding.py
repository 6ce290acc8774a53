import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.long_context.helpers import CASES, gen, score

LINE = re.compile(
    r"^(\d+)\. (?:The (.+?) of (.+?) is (\d+) \w+|(.+?) has a (.+?) of (\d+) \w+)\.$", re.MULTILINE
)


def contradicting_pairs(prompt: str) -> list[tuple[int, int]]:
    seen: dict[tuple[str, str], list[tuple[int, str]]] = {}
    for number, m1, l1, v1, l2, m2, v2 in LINE.findall(prompt):
        key = (l1 or l2, m1 or m2)
        seen.setdefault(key, []).append((int(number), v1 or v2))
    return [(a, b) for rows in seen.values() for a, va in rows for b, vb in rows
            if a < b and va != vb]  # fmt: skip


@pytest.mark.parametrize(("seed", "difficulty"), CASES)
def test_the_one_contradicting_pair_found_by_grouping_scores_one_in_either_order(seed, difficulty):
    problem = gen("ContradictionFinding", seed, difficulty)
    assert len(LINE.findall(problem.prompt)) == problem.meta["lines"]
    pairs = contradicting_pairs(problem.prompt)
    assert len(pairs) == 1
    a, b = pairs[0]
    assert score(problem, f"{a}, {b}") == 1.0
    assert score(problem, f"{b},{a}") == 1.0
    assert score(problem, f"{a}, {b + 1}") == 0.0
    assert score(problem, str(a)) == 0.0  # a witness needs both lines
    assert score(problem, f"{a}, {b}, {a + 1}") == 0.0


def test_restated_facts_agree_and_are_there():
    problem = gen("ContradictionFinding", 1, knobs={"restated": 40, "kchars": 3})
    keys = [(m1 or m2, l1 or l2) for _, m1, l1, _, l2, m2, _ in LINE.findall(problem.prompt)]
    assert len(keys) - len(set(keys)) > 5


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), data=st.data())
def test_any_pair_scores_one_exactly_when_it_is_the_contradicting_pair(seed, data):
    problem = gen("ContradictionFinding", seed, 0.4)
    (witness,) = contradicting_pairs(problem.prompt)
    lines = problem.meta["lines"]
    a = data.draw(st.sampled_from([witness[0], *range(1, lines + 1)]))
    b = data.draw(st.sampled_from([witness[1], *range(1, lines + 1)]))
    separator = data.draw(st.sampled_from([", ", ",", " ", "; "]))
    expected = 1.0 if {a, b} == set(witness) and a != b else 0.0
    assert score(problem, f"{a}{separator}{b}") == expected
