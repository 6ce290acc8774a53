"""What ``rlvr/LogBusiestWindow-v0`` must do beyond the generic family contract: every
busiest window (counted by brute force over the printed log) scores 1 with its count; a
wrong count, or a less busy window with its true count, scores 0."""

from __future__ import annotations

import re

from tests.families.data.helpers import _gen, _score


def _counts(prompt: str, window: int) -> dict[int, int]:
    times = [int(h) * 3600 + int(m) * 60 + int(s)
             for h, m, s in re.findall(r"^(\d\d):(\d\d):(\d\d) ", prompt, re.M)]  # fmt: skip
    minutes = range(0, 24 * 60)
    return {m: sum(m * 60 <= t < (m + window) * 60 for t in times) for m in minutes}


def test_every_busiest_window_scores_one_and_others_fail():
    several = 0
    for seed in range(20):
        problem = _gen("rlvr/LogBusiestWindow-v0", seed, seed / 19)
        window = int(re.search(r"lasts (\d+) minute", problem.prompt)[1])
        counts = _counts(problem.prompt, window)
        best = max(counts.values())
        starts = [m for m, c in counts.items() if c == best]
        several += len(starts) > 1
        for m in starts[:4]:
            assert _score(problem, f"{m // 60:02d}:{m % 60:02d}, {best}") == 1.0
            assert _score(problem, f"{m // 60}:{m % 60:02d}, {best}") == 1.0
            assert _score(problem, f"{m // 60:02d}:{m % 60:02d}, {best + 1}") == 0.0
        other = next(m for m, c in counts.items() if 0 < c < best)
        assert _score(problem, f"{other // 60:02d}:{other % 60:02d}, {counts[other]}") == 0.0
        assert _score(problem, f"{starts[0] // 60:02d}:{starts[0] % 60:02d}") == 0.0
    assert several >= 3
