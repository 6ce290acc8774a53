"""Run under ``torchrun --nproc_per_node 2``: two gloo ranks inside ``parallel.joined``.

``ok``: both ranks gather twice and leave. ``error``: rank 1 raises between the two gathers;
rank 0 must see its collective fail (or the launcher's SIGTERM, turned into ``SystemExit``)
and leave cleanly, instead of hanging until the launcher kills it.
"""

import os
import sys

import torch

from trainers.grpo import parallel

mode = sys.argv[1]
with parallel.signals_exit(), parallel.joined(torch.device("cpu")) as world:
    print(f"rank {world.rank} is pid {os.getpid()}", flush=True)
    parallel.gather(world, world.rank)
    if mode == "error" and world.rank == 1:
        raise RuntimeError("rank 1 fails on purpose")
    try:
        parallel.gather(world, "second")
    except RuntimeError:
        print(f"rank {world.rank} saw its collective fail", flush=True)
        raise
print(f"rank {world.rank} left the group", flush=True)
