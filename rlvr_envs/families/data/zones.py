"""Time zones for the date and time families: the zones they draw from, their daylight-saving
changes, and local times that exist exactly once.

Zones come from the IANA database through the standard library's :mod:`zoneinfo` (the
system's zone files, or the ``tzdata`` package where the system has none). Every zone here
kept the same rules from 2019 to 2026, the years the families draw from, so answers do not
depend on the database's version.
"""

from __future__ import annotations

import datetime as dt
import random
from functools import cache
from zoneinfo import ZoneInfo

# Zones without daylight saving in 2019-2026, then zones with it (both hemispheres).
FIXED = ("Atlantic/Reykjavik", "Asia/Tokyo", "Asia/Kolkata", "Asia/Dubai", "Asia/Singapore",
         "America/Phoenix", "Asia/Kathmandu", "Africa/Nairobi")  # fmt: skip
DAYLIGHT = ("Europe/London", "Europe/Paris", "Europe/Helsinki", "America/New_York",
            "America/Chicago", "America/Denver", "America/Los_Angeles", "Australia/Sydney",
            "Australia/Adelaide", "Pacific/Auckland")  # fmt: skip
YEARS = range(2019, 2027)
UTC = dt.timezone.utc


@cache
def zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


@cache
def changes(name: str, year: int) -> tuple[dt.date, ...]:
    """The dates in ``year`` on which ``name``'s UTC offset changes (by noon UTC)."""
    tz, out = zone(name), []
    day = dt.datetime(year, 1, 1, 12, tzinfo=UTC)
    previous = day.astimezone(tz).utcoffset()
    for k in range(1, 366):
        now = (day + dt.timedelta(days=k)).astimezone(tz).utcoffset()
        if now != previous:
            out.append((day + dt.timedelta(days=k)).date())
        previous = now
    return tuple(out)


def unique_local(name: str, local: dt.datetime) -> bool:
    """Whether the wall-clock time ``local`` (naive) occurs exactly once in zone ``name``."""
    tz = zone(name)
    early, late = local.replace(tzinfo=tz, fold=0), local.replace(tzinfo=tz, fold=1)
    if early.utcoffset() != late.utcoffset():
        return False  # skipped (spring forward) or repeated (fall back)
    back = early.astimezone(UTC).astimezone(tz)
    return back.replace(tzinfo=None) == local


def to_utc(name: str, local: dt.datetime) -> dt.datetime:
    """A naive wall-clock time in zone ``name`` as a naive UTC time."""
    return local.replace(tzinfo=zone(name)).astimezone(UTC).replace(tzinfo=None)


def from_utc(name: str, moment: dt.datetime) -> dt.datetime:
    """A naive UTC time as a naive wall-clock time in zone ``name``."""
    return moment.replace(tzinfo=UTC).astimezone(zone(name)).replace(tzinfo=None)


def draw_date(rng: random.Random, names: list[str], near_change: float) -> dt.date:
    """A date in :data:`YEARS`; with probability ``near_change`` one within a day of a
    daylight-saving change of one of ``names`` (where any of them has one)."""
    year = rng.choice(YEARS)
    near = [d for n in names for d in changes(n, year)]
    if near and rng.random() < near_change:
        return rng.choice(near) + dt.timedelta(days=rng.randint(-1, 1))
    return dt.date(year, 1, 1) + dt.timedelta(days=rng.randrange(365))


def stamp(moment: dt.datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M")
