"""One rank of a 2-process GRPOTrainer run with a teacher-driven feed; writes what it saw.

Started by tests/integrations/test_trl.py through ``torch.distributed.run`` (gloo, loopback).
"""

import json
import sys
from pathlib import Path

import torch
import trl

import rlvr_envs
from rlvr_envs.curriculum import TaskSpace, make_teacher
from rlvr_envs.integrations.trl import CurriculumReward, curriculum_dataset, trl_feed

out, model_dir = Path(sys.argv[1]), sys.argv[2]
args = trl.GRPOConfig(
    output_dir=str(out / "trl"), per_device_train_batch_size=4, num_generations=4,
    max_completion_length=8, max_steps=3, learning_rate=1e-3, logging_steps=1,
    report_to="none", save_strategy="no", use_cpu=True, bf16=False, seed=0,
    shuffle_dataset=False,
)  # fmt: skip
space = TaskSpace.from_suite(rlvr_envs.load_suite("demo-v0"), bins=4)
feed = trl_feed(make_teacher("learning-progress", space, seed=0), args)
reward = CurriculumReward(feed)
local: list[str] = []


def spy(**kwargs):
    local.extend(kwargs["problem_id"])
    return reward(**kwargs)


spy.__name__ = "curriculum_reward"
trainer = trl.GRPOTrainer(
    model=model_dir, reward_funcs=[spy], args=args, train_dataset=curriculum_dataset(feed)
)
trainer.train()
feed.flush()
rank = trainer.accelerator.process_index
(out / f"rank{rank}.json").write_text(
    json.dumps(
        {
            "world": trainer.accelerator.num_processes,
            "local_ids": local,
            "teacher": feed.teacher.state_dict(),
            "episodes": feed.teacher.episodes,
            "pending": feed.pending,
            "steps": trainer.state.global_step,
        },
        sort_keys=True,
    )
)
# Leave the process group before exiting: torch aborts ("terminate called without an active
# exception") when gloo's threads are torn down by the interpreter's exit instead.
trainer.accelerator.wait_for_everyone()
if torch.distributed.is_initialized():
    torch.distributed.destroy_process_group()
