"""Sokoban: push every box onto a goal in a small walled room.

The warehouse keeper walks up, down, left or right; walking into a box pushes it one cell on,
if the cell beyond is free floor (not a wall, not another box). Boxes cannot be pulled.

Generation works backwards, so every room is solvable by construction: the boxes start on
the goals, and the keeper (placed beside the first box it pulls) makes ``pulls`` reverse
moves, each a walk to a cell beside a box
(found by breadth-first search) followed by a *pull* of that box one cell (the keeper steps
back and the box follows). Reversing that sequence and its directions gives a plan of pushes
that puts every box back on a goal; cut after its first move that has every box on a goal
(the pulls may bring the boxes back onto the goals part-way), it is the reference answer. A
room whose boxes end where they started is drawn again.

Answer syntax: the keeper's moves as letters ``U``, ``D``, ``L``, ``R`` (pushes are written
like walks: the move that walks into a box pushes it), separated by spaces or commas or run
together, in any case. The verifier replays the plan: walking into a wall, or pushing a box
into a wall or another box, is an illegal move (wrong, with the move's number); after the
last move every box must stand on a goal. Any such plan of at most :data:`MAX_MOVES` moves
scores 1; shortness is not asked.

Knobs: ``size`` (the room's inner height, 4..8; the width is the same or one more),
``boxes`` (1..4) and ``pulls`` (reverse pulls of the scramble, 2..30). Difficulty raises
all three.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.plans import OPPOSITE, AnswerError, letters

MAX_MOVES = 400
LEGEND = "# wall, - floor, . goal, $ box, * box on a goal, @ the keeper, + the keeper on a goal"


def offsets(width: int) -> dict[str, int]:
    return {"U": -width, "D": width, "L": -1, "R": 1}


def _reach(start: int, free: set[int], step: dict[str, int]) -> dict[int, tuple[int, str]]:
    """Cells the keeper can walk to from ``start`` over ``free``: cell -> (previous, letter)."""
    came = {start: (start, "")}
    queue = [start]
    for cell in queue:
        for letter, d in step.items():
            other = cell + d
            if other in free and other not in came:
                came[other] = (cell, letter)
                queue.append(other)
    return came


def render(meta: dict, boxes: set[int], keeper: int) -> str:
    width, walls, goals = meta["width"], set(meta["walls"]), set(meta["goals"])
    rows = []
    for r in range(meta["height"]):
        row = []
        for c in range(width):
            i = r * width + c
            if i in walls:
                row.append("#")
            elif i in boxes:
                row.append("*" if i in goals else "$")
            elif i == keeper:
                row.append("+" if i in goals else "@")
            else:
                row.append("." if i in goals else "-")
        rows.append("".join(row))
    return "\n".join(rows)


def _first_solution(plan: list[str], boxes: set[int], keeper: int, goals: set[int],
                    step: dict[str, int]) -> list[str]:  # fmt: skip
    """``plan`` cut after its first move that leaves every box on a goal: the backward game
    can bring the boxes back onto the goals (or swap them) part-way, and the moves after
    that only undo and redo."""
    boxes = set(boxes)
    for index, letter in enumerate(plan, 1):
        keeper += step[letter]
        if keeper in boxes:
            boxes.remove(keeper)
            boxes.add(keeper + step[letter])
        if boxes == goals:
            return plan[:index]
    raise AssertionError("the reversed pulls put every box on a goal")


class Sokoban(Family):
    """Push every box onto a goal (any valid plan is right)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 4, 8, default=5, easy=4, hard=7, doc="inner height of the room"),
        "boxes": Knob("int", 1, 4, default=2, easy=1, hard=3, doc="number of boxes"),
        "pulls": Knob("int", 2, 30, default=6, easy=3, hard=14, doc="reverse pulls scrambling"),
    }
    answer_syntax = "the keeper's moves as letters U, D, L, R separated by spaces (e.g. R R U L)"
    answer_form = "move letters"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        inner, count, pulls = int(knobs["size"]), int(knobs["boxes"]), int(knobs["pulls"])
        while True:
            drawn = self._draw(rng, inner, count, pulls)
            if drawn is not None:
                break
        meta, boxes, keeper, plan = drawn
        question = (
            "Sokoban. The room, row by row from the top "
            f"({LEGEND}):\n{render(meta, boxes, keeper)}\n\n"
            "The keeper moves one cell up (U), down (D), left (L) or right (R). Walking into a "
            "box pushes it one cell in the same direction, which is allowed only when the "
            "cell beyond it is floor or a goal without a box; boxes cannot be pulled and the "
            f"keeper cannot walk through walls. Give a plan of at most {MAX_MOVES} moves after "
            f"whose last move every box stands on a goal."
        )
        meta = {**meta, "boxes": sorted(boxes), "keeper": keeper}
        return Draft(question, " ".join(plan), meta)

    def _draw(self, rng: random.Random, inner: int, count: int, pulls: int):
        height, width = inner + 2, inner + 2 + rng.randint(0, 1)
        step = offsets(width)
        cells = [r * width + c for r in range(1, height - 1) for c in range(1, width - 1)]
        walls = {i for i in range(height * width) if i not in cells}
        for cell in rng.sample(cells, rng.randint(0, inner - 2)):  # a few pillars
            walls.add(cell)
        floor = [i for i in cells if i not in walls]
        if len(_reach(floor[0], set(floor), step)) != len(floor):
            return None  # the pillars cut the room in two
        spots = rng.sample(floor, count + 1)
        goals, keeper = set(spots[:count]), spots[count]
        boxes = set(goals)
        reverse: list[str] = []  # the keeper's moves in the backward game
        for _ in range(pulls):
            free = set(floor) - boxes
            came = _reach(keeper, free, step)
            options = [
                (box, letter)
                for box in sorted(boxes)
                for letter, d in step.items()
                if box + d in came and box + 2 * d in free
            ]
            if not options:
                break
            box, letter = rng.choice(options)
            d = step[letter]
            walk, cell = [], box + d
            while cell != keeper and reverse:  # before the first pull the keeper just stands
                cell, move = came[cell]  # there, so the plan ends with its last push
                walk.append(move)
            reverse += reversed(walk)
            keeper = box + d
            # pull: the keeper steps from box + d to box + 2d, the box follows to box + d
            while True:
                reverse.append(letter)
                boxes.remove(box)
                boxes.add(box + d)
                box, keeper = box + d, box + 2 * d
                if box + 2 * d not in set(floor) - boxes or rng.random() < 0.5:
                    break
        if boxes == goals:
            return None
        plan = _first_solution([OPPOSITE[letter] for letter in reversed(reverse)],
                               boxes, keeper, goals, step)  # fmt: skip
        if len(plan) > MAX_MOVES:
            return None
        meta = {"height": height, "width": width, "walls": sorted(walls), "goals": sorted(goals)}
        return meta, boxes, keeper, plan

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        if len(answer) > 8 * MAX_MOVES:
            return Judgement.unparsable("the plan is far too long")
        try:
            moves = letters(answer, MAX_MOVES)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        step = offsets(meta["width"])
        walls, boxes, keeper = set(meta["walls"]), set(meta["boxes"]), meta["keeper"]
        for index, letter in enumerate(moves, 1):
            d = step[letter]
            target = keeper + d
            if target in walls:
                return Judgement.wrong(why=f"move {index} ({letter}) walks into a wall")
            if target in boxes:
                beyond = target + d
                if beyond in walls or beyond in boxes:
                    return Judgement.wrong(
                        why=f"move {index} ({letter}) pushes a box that is blocked"
                    )
                boxes.remove(target)
                boxes.add(beyond)
            keeper = target
        off = len(boxes - set(meta["goals"]))
        if off:
            return Judgement.wrong(why=f"{off} box(es) not on a goal after the last move")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Moves of the reference plan times the number of boxes."""
        return len(problem.answer.split()) * len(problem.meta["boxes"])
