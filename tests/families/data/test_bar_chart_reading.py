"""What ``rlvr/BarChartReading-v0`` must do beyond the generic family contract: the values
are the printed bars' lengths times the unit, read from the stated scale or from the
printed axis; the raw lengths fail unless the unit is 1."""

from __future__ import annotations

import re

from tests.families.data.helpers import _gen, _score


def test_values_follow_from_the_printed_chart():
    for seed in range(30):
        problem = _gen("rlvr/BarChartReading-v0", seed, seed / 29)
        chart = problem.prompt.split("Bar chart:\n", 1)[1].split("\n\n", 1)[0].splitlines()
        stated = re.search(r"Each # stands for (\d+) unit", problem.prompt)
        if stated:
            unit = int(stated[1])
        else:
            labels = [int(v) for v in chart[0].split()]
            assert labels[0] == 0
            unit = labels[1] // 5  # a tick every five characters
            chart = chart[2:]
        lengths = [line.split("|", 1)[1].count("#") for line in chart]
        values = [n * unit for n in lengths]
        assert _score(problem, ", ".join(map(str, values))) == 1.0
        assert _score(problem, ", ".join(map(str, lengths))) == float(unit == 1)
        assert _score(problem, ", ".join(map(str, values[::-1]))) == float(values == values[::-1])
