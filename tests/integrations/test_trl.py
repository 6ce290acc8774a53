"""TRL integration: dataset rows, reward functions on TRL's contract, GRPOTrainer for 2 steps."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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


def _tiny_grpo_args(trl, tmp_path, **overrides):
    """GRPOConfig for a few CPU steps of the tiny test model (groups of 4)."""
    options = {
        "output_dir": str(tmp_path / "out"), "per_device_train_batch_size": 4,
        "num_generations": 4, "max_completion_length": 8, "learning_rate": 1e-3,
        "logging_steps": 1, "report_to": "none", "save_strategy": "no", "use_cpu": True,
        "bf16": False, "seed": 0, **overrides,
    }  # fmt: skip
    return trl.GRPOConfig(**options)


def test_trl_grpo_trainer_runs_two_steps_on_a_tiny_model(tmp_path):
    pytest.importorskip("torch")
    trl = pytest.importorskip("trl")
    from tests.trainers.tiny_model import build_tiny_model

    model_dir = build_tiny_model(tmp_path / "tiny")
    dataset = grpo_dataset("demo-v0", 8, seed=0)
    args = _tiny_grpo_args(trl, tmp_path, max_steps=2, reward_weights=[1.0, 0.5])
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


# -- a teacher in the loop (CurriculumFeed) -----------------------------------------------------
def _feed(group_size: int, block: int, teacher: str = "learning-progress", lookahead: int = 1):
    """A feed over the demo suite (no TRL involved)."""
    from rlvr_envs.curriculum import CurriculumFeed, TaskSpace, make_teacher

    space = TaskSpace.from_suite(rlvr_envs.load_suite("demo-v0"), bins=4)
    return CurriculumFeed(
        make_teacher(teacher, space, seed=0),
        group_size=group_size,
        block=block,
        lookahead=lookahead,
    )


def test_the_curriculum_dataset_streams_the_feeds_problems_and_the_reward_reports_them():
    pytest.importorskip("datasets")
    from rlvr_envs.integrations.trl import CurriculumReward, curriculum_dataset

    feed = _feed(group_size=2, block=3)
    stream = iter(curriculum_dataset(feed))
    rows = [next(stream) for _ in range(3)]
    assert [r["problem_id"] for r in rows] == ["p0", "p1", "p2"]
    reward = CurriculumReward(feed)
    problems = [r["problem"] for r in rows for _ in range(2)]
    oracle = [rlvr_envs.oracle_completion(json.loads(p)) for p in problems]
    completions = [c if k % 2 else "no answer" for k, c in enumerate(oracle)]
    ids = [r["problem_id"] for r in rows for _ in range(2)]
    got = reward(prompts=None, completions=completions, problem=problems, problem_id=ids)
    assert got == [0.0, 1.0] * 3 and feed.pending == 0
    assert next(stream)["problem_id"] == "p3"  # the next block, after the teacher learnt
    assert feed.teacher.episodes == 3
    # rows without a problem id (an evaluation set) are scored, not reported
    assert reward(completions=oracle[:1], problem=problems[:1], problem_id=[None]) == [1.0]


def test_reading_past_the_block_names_trls_shuffle_buffer():
    pytest.importorskip("datasets")
    from rlvr_envs.curriculum import LookaheadError
    from rlvr_envs.integrations.trl import curriculum_dataset

    stream = iter(curriculum_dataset(_feed(group_size=2, block=2)))
    next(stream), next(stream)
    with pytest.raises(LookaheadError, match="shuffle_dataset=False"):
        next(stream)


def test_trl_grpo_trainer_drives_the_teacher_through_the_feed(tmp_path):
    """GRPOTrainer unchanged, a teacher-driven stream: every group reaches the teacher,
    whose state changes with the rewards, and the problems trained on are the feed's."""
    pytest.importorskip("torch")
    trl = pytest.importorskip("trl")
    from rlvr_envs.curriculum import TaskSpace, make_teacher
    from rlvr_envs.integrations.trl import (
        FEED_STATE,
        CurriculumReward,
        curriculum_callback,
        curriculum_dataset,
        trl_feed,
    )
    from tests.trainers.tiny_model import build_tiny_model

    model_dir = build_tiny_model(tmp_path / "tiny")
    args = _tiny_grpo_args(
        trl, tmp_path, per_device_train_batch_size=8, max_steps=3, shuffle_dataset=False,
        save_strategy="steps", save_steps=2,
    )  # fmt: skip
    space = TaskSpace.from_suite(rlvr_envs.load_suite("demo-v0"), bins=4)
    feed = trl_feed(make_teacher("learning-progress", space, seed=0), args)
    assert (feed.group_size, feed.block, feed.lookahead) == (4, 2, 2)
    before = json.dumps(feed.teacher.state_dict(), sort_keys=True)
    reward = CurriculumReward(feed)
    seen: list[str] = []

    def spy(**kwargs):
        seen.extend(kwargs["problem_id"])
        return reward(**kwargs)

    spy.__name__ = "curriculum_reward"
    trainer = trl.GRPOTrainer(
        model=str(model_dir),
        reward_funcs=[spy],
        args=args,
        train_dataset=curriculum_dataset(feed),
        callbacks=[curriculum_callback(feed)],
    )
    trainer.train()
    assert trainer.state.global_step == 3
    groups = sorted(set(seen), key=lambda pid: int(pid[1:]))
    assert groups == [f"p{k}" for k in range(len(groups))] and len(groups) >= 6
    assert all(seen.count(pid) == 4 for pid in groups)  # whole groups, G copies each
    # every generation batch was learned when TRL scored it, the last one too: no flush
    assert feed.teacher.episodes == len(groups) and feed.flush() == 0
    assert feed.pending == feed.block  # the generation batch Accelerate read ahead
    stats = feed.stats()
    assert (stats["learned"], stats["waiting"], stats["open"]) == (len(groups), 0, feed.block)
    logged = [row for row in trainer.state.log_history if "curriculum/learned" in row]
    assert len(logged) == 3 and logged[-1]["curriculum/learned"] == len(groups)
    assert [row["curriculum/learned"] for row in logged] == sorted(
        row["curriculum/learned"] for row in logged
    )
    saved = json.loads((tmp_path / "out" / "checkpoint-2" / FEED_STATE).read_text())
    assert saved["applied"] >= 2 and saved["group_size"] == 4  # the feed at step 2
    assert saved["teacher"]["episodes"] < feed.teacher.episodes
    assert json.dumps(feed.teacher.state_dict(), sort_keys=True) != before
    with pytest.raises(ValueError, match="shuffle_dataset=False"):
        trl_feed(feed.teacher, trl.GRPOConfig(output_dir=str(tmp_path / "x"), use_cpu=True))


