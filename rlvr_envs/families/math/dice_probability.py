"""Probabilities of events on rolls of fair dice, as exact fractions.

Templates come in five levels; the ``level`` knob picks one and a template of it is drawn:

* ``sum``: the sum of several fair s-sided dice is exactly, at least or at most a target;
* ``events``: the sum is prime or divisible by m, the product is divisible by a prime, all
  dice show different faces;
* ``extremes``: the largest die equals m, the smallest is at least m, the largest and smallest
  differ by at most d;
* ``compare``: one player's roll beats (or ties) another's, by sums or by largest dice;
* ``custom``: non-standard dice with listed faces: sums, primes, one die beating another,
  and winning a best-of-three duel.

Every answer follows from the classical definition (favourable outcomes over equally likely
outcomes), computed exactly by convolving the face distributions (``Fraction`` arithmetic);
the ``dice`` knob sets how many dice are rolled.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import perm
from typing import ClassVar

from rlvr_envs.core import Knob
from rlvr_envs.families.math.probability import (
    TemplateFamily,
    binomial_pmf,
    is_prime,
    sum_counts,
)

_SIDES = (4, 6, 8, 10, 12, 20)


def _std(sides: int) -> list[int]:
    return list(range(1, sides + 1))


def _dice_text(count: int, sides: int) -> str:
    if count == 1:
        return f"a fair {sides}-sided die (faces 1 to {sides})"
    return f"{count} fair {sides}-sided dice (faces 1 to {sides})"


def _pick(rng: random.Random, k: int) -> tuple[int, int]:
    """A number of dice (2..k) and a number of sides."""
    count = rng.randint(2, max(2, k))
    sides = rng.choice(_SIDES if count <= 4 else _SIDES[:4])
    return count, sides


def _prob(counts: dict[int, int], keep, total: int) -> Fraction:
    return Fraction(sum(c for v, c in counts.items() if keep(v)), total)


# -- sum -------------------------------------------------------------------------------------
def _sum_exact(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    count, sides = _pick(rng, k)
    target = rng.randint(count + 1, count * sides - 1)
    dist = sum_counts([_std(sides)] * count)
    question = f"Roll {_dice_text(count, sides)}. What is the probability that the sum is {target}?"
    return question, _prob(dist, lambda v: v == target, sides**count), 2 + count // 2


def _sum_bound(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    count, sides = _pick(rng, k)
    target = rng.randint(count + 1, count * sides - 1)
    dist = sum_counts([_std(sides)] * count)
    if rng.random() < 0.5:
        question = (
            f"Roll {_dice_text(count, sides)}. What is the probability that the sum is at "
            f"least {target}?"
        )
        return question, _prob(dist, lambda v: v >= target, sides**count), 3 + count // 2
    question = (
        f"Roll {_dice_text(count, sides)}. What is the probability that the sum is at "
        f"most {target}?"
    )
    return question, _prob(dist, lambda v: v <= target, sides**count), 3 + count // 2


# -- events ----------------------------------------------------------------------------------
def _sum_prime(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    count, sides = _pick(rng, k)
    dist = sum_counts([_std(sides)] * count)
    question = (
        f"Roll {_dice_text(count, sides)}. What is the probability that the sum is a prime number?"
    )
    return question, _prob(dist, is_prime, sides**count), 4 + count // 2


def _sum_divisible(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    count, sides = _pick(rng, k)
    m = rng.choice([m for m in range(3, 10) if sides % m])  # m | sides would give 1/m
    dist = sum_counts([_std(sides)] * count)
    question = (
        f"Roll {_dice_text(count, sides)}. What is the probability that the sum is divisible "
        f"by {m}?"
    )
    return question, _prob(dist, lambda v: v % m == 0, sides**count), 4 + count // 2


def _product_divisible(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    count, sides = _pick(rng, k)
    q = rng.choice([q for q in (3, 5, 7) if q <= sides])
    miss = Fraction(sides - sides // q, sides) ** count  # no die shows a multiple of q
    question = (
        f"Roll {_dice_text(count, sides)}. What is the probability that the product of the "
        f"numbers shown is divisible by {q}?"
    )
    return question, 1 - miss, 3


def _all_different(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    count, sides = _pick(rng, k)
    sides = max(sides, count + 1)
    question = (
        f"Roll {_dice_text(count, sides)}. What is the probability that all {count} dice "
        "show different numbers?"
    )
    return question, Fraction(perm(sides, count), sides**count), 3


# -- extremes --------------------------------------------------------------------------------
def _max_equals(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    count, sides = _pick(rng, k)
    m = rng.randint(2, sides - 1)
    answer = Fraction(m**count - (m - 1) ** count, sides**count)
    question = (
        f"Roll {_dice_text(count, sides)}. What is the probability that the largest number "
        f"shown is exactly {m}?"
    )
    return question, answer, 5


def _min_at_least(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    count, sides = _pick(rng, k)
    m = rng.randint(2, sides - 1)
    if rng.random() < 0.5:
        answer = Fraction(sides - m + 1, sides) ** count
        question = (
            f"Roll {_dice_text(count, sides)}. What is the probability that the smallest "
            f"number shown is at least {m}?"
        )
        return question, answer, 4
    answer = Fraction((sides - m + 1) ** count - (sides - m) ** count, sides**count)
    question = (
        f"Roll {_dice_text(count, sides)}. What is the probability that the smallest number "
        f"shown is exactly {m}?"
    )
    return question, answer, 5


def _spread(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    count, sides = _pick(rng, k)
    d = rng.randint(1, sides - 2)
    favourable = 0
    for low in range(1, sides + 1):  # outcomes whose minimum is `low` and maximum <= low + d
        width = min(sides, low + d) - low + 1
        favourable += width**count - (width - 1) ** count
    question = (
        f"Roll {_dice_text(count, sides)}. What is the probability that the largest and the "
        f"smallest number shown differ by at most {d}?"
    )
    return question, Fraction(favourable, sides**count), 6


# -- compare ---------------------------------------------------------------------------------
def _players(rng: random.Random, k: int) -> tuple[int, int, int]:
    a = rng.randint(1, max(1, min(k, 4)))
    b = rng.randint(1, max(1, min(k, 4)))
    if a == b == 1:
        b = 2
    return a, b, rng.choice(_SIDES[:4])


def _sum_beats(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    a, b, sides = _players(rng, k)
    da, db = sum_counts([_std(sides)] * a), sum_counts([_std(sides)] * b)
    total = sides ** (a + b)
    if rng.random() < 0.7:
        wins = sum(ca * cb for x, ca in da.items() for y, cb in db.items() if x > y)
        relation = "strictly greater than"
    else:
        wins = sum(ca * db.get(x, 0) for x, ca in da.items())
        relation = "equal to"
    question = (
        f"Alice rolls {_dice_text(a, sides)} and Bob rolls {_dice_text(b, sides)}. What is the "
        f"probability that the sum of Alice's roll is {relation} the sum of Bob's roll?"
    )
    return question, Fraction(wins, total), 6 + (a + b) // 2


def _max_beats(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    a, b, sides = _players(rng, k)
    ma = {m: m**a - (m - 1) ** a for m in range(1, sides + 1)}
    mb = {m: m**b - (m - 1) ** b for m in range(1, sides + 1)}
    wins = sum(ca * cb for x, ca in ma.items() for y, cb in mb.items() if x > y)
    question = (
        f"Alice rolls {_dice_text(a, sides)} and Bob rolls {_dice_text(b, sides)}. Each "
        "player's score is the largest number they rolled. What is the probability that "
        "Alice's score is strictly greater than Bob's?"
    )
    return question, Fraction(wins, sides ** (a + b)), 7


# -- custom ----------------------------------------------------------------------------------
def _custom_die(rng: random.Random) -> list[int]:
    size = rng.choice((4, 6, 6, 8))
    return sorted(rng.randint(0, 12) for _ in range(size))


def _faces_text(faces: list[int]) -> str:
    return ", ".join(map(str, faces))


def _custom_sum(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    count = rng.randint(min(4, max(2, k - 2)), max(2, min(k, 4)))  # four dice at dice >= 6
    dice = [_custom_die(rng) for _ in range(count)]
    dist = sum_counts(dice)
    total = 1
    for faces in dice:
        total *= len(faces)
    listing = "; ".join(f"die {i + 1} has faces {_faces_text(f)}" for i, f in enumerate(dice))
    kind = rng.choice(("prime", "at least", "exactly"))
    if kind == "prime":
        event, keep = "is a prime number", is_prime
    else:
        values = sorted(dist)
        target = rng.choice(values[1:-1] or values)
        if kind == "exactly":
            event, keep = f"is exactly {target}", lambda v: v == target
        else:
            event, keep = f"is at least {target}", lambda v: v >= target
    question = (
        f"{count} fair dice with non-standard faces are rolled ({listing}; every face of a die "
        f"is equally likely). What is the probability that the sum of the faces shown {event}?"
    )
    return question, _prob(dist, keep, total), 6 + count


def _custom_duel(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    a, b = _custom_die(rng), _custom_die(rng)
    wins = sum(1 for x in a for y in b if x > y)
    p = Fraction(wins, len(a) * len(b))
    # one roll at few dice; a best-of series (a binomial tail over p) from dice = 4 on, and
    # no single roll at dice >= 6 (difficulty 1)
    rounds = 1 if k < 4 else rng.choice((1, 3, 5) if k < 6 else (3, 5, 7))
    setup = (
        f"Die A has faces {_faces_text(a)} and die B has faces {_faces_text(b)} (each face "
        "equally likely)."
    )
    if rounds == 1:
        question = (
            f"{setup} Both are rolled once. What is the probability that A shows a strictly "
            "larger number than B?"
        )
        return question, p, 5
    need = rounds // 2 + 1
    answer = sum(binomial_pmf(rounds, j, p) for j in range(need, rounds + 1))
    question = (
        f"{setup} Both are rolled {rounds} times (independently). A round is won by A when A "
        "shows a strictly larger number than B. What is the probability that A wins at least "
        f"{need} of the {rounds} rounds?"
    )
    return question, answer, 8


class DiceProbability(TemplateFamily):
    """Probability of an event on rolls of fair dice, as an exact fraction.

    Difficulty moves ``level`` through ``sum``, ``events``, ``extremes``, ``compare`` and
    ``custom`` (see the module docstring) and raises ``dice`` (how many dice are rolled; up to
    six 20-sided dice, or several dice with non-standard faces, at difficulty 1).

    Answer syntax: an integer or a fraction p/q in lowest terms, e.g. ``25/216``.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "level": Knob(
            "categorical",
            choices=("sum", "events", "extremes", "compare", "custom"),
            default="sum",
            doc="template group",
        ),
        "dice": Knob("int", 1, 8, default=2, easy=2, hard=6, doc="dice rolled (at most)"),
    }
    size_knob = "dice"
    levels: ClassVar = {
        "sum": (_sum_exact, _sum_bound),
        "events": (_sum_prime, _sum_divisible, _product_divisible, _all_different),
        "extremes": (_max_equals, _min_at_least, _spread),
        "compare": (_sum_beats, _max_beats),
        "custom": (_custom_sum, _custom_duel),
    }
