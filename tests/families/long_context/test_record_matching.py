import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.long_context.helpers import CASES, gen, score


def matching_ids(prompt: str) -> list[int]:
    customers = dict(re.findall(r"^customer (\d+): (\S+)$", prompt, re.MULTILINE))
    ordered = set(re.findall(r"^order \d+: (\S+) bought", prompt, re.MULTILINE))
    return sorted(int(i) for i, email in customers.items() if email in ordered)


@pytest.mark.parametrize(("seed", "difficulty"), CASES)
def test_the_ids_found_by_a_join_score_one_in_any_order(seed, difficulty):
    problem = gen("RecordMatching", seed, difficulty)
    ids = matching_ids(problem.prompt)
    assert len(ids) == problem.knobs["matches"]
    assert score(problem, ", ".join(map(str, ids))) == 1.0
    assert score(problem, " ".join(map(str, reversed(ids)))) == 1.0
    assert score(problem, ", ".join(map(str, ids[:-1]))) == 0.0 or len(ids) == 1
    assert score(problem, ", ".join(map(str, ids + ids[:1]))) == 0.0  # an ID twice
    customers = [int(i) for i in re.findall(r"^customer (\d+):", problem.prompt, re.MULTILINE)]
    extra = next(i for i in customers if i not in ids)
    assert score(problem, ", ".join(map(str, [*ids, extra]))) == 0.0


def test_near_miss_emails_do_not_match():
    problem = gen("RecordMatching", 5, knobs={"near_misses": 8, "matches": 2})
    assert len(matching_ids(problem.prompt)) == 2


def test_the_largest_lists_generate():
    problem = gen("RecordMatching", 1, knobs={"kchars": 200})
    assert len(problem.prompt) > 150_000
    assert score(problem, ", ".join(map(str, matching_ids(problem.prompt)))) == 1.0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), data=st.data())
def test_any_set_of_ids_scores_one_exactly_when_it_is_the_join(seed, data):
    problem = gen("RecordMatching", seed, 0.4)
    ids = matching_ids(problem.prompt)
    customers = [int(i) for i in re.findall(r"^customer (\d+):", problem.prompt, re.MULTILINE)]
    extra = data.draw(st.lists(st.sampled_from(customers), max_size=3, unique=True))
    dropped = data.draw(st.sets(st.sampled_from(ids), max_size=len(ids)))
    chosen = sorted((set(ids) - dropped) | set(extra))
    order = data.draw(st.permutations(chosen))
    expected = 1.0 if set(chosen) == set(ids) else 0.0
    assert score(problem, ", ".join(map(str, order))) == expected
