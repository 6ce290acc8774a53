import re

import pytest

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
