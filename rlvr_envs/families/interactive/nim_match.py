"""NimMatch: Nim against a built-in opponent, normal or misère play, with an optional take limit.

Heaps of stones; a move takes from 1 up to the limit (or the whole heap) from one heap. In
normal play whoever takes the last stone wins; in misère play whoever takes it loses. The
player moves first from heaps the solver proves won for the player; the opponent (noisy
minimax, :mod:`.games`) replies after each move. Reward: won 1, lost 0 (Nim has no draws);
an illegal move (no such heap, more than it holds or the limit allows) ends it with 0.

Answer syntax per turn: the heap's number and how many stones to take (``2 3`` takes 3 from
heap 2). A whole episode written as one answer is the moves separated by ``;``.

Knobs: ``heaps`` (3 -> 4), ``max_heap`` (stones per heap at most, 4 -> 7), ``misere`` (False
-> True), ``limit`` (the most stones one move may take: 0 means no limit, easy; 3 hard
makes it a subtraction game) and ``skill`` (the opponent's chance of a best move).
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from rlvr_envs.core import Draft, IllegalMove, Knob, Problem
from rlvr_envs.families.interactive.games import TwoPlayerGame, draft_problem

_MOVE = re.compile(r"(\d+)\s+(\d+)")


class NimMatch(TwoPlayerGame):
    """Nim (normal or misère, optionally with a take limit) against a noisy solver."""

    answer_syntax = "one move: the heap's number, a space and how many stones to take (e.g. 2 3)"
    answer_form = "heap number and count such as 2 3, one per turn"
    knobs: ClassVar[dict[str, Knob]] = {
        "heaps": Knob("int", 3, 4, doc="number of heaps"),
        "max_heap": Knob("int", 4, 7, doc="stones per heap at most"),
        "misere": Knob("bool", doc="whoever takes the last stone loses"),
        "limit": Knob("categorical", choices=(0, 3), doc="most stones per move (0: any)"),
        "skill": Knob("float", 0.0, 1.0, doc="the opponent's chance of a best move"),
    }

    def rules_key(self, problem: Problem) -> Any:
        return (bool(problem.knobs["misere"]), int(problem.knobs["limit"]))

    def legal(self, problem: Problem, state: Any) -> list[tuple[int, int]]:
        limit = int(problem.knobs["limit"])
        return [
            (h, n)
            for h, size in enumerate(state[0])
            for n in range(1, (min(size, limit) if limit else size) + 1)
        ]

    def apply(self, problem: Problem, state: Any, move: tuple[int, int]) -> Any:
        heaps, side = state
        h, n = move
        return ((*heaps[:h], heaps[h] - n, *heaps[h + 1 :]), -side)

    def winner(self, problem: Problem, state: Any) -> int | None:
        heaps, side = state
        if any(heaps):
            return None
        return side if problem.knobs["misere"] else -side  # side: the one to move now

    def move_name(self, problem: Problem, move: tuple[int, int]) -> str:
        return f"{move[0] + 1} {move[1]}"

    def parse(self, problem: Problem, state: Any, text: str) -> tuple[int, int]:
        match = _MOVE.fullmatch(text.strip())
        if not match:
            raise IllegalMove("write the heap's number and a count, e.g. 2 3")
        h, n = int(match.group(1)) - 1, int(match.group(2))
        if (h, n) not in self.legal(problem, state):
            raise IllegalMove("no such heap, or not that many stones to take from it")
        return h, n

    def initial(self, problem: Problem) -> Any:
        return (tuple(problem.meta["heaps"]), 1)

    def show(self, problem: Problem, board: Any) -> str:
        return "Heaps: " + ", ".join(f"heap {i + 1}: {n}" for i, n in enumerate(board[0]))

    def new_game(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        stand_in = draft_problem(self, knobs, {"opponent_seed": rng.randrange(2**32)})
        while True:
            heaps = tuple(rng.randint(1, knobs["max_heap"]) for _ in range(knobs["heaps"]))
            if self.value(stand_in, (heaps, 1)) > 0 and not self.trivially_won(
                stand_in, (heaps, 1)
            ):
                break
        stand_in.meta["heaps"] = list(heaps)
        stand_in.meta["max_turns"] = sum(heaps)
        last = "loses" if knobs["misere"] else "wins"
        limit = knobs["limit"]
        take = f"from 1 to {limit} stones (at most the heap)" if limit else "any number of stones"
        question = (
            f"Play Nim against a built-in opponent. A move takes {take} from one heap; whoever "
            f"takes the last stone {last}. You move now, then the opponent replies after each "
            "of your moves. You can force a win from here. A won game scores 1, a loss 0; an "
            "illegal move ends the game with 0.\n\n"
            f"{self.show(stand_in, (heaps, 1))}\n\nEach turn, write one move."
        )
        return self.finish(stand_in, question, stand_in.meta)

    def complexity(self, problem: Problem) -> float:
        k = problem.knobs
        stones = sum(problem.meta["heaps"])
        return stones / 2 + 3 * k["misere"] + 2 * bool(k["limit"]) + 8 * k["skill"]
