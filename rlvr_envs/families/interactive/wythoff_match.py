"""WythoffMatch: Wythoff's game (two heaps) against a built-in opponent.

Two heaps of stones; a move takes any number of stones from one heap, or the same number
from both. Whoever takes the last stone wins (normal play; no draws). The player moves
first from heaps the exact solver (:mod:`.games`) proves won (not one of Wythoff's losing
pairs); the opponent (the solver with noise: ``skill`` is its chance of a best move)
replies after each move. Reward: won 1, lost 0; an illegal move (more stones than the heap
holds, none at all) ends the episode with 0.

Answer syntax per turn: the heap's number and how many stones to take (``2 3`` takes 3 from
heap 2), or ``both`` and a count (``both 2`` takes 2 from each heap). A whole episode
written as one answer is the moves separated by ``;``.

Knobs: ``max_heap`` (stones per heap at most, 8 -> 20) and ``skill`` (the opponent's chance
of a best move, 0 random -> 1 perfect).
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from rlvr_envs.core import Draft, IllegalMove, Knob, Problem
from rlvr_envs.families.interactive.games import TwoPlayerGame, draft_problem

_MOVE = re.compile(r"(1|2|both)\s+(\d{1,3})", re.IGNORECASE)


class WythoffMatch(TwoPlayerGame):
    """Wythoff's game against a noisy exact solver, from heaps the player can win."""

    answer_syntax = "one move: a heap number and a count (e.g. 2 3), or both and a count (both 2)"
    answer_form = "a heap and a count such as 2 3 or both 2, one per turn"
    knobs: ClassVar[dict[str, Knob]] = {
        "max_heap": Knob("int", 8, 20, doc="stones per heap at most"),
        "skill": Knob("float", 0.0, 1.0, doc="the opponent's chance of a best move"),
    }

    # -- rules -------------------------------------------------------------------------------
    def legal(self, problem: Problem, state: Any) -> list[tuple[str, int]]:
        a, b, _ = state
        return (
            [("1", n) for n in range(1, a + 1)]
            + [("2", n) for n in range(1, b + 1)]
            + [("both", n) for n in range(1, min(a, b) + 1)]
        )

    def apply(self, problem: Problem, state: Any, move: tuple[str, int]) -> Any:
        a, b, side = state
        heap, n = move
        if heap == "1":
            return (a - n, b, -side)
        if heap == "2":
            return (a, b - n, -side)
        return (a - n, b - n, -side)

    def winner(self, problem: Problem, state: Any) -> int | None:
        a, b, side = state
        return None if a or b else -side  # the side to move has nothing left: it lost

    def move_name(self, problem: Problem, move: tuple[str, int]) -> str:
        return f"{move[0]} {move[1]}"

    def parse(self, problem: Problem, state: Any, text: str) -> tuple[str, int]:
        match = _MOVE.fullmatch(text.strip())
        if not match:
            raise IllegalMove("write a heap number and a count (2 3), or both and a count (both 2)")
        move = (match.group(1).lower(), int(match.group(2)))
        if move not in self.legal(problem, state):
            raise IllegalMove("not that many stones to take")
        return move

    def initial(self, problem: Problem) -> Any:
        a, b = problem.meta["heaps"]
        return (a, b, 1)

    def show(self, problem: Problem, board: Any) -> str:
        return f"Heaps: heap 1: {board[0]}, heap 2: {board[1]}"

    # -- generation --------------------------------------------------------------------------
    def new_game(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        top = int(knobs["max_heap"])
        stand_in = draft_problem(self, knobs, {"opponent_seed": rng.randrange(2**32)})
        while True:
            state = (rng.randint(1, top), rng.randint(1, top), 1)
            if self.value(stand_in, state) > 0 and not self.trivially_won(stand_in, state):
                break
        stand_in.meta["heaps"] = [state[0], state[1]]
        stand_in.meta["max_turns"] = state[0] + state[1]
        question = (
            "Play Wythoff's game against a built-in opponent. There are two heaps of stones; "
            "a move takes any number of stones (at least one) from one heap, or the same "
            "number from both heaps. Whoever takes the last stone wins. You move now; the "
            "opponent replies after each of your moves. You can force a win from here. A won "
            "game scores 1, a loss 0; an illegal move ends the game with 0.\n\n"
            f"{self.show(stand_in, state)}\n\nEach turn, write one move."
        )
        return self.finish(stand_in, question, stand_in.meta)

    def complexity(self, problem: Problem) -> float:
        return sum(problem.meta["heaps"]) / 2 + 8 * float(problem.knobs["skill"])
