"""What ``rlvr/MeetingSlot-v0`` must do beyond the generic family contract: every slot that
a brute force over the printed calendars and limits finds scores 1, every other slot of the
asked length (and a slot of another length) scores 0."""

from __future__ import annotations

import re

from tests.families.data.helpers import _gen, _score


def _minutes(text: str) -> int:
    h, m = text.split(":")
    return int(h) * 60 + int(m)


def _clock(t: int) -> str:
    return f"{t // 60:02d}:{t % 60:02d}"


def test_brute_force_slots_agree_with_the_check():
    for seed in range(12):
        problem = _gen("rlvr/MeetingSlot-v0", seed, seed / 11)
        prompt = problem.prompt
        length, low, high = re.search(
            r"Find a (\d+)-minute meeting .* between (\S+) and (\S+)\.", prompt
        ).groups()
        length, low, high = int(length), _minutes(low), _minutes(high)
        busy = [
            (_minutes(a), _minutes(b))
            for a, b in re.findall(r"(\d\d:\d\d)-(\d\d:\d\d)", prompt.split("\n\n")[0])
        ]
        after = [_minutes(t) for t in re.findall(r"cannot meet before (\S+)\.", prompt)]
        before = [_minutes(t) for t in re.findall(r"must be finished by (\S+)\.", prompt)]
        good = [
            s for s in range(low, high - length + 1)
            if all(s + length <= a or s >= b for a, b in busy)
            and all(s >= t for t in after) and all(s + length <= t for t in before)
        ]  # fmt: skip
        assert good
        for s in range(low, high - length + 1, 5):
            assert _score(problem, f"{_clock(s)}-{_clock(s + length)}") == float(s in good)
        s = good[-1]
        assert _score(problem, f"{_clock(s)}-{_clock(s + length - 5)}") == 0.0
        assert _score(problem, f"{_clock(s)} - {_clock(s + length)}") == 1.0
        assert _score(problem, f"{_clock(s)}\u2013{_clock(s + length)}") == 1.0  # an en dash
        assert _score(problem, f"{_clock(s)} to {_clock(s + length)}") == 0.0
