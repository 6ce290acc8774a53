"""Bridges from rlvr-envs to other trainers and tools, each imported on its own.

* :mod:`rlvr_envs.integrations.trl`: datasets, reward functions, a teacher-driven stream and
  ``TRLEnvironment`` (multi-turn, ``environment_factory``) for TRL's GRPOTrainer
  (``from rlvr_envs.integrations.trl import grpo_dataset, correctness_reward``).
* :mod:`rlvr_envs.integrations.verl`: ``compute_score`` and verl's row schema;
  :mod:`rlvr_envs.integrations.verl_curriculum`: a teacher as verl's ``data.custom_cls``.
* :mod:`rlvr_envs.integrations.openenv`: ``rlvr serve``, an OpenEnv-compatible server.
* :mod:`rlvr_envs.integrations.ray`: ``verify_batch(backend="ray")``, ``export --ray`` and
  the curriculum feed as a Ray actor.
* The verifiers taskset is its own distribution (``rlvr-envs-taskset``, in the repository
  under ``packages/rlvr-envs-taskset``), since ``vf-eval`` loads an environment by module name.

Nothing here is imported by ``import rlvr_envs``, and no module here imports torch or the
peer library at import time, except ``verl_curriculum`` (torch, for verl's dataset base).
"""
