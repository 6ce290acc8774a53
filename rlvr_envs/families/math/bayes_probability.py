"""Posterior probabilities by Bayes' theorem, as exact fractions.

Templates come in four levels; the ``level`` knob picks one and a template of it is drawn:

* ``test``: a diagnostic test with stated prevalence, sensitivity and specificity, applied
  once or repeatedly (independent results given the condition): the probability of the
  condition given the results, or of no condition given negative results;
* ``coins``: a coin picked at random from a bag of coins with different head probabilities
  is flipped several times: the posterior probability of each kind of coin;
* ``urns``: an urn chosen by a die roll, balls drawn from it (with or without replacement):
  which urn was it; items from one of several machines with their defect rates;
* ``predictive``: after the observations, the probability that the next flip is heads (the
  posterior predictive, ``sum_i P(H_i | data) P(heads | H_i)``), and two or three different
  tests in a row.

Every answer is ``P(H | D) = P(D | H) P(H) / sum_i P(D | H_i) P(H_i)`` computed with
``Fraction``; the ``observations`` knob sets how many results, flips or draws are observed.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb
from typing import ClassVar

from rlvr_envs.core import Knob
from rlvr_envs.families.math.probability import TemplateFamily, ordinal


def posterior(priors: list[Fraction], likelihoods: list[Fraction]) -> list[Fraction]:
    """``P(H_i | D)`` for every hypothesis (Bayes' theorem)."""
    joint = [p * q for p, q in zip(priors, likelihoods)]
    total = sum(joint)
    return [j / total for j in joint]


def _percent(rng: random.Random, low: int, high: int) -> Fraction:
    return Fraction(rng.randint(low, high), 100)


def _pct(value: Fraction) -> str:
    return f"{value * 100}%"


def _results(rng: random.Random, count: int) -> list[bool]:
    return [rng.random() < 0.7 for _ in range(count)]


def _results_text(results: list[bool]) -> str:
    words = ["positive" if r else "negative" for r in results]
    if len(words) == 1:
        return f"the test is {words[0]}"
    return "the results, in order, are " + ", ".join(words)


# -- test ------------------------------------------------------------------------------------
def _diagnostic(rng: random.Random, obs: int) -> tuple[str, Fraction, int]:
    prevalence = Fraction(rng.randint(1, 60), rng.choice((100, 200, 500, 1000)))
    sens, spec = _percent(rng, 70, 99), _percent(rng, 70, 99)
    count = rng.randint(1, max(1, min(obs, 4)))
    results = _results(rng, count)
    like_sick = like_well = Fraction(1)
    for r in results:
        like_sick *= sens if r else 1 - sens
        like_well *= 1 - spec if r else spec
    sick, well = posterior([prevalence, 1 - prevalence], [like_sick, like_well])
    ask_sick = any(results) or rng.random() < 0.5
    repeat = (
        ""
        if count == 1
        else (
            f" The test is given {count} times to the same person (results independent given "
            "whether the person has the condition)."
        )
    )
    question = (
        f"A condition affects {prevalence.numerator} in {prevalence.denominator} people. A test "
        f"for it is positive for {_pct(sens)} of people with the condition and negative for "
        f"{_pct(spec)} of people without it. A person is chosen at random and tested.{repeat} "
        f"{_results_text(results).capitalize()}. What is the probability that the person "
        f"{'has' if ask_sick else 'does not have'} the condition?"
    )
    return question, sick if ask_sick else well, 3 + count


# -- coins -----------------------------------------------------------------------------------
def _coin_bias(rng: random.Random) -> Fraction:
    den = rng.choice((2, 3, 4, 5, 6, 8, 10))
    return Fraction(rng.randint(1, den - 1), den)


def _coins(rng: random.Random, obs: int) -> tuple[str, Fraction, int]:
    kinds = rng.randint(2, 3 if obs < 3 else 4)
    biases: list[Fraction] = []
    while len(biases) < kinds:
        b = _coin_bias(rng)
        if b not in biases:
            biases.append(b)
    numbers = [rng.randint(1, 6) for _ in biases]
    flips = rng.randint(1, max(1, obs + 1))
    heads = rng.randint(0, flips)
    likes = [b**heads * (1 - b) ** (flips - heads) for b in biases]
    post = posterior([Fraction(n, sum(numbers)) for n in numbers], likes)
    ask = rng.randrange(kinds)
    bag = "; ".join(
        f"{n} {'coin' if n == 1 else 'coins'} of type {chr(65 + i)} (heads with probability {b})"
        for i, (n, b) in enumerate(zip(numbers, biases))
    )
    question = (
        f"A bag holds {bag}. One coin is taken from the bag at random and flipped {flips} "
        f"{'time' if flips == 1 else 'times'}; it shows heads {heads} "
        f"{'time' if heads == 1 else 'times'} and tails {flips - heads} "
        f"{'time' if flips - heads == 1 else 'times'}. What is the probability that the coin is "
        f"of type {chr(65 + ask)}?"
    )
    return question, post[ask], 3 + kinds + flips // 2


# -- urns ------------------------------------------------------------------------------------
def _urns(rng: random.Random, obs: int) -> tuple[str, Fraction, int]:
    red1, blue1 = rng.randint(1, 9), rng.randint(1, 9)
    red2, blue2 = rng.randint(1, 9), rng.randint(1, 9)
    while red1 * blue2 == red2 * blue1:
        red2 = rng.randint(1, 9)
    faces = rng.randint(1, 5)
    draws = rng.randint(1, max(1, min(obs, 4)))
    replace = rng.random() < 0.5
    reds = rng.randint(0, draws)
    if not replace:
        reds = min(reds, red1, red2)
        draws = min(draws, reds + min(blue1, blue2))

    def like(red: int, blue: int) -> Fraction:
        if replace:
            return Fraction(red, red + blue) ** reds * Fraction(blue, red + blue) ** (draws - reds)
        return Fraction(comb(red, reds) * comb(blue, draws - reds), comb(red + blue, draws))

    prior = Fraction(faces, 6)
    first, _ = posterior([prior, 1 - prior], [like(red1, blue1), like(red2, blue2)])
    how = "with replacement" if replace else "without replacement"
    if draws == 1:
        reds_text = "it is" if reds else "it is not"
    elif reds == 0:
        reds_text = "none of them is"
    else:
        reds_text = f"{reds} of them {'is' if reds == 1 else 'are'}"
    question = (
        f"Urn 1 holds {red1} red and {blue1} blue balls; urn 2 holds {red2} red and {blue2} blue "
        f"balls. A fair six-sided die is rolled: if it shows at most {faces} urn 1 is used, "
        f"otherwise urn 2. From the chosen urn {draws} {'ball is' if draws == 1 else 'balls are'} "
        f"drawn at random {how}, and {reds_text} red. What is "
        "the probability that urn 1 was used?"
    )
    return question, first, 4 + draws


def _machines(rng: random.Random, obs: int) -> tuple[str, Fraction, int]:
    count = rng.randint(2, 4)
    shares = [rng.randint(1, 9) for _ in range(count)]
    rates = [Fraction(rng.randint(1, 12), 100) for _ in range(count)]
    items = rng.randint(1, max(1, min(obs, 3)))
    bad = rng.randint(1, items)
    likes = [r**bad * (1 - r) ** (items - bad) for r in rates]
    post = posterior([Fraction(s, sum(shares)) for s in shares], likes)
    ask = rng.randrange(count)
    parts = "; ".join(
        f"machine {chr(65 + i)} makes {s} {'part' if s == 1 else 'parts'} in every "
        f"{sum(shares)}, {_pct(r)} of them defective"
        for i, (s, r) in enumerate(zip(shares, rates))
    )
    batch = (
        "One part is picked at random and it is defective."
        if items == 1
        else f"A batch of {items} parts all from one machine (chosen in proportion to output) "
        f"is inspected; {bad} of them {'is' if bad == 1 else 'are'} defective (parts are "
        "defective independently)."
    )
    question = (
        f"A factory has {count} machines: {parts}. {batch} What is the probability that "
        f"{'it' if items == 1 else 'the batch'} came from machine {chr(65 + ask)}?"
    )
    return question, post[ask], 3 + count + items


# -- predictive ------------------------------------------------------------------------------
def _next_flip(rng: random.Random, obs: int) -> tuple[str, Fraction, int]:
    fair_coins, biased_coins = rng.randint(1, 5), rng.randint(1, 5)
    bias = _coin_bias(rng)
    while bias == Fraction(1, 2):
        bias = _coin_bias(rng)
    flips = rng.randint(max(1, obs - 1), obs + 1)
    seq = [rng.random() < 0.6 for _ in range(flips)]
    heads = sum(seq)
    half = Fraction(1, 2)
    likes = [half**flips, bias**heads * (1 - bias) ** (flips - heads)]
    total = fair_coins + biased_coins
    post = posterior([Fraction(fair_coins, total), Fraction(biased_coins, total)], likes)
    answer = post[0] * half + post[1] * bias
    shown = ", ".join("H" if s else "T" for s in seq)
    question = (
        f"A box holds {fair_coins} fair {'coin' if fair_coins == 1 else 'coins'} and "
        f"{biased_coins} biased {'coin' if biased_coins == 1 else 'coins'}, each showing heads "
        f"with probability {bias}. A coin is drawn at random and flipped {flips} "
        f"{'time' if flips == 1 else 'times'}, showing {shown} (H heads, T tails). What is the "
        f"probability that the {ordinal(flips + 1)} flip of the same coin shows heads?"
    )
    return question, answer, 8 + flips


def _several_tests(rng: random.Random, obs: int) -> tuple[str, Fraction, int]:
    prevalence = Fraction(rng.randint(1, 30), rng.choice((100, 200, 1000)))
    count = 2 if obs < 5 else 3
    names = ("X", "Y", "Z")[:count]
    tests = [(_percent(rng, 60, 99), _percent(rng, 60, 99)) for _ in names]
    results = [rng.random() < 0.7 for _ in names]
    like_sick = like_well = Fraction(1)
    for (sens, spec), positive in zip(tests, results):
        like_sick *= sens if positive else 1 - sens
        like_well *= 1 - spec if positive else spec
    sick, _ = posterior([prevalence, 1 - prevalence], [like_sick, like_well])
    described = "; ".join(
        f"test {n} detects it in {_pct(sens)} of sick people and is negative for {_pct(spec)} "
        "of healthy people"
        for n, (sens, spec) in zip(names, tests)
    )
    parts = [f"{'positive' if r else 'negative'} on test {n}" for n, r in zip(names, results)]
    outcome = ", ".join(parts[:-1]) + " and " + parts[-1]
    question = (
        f"A disease affects {prevalence.numerator} in {prevalence.denominator} people. "
        f"{described[0].upper()}{described[1:]}. The tests are independent given the person's "
        f"status. A random person is {outcome}. What is the probability that the person has "
        "the disease?"
    )
    return question, sick, 4 + 3 * count


class BayesProbability(TemplateFamily):
    """Posterior probability by Bayes' theorem, as an exact fraction.

    Difficulty moves ``level`` through ``test``, ``coins``, ``urns`` and ``predictive`` (see
    the module docstring) and raises ``observations`` (test results, flips, draws or items
    observed before the question).

    Answer syntax: an integer or a fraction p/q in lowest terms, e.g. ``19/118``.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "level": Knob(
            "categorical",
            choices=("test", "coins", "urns", "predictive"),
            default="test",
            doc="template group",
        ),
        "observations": Knob(
            "int", 1, 8, default=1, easy=1, hard=5, doc="results observed (at most)"
        ),
    }
    size_knob = "observations"
    levels: ClassVar = {
        "test": (_diagnostic,),
        "coins": (_coins,),
        "urns": (_urns, _machines),
        "predictive": (_next_flip, _several_tests),
    }
