"""What every graph family shares: random graphs, their prompt encodings, answer parsing.

* **Graphs** are :class:`Graph` records (``n`` nodes numbered ``0..n-1``, an edge list,
  directed or not, weighted or not) that travel in ``problem.meta`` as plain JSON. Generators
  build a structure on internal labels, then :func:`finish` relabels the nodes with a random
  permutation, shuffles the edge order and (undirected) the orientation of each edge, so
  that neither labels nor order leak how the graph was built.
* **Encodings** (the ``encoding`` knob of every family): ``edge_list`` (one edge per line),
  ``adjacency_list`` (one node per line with its neighbours) and ``sentences`` (one natural
  language sentence per edge, several phrasings). The encoding changes only the prompt, never
  the graph or the answer, so encoding generalisation can be trained on one and tested on
  another. It is not part of the difficulty map: difficulty leaves it at ``edge_list``.
* **Answers** are tokenised by one linear-time tokeniser (:func:`tokens`) and parsed by
  small state machines (node lists, ``node: colour`` maps, edge lists, integers). Malformed
  text raises :class:`AnswerError`, which families turn into ``Judgement.unparsable``.
* **Algorithms** used by several families (adjacency, BFS, Dijkstra) live here; each family
  module holds its own. They are textbook algorithms in plain Python because building a
  networkx graph costs more than solving these small instances; the tests check every one of
  them against networkx, the reference oracle, on hundreds of random instances.
"""

from __future__ import annotations

import heapq
import random
import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from rlvr_envs import numbers
from rlvr_envs.core import Family, Judgement, Knob, Problem

ENCODINGS = ("edge_list", "adjacency_list", "sentences")
MAX_NODE_DIGITS = 6  # longer numbers in an answer are unparsable, never converted

Edge = tuple[int, ...]  # (u, v) or (u, v, weight)


# -- knobs every family declares -----------------------------------------------------------
def encoding_knob() -> Knob:
    """The prompt encoding; a presentation knob that the difficulty map leaves at edge_list."""
    return Knob(
        "categorical",
        choices=ENCODINGS,
        default="edge_list",
        easy="edge_list",
        hard="edge_list",
        doc="how the prompt writes the graph (set it explicitly; difficulty leaves it)",
        presentation=True,
    )


def nodes_knob(low: int, high: int, default: int, easy: int, hard: int) -> Knob:
    return Knob("int", low, high, default=default, easy=easy, hard=hard, doc="number of nodes")


def degree_knob(
    low: float, high: float, default: float, easy: float, hard: float, doc: str = ""
) -> Knob:
    doc = doc or "average degree (2 * edges / nodes)"
    return Knob("float", low, high, default=default, easy=easy, hard=hard, doc=doc)


def edge_count(n: int, per_node: float, lowest: int = 0, directed: bool = False) -> int:
    """Edges for ``n`` nodes at ``per_node`` edges per node, within [lowest, all pairs]."""
    pairs = n * (n - 1) if directed else n * (n - 1) // 2
    return max(min(lowest, pairs), min(pairs, round(per_node * n)))


# -- the graph record -------------------------------------------------------------------------
@dataclass
class Graph:
    """``n`` nodes ``0..n-1`` and an edge list; edges are ``(u, v)`` or ``(u, v, weight)``."""

    n: int
    edges: list[Edge]
    directed: bool = False

    @property
    def weighted(self) -> bool:
        return bool(self.edges) and len(self.edges[0]) == 3

    def adjacency(self) -> list[dict[int, int]]:
        """``adj[u][v]`` = weight of the edge u-v (1 when unweighted); both ways if undirected."""
        adj: list[dict[int, int]] = [{} for _ in range(self.n)]
        weighted = self.weighted
        if self.directed:
            for edge in self.edges:
                adj[edge[0]][edge[1]] = edge[2] if weighted else 1
        elif weighted:
            for u, v, w in self.edges:
                adj[u][v] = adj[v][u] = w
        else:
            for u, v in self.edges:
                adj[u][v] = adj[v][u] = 1
        return adj

    def neighbours(self) -> list[list[int]]:
        """Sorted neighbour lists (out-neighbours when directed)."""
        return [sorted(row) for row in self.adjacency()]

    def to_meta(self) -> dict[str, Any]:
        return {"nodes": self.n, "edges": [list(e) for e in self.edges], "directed": self.directed}

    @classmethod
    def from_meta(cls, meta: dict[str, Any]) -> Graph:
        return cls(meta["nodes"], [tuple(e) for e in meta["edges"]], meta["directed"])


