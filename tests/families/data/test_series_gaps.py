"""What ``rlvr/SeriesGaps-v0`` must do beyond the generic family contract: the runs are the
expected times (from the printed first and last readings and step) missing from the printed
readings; single times written as a run of one, or runs split up, fail."""

from __future__ import annotations

import re

from tests.families.data.helpers import _gen, _score


def _clock(text: str) -> int:
    h, m = text.split(":")
    return int(h) * 60 + int(m)


def test_the_runs_are_the_missing_expected_times():
    for seed in range(30):
        problem = _gen("rlvr/SeriesGaps-v0", seed, seed / 29)
        step, first, last = re.search(
            r"every (\d+) minutes, from (\S+) to (\S+) ", problem.prompt
        ).groups()
        step, first, last = int(step), _clock(first), _clock(last)
        seen = {_clock(t) for t in re.findall(r"^(\d\d:\d\d) \d", problem.prompt, re.M)}
        missing = [t for t in range(first, last + 1, step) if t not in seen]
        runs: list[list[int]] = []
        for t in missing:
            if runs and runs[-1][-1] == t - step:
                runs[-1].append(t)
            else:
                runs.append([t])
        fmt = lambda t: f"{t // 60:02d}:{t % 60:02d}"  # noqa: E731
        text = ", ".join(fmt(r[0]) if len(r) == 1 else f"{fmt(r[0])}-{fmt(r[-1])}" for r in runs)
        assert _score(problem, text) == 1.0
        every = ", ".join(fmt(t) for t in missing)
        assert _score(problem, every) == float(every == text)
        assert _score(problem, ", ".join(f"{fmt(r[0])}-{fmt(r[-1])}" for r in runs)) == float(
            all(len(r) > 1 for r in runs)
        )
