"""What ``rlvr/LogWindow-v0`` must do beyond the generic family contract: the ids are those
of the printed log lines (parsed with datetime) inside the printed window that meet the
printed filters."""

from __future__ import annotations

import datetime as dt
import re

from tests.families.data.helpers import _gen, _score

ENV = "rlvr/LogWindow-v0"


def test_the_ids_follow_from_the_printed_log():
    for seed in range(30):
        problem = _gen(ENV, seed, seed / 29)
        prompt = problem.prompt
        window = re.search(r"from (\S+ \S+) to (\S+ \S+) \(both", prompt).groups()
        start, end = (dt.datetime.strptime(t, "%Y-%m-%d %H:%M:%S") for t in window)
        levels = re.search(r"with level (.+?),", prompt)
        levels = levels[1].split(" or ") if levels else None
        service = re.search(r"from the service (\w+)", prompt)
        kept = []
        for line in prompt.split("Log:\n", 1)[1].split("\n\n", 1)[0].splitlines():
            day, clock, level, where, rid = line.split()[:5]
            when = dt.datetime.strptime(f"{day} {clock}", "%Y-%m-%d %H:%M:%S")
            if (
                start <= when <= end
                and (levels is None or level in levels)
                and (service is None or where == service[1])
            ):
                kept.append(rid.removeprefix("req="))
        assert len(kept) >= 2
        assert _score(problem, ", ".join(kept)) == 1.0
        assert _score(problem, ", ".join(kept[1:])) == 0.0
        assert _score(problem, ", ".join(kept[::-1])) == 0.0
        assert _score(problem, ", ".join(f"req={k}" for k in kept)) == 0.0