# -- generation ---------------------------------------------------------------------------------
# ``int(random() * k)`` is uniform on 0..k-1 up to a relative bias of k / 2**53 and
# costs a tenth of ``randrange``; generation draws hundreds of these per problem.
def below(rng: random.Random, k: int) -> int:
    """A uniform integer in 0..k-1 (k >= 1), from ``rng.random()``."""
    return int(rng.random() * k)


def shuffle(rng: random.Random, items: list) -> None:
    """Fisher-Yates shuffle in place, drawing from ``rng.random()``."""
    draw = rng.random
    for i in range(len(items) - 1, 0, -1):
        j = int(draw() * (i + 1))
        items[i], items[j] = items[j], items[i]


def random_tree(rng: random.Random, n: int) -> list[tuple[int, int]]:
    """A random recursive tree on 0..n-1: node i hangs from a uniform earlier node."""
    draw = rng.random
    return [(int(draw() * i), i) for i in range(1, n)]


def add_random_edges(
    rng: random.Random,
    n: int,
    edges: list[tuple[int, int]],
    count: int,
    *,
    directed: bool = False,
    allowed: Any = None,
) -> list[tuple[int, int]]:
    """Add up to ``count`` new edges chosen uniformly among the pairs ``allowed(u, v)`` accepts.

    No self-loops or duplicates (for undirected graphs ``(u, v)`` and ``(v, u)`` are one
    pair). Rejection sampling while the graph is sparse, else an explicit list of the free
    pairs in a fixed order; either way randomness comes from ``rng`` only.
    """
    present = {(u, v) if directed or u < v else (v, u) for u, v in edges}
    out = list(edges)
    attempts = 0
    draw = rng.random
    while count > 0 and attempts < 8 * count + 32:
        attempts += 1
        u, v = int(draw() * n), int(draw() * n)
        key = (u, v) if directed or u < v else (v, u)
        if u == v or key in present or (allowed is not None and not allowed(u, v)):
            continue
        present.add(key)
        out.append(key)
        count -= 1
    if count > 0:  # dense: enumerate the free pairs and sample among them
        free = [
            (u, v)
            for u in range(n)
            for v in range(n)
            if u != v
            and (directed or u < v)
            and (u, v) not in present
            and (allowed is None or allowed(u, v))
        ]
        out.extend(rng.sample(free, min(count, len(free))))
    return out


def connected_edges(rng: random.Random, n: int, m: int) -> list[tuple[int, int]]:
    """A connected simple graph on 0..n-1 with ``m`` edges: a random tree plus random edges."""
    tree = random_tree(rng, n)
    return add_random_edges(rng, n, tree, m - len(tree))


def with_weights(rng: random.Random, edges: list[tuple[int, int]], high: int) -> list[Edge]:
    """Each edge with a uniform integer weight in 1..high (no weight when high is 0)."""
    if high <= 0:
        return list(edges)
    draw = rng.random
    return [(u, v, 1 + int(draw() * high)) for u, v in edges]


def finish(
    rng: random.Random, n: int, edges: list[Edge], directed: bool
) -> tuple[Graph, list[int]]:
    """Relabel nodes randomly, shuffle edge order and (undirected) orientation.

    Returns the graph and the permutation ``label[old] = new`` for mapping special nodes.
    """
    label = list(range(n))
    shuffle(rng, label)
    draw = rng.random
    # One comprehension per edge shape (the hottest loop of generation); the draws, and so
    # the graphs, are those of a plain loop over the edges.
    if directed:
        out: list[Edge] = [(label[e[0]], label[e[1]], *e[2:]) for e in edges]
    elif edges and len(edges[0]) == 3:
        out = [
            (label[v], label[u], w) if draw() < 0.5 else (label[u], label[v], w)
            for u, v, w in edges
        ]
    else:
        out = [(label[v], label[u]) if draw() < 0.5 else (label[u], label[v]) for u, v in edges]
    shuffle(rng, out)
    return Graph(n, out, directed), label


# -- encodings ----------------------------------------------------------------------------------
_UNDIRECTED_SENTENCES = (
    "Node {u} is connected to node {v}.",
    "There is an edge between node {u} and node {v}.",
    "Nodes {u} and {v} are adjacent.",
)
_UNDIRECTED_WEIGHTED = (
    "Node {u} and node {v} are joined by an edge of {word} {w}.",
    "The edge between node {u} and node {v} has {word} {w}.",
    "There is an edge of {word} {w} between node {u} and node {v}.",
)
_DIRECTED_SENTENCES = (
    "There is an edge from node {u} to node {v}.",
    "Node {u} points to node {v}.",
    "An edge leads from node {u} to node {v}.",
)
_DIRECTED_WEIGHTED = (
    "There is an edge from node {u} to node {v} with {word} {w}.",
    "Node {u} points to node {v} with {word} {w}.",
    "An edge of {word} {w} leads from node {u} to node {v}.",
)


