"""What ``rlvr/SeriesPeaks-v0`` must do beyond the generic family contract: the peaks are
numpy's strict maxima of each centred window of the printed series; local maxima that are
not peaks of the radius fail."""

from __future__ import annotations

import re

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from tests.families.data.helpers import _gen, _score


def test_peaks_match_numpy_windows():
    for seed in range(25):
        problem = _gen("rlvr/SeriesPeaks-v0", seed, seed / 24)
        rows = re.findall(r"^(\d{4}-\d\d-\d\d): (\d+)$", problem.prompt, re.M)
        dates, values = [d for d, _ in rows], np.array([int(v) for _, v in rows])
        r = int(re.search(r"at least (\d+) day", problem.prompt)[1])
        windows = sliding_window_view(values, 2 * r + 1)
        centre = windows[:, r]
        others = np.delete(windows, r, axis=1)
        peaks = [dates[i + r] for i in np.flatnonzero((centre[:, None] > others).all(axis=1))]
        assert peaks
        assert _score(problem, ", ".join(peaks)) == 1.0
        local = [dates[i] for i in range(1, len(values) - 1)
                 if values[i] > values[i - 1] and values[i] > values[i + 1]]  # fmt: skip
        assert _score(problem, ", ".join(local)) == float(local == peaks)
        if r > 1:
            assert local != peaks
