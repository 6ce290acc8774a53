"""Every choice of ``k`` of ``n`` items as one array, for the families that prove their
optimum by evaluating all choices at once with numpy (k-median, p-centre, maximum
coverage)."""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np


@cache
def k_subsets(n: int, k: int) -> np.ndarray:
    """The ``k``-subsets of ``range(n)`` in lexicographic order, one row each."""
    return np.array(list(itertools.combinations(range(n), k)), dtype=np.int64)
