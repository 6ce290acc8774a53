"""Data parallel on CPU: two gloo processes under torchrun keep identical weights."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize(
    "extra",
    [[], ["--drop-zero-variance", "--refill-rounds", "3", "--prompts-per-step", "3"]],
    ids=["plain", "refill"],  # refill: uneven slices per round, a rank may sample nothing
)
def test_two_cpu_processes_keep_equal_weights(tiny_model_dir, tmp_path, extra):
    from trainers.grpo.model import load_model

    out = tmp_path / "dp"
    command = [
        sys.executable, "-m", "torch.distributed.run", "--nproc_per_node", "2",
        "--master_addr", "127.0.0.1", "--master_port", str(_free_port()),
        "-m", "trainers.grpo", "--model", str(tiny_model_dir), "--output-dir", str(out),
        "--suite", "math-v0", "--steps", "3", "--prompts-per-step", "2", "--group-size", "4",
        "--max-new-tokens", "16", "--format-reward", "1", "--learning-rate", "1e-2",
        "--eval-limit", "4", "--no-progress", "--threads", "1", "--device", "cpu", *extra,
    ]  # fmt: skip
    env = {**os.environ, "OMP_NUM_THREADS": "1", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    fingerprints = json.loads((out / "replicas.json").read_text())["fingerprints"]
    assert len(fingerprints) == 2 and fingerprints[0] == fingerprints[1]
    rows = [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]
    assert any(r.get("train/grad_norm", 0) > 0 for r in rows)  # a real update happened
    before = load_model(tiny_model_dir).state_dict()
    after = load_model(out / "final").state_dict()
    assert any(not torch.equal(before[k], after[k]) for k in before)
