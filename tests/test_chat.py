"""One chat builder: the env, ``rlvr eval``, the trainer, the TRL and verl rows and the
verifiers taskset show a model the same messages for the same problem."""

from __future__ import annotations

import gymnasium as gym
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.chat import chat_messages
from rlvr_envs.integrations.trl import problem_row
from rlvr_envs.integrations.verl import verl_row

TEXT = st.text(max_size=30)


def _expected(prompt: str, system: str | None, examples=()) -> list[dict[str, str]]:
    # written out independently of the builder: system (when non-empty), examples, prompt
    out = [{"role": "system", "content": system}] if system else []
    for user, assistant in examples:
        out.append({"role": "user", "content": user})
        out.append({"role": "assistant", "content": assistant})
    return [*out, {"role": "user", "content": prompt}]


@settings(max_examples=25, deadline=None)
@given(prompt=TEXT, system=st.none() | TEXT, examples=st.lists(st.tuples(TEXT, TEXT), max_size=2))
def test_the_builder_puts_system_examples_then_the_prompt(prompt, system, examples):
    assert chat_messages(prompt, system, examples) == _expected(prompt, system, examples)


@pytest.mark.parametrize("system", [None, "", "Be brief."])
def test_env_trl_and_verl_show_the_same_messages(system):
    env = gym.make("rlvr/Arithmetic-v0", difficulty=0.2, system_prompt=system)
    _, info = env.reset(seed=4)
    problem = rlvr_envs.make_task("rlvr/Arithmetic-v0").generate(seed=4, difficulty=0.2)
    expected = _expected(problem.prompt, system)
    assert info["messages"] == expected
    assert problem_row(problem, system)["prompt"] == expected
    assert verl_row(problem, 0, "train", domain="math", system_prompt=system)["prompt"] == expected
    # the plain-text TRL row is not a chat, but carries the same system prompt first
    text = problem_row(problem, system, conversational=False)["prompt"]
    assert text == (f"{system}\n\n{problem.prompt}" if system else problem.prompt)


def test_the_verifiers_taskset_shows_the_prompt_as_the_one_user_message():
    pytest.importorskip("verifiers.v1")
    taskset = pytest.importorskip("rlvr_envs_taskset")
    config = taskset.RlvrConfig(id="rlvr-envs-taskset", envs=["rlvr/Arithmetic-v0"], n=2, seed=1)
    for task in taskset.RlvrTaskset(config).load():
        problem = rlvr_envs.Problem.from_dict(task.data.info["problem"])
        messages = [m.model_dump(include={"role", "content"}) for m in task.data.prompt]
        assert messages == _expected(problem.prompt, None)
