"""Worker targets used by the pool's own tests (a slow call, a failing one, what is loaded)."""

from __future__ import annotations

import sys
import time


def sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def divide(a: float, b: float) -> float:
    return a / b


def loaded(modules: list[str]) -> list[bool]:
    """Whether each of ``modules`` is imported in this worker already."""
    return [module in sys.modules for module in modules]
