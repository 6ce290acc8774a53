"""SpanningTreeCount: how many spanning trees a small graph has, or (at higher difficulty)
whether a degree sequence is graphical.

Count mode: a connected simple graph with at least two more edges than a tree (so the count
is never 1 and ranges from a handful to millions). Reference: Kirchhoff's matrix-tree
theorem (1847), the determinant of the Laplacian with one row and column deleted, computed
exactly by Gaussian elimination over ``Fraction``. Instances whose count is written in the
prompt (a node label, the node or edge count) are redrawn. Answer syntax: one integer.

Degree-sequence mode: the degrees of nodes ``0..n-1`` (an even sum, each below n). Answer
syntax: ``yes:`` and the edges of a simple graph in which node i has degree d_i
(``yes: 0-1, 1-2, 0-3``), checked edge by edge; or ``no:`` and an index k (``no: 3``) at
which the Erdos-Gallai inequality fails for the degrees sorted from largest to smallest:
d_1 + ... + d_k > k(k-1) + sum over i > k of min(d_i, k). Any failing k scores 1; the
Erdos-Gallai theorem (1960) says one exists exactly when the sequence is not graphical.
Reference: the inequality at every k, and the Havel-Hakimi construction (1955/1962) for a
realising graph. Non-graphical sequences are made by shifting degree from small to large
entries of a graphical one until it just stops being graphical.

Knobs: ``nodes`` (5 -> 11; a degree sequence has twice as many entries), ``degree``
(average degree 2.6 -> 4.0), ``sequences`` (the share of degree-sequence problems,
0.0 -> 0.4) and ``encoding``. At difficulty 1 an 11-node, 22-edge graph has a count in the
hundreds of thousands, reachable only through a 10 x 10 determinant.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.graph.base import GraphFamily
from rlvr_envs.families.graph.generators import (
    add_random_edges,
    below,
    connected_edges,
    edge_count,
    finish,
    shuffle,
)
from rlvr_envs.families.graph.knobs import degree_knob, encoding_knob, nodes_knob
from rlvr_envs.families.graph.parsing import AnswerError, parse_edges, parse_int

_K_LABEL = re.compile(r"\s*k\s*=", re.IGNORECASE)  # "no: k = 3": the prompt names the index k
_INTEGERS = re.compile(r"(?<![\d.])\d+(?![\d.]\d)")


class SpanningTreeCount(GraphFamily):
    """Count spanning trees (Kirchhoff), or decide whether a degree sequence is graphical."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nodes": nodes_knob(4, 14, default=6, easy=5, hard=11),
        "degree": degree_knob(2.0, 6.0, default=3.0, easy=2.6, hard=4.0),
        "sequences": Knob(
            "float", 0.0, 1.0, default=0.0, easy=0.0, hard=0.4,
            doc="share of problems asking whether a degree sequence is graphical",
        ),
        "encoding": encoding_knob(),
    }  # fmt: skip
    answer_syntax = (
        "one integer when a count is asked; when degrees are given, either yes: and the edges "
        "of a realising graph (e.g. yes: 0-1, 1-2, 0-3) or no: and an index k where the "
        "Erdos-Gallai inequality fails (e.g. no: 3)"
    )
    answer_form = "integer, or a verdict with a witness"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = knobs["nodes"]
        if rng.random() < knobs["sequences"]:
            return _sequence_draft(rng, 2 * n, knobs["degree"])
        m = edge_count(n, knobs["degree"] / 2, n + 1)
        for _ in range(30):
            graph, _ = finish(rng, n, connected_edges(rng, n, m), False)
            text = self.text(graph, knobs, rng)
            count = spanning_trees(n, graph.edges)
            question = (
                "How many spanning trees does this graph have? A spanning tree is a set of "
                f"{n - 1} edges of the graph that connects all {n} nodes (two trees differ if "
                f"their edge sets differ). Give one integer.\n\n{text}"
            )
            if str(count) not in _INTEGERS.findall(question):
                break
        return Draft(question, str(count), {**graph.to_meta(), "mode": "count", "count": count})

    def complexity(self, problem: Problem) -> float:
        meta = problem.meta
        if meta["mode"] == "count":
            return meta["nodes"] + len(meta["edges"])
        return len(meta["degrees"]) + sum(meta["degrees"]) // 2

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        try:
            if meta["mode"] == "count":
                return (
                    Judgement.right() if parse_int(answer) == meta["count"] else Judgement.wrong()
                )
            verdict, sep, rest = answer.partition(":")
            verdict = verdict.strip().lower()
            if not sep or verdict not in ("yes", "no"):
                raise AnswerError("expected yes: and edges, or no: and an index")
            if verdict == "no":
                label = _K_LABEL.match(rest)
                k = parse_int(rest[label.end() :] if label else rest)
                return _eg_judgement(meta["degrees"], k)
            edges = parse_edges(rest)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        why = _realisation_error(meta["degrees"], edges)
        return Judgement.wrong(why=why) if why else Judgement.right()


