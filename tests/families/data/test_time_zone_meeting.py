"""What ``rlvr/TimeZoneMeeting-v0`` must do beyond the generic family contract: a UTC slot
scores 1 exactly when python-dateutil puts every quarter hour of it (both ends included)
inside each attendee's printed local hours."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from tests.families.data.helpers import _gen, _score

tz = pytest.importorskip("dateutil.tz")


def _minutes(text: str) -> int:
    h, m = text.split(":")
    return int(h) * 60 + int(m)


def _inside(moment: dt.datetime, zone: str, low: int, high: int) -> bool:
    """Whether the local time of ``moment`` lies within the hours (overnight where low > high)."""
    local = moment.astimezone(tz.gettz(zone))
    t = local.hour * 60 + local.minute
    return low <= t <= high if low <= high else (t >= low or t <= high)


def test_slots_agree_with_dateutil():
    for seed in range(8):
        problem = _gen("rlvr/TimeZoneMeeting-v0", seed, seed / 7)
        prompt = problem.prompt
        people = [(z, _minutes(a), _minutes(b)) for z, a, b in
                  re.findall(r"\((\S+)\): (\d\d:\d\d)-(\d\d:\d\d) local", prompt)]  # fmt: skip
        length = int(re.search(r"Find a (\d+)-minute", prompt)[1])
        day = dt.datetime.strptime(re.search(r"meeting on (\S+) \(a UTC", prompt)[1], "%Y-%m-%d")
        day = day.replace(tzinfo=dt.timezone.utc)
        agreed = 0
        for start in range(0, 1440 - length, 15):
            moments = [day + dt.timedelta(minutes=start + q) for q in range(0, length + 1, 15)]
            fits = all(
                all(_inside(m, zone, low, high) for m in moments)
                and (low > high or _same_shift(moments, zone))
                for zone, low, high in people
            )
            text = f"{start // 60:02d}:{start % 60:02d}-{(start + length) // 60:02d}:{(start + length) % 60:02d}"  # noqa: E501
            agreed += fits
            assert _score(problem, text) == float(fits), (seed, text)
        assert agreed >= 1


def _same_shift(moments: list[dt.datetime], zone: str) -> bool:
    """The slot lies within one local day's hours (not the end of one day's and the start
    of the next)."""
    days = {m.astimezone(tz.gettz(zone)).date() for m in moments}
    return len(days) == 1
