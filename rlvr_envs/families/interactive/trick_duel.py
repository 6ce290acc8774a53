"""TrickDuel: a two-hand trick-taking card game with open hands against a built-in opponent.

A seeded shuffle of a 52-card deck deals ``hand`` cards to the player and as many to the
opponent; both hands are face up (the deal is part of the problem, so the state is a pure
function of the moves). The player leads the first trick. The leader plays any card; the
other side must follow the led suit if it can, else plays any card. The trick goes to the
highest trump played when ``trumps`` is on (the trump suit is named in the prompt), else
to the highest card of the led suit (2 low, ace high); the trick's winner leads the next.
When the hands are empty, the side with more tricks wins (equal: a draw). The exact solver
(:mod:`.games`) proves every deal won for the player; the opponent (the solver with noise:
``skill`` is its chance of a best card) plays after each of the player's cards as the rules
call for (following, then leading again while it keeps winning tricks). Reward: won 1,
drawn 0.5, lost 0; an illegal card (not in the hand, or off suit while the player can
follow) ends the episode with 0.

Answer syntax per turn: one card, its rank (2-10, J, Q, K, A) and suit letter (S spades,
H hearts, D diamonds, C clubs): ``QS``, ``10H``. A whole episode written as one answer is
the cards separated by ``;``.

Knobs: ``hand`` (cards per hand, 4 -> 6), ``trumps`` (False -> True: a trump suit) and
``skill`` (the opponent's chance of a best card, 0 random -> 1 perfect).
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from rlvr_envs.core import Draft, IllegalMove, Knob, Problem
from rlvr_envs.families.interactive.games import TwoPlayerGame, draft_problem

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = "SHDC"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_CARD = re.compile(r"(10|[2-9JQKA])\s*([SHDC])", re.IGNORECASE)

# state: (player's hand, opponent's hand, card led or -1, player's tricks, opponent's
# tricks, side to move); cards are suit * 13 + rank index, hands sorted tuples.


def card_name(card: int) -> str:
    return RANKS[card % 13] + SUITS[card // 13]


def trick_winner(led: int, follow: int, trump: int | None) -> bool:
    """Whether the card led takes the trick against ``follow``."""
    if trump is not None and follow // 13 == trump and led // 13 != trump:
        return False
    if follow // 13 != led // 13:
        return True
    return led > follow


class TrickDuel(TwoPlayerGame):
    """Open-hand trick taking against a noisy exact solver, from a deal the player can win."""

    answer_syntax = "one card: rank and suit letter (e.g. QS or 10H)"
    answer_form = "a card such as QS or 10H, one per turn"
    knobs: ClassVar[dict[str, Knob]] = {
        "hand": Knob("int", 4, 6, doc="cards per hand"),
        "trumps": Knob("bool", doc="a trump suit beats the others"),
        "skill": Knob("float", 0.0, 1.0, doc="the opponent's chance of a best card"),
    }

    def trump(self, problem: Problem) -> int | None:
        trump = problem.meta.get("trump")
        return None if trump is None else SUITS.index(trump)

    def rules_key(self, problem: Problem) -> Any:
        return problem.meta.get("trump")

    # -- rules -------------------------------------------------------------------------------
    def legal(self, problem: Problem, state: Any) -> list[int]:
        mine, theirs, led, _, _, side = state
        hand = mine if side == 1 else theirs
        if led < 0:
            return list(hand)
        following = [c for c in hand if c // 13 == led // 13]
        return following or list(hand)

    def apply(self, problem: Problem, state: Any, move: int) -> Any:
        mine, theirs, led, won, lost, side = state
        if side == 1:
            mine = tuple(c for c in mine if c != move)
        else:
            theirs = tuple(c for c in theirs if c != move)
        if led < 0:
            return (mine, theirs, move, won, lost, -side)
        leader = -side
        taker = leader if trick_winner(led, move, self.trump(problem)) else side
        if taker == 1:
            won += 1
        else:
            lost += 1
        return (mine, theirs, -1, won, lost, taker)

    def winner(self, problem: Problem, state: Any) -> int | None:
        mine, theirs, led, won, lost, _ = state
        if mine or theirs or led >= 0:
            return None
        return (won > lost) - (won < lost)

    def move_name(self, problem: Problem, move: int) -> str:
        return card_name(move)

    def parse(self, problem: Problem, state: Any, text: str) -> int:
        match = _CARD.fullmatch(text.strip())
        if not match:
            raise IllegalMove("write a card as its rank and suit letter, e.g. QS or 10H")
        card = SUITS.index(match.group(2).upper()) * 13 + RANKS.index(match.group(1).upper())
        if card not in state[0]:
            raise IllegalMove(f"{card_name(card)} is not in your hand")
        if card not in self.legal(problem, state):
            raise IllegalMove(f"you must follow {SUIT_NAMES[SUITS[state[2] // 13]]}")
        return card

    def initial(self, problem: Problem) -> Any:
        mine = tuple(sorted(problem.meta["hands"][0]))
        theirs = tuple(sorted(problem.meta["hands"][1]))
        return (mine, theirs, -1, 0, 0, 1)

    def show(self, problem: Problem, board: Any) -> str:
        mine, theirs, led, won, lost, _ = board
        lines = [
            "Your hand: " + (" ".join(card_name(c) for c in mine) or "(empty)"),
            "Opponent's hand: " + (" ".join(card_name(c) for c in theirs) or "(empty)"),
            f"Tricks: you {won}, opponent {lost}.",
        ]
        if led >= 0:
            lines.append(f"The opponent led {card_name(led)}; you play to it.")
        return "\n".join(lines)

    # -- generation --------------------------------------------------------------------------
    def new_game(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        hand = int(knobs["hand"])
        stand_in = draft_problem(self, knobs, {"opponent_seed": rng.randrange(2**32)})
        while True:
            deck = list(range(52))
            rng.shuffle(deck)
            stand_in.meta["hands"] = [sorted(deck[:hand]), sorted(deck[hand : 2 * hand])]
            stand_in.meta["trump"] = SUITS[rng.randrange(4)] if knobs["trumps"] else None
            state = self.initial(stand_in)
            if self.value(stand_in, state) > 0 and not self.trivially_won(stand_in, state):
                break
        stand_in.meta["max_turns"] = hand
        trump = stand_in.meta["trump"]
        rule = (
            f"{SUIT_NAMES[trump]} are trumps: the highest trump played takes the trick, else "
            "the highest card of the suit led"
            if trump
            else "the highest card of the suit led takes the trick (no trumps)"
        )
        question = (
            f"Play a trick-taking card game against a built-in opponent. Each of you holds "
            f"{hand} cards, and both hands are face up. You lead the first trick. The leader "
            "plays any card; the other must follow the suit led if able, else plays any card; "
            f"{rule}; ranks go 2 (low) to A (high). The trick's winner leads the next. When the "
            "hands are empty, whoever took more tricks wins (equal: a draw). The opponent "
            "plays after each of your cards as the rules call for. You can force a win from "
            "here. A won game scores 1, a draw 0.5, a loss 0; an illegal card (not in your "
            "hand, or off suit when you can follow) ends the game with 0.\n\n"
            f"{self.show(stand_in, state)}\n\nEach turn, write one card."
        )
        return self.finish(stand_in, question, stand_in.meta)

    def complexity(self, problem: Problem) -> float:
        k = problem.knobs
        return 2 * len(problem.meta["hands"][0]) + 3 * bool(k["trumps"]) + 4 * float(k["skill"])
