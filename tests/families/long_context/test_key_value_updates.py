import re

import pytest

from tests.families.long_context.helpers import CASES, gen, score

LINE = re.compile(r"^(SET|ADD) (\w+) (\d+)$", re.MULTILINE)


@pytest.mark.parametrize(("seed", "difficulty"), CASES)
def test_replaying_the_log_gives_the_answer_and_the_last_set_alone_does_not(seed, difficulty):
    problem = gen("KeyValueUpdates", seed, difficulty)
    key = re.search(r"What is the value of (\w+) after", problem.prompt).group(1)
    values: dict[str, int] = {}
    last_set = None
    for op, name, number in LINE.findall(problem.prompt):
        values[name] = int(number) + (values[name] if op == "ADD" else 0)
        if name == key and op == "SET":
            last_set = int(number)
    assert score(problem, str(values[key])) == 1.0
    if last_set != values[key]:
        assert score(problem, str(last_set)) == 0.0


def test_near_miss_keys_are_in_the_log():
    problem = gen("KeyValueUpdates", 3, knobs={"kchars": 4})
    key = problem.meta["key"]
    names = set(LINE_NAMES.findall(problem.prompt))
    near = [n for n in names if n != key and len(n) == len(key)
            and sum(a != b for a, b in zip(n, key)) <= 2]  # fmt: skip
    assert near


LINE_NAMES = re.compile(r"^(?:SET|ADD) (\w+) ", re.MULTILINE)
