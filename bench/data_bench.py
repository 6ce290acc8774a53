"""Data families: generation and verification throughput, ours against reasoning-gym's, one core.

Run: ``python bench/data_bench.py`` (needs the ``bench`` extra: reasoning-gym). How rates are
measured and compared: ``bench/family_bench.py``. Writes ``bench/results/data.{json,md}``.
"""

from __future__ import annotations

from typing import Any

from family_bench import Comparisons, main

# (our id, our knobs matching the counterpart's default, counterpart, what its default is)
COMPARISONS: list[tuple[str, dict[str, Any], str, str]] = [
    ("rlvr/SpiralOrder-v0", {"size": 6, "start": "top_left"}, "spiral_matrix",
     "2x2 to 10x10, clockwise from the top left"),
    ("rlvr/MatrixPooling-v0", {"size": 6, "kernel": 2, "pool": "average"}, "pool_matrix",
     "2x2 to 10x10, window 1-3, max or average"),
    ("rlvr/FlightDuration-v0", {"mode": "duration", "zones": "one"}, "time_intervals",
     "durations between times or dates, some with UTC offsets"),
]  # fmt: skip
NOTES = {
    "spiral_matrix": (
        "theirs always starts at the top left, clockwise, on single digits; ours draws distinct "
        "two-digit entries (so the order is unambiguous) and, at higher difficulty, any corner "
        "and either direction."
    ),
    "pool_matrix": (
        "theirs rounds averages to two decimals and accepts a float match; ours asks for the "
        "exact average (an integer or a fraction in lowest terms) and has overlapping strides."
    ),
    "time_intervals": (
        "theirs subtracts naive times or times with fixed UTC offsets; ours converts local "
        "times in IANA zones with daylight saving (zoneinfo), so the counterpart is loose."
    ),
}
NO_COUNTERPART = {
    "rlvr/TableFilter-v0": "none in reasoning-gym (no CSV table tasks)",
    "rlvr/TableAggregate-v0": "none",
    "rlvr/TableGroupBy-v0": "none",
    "rlvr/TableJoin-v0": "none",
    "rlvr/TablePivot-v0": "none",
    "rlvr/TableSort-v0": "none",
    "rlvr/JsonPath-v0": "none",
    "rlvr/LogWindow-v0": "none",
    "rlvr/LogBusiestWindow-v0": "none",
    "rlvr/MovingAverage-v0": "none",
    "rlvr/SeriesPeaks-v0": "none",
    "rlvr/SeriesGaps-v0": "none",
    "rlvr/TimeZoneConversion-v0": "time_intervals asks durations, not conversions",
    "rlvr/MeetingSlot-v0": "none",
    "rlvr/TimeZoneMeeting-v0": "none",
    "rlvr/RecipeScaling-v0": "none",
    "rlvr/BarChartReading-v0": "none",
    "rlvr/LineChartReading-v0": "none",
}


TABLE = Comparisons("data", "Data families", COMPARISONS, NOTES, NO_COUNTERPART)

if __name__ == "__main__":
    main(TABLE, __doc__)
