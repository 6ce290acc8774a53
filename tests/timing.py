"""Time budgets that hold on a busy machine.

A test that bounds how long something takes bounds what the code controls:

* work the code does itself, in this process, is measured in CPU time (:func:`cpu_seconds`),
  which another process keeping the cores busy does not inflate;
* work that waits (a killed worker, a server's reply, a sandboxed program's limit) is bounded
  by wall-clock time, with a budget that grows with the machine's load (:func:`wall_budget`):
  on an idle machine it is the figure the test states, at a load of 10 on 2 cores it is five
  times that.

CI runs the suite with ``-n auto`` on 2 cores, so "idle" already means two busy workers.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass


def busy_factor() -> float:
    """Runnable tasks per core over the last minute, at least 1 (1.0 on an idle machine)."""
    try:
        load = os.getloadavg()[0]
    except OSError:  # not available on this platform
        return 1.0
    return max(1.0, load / (os.cpu_count() or 1))


def wall_budget(seconds: float) -> float:
    """``seconds`` on an idle machine, scaled up by how busy the machine is now."""
    return seconds * busy_factor()


@dataclass
class Elapsed:
    wall: float = 0.0
    cpu: float = 0.0  # this process's CPU time (all its threads)


@contextmanager
def stopwatch() -> Iterator[Elapsed]:
    """Wall-clock and this process's CPU time spent inside the ``with`` block."""
    elapsed = Elapsed()
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        yield elapsed
    finally:
        elapsed.wall = time.perf_counter() - wall
        elapsed.cpu = time.process_time() - cpu


def cpu_seconds(fn, *args, **kwargs) -> float:
    """This process's CPU time spent calling ``fn(*args, **kwargs)``."""
    with stopwatch() as elapsed:
        fn(*args, **kwargs)
    return elapsed.cpu
