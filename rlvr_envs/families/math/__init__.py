"""Math families: the registry rows of this domain and its frozen mixture.

Modules are imported lazily.
"""

from __future__ import annotations

# One line per family: its class name and version. The env id (rlvr/<Name>-v<N>), the
# module (this package's <name in snake case>.py) and the domain follow from them; a test
# holds every line to its class.
FAMILIES: list[tuple[str, int]] = [
    ("Arithmetic", 0),
    ("FractionArithmetic", 0),
    ("LinearEquation", 0),
    ("LinearSystem", 0),
    ("Quadratic", 0),
    ("PolynomialExpand", 0),
    ("PolynomialFactor", 0),
    ("ModularArithmetic", 0),
    ("GcdLcm", 0),
    ("BaseConversion", 0),
    ("Combinatorics", 0),
    ("Sequences", 0),
    ("WordProblems", 0),
]

# Frozen: adding a family to the domain never changes an existing mixture version.
MATH_V0 = [
    "rlvr/Arithmetic-v0",
    "rlvr/FractionArithmetic-v0",
    "rlvr/LinearEquation-v0",
    "rlvr/LinearSystem-v0",
    "rlvr/Quadratic-v0",
    "rlvr/PolynomialExpand-v0",
    "rlvr/PolynomialFactor-v0",
    "rlvr/ModularArithmetic-v0",
    "rlvr/GcdLcm-v0",
    "rlvr/BaseConversion-v0",
    "rlvr/Combinatorics-v0",
    "rlvr/Sequences-v0",
    "rlvr/WordProblems-v0",
]
MIXTURES: list[tuple[str, list[str]]] = [("rlvr/Math-v0", MATH_V0)]
