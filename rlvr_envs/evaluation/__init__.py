"""Evaluating models on rlvr-envs: ``rlvr eval`` as a library.

::

    from rlvr_envs.evaluation import openai_backend, score_problems
    import rlvr_envs

    problems = rlvr_envs.load_suite("math-v0").load_eval_set()
    backend = openai_backend("http://127.0.0.1:8000/v1", "my-model", concurrency=16)
    results = score_problems(problems, backend, k=4, temperature=0.7, cache="completions.jsonl")
    summary = summarise(results, k=4)            # pass@1..4, format rate, per env, errors

Backends: :func:`openai_backend` (any OpenAI-compatible chat-completions server; needs
httpx, the ``eval`` extra) and :func:`hf_backend` (a local Hugging Face model; the ``train``
extra). Neither is imported until used: ``import rlvr_envs.evaluation`` imports neither httpx
nor torch.

Difficulty cards (``rlvr calibrate``; re-exported from :mod:`rlvr_envs.calibration`):
:func:`calibrate_env` sweeps an env's difficulty range with any scorer and returns a
:class:`DifficultyCard`; :func:`load_cards` reads a ``cards.json``, which teachers take as
``cards=``.
"""

from __future__ import annotations

from typing import Any

from rlvr_envs.calibration import (
    DifficultyCard,
    calibrate_env,
    calibrate_envs,
    load_cards,
    plot_cards,
    save_cards,
)
from rlvr_envs.evaluation.backend import Backend, BackendError, Completion
from rlvr_envs.evaluation.cache import CompletionCache
from rlvr_envs.evaluation.client import OpenAIBackend, openai_backend
from rlvr_envs.evaluation.metrics import pass_at_k, subset
from rlvr_envs.evaluation.problems import eval_problems
from rlvr_envs.evaluation.report import summarise
from rlvr_envs.evaluation.run import (
    ProblemResult,
    SampleResult,
    ScoringOptions,
    ascore_problems,
    score_problems,
)


def hf_backend(path: str, **options: Any) -> Backend:
    """A :class:`Backend` over a local Hugging Face model (see
    :func:`rlvr_envs.evaluation.hf.hf_backend`; imports torch and transformers)."""
    from rlvr_envs.evaluation.hf import hf_backend as make

    return make(path, **options)


__all__ = [
    "Backend",
    "BackendError",
    "Completion",
    "CompletionCache",
    "DifficultyCard",
    "OpenAIBackend",
    "ProblemResult",
    "SampleResult",
    "ScoringOptions",
    "ascore_problems",
    "calibrate_env",
    "calibrate_envs",
    "eval_problems",
    "hf_backend",
    "load_cards",
    "openai_backend",
    "pass_at_k",
    "plot_cards",
    "save_cards",
    "score_problems",
    "subset",
    "summarise",
]
