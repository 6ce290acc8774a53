"""The GPU check's CPU smoke run: both trainers take a step on a tiny random model."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

pytest.importorskip("torch")
pytest.importorskip("trl")

ROOT = Path(__file__).resolve().parents[2]


def _gpu_check():
    spec = importlib.util.spec_from_file_location("gpu_check", ROOT / "bench" / "gpu_check.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_models_have_the_stated_architecture_and_a_lossless_tokenizer(tmp_path):
    from transformers import AutoConfig, AutoTokenizer

    gpu_check = _gpu_check()
    path = gpu_check.build_model(tmp_path / "m", "tiny", vocab=512, dtype="float32")
    config = AutoConfig.from_pretrained(path)
    for key, value in gpu_check.ARCHITECTURES["tiny"].items():
        assert getattr(config, key) == value
    tokenizer = AutoTokenizer.from_pretrained(path)
    text = "Solve for x: 3(x − 2) = 7 ✓\n<answer>13/3</answer>"
    ids = tokenizer(text)["input_ids"]
    assert max(ids) < 512 and tokenizer.decode(ids) == text
    chat = tokenizer.apply_chat_template([{"role": "user", "content": "hi"}], tokenize=False)
    assert chat.startswith("<|im_start|>user\nhi<|im_end|>")


def test_the_cpu_smoke_run_times_both_trainers(tmp_path):
    out = tmp_path / "gpu.json"
    args = ["--device", "cpu", "--tiny", "--steps", "1", "--warmup", "0", "--prompts", "2",
            "--group", "2", "--tokens", "4", "--threads", "1", "--out", str(out)]  # fmt: skip
    report = _gpu_check().main(args)
    assert json.loads(out.read_text()) == json.loads(json.dumps(report))
    for name in ("ours", "trl"):
        row = report["tiny"][name]
        assert row["seconds_per_step"] > 0 and row["generated_tokens_per_s"] > 0
        assert row["peak_gpu_gib"] is None  # no CUDA here
    # both generate exactly 2 prompts x 2 completions x 4 tokens per step
    ours, trl = report["tiny"]["ours"], report["tiny"]["trl"]
    assert ours["generated_tokens_per_s"] * ours["seconds_per_step"] == pytest.approx(16, rel=0.5)
    assert trl["generated_tokens_per_s"] * trl["seconds_per_step"] == pytest.approx(16, rel=0.5)
