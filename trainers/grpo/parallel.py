"""Data parallelism: the same script under ``torchrun`` (gloo on CPU, NCCL on GPU).

Every rank holds a full copy of the policy. Each step, every rank's teacher proposes the same
global batch of prompts (same seed, same updates) and each rank rolls out its own slice.
Rewards are gathered so every rank computes the same advantages and feeds the same outcomes to
its teacher. Gradients are summed across ranks before clipping, and the loss's normaliser is
counted over the global batch, so N ranks take exactly the step one process would take on
the union of their batches (up to floating-point summation order).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

import torch
import torch.distributed as dist


@dataclass(frozen=True)
class World:
    """This process's place in the job: ``rank`` of ``size`` (1 without torchrun)."""

    rank: int = 0
    size: int = 1

    @property
    def main(self) -> bool:
        return self.rank == 0


def init(device: torch.device) -> World:
    """Join the process group that ``torchrun`` describes in the environment, if any."""
    size = int(os.environ.get("WORLD_SIZE", "1"))
    if size == 1:
        return World()
    if device.type == "cuda":
        torch.cuda.set_device(device)
    if not dist.is_initialized():
        backend = "nccl" if device.type == "cuda" else "gloo"
        dist.init_process_group(backend=backend)
    return World(rank=dist.get_rank(), size=dist.get_world_size())


def shutdown(world: World) -> None:
    if world.size > 1 and dist.is_initialized():
        dist.destroy_process_group()


def gather(world: World, obj: Any) -> list[Any]:
    """Every rank's ``obj``, in rank order, on every rank."""
    if world.size == 1:
        return [obj]
    out: list[Any] = [None] * world.size
    dist.all_gather_object(out, obj)
    return out


def sum_floats(world: World, *values: float) -> list[float]:
    """The sum over ranks of each value."""
    if world.size == 1:
        return [float(v) for v in values]
    t = torch.tensor(values, dtype=torch.float64)
    dist.all_reduce(t)
    return t.tolist()


def sum_gradients(world: World, params: list[torch.nn.Parameter]) -> None:
    """Sum gradients over ranks, in place (a rank that had no tokens contributes zeros)."""
    if world.size == 1:
        return
    for p in params:
        if p.grad is None:
            p.grad = torch.zeros_like(p)
        dist.all_reduce(p.grad)


def broadcast_parameters(world: World, params: list[torch.nn.Parameter]) -> None:
    """Copy rank 0's parameters to every rank (so LoRA's random init agrees, for one)."""
    if world.size == 1:
        return
    with torch.no_grad():
        for p in params:
            dist.broadcast(p.data, src=0)


def barrier(world: World) -> None:
    if world.size > 1:
        dist.barrier()
