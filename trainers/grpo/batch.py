"""One step's batch, stages 1-4 of the loop: teacher -> problems -> rollouts -> rewards ->
group advantages, and the teacher's update from every group.

:func:`sample_batch` runs sampling rounds until the step has its groups (one round, unless
DAPO's dynamic sampling refills the groups it dropped); :func:`round_rewards` turns one
round's verdicts into the reward the advantages use. Seeds come from :func:`step_seed`, a
pure function of (seed, step, purpose), which is what makes resume exact.
"""

from __future__ import annotations

import math
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import torch

import rlvr_envs
from rlvr_envs.core import stable_seed
from trainers.grpo import parallel
from trainers.grpo.config import Config
from trainers.grpo.episodes import EpisodeResult, is_multi_turn, play_episodes
from trainers.grpo.objective import group_advantages, overlong_penalty, zero_variance_groups
from trainers.grpo.rollout import Sample

if TYPE_CHECKING:
    from trainers.grpo.train import Run


def step_seed(seed: int, step: int, purpose: str, *parts: int) -> int:
    """The seed of one purpose (``"problem"``, ``"generate"``, ``"shuffle"``, ``"eval"``) at
    one step: ``core.stable_seed(seed, step, purpose, *parts)`` folded into ``[0, 2**31 -
    1)``, a range every RNG here accepts and below the evaluation seeds. A pure function of
    its arguments, which is what makes resume exact; distinct purposes never share a seed
    by construction (no arithmetic salts to collide)."""
    return stable_seed(seed, step, purpose, *parts) % (2**31 - 1)


@dataclass
class Batch:
    """One step's sampled groups: those the update uses, and everything sampled, for logs."""

    groups: list[list[Sample]]  # kept groups (this rank's), G samples each
    keep: torch.Tensor  # [groups, G] bool: completions that carry loss
    advantages: torch.Tensor  # [groups, G]
    seen: dict[str, list]  # every sampled completion of every round (all ranks)
    kept_total: int  # groups kept over all ranks
    wanted: int
    rounds: int
    rollout_s: float


def round_rewards(
    verdicts: Sequence[rlvr_envs.Verdict],
    lengths: torch.Tensor,
    finished: Sequence[bool],
    cfg: Config,
    episodes: Sequence[EpisodeResult] | None = None,
) -> dict[str, list]:
    """Per completion of one sampling round: the reward the advantages use, correctness
    (``verdict.correct``: what accuracy and the teacher count), format, the overlong
    penalty (DAPO, Yu et al. 2025), length and truncation. See :class:`Config`.

    For multi-turn ``episodes`` (one per verdict), ``lengths`` counts the policy's tokens
    over all turns, the overlong penalty looks at its longest turn (the budget is per turn),
    ``turns`` counts turns, and ``Config.turn_rewards`` adds the per-turn rewards."""
    correct = [float(v.correct) for v in verdicts]
    fmt = [float(v.format_ok) for v in verdicts]
    longest = lengths
    if episodes is not None:
        longest = torch.tensor([max(e.turn_tokens, default=0) for e in episodes])
    overlong = overlong_penalty(longest, cfg.max_new_tokens, cfg.overlong_buffer).tolist()
    reward = [
        float(v.reward) + cfg.format_reward * f + o for v, f, o in zip(verdicts, fmt, overlong)
    ]
    out = {
        "reward": reward,
        "correct": correct,
        "format": fmt,
        "overlong": overlong,
        "tokens": lengths.tolist(),
        "truncated": [not done for done in finished],
    }
    if episodes is not None:
        if cfg.turn_rewards:
            out["reward"] = [r + sum(e.turn_rewards) for r, e in zip(reward, episodes)]
        out["turns"] = [float(e.turns) for e in episodes]
    return out


