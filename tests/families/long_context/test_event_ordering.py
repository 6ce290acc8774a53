import datetime
import re

import pytest
from dateutil import parser as dateparser

from tests.families.long_context.helpers import CASES, gen, score

ENTRY = re.compile(r"^On (.+?), (\w+ \w+ the \w+)\.$", re.MULTILINE)


def chronological(problem) -> list[str]:
    context, listed = problem.prompt.split("\n\nPut these events", 1)
    when: dict[str, datetime.datetime] = {}
    for date, what in ENTRY.findall(context):
        assert what not in when
        when[what] = dateparser.parse(date)
    labelled = re.findall(r"^([A-J])\. (.+)$", listed, re.MULTILINE)
    assert len(set(when[what] for _, what in labelled)) == len(labelled)  # distinct days
    return [label for label, what in sorted(labelled, key=lambda pair: when[pair[1]])]


@pytest.mark.parametrize(("seed", "difficulty"), CASES)
def test_the_order_from_dates_parsed_by_dateutil_scores_one(seed, difficulty):
    problem = gen("EventOrdering", seed, difficulty)
    order = chronological(problem)
    assert score(problem, ", ".join(order)) == 1.0
    assert score(problem, " ".join(order).lower()) == 1.0
    assert score(problem, ", ".join(reversed(order))) == 0.0
    assert score(problem, ", ".join(order[:-1])) == 0.0  # a label left out
    assert score(problem, ", ".join(order + order[:1])) == 0.0  # a label twice


def test_mixed_dates_use_three_styles():
    problem = gen("EventOrdering", 2, knobs={"mixed_dates": True, "kchars": 5.0})
    dates = [date for date, _ in ENTRY.findall(problem.prompt)]
    assert any("-" in d for d in dates) and any("," in d for d in dates)
    assert any(re.fullmatch(r"\d+ \w+ \d{4}", d) for d in dates)
