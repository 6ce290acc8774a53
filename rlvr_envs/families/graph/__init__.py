"""Graph families: the registry rows of this domain and its frozen mixture.

Modules are imported lazily. Every
family takes an ``encoding`` knob (edge list, adjacency list or sentences) for the prompt.
"""

from __future__ import annotations

# One line per family: its class name and version. The env id (rlvr/<Name>-v<N>), the
# module (this package's <name in snake case>.py) and the domain follow from them; a test
# holds every line to its class.
FAMILIES: list[tuple[str, int]] = [
    ("ShortestPath", 0),
    ("ConnectedComponents", 0),
    ("CycleDetection", 0),
    ("TopologicalOrder", 0),
    ("MinimumSpanningTree", 0),
    ("MaxFlow", 0),
    ("Bipartite", 0),
    ("GraphColoring", 0),
    ("EulerianPath", 0),
    ("Diameter", 0),
    ("MaximumMatching", 0),
    ("ArticulationPoints", 0),
    ("Bridges", 0),
    # -- Graph-v1: paths and tours (P)
    ("HamiltonianPath", 0),
    ("TravellingSalesman", 0),
    # -- Graph-v1: cliques, covers and independent sets (C)
    ("MaximumClique", 0),
    ("MinimumVertexCover", 0),
    # -- Graph-v1: structure (S)
    ("StronglyConnectedComponents", 0),
    ("GraphIsomorphism", 0),
    # -- Graph-v1: distances and counting (D)
    ("NegativeWeightPaths", 0),
    ("CountingShortestPaths", 0),
    # -- Graph-v1: cuts and colourings (K)
    ("MinimumCut", 0),
    ("ChromaticNumber", 0),
    # -- Graph-v1: trees and degree sequences (T)
    ("TreeQueries", 0),
    ("SpanningTreeCount", 0),
    # -- later versions (the version before stays registered and in its mixtures)
    ("CountingShortestPaths", 1),
    ("ChromaticNumber", 1),
    ("MinimumVertexCover", 1),
    ("ConnectedComponents", 1),
    ("CycleDetection", 1),
    ("EulerianPath", 1),
    ("Diameter", 1),
    ("MaximumMatching", 1),
]

# Frozen: adding a family to the domain never changes an existing mixture version.
GRAPH_V0 = [
    "rlvr/ShortestPath-v0",
    "rlvr/ConnectedComponents-v0",
    "rlvr/CycleDetection-v0",
    "rlvr/TopologicalOrder-v0",
    "rlvr/MinimumSpanningTree-v0",
    "rlvr/MaxFlow-v0",
    "rlvr/Bipartite-v0",
    "rlvr/GraphColoring-v0",
    "rlvr/EulerianPath-v0",
    "rlvr/Diameter-v0",
    "rlvr/MaximumMatching-v0",
    "rlvr/ArticulationPoints-v0",
    "rlvr/Bridges-v0",
]
# Issue 15: every family of Graph-v0 and 12 more (paths and tours, cliques and covers,
# structure, negative weights and path counts, cuts and colourings, trees and degrees).
GRAPH_V1 = [
    *GRAPH_V0,
    "rlvr/HamiltonianPath-v0",
    "rlvr/TravellingSalesman-v0",
    "rlvr/MaximumClique-v0",
    "rlvr/MinimumVertexCover-v0",
    "rlvr/StronglyConnectedComponents-v0",
    "rlvr/GraphIsomorphism-v0",
    "rlvr/NegativeWeightPaths-v0",
    "rlvr/CountingShortestPaths-v0",
    "rlvr/MinimumCut-v0",
    "rlvr/ChromaticNumber-v0",
    "rlvr/TreeQueries-v0",
    "rlvr/SpanningTreeCount-v0",
]
# Graph-v1 with the newest version of each member: CountingShortestPaths-v1 (no constant
# answer earns reward at the easy end), ChromaticNumber-v1 (hard instances that a clique
# bound and DSATUR do not settle), MinimumVertexCover-v1 (no copied example or adjacency
# line is right).
_NEWER = {
    "rlvr/CountingShortestPaths-v0": "rlvr/CountingShortestPaths-v1",
    "rlvr/ChromaticNumber-v0": "rlvr/ChromaticNumber-v1",
    "rlvr/MinimumVertexCover-v0": "rlvr/MinimumVertexCover-v1",
}
GRAPH_V2 = [_NEWER.get(i, i) for i in GRAPH_V1]
# Five v0 generators were changed in place after Graph-v0 shipped (witnesses instead of
# counts or a bare 'none') and later restored to their first release; the changed ones are
# the v1 ids. Graph-v1 and Graph-v2 shipped while the changed generators ran, so they keep
# them under the v0 ids (the problems they generate never change); Graph-v3 takes the v1 ids.
_REISSUED = {
    f"rlvr/{name}-v0": f"rlvr/{name}-v1"
    for name in (
        "ConnectedComponents",
        "CycleDetection",
        "EulerianPath",
        "Diameter",
        "MaximumMatching",
    )
}
GRAPH_V3 = [_REISSUED.get(i, i) for i in GRAPH_V2]
MIXTURES: list[tuple] = [
    ("rlvr/Graph-v0", GRAPH_V0),
    ("rlvr/Graph-v1", GRAPH_V1, _REISSUED),
    ("rlvr/Graph-v2", GRAPH_V2, _REISSUED),
    ("rlvr/Graph-v3", GRAPH_V3),
]
