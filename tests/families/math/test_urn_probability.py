"""What ``rlvr/UrnProbability-v0`` must do beyond the generic family contract: every answer
equals an enumeration over individually labelled balls (``itertools.permutations`` without
replacement, ``itertools.product`` with it, every subset moved for transfers) or, for Polya's
urn, a recursion over the urn's states and the closed form with rising factorials; other
written forms score 1, wrong ones 0."""

from __future__ import annotations

import itertools
import math
import re
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.math.urn_probability import UrnProbability
from tests.families.math.helpers import _gen, _score

ENV = "rlvr/UrnProbability-v0"
LEVELS = UrnProbability.knobs["level"].choices
COLOURS = ("red", "blue", "green")
WORDS = {"Two": 2, "Three": 3}

SEQUENCE_EVENTS = {
    "the first ball is red": lambda s: s[0] == "red",
    "at least one of the first two balls is red": lambda s: "red" in s[:2],
    "the first two balls have different colours": lambda s: s[0] != s[1],
    "at least two of the three balls are blue": lambda s: s.count("blue") >= 2,
    "the second ball is blue": lambda s: s[1] == "blue",
    "the third ball is red": lambda s: s[2] == "red",
    "the first ball is blue": lambda s: s[0] == "blue",
    "the first two balls are both red": lambda s: s[0] == s[1] == "red",
    "all three balls have the same colour": lambda s: len(set(s)) == 1,
    "the third ball has the same colour as the first": lambda s: s[2] == s[0],
    "exactly two of the three balls are red": lambda s: s.count("red") == 2,
    "the second ball is red": lambda s: s[1] == "red",
    "both balls have the same colour": lambda s: s[0] == s[1],
    "both balls are red": lambda s: s == ("red", "red"),
    "the two balls have different colours": lambda s: s[0] != s[1],
}


def _balls(text: str) -> list[str]:
    counts = dict(
        (colour, int(n)) for n, colour in re.findall(r"(\d+) (red|blue|green)", text)
    )  # fmt: skip
    return [c for c in COLOURS for _ in range(counts.get(c, 0))]


def _draws(balls: list[str], k: int, replace: bool) -> list[tuple[str, ...]]:
    """Every equally likely ordered draw of k labelled balls, as colour sequences."""
    if replace:
        return list(itertools.product(balls, repeat=k))
    return [tuple(balls[i] for i in p) for p in itertools.permutations(range(len(balls)), k)]


def _share(rows, event, given=lambda s: True) -> Fraction:
    both = sum(1 for r in rows if given(r) and event(r))
    return Fraction(both, sum(1 for r in rows if given(r)))


def _polya(red: int, blue: int, extra: int, draws: int, event) -> Fraction:
    """P(event) over colour sequences, following the urn's state draw by draw."""

    def walk(r: int, b: int, seq: tuple[str, ...]) -> Fraction:
        if len(seq) == draws:
            return Fraction(int(event(seq)))
        return Fraction(r, r + b) * walk(r + extra, b, (*seq, "red")) + Fraction(b, r + b) * walk(
            r, b + extra, (*seq, "blue")
        )

    return walk(red, blue, ())


def _rising(x: int, n: int, step: int) -> int:
    return math.prod(x + i * step for i in range(n))


