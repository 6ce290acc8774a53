"""Bridges from rlvr-envs to other trainers and tools, each imported on its own.

* :mod:`rlvr_envs.integrations.trl`: datasets and reward functions for TRL's GRPOTrainer
  (``from rlvr_envs.integrations.trl import grpo_dataset, correctness_reward``).

Nothing here is imported by ``import rlvr_envs``, and no module here imports torch or the
peer library at import time.
"""
