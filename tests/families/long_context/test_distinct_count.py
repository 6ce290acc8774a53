import pytest

from tests.families.long_context.helpers import CASES, gen, score


def codes(problem) -> list[str]:
    return problem.prompt.split("Item codes:\n", 1)[1].split("\n\n", 1)[0].split("\n")


@pytest.mark.parametrize(("seed", "difficulty"), CASES)
def test_the_count_of_distinct_codes_read_from_the_list_scores_one(seed, difficulty):
    problem = gen("DistinctCount", seed, difficulty)
    items = codes(problem)
    distinct = len({item.lower() for item in items})
    assert score(problem, str(distinct)) == 1.0
    assert score(problem, str(len(items))) == (1.0 if distinct == len(items) else 0.0)
    if problem.knobs["variants"] and len(set(items)) != distinct:
        assert score(problem, str(len(set(items)))) == 0.0  # case counted as different


def test_the_answers_are_spread():
    answers = {gen("DistinctCount", seed, 0.5).answer for seed in range(30)}
    assert len(answers) >= 20
