"""Where metrics go: one JSON line per step, optionally TensorBoard, and a PNG at the end."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any


class MetricsLog:
    """Appends one JSON object per line to ``path``; mirrors scalars to TensorBoard if asked.

    ``resume_step``: rows after that step (from a run that went on past its last
    checkpoint) are dropped, so the file reads as one uninterrupted run.
    """

    def __init__(self, path: Path, *, tensorboard: bool = False, resume_step: int | None = None):
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        if resume_step is None:
            path.write_text("")
        elif path.exists():
            kept = [row for row in read_jsonl(path) if row.get("step", 0) <= resume_step]
            path.write_text("".join(json.dumps(row) + "\n" for row in kept))
        self.writer = None
        if tensorboard:
            from torch.utils.tensorboard import SummaryWriter

            self.writer = SummaryWriter(str(path.parent / "tensorboard"))

    def write(self, row: dict[str, Any]) -> None:
        with self.path.open("a") as f:
            f.write(json.dumps(row, sort_keys=False) + "\n")
        if self.writer is not None:
            step = int(row.get("step", 0))
            for key, value in row.items():
                if isinstance(value, (int, float)) and key != "step":
                    self.writer.add_scalar(key, value, step)
            self.writer.flush()

    def close(self) -> None:
        """Close TensorBoard's writer (and join its thread); idempotent."""
        if self.writer is not None:
            self.writer.close()
            self.writer = None


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


PANELS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("held-out (frozen eval set)", ("eval/pass@1", "eval/format", "eval/sampled_pass@1")),
    ("training batch", ("train/accuracy", "train/format", "train/reward")),
    ("signal", ("train/zero_variance", "train/clip_high", "train/clip_low")),
    ("policy", ("train/entropy", "train/kl")),
    ("completions", ("train/completion_tokens",)),
    ("curriculum", ("train/difficulty",)),
)


def plot(metrics_path: Path, png_path: Path, title: str = "") -> Path | None:
    """Learning curves from a metrics JSONL file; None if matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    rows = read_jsonl(metrics_path)
    panels = [(name, keys) for name, keys in PANELS if any(k in r for r in rows for k in keys)]
    if not panels:
        return None
    cols = 3
    nrows = math.ceil(len(panels) / cols)
    fig, axes = plt.subplots(nrows, cols, figsize=(4.2 * cols, 3.2 * nrows), squeeze=False)
    for ax, (name, keys) in zip(axes.flat, panels):
        for key in keys:
            points = [(r["step"], r[key]) for r in rows if key in r]
            if points:
                xs, ys = zip(*points)
                marker = "o" if key.startswith("eval/") else None
                ax.plot(xs, ys, marker=marker, label=key.split("/", 1)[1])
        ax.set_title(name)
        ax.set_xlabel("step")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    for ax in list(axes.flat)[len(panels) :]:
        ax.axis("off")
    if title:
        fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    png_path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(png_path, dpi=110)
    plt.close(fig)
    return png_path
