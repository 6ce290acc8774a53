"""CalendarTool: the policy answers with the date tools only (its own reading of the
question, the tools' results); the tools agree with dateutil's day arithmetic."""

from __future__ import annotations

import datetime
import re

import pytest
from dateutil.relativedelta import relativedelta
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.interactive.helpers_tools import FORMATS, final, play

ID = "rlvr/CalendarTool-v0"
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def policy(prompt, seen):
    if m := re.search(r"signed on ([\d-]+) runs for (.*?) \(each", prompt):
        total = sum(int(n) for n in re.findall(r"(\d+) days", m[2]))
        want = re.search(r"the first (\w+day) on or after", prompt)[1]
        if not seen:
            return [("add_days", {"date": m[1], "days": total})]
        end = seen[0][0]
        if len(seen) == 1:
            return [("weekday", {"date": end})]
        if len(seen) == 2:
            shift = (DAYS.index(want) - DAYS.index(seen[1][0])) % 7
            return [("add_days", {"date": end, "days": shift})]
        return seen[2][0]
    every, first, later = re.search(
        r"held every (\d+) days, first on ([\d-]+)\. On which date is the first fair on or "
        r"after ([\d-]+)\?",
        prompt,
    ).groups()
    if not seen:
        return [("days_between", {"start": first, "end": later})]
    if len(seen) == 1:
        gap = int(seen[0][0])
        return [("add_days", {"date": first, "days": -(-gap // int(every)) * int(every)})]
    return seen[1][0]


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_date_policy_solves_in_each_format(fmt):
    for seed in range(8):
        problem = rlvr_envs.make_task(ID).generate(seed, difficulty=0.5)
        turn, _ = play(problem, policy, fmt)
        assert turn.verdict.correct, turn.observation


def one(problem, name, args) -> str:
    turn = rlvr_envs.respond(problem, [f'<tool name="{name}">{args}</tool>'])
    return turn.observation.split("\n\n")[0].removeprefix(f"[{name}] ")


def test_the_tools_agree_with_dateutil():
    problem = rlvr_envs.make_task(ID).generate(1, difficulty=0.0)
    base = datetime.date(1999, 12, 31)
    for days in (1, 60, 366, 10_000, -5000):
        got = one(problem, "add_days", f'{{"date": "1999-12-31", "days": {days}}}')
        assert got == (base + relativedelta(days=days)).isoformat()
    assert one(problem, "weekday", "2000-02-29") == "Tuesday"  # a leap day
    assert one(problem, "days_between", '{"start": "2000-03-01", "end": "2000-02-28"}') == "-2"
    for bad in [
        '{"date": "2001-02-29", "days": 1}',
        '{"date": "1999-12-31", "days": 10000000000}',
        '{"date": "31/12/1999", "days": 1}',
        '{"date": "1999-12-31"}',
    ]:
        assert "error" in one(problem, "add_days", bad)


def test_dates_in_other_forms_are_illegal_and_wrong_dates_lose():
    problem = rlvr_envs.make_task(ID).generate(5, difficulty=1.0)
    right = datetime.date.fromisoformat(problem.answer)
    assert final(problem, right.isoformat()).verdict.correct
    for wrong in [right + datetime.timedelta(days=1), right - datetime.timedelta(days=7)]:
        assert final(problem, wrong.isoformat()).verdict.details["status"] == "lost"
    for form in [right.strftime("%d/%m/%Y"), right.strftime("%B %d, %Y"), "tomorrow"]:
        assert final(problem, form).verdict.details["status"] == "illegal"
    for date in re.findall(r"\d{4}-\d{2}-\d{2}", problem.prompt):  # copies lose
        assert not final(problem, date).verdict.correct


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 40), st.text(max_size=30))
def test_random_answers_are_judged_without_error(seed, text):
    problem = rlvr_envs.make_task(ID).generate(seed, difficulty=0.5)
    turn = rlvr_envs.respond(problem, [f"<answer>{text}</answer>"])
    assert turn.terminated and turn.verdict.details["status"] in ("illegal", "lost", "solved")
    assert turn.verdict.correct == (turn.verdict.details["status"] == "solved")
    assert not turn.verdict.correct or text.strip().casefold() == problem.answer.casefold()
