"""``rlvr/PhylogeneticTree-v0``: the tree rebuilt from the prompt's matrix with scipy's
average linkage (UPGMA), accepted in any order of children, and wrong trees refused."""

from __future__ import annotations

import random
import re

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.cluster.hierarchy import linkage, to_tree
from scipy.spatial.distance import squareform

from tests.families.science.helpers import _gen, _score


def read_matrix(text: str) -> tuple[list[str], np.ndarray]:
    lines = text.split("\n\n")[1].splitlines()
    names = lines[0].split()
    rows = [[float(x) for x in line.split()[1:]] for line in lines[1:]]
    return names, np.array(rows)


def scipy_tree(names: list[str], matrix: np.ndarray):
    root = to_tree(linkage(squareform(matrix), method="average"))

    def nested(node):
        if node.is_leaf():
            return names[node.id]
        return [nested(node.left), nested(node.right)]

    return nested(root)


def write(tree, rng: random.Random | None = None) -> str:
    if isinstance(tree, str):
        return tree
    children = list(tree)
    if rng is not None:
        rng.shuffle(children)
    return "(" + ",".join(write(c, rng) for c in children) + ")"


def test_the_tree_is_scipys_average_linkage_in_any_child_order():
    for seed in range(30):
        problem = _gen("rlvr/PhylogeneticTree-v0", seed, seed / 29)
        names, matrix = read_matrix(problem.prompt)
        assert (matrix == matrix.T).all() and (np.diag(matrix) == 0).all()
        tree = scipy_tree(names, matrix)
        rng = random.Random(seed)
        for _ in range(3):
            assert _score(problem, write(tree, rng) + ";") == 1.0
        assert _score(problem, write(tree)) == 1.0  # the ; is optional
        assert _score(problem, write(tree).upper()) == 1.0  # names in any case
        assert _score(problem, write(tree).replace(",", " , ") + " ;") == 1.0  # spaces
        # a wrong tree: swap two leaves from different sides of the root
        left, right = tree
        first = next(iter(re.findall(r"\w+", write(left))))
        second = next(iter(re.findall(r"\w+", write(right))))
        text = write(tree).replace(first, "#").replace(second, first).replace("#", second)
        if len(names) > 2 and (
            len(re.findall(r"\w+", write(left))) > 1 or len(re.findall(r"\w+", write(right))) > 1
        ):
            assert _score(problem, text) == 0.0
        assert _score(problem, "(" + ",".join(names) + ");") == float(len(names) == 2)  # a star
        assert _score(problem, write(tree).replace(names[0], names[0] + "x")) == 0.0
        assert _score(problem, write(tree).replace(")", ":1.0)", 1)) == 0.0  # lengths refused


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), order=st.randoms(use_true_random=False)
)
def test_a_random_binary_tree_scores_exactly_when_it_has_upgmas_clusters(seed, difficulty, order):
    problem = _gen("rlvr/PhylogeneticTree-v0", seed, difficulty)
    names, matrix = read_matrix(problem.prompt)
    nodes: list = list(names)
    while len(nodes) > 1:  # join two random subtrees until one is left
        i, j = sorted(order.sample(range(len(nodes)), 2))
        nodes.append([nodes.pop(j), nodes.pop(i)])

    def clusters(tree) -> set:
        if isinstance(tree, str):
            return set()
        found = set().union(*(clusters(c) for c in tree))
        return found | {frozenset(re.findall(r"\w+", write(tree)))}

    same = clusters(nodes[0]) == clusters(scipy_tree(names, matrix))
    assert _score(problem, write(nodes[0]) + ";") == float(same)
