"""The trainer's closing summary: held-out pass@1 and format before and after, read back from
the run's metrics.jsonl, the share of groups without learning signal, and the curves' path."""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("torch")

from trainers.grpo.cli import summary


def write_run(out, rows):
    out.mkdir(parents=True, exist_ok=True)
    (out / "metrics.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))


def test_summary_shows_before_and_after_and_the_curves(tmp_path):
    rows = [{"step": 0, "eval/pass@1": 0.375, "eval/format": 0.854}]
    rows += [{"step": s, "train/zero_variance": z} for s, z in enumerate([1.0, 0.5, 0.25, 0.25])]
    rows += [{"step": 2, "eval/pass@1": 0.4, "eval/format": 0.9}]
    rows += [{"step": 4, "eval/pass@1": 0.5, "eval/format": 1.0}]
    write_run(tmp_path, rows)
    (tmp_path / "curves.png").write_bytes(b"")
    text = summary(tmp_path)
    table = {m[0]: m[1:] for m in re.findall(r"^\s*(before|after)\s+(\d+)\s+(\S+)\s+(\S+)$",
                                              text, flags=re.M)}  # fmt: skip
    assert table == {"before": ("0", "0.375", "0.854"), "after": ("4", "0.500", "1.000")}
    assert "0.50 over all 4 steps, 0.25 over the last 2" in text
    assert str(tmp_path / "curves.png") in text


def test_summary_without_evaluations_or_curves_says_so(tmp_path):
    write_run(tmp_path, [{"step": 0, "train/zero_variance": 1.0}])
    text = summary(tmp_path)
    assert "no held-out evaluation" in text and "curves.png" not in text
    assert "1.00 over all 1 steps" in text
