"""Binomial and negative-binomial probabilities, as exact fractions.

Templates come in four levels; the ``level`` knob picks one and a template of it is drawn:

* ``exact``: ``P(X = k)`` for X ~ Binomial(n, p), ``C(n, k) p^k (1 - p)^(n - k)``, in
  settings such as free throws, dice rolls and seeds sprouting;
* ``tail``: ``P(X >= k)``, ``P(X <= k)``, at least one success (``1 - (1 - p)^n``);
* ``range``: ``P(a <= X <= b)``, more successes than failures, an even number of successes
  (``(1 + (1 - 2p)^n) / 2``);
* ``negative``: the first success on trial k (geometric), the r-th success on trial k
  (negative binomial, ``C(k - 1, r - 1) p^r (1 - p)^(k - r)``), and winning a best-of-(2m - 1)
  series.

The success probability p is a rational number stated in the prompt; answers are exact
``Fraction`` values (numerators and denominators grow large at difficulty 1). The ``trials``
knob sets the number of trials n.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb
from typing import ClassVar

from rlvr_envs.core import Knob
from rlvr_envs.families.math.probability import (
    TemplateFamily,
    binomial_pmf,
    ordinal,
    random_fraction,
)


def _setting(rng: random.Random, n: int) -> tuple[str, str, str, Fraction]:
    """(setup, success word, plural success word, p) for n independent trials."""
    kind = rng.randrange(4)
    if kind == 0:
        sides = rng.choice((4, 6, 8, 10, 12, 20))
        top = rng.randint(1, sides - 1)
        p = Fraction(top, sides)
        return (
            f"A fair {sides}-sided die (faces 1 to {sides}) is rolled {n} times. Call a roll a "
            f"hit if it shows a number at most {top}.",
            "hit",
            "hits",
            p,
        )
    p = random_fraction(rng, 12)
    if kind == 1:
        return (
            f"A basketball player makes each free throw with probability {p}, independently. "
            f"The player takes {n} free throws.",
            "made free throw",
            "made free throws",
            p,
        )
    if kind == 2:
        return (
            f"Each of {n} seeds sprouts with probability {p}, independently of the others.",
            "sprouted seed",
            "sprouted seeds",
            p,
        )
    return (
        f"A biased coin shows heads with probability {p}. It is flipped {n} times.",
        "head",
        "heads",
        p,
    )


def _n(rng: random.Random, trials: int) -> int:
    return rng.randint(max(3, trials // 2), max(3, trials))


# -- exact -----------------------------------------------------------------------------------
def _exact(rng: random.Random, trials: int) -> tuple[str, Fraction, int]:
    n = _n(rng, trials)
    setup, one, many, p = _setting(rng, n)
    k = rng.randint(1, n - 1)
    question = f"{setup} What is the probability of exactly {k} {one if k == 1 else many}?"
    return question, binomial_pmf(n, k, p), 3


# -- tail ------------------------------------------------------------------------------------
def _tail(rng: random.Random, trials: int) -> tuple[str, Fraction, int]:
    n = _n(rng, trials)
    setup, one, many, p = _setting(rng, n)
    kind = rng.choice(("at least", "at most", "at least one"))
    if kind == "at least one":
        question = f"{setup} What is the probability of at least one {one}?"
        return question, 1 - (1 - p) ** n, 3
    k = rng.randint(2, n - 1) if kind == "at least" else rng.randint(1, n - 2)
    if kind == "at least":
        answer = sum(binomial_pmf(n, j, p) for j in range(k, n + 1))
        terms = n - k + 1
    else:
        answer = sum(binomial_pmf(n, j, p) for j in range(k + 1))
        terms = k + 1
    question = f"{setup} What is the probability of {kind} {k} {many}?"
    return question, answer, 3 + min(terms, n + 1 - terms)


# -- range -----------------------------------------------------------------------------------
def _range(rng: random.Random, trials: int) -> tuple[str, Fraction, int]:
    n = _n(rng, trials)
    setup, one, many, p = _setting(rng, n)
    kind = rng.choice(("between", "between", "more", "even"))
    if kind == "between":
        a = rng.randint(1, n - 2)
        b = rng.randint(a + 1, n - 1)
        answer = sum(binomial_pmf(n, j, p) for j in range(a, b + 1))
        question = (
            f"{setup} What is the probability that the number of {many} is at least {a} and at "
            f"most {b}?"
        )
        return question, answer, 4 + (b - a) // 2
    if kind == "more":
        answer = sum(binomial_pmf(n, j, p) for j in range(n // 2 + 1, n + 1))
        question = (
            f"{setup} What is the probability that there are more {many} than trials that are "
            f"not a {one}?"
        )
        return question, answer, 5 + n // 4
    answer = (1 + (1 - 2 * p) ** n) / 2
    question = (
        f"{setup} What is the probability that the number of {many} is even (zero counts as even)?"
    )
    return question, answer, 7


# -- negative --------------------------------------------------------------------------------
def _first_success(rng: random.Random, trials: int) -> tuple[str, Fraction, int]:
    p = random_fraction(rng, 12)
    k = rng.randint(2, max(3, trials))
    if rng.random() < 0.5:
        question = (
            f"An archer hits the target with probability {p} on each shot, independently. The "
            f"archer shoots until the first hit. What is the probability that the first hit "
            f"comes on the {ordinal(k)} shot?"
        )
        return question, (1 - p) ** (k - 1) * p, 4
    if trials >= 10 and rng.random() < 0.5:
        # sum over even j of (1 - p)^(j - 1) p: a geometric series, (1 - p) / (2 - p)
        question = (
            f"An archer hits the target with probability {p} on each shot, independently, and "
            "shoots until the first hit. What is the probability that the first hit comes on "
            "an even-numbered shot?"
        )
        return question, (1 - p) / (2 - p), 6
    question = (
        f"An archer hits the target with probability {p} on each shot, independently. What is "
        f"the probability that the first hit comes within the first {k} shots?"
    )
    return question, 1 - (1 - p) ** k, 4


def _rth_success(rng: random.Random, trials: int) -> tuple[str, Fraction, int]:
    p = random_fraction(rng, 12)
    r = rng.randint(2, max(2, min(6, trials // 3)))
    k = rng.randint(r + 1, max(r + 2, trials))
    answer = comb(k - 1, r - 1) * p**r * (1 - p) ** (k - r)
    question = (
        f"A machine passes each test run with probability {p}, independently. What is the "
        f"probability that its {ordinal(r)} passed run is run number {k}?"
    )
    return question, answer, 6


def _series(rng: random.Random, trials: int) -> tuple[str, Fraction, int]:
    p = random_fraction(rng, 10)
    need = rng.randint(2, max(2, min(8, trials // 2)))
    games = 2 * need - 1
    # A wins the series when A's need-th win comes before B's need-th win
    answer = sum(comb(need - 1 + j, j) * p**need * (1 - p) ** j for j in range(need))
    question = (
        f"Teams A and B play a best-of-{games} series: the first team to win {need} games wins. "
        f"A wins each game with probability {p}, independently. What is the probability that "
        "A wins the series?"
    )
    return question, answer, 7 + need


class BinomialProbability(TemplateFamily):
    """Probability of a count of successes in independent trials, as an exact fraction.

    Difficulty moves ``level`` through ``exact``, ``tail``, ``range`` and ``negative`` (see the
    module docstring) and raises ``trials`` (up to 20 trials at difficulty 1, so exact
    answers have large numerators and denominators).

    Answer syntax: an integer or a fraction p/q in lowest terms, e.g. ``1120/6561``.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "level": Knob(
            "categorical",
            choices=("exact", "tail", "range", "negative"),
            default="exact",
            doc="template group",
        ),
        "trials": Knob("int", 3, 30, default=5, easy=4, hard=20, doc="number of trials (max)"),
    }
    size_knob = "trials"
    levels: ClassVar = {
        "exact": (_exact,),
        "tail": (_tail,),
        "range": (_range,),
        "negative": (_first_success, _rth_success, _series),
    }
