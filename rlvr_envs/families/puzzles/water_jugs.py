"""WaterJugs: measure an exact amount of water with jugs that have no marks.

Two or three jugs (``A``, ``B``, ``C``) of given whole-litre capacities start empty beside a
tap. A move fills a jug to the brim, empties it onto the ground, or pours one jug into
another until the first is empty or the second is full. The goal: the named jug holds
exactly the target amount. The generator explores every reachable state by breadth-first
search (cached per set of capacities), so only reachable targets are asked, and picks a target
(a jug and an amount) whose shortest plan has at least ``steps`` moves (the farthest when
none does). A capacity is never the target, so no single move wins. The jug is named
because with "some jug" a fixed four-move plan (fill two jugs, pour both into the third)
scored 0.13 at difficulty 0.5.

Answer syntax: the moves in order, separated by semicolons, commas or new lines:
``fill A``, ``empty B``, ``pour A B`` (pour A into B; ``pour A into B`` is accepted too), in
any case. The verifier replays the plan (a move that changes nothing, such as filling a full
jug, is legal; pouring a jug into itself or naming a jug that is not there is wrong) and
checks that after the last move the named jug holds the target. When ``shortest`` is set the
prompt asks for a shortest plan; a longer valid one is wrong with partial credit
``score = optimal / length``, the optimal length coming from the same BFS (``meta["optimal"]``).

Knobs: ``jugs`` (2..3), ``max_capacity`` (the largest capacity drawn, 4..20), ``steps``
(the least length of the target's shortest plan, 2..10) and ``shortest`` (whether a shortest
plan is asked). Difficulty raises all four.

Speed: on one core about 12,000 problems/s at the default knobs and 250/s at difficulty 1
(three jugs up to 15 litres: each new set of capacities costs one BFS over its states).
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.plans import AnswerError, read_moves

MAX_MOVES = 200
NAMES = "ABC"
_MOVE = re.compile(
    r"(fill|empty)\s+(?:jug\s+)?([a-z])\b|pour\s+(?:jug\s+)?([a-z])\s*(?:into\s+|to\s+|->\s*)?"
    r"(?:jug\s+)?([a-z])\b",
    re.IGNORECASE,
)


def apply(state: tuple[int, ...], caps: tuple[int, ...], move: tuple) -> tuple[int, ...]:
    """The state after ``move``: ("fill", i), ("empty", i) or ("pour", i, j) with i != j."""
    cells = list(state)
    if move[0] == "fill":
        cells[move[1]] = caps[move[1]]
    elif move[0] == "empty":
        cells[move[1]] = 0
    else:
        i, j = move[1], move[2]
        amount = min(cells[i], caps[j] - cells[j])
        cells[i] -= amount
        cells[j] += amount
    return tuple(cells)


def write(move: tuple) -> str:
    if move[0] == "pour":
        return f"pour {NAMES[move[1]]} {NAMES[move[2]]}"
    return f"{move[0]} {NAMES[move[1]]}"


@lru_cache(maxsize=256)
def explore(caps: tuple[int, ...]) -> tuple[dict, dict]:
    """BFS from all jugs empty: (state -> (previous state, move) or None, (jug, amount) ->
    (the first state at which that jug holds that amount, in BFS order, and its depth: the
    least))."""
    n = len(caps)
    moves = [("fill", i) for i in range(n)] + [("empty", i) for i in range(n)]
    moves += [("pour", i, j) for i in range(n) for j in range(n) if i != j]
    start = (0,) * n
    parent: dict = {start: None}
    first: dict = {}
    frontier = [start]
    depth = 0
    while frontier:
        nxt = []
        for state in frontier:
            for jug, amount in enumerate(state):
                first.setdefault((jug, amount), (state, depth))
            for move in moves:
                other = apply(state, caps, move)
                if other not in parent:
                    parent[other] = (state, move)
                    nxt.append(other)
        frontier = nxt
        depth += 1
    return parent, first


def plan_to(caps: tuple[int, ...], jug: int, amount: int) -> list[tuple]:
    parent, first = explore(caps)
    state, path = first[jug, amount][0], []
    while parent[state] is not None:
        state, move = parent[state]
        path.append(move)
    return path[::-1]


class WaterJugs(Family):
    """Measure a target amount with unmarked jugs (any plan, or a shortest one where asked)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "jugs": Knob("int", 2, 3, default=2, doc="number of jugs"),
        "max_capacity": Knob(
            "int", 4, 20, default=9, easy=5, hard=15, doc="largest jug capacity drawn"
        ),
        "steps": Knob(
            "int", 2, 10, default=4, easy=2, hard=8, doc="least moves of the shortest plan"
        ),
        "shortest": Knob("bool", default=False, doc="whether a shortest plan is asked"),
    }
    answer_syntax = (
        "the moves in order separated by semicolons, each one of fill X, empty X or pour X Y "
        "(e.g. fill A; pour A B; empty B)"
    )
    answer_form = "jug moves"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, top = int(knobs["jugs"]), int(knobs["max_capacity"])
        want, shortest = int(knobs["steps"]), bool(knobs["shortest"])
        while True:
            caps = tuple(rng.sample(range(2, top + 1), n))
            _, first = explore(caps)
            depth = {key: d for key, (_, d) in first.items() if key[1] and key[1] not in caps}
            if depth:
                break
        far = [a for a in sorted(depth) if depth[a] >= want]
        if not far:
            most = max(depth.values())
            far = [a for a in sorted(depth) if depth[a] == most]
        goal, target = rng.choice(far)
        plan = plan_to(caps, goal, target)
        jugs = ", ".join(f"{NAMES[i]} ({c} litres)" for i, c in enumerate(caps))
        ask = (
            "Give a shortest plan: one with the fewest moves."
            if shortest
            else f"Give any plan of at most {MAX_MOVES} moves."
        )
        question = (
            f"You have {n} jugs without markings: {jugs}. All are empty, and there is a tap "
            "with unlimited water. A move is one of: fill X (fill jug X to the brim from the "
            "tap), empty X (pour all of jug X away), pour X Y (pour from jug X into jug Y "
            "until X is empty or Y is full). Find a plan after whose last move jug "
            f"{NAMES[goal]} holds exactly {target} litre{'s' if target != 1 else ''}. {ask}"
        )
        meta = {"capacities": list(caps), "jug": goal, "target": target, "shortest": shortest}
        meta["optimal"] = len(plan)
        return Draft(question, "; ".join(write(m) for m in plan), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        caps = tuple(meta["capacities"])
        if len(answer) > 24 * MAX_MOVES:
            return Judgement.unparsable("the plan is far too long")
        try:
            found = read_moves(answer, _MOVE, MAX_MOVES, "a move fill X, empty X or pour X Y")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        state = (0,) * len(caps)
        for index, match in enumerate(found, 1):
            kind = (match.group(1) or "pour").lower()
            names = [g.upper() for g in match.groups()[1:] if g]
            jugs = [NAMES.find(name) if name in NAMES[: len(caps)] else -1 for name in names]
            if -1 in jugs:
                bad = names[jugs.index(-1)]
                return Judgement.wrong(why=f"move {index}: there is no jug {bad}")
            if kind == "pour" and jugs[0] == jugs[1]:
                return Judgement.wrong(why=f"move {index} pours a jug into itself")
            state = apply(state, caps, (kind, *jugs))
        goal, target = meta["jug"], meta["target"]
        if state[goal] != target:
            why = f"jug {NAMES[goal]} holds {state[goal]} litres at the end, not {target}"
            return Judgement.wrong(why=why)
        if meta["shortest"] and len(found) > meta["optimal"]:
            score = meta["optimal"] / len(found)
            return Judgement.wrong(score=score, why=f"a plan of {meta['optimal']} moves exists")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Moves of the shortest plan times the number of jugs."""
        return problem.meta["optimal"] * len(problem.meta["capacities"])
