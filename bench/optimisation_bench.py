"""Optimisation families: generation and verification throughput, one core.

Run: ``python bench/optimisation_bench.py``. How rates are measured: ``bench/family_bench.py``.
Writes ``bench/results/optimisation.{json,md}``. reasoning-gym (0.1.25) has no packing,
covering, cutting, locating, routing, assignment, linear or integer programming, scheduling,
rostering or supersequence task, so there is no
peer row: every family is listed under "no counterpart".
"""

from __future__ import annotations

from typing import Any

from family_bench import Comparisons, main

COMPARISONS: list[tuple[str, dict[str, Any], str, str]] = []
NO_COUNTERPART = {
    "rlvr/BinPacking-v0": "none in reasoning-gym",
    "rlvr/MultiKnapsack-v0": "none",
    "rlvr/SetCover-v0": "none",
    "rlvr/MaxCut-v0": "none",
    "rlvr/ManhattanTour-v0": "none (its graph domain's TravellingSalesman has no peer either)",
    "rlvr/Assignment-v0": "none",
    "rlvr/FlowShop-v0": "none",
    "rlvr/ShortestCommonSupersequence-v0": "none",
    "rlvr/FacilityLocation-v0": "none",
    "rlvr/KMedian-v0": "none",
    "rlvr/MinimumBisection-v0": "none",
    "rlvr/QuadraticAssignment-v0": "none",
    "rlvr/LinearProgram-v0": "none",
    "rlvr/LinearProgramDual-v0": "none",
    "rlvr/IntegerProgram-v0": "none",
    "rlvr/SteinerTree-v0": "none",
    "rlvr/VehicleRouting-v0": "none (the algorithms and graph domains have no routing either)",
    "rlvr/WeightedTardiness-v0": "none",
    "rlvr/ParallelMachines-v0": "none",
    "rlvr/ShiftRostering-v0": "none",
    "rlvr/CuttingStock-v0": "none",
    "rlvr/GeneralisedAssignment-v0": "none",
    "rlvr/PCentre-v0": "none",
    "rlvr/LotSizing-v0": "none",
    "rlvr/MaximumCoverage-v0": "none",
    "rlvr/JobShop-v0": "none",
    "rlvr/OpenShop-v0": "none",
    "rlvr/ProjectScheduling-v0": "none",
    "rlvr/CourseTimetabling-v0": "none",
}

TABLE = Comparisons("optimisation", "Optimisation families", COMPARISONS, {}, NO_COUNTERPART)

if __name__ == "__main__":
    main(TABLE, __doc__)
