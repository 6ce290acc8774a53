"""KaylesMatch: Kayles (Dudeney's bowling game) against a built-in opponent.

A row of pins, some already knocked down; a move knocks down one standing pin or two
standing neighbours (pins ``i`` and ``i + 1``, both standing). Whoever knocks down the
last pin wins (normal play), so no game is drawn. The player moves first from a row the
exact solver (:mod:`.games`) proves won; the opponent (the solver with noise: ``skill`` is
its chance of a best move) replies after each move. Reward: won 1, lost 0; an illegal move
(a pin that is down or not in the row, two pins that are not neighbours) ends the episode
with 0.

Answer syntax per turn: one pin number (``4``) or two neighbouring pin numbers (``4 5``);
pins are numbered from 1 at the left. A whole episode written as one answer is the moves
separated by ``;``.

Knobs: ``pins`` (pins in the row, 8 -> 14), ``down`` (pins already knocked down at the
start, splitting the row into groups, 1 -> 3) and ``skill`` (the opponent's chance of a
best move, 0 random -> 1 perfect).
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from rlvr_envs.core import Draft, IllegalMove, Knob, Problem
from rlvr_envs.families.interactive.games import TwoPlayerGame, draft_problem

_MOVE = re.compile(r"(\d{1,2})(?:\s*[ ,-]\s*(\d{1,2}))?")


class KaylesMatch(TwoPlayerGame):
    """Kayles against a noisy exact solver, from a row the player can win."""

    answer_syntax = "one move: a pin number, or two neighbouring pin numbers (e.g. 4 or 4 5)"
    answer_form = "a pin number or two neighbouring ones such as 4 5, one per turn"
    knobs: ClassVar[dict[str, Knob]] = {
        "pins": Knob("int", 8, 14, doc="pins in the row"),
        "down": Knob("int", 1, 3, doc="pins knocked down before the start"),
        "skill": Knob("float", 0.0, 1.0, doc="the opponent's chance of a best move"),
    }

    # -- rules -------------------------------------------------------------------------------
    def legal(self, problem: Problem, state: Any) -> list[tuple[int, ...]]:
        pins = state[0]
        singles = [(i,) for i, up in enumerate(pins) if up]
        pairs = [(i, i + 1) for i in range(len(pins) - 1) if pins[i] and pins[i + 1]]
        return singles + pairs

    def apply(self, problem: Problem, state: Any, move: tuple[int, ...]) -> Any:
        pins, side = state
        return (tuple(0 if i in move else up for i, up in enumerate(pins)), -side)

    def winner(self, problem: Problem, state: Any) -> int | None:
        pins, side = state
        return None if any(pins) else -side  # the side to move has nothing left: it lost

    def move_name(self, problem: Problem, move: tuple[int, ...]) -> str:
        return " ".join(str(i + 1) for i in move)

    def parse(self, problem: Problem, state: Any, text: str) -> tuple[int, ...]:
        match = _MOVE.fullmatch(text.strip())
        if not match:
            raise IllegalMove("write a pin number, or two neighbouring pin numbers such as 4 5")
        numbers = sorted(int(g) - 1 for g in match.groups() if g is not None)
        move = tuple(numbers)
        if move not in self.legal(problem, state):
            raise IllegalMove(
                "that pin is down or not in the row, or the two are not standing neighbours"
            )
        return move

    def initial(self, problem: Problem) -> Any:
        return (tuple(problem.meta["pins"]), 1)

    def show(self, problem: Problem, board: Any) -> str:
        pins = board[0]
        marks = " ".join("I" if up else "." for up in pins)
        groups, run = [], []
        for i, up in enumerate([*pins, 0]):
            if up:
                run.append(i + 1)
            elif run:
                groups.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
                run = []
        standing = ", ".join(groups) if groups else "none"
        return f"Pins 1-{len(pins)}: {marks} (I standing, . down)\nStanding: {standing}"

    # -- generation --------------------------------------------------------------------------
    def new_game(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        count, down = int(knobs["pins"]), int(knobs["down"])
        stand_in = draft_problem(self, knobs, {"opponent_seed": rng.randrange(2**32)})
        while True:
            gone = set(rng.sample(range(count), down))
            pins = tuple(0 if i in gone else 1 for i in range(count))
            state = (pins, 1)
            if self.value(stand_in, state) > 0 and not self.trivially_won(stand_in, state):
                break
        stand_in.meta["pins"] = list(pins)
        stand_in.meta["max_turns"] = sum(pins)
        question = (
            "Play Kayles against a built-in opponent. A row of pins stands, some already "
            "down; a move knocks down one standing pin, or two standing pins that are "
            "neighbours in the row. Whoever knocks down the last pin wins. You move now; the "
            "opponent replies after each of your moves. You can force a win from here. A won "
            "game scores 1, a loss 0; an illegal move (a pin that is down, pins that are not "
            "standing neighbours) ends the game with 0.\n\n"
            f"{self.show(stand_in, state)}\n\nEach turn, write one move."
        )
        return self.finish(stand_in, question, stand_in.meta)

    def complexity(self, problem: Problem) -> float:
        k = problem.knobs
        return sum(problem.meta["pins"]) + 2 * k["down"] + 8 * float(k["skill"])
