"""TrickDuel against trick-taking rules written here: our own solver over the open hands
(cards as (rank, suit) pairs), the following rule checked on every card the opponent plays,
and tricks counted from the cards the env reports."""

from __future__ import annotations

import functools
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs

TASK = rlvr_envs.make_task("rlvr/TrickDuel-v0")
ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def card(text: str) -> tuple[int, str]:
    return ORDER.index(text[:-1]), text[-1]


def hands_of(problem) -> tuple[frozenset, frozenset]:
    names = [
        re.search(rf"{who} hand: (.*)", problem.prompt).group(1).split()
        for who in ("Your", "Opponent's")
    ]
    return frozenset(map(card, names[0])), frozenset(map(card, names[1]))


def trump_of(problem) -> str | None:
    match = re.search(r"(spades|hearts|diamonds|clubs) are trumps", problem.prompt)
    return match.group(1)[0].upper() if match else None


def takes(led: tuple[int, str], other: tuple[int, str], trump: str | None) -> bool:
    """Whether the card led beats ``other``."""
    if other[1] == trump != led[1]:
        return False
    return other[1] != led[1] or led[0] > other[0]


def allowed(hand: frozenset, led) -> list:
    if led is None:
        return sorted(hand)
    same = [c for c in hand if c[1] == led[1]]
    return sorted(same or hand)


@functools.cache
def margin(me: frozenset, them: frozenset, led, my_turn: bool, trump) -> int:
    """Best-play difference (my tricks - theirs) over the tricks still to play."""
    hand = me if my_turn else them
    if not hand:
        return 0
    results = []
    for c in allowed(hand, led):
        rest_me, rest_them = (me - {c}, them) if my_turn else (me, them - {c})
        if led is None:
            results.append(margin(rest_me, rest_them, c, not my_turn, trump))
            continue
        leader_wins = takes(led, c, trump)
        i_win = leader_wins != my_turn  # the leader is the other side
        rest = margin(rest_me, rest_them, None, i_win, trump)
        results.append(rest + (1 if i_win else -1))
    return max(results) if my_turn else min(results)


def test_every_deal_is_won_for_the_player_by_our_own_solver():
    for seed in range(12):
        problem = TASK.generate(seed=seed, difficulty=seed / 11)
        me, them = hands_of(problem)
        assert len(me) == len(them) == problem.knobs["hand"] and not me & them
        assert (trump_of(problem) is not None) == problem.knobs["trumps"]
        assert margin(me, them, None, True, trump_of(problem)) > 0


class Table:
    """The game as the prompt states it, tracked from the cards played."""

    def __init__(self, problem) -> None:
        self.me, self.them = hands_of(problem)
        self.trump = trump_of(problem)
        self.led = None  # (card, led by me?)
        self.my_lead = True
        self.tricks = [0, 0]  # mine, theirs

    def play(self, c, by_me: bool) -> None:
        hand = self.me if by_me else self.them
        assert c in allowed(hand, self.led[0] if self.led else None), c
        if by_me:
            self.me = self.me - {c}
        else:
            self.them = self.them - {c}
        if self.led is None:
            assert self.my_lead == by_me
            self.led = (c, by_me)
            return
        leader_takes = takes(self.led[0], c, self.trump)
        i_take = leader_takes == self.led[1]
        self.tricks[0 if i_take else 1] += 1
        self.led, self.my_lead = None, i_take

    def opponent_due(self) -> bool:
        if self.led is not None:
            return self.led[1]
        return not self.my_lead and bool(self.them)


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), pick=st.randoms(use_true_random=False)
)
def test_the_opponent_follows_suit_and_the_tricks_are_counted_right(seed, difficulty, pick):
    problem = TASK.generate(seed=seed, difficulty=difficulty)
    table = Table(problem)
    moves: list[str] = []
    while True:
        c = pick.choice(allowed(table.me, table.led[0] if table.led else None))
        moves.append(f"{ORDER[c[0]]}{c[1]}")
        table.play(c, by_me=True)
        turn = rlvr_envs.respond(problem, [f"<answer>{m}</answer>" for m in moves])
        replies = re.search(r"opponent played ([^.]*)\.", turn.observation.split("\n")[0])
        for reply in replies.group(1).split(", ") if replies else []:
            assert table.opponent_due()
            table.play(card(reply), by_me=False)
        if turn.done:
            break
        assert not table.opponent_due()
        assert f"Tricks: you {table.tricks[0]}, opponent {table.tricks[1]}." in turn.observation
    mine, theirs = table.tricks
    assert not table.me and not table.them and mine + theirs == problem.knobs["hand"]
    expected = "won" if mine > theirs else "lost" if mine < theirs else "drawn"
    assert turn.verdict.details["status"] == expected


def test_a_perfect_opponent_holds_a_random_player_to_fewer_wins():
    totals = {}
    for skill in (0.0, 1.0):
        total = 0.0
        for seed in range(20):
            problem = TASK.generate(seed=seed, knobs={"skill": skill})
            table, rng, moves = Table(problem), random.Random(seed), []
            while True:
                c = rng.choice(allowed(table.me, table.led[0] if table.led else None))
                moves.append(f"{ORDER[c[0]]}{c[1]}")
                table.play(c, by_me=True)
                turn = rlvr_envs.respond(problem, [f"<answer>{m}</answer>" for m in moves])
                replies = re.search(r"opponent played ([^.]*)\.", turn.observation.split("\n")[0])
                for reply in replies.group(1).split(", ") if replies else []:
                    table.play(card(reply), by_me=False)
                if turn.done:
                    total += turn.verdict.reward
                    break
        totals[skill] = total
    assert totals[1.0] < totals[0.0], totals


def test_cards_not_in_hand_or_off_suit_are_illegal():
    problem = TASK.generate(seed=5, difficulty=0.5)
    me, them = hands_of(problem)
    theirs = min(them)
    for bad in [f"{ORDER[theirs[0]]}{theirs[1]}", "1S", "QX", "Q of spades", "QS QH"]:
        assert (
            rlvr_envs.respond(problem, [f"<answer>{bad}</answer>"]).verdict.details["status"]
            == "illegal"
        )
    mine = min(me)
    lower = f"{ORDER[mine[0]]}{mine[1].lower()}"  # case-free
    assert (
        rlvr_envs.respond(problem, [f"<answer>{lower}</answer>"]).verdict.details["status"]
        != "illegal"
    )
