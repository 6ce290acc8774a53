"""QuadraticAssignment: place departments in rooms so that heavy traffic walks short distances.

``departments`` departments go one to a room; the rooms sit at integer points of a corridor
grid (distance ``|dx| + |dy|``) and each pair of departments exchanges a flow of visits
(0 to ``max_flow``, symmetric). The cost of a placement is the sum over pairs of flow times
the distance between their rooms (Koopmans and Beckmann 1957). The least cost is found at
generation by evaluating every placement at once (all ``n!``, numpy; the tests use
itertools). The check reads each department's room and grades the cost against the
baseline of the top tenth of all placements (the cost that one placement in ten reaches or
beats: a random placement earns nothing nine times in ten; :mod:`.scoring`); instances where
that is already the optimum are redrawn.

Answer syntax: the room of each department, in department order (``3 1 2``: department 1 in
room 3).

Knobs: ``departments`` (4 -> 7) and ``max_flow`` (3 -> 9). Difficulty raises both.
"""

from __future__ import annotations

import itertools
import random
import re
from functools import cache
from typing import ClassVar

import numpy as np

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.optimisation.scoring import (
    AnswerError,
    GradedFamily,
    judge_value,
    read_permutation,
    reward_sentence,
)

_LABEL = re.compile(r"\bR(?=\d)")


@cache
def _placements(n: int) -> np.ndarray:
    return np.array(list(itertools.permutations(range(n))), dtype=np.int64)


def placement_cost(flow: list[list[int]], rooms: list[list[int]], place: list[int]) -> int:
    """The sum over pairs of departments of flow times the distance of their rooms."""
    n = len(flow)
    return sum(
        flow[a][b]
        * (
            abs(rooms[place[a]][0] - rooms[place[b]][0])
            + abs(rooms[place[a]][1] - rooms[place[b]][1])
        )
        for a in range(n)
        for b in range(a + 1, n)
    )


class QuadraticAssignment(GradedFamily):
    """A small quadratic assignment problem, graded against the top tenth of placements."""

    knobs: ClassVar[dict[str, Knob]] = {
        "departments": Knob("int", 4, 7, default=5, easy=4, hard=7, doc="departments"),
        "max_flow": Knob("int", 2, 12, default=6, easy=3, hard=9, doc="largest flow"),
    }
    answer_syntax = "the room of each department in department order (e.g. 3 1 2)"
    answer_form = "a permutation of room numbers"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, top = int(knobs["departments"]), int(knobs["max_flow"])
        places = _placements(n)
        a, b = np.triu_indices(n, 1)
        grid = [[x, y] for x in range(5) for y in range(3)]
        while True:
            rooms = rng.sample(grid, n)
            flow = [[0] * n for _ in range(n)]
            for i, j in zip(a.tolist(), b.tolist()):
                flow[i][j] = flow[j][i] = rng.randint(0, top)
            r = np.array(rooms)
            dist = np.abs(r[:, None, :] - r[None, :, :]).sum(axis=2)
            weights = np.array(flow)[a, b]
            costs = (dist[places[:, a], places[:, b]] * weights).sum(axis=1)
            ranked = np.sort(costs)
            tenth = max(1, len(ranked) // 10)
            best, baseline = int(ranked[0]), int(ranked[tenth])
            if best < baseline:
                break
        shown_rooms = ", ".join(f"R{i} ({x}, {y})" for i, (x, y) in enumerate(rooms, 1))
        shown_flow = "\n".join(
            f"D{i + 1}-D{j + 1}: {flow[i][j]}" for i, j in zip(a.tolist(), b.tolist())
        )
        question = (
            f"{n} departments D1 to D{n} move into {n} rooms, one department per room. The "
            f"rooms are at {shown_rooms}; the distance between rooms is |x1 - x2| + "
            f"|y1 - y2|. The daily visits between each pair of departments:\n{shown_flow}\n\n"
            "The cost of a placement is the sum over pairs of departments of their visits "
            "times the distance between their rooms. Find a placement of least cost, and give "
            f"the room number of each department from D1 to D{n}.\n\n"
            + reward_sentence(
                f"the cost of the placement ranked {tenth + 1} from the cheapest among all "
                f"{len(ranked)} placements (the best tenth)",
                "a lower cost is better",
            )
        )
        meta = {"rooms": rooms, "flow": flow, "best": best, "baseline": baseline}
        answer = " ".join(str(room + 1) for room in places[int(np.argmin(costs))].tolist())
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        try:
            place = read_permutation(_LABEL.sub("", answer), len(meta["rooms"]), "room")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        cost = placement_cost(meta["flow"], meta["rooms"], place)
        return judge_value(cost, meta["baseline"], meta["best"], "cost")

    def complexity(self, problem: Problem) -> float:
        """Pairs of departments."""
        n = len(problem.meta["rooms"])
        return n * (n - 1) / 2
