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

Versions: ``rlvr/ChromaticNumber-v1`` (class :class:`ChromaticNumberV1`) adds the ``trap``
knob (0 at difficulty 0, 1 at difficulty 1, default 0.5): that share of instances (with at
least 8 nodes) is built on a core graph found offline whose chromatic number exceeds its
largest clique and on which DSATUR (either tie-break) needs a colour more, plus 0 to 2 apex
nodes and sparse padding, and kept only if that still holds after random relabelling. At
difficulty 1 no instance has chromatic number = clique number and networkx's DSATUR is
never optimal, with chromatic numbers 4 to 7 (none above 40%). Version 0 drew only
hidden-class graphs: at difficulty 1, 93% had chromatic number = clique number, DSATUR
was optimal on 93% and the answer was 4 on 92%; it stays registered unchanged (a member
of the frozen ``rlvr/Graph-v1``).
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.graph.base import GraphFamily
from rlvr_envs.families.graph.generators import add_random_edges, edge_count, finish, shuffle
from rlvr_envs.families.graph.knobs import degree_knob, encoding_knob, nodes_knob
from rlvr_envs.families.graph.maximum_clique import max_clique
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


class ChromaticNumberV1(ChromaticNumber):
    """Version 1: the ``trap`` share of instances defeats the clique bound and DSATUR."""

    name = "ChromaticNumber"
    knobs: ClassVar[dict[str, Knob]] = {
        **ChromaticNumber.knobs,
        "trap": Knob(
            "float", 0.0, 1.0, default=0.5, easy=0.0, hard=1.0,
            doc="share of instances whose chromatic number exceeds the largest clique and "
            "that DSATUR colours with too many colours",
        ),
    }  # fmt: skip

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        if rng.random() >= knobs["trap"] or knobs["nodes"] < _CORES[0][0]:
            return super().generate(rng, knobs)
        n = knobs["nodes"]
        for _ in range(_TRAP_TRIES):
            size, edges = trap_graph(rng, n)
            graph, _ = finish(rng, size, edges, False)
            neighbours = graph.neighbours()
            chi, colour = chromatic_number(neighbours)
            if _is_trap(neighbours, chi):
                break
        question = (
            "What is the chromatic number of this graph, the fewest colours with which its "
            "nodes can be coloured so that the two ends of every edge have different "
            "colours? Give it with such a colouring, using colours 1 to that number."
            f"\n\n{self.text(graph, knobs, rng)}"
        )
        answer = f"{chi}; " + ", ".join(f"{u}: {colour[u] + 1}" for u in range(size))
        return Draft(question, answer, {**graph.to_meta(), "chromatic": chi})


_TRAP_TRIES = 20


def _is_trap(neighbours: list[list[int]], chi: int) -> bool:
    """The largest clique is smaller than ``chi`` and DSATUR (ties broken by the uncoloured
    degree or by the degree, then the lowest number) needs more than ``chi`` colours."""
    adj = [sum(1 << v for v in row) for row in neighbours]
    if len(max_clique(adj)) >= chi:
        return False
    return all(dsatur_colours(neighbours, static=s) > chi for s in (False, True))


def dsatur_colours(neighbours: list[list[int]], *, static: bool) -> int:
    """The colours DSATUR's greedy colouring uses: next the uncoloured node with the most
    distinct colours among its neighbours, ties by degree (``static``) or by uncoloured
    neighbours, then the lowest number; each node takes the smallest free colour."""
    n = len(neighbours)
    colour = [-1] * n
    seen = [0] * n
    degree = [len(row) for row in neighbours]
    for _ in range(n):
        best, key = -1, (-1, -1)
        for v in range(n):
            if colour[v] < 0:
                tie = degree[v] if static else sum(1 for u in neighbours[v] if colour[u] < 0)
                if (bin(seen[v]).count("1"), tie) > key:
                    best, key = v, (bin(seen[v]).count("1"), tie)
        c = 0
        while seen[best] >> c & 1:
            c += 1
        colour[best] = c
        for u in neighbours[best]:
            seen[u] |= 1 << c
    return max(colour) + 1 if n else 0


