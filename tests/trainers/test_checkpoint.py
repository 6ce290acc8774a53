"""Checkpoints on a full disk: a clear error before writing, nothing half-written left."""

from __future__ import annotations

import errno
from collections import namedtuple

import pytest

pytest.importorskip("torch")

import torch

from trainers.grpo import checkpoint

Usage = namedtuple("Usage", "total used free")


def _trained():
    model = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.Linear(128, 8))
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    model(torch.randn(4, 64)).sum().backward()
    optimizer.step()  # Adam's two moments now exist
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda _: 1.0)
    return model, optimizer, scheduler


def _save(directory, step, model, optimizer, scheduler):
    return checkpoint.save(
        directory, model=model, optimizer=optimizer, scheduler=scheduler,
        teacher_state={"n": step}, step=step, config={}, keep=2,
    )  # fmt: skip


def _bytes(path):
    return sum(f.stat().st_size for f in path.iterdir())


def test_the_size_estimate_covers_what_is_written_and_little_more(tmp_path):
    model, optimizer, scheduler = _trained()
    written = _bytes(_save(tmp_path, 1, model, optimizer, scheduler))
    weights = {n: p.detach() for n, p in checkpoint.trainable(model).items()}
    params = sum(p.numel() for p in model.parameters())
    assert written > 3 * 4 * params  # weights and two float32 moments per weight
    estimate = checkpoint.size_estimate(weights, optimizer)
    assert written <= estimate <= written + 2 * 2**20


def test_a_full_disk_is_refused_before_writing_and_the_last_checkpoint_stays(tmp_path, monkeypatch):
    model, optimizer, scheduler = _trained()
    _save(tmp_path, 1, model, optimizer, scheduler)
    monkeypatch.setattr(checkpoint.shutil, "disk_usage", lambda _: Usage(10**9, 10**9, 1000))
    with pytest.raises(OSError, match=r"no room for the checkpoint of step 2 .* needs about") as e:
        _save(tmp_path, 2, model, optimizer, scheduler)
    assert e.value.errno == errno.ENOSPC
    assert sorted(p.name for p in tmp_path.iterdir()) == ["step-1"]  # no .step-2.partial


def test_a_write_that_fails_halfway_leaves_no_partial_checkpoint(tmp_path, monkeypatch):
    model, optimizer, scheduler = _trained()

    def disk_full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(checkpoint.torch, "save", disk_full)  # after the weights' file
    with pytest.raises(OSError, match="No space left"):
        _save(tmp_path, 1, model, optimizer, scheduler)
    assert list(tmp_path.iterdir()) == []
    assert checkpoint.list_checkpoints(tmp_path) == []


def test_prune_keeps_the_newest(tmp_path):
    for step in (5, 10, 15):
        (tmp_path / f"step-{step}").mkdir()
    assert [p.name for p in checkpoint.prune(tmp_path, keep=1)] == ["step-5", "step-10"]
    assert [p.name for p in checkpoint.list_checkpoints(tmp_path)] == ["step-15"]
    assert checkpoint.prune(tmp_path, keep=0) == [] and (tmp_path / "step-15").is_dir()
