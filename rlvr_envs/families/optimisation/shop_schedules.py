"""What the start-time scheduling families share (``JobShop``, ``OpenShop``,
``ProjectScheduling``): reading start times and finding two tasks that overlap on one
resource."""

from __future__ import annotations

import itertools
import re

from rlvr_envs.families.optimisation.scoring import AnswerError
from rlvr_envs.families.shared.answer_parsing import scan, small_int

_NUMBER = re.compile(r"\d+")


def read_times(text: str, count: int, what: str = "start time") -> list[int]:
    """Exactly ``count`` whole numbers (0 or more) separated by spaces or commas."""
    found = [small_int(m.group()) for m in scan(text, _NUMBER, count, what)]
    if len(found) != count:
        raise AnswerError(f"expected {count} {what}s, found {len(found)}")
    return found


def read_start_groups(text: str, sizes: list[int], what: str = "start time") -> list[list[int]]:
    """Groups of start times separated by ``|``, group ``i`` holding exactly ``sizes[i]``."""
    parts = text.split("|")
    if len(parts) != len(sizes):
        raise AnswerError(f"expected {len(sizes)} groups separated by |, found {len(parts)}")
    return [read_times(part, size, what) for part, size in zip(parts, sizes)]


def first_overlap(spans: list[tuple[int, int, str]]) -> tuple[str, str] | None:
    """Two of the ``(start, end, name)`` spans that share time on one resource, or None.
    Spans of zero length never overlap."""
    ordered = sorted(span for span in spans if span[1] > span[0])
    for (_, end, name), (start, _, other) in itertools.pairwise(ordered):
        if start < end:
            return name, other
    return None
