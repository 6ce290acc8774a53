"""The GRPO objective in one place: group advantages, the clipped surrogate, KL, aggregation.

Notation (shared by the three papers): a batch holds groups of G completions ``o_i`` of the
same prompt ``q``, with rewards ``r_i``. For token ``t`` of completion ``i``::

    ratio_it = pi_theta(o_it | q, o_i<t) / pi_old(o_it | q, o_i<t)
    A_i      = advantage of completion i (the same for every token: outcome supervision)

    GRPO (Shao et al. 2024, DeepSeekMath, eq. 3; arXiv:2402.03300):
        J = 1/G sum_i 1/|o_i| sum_t [ min(ratio_it A_i, clip(ratio_it, 1-eps, 1+eps) A_i)
                                      - beta * KL_it ]
        A_i   = (r_i - mean(r)) / std(r)
        KL_it = pi_ref/pi_theta - log(pi_ref/pi_theta) - 1        (the "k3" estimator, eq. 4)

    DAPO (Yu et al. 2025; arXiv:2503.14476):
        clip(ratio_it, 1 - eps_low, 1 + eps_high)                 (clip-higher, sec. 3.1)
        J = 1/sum_i |o_i| sum_i sum_t [...]                       (token-level loss, sec. 3.3)
        drop groups whose rewards are all equal                   (dynamic sampling, sec. 3.2)
        mask completions cut off at the length limit              (overlong filtering, sec. 3.4)
        r_i += min(0, ((L_max - L_cache) - |o_i|) / L_cache)      (soft overlong punishment,
                                                                   eq. 13: -1 at the limit)

    Dr. GRPO (Liu et al. 2025, "Understanding R1-Zero-Like Training"; arXiv:2503.20783):
        A_i = r_i - mean(r)                                       (no division by std)
        J   = 1/G sum_i 1/L sum_t [...],  L a constant            (no length normalisation)

Every aggregation is a weighted sum of per-token terms, ``J = sum_it w_it * term_it``, with
the weights computed once for the whole optimiser batch (:func:`token_weights`). That makes
gradient accumulation over micro-batches, and the sum over data-parallel ranks, exact.

Everything here is a pure function of tensors, so tests check it against hand-computed values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import torch

AdvantageMode = Literal["grpo", "drgrpo", "batch"]
LossAggregation = Literal["sequence-mean", "token-mean", "constant"]

STD_EPS = 1e-4
"""Added to the standard deviation before dividing, so a near-constant group stays finite."""


def group_advantages(rewards: torch.Tensor, mode: AdvantageMode = "grpo") -> torch.Tensor:
    """Advantages of rewards shaped ``[groups, G]``; the same shape comes back.

    * ``grpo``: ``(r - mean_group) / (std_group + eps)`` (GRPO, Shao et al. 2024, sec. 4.1.2).
    * ``drgrpo``: ``r - mean_group`` (Dr. GRPO, Liu et al. 2025: dividing by the
      group's std up-weights questions that are too easy or too hard).
    * ``batch``: ``(r - mean_group) / (std_batch + eps)``: the group's mean as baseline, the
      whole batch's std as scale (the "group mean, batch std" of "Tricks or Traps? A Deep Dive
      into RL for LLM Reasoning", Liu et al. 2025).

    Standard deviations are population ones (divide by n). A group whose rewards are all equal
    gets advantage exactly 0 in every mode.
    """
    if rewards.dim() != 2:
        raise ValueError(f"rewards must be [groups, G], got shape {tuple(rewards.shape)}")
    rewards = rewards.to(torch.float32)
    centred = rewards - rewards.mean(dim=1, keepdim=True)
    if mode == "drgrpo":
        return centred
    if mode == "grpo":
        return centred / (rewards.std(dim=1, unbiased=False, keepdim=True) + STD_EPS)
    if mode == "batch":
        return centred / (rewards.std(unbiased=False) + STD_EPS)
    raise ValueError(f"advantage mode must be grpo, drgrpo or batch, got {mode!r}")


def overlong_penalty(lengths: torch.Tensor, max_length: int, buffer: int) -> torch.Tensor:
    """DAPO's soft overlong punishment (Yu et al. 2025, sec. 3.4, eq. 13), added to rewards.

    0 for completions of at most ``max_length - buffer`` tokens, then falling linearly to -1
    at ``max_length`` (the generation limit, where truncated completions end). ``buffer`` 0
    gives no penalty.
    """
    if buffer <= 0:
        return torch.zeros(lengths.shape)
    if buffer > max_length:
        raise ValueError(f"the overlong buffer ({buffer}) exceeds the length limit ({max_length})")
    over = lengths.float() - (max_length - buffer)
    return -(over / buffer).clamp(min=0.0, max=1.0)


def zero_variance_groups(rewards: torch.Tensor) -> torch.Tensor:
    """Boolean ``[groups]``: the groups whose rewards are all equal (no learning signal)."""
    return (rewards == rewards[:, :1]).all(dim=1)


def token_weights(
    mask: torch.Tensor,
    aggregation: LossAggregation = "sequence-mean",
    constant: float | None = None,
    totals: tuple[float, float] | None = None,
) -> torch.Tensor:
    """Per-token weights ``w_it`` such that the objective is ``sum_it w_it * term_it``.

    ``mask`` is ``[N, T]`` (1 for completion tokens that count). ``totals`` is
    ``(sequences, tokens)`` counted over the whole optimiser batch, across micro-batches and
    data-parallel ranks (default: this ``mask`` alone); a sequence counts when any token does.

    * ``sequence-mean``: ``1 / (|o_i| * N)``, GRPO's ``1/G sum_i 1/|o_i| sum_t``.
    * ``token-mean``: ``1 / sum_i |o_i|``, DAPO's token-level loss (sec. 3.3).
    * ``constant``: ``1 / (N * L)`` with ``L = constant`` (Dr. GRPO: L the generation budget).
    """
    mask = mask.to(torch.float32)
    lengths = mask.sum(dim=1, keepdim=True)
    if totals is None:
        totals = (float((lengths > 0).sum()), float(lengths.sum()))
    sequences, tokens = max(totals[0], 1.0), max(totals[1], 1.0)
    if aggregation == "sequence-mean":
        return mask / lengths.clamp(min=1.0) / sequences
    if aggregation == "token-mean":
        return mask / tokens
    if aggregation == "constant":
        if not constant or constant <= 0:
            raise ValueError("the constant aggregation needs constant > 0 (Dr. GRPO's L)")
        return mask / (sequences * float(constant))
    raise ValueError(
        f"aggregation must be sequence-mean, token-mean or constant, got {aggregation!r}"
    )


@dataclass
class LossTerms:
    """The loss and what is logged about it (all means are over counted tokens)."""

    loss: torch.Tensor
    kl: torch.Tensor
    clip_low: torch.Tensor
    clip_high: torch.Tensor
    ratio_mean: torch.Tensor


def grpo_loss(
    logp: torch.Tensor,
    old_logp: torch.Tensor,
    advantages: torch.Tensor,
    weights: torch.Tensor,
    *,
    eps_low: float = 0.2,
    eps_high: float = 0.2,
    beta: float = 0.0,
    ref_logp: torch.Tensor | None = None,
) -> LossTerms:
    """The negative clipped surrogate of GRPO/DAPO/Dr. GRPO, aggregated by ``weights``.

    ``logp``, ``old_logp``, ``ref_logp`` and ``weights`` are ``[N, T]`` per-token log-probs and
    weights (:func:`token_weights`); ``advantages`` is ``[N]``. Line by line (GRPO eq. 3 with
    DAPO's separate clip bounds; the KL is GRPO's eq. 4)::

        ratio = exp(logp - old_logp)
        surrogate = min(ratio * A, clip(ratio, 1 - eps_low, 1 + eps_high) * A)
        kl = exp(ref_logp - logp) - (ref_logp - logp) - 1
        loss = -sum(weights * (surrogate - beta * kl))

    Returns the loss and, for logging, the weighted mean KL and the fractions of counted
    tokens whose gradient the clip removed at the low (ratio < 1 - eps_low, A < 0) and the
    high (ratio > 1 + eps_high, A > 0) bound.
    """
    adv = advantages.to(logp.dtype).unsqueeze(1)
    ratio = torch.exp(logp - old_logp)
    clipped = torch.clamp(ratio, 1.0 - eps_low, 1.0 + eps_high)
    surrogate = torch.minimum(ratio * adv, clipped * adv)
    objective = surrogate
    if beta != 0.0:
        if ref_logp is None:
            raise ValueError("beta != 0 needs the reference model's log-probs")
        delta = ref_logp - logp
        kl = torch.exp(delta) - delta - 1.0
        objective = surrogate - beta * kl
    else:
        kl = torch.zeros_like(logp)
    loss = -(weights * objective).sum()

    with torch.no_grad():
        counted = (weights > 0).to(logp.dtype)
        n = counted.sum().clamp(min=1.0)
        low = ((ratio < 1.0 - eps_low) & (adv < 0)).to(logp.dtype)
        high = ((ratio > 1.0 + eps_high) & (adv > 0)).to(logp.dtype)
        stats = LossTerms(
            loss=loss,
            kl=(kl * counted).sum() / n,
            clip_low=(low * counted).sum() / n,
            clip_high=(high * counted).sum() / n,
            ratio_mean=(ratio * counted).sum() / n,
        )
    return stats


def token_logprobs(logits: torch.Tensor, tokens: torch.Tensor) -> torch.Tensor:
    """``log softmax(logits)[tokens]`` per position, without materialising the log-softmax.

    ``logits`` is ``[N, T, V]`` and ``tokens`` ``[N, T]``; computed in float32.
    """
    logits = logits.float()
    picked = torch.gather(logits, -1, tokens.unsqueeze(-1)).squeeze(-1)
    return picked - torch.logsumexp(logits, dim=-1)


@torch.no_grad()
def token_entropy(logits: torch.Tensor) -> torch.Tensor:
    """The policy's entropy at every position, ``[N, T]`` (logged, not optimised)."""
    logits = logits.float()
    logp = torch.log_softmax(logits, dim=-1)
    return -(logp.exp() * logp).sum(dim=-1)