def trap_graph(rng: random.Random, n: int) -> tuple[int, list[tuple[int, int]]]:
    """A core from :data:`_CORES` (a graph on 8 to 13 nodes, found offline by edge flips
    from a planted colouring, whose chromatic number exceeds its largest clique and on which
    DSATUR fails under almost every labelling), on internal labels: 0 to 2 apex nodes joined
    to everything before them (each raises the chromatic number and the clique by one and
    leaves DSATUR's order on the core alone), then nodes up to ``n`` joined to at most
    two other nodes (they never change the chromatic number). ``finish`` relabels it."""
    apexes = min(int(rng.random() * 3), n - _CORES[0][0])
    fitting = [c for c in _CORES if c[0] <= n - apexes]
    size, edges = fitting[int(rng.random() * len(fitting))]
    edges = list(edges)
    for _ in range(apexes):
        edges += [(u, size) for u in range(size)]
        size += 1
    while size < n:
        for u in sorted({int(rng.random() * size) for _ in range(1 + int(rng.random() * 2))}):
            edges.append((u, size))
        size += 1
    return size, edges


def _decode(text: str) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
    """``size:edges`` per core, cores separated by ``;`` (whitespace ignored), each edge
    two hexadecimal digits."""
    cores = []
    for core in "".join(text.split()).split(";"):
        size, _, pairs = core.partition(":")
        edges = tuple((int(pairs[i], 16), int(pairs[i + 1], 16)) for i in range(0, len(pairs), 2))
        cores.append((int(size), edges))
    return sorted(cores)


