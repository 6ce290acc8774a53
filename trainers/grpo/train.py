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

This module is the loop (:func:`train`: set up, then per step sample, update, log, evaluate,
checkpoint). The stages live beside it, as the objective does: :mod:`~trainers.grpo.config`
(:class:`Config`, every knob), :mod:`~trainers.grpo.batch` (stages 1-4,
:func:`sample_batch`), :mod:`~trainers.grpo.update` (stage 5, :func:`update_policy`),
:mod:`~trainers.grpo.logprobs` (the forward passes) and :mod:`~trainers.grpo.objective`
(the equations). Their public names are importable from here too.

Everything the trainer needs from the envs goes through the public API of ``rlvr_envs``.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import torch

import rlvr_envs
from rlvr_envs.curriculum import TaskSpace, make_teacher
from rlvr_envs.curriculum.feed import CurriculumFeed
from rlvr_envs.workers import pool as verifier_pool
from trainers.grpo import checkpoint, parallel
from trainers.grpo.batch import Batch, round_rewards, sample_batch, step_seed
from trainers.grpo.config import Config
from trainers.grpo.episodes import ChatRenderer
from trainers.grpo.evaluate import evaluate, subset
from trainers.grpo.logprobs import completion_logprobs, micro_batches, pad_groups
from trainers.grpo.metrics import MetricsLog, plot
from trainers.grpo.model import DTYPES, EMBEDDED, add_lora, load_model, load_tokenizer, resolve
from trainers.grpo.prompts import encode_prompt
from trainers.grpo.rollout import HFGenerate, Rollout, Sampling
from trainers.grpo.update import update_policy

__all__ = [
    "Batch",
    "Config",
    "Run",
    "completion_logprobs",
    "encode_prompt",
    "micro_batches",
    "pad_groups",
    "pick_device",
    "round_rewards",
    "sample_batch",
    "step_seed",
    "train",
    "update_policy",
]


# -- the few functions the loop needs ---------------------------------------------------------


def make_rollout(cfg: Config, model: torch.nn.Module, tokenizer: Any, model_dir: Path) -> Rollout:
    """The sampling backend named by ``cfg.backend``."""
    if cfg.backend == "hf":
        return HFGenerate(
            model, tokenizer, share_prompt=cfg.share_prompt, dtype=DTYPES[cfg.sampling_dtype]
        )
    from trainers.grpo.rollout_vllm import VLLMRollout

    return VLLMRollout(
        model_dir,
        model,
        dtype=cfg.sampling_dtype,
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
    generated: int = 0  # completion tokens generated so far, over every rank (token_budget)
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

    @property
    def renderer(self) -> ChatRenderer:
        """Episodes on multi-turn envs in the chat format :meth:`encode` uses."""
        examples = json.loads(self.cfg.chat_examples)
        return ChatRenderer(self.tokenizer, self.cfg.system_prompt, examples)

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
    done = run.start
    for step in range(run.start, cfg.steps):
        if budget_spent(run):
            break  # resumed from the checkpoint of the step that spent the budget
        t0 = time.perf_counter()
        batch = sample_batch(run, step)
        t1 = time.perf_counter()
        stats = update_policy(run, batch, step)
        run.rollout.sync(run.model)
        run.generated += int(parallel.sum_floats(run.world, sum(batch.seen["tokens"]))[0])
        row = step_metrics(run, step, batch, stats, t0, t1)
        if run.world.main:
            run.log.write(row)
        if bar is not None:
            bar.update(1)
            bar.set_postfix(acc=f"{row['train/accuracy']:.2f}", fmt=f"{row['train/format']:.2f}")
        done = step + 1
        last = done == cfg.steps or budget_spent(run)
        if cfg.eval_every > 0 and done % cfg.eval_every == 0 and not last:
            last_eval = run_eval(run, done)
        periodic = cfg.save_every > 0 and done % cfg.save_every == 0
        if cfg.save_every >= 0 and (periodic or last):
            save_checkpoint(run, done)
        if last:
            break
    if bar is not None:
        bar.close()
        run.bar = None
    if done > run.start:
        last_eval = run_eval(run, done)
    return finish(run, row, last_eval)


def budget_spent(run: Run) -> bool:
    """Whether ``token_budget`` is set and the tokens generated so far have reached it."""
    return run.cfg.token_budget > 0 and run.generated >= run.cfg.token_budget


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

    start, generated, resume_from = 0, 0, cfg.resume
    if resume_from == "auto":
        found = checkpoint.list_checkpoints(out / "checkpoints")
        resume_from = str(found[-1]) if found else None
    if resume_from:
        start, teacher_state, generated = checkpoint.load(
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
        generated,
    )  # fmt: skip


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
        "train/generated_tokens": run.generated,  # so far, every rank (token_budget counts it)
        **({"train/turns": _mean(seen["turns"])} if seen.get("turns") else {}),
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
    row.update({f"train/groups/{e}": len(v) // G for e, v in sorted(by_env.items())})
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
            verify_timeout=cfg.verify_timeout, episodes=run.renderer,
            max_turns=cfg.max_turns or None, episode_tokens=cfg.episode_tokens,
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
            config=asdict(run.cfg), generated_tokens=run.generated,
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


def _mean(values: Any) -> float:
    values = [float(v) for v in values]
    return sum(values) / len(values) if values else 0.0


def _title(cfg: Config) -> str:
    model = "SmolLM2-135M-Instruct (dequantised from Q4_1)" if cfg.model == EMBEDDED else cfg.model
    return f"GRPO: {model} on {cfg.suite}, teacher {cfg.teacher}"
