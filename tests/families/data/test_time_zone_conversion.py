"""What ``rlvr/TimeZoneConversion-v0`` must do beyond the generic family contract: the
answer is what python-dateutil's own reading of the zone files gives for the printed time,
an ISO ``T`` separator is accepted, and the time an hour off (a missed daylight-saving
change) fails."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from tests.families.data.helpers import _gen, _score

tz = pytest.importorskip("dateutil.tz")


def test_the_conversion_matches_dateutil():
    for seed in range(40):
        problem = _gen("rlvr/TimeZoneConversion-v0", seed, seed / 39)
        when, source, target = re.search(
            r"It is (\S+ \S+) \(local time\) in the time zone (\S+)\. .* time zone (\S+)\?",
            problem.prompt,
        ).groups()
        local = dt.datetime.strptime(when, "%Y-%m-%d %H:%M").replace(tzinfo=tz.gettz(source))
        there = local.astimezone(tz.gettz(target))
        answer = there.strftime("%Y-%m-%d %H:%M")
        assert _score(problem, answer) == 1.0
        assert _score(problem, there.strftime("%Y-%m-%dT%H:%M")) == 1.0
        for hours in (-1, 1):
            off = (there + dt.timedelta(hours=hours)).strftime("%Y-%m-%d %H:%M")
            assert _score(problem, off) == 0.0
        assert _score(problem, when) == float(when == answer)
