"""PhylogeneticTree: the rooted tree UPGMA builds from a distance matrix, in Newick.

A matrix of pairwise distances between n taxa is drawn from a random rooted tree with a
molecular clock (each pair at twice the height of their last common ancestor), with each
distance then moved by up to ``noise`` units, so that the matrix is no longer exactly
ultrametric. UPGMA (unweighted pair group method with arithmetic mean) repeatedly joins the
two clusters at the smallest distance and sets the new cluster's distance to every other as
the mean over all pairs of their taxa (the size-weighted average). Matrices where two pairs
ever tie for the smallest distance are redrawn, so the tree is unique. The check reads the
answer's Newick tree, and accepts it when it has exactly the reference's clusters: the
order of the children at each node is free, and so is the case of the taxon names.

Answer syntax: the rooted binary tree in Newick with the taxon names as leaves and no branch
lengths (``((Human,Chimp),Gorilla);``); the final ``;`` is optional.

Knobs: ``taxa`` (3 -> 8) and ``noise`` (how far distances stray from the clock, 0 -> 3).
Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem

TAXA = ("Human", "Chimp", "Gorilla", "Orangutan", "Gibbon", "Macaque", "Baboon", "Lemur",
        "Mouse", "Rat", "Rabbit", "Cow", "Pig", "Horse", "Dog", "Cat", "Bat", "Whale",
        "Seal", "Bear", "Otter", "Sheep", "Goat", "Camel")  # fmt: skip
_TOKEN = re.compile(r"\s*(?:([(),;])|([A-Za-z][A-Za-z0-9_]*))")


def upgma(names: list[str], dist: dict[tuple[str, str], int]) -> list[frozenset[str]] | None:
    """The clusters UPGMA joins, in order, or None when a smallest distance ties."""
    clusters = [frozenset((n,)) for n in names]
    d: dict[tuple[frozenset[str], frozenset[str]], Fraction] = {}
    for i, a in enumerate(clusters):
        for b in clusters[i + 1 :]:
            (x,), (y,) = a, b
            d[a, b] = d[b, a] = Fraction(dist[min(x, y), max(x, y)])
    joined = []
    while len(clusters) > 1:
        pairs = sorted(
            ((d[a, b], i, j) for i, a in enumerate(clusters) for j, b in enumerate(clusters)
             if i < j),
        )  # fmt: skip
        if len(pairs) > 1 and pairs[0][0] == pairs[1][0]:
            return None
        _, i, j = pairs[0]
        a, b = clusters[i], clusters[j]
        new = a | b
        rest = [c for k, c in enumerate(clusters) if k not in (i, j)]
        for c in rest:
            d[new, c] = d[c, new] = (len(a) * d[a, c] + len(b) * d[b, c]) / len(new)
        clusters = [*rest, new]
        joined.append(new)
    return joined


def newick(clusters: list[frozenset[str]], order: list[str]) -> str:
    """The Newick text of a rooted binary tree given by its joins (children in ``order``)."""
    text = {frozenset((n,)): n for n in order}
    for new in clusters:
        parts = [c for c in text if c < new and not any(c < o < new for o in text)]
        parts.sort(key=lambda c: min(order.index(n) for n in c))
        text[new] = "(" + ",".join(text[c] for c in parts) + ")"
        for c in parts:
            del text[c]
    return text[clusters[-1]] + ";"


def read_newick(answer: str) -> tuple[list[str], set[frozenset[str]]]:
    """The leaves and the clusters of every inner node of a Newick tree (no lengths).

    Raises ValueError when the text is not such a tree."""
    text = answer.strip()
    if text.endswith(";"):
        text = text[:-1].rstrip()
    tokens, pos = [], 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None or match.group(1) == ";":
            raise ValueError(f"unexpected text at {text[pos : pos + 10]!r}")
        tokens.append(match.group(1) or match.group(2))
        pos = match.end()
        if len(tokens) > 400:
            raise ValueError("too long")
    leaves: list[str] = []
    clusters: set[frozenset[str]] = set()

    def node(k: int) -> tuple[frozenset[str], int]:
        if k >= len(tokens):
            raise ValueError("the tree ends early")
        if tokens[k] not in "(),":
            leaves.append(tokens[k])
            return frozenset((tokens[k],)), k + 1
        if tokens[k] != "(":
            raise ValueError(f"unexpected {tokens[k]!r}")
        members, k = node(k + 1)
        children = 1
        while k < len(tokens) and tokens[k] == ",":
            child, k = node(k + 1)
            members, children = members | child, children + 1
        if k >= len(tokens) or tokens[k] != ")":
            raise ValueError("an unclosed parenthesis")
        if children < 2:
            raise ValueError("a node with one child")
        clusters.add(members)
        return members, k + 1

    _, end = node(0)
    if end != len(tokens):
        raise ValueError("text after the tree")
    return leaves, clusters


class PhylogeneticTree(Family):
    """The UPGMA tree of a distance matrix, as Newick up to the order of children."""

    knobs: ClassVar[dict[str, Knob]] = {
        "taxa": Knob("int", 3, 10, default=5, easy=3, hard=8, doc="taxa in the matrix"),
        "noise": Knob("int", 0, 4, default=1, easy=0, hard=3, doc="departure from a clock"),
    }
    answer_syntax = "the rooted tree in Newick without branch lengths, e.g. ((A,B),C);"
    answer_form = "Newick tree, children in any order"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, noise = int(knobs["taxa"]), int(knobs["noise"])
        while True:
            names = rng.sample(TAXA, n)
            # a random clock tree: join two random clusters at increasing heights
            groups = [[x] for x in names]
            height = noise  # so that every distance stays at least 2
            dist: dict[tuple[str, str], int] = {}
            while len(groups) > 1:
                i, j = sorted(rng.sample(range(len(groups)), 2))
                height += rng.randint(1, 4)
                for x in groups[i]:
                    for y in groups[j]:
                        wobble = rng.randint(-noise, noise)
                        dist[min(x, y), max(x, y)] = 2 * height + wobble
                groups[i] = groups[i] + groups.pop(j)
            joins = upgma(names, dist)
            if joins is not None:
                break
        width = max(len(x) for x in names) + 1
        header = " " * width + "".join(x.rjust(width) for x in names)
        rows = [
            x.ljust(width)
            + "".join(str(0 if x == y else dist[min(x, y), max(x, y)]).rjust(width) for y in names)
            for x in names
        ]
        question = (
            "Pairwise distances between these taxa:\n\n" + "\n".join([header, *rows]) + "\n\n"
            "Build the rooted tree by UPGMA: repeatedly join the two clusters at the smallest "
            "distance, and set the distance from the joined cluster to each other cluster to "
            "the average distance over all pairs of their taxa. Give the tree's topology in "
            "Newick format, without branch lengths."
        )
        meta = {"taxa": names, "joins": [sorted(c) for c in joins]}
        return Draft(question, newick(joins, names), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            leaves, clusters = read_newick(answer)
        except (ValueError, RecursionError):
            return Judgement.unparsable("expected a Newick tree such as ((A,B),C);")
        taxa = problem.meta["taxa"]
        if sorted(x.lower() for x in leaves) != sorted(x.lower() for x in taxa):
            return Judgement.wrong(why="the leaves are not each taxon exactly once")
        name = {x.lower(): x for x in taxa}  # names are matched whatever their case
        clusters = {frozenset(name[x.lower()] for x in c) for c in clusters}
        want = {frozenset(c) for c in problem.meta["joins"]}
        if clusters == want:
            return Judgement.right()
        return Judgement.wrong(why="not the tree UPGMA builds")

    def complexity(self, problem: Problem) -> float:
        """Taxa, squared (the matrix's cells), plus the spread of the noise."""
        return float(len(problem.meta["taxa"]) ** 2)