def brute_force(question: str) -> Fraction:
    if question.startswith("Urn A"):
        a_red, a_blue, b_red, b_blue = map(int, re.findall(r"(\d+) (?:red|blue)", question)[:4])
        moved = int(re.search(r"\. (\d+) balls? (?:is|are) drawn", question).group(1))
        urn_a = ["red"] * a_red + ["blue"] * a_blue
        subsets = list(itertools.combinations(range(len(urn_a)), moved))
        cases = []  # (reds moved, P(red drawn from B)) per equally likely subset
        for subset in subsets:
            reds = sum(urn_a[i] == "red" for i in subset)
            cases.append((reds, Fraction(b_red + reds, b_red + b_blue + moved)))
        p_red = sum(p for _, p in cases) / len(cases)
        if "Given this" not in question:
            return p_red
        asked = question.split("probability that ", 1)[1]
        if "ball moved was" in asked:
            want = 1 if "was red" in asked else 0
        else:
            want = int(re.search(r"exactly (\d+)", asked).group(1))
        return sum(p for r, p in cases if r == want) / len(cases) / p_red
    if question.startswith("An urn starts"):
        red, blue, extra = map(int, re.findall(r"(\d+) (?:red|blue|more)", question)[:3])
        asked = question.split("probability that ", 1)[1]
        if "Given that the first ball drawn is blue" in question:
            n = int(re.search(r"the (\d+)\w\w ball drawn is red", asked).group(1))
            joint = _polya(red, blue, extra, n, lambda s: s[0] == "blue" and s[-1] == "red")
            return joint / _polya(red, blue, extra, n, lambda s: s[0] == "blue")
        n = int(re.search(r"the first (\d+) balls", asked).group(1))
        if "same colour" in asked:
            return _polya(red, blue, extra, n, lambda s: len(set(s)) == 1)
        j = int(re.search(r"exactly (\d+)", asked).group(1))
        value = _polya(red, blue, extra, n, lambda s: s.count("red") == j)
        closed = Fraction(
            math.comb(n, j) * _rising(red, j, extra) * _rising(blue, n - j, extra),
            _rising(red + blue, n, extra),
        )
        assert value == closed
        return value
    balls = _balls(question.split(".")[0])
    replace = "with replacement" in question
    if "the first blue ball appears" in question:
        k = int(re.search(r"at the (\d+)\w\w draw", question).group(1))
        rows = _draws(balls, k, False)
        return _share(rows, lambda s: "blue" not in s[:-1] and s[-1] == "blue")
    count = re.search(r"(Two|Three|\d+) balls are drawn", question).group(1)
    k = WORDS.get(count) or int(count)
    rows = _draws(balls, k, replace)
    if "Given that " in question:
        given_text, asked = re.search(
            r"Given that (.+?), what is the probability that (.+)\?", question
        ).groups()
        return _share(rows, SEQUENCE_EVENTS[asked], SEQUENCE_EVENTS[given_text])
    asked = question.split("probability that ", 1)[1].rstrip("?")
    if asked in SEQUENCE_EVENTS:
        return _share(rows, SEQUENCE_EVENTS[asked])
    j = int(re.search(r"(\d+) of them", asked).group(1))
    if asked.startswith("exactly"):
        return _share(rows, lambda s: s.count("red") == j)
    return _share(rows, lambda s: s.count("red") >= j)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), level=st.sampled_from(LEVELS), balls=st.integers(3, 5))
def test_answers_match_enumeration_over_labelled_balls(seed, level, balls):
    problem = _gen(ENV, seed, level=level, balls=balls)
    assert Fraction(problem.answer) == brute_force(problem.meta["question"]), problem.prompt


def test_every_template_and_phrase_is_checked():
    seen, phrases = set(), set()
    for seed in range(200):
        problem = _gen(ENV, seed, level=LEVELS[seed % len(LEVELS)], balls=4)
        question = problem.meta["question"]
        assert Fraction(problem.answer) == brute_force(question), question
        seen.add(problem.meta["template"])
        phrases.update(p for p in SEQUENCE_EVENTS if p in question)
    assert seen == {t.__name__.lstrip("_") for g in UrnProbability.levels.values() for t in g}
    assert phrases == set(SEQUENCE_EVENTS)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_other_forms_score_one_and_wrong_ones_zero(seed, difficulty):
    problem = rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty)
    value = Fraction(problem.answer)
    assert _score(problem, rf"\frac{{{value.numerator}}}{{{value.denominator}}}").reward == 1.0
    assert _score(problem, f"{5 * value.numerator}/{5 * value.denominator}").reward == 0.0
    assert _score(problem, str(float(value))).reward == 0.0
    assert _score(problem, str(1 - value)).reward == 0.0 or value == Fraction(1, 2)
    assert _score(problem, f"{value.numerator + 1}/{value.denominator}").reward == 0.0