# -- spanning trees -------------------------------------------------------------------------------
def spanning_trees(n: int, edges: list) -> int:
    """Kirchhoff: the determinant of the Laplacian without its last row and column."""
    size = n - 1
    lap = [[Fraction(0)] * size for _ in range(size)]
    for edge in edges:
        u, v = edge[0], edge[1]
        for a, b in ((u, v), (v, u)):
            if a < size:
                lap[a][a] += 1
                if b < size:
                    lap[a][b] -= 1
    det = Fraction(1)
    for col in range(size):
        pivot = next((r for r in range(col, size) if lap[r][col]), None)
        if pivot is None:
            return 0
        if pivot != col:
            lap[col], lap[pivot] = lap[pivot], lap[col]
            det = -det
        head = lap[col]
        det *= head[col]
        for r in range(col + 1, size):
            row = lap[r]
            if row[col]:
                factor = row[col] / head[col]
                for c in range(col, size):
                    row[c] -= factor * head[c]
    return int(det)


# -- degree sequences -----------------------------------------------------------------------------
def eg_failures(degrees: list[int]) -> list[int]:
    """Every k (1-based) at which the Erdos-Gallai inequality fails for the sorted degrees."""
    d = sorted(degrees, reverse=True)
    n, out, left = len(d), [], 0
    for k in range(1, n + 1):
        left += d[k - 1]
        if left > k * (k - 1) + sum(min(x, k) for x in d[k:]):
            out.append(k)
    return out


def havel_hakimi(degrees: list[int]) -> list[tuple[int, int]]:
    """A simple graph with the given degrees (the sequence must be graphical)."""
    left = list(degrees)
    edges = []
    while True:
        u = max(range(len(left)), key=lambda i: (left[i], -i))
        if left[u] == 0:
            return edges
        others = sorted((i for i in range(len(left)) if i != u), key=lambda i: (-left[i], i))
        for v in others[: left[u]]:
            left[v] -= 1
            edges.append((min(u, v), max(u, v)))
        left[u] = 0


def _sequence_draft(rng: random.Random, n: int, degree: float) -> Draft:
    edges = add_random_edges(rng, n, [], edge_count(n, degree / 2, n))
    d = [0] * n
    for u, v in edges:
        d[u] += 1
        d[v] += 1
    if rng.random() < 0.5:  # concentrate degree until the sequence just stops being graphical
        d = _concentrated(rng, d) or d
    shuffle(rng, d)
    failures = eg_failures(d)
    if failures:
        answer = f"no: {failures[0]}"
    else:
        answer = "yes: " + ", ".join(f"{u}-{v}" for u, v in havel_hakimi(d))
    question = (
        "Is there a simple graph (no loops, no repeated edges) in which node i has exactly "
        "the degree d_i given below? If yes, give its edges. If no, sort the degrees from "
        "largest to smallest as d_1 >= d_2 >= ... and give an index k at which the "
        "Erdos-Gallai inequality fails: d_1 + ... + d_k > k(k-1) + min(d_(k+1), k) + ... + "
        f"min(d_{n}, k).\n\nThe graph has {n} nodes, numbered 0 to {n - 1}, and the degrees "
        f"d_0 to d_{n - 1} in node order are: {', '.join(map(str, d))}"
    )
    # The graph is what the answer builds: meta states its nodes and no given edges.
    meta = {"nodes": n, "edges": [], "directed": False, "mode": "sequence", "degrees": d}
    return Draft(question, answer, {**meta, "graphical": not failures})


def _concentrated(rng: random.Random, start: list[int]) -> list[int] | None:
    """Move degree from small entries to large ones until Erdos-Gallai first fails; keep
    the result only where it fails at some k > 1 (a largest degree above the number of
    other non-isolated nodes would be too easy to spot). Three tries, else None."""
    n = len(start)
    for _ in range(3):
        d = list(start)
        for _ in range(4 * n):
            failures = eg_failures(d)
            if failures:
                if failures[0] > 1:
                    return d
                break
            by_degree = sorted(range(n), key=lambda i: (-d[i], i))
            big = [i for i in by_degree[: max(2, n // 3)] if d[i] < n - 1]
            small = [i for i in by_degree[n // 2 :] if d[i] >= 1]
            if not big or not small:
                break
            i, j = big[below(rng, len(big))], small[below(rng, len(small))]
            d[i], d[j] = d[i] + 1, d[j] - 1
    return None


def _eg_judgement(degrees: list[int], k: int) -> Judgement:
    if not 1 <= k <= len(degrees):
        return Judgement.wrong(why="k is out of range")
    if k in eg_failures(degrees):
        return Judgement.right()
    return Judgement.wrong(why="the inequality holds at that k")


def _realisation_error(degrees: list[int], edges: list[tuple[int, int]]) -> str | None:
    n, seen, got = len(degrees), set(), [0] * len(degrees)
    for u, v in edges:
        if u >= n or v >= n:
            return f"no node {max(u, v)}"
        if u == v:
            return f"{u}-{v} is a loop"
        key = (min(u, v), max(u, v))
        if key in seen:
            return f"{u}-{v} is repeated"
        seen.add(key)
        got[u] += 1
        got[v] += 1
    if got != degrees:
        return "the degrees differ from the sequence"
    return None
