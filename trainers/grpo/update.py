"""Stage 5 of the loop, the policy update: GRPO's inner loop of ``num_iterations`` passes,
each ``num_minibatches`` optimiser steps, over one step's batch.

The objective itself (advantages, clipped surrogate, KL, aggregation) is in
:mod:`trainers.grpo.objective`; the forward passes in :mod:`trainers.grpo.logprobs`. Here:
old and reference log-probs, the minibatch order, gradient accumulation over micro-batches,
the sum over data-parallel ranks, clipping and the optimiser step, and the step's statistics.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

import torch
from torch import Tensor

from trainers.grpo import parallel
from trainers.grpo.batch import Batch, split_evenly, step_seed
from trainers.grpo.logprobs import (
    completion_logprobs,
    micro_batches,
    pad_groups,
    reference_logprobs,
    stacked,
)
from trainers.grpo.model import loss_precision
from trainers.grpo.objective import grpo_loss, token_weights
from trainers.grpo.rollout import Sample

if TYPE_CHECKING:
    from trainers.grpo.train import Run


def update_policy(run: Run, sampled: Batch, step: int) -> dict[str, float]:
    """GRPO's inner loop: ``num_iterations`` passes, each ``num_minibatches`` optimiser steps.

    ``keep`` ``[groups, G]`` marks the completions that carry loss, ``advantages`` is
    ``[groups, G]``. Minibatches are made of whole groups. Old log-probs (the ratio's
    denominator) are stored before the first step when there is more than one step per
    batch; with one, the old policy is the current one and the ratio is 1 with the gradient
    of the log-prob (computed without a second forward pass).
    """
    cfg, groups, keep = run.cfg, sampled.groups, sampled.keep
    active = [g for g in range(len(groups)) if bool(keep[g].any())]
    old, ref = stored_logprobs(run, groups, active)
    totals: dict[str, float] = defaultdict(float)
    shuffle = torch.Generator().manual_seed(step_seed(cfg.seed, step, "shuffle"))
    order = [active[int(i)] for i in torch.randperm(len(active), generator=shuffle)]
    optimizer_steps = 0
    for iteration in range(cfg.num_iterations):
        for part in split_evenly(order, cfg.num_minibatches):
            # The loss's normaliser counts the whole minibatch, over every rank.
            lengths = [
                s.policy_tokens * bool(keep[g, i]) for g in part for i, s in enumerate(groups[g])
            ]
            sequences, tokens = parallel.sum_floats(
                run.world, sum(n > 0 for n in lengths), sum(lengths)
            )
            if sequences == 0:
                continue  # no rank has signal: take no step (Adam would still move)
            run.optimizer.zero_grad(set_to_none=True)
            for chunk in micro_batches(part, groups, cfg.micro_batch_size):
                normaliser = (sequences, tokens)
                accumulate(run, sampled, chunk, old, ref, normaliser, iteration == 0, totals)
            optimizer_step(run, totals)
            optimizer_steps += 1
    return step_statistics(run, totals, optimizer_steps)


def _many_steps(run: Run) -> bool:
    """More than one optimiser step per batch: the old policy must be stored."""
    return run.cfg.num_iterations * run.cfg.num_minibatches > 1


def _share_prompt(run: Run) -> bool:
    return run.cfg.share_prompt and not run.cfg.gradient_checkpointing


def group_tensors(run: Run, groups: list[list[Sample]], chunk: list[int]) -> dict[str, Tensor]:
    """The groups ``chunk`` names, padded (:func:`pad_groups`) and on the model's device."""
    device = next(run.model.parameters()).device
    batch = pad_groups([groups[g] for g in chunk], int(run.tokenizer.pad_token_id))
    return {k: v.to(device) for k, v in batch.items()}


def stored_logprobs(
    run: Run, groups: list[list[Sample]], active: list[int]
) -> tuple[dict[int, Tensor], dict[int, Tensor]]:
    """Old (with more than one step per batch) and reference (with ``beta``) log-probs, per
    group, computed before any step; empty where not needed."""
    cfg, G = run.cfg, run.cfg.group_size
    old: dict[int, Tensor] = {}
    ref: dict[int, Tensor] = {}
    if not (_many_steps(run) or cfg.beta != 0.0):
        return old, ref

    def per_group(logp: Tensor, chunk: list[int]) -> dict[int, Tensor]:
        return {g: logp[j * G : (j + 1) * G] for j, g in enumerate(chunk)}

    share = _share_prompt(run)
    device = next(run.model.parameters()).device
    with torch.no_grad(), loss_precision(cfg.mixed_precision, device):
        for chunk in micro_batches(active, groups, cfg.micro_batch_size):
            batch = group_tensors(run, groups, chunk)
            if _many_steps(run):
                logp, _ = completion_logprobs(run.model, batch, cfg.temperature, False, share)
                old.update(per_group(logp, chunk))
            if cfg.beta != 0.0:
                logp = reference_logprobs(run.model, run.reference, batch, cfg.temperature, share)
                ref.update(per_group(logp, chunk))
    return old, ref


