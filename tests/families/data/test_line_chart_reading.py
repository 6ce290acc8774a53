"""What ``rlvr/LineChartReading-v0`` must do beyond the generic family contract: the values
follow from the printed grid (a point's row counted from a labelled row, times the stated
step); reading the nearest label instead fails."""

from __future__ import annotations

import re

from tests.families.data.helpers import _gen, _score


def test_values_follow_from_the_printed_grid():
    off_by_rows = 0
    for seed in range(30):
        problem = _gen("rlvr/LineChartReading-v0", seed, seed / 29)
        step = int(re.search(r"a level (\d+) units? above", problem.prompt)[1])
        chart = problem.prompt.split("):\n", 1)[1].split("\n\n", 1)[0].splitlines()[:-2]
        label_row = next(i for i, line in enumerate(chart) if line.split("|")[0].strip())
        top = int(chart[label_row].split("|")[0]) + label_row * step
        points = {}
        for i, line in enumerate(chart):
            body = line.split("|", 1)[1]
            for col in (j for j, ch in enumerate(body) if ch == "*"):
                points[col] = top - i * step
        values = [points[c] for c in sorted(points)]
        assert _score(problem, ", ".join(map(str, values))) == 1.0
        labelled = [int(line.split("|")[0]) for line in chart if line.split("|")[0].strip()]
        nearest = [min(labelled, key=lambda v: abs(v - x)) for x in values]
        off_by_rows += nearest != values
        assert _score(problem, ", ".join(map(str, nearest))) == float(nearest == values)
    assert off_by_rows >= 10
