"""What ``rlvr/MovingAverage-v0`` must do beyond the generic family contract: the averages
are numpy's convolution of the printed values (exact where the window divides), exact
decimals are accepted and rounded ones are not."""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np

from tests.families.data.helpers import _gen, _score


def test_the_averages_match_numpy_and_rounding_fails():
    rounded_seen = 0
    for seed in range(20):
        problem = _gen("rlvr/MovingAverage-v0", seed, seed / 19)
        values = [int(v) for v in re.findall(r"^\d{4}-\d\d-\d\d: (\d+)$", problem.prompt, re.M)]
        window = int(re.search(r"The (\d+)-day trailing", problem.prompt)[1])
        sums = np.convolve(values, np.ones(window, dtype=np.int64), mode="valid")
        exact = [Fraction(int(s), window) for s in sums]
        text = [
            str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"
            for f in exact
        ]
        assert _score(problem, ", ".join(text)) == 1.0
        assert _score(problem, ", ".join(text[:-1])) == 0.0
        decimals = [f"{float(f):.2f}" for f in exact]
        rounded = any(Fraction(d) != f for d, f in zip(decimals, exact))
        rounded_seen += rounded
        assert _score(problem, ", ".join(decimals)) == float(not rounded)
    assert rounded_seen >= 5
