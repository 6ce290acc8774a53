"""What ``rlvr/ExpectedValue-v0`` must do beyond the generic family contract: every answer
equals an average over all equally likely outcomes enumerated with ``itertools`` (or, for
waiting times, the solution of the Markov chain's first-step equations with sympy), read
back from the prompt; other written forms score 1, wrong ones 0."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

import sympy
import sympy.stats
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.math.expected_value import ExpectedValue
from tests.families.math.helpers import _gen, _score

ENV = "rlvr/ExpectedValue-v0"
LEVELS = ExpectedValue.knobs["level"].choices


def _mean(values) -> Fraction:
    values = [Fraction(v) for v in values]
    return sum(values) / len(values)


def _var(values) -> Fraction:
    values = [Fraction(v) for v in values]
    m = _mean(values)
    return _mean([(v - m) ** 2 for v in values])


def _ints(text: str) -> list[int]:
    return [int(x) for x in re.findall(r"-?\d+", text)]


def _fraction(text: str) -> Fraction:
    return Fraction(re.search(r"probability (\d+/\d+)", text).group(1))


def _chain(states: int, step) -> Fraction:
    """Expected steps from state 0 to state ``states`` where ``step(i)`` lists (prob, next)."""
    e = sympy.symbols(f"e0:{states}")
    value = lambda j: 0 if j == states else e[j]  # noqa: E731
    equations = [
        sympy.Eq(e[i], 1 + sum(sympy.Rational(str(p)) * value(j) for p, j in step(i)))
        for i in range(states)
    ]
    solution = sympy.solve(equations, e, dict=True)[0]
    return Fraction(str(solution[e[0]]))


def _arrangements(red: int, blue: int):
    """Every equally likely colour row of red and blue balls (by the set of red places)."""
    n = red + blue
    for places in itertools.combinations(range(n), red):
        row = ["B"] * n
        for i in places:
            row[i] = "R"
        yield row


def brute_force(q: str) -> Fraction:
    n = _ints(q)
    if q.startswith("A game costs"):
        fee, sides = n[0], n[1]
        pays = dict(re.findall(r"face (\d+) pays (\d+) dollars", q))
        return _mean(int(pays.get(str(f), 0)) for f in range(1, sides + 1)) - fee
    if q.startswith("Two fair") and "If they show the same number" in q:
        sides = n[0]
        amounts = re.findall(r"player (wins|loses) (\d+) dollars", q)
        signed = [int(v) if w == "wins" else -int(v) for w, v in amounts]
        double, win, other = signed
        high = int(re.search(r"sum is at least (\d+)", q).group(1))
        dice = range(1, sides + 1)
        return _mean(
            double if a == b else win if a + b >= high else other
            for a, b in itertools.product(dice, dice)
        )
    if q.startswith("An urn holds") and "wins" in q:
        red, blue, draws, gain, loss = n[:5]
        balls = ["R"] * red + ["B"] * blue
        return _mean(
            sum(gain if balls[i] == "R" else -loss for i in c)
            for c in itertools.combinations(range(red + blue), draws)
        )
    if "until their sum is at least" in q:
        count, sides, target = n[0], n[1], n[-1]
        rolls = list(itertools.product(range(1, sides + 1), repeat=count))
        p = Fraction(sum(sum(r) >= target for r in rolls), len(rolls))
        return Fraction(str(sympy.stats.E(sympy.stats.Geometric("X", sympy.Rational(str(p))))))
    if "until a red marble is drawn" in q:
        red, blue = n[:2]
        return _mean(row.index("R") + 1 for row in _arrangements(red, blue))
    if "heads in a row" in q:
        p, run = _fraction(q), int(re.search(r"until (\d+) heads", q).group(1))
        return _chain(run, lambda i: [(p, i + 1), (1 - p, 0)])
    if "different faces have appeared" in q:
        sides, want = n[0], int(re.search(r"until (\d+) different", q).group(1))
        return _chain(
            want, lambda i: [(Fraction(i, sides), i), (Fraction(sides - i, sides), i + 1)]
        )
    if "dice" in q and "expected value of" in q:
        count, sides = n[0], n[1]
        rolls = list(itertools.product(range(1, sides + 1), repeat=count))
        if "difference between" in q:
            return _mean(max(r) - min(r) for r in rolls)
        return _mean((max if "largest" in q else min)(r) for r in rolls)
    if "different numbers are chosen" in q:
        k, top = n[0], n[-1]
        picks = list(itertools.combinations(range(1, top + 1), k))
        return _mean((max if "largest" in q else min)(c) for c in picks)
    if "number of runs" in q:
        red, blue = n[:2]
        return _mean(
            1 + sum(a != b for a, b in itertools.pairwise(row)) for row in _arrangements(red, blue)
        )
    if "both hold red" in q:
        red, blue = n[:2]
        return _mean(
            sum(a == b == "R" for a, b in itertools.pairwise(row))
            for row in _arrangements(red, blue)
        )
    if "different faces that appear" in q:
        sides, rolls = n[0], n[1]
        return _mean(len(set(r)) for r in itertools.product(range(sides), repeat=rolls))
    if "variance of the number of empty boxes" in q:
        balls, boxes = n[0], n[1]
        return _var(boxes - len(set(r)) for r in itertools.product(range(boxes), repeat=balls))
    if "empty boxes" in q:
        balls, boxes = n[0], n[1]
        return _mean(boxes - len(set(r)) for r in itertools.product(range(boxes), repeat=balls))
    if "record" in q:
        top = n[1]
        return _mean(
            sum(p[i] > max(p[:i], default=0) for i in range(top))
            for p in itertools.permutations(range(1, top + 1))
        )
    if "immediately followed by" in q:
        top = n[1]
        return _mean(
            sum(b == a + 1 for a, b in itertools.pairwise(p))
            for p in itertools.permutations(range(1, top + 1))
        )
    if "differs from their number" in q:
        top, d = n[1], n[-1]
        return _mean(
            sum(abs(pos - card) <= d for pos, card in enumerate(p, start=1))
            for p in itertools.permutations(range(1, top + 1))
        )
    if "pattern" in q:
        p = _fraction(q)
        flips = int(re.search(r"flipped (\d+) times", q).group(1))
        pattern = re.search(r"the pattern ([HT]+) appears", q).group(1)
        total = Fraction(0)
        for row in itertools.product("HT", repeat=flips):
            weight = p ** row.count("H") * (1 - p) ** row.count("T")
            text = "".join(row)
            hits = sum(text.startswith(pattern, i) for i in range(flips))
            total += weight * hits
        return total
    if "variance of their sum" in q:
        count, sides = n[0], n[1]
        return _var(sum(r) for r in itertools.product(range(1, sides + 1), repeat=count))
    if "variance of the payout" in q:
        sides = n[0]
        table = q.split("in order, ", 1)[1].split(" dollars")[0]
        return _var(_ints(table)[:sides])
    if "variance of the number of red balls" in q:
        red, blue, draws = n[:3]
        balls = ["R"] * red + ["B"] * blue
        return _var(
            sum(balls[i] == "R" for i in c)
            for c in itertools.combinations(range(red + blue), draws)
        )
    if "variance of the largest" in q:
        count, sides = n[0], n[1]
        return _var(max(r) for r in itertools.product(range(1, sides + 1), repeat=count))
    raise AssertionError(q)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), level=st.sampled_from(LEVELS), size=st.integers(1, 2))
def test_answers_match_enumeration_and_markov_chains(seed, level, size):
    problem = _gen(ENV, seed, level=level, size=size)
    assert Fraction(problem.answer) == brute_force(problem.meta["question"]), problem.prompt


def test_every_template_is_checked():
    seen = set()
    for seed in range(150):
        problem = _gen(ENV, seed, level=LEVELS[seed % len(LEVELS)], size=1 + seed % 2)
        assert Fraction(problem.answer) == brute_force(problem.meta["question"]), problem.prompt
        seen.add(problem.meta["template"])
    assert seen == {t.__name__.lstrip("_") for g in ExpectedValue.levels.values() for t in g}


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_other_forms_score_one_and_wrong_ones_zero(seed, difficulty):
    problem = rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty)
    value = Fraction(problem.answer)
    if value.denominator > 1:
        sign = "-" if value < 0 else ""
        latex = rf"{sign}\frac{{{abs(value.numerator)}}}{{{value.denominator}}}"
        assert _score(problem, latex).reward == 1.0
        assert _score(problem, f"{3 * value.numerator}/{3 * value.denominator}").reward == 0.0
        assert _score(problem, str(float(value))).reward == 0.0
    assert _score(problem, f"{value} dollars").reward == 0.0  # units where a bare value is asked
    assert _score(problem, str(-value if value else Fraction(1, 3))).reward == 0.0
    assert _score(problem, str(value + Fraction(1, 2))).reward == 0.0


def test_variance_of_empty_boxes_matches_enumeration():
    """The hard variance question (size >= 8): the variance of the number of empty boxes,
    recomputed over every assignment of balls to boxes where there are few enough."""
    checked = 0
    for seed in range(300):
        problem = _gen(ENV, seed, level="variance", size=8)
        question = problem.meta["question"]
        if "empty boxes" not in question:
            continue
        balls, boxes = _ints(question)[:2]
        if boxes**balls > 60_000:
            continue
        assert Fraction(problem.answer) == brute_force(question), question
        mean = boxes * Fraction(boxes - 1, boxes) ** balls
        assert _score(problem, str(mean)).reward == 0.0  # the mean is not the variance
        checked += 1
        if checked == 4:
            return
    raise AssertionError(f"only {checked} small empty-box variance problems")
