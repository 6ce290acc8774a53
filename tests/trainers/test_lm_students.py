"""The LM-student leaderboard's rows come from finished run directories."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("torch")

from trainers.grpo.lm_students import _finished, markdown, summarise


def test_rows_from_a_run_directory(tmp_path):
    run = tmp_path / "uniform-seed0"
    run.mkdir()
    (run / "config.json").write_text(json.dumps({"teacher": "uniform", "seed": 0}))
    rows = [
        {"step": s, "train/accuracy": a, "train/difficulty": 0.1, "train/zero_variance": 0.5}
        for s, a in [(1, 0.2), (2, 0.4), (3, 0.6), (4, 0.8)]
    ]
    rows.append({"step": 4, "eval/pass@1": 0.5, "eval/format": 1.0})
    (run / "metrics.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert _finished(run / "metrics.jsonl")
    row = summarise(run)
    assert row["after"] == 0.5 and row["teacher"] == "uniform"
    assert row["train_accuracy_first_half"] == pytest.approx(0.3)
    assert row["train_accuracy_second_half"] == pytest.approx(0.7)
    setup = {
        "model": "m", "suite": "demo-v0", "eval_problems": 48, "steps": 4,
        "prompts_per_step": 4, "group_size": 8, "max_new_tokens": 24, "learning_rate": 1e-5,
        "machine": "2 cores",
    }  # fmt: skip
    text = markdown(
        {"setup": setup, "before": {"eval/pass@1": 0.25, "eval/format": 0.5}, "runs": [row]}
    )
    assert "| uniform | 0 | 0.500 | +0.250 |" in text


def _fake_run(root, teacher, seed, after, finished=True, variant=""):
    run = root / f"{teacher}{'-' + variant if variant else ''}-seed{seed}"
    run.mkdir()
    (run / "config.json").write_text(json.dumps({"teacher": teacher, "seed": seed}))
    if variant:
        label = {"variant": variant, "overrides": {"refill_rounds": 3}}
        (run / "variant.json").write_text(json.dumps(label))
    rows = [{"step": 1, "train/accuracy": 0.5, "train/difficulty": 0.2, "train/zero_variance": 0}]
    if finished:
        rows.append({"step": 1, "eval/pass@1": after, "eval/format": 1.0})
    (run / "metrics.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))


def test_collect_keeps_finished_runs_and_summarises_seeds(tmp_path):
    from trainers.grpo.lm_students import main

    runs = tmp_path / "runs"
    runs.mkdir()
    (runs / "baseline.json").write_text(json.dumps({"eval/pass@1": 0.25, "eval/format": 0.5}))
    _fake_run(runs, "uniform", 0, 0.5)
    _fake_run(runs, "uniform", 1, 0.25)
    _fake_run(runs, "sec", 0, 0.75)
    _fake_run(runs, "plr", 0, 0.9, finished=False)  # interrupted: left out, rerun later
    _fake_run(runs, "sec", 1, 0.5, variant="refill")
    out = tmp_path / "board"
    main(["--collect", "--runs-dir", str(runs), "--out", str(out), "--steps", "1"])
    report = json.loads(out.with_suffix(".json").read_text())
    assert sorted((r["teacher"], r["variant"], r["seed"]) for r in report["runs"]) == [
        ("sec", "", 0), ("sec", "refill", 1), ("uniform", "", 0), ("uniform", "", 1)
    ]  # fmt: skip
    text = out.with_suffix(".md").read_text()
    assert "| uniform | 2 | +0.125 | +0.000 | +0.250 |" in text
    assert "| sec | 1 | +0.500 | +0.500 | +0.500 |" in text
    assert "| sec [refill] | 1 | +0.250 |" in text and "- `refill`: `refill_rounds=3`" in text


def test_prompts_sampled_per_step_from_the_logged_metrics():
    from trainers.grpo.lm_students import _sampled

    assert _sampled({"train/zero_variance": 0.75}, 4) == 4  # no refill: the batch size
    refill = {"train/groups_kept": 4.0, "train/zero_variance": 0.5, "train/sampling_rounds": 3.0}
    assert _sampled(refill, 4) == 8  # 8 sampled, half flat, 4 kept
    flat = {"train/groups_kept": 0.0, "train/zero_variance": 1.0, "train/sampling_rounds": 4.0}
    assert _sampled(flat, 4) == 16  # nothing kept: every round sampled the whole batch