def describe(graph: Graph, encoding: str, rng: random.Random | None, word: str = "weight") -> str:
    """The graph as prompt text in ``encoding``; ``word`` names edge weights (capacity, ...).

    ``rng`` draws the phrasing of each sentence; only the ``sentences`` encoding needs it.
    """
    kind = "directed" if graph.directed else "undirected"
    weighted = " weighted" if graph.weighted else ""
    head = f"The{weighted} {kind} graph has {graph.n} nodes, numbered 0 to {graph.n - 1}"
    if encoding == "edge_list":
        arrow = "->" if graph.directed else "--"
        form = f"u {arrow} v ({word} w)" if graph.weighted else f"u {arrow} v"
        if graph.weighted:
            lines = [f"{u} {arrow} {v} ({word} {w})" for u, v, w in graph.edges]
        else:
            lines = [f"{u} {arrow} {v}" for u, v in graph.edges]
        return f"{head}, and {len(graph.edges)} edges, one per line as {form}:\n" + "\n".join(lines)
    if encoding == "adjacency_list":
        return head + _adjacency_text(graph, word)
    if encoding == "sentences":
        if rng is None:
            raise ValueError("the sentences encoding draws its phrasings from an rng")
        return f"{head}. {_sentences(graph, rng, word)}"
    raise ValueError(f"unknown encoding {encoding!r}")


def _adjacency_text(graph: Graph, word: str) -> str:
    adj = graph.adjacency()
    if graph.directed:
        intro = ". Each line lists a node and the nodes its edges point to"
    else:
        intro = ". Each line lists a node and its neighbours"
    intro += f", with the {word} of each edge in parentheses:\n" if graph.weighted else ":\n"
    lines = []
    for u in range(graph.n):
        if graph.weighted:
            items = [f"{v} ({adj[u][v]})" for v in sorted(adj[u])]
        else:
            items = [str(v) for v in sorted(adj[u])]
        lines.append(f"{u}: {', '.join(items) if items else '(none)'}")
    return intro + "\n".join(lines)


def _sentences(graph: Graph, rng: random.Random, word: str) -> str:
    if graph.directed:
        pool = _DIRECTED_WEIGHTED if graph.weighted else _DIRECTED_SENTENCES
    else:
        pool = _UNDIRECTED_WEIGHTED if graph.weighted else _UNDIRECTED_SENTENCES
    out = []
    for edge in graph.edges:
        w = edge[2] if len(edge) == 3 else None
        out.append(pool[below(rng, len(pool))].format(u=edge[0], v=edge[1], w=w, word=word))
    return " ".join(out) if out else "It has no edges."


# -- answer parsing -------------------------------------------------------------------------------
class AnswerError(ValueError):
    """An answer that does not follow the family's documented syntax (the message says why)."""


_TOKEN = re.compile(r"[0-9]+|-->|->|--|→|⟶|[A-Za-z]+|\S")
_ARROWS = frozenset({"->", "-->", "--", "-", "→", "⟶"})
_LIST_SEPARATORS = frozenset({",", ";"}) | _ARROWS
_OPEN, _CLOSE = "([{", ")]}"


def tokens(text: str) -> list[str]:
    """Numbers, arrows, words (lower-cased) and single punctuation marks; whitespace dropped.

    Linear in the text; digits are ASCII only (``int`` would accept other scripts' digits).
    """
    return _TOKEN.findall(text.lower())


def _number(token: str) -> int:
    if not token.isascii() or not token.isdigit():
        raise AnswerError(f"expected a node number, found {token[:20]!r}")
    if len(token) > MAX_NODE_DIGITS:
        raise AnswerError("a node number is too long")
    return int(token)


def _strip_brackets(toks: list[str]) -> list[str]:
    """Drop one enclosing pair of brackets and a trailing full stop."""
    if toks and toks[-1] == ".":
        toks = toks[:-1]
    if len(toks) >= 2 and toks[0] in _OPEN and toks[-1] == _CLOSE[_OPEN.index(toks[0])]:
        toks = toks[1:-1]
    return toks


