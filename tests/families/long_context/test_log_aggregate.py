import re

import pytest

from tests.families.long_context.helpers import CASES, gen, score

LINE = re.compile(r"^\S+ account=(\w+) type=(deposit|withdrawal) amount=(\d+)$", re.MULTILINE)


@pytest.mark.parametrize(("seed", "difficulty"), CASES)
@pytest.mark.parametrize("operation", ["max", "sum", "net"])
def test_the_aggregate_recomputed_from_the_ledger_scores_one(seed, difficulty, operation):
    problem = gen("LogAggregate", seed, knobs={"operation": operation, "kchars": 1 + seed})
    account = re.search(r"of account (\w+)\?", problem.prompt).group(1)
    rows = [(t, int(n)) for a, t, n in LINE.findall(problem.prompt) if a == account]
    out = [n for t, n in rows if t == "withdrawal"]
    value = {"max": max(out), "sum": sum(out),
             "net": sum(n for t, n in rows if t == "deposit") - sum(out)}[operation]  # fmt: skip
    assert score(problem, str(value)) == 1.0
    everyone = [int(n) for a, t, n in LINE.findall(problem.prompt) if t == "withdrawal"]
    if operation == "sum" and sum(everyone) != value:
        assert score(problem, str(sum(everyone))) == 0.0  # every account's withdrawals


def test_dates_run_forward():
    problem = gen("LogAggregate", 2, 0.8)
    dates = re.findall(r"^(\d{4}-\d\d-\d\d) ", problem.prompt, re.MULTILINE)
    assert dates == sorted(dates)