def _documented_snippet() -> str:
    """The first Python block of docs/trainer.md's "A teacher inside TRL"."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "trainer.md").read_text()
    section = text[text.index("## A teacher inside TRL") :]
    start = section.index("```python\n") + len("```python\n")
    return section[start : section.index("\n```", start)]


def test_the_documented_trl_snippet_runs_as_written_on_this_machine(tmp_path, monkeypatch):
    """docs/trainer.md's TRL snippet, with only the model path, the output folder and the
    number of steps changed, runs here (CPU-only in CI: TRL's bf16 default fails there)."""
    pytest.importorskip("torch")
    pytest.importorskip("trl")
    from tests.trainers.tiny_model import build_tiny_model

    snippet = _documented_snippet()
    model_dir = build_tiny_model(tmp_path / "tiny")
    for old, new in (
        ('"path/to/model"', repr(str(model_dir))),
        ('output_dir="out"', f"output_dir={str(tmp_path / 'out')!r}"),
        ("max_steps=500", "max_steps=2"),
    ):
        assert snippet.count(old) == 1, old
        snippet = snippet.replace(old, new)
    monkeypatch.chdir(tmp_path)
    namespace: dict = {}
    exec(compile(snippet, "docs/trainer.md", "exec"), namespace)
    trainer, feed = namespace["trainer"], namespace["feed"]
    assert trainer.state.global_step == 2
    import torch

    assert namespace["args"].bf16 == (torch.cuda.is_available() and torch.cuda.is_bf16_supported())
    assert feed.stats()["learned"] == feed.teacher.episodes > 0
    assert namespace["checkpoint"]["teacher"] == feed.teacher.state_dict()


def test_two_processes_see_the_same_teacher_decisions(tmp_path):
    """``torch.distributed.run`` with 2 CPU processes (gloo on loopback): each trains on its
    slice of every generation batch, the reward function gathers both slices, and both
    processes' teachers end in the same state having seen every group."""
    pytest.importorskip("trl")
    import os
    import signal
    import socket

    from tests.trainers.tiny_model import build_tiny_model

    model_dir = build_tiny_model(tmp_path / "tiny")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    script = Path(__file__).with_name("trl_two_ranks.py")
    command = [
        sys.executable, "-m", "torch.distributed.run", "--nproc_per_node", "2",
        "--master_addr", "127.0.0.1", "--master_port", str(port),
        str(script), str(tmp_path), str(model_dir),
    ]  # fmt: skip
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root), "OMP_NUM_THREADS": "1"}
    process = subprocess.Popen(
        command, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        start_new_session=True,
    )  # fmt: skip
    try:
        output, _ = process.communicate(timeout=300)
    finally:
        if process.poll() is None:  # stop torchrun and both ranks by their group's pid
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 0, output.decode(errors="replace")[-3000:]
    ranks = [json.loads((tmp_path / f"rank{r}.json").read_text()) for r in (0, 1)]
    assert [r["world"] for r in ranks] == [2, 2] and [r["steps"] for r in ranks] == [3, 3]
    trained = [set(r["local_ids"]) for r in ranks]
    assert not trained[0] & trained[1]  # each process its own slice of the groups
    every = trained[0] | trained[1]
    assert every == {f"p{k}" for k in range(len(every))}
    assert ranks[0]["teacher"] == ranks[1]["teacher"]  # the same decisions on both
    assert ranks[0]["episodes"] == ranks[1]["episodes"] == len(every)


def test_a_verify_timeout_reaches_the_verifier_through_the_trl_bridge(verify_budgets):
    from rlvr_envs import core
    from rlvr_envs.integrations.trl import CurriculumReward, TRLEnvironment

    rows = problem_records("rlvr/Arithmetic-v0", 3, seed=2)
    problems = [row["problem"] for row in rows]
    completions = ["<answer>1</answer>"] * 3
    correctness, form = reward_functions(0.1, verify_timeout=0.125)
    assert (correctness.__name__, form.__name__) == ("correctness_reward", "format_reward")
    correctness(completions=completions, problem=problems)
    form(completions=completions, problem=problems)
    episode = TRLEnvironment(verify_timeout=0.125)
    episode.reset(**rows[0])
    episode.submit_answer("1")

    class Feed:
        def report(self, *args, **kwargs):
            pass

    CurriculumReward(Feed(), verify_timeout=0.125)(completions=completions, problem=problems)
    assert verify_budgets == [0.125] * 10
    verify_budgets.clear()
    assert reward_functions() == [correctness_reward]  # no timeout: the module's own
    correctness_reward(completions=completions, problem=problems)
    assert verify_budgets == [core.DEFAULT_TIMEOUT] * 3
    with pytest.raises(ValueError, match="timeout must be a positive number"):
        reward_functions(verify_timeout=0)
