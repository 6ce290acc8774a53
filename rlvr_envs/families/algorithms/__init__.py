"""Algorithms families (issue 15): dynamic programming, greedy choices, combinatorial
enumeration, data-structure simulations and record processing, answered with values and,
where several answers are right, witnesses checked against the instance.

Modules are imported lazily. ``rlvr/Algorithms-v0`` mixes the first 30 families and is frozen.
"""

from __future__ import annotations

# One line per family: its class name and version (see rlvr_envs/families/__init__.py).
FAMILIES: list[tuple[str, int]] = [
    # -- sequences and dynamic programming (S)
    ("LongestIncreasingSubsequence", 0),
    ("LongestCommonSubsequence", 0),
    ("EditDistance", 0),
    ("LongestPalindromicSubstring", 0),
    # -- optimisation (O)
    ("Knapsack", 0),
    ("CoinChange", 0),
    ("SubsetSum", 0),
    ("MatrixChainOrder", 0),
    # -- intervals, scheduling and codes (I)
    ("IntervalScheduling", 0),
    ("JobSequencing", 0),
    ("MergeIntervals", 0),
    ("HuffmanCodeLengths", 0),
    # -- enumeration and bits (E)
    ("PermutationRank", 0),
    ("KthCombination", 0),
    ("Josephus", 0),
    ("BitManipulation", 0),
    # -- data-structure simulations (D)
    ("StackQueueSimulation", 0),
    ("HeapSimulation", 0),
    ("ReversePolish", 0),
    ("BracketRepair", 0),
    # -- records: spreadsheets, ledgers, sorting, counting (R)
    ("SpreadsheetEvaluation", 0),
    ("LedgerSimulation", 0),
    ("CompositeSort", 0),
    ("TopKFrequency", 0),
    # -- searching and queries (Q)
    ("TwoSum", 0),
    ("KthSmallest", 0),
    ("RangeQueries", 0),
    # -- strings and arrays (T)
    ("StringTransformations", 0),
    ("RunLengthEncoding", 0),
    ("MaximumSubarray", 0),
]

# Frozen: adding a family to the domain never changes an existing mixture version.
ALGORITHMS_V0 = [
    "rlvr/LongestIncreasingSubsequence-v0",
    "rlvr/LongestCommonSubsequence-v0",
    "rlvr/EditDistance-v0",
    "rlvr/LongestPalindromicSubstring-v0",
    "rlvr/Knapsack-v0",
    "rlvr/CoinChange-v0",
    "rlvr/SubsetSum-v0",
    "rlvr/MatrixChainOrder-v0",
    "rlvr/IntervalScheduling-v0",
    "rlvr/JobSequencing-v0",
    "rlvr/MergeIntervals-v0",
    "rlvr/HuffmanCodeLengths-v0",
    "rlvr/PermutationRank-v0",
    "rlvr/KthCombination-v0",
    "rlvr/Josephus-v0",
    "rlvr/BitManipulation-v0",
    "rlvr/StackQueueSimulation-v0",
    "rlvr/HeapSimulation-v0",
    "rlvr/ReversePolish-v0",
    "rlvr/BracketRepair-v0",
    "rlvr/SpreadsheetEvaluation-v0",
    "rlvr/LedgerSimulation-v0",
    "rlvr/CompositeSort-v0",
    "rlvr/TopKFrequency-v0",
    "rlvr/TwoSum-v0",
    "rlvr/KthSmallest-v0",
    "rlvr/RangeQueries-v0",
    "rlvr/StringTransformations-v0",
    "rlvr/RunLengthEncoding-v0",
    "rlvr/MaximumSubarray-v0",
]
MIXTURES: list[tuple[str, list[str]]] = [("rlvr/Algorithms-v0", ALGORITHMS_V0)]
