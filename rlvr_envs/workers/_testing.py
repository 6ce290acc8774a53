"""Worker targets used by the pool's own tests (a slow call and a failing one)."""

from __future__ import annotations

import time


def sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def divide(a: float, b: float) -> float:
    return a / b
