"""Math families: the registry rows of this domain and its frozen mixture.

Rows: (env id, family name, "module:Class", domain). Modules are imported lazily.
"""

from __future__ import annotations

_M = "rlvr_envs.families.math"

# fmt: off
FAMILIES: list[tuple[str, str, str, str]] = [
    ("rlvr/Arithmetic-v0", "Arithmetic", f"{_M}.arithmetic:Arithmetic", "math"),
    ("rlvr/FractionArithmetic-v0", "FractionArithmetic", f"{_M}.fraction_arithmetic:FractionArithmetic", "math"),
    ("rlvr/LinearEquation-v0", "LinearEquation", f"{_M}.equations:LinearEquation", "math"),
    ("rlvr/LinearSystem-v0", "LinearSystem", f"{_M}.equations:LinearSystem", "math"),
    ("rlvr/Quadratic-v0", "Quadratic", f"{_M}.equations:Quadratic", "math"),
    ("rlvr/PolynomialExpand-v0", "PolynomialExpand", f"{_M}.polynomials:PolynomialExpand", "math"),
    ("rlvr/PolynomialFactor-v0", "PolynomialFactor", f"{_M}.polynomials:PolynomialFactor", "math"),
    ("rlvr/ModularArithmetic-v0", "ModularArithmetic", f"{_M}.number_theory:ModularArithmetic", "math"),
    ("rlvr/GcdLcm-v0", "GcdLcm", f"{_M}.number_theory:GcdLcm", "math"),
    ("rlvr/BaseConversion-v0", "BaseConversion", f"{_M}.number_theory:BaseConversion", "math"),
    ("rlvr/Combinatorics-v0", "Combinatorics", f"{_M}.combinatorics:Combinatorics", "math"),
    ("rlvr/Sequences-v0", "Sequences", f"{_M}.sequences:Sequences", "math"),
    ("rlvr/WordProblems-v0", "WordProblems", f"{_M}.word_problems:WordProblems", "math"),
]
# fmt: on

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
MIXTURES: list[tuple[str, str, list[str]]] = [("rlvr/Math-v0", "math", MATH_V0)]