def accumulate(
    run: Run,
    sampled: Batch,
    chunk: list[int],
    old: dict[int, Tensor],
    ref: dict[int, Tensor],
    normaliser: tuple[float, float],
    first_pass: bool,
    totals: dict[str, float],
) -> None:
    """One micro-batch of a minibatch: the GRPO loss (:func:`~trainers.grpo.objective.grpo_loss`)
    of the groups in ``chunk``, its gradient added to the parameters' (weights normalised by
    the whole minibatch's ``normaliser``, (sequences, tokens) over every rank), and its
    statistics to ``totals`` (entropy on the first pass only)."""
    cfg = run.cfg
    device = next(run.model.parameters()).device
    batch = group_tensors(run, sampled.groups, chunk)
    with loss_precision(cfg.mixed_precision, device):
        logp, entropy = completion_logprobs(
            run.model, batch, cfg.temperature, first_pass, _share_prompt(run)
        )
    # the policy's tokens of the kept completions (an episode's env replies carry no loss)
    mask = batch["loss_mask"].float() * sampled.keep[chunk].reshape(-1, 1).to(device)
    loss_constant = cfg.loss_constant or cfg.max_new_tokens
    weights = token_weights(mask, cfg.loss_aggregation, loss_constant, totals=normaliser)
    width = logp.shape[1]
    old_logp = stacked([old[g] for g in chunk], width) if _many_steps(run) else logp.detach()
    ref_logp = stacked([ref[g] for g in chunk], width) if cfg.beta != 0.0 else None
    terms = grpo_loss(
        logp, old_logp, sampled.advantages[chunk].reshape(-1).to(device), weights,
        eps_low=cfg.clip_eps_low, eps_high=cfg.clip_eps_high,
        beta=cfg.beta, ref_logp=ref_logp,
    )  # fmt: skip
    terms.loss.backward()
    n_tok = float(mask.sum())
    totals["loss"] += float(terms.loss.detach())
    totals["tokens"] += n_tok
    for key in ("kl", "clip_low", "clip_high", "ratio_mean"):
        totals[key] += float(getattr(terms, key)) * n_tok
    if entropy is not None:
        totals["entropy"] += float((entropy * mask).sum())
        totals["entropy_tokens"] += n_tok


def optimizer_step(run: Run, totals: dict[str, float]) -> None:
    """Sum the gradients over the data-parallel ranks, clip their norm, step the optimiser
    and the learning-rate schedule."""
    parallel.sum_gradients(run.world, run.params)
    if run.cfg.max_grad_norm > 0:
        norm = torch.nn.utils.clip_grad_norm_(run.params, run.cfg.max_grad_norm)
        totals["grad_norm"] += float(norm)
    run.optimizer.step()
    run.scheduler.step()


def step_statistics(run: Run, totals: dict[str, float], optimizer_steps: int) -> dict[str, float]:
    """The update's ``train/*`` metrics, over every rank: loss per optimiser step, KL, clip
    fractions, ratio and entropy per token, gradient norm, steps taken, learning rate."""
    keys = ("loss", "tokens", "kl", "clip_low", "clip_high", "ratio_mean")
    summed = parallel.sum_floats(
        run.world, *(totals[k] for k in keys), totals["entropy"], totals["entropy_tokens"]
    )
    loss, n_tok, kl, clip_low, clip_high, ratio, entropy, entropy_tokens = summed
    n_tok = max(n_tok, 1.0)
    steps = max(optimizer_steps, 1)
    return {
        "train/loss": loss / steps,
        "train/kl": kl / n_tok,
        "train/clip_low": clip_low / n_tok,
        "train/clip_high": clip_high / n_tok,
        "train/ratio": ratio / n_tok,
        "train/entropy": entropy / max(entropy_tokens, 1.0),
        "train/grad_norm": totals["grad_norm"] / steps,
        "train/optimizer_steps": float(optimizer_steps),
        "train/lr": float(run.scheduler.get_last_lr()[0]),
    }
