"""Probabilities of drawing coloured balls from urns, as exact fractions.

Templates come in five levels; the ``level`` knob picks one and a template of it is drawn:

* ``pairs``: two balls drawn with or without replacement: both red, same colour, one of each;
* ``sequence``: several draws: exactly or at least j red, the first blue ball at draw k;
* ``conditional``: the probability of an event about some draws given an event about others
  (the 3rd ball is red given the first two differ in colour, ...), by the definition
  ``P(A | B) = P(A and B) / P(B)``;
* ``transfer``: balls moved at random from one urn to another before a draw, and the
  reverse (Bayes) question of what was moved given the colour drawn;
* ``polya``: Polya's urn, where a drawn ball goes back with c more balls of its colour.

Every answer is computed exactly by enumerating the colour sequences of the draws with their
probabilities (integer weights over a common denominator), with ``Fraction``; the ``balls``
knob bounds the number of balls of each colour.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Knob
from rlvr_envs.families.math.probability import TemplateFamily, hypergeometric, ordinal

_COLOURS = ("red", "blue", "green")
Seq = tuple[int, ...]


def sequences(counts: list[int], draws: int, add: int) -> tuple[list[tuple[Seq, int]], int]:
    """Every colour sequence of ``draws`` draws with its integer weight, and the common
    denominator: ``add`` is -1 without replacement, 0 with replacement, c > 0 for Polya's urn
    (the ball goes back with c more of its colour)."""
    out: list[tuple[Seq, int]] = []

    def walk(state: list[int], seq: Seq, weight: int) -> None:
        if len(seq) == draws:
            out.append((seq, weight))
            return
        for colour, count in enumerate(state):
            if count > 0:
                state[colour] += add
                walk(state, (*seq, colour), weight * count)
                state[colour] -= add

    walk(list(counts), (), 1)
    total = sum(counts)
    denominator = 1
    for i in range(draws):
        denominator *= total + add * i
    return out, denominator


def probability(counts: list[int], draws: int, add: int, event: Callable[[Seq], bool]) -> Fraction:
    seqs, den = sequences(counts, draws, add)
    return Fraction(sum(w for s, w in seqs if event(s)), den)


def _urn(rng: random.Random, size: int, colours: int = 2) -> tuple[list[int], str]:
    counts = [rng.randint(2, max(3, size)) for _ in range(colours)]
    while colours == 2 and counts[0] == counts[1]:
        counts[1] = rng.randint(2, max(3, size))
    parts = [f"{c} {name}" for c, name in zip(counts, _COLOURS)]
    text = ", ".join(parts[:-1]) + " and " + parts[-1]
    return counts, f"An urn contains {text} balls."


def _mode(rng: random.Random) -> tuple[int, str]:
    if rng.random() < 0.6:
        return -1, "without replacement"
    return 0, "with replacement (each ball is put back before the next draw)"


# -- pairs -----------------------------------------------------------------------------------
def _pair(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    colours = rng.choice((2, 2, 3))
    counts, urn = _urn(rng, size, colours)
    add, how = _mode(rng)
    kind = rng.choice(("same", "both red", "different"))
    events = {
        "same": ("both balls have the same colour", lambda s: s[0] == s[1]),
        "both red": ("both balls are red", lambda s: s == (0, 0)),
        "different": ("the two balls have different colours", lambda s: s[0] != s[1]),
    }
    text, event = events[kind]
    question = f"{urn} Two balls are drawn at random {how}. What is the probability that {text}?"
    return question, probability(counts, 2, add, event), 2 + colours // 3


# -- sequence --------------------------------------------------------------------------------
def _count_red(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    counts, urn = _urn(rng, size)
    draws = rng.randint(3, 5)
    add, how = _mode(rng)
    j = rng.randint(1, draws - 1)
    if rng.random() < 0.5:
        text, event = f"exactly {j} of them are red", lambda s: s.count(0) == j
    else:
        text, event = f"at least {j} of them are red", lambda s: s.count(0) >= j
    question = (
        f"{urn} {draws} balls are drawn at random {how}. What is the probability that {text}?"
    )
    return question, probability(counts, draws, add, event), 3 + draws // 2


def _first_blue(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    counts, urn = _urn(rng, size)
    k = rng.randint(2, min(5, counts[0] + 1))
    answer = probability(counts, k, -1, lambda s: s == (0,) * (k - 1) + (1,))
    question = (
        f"{urn} Balls are drawn one at a time at random without replacement. What is the "
        f"probability that the first blue ball appears at the {ordinal(k)} draw?"
    )
    return question, answer, 3 + k // 2


# -- conditional -----------------------------------------------------------------------------
_CONDITIONS: tuple[tuple[str, Callable[[Seq], bool]], ...] = (
    ("the first ball is red", lambda s: s[0] == 0),
    ("at least one of the first two balls is red", lambda s: 0 in s[:2]),
    ("the first two balls have different colours", lambda s: s[0] != s[1]),
    ("at least two of the three balls are blue", lambda s: s.count(1) >= 2),
    ("the second ball is blue", lambda s: s[1] == 1),
)
_TARGETS: tuple[tuple[str, Callable[[Seq], bool]], ...] = (
    ("the third ball is red", lambda s: s[2] == 0),
    ("the first ball is blue", lambda s: s[0] == 1),
    ("the first two balls are both red", lambda s: s[:2] == (0, 0)),
    ("all three balls have the same colour", lambda s: len(set(s[:3])) == 1),
    ("the third ball has the same colour as the first", lambda s: s[2] == s[0]),
    ("exactly two of the three balls are red", lambda s: s.count(0) == 2),
    ("the second ball is red", lambda s: s[1] == 0),
)


def _conditional(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    counts, urn = _urn(rng, size)
    add, how = -1, "without replacement"  # with replacement the draws are independent
    seqs, _ = sequences(counts, 3, add)
    for _ in range(20):
        (given, b), (asked, a) = rng.choice(_CONDITIONS), rng.choice(_TARGETS)
        both = sum(w for s, w in seqs if a(s) and b(s))
        cond = sum(w for s, w in seqs if b(s))
        if 0 < both < cond:
            break
    question = (
        f"{urn} Three balls are drawn one after another at random {how}. Given that {given}, "
        f"what is the probability that {asked}?"
    )
    return question, Fraction(both, cond), 6


# -- transfer --------------------------------------------------------------------------------
def _transfer(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    a, b = (
        [rng.randint(1, max(2, size)) for _ in range(2)],
        [rng.randint(1, max(2, size)) for _ in range(2)],
    )
    moved = rng.randint(1, min(3, a[0] + a[1] - 1))
    # weight of j red balls moved, then the chance the ball drawn from urn B is red
    split = [hypergeometric(a[0], a[1], moved, j) for j in range(moved + 1)]
    red_after = [Fraction(b[0] + j, b[0] + b[1] + moved) for j in range(moved + 1)]
    p_red = sum(w * r for w, r in zip(split, red_after))
    setup = (
        f"Urn A contains {a[0]} red and {a[1]} blue balls; urn B contains {b[0]} red and "
        f"{b[1]} blue balls. {moved} {'ball is' if moved == 1 else 'balls are'} drawn at random "
        f"from urn A (without replacement) and put into urn B; then one ball is drawn at random "
        "from urn B."
    )
    if rng.random() < 0.5:
        return f"{setup} What is the probability that it is red?", p_red, 5 + moved
    j = rng.randint(0, moved)
    answer = split[j] * red_after[j] / p_red
    moved_text = (
        "the ball moved was red" if moved == 1 else f"exactly {j} of the moved balls were red"
    )
    if moved == 1 and j == 0:
        moved_text = "the ball moved was blue"
    question = (
        f"{setup} The ball drawn from urn B is red. Given this, what is the probability that "
        f"{moved_text}?"
    )
    return question, answer, 7 + moved


# -- polya -----------------------------------------------------------------------------------
def _polya(rng: random.Random, size: int) -> tuple[str, Fraction, int]:
    counts = [rng.randint(1, max(2, size // 2)), rng.randint(1, max(2, size // 2))]
    extra = rng.randint(1, 4)
    draws = rng.randint(3, 5)
    setup = (
        f"An urn starts with {counts[0]} red and {counts[1]} blue balls. Repeatedly, a ball is "
        f"drawn at random, then put back together with {extra} more "
        f"{'ball' if extra == 1 else 'balls'} of the same colour."
    )
    kind = rng.choice(("count", "conditional", "same"))
    if kind == "count":
        j = rng.randint(1, draws - 1)
        answer = probability(counts, draws, extra, lambda s: s.count(0) == j)
        asked = f"exactly {j} of the first {draws} balls drawn are red"
        return f"{setup} What is the probability that {asked}?", answer, 9 + draws // 2
    if kind == "same":
        answer = probability(counts, draws, extra, lambda s: len(set(s)) == 1)
        asked = f"the first {draws} balls drawn all have the same colour"
        return f"{setup} What is the probability that {asked}?", answer, 9
    seqs, _ = sequences(counts, draws, extra)
    given = sum(w for s, w in seqs if s[0] == 1)
    both = sum(w for s, w in seqs if s[0] == 1 and s[-1] == 0)
    question = (
        f"{setup} Given that the first ball drawn is blue, what is the probability that the "
        f"{ordinal(draws)} ball drawn is red?"
    )
    return question, Fraction(both, given), 10


class UrnProbability(TemplateFamily):
    """Probability of an event on draws of coloured balls from urns, as an exact fraction.

    Difficulty moves ``level`` through ``pairs``, ``sequence``, ``conditional``, ``transfer``
    and ``polya`` (see the module docstring) and raises ``balls`` (the most balls of one
    colour).

    Answer syntax: an integer or a fraction p/q in lowest terms, e.g. ``14/55``.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "level": Knob(
            "categorical",
            choices=("pairs", "sequence", "conditional", "transfer", "polya"),
            default="pairs",
            doc="template group",
        ),
        "balls": Knob("int", 3, 40, default=8, easy=6, hard=30, doc="balls of one colour (max)"),
    }
    size_knob = "balls"
    levels: ClassVar = {
        "pairs": (_pair,),
        "sequence": (_count_red, _first_blue),
        "conditional": (_conditional,),
        "transfer": (_transfer,),
        "polya": (_polya,),
    }
