"""TRL integration: dataset rows, reward functions on TRL's contract, GRPOTrainer for 2 steps."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import rlvr_envs
from rlvr_envs.integrations.trl import (
    correctness_reward,
    format_reward,
    grpo_dataset,
    iter_problems,
    problem_records,
    reward_functions,
)


def test_importing_the_integration_loads_neither_torch_nor_trl():
    code = (
        "import sys, rlvr_envs, rlvr_envs.integrations.trl; "
        "print(any(m in sys.modules for m in ('torch', 'trl', 'datasets', 'transformers')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_records_from_a_suite_env_ids_and_the_frozen_set():
    rows = problem_records("demo-v0", 5, seed=1, system_prompt="Be brief.")
    assert len(rows) == 5 and rows == problem_records(
        "demo-v0", 5, seed=1, system_prompt="Be brief."
    )
    assert rows[0]["prompt"][0] == {"role": "system", "content": "Be brief."}
    problem = rlvr_envs.Problem.from_dict(json.loads(rows[0]["problem"]))
    assert rows[0]["prompt"][1]["content"] == problem.prompt
    assert problem.seed < rlvr_envs.EVAL_SEEDS.start  # training seeds only
    eval_rows = problem_records("demo-v0", split="eval", conversational=False)
    frozen = rlvr_envs.load_suite("demo-v0").load_eval_set()
    assert [r["prompt"] for r in eval_rows] == [p.prompt for p in frozen]
    by_id = problem_records(["rlvr/Arithmetic-v0"], 3, difficulty=(0.0, 0.1))
    assert all(r["env_id"] == "rlvr/Arithmetic-v0" and r["difficulty"] <= 0.1 for r in by_id)
    with pytest.raises(ValueError):
        problem_records(["rlvr/NoSuch-v0"], 3)


def test_reward_functions_follow_trls_contract():
    rows = problem_records("demo-v0", 4, seed=3)
    problems = [r["problem"] for r in rows]
    oracle = [rlvr_envs.oracle_completion(json.loads(p)) for p in problems]
    chat = [[{"role": "assistant", "content": c}] for c in oracle]
    prompts = [r["prompt"] for r in rows]
    extra = {"env_id": [r["env_id"] for r in rows], "trainer_state": None}
    assert correctness_reward(prompts=prompts, completions=oracle, problem=problems) == [1.0] * 4
    assert (
        correctness_reward(prompts=prompts, completions=chat, problem=problems, **extra)
        == [1.0] * 4
    )
    wrong = ["<answer>-999</answer>", "no tags 7", "", "<answer></answer>"]
    assert correctness_reward(prompts=prompts, completions=wrong, problem=problems) == [0.0] * 4
    assert format_reward(prompts=prompts, completions=wrong, problem=problems) == [1, 0, 0, 0]
    mixed = [problems[0], None]
    assert correctness_reward(prompts=prompts[:2], completions=oracle[:2], problem=mixed) == [
        1.0,
        None,
    ]
    assert correctness_reward(prompts=prompts, completions=oracle) == [None] * 4
    assert [f.__name__ for f in reward_functions(0.1)] == ["correctness_reward", "format_reward"]


def test_grpo_dataset_and_iter_problems():
    pytest.importorskip("datasets")
    dataset = grpo_dataset("demo-v0", 6, seed=0)
    assert len(dataset) == 6 and set(dataset.column_names) >= {"prompt", "problem"}
    assert all(isinstance(p, rlvr_envs.Problem) for p in iter_problems(dataset))


def test_trl_grpo_trainer_runs_two_steps_on_a_tiny_model(tmp_path):
    pytest.importorskip("torch")
    trl = pytest.importorskip("trl")
    from tests.trainers.tiny_model import build_tiny_model

    model_dir = build_tiny_model(tmp_path / "tiny")
    dataset = grpo_dataset("demo-v0", 8, seed=0)
    args = trl.GRPOConfig(
        output_dir=str(tmp_path / "out"),
        per_device_train_batch_size=4,
        num_generations=4,
        max_completion_length=8,
        max_steps=2,
        learning_rate=1e-3,
        logging_steps=1,
        report_to="none",
        save_strategy="no",
        use_cpu=True,
        bf16=False,
        seed=0,
        reward_weights=[1.0, 0.5],
    )
    trainer = trl.GRPOTrainer(
        model=str(model_dir),
        reward_funcs=[correctness_reward, format_reward],
        args=args,
        train_dataset=dataset,
    )
    trainer.train()
    logged = [row for row in trainer.state.log_history if "reward" in row]
    assert trainer.state.global_step == 2 and len(logged) == 2
    assert all("rewards/correctness_reward/mean" in row for row in logged)
