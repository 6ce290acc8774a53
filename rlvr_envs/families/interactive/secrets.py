"""What the hidden-information families share: a secret, a turn budget, and feedback.

The secret is in ``problem.meta`` (never in the prompt); the state after each move is the
list of moves with their feedback, a pure function of (problem, moves). Found within the
budget: ``solved`` (reward 1); budget spent: ``out_of_turns`` (truncated, reward 0); a move
that breaks the syntax or the rules: ``illegal`` (reward 0, the episode ends); a final
guess that is wrong where the family allows one guess (TwentyQuestions, HiddenFunction):
``lost`` (reward 0).
"""

from __future__ import annotations

import string
from typing import Any

from rlvr_envs.core import IllegalMove, InteractiveFamily, Problem

COLUMNS = string.ascii_lowercase


class SecretFamily(InteractiveFamily):
    """A secret found by moves that each get feedback; the state is the (move, reply) list."""

    def start(self, problem: Problem) -> list[tuple[str, str]]:
        return []

    def reply(self, problem: Problem, history: list[tuple[str, str]], move: str) -> tuple[str, str]:
        """(feedback for ``move``, status) given the moves before it."""
        raise NotImplementedError

    def move(self, problem: Problem, state: Any, move: str) -> tuple[Any, str, str]:
        feedback, status = self.reply(problem, state, move)
        return [*state, (move, feedback)], feedback, status

    def view(self, problem: Problem, state: Any) -> str:
        if not state:
            return ""
        return "So far:\n" + "\n".join(f"{m} -> {f}" for m, f in state)


def read_int(text: str, low: int, high: int, what: str = "a whole number") -> int:
    """An integer in [low, high] written plainly, or IllegalMove."""
    text = text.strip()
    body = text[1:] if text[:1] in "+-" else text
    if not body.isdigit() or len(body) > 12:
        raise IllegalMove(f"write {what} from {low} to {high}")
    value = int(text)
    if not low <= value <= high:
        raise IllegalMove(f"{value} is outside {low}..{high}")
    return value


def read_cell(text: str, rows: int, columns: int) -> tuple[int, int]:
    """A cell written as a column letter and a row number (``c4``; row 1 at the top)."""
    text = text.strip().lower()
    if len(text) < 2 or text[0] not in COLUMNS[:columns] or not text[1:].isdigit():
        raise IllegalMove(f"write a cell from a1 to {COLUMNS[columns - 1]}{rows}")
    row = int(text[1:])
    if not 1 <= row <= rows:
        raise IllegalMove(f"write a cell from a1 to {COLUMNS[columns - 1]}{rows}")
    return row - 1, COLUMNS.index(text[0])


def cell_name(row: int, column: int) -> str:
    return f"{COLUMNS[column]}{row + 1}"
