"""Expected values (and variances) of random quantities, as exact fractions.

Templates come in five levels; the ``level`` knob picks one and a template of it is drawn:

* ``game``: the expected net gain of a game with stated payouts (a die, two dice, an urn);
* ``waiting``: the expected number of trials until a success (geometric: ``1/p``), draws
  until the first red ball without replacement (``(N + 1)/(r + 1)``), flips until h heads
  in a row (``sum 1/p^i``), rolls until m different faces are seen (coupon collector);
* ``extremes``: the expected largest, smallest or range of k dice
  (``E[max] = sum_m P(max >= m)``), and of k numbers drawn from 1..n
  (``E[max] = k(n + 1)/(k + 1)``);
* ``linearity``: expected counts by linearity of expectation (indicator variables): runs in a
  random row of coloured balls, distinct faces seen, empty boxes, records (left-to-right
  maxima, ``H_n``), cards within d places of their own position (fixed points widened),
  occurrences of a coin pattern, adjacent red pairs;
* ``variance``: the variance of a payout, of a sum of dice (``k(s^2 - 1)/12``), of the number
  of red balls in a sample without replacement (hypergeometric), of the largest of two dice,
  and (at size >= 8) of the number of empty boxes (indicators over pairs of boxes).

Every answer is computed with ``Fraction`` from the closed form or by exact enumeration of
the outcomes; the ``size`` knob scales the dice, balls, flips or people involved.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Knob
from rlvr_envs.families.math.probability import TemplateFamily, random_fraction, sum_counts

_SIDES = (4, 6, 8, 10, 12)


def _money(value: int) -> str:
    return f"wins {value} dollars" if value > 0 else f"loses {-value} dollars"


# -- game ------------------------------------------------------------------------------------
def _payout_die(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    sides = rng.choice(_SIDES[: 2 + size // 4])
    pay = [rng.choice((0, rng.randint(1, 15))) for _ in range(sides)]
    pay[rng.randrange(sides)] = rng.randint(1, 15)
    fee = rng.randint(1, 6)
    table = "; ".join(f"face {f + 1} pays {p} dollars" for f, p in enumerate(pay) if p > 0)
    answer = Fraction(sum(pay), sides) - fee
    question = (
        f"A game costs {fee} {'dollar' if fee == 1 else 'dollars'} to play. The player rolls a "
        f"fair {sides}-sided die (faces 1 to {sides}) and is paid as follows: {table}; every "
        "other face pays nothing. What is the expected net gain of the player (payout minus "
        "cost), in dollars?"
    )
    return question, answer, 2


def _two_dice_game(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    sides = rng.choice(_SIDES[: 2 + size // 3])
    win_double, win_high, lose = rng.randint(5, 30), rng.randint(1, 10), rng.randint(1, 8)
    high = rng.randint(sides + 2, 2 * sides - 1)
    total = Fraction(0)
    for a in range(1, sides + 1):
        for b in range(1, sides + 1):
            total += win_double if a == b else win_high if a + b >= high else -lose
    question = (
        f"Two fair {sides}-sided dice (faces 1 to {sides}) are rolled. If they show the same "
        f"number the player {_money(win_double)}; otherwise, if the sum is at least {high} the "
        f"player {_money(win_high)}; in every other case the player {_money(-lose)}. What is "
        "the player's expected gain, in dollars?"
    )
    return question, total / sides**2, 4


def _urn_game(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    red, blue = rng.randint(2, 3 + size), rng.randint(2, 3 + size)
    draws = rng.randint(2, min(4, red + blue - 1))
    gain, loss = rng.randint(2, 12), rng.randint(1, 9)
    answer = draws * Fraction(gain * red - loss * blue, red + blue)
    question = (
        f"An urn holds {red} red and {blue} blue balls. {draws} balls are drawn at random without "
        f"replacement. The player wins {gain} dollars for each red ball drawn and loses {loss} "
        "dollars for each blue ball drawn. What is the player's expected gain, in dollars?"
    )
    return question, answer, 3


# -- waiting ---------------------------------------------------------------------------------
def _until_sum(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    count = rng.randint(2, max(2, min(4, size // 2 + 1)))
    sides = rng.choice(_SIDES[:3])
    target = rng.randint(count + 2, count * sides - 1)
    dist = sum_counts([list(range(1, sides + 1))] * count)
    p = Fraction(sum(c for v, c in dist.items() if v >= target), sides**count)
    question = (
        f"{count} fair {sides}-sided dice (faces 1 to {sides}) are rolled together, over and "
        f"over, until their sum is at least {target}. What is the expected number of rolls "
        "(counting the last one)?"
    )
    return question, 1 / p, 4


def _until_red(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    red, blue = rng.randint(1, 2 + size), rng.randint(2, 4 + 2 * size)
    question = (
        f"A bag holds {red} red and {blue} blue marbles. Marbles are drawn one at a time at "
        "random without replacement until a red marble is drawn. What is the expected number "
        "of marbles drawn (counting the red one)?"
    )
    return question, Fraction(red + blue + 1, red + 1), 4


def _heads_in_a_row(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    p = random_fraction(rng, 4 + size // 2)
    run = rng.randint(2, max(2, min(5, size // 2 + 1)))
    answer = sum(1 / p**i for i in range(1, run + 1))
    question = (
        f"A biased coin shows heads with probability {p}. It is flipped until {run} heads in a "
        "row appear. What is the expected number of flips?"
    )
    return question, answer, 4 + run // 2


def _collector(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    sides = rng.choice(_SIDES[: 2 + size // 3])
    want = rng.randint(2, sides)
    answer = sum(Fraction(sides, sides - i) for i in range(want))
    question = (
        f"A fair {sides}-sided die (faces 1 to {sides}) is rolled until {want} different faces "
        "have appeared. What is the expected number of rolls?"
    )
    return question, answer, 4 + want // 3


# -- extremes --------------------------------------------------------------------------------
def _extreme(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    count = rng.randint(2, max(2, min(7, size)))
    sides = rng.randint(4, 20)
    e_max = sum(1 - Fraction(m - 1, sides) ** count for m in range(1, sides + 1))
    e_min = sum(Fraction(sides - m + 1, sides) ** count for m in range(1, sides + 1))
    kind = rng.choice(("largest", "smallest", "range"))
    answer = {"largest": e_max, "smallest": e_min, "range": e_max - e_min}[kind]
    what = {
        "largest": "the largest number shown",
        "smallest": "the smallest number shown",
        "range": "the difference between the largest and the smallest number shown",
    }[kind]
    question = (
        f"{count} fair {sides}-sided dice (faces 1 to {sides}) are rolled. What is the expected "
        f"value of {what}?"
    )
    return question, answer, 5 + (kind == "range")


def _extreme_draw(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    n = rng.randint(6, 10 + 4 * size)
    k = rng.randint(2, min(n - 1, 2 + size))
    largest = rng.random() < 0.5
    # the k chosen numbers split 1..n into k + 1 gaps of equal expected size
    answer = Fraction(k * (n + 1), k + 1) if largest else Fraction(n + 1, k + 1)
    question = (
        f"{k} different numbers are chosen uniformly at random from 1, 2, ..., {n}. What is "
        f"the expected value of the {'largest' if largest else 'smallest'} number chosen?"
    )
    return question, answer, 5


# -- linearity -------------------------------------------------------------------------------
def _runs(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    red, blue = rng.randint(2, 3 + size), rng.randint(2, 3 + size)
    n = red + blue
    if rng.random() < 0.5:
        question = (
            f"{red} red and {blue} blue balls are placed in a row in a uniformly random order. A "
            "run is a maximal block of consecutive balls of one colour. What is the expected "
            "number of runs?"
        )
        return question, 1 + Fraction(2 * red * blue, n), 6
    question = (
        f"{red} red and {blue} blue balls are placed in a row in a uniformly random order. What "
        "is the expected number of pairs of neighbouring positions that both hold red balls?"
    )
    return question, Fraction(red * (red - 1), n), 6


def _distinct(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    sides = rng.choice(_SIDES)
    rolls = rng.randint(2, 2 + size)
    if rng.random() < 0.5:
        answer = sides * (1 - Fraction(sides - 1, sides) ** rolls)
        question = (
            f"A fair {sides}-sided die is rolled {rolls} times. What is the expected number of "
            "different faces that appear?"
        )
        return question, answer, 6
    answer = sides * Fraction(sides - 1, sides) ** rolls
    question = (
        f"{rolls} balls are thrown, each independently into one of {sides} boxes chosen "
        "uniformly at random. What is the expected number of empty boxes?"
    )
    return question, answer, 6


def _records(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    n = rng.randint(3, 4 + size)
    if rng.random() < 0.5:
        answer = sum(Fraction(1, i) for i in range(1, n + 1))
        question = (
            f"The numbers 1 to {n} are put in a uniformly random order. A number is a record "
            "if it is larger than every number before it (the first number is a record). "
            "What is the expected number of records?"
        )
        return question, answer, 6 + n // 6
    question = (
        f"The numbers 1 to {n} are put in a uniformly random order. What is the expected "
        "number of places where a number j is immediately followed by j + 1?"
    )
    return question, Fraction(n - 1, n), 6


def _near_fixed(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    n = rng.randint(5, 6 + size)
    d = rng.randint(1, 2)
    # card i lands in each of the n positions with probability 1/n; count the near positions
    near = n + 2 * sum(n - t for t in range(1, d + 1))
    question = (
        f"Cards numbered 1 to {n} are shuffled into a uniformly random order (positions 1 to "
        f"{n}). What is the expected number of cards whose position differs from their number "
        f"by at most {d}?"
    )
    return question, Fraction(near, n), 6


def _pattern(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    p = random_fraction(rng, 4 + size // 2)
    length = rng.randint(2, 4)
    pattern = "".join(rng.choice("HT") for _ in range(length))
    flips = rng.randint(length + 2, 10 + 3 * size)
    heads = pattern.count("H")
    answer = (flips - length + 1) * p**heads * (1 - p) ** (length - heads)
    question = (
        f"A biased coin shows heads (H) with probability {p}. It is flipped {flips} times. What "
        f"is the expected number of times the pattern {pattern} appears as consecutive flips "
        "(overlapping occurrences count separately)?"
    )
    return question, answer, 6


# -- variance --------------------------------------------------------------------------------
def _var_sum(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    if size >= 8 and rng.random() < 0.6:
        return _var_empty(rng, size)
    count = rng.randint(2, 2 + size)
    sides = rng.choice(_SIDES)
    question = (
        f"{count} fair {sides}-sided dice (faces 1 to {sides}) are rolled. What is the variance "
        "of their sum?"
    )
    return question, Fraction(count * (sides * sides - 1), 12), 7


def _var_empty(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    """Var of the number of empty boxes, by indicators: E[N^2] = sum_i P(i empty) +
    sum_{i != j} P(i and j empty) = s q1 + s(s - 1) q2, with q_m = (1 - m/s)^balls."""
    boxes = rng.randint(3, 4 + size // 2)
    balls = rng.randint(boxes, boxes + size)
    one, two = Fraction(boxes - 1, boxes) ** balls, Fraction(boxes - 2, boxes) ** balls
    mean = boxes * one
    answer = mean + boxes * (boxes - 1) * two - mean**2
    question = (
        f"{balls} balls are thrown, each independently into one of {boxes} boxes chosen "
        "uniformly at random. What is the variance of the number of empty boxes?"
    )
    return question, answer, 11


def _var_payout(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    sides = rng.choice(_SIDES[: 2 + size // 4])
    pay = [rng.randint(-5, 12) for _ in range(sides)]
    mean = Fraction(sum(pay), sides)
    answer = Fraction(sum(p * p for p in pay), sides) - mean**2
    table = ", ".join(str(p) for p in pay)
    question = (
        f"A fair {sides}-sided die is rolled; faces 1 to {sides} pay, in order, {table} dollars "
        "(a negative amount is a loss). What is the variance of the payout (in squared dollars)?"
    )
    return question, answer, 8


def _var_hyper(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    red, blue = rng.randint(2, 3 + size), rng.randint(2, 3 + size)
    n = red + blue
    draws = rng.randint(2, n - 1)
    answer = draws * Fraction(red, n) * Fraction(blue, n) * Fraction(n - draws, n - 1)
    question = (
        f"An urn holds {red} red and {blue} blue balls. {draws} balls are drawn at random without "
        "replacement. What is the variance of the number of red balls drawn?"
    )
    return question, answer, 9


def _var_max(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    sides = rng.choice(_SIDES)
    count = rng.randint(2, max(2, min(4, size // 2)))
    probs = {m: Fraction(m**count - (m - 1) ** count, sides**count) for m in range(1, sides + 1)}
    mean = sum(m * p for m, p in probs.items())
    answer = sum(m * m * p for m, p in probs.items()) - mean**2
    question = (
        f"{count} fair {sides}-sided dice (faces 1 to {sides}) are rolled. What is the variance "
        "of the largest number shown?"
    )
    return question, answer, 10


class ExpectedValue(TemplateFamily):
    """Expected value (or variance) of a random quantity, as an exact fraction.

    Difficulty moves ``level`` through ``game``, ``waiting``, ``extremes``, ``linearity`` and
    ``variance`` (see the module docstring) and raises ``size`` (dice, balls, flips, people).

    Answer syntax: an integer or a fraction p/q in lowest terms (negative for a loss), e.g.
    ``-7/6``.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "level": Knob(
            "categorical",
            choices=("game", "waiting", "extremes", "linearity", "variance"),
            default="game",
            doc="template group",
        ),
        "size": Knob("int", 1, 14, default=3, easy=2, hard=10, doc="dice, balls, flips (scale)"),
    }
    levels: ClassVar = {
        "game": (_payout_die, _two_dice_game, _urn_game),
        "waiting": (_until_sum, _until_red, _heads_in_a_row, _collector),
        "extremes": (_extreme, _extreme_draw),
        "linearity": (_runs, _distinct, _records, _near_fixed, _pattern),
        "variance": (_var_sum, _var_payout, _var_hyper, _var_max),
    }
