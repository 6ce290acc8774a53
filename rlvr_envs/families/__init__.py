"""Built-in families, declared by import path so that listing ids imports nothing heavy.

Each row: (env id, family name, "module:Class", domain). Mixtures: (env id, domain,
members). A mixture's membership is frozen per version: to change it, add a new version.
"""

from __future__ import annotations

_MATH = "rlvr_envs.families.math"

# fmt: off
BUILTIN_FAMILIES: list[tuple[str, str, str, str]] = [
    ("rlvr/Arithmetic-v0", "Arithmetic", f"{_MATH}.arithmetic:Arithmetic", "math"),
    ("rlvr/FractionArithmetic-v0", "FractionArithmetic", f"{_MATH}.fraction_arithmetic:FractionArithmetic", "math"),
    ("rlvr/LinearEquation-v0", "LinearEquation", f"{_MATH}.equations:LinearEquation", "math"),
    ("rlvr/LinearSystem-v0", "LinearSystem", f"{_MATH}.equations:LinearSystem", "math"),
    ("rlvr/Quadratic-v0", "Quadratic", f"{_MATH}.equations:Quadratic", "math"),
    ("rlvr/PolynomialExpand-v0", "PolynomialExpand", f"{_MATH}.polynomials:PolynomialExpand", "math"),
    ("rlvr/PolynomialFactor-v0", "PolynomialFactor", f"{_MATH}.polynomials:PolynomialFactor", "math"),
    ("rlvr/ModularArithmetic-v0", "ModularArithmetic", f"{_MATH}.number_theory:ModularArithmetic", "math"),
    ("rlvr/GcdLcm-v0", "GcdLcm", f"{_MATH}.number_theory:GcdLcm", "math"),
    ("rlvr/BaseConversion-v0", "BaseConversion", f"{_MATH}.number_theory:BaseConversion", "math"),
    ("rlvr/Combinatorics-v0", "Combinatorics", f"{_MATH}.combinatorics:Combinatorics", "math"),
    ("rlvr/Sequences-v0", "Sequences", f"{_MATH}.sequences:Sequences", "math"),
    ("rlvr/WordProblems-v0", "WordProblems", f"{_MATH}.word_problems:WordProblems", "math"),
]
# fmt: on

# Frozen: adding a family to a domain never changes an existing mixture version.
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

BUILTIN_MIXTURES: list[tuple[str, str, list[str]]] = [
    ("rlvr/Math-v0", "math", MATH_V0),
]
