"""Code families: the registry rows of this domain and its frozen mixture.

Modules are imported lazily. Every
family that runs code starts the sandbox (``rlvr_envs.sandbox``) when it is made.
``rlvr/CodeRepair-v0`` is multi-turn and so not in the single-turn mixtures.
"""

from __future__ import annotations

# One line per family: its class name and version. The env id (rlvr/<Name>-v<N>), the
# module (this package's <name in snake case>.py) and the domain follow from them; a test
# holds every line to its class.
FAMILIES: list[tuple[str, int]] = [
    ("FunctionSynthesis", 0),
    ("OutputPrediction", 0),
    ("InputPrediction", 0),
    ("BugFix", 0),
    ("Efficiency", 0),
    ("RegexMatch", 0),
    ("SqlQuery", 0),
    ("CuratedCode", 0),
    ("CodeRepair", 0),
    # -- Code-v1: functions tested on instances of the algorithms and graph generators
    ("ImplementLongestIncreasingSubsequence", 0),
    ("ImplementKnapsack", 0),
    ("ImplementIntervalScheduling", 0),
    ("ImplementSpreadsheet", 0),
    ("ImplementRangeQueries", 0),
    ("ImplementShortestPath", 0),
    ("ImplementTopologicalOrder", 0),
    # -- Code-v1: contest problems, stdin to stdout
    ("CompetitiveProgramming", 0),
    # -- later versions (the version before stays registered and in its mixtures)
    ("InputPrediction", 1),
    ("Efficiency", 1),
]

# Frozen: adding a family to the domain never changes an existing mixture version.
CODE_V0 = [
    "rlvr/FunctionSynthesis-v0",
    "rlvr/OutputPrediction-v0",
    "rlvr/InputPrediction-v0",
    "rlvr/BugFix-v0",
    "rlvr/Efficiency-v0",
    "rlvr/RegexMatch-v0",
    "rlvr/SqlQuery-v0",
    "rlvr/CuratedCode-v0",
]
# Issue 15: every family of Code-v0, then programs whose hidden tests the algorithms and
# graph generators draw, and contest-style stdin/stdout problems.
CODE_V1 = [
    *CODE_V0,
    "rlvr/ImplementLongestIncreasingSubsequence-v0",
    "rlvr/ImplementKnapsack-v0",
    "rlvr/ImplementIntervalScheduling-v0",
    "rlvr/ImplementSpreadsheet-v0",
    "rlvr/ImplementRangeQueries-v0",
    "rlvr/ImplementShortestPath-v0",
    "rlvr/ImplementTopologicalOrder-v0",
    "rlvr/CompetitiveProgramming-v0",
]
# InputPrediction-v0 and Efficiency-v0's generators were changed in place after Code-v0
# shipped (no fixed-point targets; larger inputs) and later restored to their first
# release; the changed ones are the v1 ids. Code-v1 shipped while they ran, so keeps them
# under the v0 ids; Code-v2 takes the v1 ids.
_REISSUED = {
    "rlvr/InputPrediction-v0": "rlvr/InputPrediction-v1",
    "rlvr/Efficiency-v0": "rlvr/Efficiency-v1",
}
CODE_V2 = [_REISSUED.get(i, i) for i in CODE_V1]
MIXTURES: list[tuple] = [
    ("rlvr/Code-v0", CODE_V0),
    ("rlvr/Code-v1", CODE_V1, _REISSUED),
    ("rlvr/Code-v2", CODE_V2),
]
