"""Per-token log-probabilities of sampled completions under the policy (or the reference):
the forward passes the update needs, over whole groups.

A group is the G completions of one prompt. :func:`pad_groups` lays groups out as tensors,
:func:`completion_logprobs` runs the model over them (once per prompt with ``share_prompt``,
its KV cache repeated for the G completions), and :func:`micro_batches` cuts the groups of a
minibatch into forward passes of similar lengths.
"""

from __future__ import annotations

from collections.abc import Sequence

import torch

from trainers.grpo.objective import token_entropy, token_logprobs
from trainers.grpo.rollout import Sample


def pad_groups(groups: Sequence[Sequence[Sample]], pad_id: int) -> dict[str, torch.Tensor]:
    """Tensors for a forward pass over whole groups (all completions of one prompt).

    ``prompt_ids``/``prompt_mask`` are ``[g, P]`` (left-padded, one row per group);
    ``completion``/``completion_mask`` are ``[g * G, T]`` (right-padded, group-major);
    ``loss_mask`` is ``completion_mask`` without the env's tokens of multi-turn episodes.
    """
    from trainers.grpo.rollout import left_pad

    prompt_ids, prompt_mask = left_pad([group[0].prompt_ids for group in groups], pad_id)
    rows = [s.completion_ids for group in groups for s in group]
    width = max(1, max(len(r) for r in rows))
    completion = torch.full((len(rows), width), pad_id, dtype=torch.long)
    completion_mask = torch.zeros((len(rows), width), dtype=torch.long)
    for i, row in enumerate(rows):
        completion[i, : len(row)] = torch.tensor(row, dtype=torch.long)
        completion_mask[i, : len(row)] = 1
    loss_mask = completion_mask.clone()
    for i, sample in enumerate(s for group in groups for s in group):
        if sample.loss_mask is not None:
            loss_mask[i, : len(sample.loss_mask)] = torch.tensor(sample.loss_mask)
    return {
        "prompt_ids": prompt_ids,
        "prompt_mask": prompt_mask,
        "completion": completion,
        "completion_mask": completion_mask,
        "loss_mask": loss_mask,
    }


def completion_logprobs(
    model: torch.nn.Module,
    batch: dict[str, torch.Tensor],
    temperature: float,
    entropy: bool = False,
    share_prompt: bool = True,
) -> tuple[torch.Tensor, torch.Tensor | None]:
    """Per-token log-probs ``[g * G, T]`` of the completion tokens under ``model`` at
    ``temperature`` (the distribution they were sampled from), and optionally the entropy.

    With ``share_prompt`` each prompt goes through the model once and its KV cache is
    repeated for its G completions (gradients from all G flow back through it); otherwise
    every completion is run with its own copy of the prompt.
    """
    if share_prompt:
        logits = _shared_prompt_logits(model, batch)
    else:
        logits = _full_sequence_logits(model, batch)
    if temperature != 1.0:
        logits = logits / temperature
    logp = token_logprobs(logits, batch["completion"])
    return logp, token_entropy(logits) if entropy else None


def _shared_prompt_logits(model: torch.nn.Module, batch: dict[str, torch.Tensor]) -> torch.Tensor:
    from transformers import DynamicCache

    prompt_ids, prompt_mask = batch["prompt_ids"], batch["prompt_mask"]
    completion, completion_mask = batch["completion"], batch["completion_mask"]
    group = completion.shape[0] // prompt_ids.shape[0]
    cache = DynamicCache(config=model.config)
    first = model(
        input_ids=prompt_ids,
        attention_mask=prompt_mask,
        position_ids=(prompt_mask.cumsum(-1) - 1).clamp(min=0),
        past_key_values=cache,
        use_cache=True,
        logits_to_keep=1,
    ).logits.repeat_interleave(group, dim=0)  # predicts each completion's first token
    if completion.shape[1] == 1:
        return first
    cache.batch_repeat_interleave(group)
    mask = prompt_mask.repeat_interleave(group, dim=0)
    start = mask.sum(dim=1, keepdim=True)
    rest = model(
        input_ids=completion[:, :-1],
        attention_mask=torch.cat([mask, completion_mask[:, :-1]], dim=1),
        position_ids=start + torch.arange(completion.shape[1] - 1, device=start.device),
        past_key_values=cache,
        use_cache=True,
    ).logits
    return torch.cat([first, rest], dim=1)


def _full_sequence_logits(model: torch.nn.Module, batch: dict[str, torch.Tensor]) -> torch.Tensor:
    prompt_ids, prompt_mask = batch["prompt_ids"], batch["prompt_mask"]
    completion, completion_mask = batch["completion"], batch["completion_mask"]
    group = completion.shape[0] // prompt_ids.shape[0]
    attention = torch.cat([prompt_mask.repeat_interleave(group, 0), completion_mask], dim=1)
    width = completion.shape[1]
    return model(
        input_ids=torch.cat([prompt_ids.repeat_interleave(group, 0), completion], dim=1),
        attention_mask=attention,
        position_ids=(attention.cumsum(-1) - 1).clamp(min=0),
        logits_to_keep=width + 1,
        use_cache=False,
    ).logits[:, :-1]


def micro_batches(
    group_ids: Sequence[int], groups: Sequence[Sequence[Sample]], sequences: int
) -> list[list[int]]:
    """Split group indices into micro-batches of about ``sequences`` sequences (whole groups,
    at least one), grouping similar lengths together (less padding)."""
    if not group_ids:
        return []
    per = max(1, sequences // max(1, len(groups[0])))
    size = {
        g: len(groups[g][0].prompt_ids) + max(len(s.completion_ids) for s in groups[g])
        for g in group_ids
    }
    ordered = sorted(group_ids, key=size.__getitem__)
    return [ordered[i : i + per] for i in range(0, len(ordered), per)]


def reference_logprobs(
    model: torch.nn.Module,
    reference: torch.nn.Module | None,
    batch: dict[str, torch.Tensor],
    temperature: float,
    share: bool,
) -> torch.Tensor:
    """Log-probs under the initial policy: the frozen copy, or the base model under LoRA."""
    if reference is not None:
        return completion_logprobs(reference, batch, temperature, False, share)[0]
    with model.disable_adapter():
        return completion_logprobs(model, batch, temperature, False, share)[0]


def stacked(rows: Sequence[torch.Tensor], width: int) -> torch.Tensor:
    """Stack ``[G, T_i]`` blocks into ``[sum G, width]``, trimming or zero-padding T_i."""
    out = []
    for block in rows:
        if block.shape[1] >= width:
            out.append(block[:, :width])
        else:
            out.append(torch.nn.functional.pad(block, (0, width - block.shape[1])))
    return torch.cat(out, dim=0)
