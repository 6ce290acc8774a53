"""Data families (issue 29): questions over generated tables, JSON documents, logs, time
series, dates across time zones, calendars, recipes, matrices and ASCII charts, answered in
ordinary notation (numbers, times, lists in a stated syntax) and, where several answers are
right, checked against the instance.

Tables and answer readers shared by several families live in
:mod:`rlvr_envs.families.data.tables` and :mod:`rlvr_envs.families.data.readers`. Modules are
imported lazily. ``rlvr/Data-v0`` mixes the families below and is frozen.
"""

from __future__ import annotations

# One line per family: its class name and version (see rlvr_envs/families/__init__.py).
FAMILIES: list[tuple[str, int]] = [
    ("TableFilter", 0),
    ("TableAggregate", 0),
    ("TableGroupBy", 0),
    ("TableJoin", 0),
    ("TablePivot", 0),
    ("TableSort", 0),
    ("JsonPath", 0),
    ("LogWindow", 0),
    ("LogBusiestWindow", 0),
    ("MovingAverage", 0),
    ("SeriesPeaks", 0),
    ("SeriesGaps", 0),
    ("TimeZoneConversion", 0),
    ("FlightDuration", 0),
    ("MeetingSlot", 0),
    ("TimeZoneMeeting", 0),
    ("RecipeScaling", 0),
    ("SpiralOrder", 0),
    ("MatrixPooling", 0),
    ("BarChartReading", 0),
    ("LineChartReading", 0),
]

# Frozen: adding a family to the domain never changes an existing mixture version.
DATA_V0 = [f"rlvr/{name}-v{version}" for name, version in FAMILIES]
MIXTURES: list[tuple[str, list[str]]] = [("rlvr/Data-v0", DATA_V0)]
