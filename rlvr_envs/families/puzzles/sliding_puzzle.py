"""SlidingPuzzle: slide the tiles of an 8-puzzle (or a 2x3 or 3x4 variant) back into order.

A board of ``rows x cols`` cells holds the tiles ``1 .. rows*cols - 1`` and one blank. The
goal has the tiles in reading order and the blank in the bottom-right corner. The start is
scrambled by a random walk of the blank from the goal (``scramble`` moves, never undoing the
previous move), so every puzzle is solvable.

Answer syntax: the moves as letters ``U``, ``D``, ``L``, ``R``, each naming the direction the
**blank** moves (``U`` swaps the blank with the tile above it), separated by spaces or commas
or run together (``ULDR``); case and the words up/down/left/right are accepted. Moving the
blank off the board is an illegal move (wrong, with the reason). Any plan of at most
:data:`MAX_MOVES` moves that ends in the goal scores 1; when ``shortest`` is set the prompt asks
for a shortest plan, the generator finds the optimal length by A* search with the Manhattan
distance (admissible, so the length is exact) and stores it in ``meta["optimal"]``, and a
longer valid plan is wrong with partial credit ``score = optimal / length``.

Knobs: ``size`` (2x3, 3x3, 3x4: from 360 to 239 million positions), ``scramble`` (moves of
the random walk, 2..40) and ``shortest`` (whether a shortest plan is asked). Difficulty raises
all three.

Speed: at ``shortest`` the A* search runs at generation; it is the slowest part (on one core
about 14,000 problems/s at the default knobs, about 260/s at difficulty 1: 3x4 boards, 26
scramble moves, shortest asked). The hard end of ``scramble`` stops at 26 for that reason.
"""

from __future__ import annotations

import heapq
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.plans import DIRECTIONS, OPPOSITE, AnswerError, letters

MAX_MOVES = 300
SIZES = {"2x3": (2, 3), "3x3": (3, 3), "3x4": (3, 4)}


def goal_board(rows: int, cols: int) -> tuple[int, ...]:
    return (*range(1, rows * cols), 0)


def step(board: tuple[int, ...], cols: int, rows: int, letter: str) -> tuple[int, ...] | None:
    """The board after the blank moves in direction ``letter``; None if it leaves the board."""
    blank = board.index(0)
    dr, dc = DIRECTIONS[letter]
    r, c = divmod(blank, cols)
    r, c = r + dr, c + dc
    if not (0 <= r < rows and 0 <= c < cols):
        return None
    other = r * cols + c
    cells = list(board)
    cells[blank], cells[other] = cells[other], 0
    return tuple(cells)


def _neighbours(rows: int, cols: int) -> list[list[tuple[str, int]]]:
    out = []
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        out.append([
            (letter, (r + dr) * cols + c + dc)
            for letter, (dr, dc) in DIRECTIONS.items()
            if 0 <= r + dr < rows and 0 <= c + dc < cols
        ])  # fmt: skip
    return out


def shortest_plan(board: tuple[int, ...], rows: int, cols: int) -> str:
    """An optimal plan by A* with the Manhattan distance (admissible and consistent)."""
    n = rows * cols
    home = {t: divmod(t - 1, cols) for t in range(1, n)}
    dist = [[0] * n for _ in range(n)]  # dist[tile][cell]
    for t in range(1, n):
        hr, hc = home[t]
        for i in range(n):
            r, c = divmod(i, cols)
            dist[t][i] = abs(r - hr) + abs(c - hc)
    near = _neighbours(rows, cols)
    goal = goal_board(rows, cols)
    h0 = sum(dist[t][i] for i, t in enumerate(board) if t)
    start = (board, board.index(0))
    seen = {board: 0}
    parent: dict = {board: None}
    heap = [(h0, 0, 0, h0, start)]  # f, -g (deeper first on ties), tick, h, node
    tick = 0
    while heap:
        _, minus_g, _, h, (state, blank) = heapq.heappop(heap)
        g = -minus_g
        if state == goal:
            path = []
            while parent[state] is not None:
                state, letter = parent[state]
                path.append(letter)
            return "".join(reversed(path))
        if seen[state] < g:
            continue
        for letter, other in near[blank]:
            tile = state[other]
            cells = list(state)
            cells[blank], cells[other] = tile, 0
            nxt = tuple(cells)
            ng = g + 1
            if seen.get(nxt, 1 << 30) <= ng:
                continue
            seen[nxt] = ng
            parent[nxt] = (state, letter)
            nh = h - dist[tile][other] + dist[tile][blank]
            tick += 1
            heapq.heappush(heap, (ng + nh, -ng, tick, nh, (nxt, other)))
    raise AssertionError("every scrambled board is solvable")


