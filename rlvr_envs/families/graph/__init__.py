"""Graph families: the registry rows of this domain and its frozen mixture.

Rows: (env id, family name, "module:Class", domain). Modules are imported lazily. Every
family takes an ``encoding`` knob (edge list, adjacency list or sentences) for the prompt.
"""

from __future__ import annotations

_G = "rlvr_envs.families.graph"

# fmt: off
FAMILIES: list[tuple[str, str, str, str]] = [
    ("rlvr/ShortestPath-v0", "ShortestPath", f"{_G}.shortest_path:ShortestPath", "graph"),
    ("rlvr/ConnectedComponents-v0", "ConnectedComponents", f"{_G}.connectivity:ConnectedComponents", "graph"),
    ("rlvr/CycleDetection-v0", "CycleDetection", f"{_G}.ordering:CycleDetection", "graph"),
    ("rlvr/TopologicalOrder-v0", "TopologicalOrder", f"{_G}.ordering:TopologicalOrder", "graph"),
    ("rlvr/MinimumSpanningTree-v0", "MinimumSpanningTree", f"{_G}.spanning_tree:MinimumSpanningTree", "graph"),
    ("rlvr/MaxFlow-v0", "MaxFlow", f"{_G}.max_flow:MaxFlow", "graph"),
    ("rlvr/Bipartite-v0", "Bipartite", f"{_G}.coloring:Bipartite", "graph"),
    ("rlvr/GraphColoring-v0", "GraphColoring", f"{_G}.coloring:GraphColoring", "graph"),
    ("rlvr/EulerianPath-v0", "EulerianPath", f"{_G}.eulerian:EulerianPath", "graph"),
    ("rlvr/Diameter-v0", "Diameter", f"{_G}.diameter:Diameter", "graph"),
    ("rlvr/MaximumMatching-v0", "MaximumMatching", f"{_G}.matching:MaximumMatching", "graph"),
    ("rlvr/ArticulationPoints-v0", "ArticulationPoints", f"{_G}.connectivity:ArticulationPoints", "graph"),
    ("rlvr/Bridges-v0", "Bridges", f"{_G}.connectivity:Bridges", "graph"),
]
# fmt: on

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
MIXTURES: list[tuple[str, str, list[str]]] = [("rlvr/Graph-v0", "graph", GRAPH_V0)]
