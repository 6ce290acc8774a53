"""BlocksWorld: move lettered blocks, one at a time, from their stacks to the goal stacks.

Blocks ``A``, ``B``, ... stand in stacks on a table large enough for any number of stacks.
A move takes a block with nothing on it and puts it on the table or on another block with
nothing on it. The start and the goal are random arrangements of the same blocks (every
block's place in the goal is given), drawn again until at least max(2, blocks // 2 + 1)
moves are needed.

The fewest moves is computed at generation by breadth-first search over the plans that
make only *constructive* moves (a block onto its goal place, when that place is final and
free) whenever one exists, and otherwise move some misplaced block to the table: Gupta and
Nau ("On the complexity of blocks-world planning", Artificial Intelligence 56, 1992) show
that some optimal plan has this form, so the search stays small (a block is moved at most
twice) while giving the true optimum; the tests check it against plain breadth-first search
over every move for small instances.

Answer syntax: the moves in order, separated by semicolons, commas or new lines, each
``move X onto Y`` or ``move X onto table`` (``onto`` may be ``on`` or ``to``; ``move`` may be
left out; case is free). The verifier simulates every move (a block with something on it,
or a move onto itself or onto a covered block, is wrong, with the reason) and checks that
the final stacks are the goal's; any such plan scores 1. With ``optimal`` the prompt asks
for at most the fewest number of moves (stated), and a longer valid plan is wrong with
``score = fewest / moves``.

Knobs: ``blocks`` (3..8) and ``optimal`` (any plan, then a shortest one). Difficulty raises
both.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.state_search import bfs, split_steps
from rlvr_envs.families.shared.answer_parsing import AnswerError

LETTERS = "ABCDEFGH"
TABLE = "table"
MAX_MOVES = 200
_MOVE = re.compile(
    r"(?:move\s+)?(?:block\s+)?([a-z])\s*(?:onto|on\s+top\s+of|on|to|->|→)\s*"
    r"(?:the\s+)?(?:block\s+)?(table|[a-z])\s*\.?",
    re.IGNORECASE,
)


def _arrangement(rng: random.Random, n: int) -> list[list[str]]:
    """A random split of the first ``n`` blocks into stacks (bottom first)."""
    blocks = list(LETTERS[:n])
    rng.shuffle(blocks)
    count = rng.randint(1, n)
    cuts = sorted(rng.sample(range(1, n), count - 1))
    return [blocks[a:b] for a, b in zip([0, *cuts], [*cuts, n])]


def _below(stacks: list[list[str]] | tuple) -> dict[str, str]:
    """block -> the block it stands on, or ``table``."""
    return {b: (s[i - 1] if i else TABLE) for s in stacks for i, b in enumerate(s)}


def _state(stacks) -> tuple:
    return tuple(sorted(tuple(s) for s in stacks if s))


def fewest_moves(start: list[list[str]], goal: list[list[str]]) -> list[tuple[str, str]]:
    """A shortest plan from ``start`` to ``goal`` (constructive moves first, else to the table)."""
    want = _below(goal)
    target = _state(goal)

    def moves(state):
        on = _below(state)
        done: dict[str, bool] = {}
        for stack in state:
            ok = True
            for b in stack:
                ok = ok and on[b] == want[b]
                done[b] = ok
        tops = [s[-1] for s in state]
        for b in tops:  # a constructive move, if any, is the only successor needed
            if done[b]:
                continue
            dest = want[b]
            if (dest == TABLE or (dest in tops and done[dest])) and dest != b:
                yield (b, dest), _apply(state, b, dest)
                return
        for b in tops:
            if not done[b] and on[b] != TABLE:
                yield (b, TABLE), _apply(state, b, TABLE)

    plan = bfs(_state(start), moves, target.__eq__)
    assert plan is not None  # every arrangement reaches every other
    return plan


def _apply(state: tuple, block: str, dest: str) -> tuple:
    stacks = [list(s) for s in state]
    for s in stacks:
        if s and s[-1] == block:
            s.pop()
    if dest == TABLE:
        stacks.append([block])
    else:
        for s in stacks:
            if s and s[-1] == dest:
                s.append(block)
    return _state(stacks)


def _describe(stacks: list[list[str]]) -> str:
    return "; ".join(f"stack {i}: {', '.join(s)}" for i, s in enumerate(stacks, 1))


class BlocksWorld(Family):
    """Plan moves of lettered blocks from a start arrangement to a goal arrangement."""

    knobs: ClassVar[dict[str, Knob]] = {
        "blocks": Knob("int", 3, 8, default=5, easy=3, hard=8, doc="number of blocks"),
        "optimal": Knob("bool", default=False, easy=False, doc="ask for the fewest moves"),
    }
    answer_syntax = (
        "the moves in order separated by semicolons, each as move X onto Y or move X onto "
        "table (e.g. move C onto table; move B onto C)"
    )
    answer_form = "move plan"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = int(knobs["blocks"])
        while True:
            start, goal = _arrangement(rng, n), _arrangement(rng, n)
            plan = fewest_moves(start, goal)
            if len(plan) >= max(2, n // 2 + 1):
                break
        optimal = bool(knobs["optimal"])
        ask = (
            f"Use at most {len(plan)} moves (the fewest possible)."
            if optimal
            else "Any sequence of legal moves that reaches the goal is accepted."
        )
        question = (
            f"Blocks world. {n} blocks stand in stacks on a table (each stack listed from "
            f"bottom to top). Start: {_describe(start)}. Goal: {_describe(goal)}. A move "
            f"takes a block with nothing on top of it and puts it either on the table (as a "
            f"new stack; the table has room for any number of stacks) or on top of another "
            f"block with nothing on top of it. Give moves that turn the start into the goal "
            f"(the order of the stacks does not matter). {ask} Write them in order, "
            f"separated by semicolons, each as 'move X onto Y' or 'move X onto table'."
        )
        answer = "; ".join(f"move {b} onto {d}" for b, d in plan)
        meta = {"start": start, "goal": goal, "fewest": len(plan), "optimal": optimal}
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        try:
            steps = split_steps(answer, MAX_MOVES, r"[;,\n]")
            moves = []
            for step in steps:
                match = _MOVE.fullmatch(step)
                if match is None:
                    raise AnswerError(f"{step[:30]!r} is not 'move X onto Y'")
                dest = match.group(2).lower()
                moves.append((match.group(1).upper(), TABLE if dest == TABLE else dest.upper()))
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        n = sum(len(s) for s in meta["start"])
        stacks = [list(s) for s in meta["start"]]
        for k, (block, dest) in enumerate(moves, 1):
            if block not in LETTERS[:n] or dest not in (TABLE, *LETTERS[:n]):
                missing = block if block not in LETTERS[:n] else dest
                return Judgement.wrong(why=f"move {k}: there is no block {missing}")
            if block == dest:
                return Judgement.wrong(why=f"move {k} puts {block} onto itself")
            tops = {s[-1] for s in stacks if s}
            if block not in tops:
                return Judgement.wrong(why=f"move {k}: {block} has a block on top of it")
            if dest != TABLE and dest not in tops:
                return Judgement.wrong(why=f"move {k}: {dest} has a block on top of it")
            for s in stacks:
                if s and s[-1] == block:
                    s.pop()
            if dest == TABLE:
                stacks.append([block])
            else:
                next(s for s in stacks if s and s[-1] == dest).append(block)
        if _state(stacks) != _state(meta["goal"]):
            return Judgement.wrong(why="the final stacks are not the goal")
        if meta["optimal"] and len(moves) > meta["fewest"]:
            return Judgement.wrong(
                score=meta["fewest"] / len(moves), why=f"{meta['fewest']} moves suffice"
            )
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """The fewest moves plus the number of blocks."""
        return problem.meta["fewest"] + sum(len(s) for s in problem.meta["start"])
