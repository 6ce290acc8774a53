"""``rlvr/EpidemicModel-v0``: the model re-run day by day from the prompt's counts and
parameters in integer arithmetic (the floors as integer division)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.science.helpers import _gen, _score


def tenths(text: str, name: str) -> int:
    return int(re.search(rf"{name} = 0\.(\d)\b", text).group(1))


def simulate(text: str) -> tuple[list[dict[str, int]], int]:
    n = int(re.search(r"N = (\d+)", text).group(1))
    start = re.search(r"On day 0: ([^.]+)\.", text).group(1)
    counts = {k: int(v) for k, v in re.findall(r"([SEIR]) = (\d+)", start)}
    beta, gamma = tenths(text, "beta"), tenths(text, "gamma")
    sigma = tenths(text, "sigma") if "E" in counts else 0
    days = [dict(counts)]
    asked = text.split("the first such step.")[1]
    for _ in range(max(int(d) for d in re.findall(r"\d+", asked))):
        c = days[-1]
        caught = beta * c["S"] * c["I"] // (10 * n)
        cured = gamma * c["I"] // 10
        moved = sigma * c["E"] // 10 if "E" in c else caught
        nxt = {"S": c["S"] - caught, "I": c["I"] + moved - cured, "R": c["R"] + cured}
        if "E" in c:
            nxt["E"] = c["E"] + caught - moved
        days.append(nxt)
    return days, n


def test_the_counts_follow_the_stated_rules():
    for seed in range(40):
        problem = _gen("rlvr/EpidemicModel-v0", seed, seed / 39)
        text = problem.prompt
        days, n = simulate(text)
        assert all(sum(d.values()) == n for d in days)
        if "largest" in text:
            infectious = [d["I"] for d in days]
            expected = infectious.index(max(infectious))
        elif "in total" in text:
            expected = days[0]["S"] - days[-1]["S"]
        else:
            word = re.search(r"are (\w+) at the end", text).group(1)
            key = {"susceptible": "S", "exposed": "E", "infectious": "I", "recovered": "R"}[word]
            expected = days[-1][key]
        assert int(problem.answer) == expected, (text, expected)
        assert _score(problem, str(expected)) == 1.0
        assert _score(problem, str(expected + 1)) == 0.0
        assert _score(problem, f"{expected}.5") == 0.0
        assert _score(problem, f"{expected} people") == 0.0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), guess=st.integers(0, 10**6))
def test_an_integer_scores_exactly_when_it_is_the_count(seed, difficulty, guess):
    problem = _gen("rlvr/EpidemicModel-v0", seed, difficulty)
    assert _score(problem, str(guess)) == float(guess == int(problem.answer))
