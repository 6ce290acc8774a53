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
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
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


def shutdown(world: World, *, wait: bool = True) -> None:
    """Leave the process group: after every rank got here (``wait``), or at once (after an
    error, when a peer may never arrive). NCCL's group is left to the launcher after an
    error: destroying it while a peer is inside a collective can hang (torchtitan#1342)."""
    if world.size == 1 or not dist.is_initialized():
        return
    if not wait and dist.get_backend() != "gloo":
        return
    try:
        if wait:
            dist.barrier()  # raises when a peer left after an error: leave all the same
    finally:
        dist.destroy_process_group()


@contextmanager
def joined(device: torch.device) -> Iterator[World]:
    """This process's place in the job for the length of the block, and a clean way out.

    The group is always destroyed before the interpreter tears down: a process that exits
    with gloo's threads still holding work aborts at exit ("terminate called without an
    active exception", pytorch#190489), and the launcher then kills its peers. On a normal
    exit every rank waits for the others first; after an error (or a signal turned into
    ``SystemExit`` by :func:`signals_exit`) the rank leaves at once, so a peer's next
    collective fails instead of waiting out the timeout. A group that was already
    initialised when the block began is left as it was.
    """
    ours = not dist.is_initialized()  # a group the caller made is the caller's to leave
    world = init(device)
    try:
        yield world
    except BaseException:
        if ours:
            shutdown(world, wait=False)
        raise
    if ours:
        shutdown(world, wait=True)


@contextmanager
def signals_exit(*signums: int) -> Iterator[None]:
    """Turn ``signums`` (default SIGTERM, which ``torchrun`` sends to stop a worker) into
    ``SystemExit(128 + signum)`` for the block, so ``finally`` clauses and context managers
    run: logs closed, worker pools stopped, the process group left. Only in the main
    thread (Python delivers signals there); elsewhere a no-op."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    signums = signums or (signal.SIGTERM,)

    def leave(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    previous = {s: signal.signal(s, leave) for s in signums}
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


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
