"""What ``rlvr/DiceProbability-v0`` must do beyond the generic family contract: every answer
equals a brute-force count over all outcomes (``itertools.product``), read back from the
prompt; other written forms of the value score 1, and wrong, unreduced or decimal ones 0."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.math.dice_probability import DiceProbability
from tests.families.math.helpers import _gen, _score

ENV = "rlvr/DiceProbability-v0"
LEVELS = DiceProbability.knobs["level"].choices


def _prime(n: int) -> bool:
    return n > 1 and all(n % d for d in range(2, n))


def _share(outcomes, event) -> Fraction:
    outcomes = list(outcomes)
    return Fraction(sum(1 for o in outcomes if event(o)), len(outcomes))


def _std_roll(question: str, who: str = "Roll") -> tuple[int, int]:
    match = re.search(rf"{who} (a|\d+) fair (\d+)-sided di", question)
    count = 1 if match.group(1) == "a" else int(match.group(1))
    return count, int(match.group(2))


def _event(question: str):
    """The event on the tuple of dice, read from the question."""
    after = question.split("probability that ", 1)[1]
    n = [int(x) for x in re.findall(r"-?\d+", after)]
    if after.startswith("the sum is a prime"):
        return lambda o: _prime(sum(o))
    if after.startswith("the sum is divisible by"):
        return lambda o: sum(o) % n[0] == 0
    if after.startswith("the sum is at least"):
        return lambda o: sum(o) >= n[0]
    if after.startswith("the sum is at most"):
        return lambda o: sum(o) <= n[0]
    if after.startswith("the sum is "):
        return lambda o: sum(o) == n[0]
    if after.startswith("the product"):
        return lambda o: all(x % n[0] for x in o) is False
    if after.startswith("all "):
        return lambda o: len(set(o)) == len(o)
    if after.startswith("the largest number shown is exactly"):
        return lambda o: max(o) == n[0]
    if after.startswith("the smallest number shown is at least"):
        return lambda o: min(o) >= n[0]
    if after.startswith("the smallest number shown is exactly"):
        return lambda o: min(o) == n[0]
    if after.startswith("the largest and the smallest"):
        return lambda o: max(o) - min(o) <= n[0]
    raise AssertionError(question)


def brute_force(question: str) -> Fraction:
    if question.startswith("Roll "):
        count, sides = _std_roll(question)
        outcomes = itertools.product(range(1, sides + 1), repeat=count)
        return _share(outcomes, _event(question))
    if question.startswith("Alice"):
        a, sa = _std_roll(question, "Alice rolls")
        b, sb = _std_roll(question, "Bob rolls")
        pairs = itertools.product(
            itertools.product(range(1, sa + 1), repeat=a),
            itertools.product(range(1, sb + 1), repeat=b),
        )
        if "largest number they rolled" in question:
            return _share(pairs, lambda p: max(p[0]) > max(p[1]))
        if "equal to" in question:
            return _share(pairs, lambda p: sum(p[0]) == sum(p[1]))
        return _share(pairs, lambda p: sum(p[0]) > sum(p[1]))
    if question.startswith("Die A"):
        faces = re.findall(r"faces ([\d, ]+?)(?: and|\s\()", question)
        a, b = ([int(x) for x in f.split(", ")] for f in faces[:2])
        p = _share(itertools.product(a, b), lambda o: o[0] > o[1])
        rounds = re.search(r"rolled (\d+) times", question)
        if not rounds:
            return p
        r = int(rounds.group(1))
        need = int(re.search(r"at least (\d+) of", question).group(1))
        total = Fraction(0)
        for pattern in itertools.product((True, False), repeat=r):
            if sum(pattern) >= need:
                term = Fraction(1)
                for won in pattern:
                    term *= p if won else 1 - p
                total += term
        return total
    dice = [
        [int(x) for x in f.split(", ")] for f in re.findall(r"has faces ([\d, ]+?)[;)]", question)
    ]
    outcomes = itertools.product(*dice)
    event = _event("the probability that the sum " + question.split("faces shown ", 1)[1])
    return _share(outcomes, event)


def _forms_and_negatives(problem) -> None:
    value = Fraction(problem.answer)
    assert _score(problem, problem.answer).reward == 1.0
    assert _score(problem, rf"\frac{{{value.numerator}}}{{{value.denominator}}}").reward == 1.0
    assert _score(problem, f"{value.numerator} / {value.denominator}").reward == 1.0
    assert _score(problem, f"{3 * value.numerator}/{3 * value.denominator}").reward == 0.0
    assert _score(problem, str(float(value))).reward == 0.0
    assert _score(problem, str(value + Fraction(1, value.denominator * 7))).reward == 0.0
    assert _score(problem, f"1 - {1 - value}").reward == 0.0  # arithmetic left undone


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), level=st.sampled_from(LEVELS), dice=st.integers(2, 3))
def test_answers_match_brute_force_over_all_outcomes(seed, level, dice):
    problem = _gen(ENV, seed, level=level, dice=2 if level == "compare" else dice)
    assert Fraction(problem.answer) == brute_force(problem.meta["question"])


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_other_forms_score_one_and_wrong_ones_zero(seed, difficulty):
    import rlvr_envs

    problem = rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty)
    _forms_and_negatives(problem)


def test_every_template_is_checked_and_hard_duels_too():
    seen = set()
    for seed in range(150):
        level = LEVELS[seed % len(LEVELS)]
        problem = _gen(ENV, seed, level=level, dice=4 if level == "custom" else 2)
        assert Fraction(problem.answer) == brute_force(problem.meta["question"])
        seen.add(problem.meta["template"])
    assert seen == {
        t.__name__.lstrip("_") for group in DiceProbability.levels.values() for t in group
    }
    assert any("times (independently)" in _gen(ENV, s, level="custom", dice=4).prompt
               for s in range(40))  # fmt: skip


def test_answers_avoid_trivial_values_and_hard_problems_have_big_denominators():
    import rlvr_envs

    task = rlvr_envs.make_task(ENV)
    hard = [Fraction(task.generate(seed=s, difficulty=1.0).answer) for s in range(40)]
    assert all(v not in (0, 1, Fraction(1, 2)) for v in hard)
    assert max(v.denominator for v in hard) > 1000


def test_difficulty_one_custom_dice_are_not_one_roll_lookups():
    """At difficulty 1 a duel is a best-of-3, 5 or 7 series (never a single roll) and a custom
    sum uses four dice."""
    task = rlvr_envs.make_task(ENV)
    rounds, dice = set(), set()
    for seed in range(200):
        question = task.generate(seed=seed, difficulty=1.0).meta["question"]
        if question.startswith("Die A"):
            rounds.add(int(re.search(r"rolled (once|\d+ times)", question).group(1)
                           .replace("once", "1").split()[0]))  # fmt: skip
        else:
            dice.add(len(re.findall(r"die \d+ has faces", question)))
    assert rounds == {3, 5, 7} and dice == {4}, (rounds, dice)
