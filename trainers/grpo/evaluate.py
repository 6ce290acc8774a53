"""Evaluation on a frozen set from ``tasks/``: greedy pass@1 and sampled pass@k.

The set is a suite's frozen evaluation set (``rlvr_envs.load_suite(name).load_eval_set()``),
whose seeds come from ``rlvr_envs.EVAL_SEEDS``, a range training never draws from.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

import rlvr_envs
from rlvr_envs.evaluation.metrics import pass_at_k, subset
from trainers.grpo.episodes import ChatRenderer, is_multi_turn, play_episodes
from trainers.grpo.rollout import Rollout, Sampling

__all__ = ["evaluate", "pass_at_k", "subset"]


def evaluate(
    rollout: Rollout,
    problems: Sequence[rlvr_envs.Problem],
    encode: Callable[[rlvr_envs.Problem], list[int]],
    decode: Callable[[list[int]], str],
    *,
    max_new_tokens: int,
    samples: int = 0,
    k: int = 1,
    temperature: float = 1.0,
    seed: int = 0,
    verify_timeout: float | None = None,
    episodes: ChatRenderer | None = None,
    max_turns: int | None = None,
    episode_tokens: int = 0,
) -> dict[str, float]:
    """Greedy pass@1 (``eval/pass@1``), format rate and per-env accuracy; with ``samples``
    > 0, also sampled pass@1 and pass@k over that many samples per problem. Each check runs
    under ``verify_timeout`` seconds (None: the library's default).

    With ``episodes`` (the chat renderer of :mod:`trainers.grpo.episodes`), a set that holds
    multi-turn envs is played as whole episodes (``max_turns``, ``episode_tokens`` as in
    :func:`~trainers.grpo.episodes.play_episodes`); pass@1 is then the rate of episodes won
    or solved, ``eval/turns`` their mean length and ``eval/completion_tokens`` the policy's
    tokens per episode."""

    def run(n: int, sampling: Sampling, seed: int) -> tuple[list[Any], list[int], list[int]]:
        """Verdicts, policy tokens and turns of ``n`` answers (or episodes) per problem."""
        if episodes is not None and any(is_multi_turn(p) for p in problems):
            played = play_episodes(
                rollout, problems, n, sampling, seed, episodes, decode, max_turns=max_turns,
                episode_tokens=episode_tokens, timeout=verify_timeout,
            )  # fmt: skip
            return (
                [e.verdict for e in played],
                [e.sample.policy_tokens for e in played],
                [e.turns for e in played],
            )
        sampled = rollout.generate(prompts, n, sampling, seed)
        texts = [decode(s.completion_ids) for s in sampled]
        repeated = [p for p in problems for _ in range(n)]
        verdicts = rlvr_envs.verify_batch(repeated, texts, timeout=verify_timeout)
        return verdicts, [len(s.completion_ids) for s in sampled], [1] * len(sampled)

    prompts = [encode(p) for p in problems]
    verdicts, tokens, turns = run(1, Sampling(max_new_tokens, greedy=True), seed)
    metrics: dict[str, float] = {
        "eval/pass@1": _mean(v.correct for v in verdicts),
        "eval/format": _mean(v.format_ok for v in verdicts),
        "eval/completion_tokens": _mean(tokens),
    }
    if any(t > 1 for t in turns):
        metrics["eval/turns"] = _mean(turns)
    by_env: dict[str, list[bool]] = defaultdict(list)
    for problem, verdict in zip(problems, verdicts):
        by_env[problem.env_id].append(verdict.correct)
    for env_id, correct in sorted(by_env.items()):
        metrics[f"eval/pass@1/{env_id}"] = _mean(correct)
    if samples > 0:
        verdicts, _, _ = run(samples, Sampling(max_new_tokens, temperature=temperature), seed + 1)
        counts = [
            sum(v.correct for v in verdicts[i * samples : (i + 1) * samples])
            for i in range(len(problems))
        ]
        metrics["eval/sampled_pass@1"] = _mean(pass_at_k(samples, c, 1) for c in counts)
        metrics[f"eval/pass@{k}"] = _mean(pass_at_k(samples, c, k) for c in counts)
    return metrics


def _mean(values: Any) -> float:
    values = [float(v) for v in values]
    return sum(values) / len(values) if values else 0.0
