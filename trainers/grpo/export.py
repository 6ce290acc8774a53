"""A training checkpoint as a Hugging Face model directory, to serve or evaluate like any model.

A checkpoint (``<run>/checkpoints/step-<N>/``, see :mod:`trainers.grpo.checkpoint`) holds
only the trainable weights; the base model and the LoRA settings come from the run's
``config.json`` (or the checkpoint's ``trainer.pt``). The export loads the base, copies the
trained weights in (merging LoRA adapters into the base weights), and saves model, tokenizer
and a ``SOURCE.txt`` saying where it came from::

    python -m trainers.grpo.export runs/study/learning/seed-0 runs/exported/seed-0
    bash scripts/serve_model.sh runs/exported/seed-0 8000          # vLLM, like any model
    rlvr eval starter-v0 --hf runs/exported/seed-0 --n 32            # or evaluated locally

``scripts/model_leaderboard.py --checkpoint DIR`` does this to put a trained model's rows
beside the untrained one's.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from trainers.grpo import checkpoint


def find_checkpoint(path: Path) -> Path:
    """``path`` itself when it is a checkpoint (has ``weights.safetensors``); for a run
    directory, its newest checkpoint. FileNotFoundError names what is missing."""
    path = Path(path)
    if (path / "weights.safetensors").is_file():
        return path
    found = checkpoint.list_checkpoints(path / "checkpoints")
    if not found:
        raise FileNotFoundError(
            f"{path} is neither a checkpoint (no weights.safetensors) nor a run directory with "
            "checkpoints/step-<N>/"
        )
    return found[-1]


def run_config(ckpt: Path) -> dict[str, Any]:
    """The trainer config the checkpoint was made with: the run's ``config.json`` (two levels
    up), else the ``config`` saved in ``trainer.pt``."""
    saved = ckpt.parent.parent / "config.json"
    if saved.is_file():
        return json.loads(saved.read_text())
    import torch

    return dict(torch.load(ckpt / "trainer.pt", weights_only=False)["config"])


def export(path: Path, out: Path, *, base: str | None = None) -> Path:
    """Write the model of checkpoint (or run directory) ``path`` to ``out`` as a Hugging
    Face model directory; ``base`` overrides the run's base model (a name or directory)."""
    import torch
    from safetensors.torch import load_file

    from trainers.grpo.model import add_lora, load_model, load_tokenizer, resolve

    ckpt = find_checkpoint(Path(path))
    cfg = run_config(ckpt)
    model_dir = resolve(base or cfg.get("model", "smollm2-135m"))
    tokenizer = load_tokenizer(model_dir)
    model = load_model(model_dir, "float32")
    lora = int(cfg.get("lora_rank", 0)) > 0
    if lora:
        model = add_lora(
            model, int(cfg["lora_rank"]), float(cfg.get("lora_alpha", 32.0)),
            float(cfg.get("lora_dropout", 0.0)), str(cfg.get("lora_targets", "all-linear")),
        )  # fmt: skip
    weights = load_file(str(ckpt / "weights.safetensors"))
    params = checkpoint.trainable(model)
    if set(params) != set(weights):
        odd = sorted(set(params) ^ set(weights))[:5]
        raise ValueError(f"checkpoint {ckpt} does not match the base model {model_dir}: {odd}")
    with torch.no_grad():
        for name, p in params.items():
            p.copy_(weights[name])
    if lora:
        model = model.merge_and_unload()
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out)
    tokenizer.padding_side = "right"  # as a served model's tokenizer usually is
    tokenizer.save_pretrained(out)
    (out / "SOURCE.txt").write_text(
        f"GRPO checkpoint {ckpt} (trainers/grpo), step {ckpt.name.removeprefix('step-')}, "
        f"of the base model {cfg.get('model')} ({model_dir}); suite {cfg.get('suite')}, "
        f"seed {cfg.get('seed')}; exported by trainers/grpo/export.py in float32.\n"
    )
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkpoint", help="a checkpoints/step-<N> directory or a run directory")
    parser.add_argument("out", help="the Hugging Face model directory to write")
    parser.add_argument("--base", default=None, help="the base model (default: the run's)")
    args = parser.parse_args(argv)
    print(export(Path(args.checkpoint), Path(args.out), base=args.base))


if __name__ == "__main__":
    main()
