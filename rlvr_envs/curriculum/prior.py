"""Difficulty cards as a teacher's prior: where a student stands before the first outcome.

A difficulty card (``rlvr calibrate``, :mod:`rlvr_envs.calibration.cards`) gives, per env, a
measured pass rate that falls with difficulty. Teachers that take the option ``cards=`` read
it through two functions of a card: ``card.rate_at(difficulty)`` (the fitted pass rate) and
``card.difficulty_at(rate)`` (where the fit crosses ``rate``, clamped to the card's range).
What each teacher does with it:

============================ ================================================================
teacher                      with ``cards=``
============================ ================================================================
``schedule``                 each env's frontier starts at the card's ``d@90`` (option
                             ``cards_rate``) instead of the easy end, and moves from there to
                             the hard end over the schedule
``threshold-ladder``         each env's ladder starts at its first level whose predicted pass
                             rate is below the ladder's ``threshold``: the levels the card
                             says are mastered count as climbed
``sec``                      arm values start at the expected mean absolute GRPO advantage at
                             the arm's predicted pass rate ``p``, ``2 sqrt(p (1 - p))``
``dump``                     each arm's window starts with ``cards_weight`` pseudo-groups of
                             that expected advantage
``mopps``                    each arm's Beta posterior starts with ``cards_weight``
                             pseudo-attempts at its predicted pass rate
``alp-gmm``                  until an env has its first Gaussian mixture, its draws are uniform
                             over the card's learnable zone ``[d@90, d@10]`` (around ``d@50``)
                             instead of the whole box
============================ ================================================================

An arm's predicted pass rate is the card's fitted rate at the arm's centre. Envs without a
card (or whose card has no data) start as they would without ``cards``; every other teacher
(``uniform``, ``learning-progress``, ``adr``, ``riac``, the problem-level teachers) has no
``cards`` option. ``cards`` takes cards, a list of them, a mapping ``env_id -> card``, a
``cards.json`` path, or ``"student"`` in the curriculum benchmark (cards measured on each
run's simulated student before training, see ``benchmark.run_one``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from rlvr_envs.curriculum.space import TaskSpace


class Card(Protocol):
    """What a teacher reads of a difficulty card."""

    env_id: str

    def rate_at(self, difficulty: float) -> float:
        """The fitted pass rate at ``difficulty``."""

    def difficulty_at(self, rate: float) -> float:
        """The difficulty where the fitted pass rate crosses ``rate`` (clamped to the range)."""


def prior_cards(cards: Any, space: TaskSpace) -> dict[str, Card]:
    """The cards of ``cards`` for the envs of ``space``, by env id (empty for None).

    Raises ValueError when ``cards`` holds cards but none for an env of the space (a prior
    for another suite is a mistake, not an empty prior).
    """
    if cards is None:
        return {}
    if isinstance(cards, (str, Path)) or (isinstance(cards, Mapping) and "cards" in cards):
        if str(cards) == "student":
            raise ValueError(
                "cards='student' is resolved by the curriculum benchmark; elsewhere pass "
                "cards, or a cards.json path from `rlvr calibrate`"
            )
        from rlvr_envs.calibration.cards import load_cards

        cards = load_cards(cards)
    if isinstance(cards, Mapping):
        cards = list(cards.values())
    elif hasattr(cards, "rate_at"):
        cards = [cards]
    found = {}
    for card in cards:
        if not all(hasattr(card, a) for a in ("env_id", "rate_at", "difficulty_at")):
            raise ValueError(f"not a difficulty card: {card!r:.80}")
        if card.env_id in space.env_ids and getattr(card, "has_data", True):
            found[card.env_id] = card
    if not found:
        ids = sorted({c.env_id for c in cards})
        raise ValueError(
            f"the cards are for {ids}, none of which is in the task space {list(space.env_ids)} "
            "(or none has data); calibrate the space's envs with `rlvr calibrate`"
        )
    return found


def arm_rates(cards: Mapping[str, Card], space: TaskSpace) -> np.ndarray:
    """The predicted pass rate at every arm's centre (nan for arms of envs without a card)."""
    rates = np.full(len(space.arms), np.nan)
    for arm in space.arms:
        card = cards.get(arm.env_id)
        if card is not None:
            rates[arm.index] = min(max(float(card.rate_at(arm.centre)), 0.0), 1.0)
    return rates


def expected_abs_advantage(p: np.ndarray) -> np.ndarray:
    """The mean absolute GRPO advantage of a group whose pass rate is ``p``: rewards of 1
    (share ``p``) and 0, minus their mean, over their standard deviation, give ``2 sqrt(p (1 -
    p))`` (the large-group value; 0 at p = 0 or 1, 1 at p = 1/2)."""
    p = np.clip(np.asarray(p, dtype=float), 0.0, 1.0)
    return 2.0 * np.sqrt(p * (1.0 - p))


def fraction_of_range(space: TaskSpace, env_id: str, difficulty: float) -> float:
    """Where ``difficulty`` lies in the env's range, as a fraction in [0, 1]."""
    low, high = space.difficulty_range(env_id)
    if high <= low:
        return 0.0
    return min(max((float(difficulty) - low) / (high - low), 0.0), 1.0)
