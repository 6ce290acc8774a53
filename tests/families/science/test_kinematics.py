"""``rlvr/Kinematics-v0``: the asked quantity solved with sympy from the three given (in
SI units after converting km/h and minutes), with u >= 0, a > 0 and t > 0."""

from __future__ import annotations

import re
from fractions import Fraction

import sympy

from tests.families.science.helpers import _gen, check_value

NAMES = {"initial speed": "u", "final speed": "v", "acceleration": "a", "time": "t",
         "distance covered": "s"}  # fmt: skip
FACTOR = {"m/s": 1, "km/h": Fraction(5, 18), "m/s^2": 1, "s": 1, "min": 60, "m": 1}


def test_the_asked_quantity_solves_the_equations_of_motion():
    u, v, a, t, s = sympy.symbols("u v a t s")
    for seed in range(16):
        problem = _gen("rlvr/Kinematics-v0", seed, seed / 15)
        given = {
            NAMES[name]: Fraction(number) * FACTOR[unit]
            for name, number, unit in re.findall(
                r"(initial speed|final speed|acceleration|time|distance covered) ([\d.]+) "
                r"(m/s\^2|m/s|km/h|min|s|m)\b",
                problem.prompt,
            )
        }
        assert len(given) == 3, problem.prompt
        asked = NAMES[re.search(r"find its (.*?) in ", problem.prompt).group(1)]
        symbols = dict(zip("uvats", (u, v, a, t, s), strict=True))
        equations = [sympy.Eq(v, u + a * t), sympy.Eq(s, u * t + a * t**2 / 2)]
        equations = [
            e.subs({symbols[q]: sympy.Rational(x) for q, x in given.items()}) for e in equations
        ]
        unknowns = [symbols[q] for q in "uvats" if q not in given]
        solutions = [
            sol
            for sol in sympy.solve(equations, unknowns, dict=True)
            if all(sol.get(symbols[q], given.get(q, 1)) >= 0 for q in "uvats")
            and all(sol.get(symbols[q], given.get(q, 1)) > 0 for q in "at")
        ]
        values = {sympy.nsimplify(sol[symbols[asked]]) for sol in solutions}
        assert len(values) == 1, (problem.prompt, solutions)
        (answer,) = values
        check_value(problem, Fraction(int(answer.p), int(answer.q)))
