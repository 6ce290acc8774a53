"""Probabilities of hands and draws from a shuffled deck of cards, as exact fractions.

Templates come in five levels; the ``level`` knob picks one and a template of it is drawn:

* ``draws``: cards drawn one at a time without replacement: the first cards have given
  kinds (a heart, then a face card, ...), the first ace appears at the k-th draw;
* ``hands``: a hand of k cards has at least one, exactly j or no cards of a kind;
* ``suits``: all cards of one colour or one suit, exactly m red cards, cards of exactly m
  suits (every suit), exactly i hearts and j spades;
* ``poker``: five-card hands (flush, full house, four of a kind, two pair, three of a kind,
  one pair) from the standard or a reduced deck;
* ``custom``: the same hands from a deck of R ranks in S suits, and sequential draws there.

Decks are the standard 52 cards or a reduced deck (32, 36, 24 or 40 cards: a subset of the
ranks in the four suits), stated in the prompt. Every hand is equally likely, so each answer
is a count of favourable hands over ``C(N, k)`` (hypergeometric counts, inclusion-exclusion
for "every suit"), or a product of conditional probabilities for sequential draws.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from math import comb
from typing import ClassVar

from rlvr_envs.core import Knob
from rlvr_envs.families.math.probability import (
    TemplateFamily,
    hypergeometric,
    ordinal,
)

_SUITS = ("hearts", "diamonds", "clubs", "spades")
_ALL = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_DECKS = (  # ranks of the standard and of the reduced decks
    _ALL,
    ("7", "8", "9", "10", "J", "Q", "K", "A"),
    ("6", "7", "8", "9", "10", "J", "Q", "K", "A"),
    ("9", "10", "J", "Q", "K", "A"),
    ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"),
)

Card = tuple[str, str]
Kind = tuple[str, Callable[[Card], bool]]


def _deck(rng: random.Random, standard_weight: float = 0.5) -> tuple[list[Card], str]:
    ranks = _DECKS[0] if rng.random() < standard_weight else rng.choice(_DECKS[1:])
    cards = [(r, s) for r in ranks for s in _SUITS]
    if len(ranks) == 13:
        return cards, "a standard 52-card deck"
    listing = ", ".join(ranks)
    return cards, (
        f"a {len(cards)}-card deck containing the ranks {listing} in each of the four suits "
        "(hearts, diamonds, clubs, spades)"
    )


_KINDS: tuple[Kind, ...] = (
    ("an ace", lambda c: c[0] == "A"),
    ("a heart", lambda c: c[1] == "hearts"),
    ("a face card (J, Q or K)", lambda c: c[0] in "JQK"),
    ("a red card (hearts or diamonds)", lambda c: c[1] in ("hearts", "diamonds")),
    ("a king or a queen", lambda c: c[0] in ("K", "Q")),
    ("a spade or an ace", lambda c: c[1] == "spades" or c[0] == "A"),
    ("a number card (2 to 10)", lambda c: c[0].isdigit()),
)
_COUNTED = {  # kind -> (one counted card, several): "exactly 1 ace", "at most 2 aces"
    "an ace": ("ace", "aces"),
    "a heart": ("heart", "hearts"),
    "a face card (J, Q or K)": ("face card (J, Q or K)", "face cards (J, Q or K)"),
    "a red card (hearts or diamonds)": ("red card", "red cards"),
    # the compound kinds are counted as "cards that are ...": "exactly 1 king or a queen"
    # would also read as "exactly one king, or a queen"
    "a king or a queen": ("card that is a king or a queen", "cards that are a king or a queen"),
    "a spade or an ace": ("card that is a spade or an ace", "cards that are a spade or an ace"),
    "a number card (2 to 10)": ("number card (2 to 10)", "number cards (2 to 10)"),
}


def _counted(count: int, name: str) -> str:
    """``count`` cards of the kind ``name``: ``1 ace``, ``2 cards that are a king or a queen``."""
    one, many = _COUNTED[name]
    return f"{count} {one if count == 1 else many}"


def _kind(rng: random.Random, cards: list[Card]) -> tuple[str, int, Callable[[Card], bool]]:
    while True:
        name, test = rng.choice(_KINDS)
        good = sum(1 for c in cards if test(c))
        if 0 < good < len(cards):
            return name, good, test


def _hand_size(rng: random.Random, k: int) -> int:
    return rng.randint(2, max(2, k))


# -- draws -----------------------------------------------------------------------------------
def _sequence(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    cards, deck = _deck(rng)
    length = 2 if k < 4 else rng.choice((2, 3))
    kinds = [_kind(rng, cards) for _ in range(length)]
    n = len(cards)
    favourable = 0
    if length == 2:
        (_, _, a), (_, gb, b) = kinds
        favourable = sum(gb - b(c) for c in cards if a(c))
        total = n * (n - 1)
    else:
        (_, _, a), (_, _, b), (_, gc, c3) = kinds
        for c1 in cards:
            if not a(c1):
                continue
            for c2 in cards:
                if c2 != c1 and b(c2):
                    favourable += gc - c3(c1) - c3(c2)
        total = n * (n - 1) * (n - 2)
    parts = [f"the {ordinal(i + 1)} card is {name}" for i, (name, _, _) in enumerate(kinds)]
    described = ", ".join(parts[:-1]) + " and " + parts[-1]
    question = (
        f"Cards are drawn one at a time without replacement from a well-shuffled {deck[2:]}. "
        f"What is the probability that {described}?"
    )
    return question, Fraction(favourable, total), 1 + length


def _first_at(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    cards, deck = _deck(rng)
    name, good, _ = _kind(rng, cards)
    n = len(cards)
    draw = rng.randint(2, min(n - good + 1, 2 + 2 * k))
    answer = Fraction(1)
    for i in range(draw - 1):
        answer *= Fraction(n - good - i, n - i)
    answer *= Fraction(good, n - draw + 1)
    question = (
        f"Cards are drawn one at a time without replacement from a well-shuffled {deck[2:]}. "
        f"What is the probability that the first card that is {name} appears at the "
        f"{ordinal(draw)} draw?"
    )
    return question, answer, 2 + draw // 3


# -- hands -----------------------------------------------------------------------------------
def _at_least_one(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    cards, deck = _deck(rng)
    name, good, _ = _kind(rng, cards)
    size = _hand_size(rng, k)
    answer = 1 - hypergeometric(good, len(cards) - good, size, 0)
    question = (
        f"A hand of {size} cards is dealt from {deck}. What is the probability that the hand "
        f"contains at least one card that is {name}?"
    )
    return question, answer, 4


def _exactly(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    cards, deck = _deck(rng)
    name, good, _ = _kind(rng, cards)
    size = _hand_size(rng, k)
    j = rng.randint(1, min(size, good))
    answer = hypergeometric(good, len(cards) - good, size, j)
    question = (
        f"A hand of {size} cards is dealt from {deck}. What is the probability that the hand "
        f"contains exactly {_counted(j, name)}?"
    )
    return question, answer, 4


def _at_most(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    cards, deck = _deck(rng)
    name, good, _ = _kind(rng, cards)
    size = rng.randint(3, max(3, k + 1))
    j = rng.randint(1, min(size - 1, good))
    answer = sum(hypergeometric(good, len(cards) - good, size, i) for i in range(j + 1))
    question = (
        f"A hand of {size} cards is dealt from {deck}. What is the probability that the hand "
        f"contains at most {_counted(j, name)}?"
    )
    return question, answer, 4 + j


# -- suits -----------------------------------------------------------------------------------
def _one_colour(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    cards, deck = _deck(rng)
    n = len(cards)
    size = rng.randint(2, max(2, k + 2))
    kind = rng.choice(("colour", "suit", "red"))
    if kind == "colour":
        answer = Fraction(2 * comb(n // 2, size), comb(n, size))
        event = "all cards in the hand have the same colour"
    elif kind == "suit":
        answer = Fraction(4 * comb(n // 4, size), comb(n, size))
        event = "all cards in the hand have the same suit"
    else:
        m = rng.randint(1, size)
        answer = hypergeometric(n // 2, n // 2, size, m)
        event = f"exactly {m} of the cards in the hand are red"
    question = (
        f"A hand of {size} cards is dealt from {deck}. Hearts and diamonds are red, clubs and "
        f"spades are black. What is the probability that {event}?"
    )
    return question, answer, 4


def _every_suit(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    cards, deck = _deck(rng, standard_weight=0.3)
    per = len(cards) // 4
    size = rng.randint(4, max(4, k + 2))
    suits = rng.choice((2, 3, 4, 4))
    # hands using every suit of one fixed set of `suits` suits (inclusion-exclusion), times
    # the number of such sets
    onto = sum((-1) ** j * comb(suits, j) * comb(per * (suits - j), size) for j in range(suits))
    answer = Fraction(comb(4, suits) * onto, comb(len(cards), size))
    event = (
        "contains at least one card of every suit"
        if suits == 4
        else f"contains cards of exactly {suits} different suits"
    )
    question = (
        f"A hand of {size} cards is dealt from {deck}. What is the probability that the hand "
        f"{event}?"
    )
    return question, answer, 7


def _two_suits(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    cards, deck = _deck(rng)
    per = len(cards) // 4
    size = rng.randint(3, max(3, k + 2))
    i = rng.randint(1, min(per, size - 1))
    j = rng.randint(0, min(per, size - i))
    rest = size - i - j
    favourable = comb(per, i) * comb(per, j) * comb(2 * per, rest)
    answer = Fraction(favourable, comb(len(cards), size))
    question = (
        f"A hand of {size} cards is dealt from {deck}. What is the probability that the hand "
        f"contains exactly {i} {'heart' if i == 1 else 'hearts'} and exactly {j} "
        f"{'spade' if j == 1 else 'spades'}?"
    )
    return question, answer, 5


# -- poker -----------------------------------------------------------------------------------
def poker_counts(ranks: int, suits: int) -> dict[str, int]:
    """Five-card hands of each kind from ``ranks`` ranks in ``suits`` suits (no straights)."""
    return {
        "four of a kind": ranks * comb(suits, 4) * (ranks - 1) * suits,
        "a full house (three of one rank and two of another)": (
            ranks * comb(suits, 3) * (ranks - 1) * comb(suits, 2)
        ),
        # every same-suit hand, straight flushes included (the prompt says so: the poker
        # tables' "flush" leaves them out)
        "a flush (all five cards of the same suit; straight flushes count too)": (
            suits * comb(ranks, 5)
        ),
        "exactly three of a kind (three cards of one rank and two cards of two other "
        "different ranks)": ranks * comb(suits, 3) * comb(ranks - 1, 2) * suits**2,
        "two pair (two cards of one rank, two of another rank and one of a third rank)": (
            comb(ranks, 2) * comb(suits, 2) ** 2 * (ranks - 2) * suits
        ),
        "exactly one pair (two cards of one rank and three cards of three other different "
        "ranks)": ranks * comb(suits, 2) * comb(ranks - 1, 3) * suits**3,
    }


def _hand_kind(rng: random.Random, ranks: int, suits: int) -> tuple[str, Fraction]:
    counts = {h: c for h, c in poker_counts(ranks, suits).items() if c}
    hand = rng.choice(sorted(counts))
    return hand, Fraction(counts[hand], comb(ranks * suits, 5))


def _poker(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    cards, deck = _deck(rng, standard_weight=0.3)
    hand, answer = _hand_kind(rng, len(cards) // 4, 4)
    question = (
        f"A five-card hand is dealt from {deck}. What is the probability that the hand is {hand}?"
    )
    return question, answer, 7


def _custom_poker(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    ranks = rng.randint(6, 6 + 2 * k)
    suits = rng.randint(3, 6)
    hand, answer = _hand_kind(rng, ranks, suits)
    question = (
        f"A deck has {ranks * suits} cards: the ranks 1 to {ranks} in each of {suits} suits. A "
        f"five-card hand is dealt from it. What is the probability that the hand is {hand}?"
    )
    return question, answer, 9


def _custom_draws(rng: random.Random, k: int) -> tuple[str, Fraction, int]:
    ranks = rng.randint(5, 5 + 2 * k)
    suits = rng.randint(3, 6)
    draws = rng.randint(3, 4)
    n = ranks * suits
    # the first `draws` cards all have different ranks, and the last of them is the highest
    distinct = Fraction(1)
    for i in range(draws):
        distinct *= Fraction(n - i * suits, n - i)
    answer = distinct / draws  # by symmetry the highest of distinct ranks is last w.p. 1/draws
    question = (
        f"A deck has {n} cards: the ranks 1 to {ranks} in each of {suits} suits. Cards are "
        f"drawn one at a time without replacement. What is the probability that the first "
        f"{draws} cards have {draws} different ranks and the {ordinal(draws)} card has the "
        f"highest rank of them?"
    )
    return question, answer, 10


class CardProbability(TemplateFamily):
    """Probability of a hand or a sequence of draws from a shuffled deck, as a fraction.

    Difficulty moves ``level`` through ``draws``, ``hands``, ``suits``, ``poker`` and
    ``custom`` (see the module docstring) and raises ``cards`` (hand size and draws scale
    with it; custom decks grow with it).

    Answer syntax: an integer or a fraction p/q in lowest terms, e.g. ``33/16660``.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "level": Knob(
            "categorical",
            choices=("draws", "hands", "suits", "poker", "custom"),
            default="draws",
            doc="template group",
        ),
        "cards": Knob("int", 2, 7, default=2, easy=2, hard=6, doc="cards per hand (at most)"),
    }
    size_knob = "cards"
    levels: ClassVar = {
        "draws": (_sequence, _first_at),
        "hands": (_at_least_one, _exactly, _at_most),
        "suits": (_one_colour, _every_suit, _two_suits),
        "poker": (_poker, _custom_poker),
        "custom": (_custom_poker, _custom_draws),
    }
