"""Rollout backends: how completions are sampled, behind one small interface.

The trainer hands a backend tokenised prompts and gets back ``n`` completions per prompt as
token ids; after each optimiser step it calls ``sync(model)`` so the backend samples from the
new weights. Two backends:

* :class:`HFGenerate` (``--backend hf``): Hugging Face ``generate`` on the policy itself
  (CPU or GPU), so ``sync`` has nothing to do; or, under mixed precision, on a bfloat16 copy
  of it that ``sync`` overwrites. The prompt is prefilled once per prompt and its KV cache
  repeated for the G completions of the group, instead of G times.
* ``VLLMRollout`` (``--backend vllm``, in :mod:`trainers.grpo.rollout_vllm`): a colocated
  vLLM engine whose weights are overwritten from the policy after each update.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import torch


@dataclass(frozen=True)
class Sampling:
    """How to sample: the generation budget, temperature and nucleus; greedy overrides both."""

    max_new_tokens: int
    temperature: float = 1.0
    top_p: float = 1.0
    greedy: bool = False
    min_new_tokens: int = 0  # EOS is suppressed before this many tokens (benchmarks)


@dataclass
class Sample:
    """One completion: its token ids (ending with the EOS token when ``finished``).

    A multi-turn episode (:mod:`trainers.grpo.episodes`) is one sample too: its completion
    holds every turn after the prompt, and ``loss_mask`` is 1 on the tokens the policy wrote
    and 0 on the env's replies (None: every token is the policy's)."""

    prompt_ids: list[int]
    completion_ids: list[int]
    finished: bool  # False: cut off at max_new_tokens (a truncated completion)
    loss_mask: list[int] | None = None

    @property
    def policy_tokens(self) -> int:
        """How many completion tokens the policy wrote (those that can carry loss)."""
        if self.loss_mask is None:
            return len(self.completion_ids)
        return sum(self.loss_mask)


class Rollout(Protocol):
    """What the trainer needs of a sampling backend."""

    def generate(
        self, prompts: Sequence[Sequence[int]], n: int, sampling: Sampling, seed: int
    ) -> list[Sample]:
        """``n`` completions of every prompt, grouped by prompt: ``len(prompts) * n`` samples."""
        ...

    def sync(self, model: torch.nn.Module) -> None:
        """Make later samples come from ``model``'s current weights."""
        ...


def left_pad(rows: Sequence[Sequence[int]], pad_id: int) -> tuple[torch.Tensor, torch.Tensor]:
    """Token ids and attention mask of left-padded rows (prompts end at the same column)."""
    width = max(len(row) for row in rows)
    ids = torch.full((len(rows), width), pad_id, dtype=torch.long)
    mask = torch.zeros((len(rows), width), dtype=torch.long)
    for i, row in enumerate(rows):
        if row:
            ids[i, width - len(row) :] = torch.tensor(list(row), dtype=torch.long)
            mask[i, width - len(row) :] = 1
    return ids, mask


def split_completion(row: Sequence[int], eos_ids: set[int]) -> tuple[list[int], bool]:
    """The completion up to and including its first EOS token, and whether there was one."""
    for i, token in enumerate(row):
        if token in eos_ids:
            return list(row[: i + 1]), True
    return list(row), False


class HFGenerate:
    """Sampling with ``model.generate`` on the policy; prompts are prefilled once per group.

    ``rows_per_call`` bounds how many sequences one ``generate`` call decodes together;
    ``share_prompt=False`` prefills every copy of a prompt separately. With a ``dtype`` other
    than the policy's, sampling runs on a copy of the policy in that dtype (bfloat16 under
    mixed precision: the weights are cast once per update instead of in every decoding step),
    and :meth:`sync` copies the policy's new weights into it.
    """

    def __init__(
        self,
        model: torch.nn.Module,
        tokenizer: Any,
        *,
        rows_per_call: int = 64,
        share_prompt: bool = True,
        dtype: torch.dtype | None = None,
    ) -> None:
        self.copied = dtype is not None and next(model.parameters()).dtype != dtype
        if self.copied:
            model = copy.deepcopy(model).to(dtype).eval().requires_grad_(False)
        self.model = model
        self.pad_id = int(tokenizer.pad_token_id)
        eos = model.generation_config.eos_token_id
        eos = list(eos) if isinstance(eos, (list, tuple)) else [eos]
        self.eos_ids = {int(e) for e in [*eos, tokenizer.eos_token_id] if e is not None}
        self.rows_per_call = rows_per_call
        self.share_prompt = share_prompt

    def sync(self, model: torch.nn.Module) -> None:
        if not self.copied:
            self.model = model  # generate runs on the policy itself
            return
        with torch.no_grad():  # cast into the copy; its parameters keep their dtype
            self.model.load_state_dict(model.state_dict())

    @torch.no_grad()
    def generate(
        self, prompts: Sequence[Sequence[int]], n: int, sampling: Sampling, seed: int
    ) -> list[Sample]:
        torch.manual_seed(seed)
        per_call = max(1, self.rows_per_call // n)
        samples: list[Sample] = []
        was_training = self.model.training
        self.model.eval()
        try:
            for start in range(0, len(prompts), per_call):
                samples += self._generate(prompts[start : start + per_call], n, sampling)
        finally:
            self.model.train(was_training)
        return samples

    def _generate(
        self, prompts: Sequence[Sequence[int]], n: int, sampling: Sampling
    ) -> list[Sample]:
        from transformers import DynamicCache, GenerationConfig

        device = next(self.model.parameters()).device
        ids, mask = (t.to(device) for t in left_pad(prompts, self.pad_id))
        cache = None
        if self.share_prompt and n > 1 and ids.shape[1] > 1:
            # Prefill all but the last prompt token once, then repeat the cache G times;
            # generate() processes only the tokens the cache does not hold.
            cache = DynamicCache(config=self.model.config)
            positions = (mask.cumsum(-1) - 1).clamp(min=0)
            self.model(
                input_ids=ids[:, :-1],
                attention_mask=mask[:, :-1],
                position_ids=positions[:, :-1],
                past_key_values=cache,
                use_cache=True,
                logits_to_keep=1,
            )
            cache.batch_repeat_interleave(n)
        config = GenerationConfig(
            max_new_tokens=sampling.max_new_tokens,
            min_new_tokens=sampling.min_new_tokens or None,
            do_sample=not sampling.greedy,
            temperature=None if sampling.greedy else sampling.temperature,
            top_p=None if sampling.greedy else sampling.top_p,
            top_k=None if sampling.greedy else 0,
            pad_token_id=self.pad_id,
            eos_token_id=sorted(self.eos_ids),
        )
        out = self.model.generate(
            input_ids=ids.repeat_interleave(n, dim=0),
            attention_mask=mask.repeat_interleave(n, dim=0),
            past_key_values=cache,
            generation_config=config,
        )
        new = out[:, ids.shape[1] :].tolist()
        samples = []
        for row, tokens in enumerate(new):
            completion, finished = split_completion(tokens, self.eos_ids)
            samples.append(Sample(list(prompts[row // n]), completion, finished))
        return samples
