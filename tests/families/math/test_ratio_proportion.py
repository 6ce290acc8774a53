"""What ``rlvr/RatioProportion-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _score

ID = "rlvr/RatioProportion-v0"
NUM = r"(\d+(?:\.\d+|/\d+)?)"


def _solve(text: str) -> Fraction:
    """Each setting solved from the prompt text alone (independent of the generator)."""
    if m := re.search(r"share " + NUM + r" dollars in the ratio ([\d:]+)\.", text):
        parts = [int(p) for p in m.group(2).split(":")]
        names = re.match(r"(.*?) share", text).group(1).replace(" and ", ", ").split(", ")
        who = re.search(r"How many dollars does (\w+) get", text).group(1)
        return Fraction(m.group(1)) * parts[names.index(who)] / sum(parts)
    if m := re.search(r"ratio ([\d:]+)\. (\w+) gets " + NUM + " dollars", text):
        parts = [int(p) for p in m.group(1).split(":")]
        names = re.match(r"(.*?) share", text).group(1).replace(" and ", ", ").split(", ")
        return Fraction(m.group(3)) / parts[names.index(m.group(2))] * sum(parts)
    if text.startswith("p:q"):
        ratios = re.findall(r"(\w):(\w) = (\d+):(\d+)", text)
        given, value, asked = re.search(r"If (\w) = " + NUM + r", what is (\w)", text).groups()
        values = {given: Fraction(value)}
        for _ in ratios:
            for a, b, x, y in ratios:
                if a in values and b not in values:
                    values[b] = values[a] * int(y) / int(x)
                if b in values and a not in values:
                    values[a] = values[b] * int(x) / int(y)
        return values[asked]
    if m := re.search(r"scale 1:(\d+)\. Two towns are " + NUM + " cm apart", text):
        return Fraction(m.group(2)) * int(m.group(1)) / 100_000
    if m := re.search(r"scale 1:(\d+)\. Two towns are " + NUM + " km apart", text):
        return Fraction(m.group(2)) * 100_000 / int(m.group(1))
    if m := re.search(r"scale 1:(\d+)\. A park covers " + NUM + " cm", text):
        return Fraction(m.group(2)) * int(m.group(1)) ** 2 / 10**10
    if m := re.search(r"ratio (\d+):(\d+)\. Then (.*); now the ratio of red to blue is "
                      r"(\d+):(\d+)", text):  # fmt: skip
        a, b, p, q = (int(m.group(i)) for i in (1, 2, 4, 5))
        for k in range(1, 10_000):  # brute force the multiplier
            red, blue = a * k, b * k
            for amount, colour, how in re.findall(r"(\d+) (red|blue) marbles? (?:are|is) "
                                                  r"(added|removed)", m.group(3)):  # fmt: skip
                delta = int(amount) * (1 if how == "added" else -1)
                red, blue = (red + delta, blue) if colour == "red" else (red, blue + delta)
            if red * q == blue * p:
                if "marbles were in the bag" in text:
                    return Fraction((a + b) * k)
                return Fraction(a * k if "red marbles were" in text else b * k)
    if text.startswith("y varies"):
        relation = text.split(". When")[0]
        powers = []
        for kind, power, name in re.findall(r"(directly|inversely) as(?: the (square|cube) of)?"
                                            r" (\w)", relation):  # fmt: skip
            p = {"": 1, "square": 2, "cube": 3}[power]
            powers.append((name, p if kind == "directly" else -p))
        first = text.split("When ")[1].split(", y = ")[0]
        y1 = Fraction(re.search(r", y = " + NUM, text).group(1))
        second = text.split("Find y when ")[1].split(".\n")[0].rstrip(".")

        def values(part):
            return {n: Fraction(v) for n, v in re.findall(r"(\w) = " + NUM, part)}

        v1, v2 = values(first), values(second)
        ratio = Fraction(1)
        for name, p in powers:
            ratio *= (v2[name] / v1[name]) ** p
        return y1 * ratio
    raise AssertionError(f"unknown setting: {text}")


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_reference_matches_the_text(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    expected = _solve(problem.meta["question"])
    assert Fraction(problem.answer) == expected
    if expected.denominator > 1:
        assert _score(problem, f"\\frac{{{expected.numerator}}}{{{expected.denominator}}}").reward
    assert _score(problem, str(expected + 1)).reward == 0.0
    assert _score(problem, f"{problem.answer} dollars").reward == 0.0


def test_named_unknown_may_be_assigned():
    """Review fix: "what is r?" answered ``r = 9/2`` (and "Find y" as ``y = ...``) scored 0.
    The asked letter is read off the prompt here, independently of the family's meta."""
    seen = 0
    for seed in range(80):
        problem = rlvr_envs.make_task(ID).generate(seed=seed)
        asked = re.search(r"(?:what is|Find) ([a-z])(?: when|\?)", problem.prompt)
        if not asked:
            continue
        name = asked.group(1)
        assert _score(problem, f"{name} = {problem.answer}").reward == 1.0
        other = "k" if name != "k" else "m"
        assert _score(problem, f"{other} = {problem.answer}").reward == 0.0
        seen += 1
    assert seen > 10