def node_list(toks: list[str]) -> list[int]:
    """Node numbers separated by commas, arrows (``->``, ``-``, ``→``) or spaces.

    ``0 -> 3 -> 5``, ``0, 3, 5``, ``[0, 3, 5]`` and ``0 3 5`` all give ``[0, 3, 5]``.
    """
    toks = _strip_brackets(toks)
    if not toks:
        raise AnswerError("no nodes given")
    out: list[int] = []
    expect_number = True
    for tok in toks:
        if tok[0].isdigit():
            out.append(_number(tok))
            expect_number = False
        elif tok in _LIST_SEPARATORS and not expect_number:
            expect_number = True
        else:
            raise AnswerError(f"unexpected {tok[:20]!r} in a list of nodes")
    if expect_number:
        raise AnswerError("the list ends with a separator")
    return out


def parse_nodes(text: str) -> list[int]:
    """A node list (see :func:`node_list`) from answer text."""
    return node_list(tokens(text))


def is_none(text: str) -> bool:
    """True for the answer ``none`` (any case, optional full stop)."""
    return text.strip().rstrip(".").strip().lower() == "none"


def none_witness(text: str) -> list[int] | None:
    """The nodes after a leading ``none`` (``none: 3, 0, 1``), or None when the answer does
    not start with the word none.

    Used where "there is none" must come with a certificate (a topological order, nodes of
    odd degree), so that answering ``none`` to everything earns nothing. A bare ``none``
    raises :class:`AnswerError`: the witness is part of the documented syntax.
    """
    toks = tokens(text)
    if not toks or toks[0] != "none":
        return None
    rest = toks[1:]
    if rest and rest[0] in (":", ",", ";", "-", "--"):
        rest = rest[1:]
    if not [t for t in rest if t != "."]:
        raise AnswerError("a none answer needs its witness after the word none")
    return node_list(rest)


def parse_int(text: str) -> int:
    """A non-negative integer literal in the shared number syntax (:mod:`rlvr_envs.numbers`:
    ``42``, ``+42``, ``1,000``), optionally followed by a full stop; at most 15 digits.

    ``42.0`` is a decimal and ``-3`` is negative: both are unparsable here.
    """
    body = text.strip().removesuffix(".")
    value = numbers.parse_integer(body) if len(body) <= 24 else None
    if value is None or value < 0 or value >= 10**15:
        raise AnswerError("expected a single non-negative integer")
    return value


def parse_mapping(text: str) -> list[tuple[int, int]]:
    """``node: value`` pairs separated by commas, semicolons or line breaks (``=`` also works).

    ``0: 1, 1: 2`` and ``{0: 1; 1: 2}`` both give ``[(0, 1), (1, 2)]``.
    """
    toks = _strip_brackets(tokens(text))
    pairs: list[tuple[int, int]] = []
    i = 0
    while i < len(toks):
        if i + 2 >= len(toks) or toks[i + 1] not in (":", "="):
            raise AnswerError("expected pairs written as node: colour")
        pairs.append((_number(toks[i]), _number(toks[i + 2])))
        i += 3
        if i < len(toks) and toks[i] in (",", ";"):
            i += 1
            if i == len(toks):
                raise AnswerError("the list ends with a separator")
    if not pairs:
        raise AnswerError("no pairs given")
    return pairs


def parse_edges(text: str) -> list[tuple[int, int]]:
    """Edges written ``u-v`` (or ``u -- v``) or ``(u, v)``, separated by commas or spaces.

    ``0-3, 2-5`` and ``(0, 3), (2, 5)`` both give ``[(0, 3), (2, 5)]``; ``[...]`` around
    the whole list is allowed.
    """
    toks = tokens(text)
    if toks and toks[-1] == ".":
        toks = toks[:-1]
    if len(toks) >= 2 and toks[0] == "[" and toks[-1] == "]":
        toks = toks[1:-1]
    edges: list[tuple[int, int]] = []
    i = 0
    while i < len(toks):
        if toks[i] == "(":
            if i + 4 >= len(toks) or toks[i + 2] not in (",", "-", "--") or toks[i + 4] != ")":
                raise AnswerError("expected an edge written (u, v)")
            edges.append((_number(toks[i + 1]), _number(toks[i + 3])))
            i += 5
        else:
            if i + 2 >= len(toks) or toks[i + 1] not in ("-", "--"):
                raise AnswerError("expected an edge written u-v")
            edges.append((_number(toks[i]), _number(toks[i + 2])))
            i += 3
        if i < len(toks) and toks[i] in (",", ";"):
            i += 1
            if i == len(toks):
                raise AnswerError("the list ends with a separator")
    if not edges:
        raise AnswerError("no edges given")
    return edges


