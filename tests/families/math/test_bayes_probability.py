"""What ``rlvr/BayesProbability-v0`` must do beyond the generic family contract: every answer
equals ``P(A and D) / P(D)`` over an explicitly enumerated joint sample space (every coin,
die face or labelled ball, times every sequence of results), read back from the prompt;
other written forms score 1, wrong ones 0."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.math.bayes_probability import BayesProbability
from tests.families.math.helpers import _gen, _score

ENV = "rlvr/BayesProbability-v0"
LEVELS = BayesProbability.knobs["level"].choices


def _pct(text: str) -> list[Fraction]:
    return [Fraction(int(x), 100) for x in re.findall(r"(\d+)%", text)]


def _conditional(space, asked, observed) -> Fraction:
    """``space``: (weight, outcome) pairs; P(asked | observed)."""
    seen = sum(w for w, o in space if observed(o))
    return sum(w for w, o in space if observed(o) and asked(o)) / seen


def _results_space(prevalence, tests, count=None):
    """(weight, (sick, results)) for a person and each test's result."""
    space = []
    rounds = tests if count is None else tests * count
    for sick in (True, False):
        base = prevalence if sick else 1 - prevalence
        for results in itertools.product((True, False), repeat=len(rounds)):
            w = base
            for (sens, spec), positive in zip(rounds, results):
                rate = sens if sick else 1 - spec
                w *= rate if positive else 1 - rate
            space.append((w, (sick, results)))
    return space


def brute_force(q: str) -> Fraction:
    if q.startswith("A condition affects") or q.startswith("A disease affects"):
        a, b = map(int, re.search(r"affects (\d+) in (\d+)", q).groups())
        rates = _pct(q)
        tests = [(rates[i], rates[i + 1]) for i in range(0, len(rates), 2)]
        if q.startswith("A condition"):
            times = re.search(r"given (\d+) times", q)
            count = int(times.group(1)) if times else 1
            words = re.findall(r"\b(positive|negative)\b", q.split("tested.", 1)[1])
            observed = tuple(w == "positive" for w in words[-count:])
            space = _results_space(Fraction(a, b), tests, count)
            wants_sick = "does not have" not in q
        else:
            observed = tuple(w == "positive" for w in re.findall(r"(positive|negative) on test", q))
            space = _results_space(Fraction(a, b), tests)
            wants_sick = True
        return _conditional(space, lambda o: o[0] == wants_sick, lambda o: o[1] == observed)
    if q.startswith("A bag holds"):
        coins = []  # every coin in the bag, by its type and head probability
        for n, kind, p in re.findall(
            r"(\d+) coins? of type (\w) \(heads with probability (\S+)\)", q
        ):
            coins += [(kind, Fraction(p))] * int(n)
        flips = int(re.search(r"flipped (\d+) time", q).group(1))
        heads = int(re.search(r"shows heads (\d+) time", q).group(1))
        asked = re.search(r"is of type (\w)\?", q).group(1)
        space = [
            (Fraction(1, len(coins)) * _seq_weight(p, seq), (kind, seq))
            for kind, p in coins
            for seq in itertools.product("HT", repeat=flips)
        ]
        return _conditional(space, lambda o: o[0] == asked, lambda o: o[1].count("H") == heads)
    if q.startswith("Urn 1"):
        r1, b1, r2, b2 = map(int, re.findall(r"(\d+) (?:red|blue)", q)[:4])
        faces = int(re.search(r"at most (\d+)", q).group(1))
        draws = int(re.search(r"urn (\d+) balls? (?:is|are) drawn", q).group(1))
        replace = "with replacement" in q
        if draws == 1:
            reds = 0 if "it is not red" in q else 1
        elif "none of them" in q:
            reds = 0
        else:
            reds = int(re.search(r"(\d+) of them", q).group(1))
        space = []
        for face in range(1, 7):
            urn = 1 if face <= faces else 2
            balls = ["R"] * (r1 if urn == 1 else r2) + ["B"] * (b1 if urn == 1 else b2)
            rows = (
                list(itertools.product(balls, repeat=draws))
                if replace
                else list(itertools.permutations(balls, draws))
            )
            space += [(Fraction(1, 6 * len(rows)), (urn, row)) for row in rows]
        return _conditional(space, lambda o: o[0] == 1, lambda o: o[1].count("R") == reds)
    if q.startswith("A factory"):
        machines = re.findall(r"machine (\w) makes (\d+) parts? in every (\d+), (\d+)% of them", q)
        items = 1 if "One part is picked" in q else int(re.search(r"batch of (\d+)", q).group(1))
        bad = 1 if items == 1 else int(re.search(r"; (\d+) of them", q).group(1))
        asked = re.search(r"from machine (\w)\?", q).group(1)
        space = []
        for name, share, total, rate in machines:
            rate = Fraction(int(rate), 100)
            for pattern in itertools.product((True, False), repeat=items):
                w = Fraction(int(share), int(total))
                for defective in pattern:
                    w *= rate if defective else 1 - rate
                space.append((w, (name, sum(pattern))))
        return _conditional(space, lambda o: o[0] == asked, lambda o: o[1] == bad)
    if q.startswith("A box holds"):
        fair, biased = map(int, re.search(r"holds (\d+) fair coins? and (\d+) biased", q).groups())
        bias = Fraction(re.search(r"probability (\d+/\d+)", q).group(1))
        shown = tuple(re.search(r"showing ([HT, ]+) \(", q).group(1).split(", "))
        coins = [Fraction(1, 2)] * fair + [bias] * biased
        space = [
            (Fraction(1, len(coins)) * _seq_weight(p, seq), seq)
            for p in coins
            for seq in itertools.product("HT", repeat=len(shown) + 1)
        ]
        return _conditional(space, lambda o: o[-1] == "H", lambda o: o[:-1] == shown)
    raise AssertionError(q)


def _seq_weight(p: Fraction, seq) -> Fraction:
    w = Fraction(1)
    for s in seq:
        w *= p if s == "H" else 1 - p
    return w


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), level=st.sampled_from(LEVELS), obs=st.integers(1, 5))
def test_answers_match_the_enumerated_joint_space(seed, level, obs):
    problem = _gen(ENV, seed, level=level, observations=obs)
    assert Fraction(problem.answer) == brute_force(problem.meta["question"]), problem.prompt


def test_every_template_is_checked():
    seen = set()
    for seed in range(120):
        problem = _gen(ENV, seed, level=LEVELS[seed % 4], observations=1 + seed % 5)
        assert Fraction(problem.answer) == brute_force(problem.meta["question"]), problem.prompt
        seen.add(problem.meta["template"])
    assert seen == {t.__name__.lstrip("_") for g in BayesProbability.levels.values() for t in g}


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_other_forms_score_one_and_wrong_ones_zero(seed, difficulty):
    problem = rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty)
    value = Fraction(problem.answer)
    assert _score(problem, rf"\frac{{{value.numerator}}}{{{value.denominator}}}").reward == 1.0
    assert _score(problem, rf"\dfrac{{{value.numerator}}}{{{value.denominator}}}").reward == 1.0
    assert _score(problem, f"{4 * value.numerator}/{4 * value.denominator}").reward == 0.0
    assert _score(problem, str(float(value))).reward == 0.0
    assert _score(problem, f"{float(value) * 100}%").reward == 0.0
    assert _score(problem, str(1 - value)).reward == 0.0
