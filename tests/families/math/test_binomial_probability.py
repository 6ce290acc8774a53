"""What ``rlvr/BinomialProbability-v0`` must do beyond the generic family contract: every
answer equals sympy.stats' exact value for the binomial or geometric variable read back from
the prompt, or a sum over every sequence of trial outcomes (``itertools``) for the r-th
success and series templates; other written forms score 1, wrong ones 0."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

import sympy
import sympy.stats as stats
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.math.binomial_probability import BinomialProbability
from tests.families.math.helpers import _gen, _score

ENV = "rlvr/BinomialProbability-v0"
LEVELS = BinomialProbability.knobs["level"].choices


def _frac(value) -> Fraction:
    return Fraction(str(sympy.Rational(value)))


def _p(q: str) -> sympy.Rational:
    die = re.search(r"fair (\d+)-sided die .* at most (\d+)\.", q)
    if die:
        return sympy.Rational(int(die.group(2)), int(die.group(1)))
    return sympy.Rational(re.search(r"probability (\d+/\d+)", q).group(1))


def _weight(p: Fraction, outcomes) -> Fraction:
    w = Fraction(1)
    for success in outcomes:
        w *= p if success else 1 - p
    return w


def reference(q: str) -> Fraction:
    p = _p(q)
    pf = Fraction(str(p))
    if q.startswith("An archer"):
        g = stats.Geometric("G", p)
        if "even-numbered shot" in q:
            j = sympy.Symbol("j", integer=True, positive=True)
            return _frac(sympy.summation(stats.density(g)(2 * j), (j, 1, sympy.oo)))
        k = int(re.search(r"on the (\d+)\w\w shot|first (\d+) shots", q).group(1) or
                re.search(r"first (\d+) shots", q).group(1))  # fmt: skip
        if "comes on the" in q:
            return _frac(stats.density(g)(k))
        return _frac(sum(stats.density(g)(j) for j in range(1, k + 1)))
    if q.startswith("A machine passes"):
        r, k = map(int, re.search(r"its (\d+)\w\w passed run is run number (\d+)", q).groups())
        total = Fraction(0)
        for outcomes in itertools.product((True, False), repeat=k):
            if outcomes[-1] and sum(outcomes) == r:
                total += _weight(pf, outcomes)
        return total
    if q.startswith("Teams A and B"):
        games = int(re.search(r"best-of-(\d+)", q).group(1))
        # playing all games out does not change who reaches the majority first
        return sum(
            (_weight(pf, o) for o in itertools.product((True, False), repeat=games)
             if sum(o) > games // 2),
            Fraction(0),
        )  # fmt: skip
    trials = r"rolled (\d+) times|Each of (\d+) seeds|takes (\d+) free|flipped (\d+) times"
    n = int(next(g for g in re.search(trials, q).groups() if g))
    pmf = {
        int(k): Fraction(str(v)) for k, v in stats.density(stats.Binomial("X", n, p)).dict.items()
    }
    asked = q.split("What is the probability", 1)[1]
    nums = [int(v) for v in re.findall(r"\d+", asked)]

    def prob(event) -> Fraction:
        return sum((v for k, v in pmf.items() if event(k)), Fraction(0))

    if "exactly" in asked:
        return prob(lambda k: k == nums[0])
    if "at least one" in asked:
        return prob(lambda k: k >= 1)
    if "is at least" in asked:
        return prob(lambda k: nums[0] <= k <= nums[1])
    if "at least" in asked:
        return prob(lambda k: k >= nums[0])
    if "at most" in asked:
        return prob(lambda k: k <= nums[0])
    if "more" in asked:
        return prob(lambda k: 2 * k > n)
    if "even" in asked:
        return prob(lambda k: k % 2 == 0)
    raise AssertionError(q)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), level=st.sampled_from(LEVELS), trials=st.integers(3, 14))
def test_answers_match_sympy_stats_and_enumeration(seed, level, trials):
    problem = _gen(ENV, seed, level=level, trials=trials)
    assert Fraction(problem.answer) == reference(problem.meta["question"]), problem.prompt


def test_every_template_is_checked():
    seen = set()
    for seed in range(80):
        problem = _gen(ENV, seed, level=LEVELS[seed % 4], trials=6 + seed % 7)
        assert Fraction(problem.answer) == reference(problem.meta["question"]), problem.prompt
        seen.add(problem.meta["template"])
    assert seen == {t.__name__.lstrip("_") for g in BinomialProbability.levels.values() for t in g}


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_other_forms_score_one_and_wrong_ones_zero(seed, difficulty):
    problem = rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty)
    value = Fraction(problem.answer)
    assert _score(problem, rf"\frac{{{value.numerator}}}{{{value.denominator}}}").reward == 1.0
    assert _score(problem, f"{2 * value.numerator}/{2 * value.denominator}").reward == 0.0
    assert _score(problem, str(float(value))).reward == 0.0
    assert _score(problem, f"{value.numerator}/{value.denominator - 1}").reward == 0.0
    assert _score(problem, str(1 - value)).reward == 0.0


def test_hard_answers_are_large_exact_fractions():
    task = rlvr_envs.make_task(ENV)
    hard = [Fraction(task.generate(seed=s, difficulty=1.0).answer) for s in range(30)]
    assert max(v.denominator for v in hard) > 10**9


def test_first_hit_on_an_even_numbered_shot():
    """The hard archer question: a geometric series summed by sympy (every even shot), and a
    partial sum that must not score."""
    found = 0
    for seed in range(200):
        problem = _gen(ENV, seed, level="negative", trials=20)
        question = problem.meta["question"]
        if "even-numbered" not in question:
            continue
        found += 1
        p = Fraction(str(_p(question)))
        partial = sum(((1 - p) ** (2 * j - 1) * p for j in range(1, 6)), Fraction(0))
        assert Fraction(problem.answer) == reference(question)
        assert _score(problem, str(partial)).reward == 0.0
        assert _score(problem, str(1 - Fraction(problem.answer))).reward == 0.0  # odd shots
    assert found >= 10
