"""What ``rlvr/FlightDuration-v0`` must do beyond the generic family contract: durations and
arrivals are what python-dateutil's reading of the zone files gives for the printed times;
an hour off (a missed daylight-saving change) fails."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from tests.families.data.helpers import _gen, _score

tz = pytest.importorskip("dateutil.tz")
_PLACE = r"\S+(?: \S+)? \((\S+)\)"


def test_durations_and_arrivals_match_dateutil():
    for seed in range(40):
        mode = ("duration", "arrival")[seed % 2]
        problem = _gen("rlvr/FlightDuration-v0", seed, None, mode=mode, zones="both",
                       near_change=0.8)  # fmt: skip
        prompt = problem.prompt
        source = re.search(rf"leaves {_PLACE} at", prompt)[1]
        target = re.search(rf"(?:in|to) {_PLACE}(?: at|\.)", prompt)[1]
        depart = re.search(r"at (\S+ \S+) local time", prompt)[1]
        depart = dt.datetime.strptime(depart, "%Y-%m-%d %H:%M").replace(tzinfo=tz.gettz(source))
        if mode == "duration":
            land = re.search(r"lands in .* at (\S+ \S+) local", prompt)[1]
            land = dt.datetime.strptime(land, "%Y-%m-%d %H:%M").replace(tzinfo=tz.gettz(target))
            minutes = int((land - depart).total_seconds()) // 60
            right = f"{minutes // 60}:{minutes % 60:02d}"
            wrong = [f"{minutes // 60 + d}:{minutes % 60:02d}" for d in (-1, 1)]
        else:
            hours, minutes = map(
                int, re.search(r"flies for (\d+) hours? and (\d+) minute", prompt).groups()
            )
            land = (
                depart.astimezone(dt.timezone.utc) + dt.timedelta(hours=hours, minutes=minutes)
            ).astimezone(tz.gettz(target))
            right = land.strftime("%Y-%m-%d %H:%M")
            wrong = [(land + dt.timedelta(hours=d)).strftime("%Y-%m-%d %H:%M") for d in (-1, 1)]
        assert _score(problem, right) == 1.0
        assert all(_score(problem, w) == 0.0 for w in wrong)