# -- shared algorithms ----------------------------------------------------------------------------
def bfs_hops(neighbours: list[list[int]], source: int) -> list[int]:
    """Hop distance from ``source`` to every node (-1 where unreachable); breadth-first search."""
    dist = [-1] * len(neighbours)
    dist[source] = 0
    queue = deque([source])
    while queue:
        u = queue.popleft()
        for v in neighbours[u]:
            if dist[v] < 0:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


def dijkstra(adj: list[dict[int, int]], source: int) -> tuple[list[float], list[int], list[int]]:
    """Dijkstra (1959) with a binary heap: distances, predecessors and hop counts.

    Among equally short paths the predecessor chosen gives the fewest hops, then the smallest
    label, so the result never depends on dict or heap order. Unreachable nodes get ``inf``.
    """
    inf = float("inf")
    n = len(adj)
    dist, pred, hops = [inf] * n, [-1] * n, [0] * n
    dist[source] = 0
    heap = [(0, 0, source)]
    done = [False] * n
    while heap:
        d, h, u = heapq.heappop(heap)
        if done[u]:
            continue
        done[u] = True
        for v, w in adj[u].items():
            nd = d + w
            better = nd < dist[v] or (nd == dist[v] and (h + 1, u) < (hops[v], pred[v]))
            if not done[v] and better:
                dist[v], pred[v], hops[v] = nd, u, h + 1
                heapq.heappush(heap, (nd, h + 1, v))
    return dist, pred, hops


def unit_shortest_path(
    adj: list[dict[int, int]], source: int
) -> tuple[list[int], Callable[[int], list[int]]]:
    """Breadth-first search for graphs whose every edge weighs 1: the hop distances from
    ``source`` (-1 where unreachable) and a function of the target.

    Returns ``(dist, path_to)`` where ``path_to(t)``, for a reachable ``t``, is the path
    :func:`dijkstra` and :func:`walk_back` would give (each node's predecessor is its
    smallest-labelled neighbour one hop nearer), found in time linear in the graph instead
    of a heap's.
    """
    dist = [-1] * len(adj)
    dist[source] = 0
    order = [source]
    for u in order:  # the list grows while it is read: a queue without a deque
        du = dist[u] + 1
        for v in adj[u]:
            if dist[v] < 0:
                dist[v] = du
                order.append(v)

    def path_to(target: int) -> list[int]:
        path = [target]
        while (v := path[-1]) != source:
            path.append(min(u for u in adj[v] if dist[u] == dist[v] - 1))
        return path[::-1]

    return dist, path_to


def walk_back(pred: list[int], target: int) -> list[int]:
    """The path from the search's source to ``target`` along predecessor links."""
    path = [target]
    while pred[path[-1]] != -1:
        path.append(pred[path[-1]])
    return path[::-1]


def is_connected(neighbours: list[list[int]]) -> bool:
    return not neighbours or min(bfs_hops(neighbours, 0)) >= 0


# -- the base class ---------------------------------------------------------------------------
class GraphFamily(Family):
    """A graph family: the graph lives in ``meta`` (see :class:`Graph`), the prompt encodes it.

    Subclasses implement ``generate``/``check``; ``complexity`` defaults to nodes + edges.
    """

    weight_word: ClassVar[str] = "weight"

    def graph(self, problem: Problem) -> Graph:
        return Graph.from_meta(problem.meta)

    def complexity(self, problem: Problem) -> float:
        """Nodes plus edges: the size of the input every solution must read."""
        return problem.meta["nodes"] + len(problem.meta["edges"])

    def text(self, graph: Graph, knobs: dict[str, Any], rng: random.Random) -> str:
        # The encoding draws from its own stream (one draw from ``rng`` whatever the
        # encoding), so every encoding of a seed shows the same instance.
        # Only sentences draw phrasings, so only they pay for seeding that stream.
        bits = rng.getrandbits(64)
        encoding = knobs["encoding"]
        phrasing = random.Random(bits) if encoding == "sentences" else None
        return describe(graph, encoding, phrasing, self.weight_word)


class ValueFamily(GraphFamily):
    """A graph family whose answer is one integer (a count, a weight, a flow value)."""

    answer_syntax = "the answer as a single integer"
    answer_form = "integer"

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            value = parse_int(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if value == int(problem.answer):
            return Judgement.right()
        return Judgement.wrong()
