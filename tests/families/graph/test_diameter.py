"""What ``rlvr/Diameter-v1`` must do beyond the generic family contract.

v0 (as first released) is checked in ``test_graph.py``.
"""

from __future__ import annotations

import itertools

import networkx as nx

from rlvr_envs.families.graph.parsing import parse_nodes
from tests.families.graph.helpers import _gen, _score, nx_graph


def test_every_pair_at_the_diameter_scores_one_and_others_do_not():
    pairs = 0
    for seed in range(30):
        problem = _gen("rlvr/Diameter-v1", seed, seed / 30)
        graph = nx_graph(problem)
        best = nx.diameter(graph, weight="weight")
        lengths = dict(nx.all_pairs_dijkstra_path_length(graph))
        for u, v in itertools.islice(itertools.permutations(graph.nodes, 2), 200):
            verdict = _score(problem, f"{best}: {u} {v}" if u % 2 else f"{best}: ({u}, {v})")
            assert verdict.correct == (lengths[u][v] == best), (u, v, verdict)
            pairs += lengths[u][v] == best
        u, v = parse_nodes(problem.answer.split(":")[1])
        assert not _score(problem, f"{best + 1}: {u}, {v}").correct
        assert _score(problem, str(best)).reason == "unparsable"  # the witness is required
        assert _score(problem, f"{best}: {u}").reason == "unparsable"
    assert pairs >= 40
