"""Math families of ``rlvr/Math-v1``: generation and verification throughput, ours against
reasoning-gym's, one core.

Run: ``python bench/math_bench.py`` (needs the ``bench`` extra: reasoning-gym). How rates are
measured and compared: ``bench/family_bench.py``. Writes ``bench/results/math.{json,md}``.
"""

from __future__ import annotations

from typing import Any

from family_bench import Comparisons, main

from rlvr_envs.families.math import MATH_V0, MATH_V1

# (our id, our knobs matching the counterpart's default, counterpart, what its default is)
COMPARISONS: list[tuple[str, dict[str, Any], str, str]] = [
    (
        "rlvr/PrimeFactorization-v0",
        {"primes": 2, "prime_digits": 2, "max_exponent": 2},
        "prime_factorization",
        "n from 2 to 1000",
    ),
    ("rlvr/NthPrime-v0", {"mode": "count", "digits": 4}, "count_primes", "ranges within 1-10000"),
    (
        "rlvr/ComplexArithmetic-v0",
        {"operations": 1, "size": 10},
        "complex_arithmetic",
        "one + - * / of two numbers with parts in [-10, 10]",
    ),
    (
        "rlvr/Antiderivative-v0",
        {"method": "basic", "degree": 3},
        "simple_integration",
        "polynomials of 2-5 terms, degree up to 10",
    ),
    (
        "rlvr/Antiderivative-v0",
        {"method": "substitution"},
        "intermediate_integration",
        "8 kinds: substitution, parts, trigonometric, radical, ...",
    ),
    (
        "rlvr/DiceProbability-v0",
        {"level": "sum", "dice": 4},
        "dice",
        "4 dice of up to 20 sides, P(sum >= k)",
    ),
    (
        "rlvr/PolygonAngles-v0",
        {"mode": "sum", "sides": 12},
        "simple_geometry",
        "the missing interior angle of a 3- to 6-gon",
    ),
    (
        "rlvr/TriangleArea-v0",
        {"mode": "inradius", "size": 10},
        "advanced_geometry",
        "orthocenter, incircle radius or an angle of a triangle with coordinates in [-10, 10]",
    ),
]
NOTES = {
    "prime_factorization": (
        "theirs lists factors with repeats (2 × 2 × 3) and compares the list; ours asks for prime "
        "powers and checks the product, the primality and the uniqueness of every base."
    ),
    "count_primes": "ours counts primes up to N; theirs counts primes in a range [a, b].",
    "complex_arithmetic": (
        "theirs answers with decimals (-15.0 + 3.0i) compared numerically; ours asks for exact "
        "rational parts in lowest terms."
    ),
    "simple_integration": (
        "theirs builds and checks answers with sympy (parse_expr of the answer); ours generates "
        "without sympy and checks by differentiating the answer in a worker process."
    ),
    "intermediate_integration": "as for simple_integration; the problem kinds differ in detail.",
    "dice": "ours: 4 standard dice and a sum event; theirs: 4 dice of mixed sizes.",
    "simple_geometry": (
        "ours asks for the angle sum of an n-gon (n up to 12, the knob's floor); theirs for the "
        "missing angle of a 3- to 6-gon, one subtraction more."
    ),
    "advanced_geometry": (
        "theirs rounds to 3 decimals (sympy in generation); ours asks for an exact radical."
    ),
}
_COMPARED = {row[0] for row in COMPARISONS}
NO_COUNTERPART = {
    env_id: "none in reasoning-gym"
    for env_id in MATH_V1
    if env_id not in MATH_V0 and env_id not in _COMPARED
}


TABLE = Comparisons("math", "Math families (Math-v1)", COMPARISONS, NOTES, NO_COUNTERPART)

if __name__ == "__main__":
    main(TABLE, __doc__)
