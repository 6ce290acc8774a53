"""Pass@k and the evaluation subset: the one implementation that ``rlvr eval``, ``rlvr
calibrate`` and the GRPO trainer's evaluation share."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k from ``n`` samples of which ``c`` are correct (Chen et al. 2021,
    "Evaluating Large Language Models Trained on Code", eq. 1): ``1 - C(n-c, k) / C(n, k)``,
    the probability that at least one of ``k`` samples drawn without replacement from the
    ``n`` is correct.

    Raises ValueError unless ``0 <= c <= n`` and ``1 <= k <= n``.
    """
    if k < 1:
        raise ValueError(f"pass@k needs k >= 1, got k={k}")
    if k > n:
        raise ValueError(f"pass@{k} needs at least {k} samples, got {n}")
    if not 0 <= c <= n:
        raise ValueError(f"the correct count must be in 0..{n}, got {c}")
    if n - c < k:
        return 1.0
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


def subset(problems: Sequence[T], limit: int | None) -> list[T]:
    """At most ``limit`` problems, evenly spaced over the set (so every env id and the whole
    difficulty range stay represented), in their original order. ``None`` or 0 keeps all."""
    items = list(problems)
    if not limit or limit >= len(items):
        return items
    if limit < 0:
        raise ValueError(f"limit must be >= 0 (0 or None keeps every problem), got {limit}")
    step = len(items) / limit
    return [items[int(i * step)] for i in range(limit)]


def mean(values: Any) -> float | None:
    """The mean of ``values``, or None when there are none (never a made-up 0)."""
    values = [float(v) for v in values]
    return sum(values) / len(values) if values else None
