"""Every suite's worked examples (``[[chat_examples]]``): problems from training seeds that are
not in the frozen set, answered correctly, and a TOML form that reads back exactly."""

from __future__ import annotations

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.suites import SuiteExample, load_suite, tasks_dir

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

SUITES = sorted(path.stem for path in tasks_dir().glob("*.toml"))


@pytest.mark.parametrize("name", SUITES)
def test_each_suite_ships_examples_that_are_right_and_held_apart_from_its_frozen_set(name):
    suite = load_suite(name)
    assert 2 <= len(suite.chat_examples) <= 3, f"{name} ships no worked examples"
    frozen = suite.load_eval_set()
    frozen_prompts = {p.prompt for p in frozen}
    frozen_hashes = {p.content_hash() for p in frozen}
    answers = []
    for example in suite.chat_examples:
        assert example.seed not in rlvr_envs.EVAL_SEEDS
        problem = example.problem()  # generated again from (env, seed, difficulty, knobs)
        assert problem.prompt == example.user, (name, example.env, example.seed)
        verdict = rlvr_envs.verify(problem, example.assistant)
        assert verdict.correct and verdict.reward == 1.0, (name, example.env, verdict.reason)
        assert problem.prompt not in frozen_prompts and problem.content_hash() not in frozen_hashes
        answers.append(problem.answer.strip())
    assert len(set(answers)) == len(answers), f"{name}: two examples share an answer"
    assert not set(answers) & {"-1", "0", "1"}
    assert suite.examples == [[e.user, e.assistant] for e in suite.chat_examples]


def test_a_suite_without_examples_has_none_and_a_bad_seed_is_refused(tmp_path):
    path = tmp_path / "tiny.toml"
    path.write_text('name = "tiny"\n[[envs]]\nid = "rlvr/Arithmetic-v0"\n')
    assert load_suite(path).examples == []
    example = SuiteExample("rlvr/Arithmetic-v0", rlvr_envs.EVAL_SEEDS.start, "q", "a", 0.0)
    path.write_text(path.read_text() + "\n" + example.to_toml())
    with pytest.raises(ValueError, match="not a training seed"):
        load_suite(path)


text = st.text(st.characters(codec="utf-8"), max_size=40)


@settings(max_examples=60, deadline=None)
@given(user=text, assistant=text, knob=st.sampled_from([1, "+-", True, [1, 2]]))
def test_an_example_reads_back_from_its_toml_exactly(user, assistant, knob):
    example = SuiteExample("rlvr/Arithmetic-v0", 7, user, assistant, 0.25, {"digits": knob})
    row = tomllib.loads(example.to_toml())["chat_examples"][0]
    assert row == {"env": example.env, "seed": 7, "difficulty": 0.25, "knobs": {"digits": knob},
                   "user": user, "assistant": assistant}  # fmt: skip


def test_the_examples_script_would_write_what_is_shipped():
    """The chosen examples are what scripts/suite_examples.py chooses today (for the cheap
    suites; the rule is the same for all)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "suite_examples", tasks_dir().parent / "scripts" / "suite_examples.py"
    )
    if spec is None or not (tasks_dir().parent / "scripts").is_dir():
        pytest.skip("not a checkout")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["starter-v0", "demo-v0", "math-v0", "--check"]) == 0
