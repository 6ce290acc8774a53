"""RushHour: slide the cars of a small parking lot until the red car reaches the exit.

A square board of ``size`` cells a side holds the red car ``X`` (two cells, horizontal, in
the row of the exit, which is at the right edge) and ``cars`` other vehicles (named ``A``,
``B``, ...; two or three cells, horizontal or vertical). A vehicle moves only along its
length, any number of free cells in one move, never through another vehicle or off the
board. The puzzle is solved when ``X`` fills the two rightmost cells of its row.

Generation works backwards, so every position is solvable by construction: vehicles are
placed at random around ``X`` standing at the exit (one of them vertical, in a column that
can cross X's road; no other horizontal vehicle in the exit row, which could never let X
pass), then ``scramble`` legal moves are made, each the one of a few drawn moves that blocks
X most by a cheap count (vehicles on X's road, and those of them that cannot leave it in one
move). A draw that leaves X's road free is drawn again, so every puzzle needs at least two
moves and no constant answer such as ``X+4`` solves one. The reversed scramble is a
solution; breadth-first search from the start (a move slides one vehicle any distance)
then finds a shortest one, the reference answer, with its length in ``meta["optimal"]``.
The search stops after :data:`MAX_STATES` positions (about 1% of puzzles at difficulty 1),
and then the reversed scramble is the reference answer and ``meta["optimal"]`` is null.

Answer syntax: the moves in order, each a vehicle letter, a sign and a number of cells, e.g.
``A+2 B-1 X+3``: ``+`` moves a horizontal vehicle right or a vertical one down, ``-`` left or
up. Moves are separated by spaces or commas; case and spaces around the sign are forgiven.
The verifier replays the plan (a move through another vehicle or off the board, a zero move
or an unknown letter is wrong, with the move's number) and checks that ``X`` ends at the
exit. Any valid plan of at most :data:`MAX_MOVES` moves scores 1; shortness is not asked.

Knobs: ``size`` (4..6), ``cars`` (other vehicles, 2..12) and ``scramble`` (moves made
from the exit, 2..40). Difficulty raises all three; the mean shortest solution grows from
2.2 moves at difficulty 0 to about 3.5 at difficulty 1 (random positions are rarely deep:
the hard end is many vehicles more than long solutions).

Speed: on one core 1,100 to 2,300 problems/s at the default knobs and 220 to 320/s at
difficulty 1 (10 vehicles; the machine was shared): the BFS for the shortest solution is
most of the time.
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.plans import AnswerError, read_moves
from rlvr_envs.families.shared.answer_parsing import small_int

MAX_MOVES = 200
MAX_STATES = 2_500
SAMPLE = 6
NAMES = "ABCDEFGHIJKLMNOPQRSTUVWYZ"  # X is the red car
_MOVE = re.compile(r"([a-z])\s*([+\-−])\s*(\d{1,6})", re.IGNORECASE)


def cells(car: dict, pos: int) -> list[tuple[int, int]]:
    """The (row, column) cells of ``car`` (keys name, horizontal, line, length) at ``pos``."""
    if car["horizontal"]:
        return [(car["line"], pos + k) for k in range(car["length"])]
    return [(pos + k, car["line"]) for k in range(car["length"])]


def masks_of(car: dict, size: int) -> list[int]:
    """The board bitmask (bit r * size + c) of ``car`` at each position."""
    out = []
    for pos in range(size - car["length"] + 1):
        bits = 0
        for r, c in cells(car, pos):
            bits |= 1 << (r * size + c)
        out.append(bits)
    return out


@lru_cache(maxsize=16)
def placements(size: int, exit_row: int, length: int) -> list[tuple[bool, int, int, int]]:
    """(horizontal, line, position, mask) of every place for a vehicle of ``length``, no
    horizontal one in the exit row."""
    out = []
    for horizontal in (True, False):
        for line in range(size):
            if horizontal and line == exit_row:
                continue
            car = {"horizontal": horizontal, "line": line, "length": length}
            out += [(horizontal, line, p, m) for p, m in enumerate(masks_of(car, size))]
    return out


def slides(masks: list[list[int]], state, occ: int, skip: int = -1) -> list[tuple[int, int]]:
    """Every legal move (vehicle index, shift) from ``state``, except of vehicle ``skip``."""
    out = []
    for i, p in enumerate(state):
        if i == skip:
            continue
        m = masks[i]
        rest = occ & ~m[p]
        q = p - 1
        while q >= 0 and not m[q] & rest:
            out.append((i, q - p))
            q -= 1
        q = p + 1
        while q < len(m) and not m[q] & rest:
            out.append((i, q - p))
            q += 1
    return out


def solve(cars: list[dict], start: list[int], size: int, max_states: int) -> list | None:
    """A shortest solution as (vehicle index, shift) moves by BFS (vehicle 0 is X), or None
    when there is none within ``max_states`` positions."""
    masks = [masks_of(car, size) for car in cars]
    goal = size - 2
    begin = tuple(start)
    if begin[0] == goal:
        return []
    parent: dict = {begin: None}
    frontier = [begin]
    while frontier:
        nxt = []
        for state in frontier:
            occ = 0
            for i, p in enumerate(state):
                occ |= masks[i][p]
            for i, shift in slides(masks, state, occ):
                q = state[i] + shift
                other = (*state[:i], q, *state[i + 1 :])
                if other in parent:
                    continue
                parent[other] = (state, (i, shift))
                if i == 0 and q == goal:
                    path = []
                    while parent[other] is not None:
                        other, move = parent[other]
                        path.append(move)
                    return path[::-1]
                nxt.append(other)
        if len(parent) > max_states:
            return None
        frontier = nxt
    return None


def blocking(masks: list[list[int]], pos: list[int], occ: int, size: int, row: int) -> int:
    """A cheap lower bound on the moves left: one for X, one per vehicle on its road, one more
    per such vehicle that cannot leave X's row in one move now."""
    if pos[0] == size - 2:
        return 0
    value = 1
    for c in range(pos[0] + 2, size):
        bit = 1 << (row * size + c)
        if not occ & bit:
            continue
        value += 1
        i = next(j for j in range(1, len(pos)) if masks[j][pos[j]] & bit)
        m, p = masks[i], pos[i]
        rest = occ & ~m[p]
        free = False
        for direction in (-1, 1):
            q = p + direction
            while 0 <= q < len(m) and not m[q] & rest:
                if not m[q] & bit:
                    free = True
                    break
                q += direction
        value += not free
    return value


