"""Two-player games against a built-in opponent: the engine TicTacToe, ConnectFour and Nim share.

A game is a state (hashable: the board and the side to move, +1 the player, -1 the
opponent), its legal moves, the state after a move and the winner of a finished state. The
engine adds what every game family needs:

- an exact solver: negamax over the whole remaining tree with a per-family memo, scoring a
  state for the side to move as ``+(100 - plies)`` for a win in ``plies``, the negative for
  a loss and 0 for a draw (so the best move wins fastest and loses slowest);
- the opponent: with probability ``skill`` a best move by the solver, otherwise a uniformly
  random legal move, drawn from an RNG seeded by :func:`~rlvr_envs.core.stable_seed` of the
  problem's opponent seed and the moves so far, so its reply is a pure function of (problem,
  moves) and an episode replays exactly. ``skill`` 0 is a random player, 1 a perfect one;
- the reference policy: the solver's best move, first in move order among equals; from a
  start the solver has proved won for the player it wins against any opponent;
- start positions: a random playout of the opponent's and the player's stones that leaves
  the player to move in a position the solver proves won, so every episode can be won, and
  that needs at least :meth:`TwoPlayerGame.min_moves` of the player's moves (three, two
  on TicTacToe's 4x4) against the best defence and is neither won nor
  drawn by repeating one move (:meth:`TwoPlayerGame.trivially_won`), so a constant policy
  earns nothing and a short fixed line little.

Reward (the multi-turn contract): won 1, drawn 0.5, lost 0; an illegal move (an occupied
cell, a full column, an unparsable move) ends the episode with 0.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Hashable
from typing import Any, ClassVar

from rlvr_envs.core import Draft, IllegalMove, InteractiveFamily, Problem, stable_seed

WIN = 100


class TwoPlayerGame(InteractiveFamily):
    """A game of the player (+1, moves first from the start) against the built-in opponent."""

    player_name: ClassVar[str] = "you"
    _memo: ClassVar[dict[Any, int]]
    _drafts: ClassVar[dict[Any, Draft]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._memo = {}
        cls._drafts = {}

    # -- the rules (per game) -----------------------------------------------------------
    def legal(self, problem: Problem, state: Any) -> list[Any]:
        raise NotImplementedError

    def apply(self, problem: Problem, state: Any, move: Any) -> Any:
        raise NotImplementedError

    def winner(self, problem: Problem, state: Any) -> int | None:
        """+1 or -1 (the side that won), 0 for a draw, None while the game goes on."""
        raise NotImplementedError

    def parse(self, problem: Problem, state: Any, text: str) -> Any:
        """The move ``text`` names, or IllegalMove saying why it is not a legal one."""
        raise NotImplementedError

    def move_name(self, problem: Problem, move: Any) -> str:
        raise NotImplementedError

    def rules_key(self, problem: Problem) -> Hashable:
        """What, besides the state, the rules depend on (board size, misère play)."""
        return ()

    # -- the solver, the opponent and the reference policy -------------------------------
    def value(self, problem: Problem, state: Any) -> int:
        """Negamax value of ``state`` for the side to move (see the module docstring)."""
        key = (self.rules_key(problem), state)
        memo = type(self)._memo
        if key in memo:
            return memo[key]
        result = self.winner(problem, state)
        if result is not None:
            score = 0 if result == 0 else (WIN if result == state[-1] else -WIN)
        else:
            score = max(
                _back(state, child, self.value(problem, child))
                for child in (self.apply(problem, state, m) for m in self.legal(problem, state))
            )
        if len(memo) > 2_000_000:
            memo.clear()
        memo[key] = score
        return score

    def best_moves(self, problem: Problem, state: Any) -> list[Any]:
        moves = self.legal(problem, state)
        children = [self.apply(problem, state, m) for m in moves]
        scores = [_back(state, child, self.value(problem, child)) for child in children]
        top = max(scores)
        return [m for m, s in zip(moves, scores, strict=True) if s == top]

    def opponent_move(self, problem: Problem, state: Any, history: list[str]) -> Any:
        rng = random.Random(stable_seed("opponent", problem.meta["opponent_seed"], history))
        skill = float(problem.knobs["skill"])
        if rng.random() < skill:
            return rng.choice(self.best_moves(problem, state))
        return rng.choice(self.legal(problem, state))

    def min_moves(self, problem: Problem) -> int:
        """The fewest moves the player needs against the best defence from a start."""
        return 3

    def trivially_won(self, problem: Problem, board: Any) -> bool:
        """Whether the player wins from ``board`` in fewer than :meth:`min_moves` moves
        against the best defence, or wins or draws by repeating one move against this
        problem's opponent: such starts are not generated, so a constant policy earns
        nothing and short fixed lines little (what ``rlvr audit`` checks)."""
        fewest = self.min_moves(problem)  # won in 2 * fewest - 3 plies or fewer: too short
        if self.value(problem, board) >= WIN - (2 * fewest - 3):
            return True
        for first in self.legal(problem, board):
            name = self.move_name(problem, first)
            state, status = (board, []), "playing"
            try:
                while status == "playing":
                    state, _, status = self.move(problem, state, name)
            except IllegalMove:
                continue
            if status in ("won", "drawn"):
                return True
        return False

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        """The game's :meth:`new_game`, memoised on (RNG state, knobs): finding a start
        the solver proves won can take a tenth of a second, and tools ask for the same
        problem again (a pure function, so the memo changes nothing but time)."""
        key = (rng.getstate(), tuple(sorted(knobs.items())))
        memo = type(self)._drafts
        if key not in memo:
            if len(memo) > 1024:
                memo.clear()
            memo[key] = self.new_game(rng, knobs)
        draft = memo[key]
        return Draft(draft.question, draft.answer, copy.deepcopy(draft.meta))

    def new_game(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        """A start the player can win, its prompt and the reference line (the family's)."""
        raise NotImplementedError

    def reference_line(self, problem: Problem) -> list[str]:
        """The reference policy's moves against this problem's opponent, to the end."""
        state, history = self.start(problem)
        moves: list[str] = []
        while self.winner(problem, state) is None:
            name = self.move_name(problem, self.best_moves(problem, state)[0])
            moves.append(name)
            state, history, _ = self._play(problem, (state, history), name)
        return moves

    # -- the multi-turn contract --------------------------------------------------------
    def start(self, problem: Problem) -> tuple[Any, list[str]]:
        return self.initial(problem), []

    def initial(self, problem: Problem) -> Any:
        raise NotImplementedError

    def move(self, problem: Problem, state: Any, move: str) -> tuple[Any, str, str]:
        board, history = state
        if self.winner(problem, board) is not None:
            raise IllegalMove("the game is over")
        board, history, replies = self._play(problem, (board, history), move)
        result = self.winner(problem, board)
        status = {None: "playing", 1: "won", 0: "drawn", -1: "lost"}[result]
        feedback = f"You played {history[-1 - len(replies)]}."
        if replies:
            feedback += f" The opponent played {', '.join(replies)}."
        elif result is None:
            feedback += " You move again."
        return (board, history), feedback, status

    def _play(
        self, problem: Problem, state: tuple[Any, list[str]], text: str
    ) -> tuple[Any, list[str], list[str]]:
        """The player's move, then the opponent's until the player is to move again or the
        game is over (one reply in games that alternate; none or several where a move can
        earn another, as a completed box does)."""
        board, history = state
        move = self.parse(problem, board, text)
        board = self.apply(problem, board, move)
        history = [*history, self.move_name(problem, move)]
        replies: list[str] = []
        while self.winner(problem, board) is None and board[-1] == -1:
            reply = self.opponent_move(problem, board, history)
            board = self.apply(problem, board, reply)
            replies.append(self.move_name(problem, reply))
            history = [*history, replies[-1]]
        return board, history, replies

    def view(self, problem: Problem, state: Any) -> str:
        return self.show(problem, state[0])

    def show(self, problem: Problem, board: Any) -> str:
        raise NotImplementedError

    def finish(self, problem_like: Problem, question: str, meta: dict[str, Any]) -> Draft:
        """The draft, with the reference line against this problem's opponent as answer."""
        line = self.reference_line(problem_like)
        return Draft(question, "; ".join(line), meta)


def _back(parent: Any, child: Any, value: int) -> int:
    """A child's value seen from its parent, one ply further from the end: negated where
    the side to move changed (``state[-1]``), as is where the mover moves again."""
    value = value if child[-1] == parent[-1] else -value
    return value - 1 if value > 0 else value + 1 if value < 0 else 0


def draft_problem(
    family: InteractiveFamily, knobs: dict[str, Any], meta: dict[str, Any]
) -> Problem:
    """A stand-in problem for the generator, to run the reference line before the real one
    exists (the opponent reads only the knobs and meta)."""
    return Problem("", family.name, 0, 0, dict(knobs), None, "", "", family.answer_format, meta)