def render(board: tuple[int, ...], cols: int) -> str:
    width = len(str(len(board) - 1))
    cells = [str(t).rjust(width) if t else "_".rjust(width) for t in board]
    return "\n".join(" ".join(cells[i : i + cols]) for i in range(0, len(board), cols))


class SlidingPuzzle(Family):
    """Slide the tiles back into order (any plan, or a shortest one where asked)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob(
            "categorical", choices=tuple(SIZES), default="3x3", doc="rows x columns of the board"
        ),
        "scramble": Knob(
            "int", 2, 40, default=12, easy=4, hard=26, doc="moves of the scrambling random walk"
        ),
        "shortest": Knob("bool", default=False, doc="whether a shortest plan is asked"),
    }
    answer_syntax = (
        "the moves of the blank as letters U, D, L, R separated by spaces (e.g. U L D R)"
    )
    answer_form = "move letters"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        rows, cols = SIZES[knobs["size"]]
        depth, shortest = int(knobs["scramble"]), bool(knobs["shortest"])
        goal = goal_board(rows, cols)
        near = _neighbours(rows, cols)
        while True:
            board, blank, walk, last = goal, rows * cols - 1, [], None
            for _ in range(depth):
                options = [(ltr, o) for ltr, o in near[blank] if ltr != OPPOSITE.get(last, "")]
                letter, other = rng.choice(options)
                cells = list(board)
                cells[blank], cells[other] = cells[other], 0
                board, blank, last = tuple(cells), other, letter
                walk.append(letter)
            if board != goal:
                break
        if shortest:
            plan = shortest_plan(board, rows, cols)
        else:
            plan = "".join(OPPOSITE[ltr] for ltr in reversed(walk))
        ask = (
            "Give a shortest plan: one with the fewest moves."
            if shortest
            else f"Give any plan of at most {MAX_MOVES} moves that reaches the goal."
        )
        question = (
            f"A sliding puzzle on a {rows}x{cols} board, with _ for the blank:\n"
            f"{render(board, cols)}\n\n"
            f"The goal is\n{render(goal, cols)}\n\n"
            "A move slides a tile next to the blank into the blank. Write each move as the "
            "direction the blank moves: U (the blank swaps with the tile above it), D (below), "
            f"L (left) or R (right). {ask}"
        )
        meta = {"rows": rows, "cols": cols, "board": list(board), "shortest": shortest}
        if shortest:
            meta["optimal"] = len(plan)
        return Draft(question, " ".join(plan), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        rows, cols = meta["rows"], meta["cols"]
        if len(answer) > 8 * MAX_MOVES:
            return Judgement.unparsable("the plan is far too long")
        try:
            moves = letters(answer, MAX_MOVES)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        board = tuple(meta["board"])
        for index, letter in enumerate(moves, 1):
            after = step(board, cols, rows, letter)
            if after is None:
                return Judgement.wrong(why=f"move {index} ({letter}) takes the blank off the board")
            board = after
        if board != goal_board(rows, cols):
            return Judgement.wrong(why="the plan does not reach the goal")
        if meta["shortest"] and len(moves) > meta["optimal"]:
            score = meta["optimal"] / len(moves)
            return Judgement.wrong(score=score, why=f"a plan of {meta['optimal']} moves exists")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Moves of the reference plan times log2 of the number of cells."""
        meta = problem.meta
        cells = meta["rows"] * meta["cols"]
        return len(problem.answer.split()) * cells.bit_length()
