"""rlvr-envs as a verifiers environment: ``vf-eval rlvr-envs-taskset --env.taskset.suite math-v1``.

verifiers imports this package by the id ``rlvr-envs-taskset`` and runs the Taskset and Env
it exports here; see ``rlvr_envs_taskset.taskset`` and docs/verifiers.md.
"""

from rlvr_envs_taskset.taskset import (
    RlvrConfig,
    RlvrData,
    RlvrEnv,
    RlvrEnvConfig,
    RlvrTask,
    RlvrTaskset,
)

__all__ = ["RlvrConfig", "RlvrData", "RlvrEnv", "RlvrEnvConfig", "RlvrTask", "RlvrTaskset"]
