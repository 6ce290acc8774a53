import re

import pytest

from tests.families.long_context.helpers import CASES, body, gen, score

RECORD = re.compile(r"The code of locker ([A-Za-z]+-\d+) is (\d+)\.")


@pytest.mark.parametrize(("seed", "difficulty"), CASES)
def test_the_code_read_from_the_text_scores_one_and_near_misses_zero(seed, difficulty):
    problem = gen("NeedleRetrieval", seed, difficulty)
    records = RECORD.findall(body(problem))
    codes = dict(records)
    assert len(codes) == len(records)  # every key once
    key = re.search(r"What is the code of locker ([A-Za-z]+-\d+)\?", problem.prompt).group(1)
    assert score(problem, codes[key]) == 1.0
    name, number = key.split("-")
    near = [k for k in codes if k != key and (k.startswith(name + "-") or k.endswith("-" + number))]
    assert len(near) >= problem.knobs["distractors"] // 2
    for other in near:
        assert score(problem, codes[other]) == 0.0


def test_the_longest_context_passes_a_hundred_thousand_characters():
    problem = gen("NeedleRetrieval", 3, 1.0)
    assert problem.knobs["kchars"] == 100 and len(problem.prompt) >= 100_000
    assert score(problem, dict(RECORD.findall(problem.prompt))[problem.meta["key"]]) == 1.0


def test_malformed_answers_are_unparsable_or_wrong():
    problem = gen("NeedleRetrieval", 1, 0.5)
    for answer in ("", "the code", problem.answer + " or 1", problem.meta["key"]):
        assert score(problem, answer) == 0.0


def test_a_gymnasium_env_carries_the_longest_prompt_whole():
    import gymnasium as gym

    from rlvr_envs.env import MAX_PROMPT_CHARS

    env = gym.make("rlvr/NeedleRetrieval-v0", knobs={"kchars": 200})
    prompt, info = env.reset(seed=1)
    assert len(prompt) > 200_000 and env.observation_space.contains(prompt)
    assert len(prompt) <= MAX_PROMPT_CHARS
    assert info["problem"]["prompt"] == prompt
