"""Tower of Hanoi: move every disk onto the target peg in as few moves as possible.

The puzzle of Édouard Lucas (1883): three pegs A, B, C; disks of sizes 1 (smallest) to n;
one disk moves at a time, from the top of a peg to the top of another, never onto a smaller
disk. The start is the classic tower on a random peg (``start = tower``, 2**n - 1 moves) or
a random legal configuration (``scattered``); the target is another random peg. The fewest
moves from any configuration to a tower follow from the largest disk down: a disk already
on the target peg stays, otherwise every smaller disk first gathers on the third peg (Hinz,
"The Tower of Hanoi", L'Enseignement Mathématique 35, 1989).

Answer syntax: the moves in order, each ``<from>-><to>`` with pegs A, B, C, separated by
commas, spaces or newlines (``A->C, A->B, C->B``; ``AC`` and ``A to C`` also work). The
verifier replays the moves: every move must be legal, every disk must end on the target
peg, and the number of moves must be the minimum. A legal solution that is longer scores
``minimum / length`` as partial credit (in ``score`` only).

Knobs: ``disks`` and ``start`` (``tower`` or ``scattered``).
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import AnswerError, scan

PEGS = "ABC"
MOVE_TEXT = {(a, b): f"{PEGS[a]}->{PEGS[b]}" for a in range(3) for b in range(3)}
_MOVE = re.compile(r"([ABC])\s*(?:->|→|\bto\b|-)?\s*([ABC])(?![A-Za-z])", re.IGNORECASE)


class TowerOfHanoi(Family):
    """Solve the Tower of Hanoi from a given configuration in the fewest moves."""

    knobs: ClassVar[dict[str, Knob]] = {
        "disks": Knob("int", 1, 10, default=4, easy=2, hard=8, doc="number of disks"),
        "start": Knob(
            "categorical",
            choices=("tower", "scattered"),
            default="tower",
            doc="all disks on one peg, or a random legal configuration",
        ),
    }
    answer_syntax = "the moves in order, separated by commas (e.g. A->C, A->B, C->B)"
    answer_form = "list of moves"
    unique_answer = False  # moves are letters: no digits to perturb; negatives are ours
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = knobs["disks"]
        target = int(rng.random() * 3)
        if knobs["start"] == "tower":
            pegs = [(target + 1 + int(rng.random() * 2)) % 3] * n
        else:
            pegs = [int(rng.random() * 3) for _ in range(n)]
            if all(p == target for p in pegs):
                pegs[-1] = (target + 1 + int(rng.random() * 2)) % 3  # the largest moves
        if knobs["start"] == "tower":  # one of six puzzles per size: cached
            question, answer, optimal = _tower_texts(n, pegs[0], target)
        else:
            question, answer, optimal = _texts(pegs, target)
        meta = {"pegs": pegs, "target": target, "optimal": optimal}
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        pegs, target, optimal = (problem.meta[k] for k in ("pegs", "target", "optimal"))
        try:
            moves = parse_moves(answer, max(4 * optimal, 16))
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        stacks: list[list[int]] = [[], [], []]
        for disk in range(len(pegs), 0, -1):  # largest first: bottom of each peg
            stacks[pegs[disk - 1]].append(disk)
        for index, (a, b) in enumerate(moves, 1):
            if a == b or not stacks[a] or (stacks[b] and stacks[b][-1] < stacks[a][-1]):
                return Judgement.wrong(why=f"move {index} ({PEGS[a]}->{PEGS[b]}) is illegal")
            stacks[b].append(stacks[a].pop())
        if len(stacks[target]) != len(pegs):
            return Judgement.wrong(why=f"not every disk is on peg {PEGS[target]}")
        if len(moves) > optimal:
            return Judgement.wrong(score=optimal / len(moves), moves=len(moves), best=optimal)
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """The minimum number of moves plus the number of disks."""
        return problem.meta["optimal"] + len(problem.meta["pegs"])


@cache
def _tower_texts(n: int, source: int, target: int) -> tuple[str, str, int]:
    return _texts([source] * n, target)


def _texts(pegs: list[int], target: int) -> tuple[str, str, int]:
    """(question, answer, minimum moves)."""
    n = len(pegs)
    moves = solve(pegs, target)
    question = (
        f"Tower of Hanoi with three pegs A, B, C and {n} disk{'s' if n > 1 else ''} of "
        f"sizes 1 (smallest) to {n} (largest). A move takes the top disk of one peg and "
        "puts it on top of another peg, never on a smaller disk. The pegs now hold "
        f"(bottom to top):\n{describe(pegs)}\n\nMove all the disks onto peg "
        f"{PEGS[target]} using as few moves as possible. Write each move as "
        "<from>-><to>, e.g. A->C."
    )
    return question, ", ".join([MOVE_TEXT[move] for move in moves]), len(moves)


def solve(pegs: list[int], target: int) -> list[tuple[int, int]]:
    """The shortest move list from ``pegs`` (pegs[d - 1]: peg of disk d) to all on target."""
    moves: list[tuple[int, int]] = []

    def gather(k: int, target: int) -> None:  # disks 1..k, from where they are, onto target
        while k and pegs[k - 1] == target:
            k -= 1
        if k == 0:
            return
        source = pegs[k - 1]
        spare = 3 - source - target
        gather(k - 1, spare)
        moves.append((source, target))
        moves.extend(tower(k - 1, spare, target))  # disks 1..k-1 now stand on spare

    gather(len(pegs), target)
    return moves


@cache
def tower(k: int, source: int, target: int) -> tuple[tuple[int, int], ...]:
    """The classic 2**k - 1 moves of a k-disk tower from ``source`` to ``target``."""
    if k == 0:
        return ()
    spare = 3 - source - target
    return (*tower(k - 1, source, spare), (source, target), *tower(k - 1, spare, target))


def describe(pegs: list[int]) -> str:
    """``A: 3 2 1`` lines, bottom to top (``A: empty`` for an empty peg)."""
    lines = []
    for peg, name in enumerate(PEGS):
        disks = [str(d) for d in range(len(pegs), 0, -1) if pegs[d - 1] == peg]
        lines.append(f"{name}: {' '.join(disks) if disks else '(empty)'}")
    return "\n".join(lines)


def parse_moves(text: str, max_moves: int) -> list[tuple[int, int]]:
    """(from, to) peg indices from ``A->C`` items."""
    return [
        (PEGS.index(m.group(1).upper()), PEGS.index(m.group(2).upper()))
        for m in scan(text, _MOVE, max_moves, "a move like A->C")
    ]