def render(cars: list[dict], positions: list[int], size: int) -> str:
    grid = [["."] * size for _ in range(size)]
    for car, pos in zip(cars, positions):
        for r, c in cells(car, pos):
            grid[r][c] = car["name"]
    return "\n".join("".join(row) for row in grid)


class RushHour(Family):
    """Free the red car (any valid plan is right)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 4, 6, default=6, easy=5, hard=6, doc="cells on a side of the board"),
        "cars": Knob("int", 2, 12, default=5, easy=3, hard=10, doc="vehicles besides X"),
        "scramble": Knob(
            "int", 2, 40, default=8, easy=4, hard=30, doc="moves scrambling from the exit"
        ),
    }
    answer_syntax = (
        "the moves in order separated by spaces, each a vehicle letter, + or - and a number of "
        "cells (e.g. A+2 B-1 X+3)"
    )
    answer_form = "vehicle moves"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        size, count, depth = int(knobs["size"]), int(knobs["cars"]), int(knobs["scramble"])
        exit_row = (size - 1) // 2
        tries = 0
        while True:
            drawn = self._draw(rng, size, count, exit_row, depth + tries // 20)
            if drawn is not None:
                break
            tries += 1
        cars, start, walk = drawn
        path = solve(cars, start, size, MAX_STATES)
        optimal = None if path is None else len(path)
        if path is None:  # the reversed scramble, merged, is the witness
            path = walk
        names = [car["name"] for car in cars]
        answer = " ".join(f"{names[i]}{shift:+d}" for i, shift in path)
        question = (
            f"Rush Hour on a {size}x{size} board (. is an empty cell, each letter a vehicle):\n"
            f"{render(cars, start, size)}\n\n"
            f"The exit is at the right edge of row {exit_row + 1} (counting from the top). "
            "Vehicles move only along their length (horizontal ones left or right, vertical "
            "ones up or down), any number of free cells in one move, never through another "
            "vehicle or off the board. Write a move as the vehicle's letter, + or - and the "
            "number of cells (at least 1): + moves right (horizontal) or down (vertical), - "
            "moves left or up. Give a plan of at most "
            f"{MAX_MOVES} moves after which the red car X fills the two rightmost cells of "
            f"row {exit_row + 1}."
        )
        meta = {"size": size, "cars": cars, "start": start, "optimal": optimal}
        return Draft(question, answer, meta)

    @staticmethod
    def _draw(rng: random.Random, size: int, count: int, exit_row: int, depth: int):
        """Vehicles placed around X at the exit, then ``depth`` moves, each the one (of a few
        drawn) that blocks X most (never the same vehicle twice in a row); None unless X ends
        with its road blocked. Returns the vehicles, their start and the reversed walk (a
        solution)."""
        cars = [{"name": "X", "horizontal": True, "line": exit_row, "length": 2}]
        masks = [masks_of(cars[0], size)]
        pos = [size - 2]
        occ = masks[0][size - 2]
        for index in range(count):
            length = 3 if rng.random() < 0.25 else 2
            options = [p for p in placements(size, exit_row, length) if not p[3] & occ]
            if index == 0:  # one vertical vehicle that can cross X's road
                options = [p for p in options if not p[0] and p[1] >= 2]
            if not options:
                break  # the board is full
            horizontal, line, at, mask = rng.choice(options)
            car = {"name": NAMES[index], "horizontal": horizontal, "line": line, "length": length}
            cars.append(car)
            masks.append(masks_of(car, size))
            pos.append(at)
            occ |= mask
        walk: list[tuple[int, int]] = []
        last = -1
        for _ in range(depth):
            options = slides(masks, pos, occ, skip=last)
            if not options:
                break
            best = -1
            for i, shift in rng.sample(options, min(SAMPLE, len(options))):
                m = masks[i]
                moved = occ & ~m[pos[i]] | m[pos[i] + shift]
                pos[i] += shift
                value = blocking(masks, pos, moved, size, exit_row)
                pos[i] -= shift
                if value > best:
                    best, move = value, (i, shift)
            i, shift = move
            occ = occ & ~masks[i][pos[i]] | masks[i][pos[i] + shift]
            pos[i] += shift
            walk.append((i, -shift))
            last = i
        road = 0
        for c in range(pos[0] + 2, size):
            road |= 1 << (exit_row * size + c)
        if not occ & road:
            return None  # X could drive straight out
        return cars, pos, walk[::-1]

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        size, cars = meta["size"], meta["cars"]
        if len(answer) > 12 * MAX_MOVES:
            return Judgement.unparsable("the plan is far too long")
        try:
            found = read_moves(answer, _MOVE, MAX_MOVES, "a move like A+2")
            moves = [(m.group(1).upper(), m.group(2), small_int(m.group(3))) for m in found]
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        index = {car["name"]: i for i, car in enumerate(cars)}
        positions = list(meta["start"])
        board: dict[tuple[int, int], int] = {}
        for i, car in enumerate(cars):
            for cell in cells(car, positions[i]):
                board[cell] = i
        for number, (name, sign, amount) in enumerate(moves, 1):
            if name not in index:
                return Judgement.wrong(why=f"move {number}: there is no vehicle {name}")
            if amount == 0:
                return Judgement.wrong(why=f"move {number} ({name}{sign}0) moves nothing")
            i = index[name]
            car = cars[i]
            direction = 1 if sign == "+" else -1
            for _ in range(amount):
                pos = positions[i] + direction
                if not 0 <= pos <= size - car["length"]:
                    return Judgement.wrong(why=f"move {number} drives {name} off the board")
                if any(board.get(cell, i) != i for cell in cells(car, pos)):
                    return Judgement.wrong(why=f"move {number} drives {name} through a vehicle")
                for cell in cells(car, positions[i]):
                    del board[cell]
                positions[i] = pos
                for cell in cells(car, pos):
                    board[cell] = i
        if positions[0] != size - 2:
            return Judgement.wrong(why="X is not at the exit after the last move")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Moves of the reference solution (the shortest where known) times the number of
        vehicles."""
        return len(problem.answer.split()) * len(problem.meta["cars"])
