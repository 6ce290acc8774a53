"""The GPU study's plan and summary on CPU; its smoke run end to end (slow)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from argparse import Namespace
from pathlib import Path

import pytest

pytest.importorskip("torch")

from trainers.grpo import gpu_study, study
from trainers.grpo.train import Config

ROOT = Path(__file__).resolve().parents[2]


def _args(tmp_path, **extra):
    values = {"device": "cuda", "model": "smollm2-135m", "out": str(tmp_path / "board"),
              "runs": str(tmp_path / "runs"), "machine": "an H200", "smoke": False}  # fmt: skip
    return Namespace(**{**values, **extra})


def test_the_gpu_plan_trains_on_cuda_in_float32_with_a_larger_batch(tmp_path):
    plan = gpu_study.plan(_args(tmp_path))
    chosen = study.learning_study(study.build_parser().parse_args(plan.learning))
    cfg = chosen.config(0, tmp_path / "seed-0")
    cfg.validate()
    cpu = Config(**{**study.PRESETS["starter"], "output_dir": "x"})
    assert cfg.device == "cuda" and cfg.dtype == "float32" and cfg.model == "smollm2-135m"
    assert cfg.prompts_per_step * cfg.group_size >= 4 * cpu.prompts_per_step * cpu.group_size
    assert cfg.suite == "starter-v0" and cfg.chat_examples == cpu.chat_examples
    assert len(chosen.seeds) >= 2 and cfg.steps % cfg.eval_every == 0
    assert chosen.board == tmp_path / "board" and chosen.out == tmp_path / "runs" / "learning"
    assert plan.throughput[1].endswith("gpu_check.py") and "cuda" in plan.throughput
    teachers = plan.teachers
    assert teachers[1 : 1 + len(gpu_study.TEACHERS)] == gpu_study.TEACHERS
    assert 'device="cuda"' in teachers and 'model="smollm2-135m"' in teachers


def test_speed_and_summary_come_from_the_runs_metrics(tmp_path):
    run = tmp_path / "seed-0"
    run.mkdir()
    rows = [{"step": i, "perf/step_s": s, "perf/generated_tokens_per_s": t}
            for i, (s, t) in enumerate([(2.0, 100.0), (4.0, 50.0), (3.0, 80.0)])]  # fmt: skip
    rows.append({"step": 3, "eval/pass@1": 0.5})
    (run / "metrics.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    speed = gpu_study.trainer_speed([run, tmp_path / "missing"])
    assert speed == {"steps": 3, "seconds_per_step": 3.0, "generated_tokens_per_s": 80.0}
    pair = {"seconds_per_step": 1.5, "generated_tokens_per_s": 900.0, "peak_gpu_gib": 3.25}
    summary = {
        "device": "an H200", "model": "m", "budget_s": 600, "wall_s": 580.0, "command": "c",
        "date": "d", "stages": [
            {"stage": "throughput", "status": "done", "wall_s": 90.0, "peak_gpu_gib": None,
             "rows": {"smollm2-135m-arch": {"ours": pair, "trl": {**pair, "peak_gpu_gib": 9.5},
                                            "speedup": 1.0}}},
            {"stage": "learning", "status": "done", "wall_s": 300.0, "peak_gpu_gib": 20.5,
             "speed": speed, "untrained": [0.3, [0.25, 0.36]],
             "curves": [{"seed": 0, "evals": [[0, 0.3, [0.25, 0.36], 1.0]]}]},
            {"stage": "teachers", "status": "skipped (budget spent: 601 s)"},
        ],
    }  # fmt: skip
    text = gpu_study.markdown(summary)
    assert "| learning | done | 300.0 | 3.00 | 80 | 20.50 |" in text
    assert "| smollm2-135m-arch | trl | 1.50 | 900 | 9.50 |" in text
    assert "| teachers | skipped (budget spent: 601 s) | - | - | - | - |" in text
    assert "| 0 | 0: 0.300 [0.250, 0.360] (1.00) |" in text


@pytest.mark.slow
def test_the_smoke_run_of_every_stage_writes_the_board(tiny_model_dir, tmp_path):
    pytest.importorskip("trl")
    out = tmp_path / "board"
    runs = tmp_path / "r"
    command = ["bash", str(ROOT / "scripts" / "gpu_study.sh"), "--device", "cpu", "--smoke",
               "--model", str(tiny_model_dir), "--out", str(out), "--runs", str(runs)]  # fmt: skip
    env = {**os.environ, "PYTHON": sys.executable}
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    summary = json.loads((out / "gpu_study.json").read_text())
    assert [s["stage"] for s in summary["stages"]] == list(gpu_study.STAGES)
    assert all(s["status"] == "done" for s in summary["stages"])
    assert summary["stages"][0]["rows"]["tiny"]["ours"]["seconds_per_step"] > 0
    assert summary["stages"][1]["speed"]["steps"] == 1
    assert summary["stages"][2]["speed"]["steps"] == 2  # two teachers, a step each
    for name in ("gpu_study.md", "throughput.json", "learning.md", "learning.png", "teachers.md"):
        assert (out / name).is_file(), name