_CORES = _decode(
    """
    9:01030507131718252627283435364748566878;11:010203040609121516181a28293537394647494a586a7879
    7a898a;11:010203051415171a232728292a383a45464748494a5659676a78;11:02030708090a12141525262934
    37394546495657676a8a9a;11:0203060809131719242627283435363839454647485657595a6768696a797a;12:
    020304090a12141b232427282a353b464b5658595a5b67696b797b898a;11:01020306070a1218191a2526363738
    3945464748494a56597a899a;9:01030712131516232428353746474856576878;11:01020304091213151718242
    7282a343539454648565758595a67686978797a9a;13:02030708090a0b121314161a282a2b343637393a3b46494
    b5758595a676a6b7b7c898a8b8c9a9c;11:040506070a13191a242a353637394648494a5657597a9a;11:0203050
    6080915161718192425272834353739464748494a5657697a8a;10:0204050609121315171819232528293639454
    6474856575859676978;12:02030506070b1213141718272a2b3445464748494a585b69798a8b9bab;12:0203040
    50809121516171a1b23252627292a353638393a464748494a4b565a5b797a898a8bab;9:01020406071215162327
    3537384656586878;11:0102040507080912141516191a2326283637383a46494a56575a67686a788a9a;11:0306
    07091213161723242526282a38393a475658595a6978797a;12:01020507090a13141617192728292a2b3536383a
    3b45474a5758595a5b686a6b797a898b9b;13:0205060708090a0b12141518191c2627282b3435393a47484a4b4c
    5658595a5c676a6b6c797a7c8b8c9aabacbc;12:010204050708090a12131a1b232425262a35363a3b4546484957
    5859686a78797a7b8b9a9bab;12:0203040608090a141617181b2324272935383a4656575b6b797a7b9b;12:0102
    0305091213141a242527292b353637393a4a4b565b677b8a8b9bab;11:01030506070814161a23242526282a3436
    3839475657595a69787a8a;11:0103040607090a141617182425262728293a48495658596a;11:010708090a1215
    1718232426283638394546474a5758676a79898a;11:010304050607090a1316171819232526282935373a454649
    4a56585a676879898a9a;8:01040506151617232426273435374567;9:0103050607121416172425272834353638
    46485758;11:020304080912131516182427363739454647484957585a68797a;12:01020405060a0b1517232526
    282a34373839474b596b797b9a9b;12:010205060809121315181b2325262737383b494b565967696a6b787b899b
    ab;9:010212131415232728343745465658676878;12:07090a0b121415161b232425262a3637383948494b57586
    7696a6b787a7b898a8b9a;11:010407090a1215171823262a363846484a5657585968696a797a;12:010206090b1
    314171a232528292a343538394546494b5a5b67696a6b7b8a8b;10:0102050709121416252628353637384547485
    758676879;12:070b1215191b25272829363738393b48494b56585b67797a8a8b9b;13:05070a0c121418191b252
    627292b34353738393b494a4b5658595c67686a6b6c787a7b7c898c9a9b9cabac;12:01020306080b131418191a2
    326272a2b3436373945474849565758595a5b676a6b79898a8bab;11:010405091417181a2426282a343536393a4
    6494a575967787a;11:010203040a1214191a2325272935363745464849565867696a78797a898a;12:010203040
    6080b18191b232425262728292a2b3536373a3b4748494a565758595b6878899aab;11:020304070812151618191
    a2427282a3435363839585a676979;11:04050607080a191a23242528293738393a454958676978798a9a;11:050
    7090a13151819232426292a36373a4749565758596869787a;8:01030406121416242527353637455767;12:0204
    0608090a1316181b232425343637393a45484b5758676878797a7b8a9b;11:010306070a16171a23242627283437
    38393a4546494a5869;13:03040506080a0b1213161718191c23262b343637383b454748494b56585a5c6a6b6c7b
    898a8c9a9b9cacbc;11:0103040506090a12131416171a232627283638454a565758595a6768696a787a;10:0203
    1213141718252829343638454656596989;12:01020608090b1213171a1b23242a363739474a4b565758595b697b
    8a8b9aab;11:030507090a131415161a25262a3537383a4647495868696a7879;12:01040508090b121315161718
    191b2324282b3435484a4b56575867696a787a8b9a9bab;13:02030607081215161c232425353738393a3b454647
    5c686b6c7c898a9cbc;8:01040607141517232425263536374567;9:010304071214172425263536374556676878
    ;13:01030506090a0b0c1213151a1c24252627282a383a3b3c45464748494c57595a68696a6b78797a7b7c8b8c9a
    9cabbc;11:0206090a12141516171a23282a3435364647565859697a898a;9:02050608121314151724252636373
    8576878;11:0102030405070812131416171a232526282934383a4748494a5657595a6768696a78799a;10:01040
    5061315171823242529343637464849565759697889;12:040506080a0b1416181a1b232528292a3435363738393
    b4547484b57595a677a7b898a8b9a;9:020304060713141516233537464857586878;11:02030407080a12131619
    26273537393a4548494a56585a67686a787989;13:010308090a0b1516181c24262a2b34353738393b464849595c
    67696b6c7a7b8a8c9aabbc;13:02030405080913181a1c2425272a2b3436393a3c474c5659696b6c7b7c8b;12:01
    06080b1318191b23262728292a353a3b48494a57595a67686b797b9a;11:01020406080a141617191a232526292a
    35373839454647484a56575859677989;9:01030608121516172324253436454748575868;9:0104050812141618
    2428343536374657586778;12:06091315181b252628292a37393a4547484b565759676a788a9a9bab;10:020405
    0709121314161718232637454858596768697989;13:02030607191a1b232526272a2b3437383a3b3c494a565859
    5b5c68696a6c78797a7b898b8c9bacbc;11:01030405080a131625262728343536464849575a67697a899a;13:01
    040506070a0b0c12151718191a232728292a2b2c3436393a454648494a5657595b5c676b7a7c8b8cab;13:020607
    08090c1516181c2326292b3435393a3b45474c5658595a5b6b6c787b7c899cac;13:02030405060708090c131415
    17181a1b23242526272a2b37383a45484c56585b5c67686b6c787a7c898b9a9b9cabac
    """
)
