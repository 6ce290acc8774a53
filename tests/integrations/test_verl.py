"""verl integration against the installed verl (its own venv: scripts/verl_test.sh).

verl's dataset loader reads the files ``rlvr export --format verl`` writes, verl loads our
``compute_score`` the way its config names it, its naive reward manager scores decoded
responses with it, and its GRPO advantage computation groups them by uid. In the main test
venv (no verl) these tests are skipped; the schema tests run everywhere.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import rlvr_envs
from rlvr_envs.export import export
from rlvr_envs.integrations import verl as ours


def _exported(tmp_path: Path, n: int = 6) -> Path:
    return export("demo-v0", tmp_path / "data", format="verl", n=n, progress=False)


def test_the_export_writes_train_and_eval_in_verls_schema(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    out = _exported(tmp_path)
    train = pq.read_table(out / "train.parquet").to_pylist()
    frozen = rlvr_envs.load_suite("demo-v0").load_eval_set()
    evaluation = pq.read_table(out / "eval.parquet").to_pylist()
    assert len(train) == 6 and len(evaluation) == len(frozen)
    for split, rows in (("train", train), ("eval", evaluation)):
        for index, row in enumerate(rows):
            assert set(row) == {"data_source", "prompt", "ability", "reward_model", "extra_info"}
            problem = rlvr_envs.Problem.from_dict(json.loads(row["reward_model"]["ground_truth"]))
            assert row["reward_model"]["style"] == "rule" and row["ability"] == "math"
            assert row["prompt"] == [{"role": "user", "content": problem.prompt}]
            assert row["extra_info"]["index"] == index and row["extra_info"]["split"] == split
    assert [json.loads(r["reward_model"]["ground_truth"]) for r in evaluation] == [
        p.to_dict() for p in frozen
    ]
    with pytest.raises(ValueError, match="needs --n"):
        export("demo-v0", tmp_path / "x", format="verl", progress=False)


def test_compute_score_returns_the_verdict_as_floats():
    problem = rlvr_envs.make_task("rlvr/Arithmetic-v0").generate(seed=1)
    truth = json.dumps(problem.to_dict())
    right = ours.compute_score("rlvr-envs", rlvr_envs.oracle_completion(problem), truth)
    assert right == {"score": 1.0, "correct": 1.0, "format_ok": 1.0}
    wrong = ours.compute_score("rlvr-envs", "<answer>x</answer>", problem.to_dict(), {})
    assert wrong["score"] == 0.0 and wrong["correct"] == 0.0
    with pytest.raises(ValueError, match="ground_truth"):
        ours.compute_score("rlvr-envs", "42")


def test_verls_loader_reward_manager_and_grpo_advantages_over_our_files(tmp_path):
    if os.environ.get("RLVR_REQUIRE_VERL") != "1":  # scripts/verl_test.sh requires it
        pytest.importorskip("verl")
    import numpy as np
    import torch
    from omegaconf import OmegaConf
    from verl import DataProto
    from verl.trainer.ppo.core_algos import compute_grpo_outcome_advantage
    from verl.trainer.ppo.reward import get_custom_reward_fn
    from verl.utils.dataset.rl_dataset import RLHFDataset
    from verl.workers.reward_manager.naive import NaiveRewardManager

    from tests.trainers.tiny_model import build_tiny_model

    out = _exported(tmp_path, n=4)
    model_dir = build_tiny_model(tmp_path / "tiny")
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(model_dir)
    data_config = OmegaConf.create(
        {"prompt_key": "prompt", "max_prompt_length": 4096, "filter_overlong_prompts": False,
         "cache_dir": str(tmp_path / "cache"), "return_raw_chat": False}
    )  # fmt: skip
    dataset = RLHFDataset(
        data_files=[str(out / "train.parquet")], tokenizer=tokenizer, config=data_config
    )
    assert len(dataset) == 4
    items = [dataset[i] for i in range(4)]
    problems = [
        rlvr_envs.Problem.from_dict(json.loads(item["reward_model"]["ground_truth"]))
        for item in items
    ]

    config = OmegaConf.create(
        {"reward": {"custom_reward_function": {"path": ours.__file__, "name": "compute_score"}}}
    )
    score = get_custom_reward_fn(config)
    assert score is not None

    # two responses per prompt: the reference answer and a wrong one (a GRPO group of 2)
    texts, uids, rows = [], [], []
    for k, problem in enumerate(problems):
        for text in (rlvr_envs.oracle_completion(problem), "<answer>x</answer>"):
            texts.append(text)
            uids.append(f"u{k}")
            rows.append(items[k])
    prompt = torch.tensor([[1, 5, 6]] * len(texts))
    encoded = [tokenizer(t, add_special_tokens=False)["input_ids"] for t in texts]
    width = max(len(e) for e in encoded)
    responses = torch.tensor([e + [0] * (width - len(e)) for e in encoded])
    response_mask = torch.tensor([[1] * len(e) + [0] * (width - len(e)) for e in encoded])
    batch = DataProto.from_dict(
        tensors={
            "prompts": prompt,
            "responses": responses,
            "attention_mask": torch.cat([torch.ones_like(prompt), response_mask], dim=1),
        },
        non_tensors={
            "data_source": np.array([r["data_source"] for r in rows], dtype=object),
            "reward_model": np.array([r["reward_model"] for r in rows], dtype=object),
            "extra_info": np.array([dict(r["extra_info"]) for r in rows], dtype=object),
            "uid": np.array(uids, dtype=object),
        },
    )
    manager = NaiveRewardManager(tokenizer, num_examine=0, compute_score=score)
    result = manager(batch, return_dict=True)
    rewards = result["reward_tensor"]
    per_response = rewards.sum(dim=-1).tolist()
    assert per_response == [1.0, 0.0] * len(problems)
    assert result["reward_extra_info"]["correct"] == [1.0, 0.0] * len(problems)
    advantages, _ = compute_grpo_outcome_advantage(
        rewards, response_mask.float(), np.array(uids, dtype=object)
    )
    first = advantages[:, 0].tolist()
    assert all(a > 0 for a in first[0::2]) and all(a < 0 for a in first[1::2])


def test_a_teacher_driven_custom_cls_learns_from_verls_batches(tmp_path):
    """verl builds our CurriculumDataset from its data config (custom_cls), its sampler and
    loader read it in order, and on_batch_end regroups simulated steps' scores by uid: the
    teacher sees every group and its state changes."""
    if os.environ.get("RLVR_REQUIRE_VERL") != "1":
        pytest.importorskip("verl")
    import numpy as np
    import torch
    from omegaconf import OmegaConf
    from torchdata.stateful_dataloader import StatefulDataLoader
    from verl import DataProto
    from verl.trainer.ppo.utils import create_rl_dataset, create_rl_sampler
    from verl.utils.dataset.rl_dataset import collate_fn

    from rlvr_envs.integrations import verl_curriculum

    config = OmegaConf.create(
        {
            "shuffle": False,
            "train_batch_size": 4,
            "custom_cls": {"path": verl_curriculum.__file__, "name": "CurriculumDataset"},
            "rlvr": {"suite": "demo-v0", "teacher": "learning-progress", "group_size": 2,
                     "length": 40, "bins": 4},
        }
    )  # fmt: skip
    dataset = create_rl_dataset(["unused.parquet"], config, None, None)
    assert type(dataset).__name__ == "CurriculumDataset" and len(dataset) == 40
    loader = StatefulDataLoader(
        dataset, batch_size=4, sampler=create_rl_sampler(config, dataset), collate_fn=collate_fn,
        num_workers=0, drop_last=True,
    )  # fmt: skip
    before = json.dumps(dataset.feed.teacher.state_dict(), sort_keys=True)
    batches = iter(loader)
    for step in range(3):  # a simulated step: 2 responses per prompt, the first one right
        prompts = next(batches)
        infos = list(prompts["extra_info"])
        assert [i["problem_id"] for i in infos] == [f"p{4 * step + k}" for k in range(4)]
        uids = np.array([f"s{step}u{k}" for k in range(4) for _ in range(2)], dtype=object)
        scores = torch.zeros(8, 5)
        scores[0::2, -1] = 1.0
        batch = DataProto.from_dict(
            tensors={"token_level_scores": scores},
            non_tensors={"uid": uids, "extra_info": np.array([i for i in infos for _ in range(2)],
                                                             dtype=object)},
        )  # fmt: skip
        dataset.on_batch_end(batch)
    assert dataset.feed.teacher.episodes == 12  # each step's block, learned at its end
    assert dataset.feed.flush() == 0 and dataset.feed.stats()["waiting"] == 0
    assert json.dumps(dataset.feed.teacher.state_dict(), sort_keys=True) != before
    with pytest.raises(IndexError, match="in order"):
        dataset[0]
    with pytest.raises(ValueError, match="shuffle=False"):
        create_rl_dataset([], OmegaConf.merge(config, {"shuffle": True}), None, None)


def test_a_verify_timeout_reaches_the_verifier_through_compute_score(verify_budgets):
    from rlvr_envs import core

    problem = rlvr_envs.make_task("rlvr/Arithmetic-v0").generate(seed=1)
    truth = json.dumps(problem.to_dict())
    ours.compute_score("rlvr-envs", "<answer>1</answer>", truth, {}, verify_timeout=0.125)
    ours.compute_score("rlvr-envs", "<answer>1</answer>", truth, {})
    assert verify_budgets == [0.125, core.DEFAULT_TIMEOUT]
