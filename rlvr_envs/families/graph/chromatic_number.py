"""ChromaticNumber: the fewest colours a proper colouring of a graph needs, with a colouring.

Unlike :mod:`.graph_coloring`, which states the number of colours k, here k itself must be
found and proved achievable. The nodes get a hidden colour each (``colours`` classes) and
edges are drawn only between different hidden colours, so at most ``colours`` colours are
needed; sparse graphs often need fewer. Reference: an exact search at generation, Brélaz's
DSATUR order (1979, "New methods to color the vertices of a graph") in a backtracking
k-colouring test, tried for k upward from a greedy clique size until one succeeds.

Answer syntax: the chromatic number, a semicolon, then the colour of every node as
``node: colour`` pairs with colours 1 to k (``3; 0: 1, 1: 2, 2: 3, 3: 1``); a colon, ``|``
or a line break also separates the number from the pairs. Any proper colouring with exactly
the chromatic number of colours (numbered 1 to k) scores 1; a proper colouring with more
colours is wrong.

Knobs: ``nodes`` (at most 16, for the exact search), ``colours`` (hidden classes),
``degree`` (average degree) and ``encoding``. Difficulty raises all but encoding: at
difficulty 1 fourteen nodes and some forty edges, where a colouring with one colour fewer
must be ruled out by search.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.graph.base import GraphFamily
from rlvr_envs.families.graph.generators import add_random_edges, edge_count, finish, shuffle
from rlvr_envs.families.graph.knobs import degree_knob, encoding_knob, nodes_knob
from rlvr_envs.families.graph.parsing import AnswerError, parse_mapping

_HEAD = re.compile(
    r"\s*(?:(?:the\s+)?(?:chromatic\s+number|k|χ)\s*(?:=|is|:)\s*)?([0-9]{1,3})\s*"
    r"(?:colou?rs?\s*)?(?:[;:|]|\n)(.*)",
    re.DOTALL | re.IGNORECASE,
)


class ChromaticNumber(GraphFamily):
    """The chromatic number of a graph, with a proper colouring that uses that many colours."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(3, 16, default=9, easy=6, hard=14),
        "colours": Knob("int", 2, 6, default=3, easy=3, hard=5, doc="hidden colour classes"),
        "degree": degree_knob(1.0, 10.0, default=3.0, easy=2.5, hard=5.5),
        "encoding": encoding_knob(),
    }
    answer_syntax = (
        "the chromatic number k, a semicolon, then the colour of every node as node: colour "
        "pairs with colours 1 to k (e.g. 3; 0: 1, 1: 2, 2: 3, 3: 1)"
    )
    answer_form = "colour count with a colouring"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, k = knobs["nodes"], knobs["colours"]
        hidden = [i % k for i in range(n)]
        shuffle(rng, hidden)
        m = edge_count(n, knobs["degree"] / 2)
        edges = add_random_edges(rng, n, [], m, allowed=lambda u, v: hidden[u] != hidden[v])
        graph, _ = finish(rng, n, edges, False)
        question = (
            "What is the chromatic number of this graph, the fewest colours with which its "
            "nodes can be coloured so that the two ends of every edge have different "
            "colours? Give it with such a colouring, using colours 1 to that number."
            f"\n\n{self.text(graph, knobs, rng)}"
        )
        chi, colour = chromatic_number(graph.neighbours())
        answer = f"{chi}; " + ", ".join(f"{u}: {colour[u] + 1}" for u in range(n))
        return Draft(question, answer, {**graph.to_meta(), "chromatic": chi})

    def check(self, problem: Problem, answer: str) -> Judgement:
        head = _HEAD.fullmatch(answer)
        try:
            if head is None:
                raise AnswerError("expected the chromatic number, a semicolon and the pairs")
            claimed, pairs = int(head.group(1)), parse_mapping(head.group(2))
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        n, chi = problem.meta["nodes"], problem.meta["chromatic"]
        colour = dict(pairs)
        if len(colour) != len(pairs) or sorted(colour) != list(range(n)):
            return Judgement.wrong(why="give every node exactly one colour")
        if any(not 1 <= c <= claimed for c in colour.values()):
            return Judgement.wrong(why=f"colours must be 1 to {claimed}")
        for u, v in problem.meta["edges"]:
            if colour[u] == colour[v]:
                return Judgement.wrong(why=f"{u} -- {v} has both ends coloured {colour[u]}")
        if claimed != chi:
            return Judgement.wrong(why="fewer colours suffice")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Nodes plus edges, plus the chromatic number (the size of the search's last level)."""
        meta = problem.meta
        return meta["nodes"] + len(meta["edges"]) + meta["chromatic"]


def chromatic_number(neighbours: list[list[int]]) -> tuple[int, list[int]]:
    """The chromatic number and a colouring (colours 0..chi-1) by exact search.

    Upper bound: a greedy DSATUR colouring; lower bound: a greedy clique. Between them,
    :func:`_colouring` tries k = lower, lower + 1, ... and the first success is optimal.
    """
    n = len(neighbours)
    if n == 0:
        return 0, []
    greedy = _dsatur(neighbours, n, n, greedy=True)
    assert greedy is not None
    upper = max(greedy) + 1
    lower = _greedy_clique(neighbours)
    for k in range(lower, upper):
        found = _dsatur(neighbours, n, k, greedy=False)
        if found is not None:
            return k, found
    return upper, greedy


def _greedy_clique(neighbours: list[list[int]]) -> int:
    """The largest clique found by growing one greedily from every node (highest degree
    first): a lower bound on the chromatic number."""
    sets = [set(row) for row in neighbours]
    best = 1 if neighbours else 0
    for start in range(len(neighbours)):
        clique = [start]
        candidates = sorted(sets[start], key=lambda v: -len(sets[v]))
        for v in candidates:
            if all(v in sets[u] for u in clique):
                clique.append(v)
        best = max(best, len(clique))
    return best


def _dsatur(neighbours: list[list[int]], n: int, k: int, *, greedy: bool) -> list[int] | None:
    """DSATUR: colour next the uncoloured node whose neighbours show the most distinct
    colours (ties: most uncoloured neighbours, then the lowest number). Greedy: smallest
    free colour, never fails. Otherwise a backtracking search with at most ``k`` colours,
    where a node may open only one new colour (colours are interchangeable): a colouring,
    or None when none exists."""
    colour = [-1] * n
    seen = [0] * n  # bitmask of the colours among each node's coloured neighbours

    def pick() -> int:
        best, key = -1, (-1, -1)
        for v in range(n):
            if colour[v] < 0:
                mask = seen[v]
                sat = bin(mask).count("1")
                free = sum(1 for u in neighbours[v] if colour[u] < 0)
                if (sat, free) > key:
                    best, key = v, (sat, free)
        return best

    def recompute(v: int) -> None:
        mask = 0
        for u in neighbours[v]:
            if colour[u] >= 0:
                mask |= 1 << colour[u]
        seen[v] = mask

    def place(v: int, c: int) -> None:
        colour[v] = c
        for u in neighbours[v]:
            seen[u] |= 1 << c

    def unplace(v: int) -> None:
        colour[v] = -1
        for u in neighbours[v]:
            recompute(u)

    if greedy:
        for _ in range(n):
            v = pick()
            c = 0
            while seen[v] >> c & 1:
                c += 1
            place(v, c)
        return colour

    def search(done: int, used: int) -> bool:
        if done == n:
            return True
        v = pick()
        for c in range(min(used + 1, k)):
            if not seen[v] >> c & 1:
                place(v, c)
                if search(done + 1, max(used, c + 1)):
                    return True
                unplace(v)
        return False

    return colour if search(0, 0) else None
