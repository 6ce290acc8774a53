"""Optimisation families (issue 30): packing, selection, covering, cutting, locating,
routing, assignment, linear and integer programming, scheduling, rostering and sequence
merging, each with its optimum proved at generation.

Every answer is a witness (a packing, a selection, a tour, an order) that the check first
tests for feasibility and then grades: 1 at the optimum, below it the share of the gap closed
between a stated trivial baseline and the optimum, 0 when infeasible
(:mod:`rlvr_envs.families.optimisation.scoring`, ``docs/optimisation.md``). Modules are
imported lazily. ``rlvr/Optimisation-v0`` mixes the first eight families and is frozen;
``rlvr/Optimisation-v1`` the first twenty, ``rlvr/Optimisation-v2`` them all. ``ShiftRostering`` is judged for feasibility only
(any roster that keeps every rule earns 1).
"""

from __future__ import annotations

# One line per family: its class name and version (see rlvr_envs/families/__init__.py).
FAMILIES: list[tuple[str, int]] = [
    # -- packing and selection
    ("BinPacking", 0),
    ("MultiKnapsack", 0),
    ("SetCover", 0),
    # -- graphs and routes
    ("MaxCut", 0),
    ("ManhattanTour", 0),
    # -- assignment and scheduling
    ("Assignment", 0),
    ("FlowShop", 0),
    # -- sequences
    ("ShortestCommonSupersequence", 0),
    # -- second slice (rlvr/Optimisation-v1): locating and splitting
    ("FacilityLocation", 0),
    ("KMedian", 0),
    ("MinimumBisection", 0),
    ("QuadraticAssignment", 0),
    # -- linear and integer programmes
    ("LinearProgram", 0),
    ("LinearProgramDual", 0),
    ("IntegerProgram", 0),
    # -- networks and routes
    ("SteinerTree", 0),
    ("VehicleRouting", 0),
    # -- scheduling and rostering
    ("WeightedTardiness", 0),
    ("ParallelMachines", 0),
    ("ShiftRostering", 0),
    # -- third slice (helper OB): cutting, assignment, locating, lot sizing, coverage
    ("CuttingStock", 0),
    ("GeneralisedAssignment", 0),
    ("LotSizing", 0),
    ("MaximumCoverage", 0),
    ("PCentre", 0),
    # -- third slice (helper OA): shops, projects and timetables
    ("JobShop", 0),
    ("OpenShop", 0),
    ("ProjectScheduling", 0),
    ("CourseTimetabling", 0),
]

# Frozen: adding a family to the domain never changes an existing mixture version.
OPTIMISATION_V0 = [
    "rlvr/BinPacking-v0",
    "rlvr/MultiKnapsack-v0",
    "rlvr/SetCover-v0",
    "rlvr/MaxCut-v0",
    "rlvr/ManhattanTour-v0",
    "rlvr/Assignment-v0",
    "rlvr/FlowShop-v0",
    "rlvr/ShortestCommonSupersequence-v0",
]
OPTIMISATION_V1 = [  # the twenty families of issue 30's first two slices: v0's eight, then twelve
    *OPTIMISATION_V0,
    "rlvr/FacilityLocation-v0",
    "rlvr/KMedian-v0",
    "rlvr/MinimumBisection-v0",
    "rlvr/QuadraticAssignment-v0",
    "rlvr/LinearProgram-v0",
    "rlvr/LinearProgramDual-v0",
    "rlvr/IntegerProgram-v0",
    "rlvr/SteinerTree-v0",
    "rlvr/VehicleRouting-v0",
    "rlvr/WeightedTardiness-v0",
    "rlvr/ParallelMachines-v0",
    "rlvr/ShiftRostering-v0",
]
OPTIMISATION_V2 = [  # every family of issue 30's three slices: v1's twenty, then nine
    *OPTIMISATION_V1,
    "rlvr/CuttingStock-v0",
    "rlvr/GeneralisedAssignment-v0",
    "rlvr/LotSizing-v0",
    "rlvr/MaximumCoverage-v0",
    "rlvr/PCentre-v0",
    "rlvr/JobShop-v0",
    "rlvr/OpenShop-v0",
    "rlvr/ProjectScheduling-v0",
    "rlvr/CourseTimetabling-v0",
]
MIXTURES: list[tuple[str, list[str]]] = [
    ("rlvr/Optimisation-v0", OPTIMISATION_V0),
    ("rlvr/Optimisation-v1", OPTIMISATION_V1),
    ("rlvr/Optimisation-v2", OPTIMISATION_V2),
]