def sample_batch(run: Run, step: int) -> Batch:
    """Sampling rounds until the step has its groups: one round, unless dynamic sampling
    (``drop_zero_variance`` with ``refill_rounds``, DAPO) refills what it dropped."""
    cfg, world = run.cfg, run.world
    wanted = math.ceil(cfg.prompts_per_step / world.size) * world.size
    kept: list[tuple[list[Sample], torch.Tensor, torch.Tensor]] = []  # (group, keep, adv)
    seen: dict[str, list] = defaultdict(list)
    rollout_s, kept_total, rounds = 0.0, 0, 0
    for round_ in range(1 + cfg.refill_rounds):
        need = wanted - kept_total
        if need <= 0:
            break
        rounds += 1
        t_round = time.perf_counter()
        # 1. Curriculum: every rank's feed issues the same global batch; our slice.
        seeds = [step_seed(cfg.seed, step, "problem", round_, i) for i in range(need)]
        items = run.feed.take(need, seeds=seeds)
        specs = [item.spec for item in items]
        mine = split_evenly(range(need), world.size)[world.rank]
        problems = [items[i].problem for i in mine]

        # 2. Rollout: G completions per prompt, or G episodes where an env takes turns (each
        # turn answered by the env as it is played, so rollout_s includes those checks).
        gen_seed = step_seed(cfg.seed, step, "generate", round_, world.rank)
        episodes = None
        if any(is_multi_turn(item.problem) for item in items):  # the same on every rank
            episodes = play_episodes(
                run.rollout, problems, cfg.group_size, run.sampling, gen_seed, run.renderer,
                run.decode, max_turns=cfg.max_turns or None, episode_tokens=cfg.episode_tokens,
                timeout=cfg.verify_timeout,
            )  # fmt: skip
            samples = [e.sample for e in episodes]
        else:
            prompts = [run.encode(p) for p in problems]
            samples = (
                run.rollout.generate(prompts, cfg.group_size, run.sampling, gen_seed)
                if mine
                else []
            )
        rollout_s += time.perf_counter() - t_round

        # 3. Rewards from the verifiers: correctness, plus optional format and length terms.
        if episodes is not None:
            verdicts = [e.verdict for e in episodes]
        else:
            texts = [run.decode(s.completion_ids) for s in samples]
            repeated = [p for p in problems for _ in range(cfg.group_size)]
            verdicts = rlvr_envs.verify_batch(repeated, texts, timeout=cfg.verify_timeout)
        lengths = torch.tensor([s.policy_tokens for s in samples], dtype=torch.long)
        local = round_rewards(verdicts, lengths, [s.finished for s in samples], cfg, episodes)
        everyone = parallel.gather(world, local)
        glob = {k: [x for part in everyone for x in part[k]] for k in local}

        # 4. Group advantages over the round's global batch; this rank's slice of them.
        rewards = torch.tensor(glob["reward"]).view(-1, cfg.group_size)
        advantages = group_advantages(rewards, cfg.advantage)
        no_signal = zero_variance_groups(rewards)
        G = cfg.group_size
        for j, g in enumerate(mine):
            group = samples[j * G : (j + 1) * G]
            carries = torch.tensor([s.finished or not cfg.mask_truncated for s in group])
            if not (cfg.drop_zero_variance and bool(no_signal[g])):  # DAPO's filter
                kept.append((group, carries, advantages[g]))
        kept_total += len(rewards) - int(no_signal.sum()) if cfg.drop_zero_variance else need

        # Curriculum update: each group's correctness and the advantages it got (dropped
        # groups too: "too easy" and "too hard" are what a teacher learns from).
        round_problems = [item.problem.to_dict() for item in items]
        correct_groups = torch.tensor(glob["correct"]).view(-1, cfg.group_size)
        for g, item in enumerate(items):
            run.feed.report_group(
                item.problem_id,
                rewards[g].tolist(),
                correct=correct_groups[g].tolist(),
                advantages=advantages[g].tolist(),
            )
        run.feed.flush()
        for key, values in glob.items():
            seen[key] += values
        seen["no_signal"] += no_signal.tolist()
        seen["specs"] += specs
        seen["problems"] += round_problems
    empty = torch.zeros(0, cfg.group_size)  # a rank may keep no group at all
    return Batch(
        groups=[group for group, _, _ in kept],
        keep=torch.stack([k for _, k, _ in kept]) if kept else empty.bool(),
        advantages=torch.stack([a for _, _, a in kept]) if kept else empty,
        seen=seen,
        kept_total=kept_total,
        wanted=wanted,
        rounds=rounds,
        rollout_s=rollout_s,
    )


def split_evenly(items: Sequence[int], parts: int) -> list[list[int]]:
    """``items`` in ``parts`` contiguous, nearly equal parts (some may be empty)."""
    bounds = [round(i * len(items) / parts) for i in range(parts + 1)]
    return [list(items[bounds[i] : bounds[i + 1]]) for i in range(parts)]
