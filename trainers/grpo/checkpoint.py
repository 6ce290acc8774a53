"""Checkpoints for exact resume: trainable weights, optimiser, schedule, teacher, RNG, step.

A checkpoint is a directory ``<output_dir>/checkpoints/step-<N>/`` holding
``weights.safetensors`` (the trainable parameters only: all of them, or the LoRA adapters),
``trainer.pt`` (optimiser and schedule state, RNG states, step, config) and ``teacher.json``
(the teacher's JSON state). Every step of the trainer is seeded from (seed, step), so the
step after a resume is the step the uninterrupted run would have taken, bit for bit.
"""

from __future__ import annotations

import errno
import json
import random
import re
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import torch


def trainable(model: torch.nn.Module) -> dict[str, torch.nn.Parameter]:
    """The parameters the optimiser updates, by name (shared tensors appear once)."""
    return {name: p for name, p in model.named_parameters() if p.requires_grad}


def save(
    directory: Path,
    *,
    model: torch.nn.Module,
    optimizer: torch.optim.Optimizer,
    scheduler: Any,
    teacher_state: dict[str, Any],
    step: int,
    config: dict[str, Any],
    keep: int = 2,
    generated_tokens: int = 0,
) -> Path:
    """Write the checkpoint after ``step`` steps, which generated ``generated_tokens``
    completion tokens in all (what a token budget counts); keep only the ``keep`` newest."""
    from safetensors.torch import save_file

    target = directory / f"step-{step}"
    partial = directory / f".step-{step}.partial"
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    weights = {name: p.detach().contiguous().cpu() for name, p in trainable(model).items()}
    try:
        # the older checkpoints go only once this one is whole, so it needs room of its own
        need, free = size_estimate(weights, optimizer), shutil.disk_usage(partial).free
        if need > free:
            raise OSError(
                errno.ENOSPC,
                f"no room for the checkpoint of step {step} in {directory}: it needs about "
                f"{need / 2**30:.2f} GiB and {free / 2**30:.2f} GiB are free (a run keeps its "
                f"{keep} newest). Free some space, or write checkpoints less often "
                "(save_every); the newest complete checkpoint is kept",
            )
        save_file(weights, str(partial / "weights.safetensors"))
        torch.save(
            {
                "step": step,
                "generated_tokens": int(generated_tokens),
                "optimizer": optimizer.state_dict(),
                "scheduler": scheduler.state_dict(),
                "rng": {
                    "python": random.getstate(),
                    "numpy": np.random.get_state(),
                    "torch": torch.get_rng_state(),
                },
                "config": config,
            },
            partial / "trainer.pt",
        )
        (partial / "teacher.json").write_text(json.dumps(teacher_state))
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)  # a half-written one only takes space
        raise
    shutil.rmtree(target, ignore_errors=True)
    partial.rename(target)
    prune(directory, keep)
    return target


def size_estimate(weights: dict[str, torch.Tensor], optimizer: torch.optim.Optimizer) -> int:
    """Bytes a checkpoint of these weights and this optimiser's state takes on disk, about:
    the tensors' bytes (Adam keeps two moments per weight, so about three times the weights),
    plus 1% and 1 MiB for the file formats."""
    tensors = sum(t.numel() * t.element_size() for t in weights.values())
    for state in optimizer.state.values():
        tensors += sum(
            v.numel() * v.element_size() for v in state.values() if isinstance(v, torch.Tensor)
        )
    return int(tensors * 1.01) + 2**20


def prune(directory: Path, keep: int) -> list[Path]:
    """Remove all but the ``keep`` newest checkpoints under ``directory`` (``keep`` 0 or less
    keeps them all); returns the ones removed."""
    old = list_checkpoints(directory)[:-keep] if keep > 0 else []
    for path in old:
        shutil.rmtree(path, ignore_errors=True)
    return old


def list_checkpoints(directory: Path) -> list[Path]:
    """Checkpoint directories under ``directory``, oldest first."""
    if not directory.is_dir():
        return []
    found = [p for p in directory.iterdir() if re.fullmatch(r"step-\d+", p.name)]
    return sorted(found, key=lambda p: int(p.name.split("-")[1]))


def load(
    path: Path,
    *,
    model: torch.nn.Module,
    optimizer: torch.optim.Optimizer,
    scheduler: Any,
) -> tuple[int, dict[str, Any], int]:
    """Restore a checkpoint in place; returns (step, teacher state, completion tokens
    generated so far; 0 for a checkpoint written before they were counted)."""
    from safetensors.torch import load_file

    weights = load_file(str(path / "weights.safetensors"))
    params = trainable(model)
    missing = set(params) ^ set(weights)
    if missing:
        raise ValueError(f"checkpoint {path} does not match the model: {sorted(missing)[:5]}")
    with torch.no_grad():
        for name, p in params.items():
            p.copy_(weights[name])
    state = torch.load(path / "trainer.pt", weights_only=False)
    optimizer.load_state_dict(state["optimizer"])
    scheduler.load_state_dict(state["scheduler"])
    random.setstate(state["rng"]["python"])
    np.random.set_state(state["rng"]["numpy"])
    torch.set_rng_state(state["rng"]["torch"])
    teacher = json.loads((path / "teacher.json").read_text())
    return int(state["step"]), teacher, int(state.get("generated_tokens", 0))
