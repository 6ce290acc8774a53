import re

import pytest

from tests.families.long_context.helpers import CASES, gen, score

LINE = re.compile(r"^\[[\d:]+\] user=(\w+) action=(\w+) ref=(\d+)$", re.MULTILINE)


@pytest.mark.parametrize(("seed", "difficulty"), CASES)
def test_the_kth_matching_line_read_from_the_log_is_the_answer(seed, difficulty):
    problem = gen("KthOccurrence", seed, difficulty)
    wanted = re.search(r"the (\d+)\w\w line .* user=(\w+) has action=(\w+)\?", problem.prompt)
    k, user, action = int(wanted.group(1)), wanted.group(2), wanted.group(3)
    refs = [ref for u, a, ref in LINE.findall(problem.prompt) if (u, a) == (user, action)]
    assert len(refs) > k  # the last match is never the answer
    assert score(problem, refs[k - 1]) == 1.0
    assert score(problem, refs[-1]) == 0.0
    assert score(problem, refs[k]) == 0.0
