"""``rlvr/DimensionalAnalysis-v0``: the exponents solve the dimension equations (sympy)."""

from __future__ import annotations

import re
from fractions import Fraction

import sympy

from tests.families.science.helpers import _gen, _score

BASES = ("M", "L", "T", "Θ", "I")


def dims(text: str) -> list[sympy.Rational]:
    powers = dict.fromkeys(BASES, sympy.Integer(0))
    for base, power in re.findall(r"(M|L|T|Θ|I)(?:\^\(?(-?\d+(?:/\d+)?)\)?)?", text):
        powers[base] = sympy.Rational(power or 1)
    return [powers[b] for b in BASES]


def test_the_exponents_solve_the_dimension_equations():
    for seed in range(30):
        problem = _gen("rlvr/DimensionalAnalysis-v0", seed, seed / 29)
        rows = re.findall(r"^- .*?: (.*)$", problem.prompt, re.M)
        target = dims(re.search(r"has the dimension (.*?)\. Give", problem.prompt).group(1))
        symbols = sympy.symbols(f"x0:{len(rows)}")
        vectors = [dims(r) for r in rows]
        equations = [sum(s * v[i] for s, v in zip(symbols, vectors, strict=True)) - target[i]
                     for i in range(len(BASES))]  # fmt: skip
        (solution,) = sympy.linsolve(equations, symbols)
        exps = [Fraction(int(e.p), int(e.q)) for e in solution]
        got = [Fraction(x) for x in problem.answer.strip("()").split(", ")]
        assert got == exps
        written = ", ".join(str(e) for e in exps)
        assert _score(problem, f"({written})") == 1.0
        names = ", ".join(f"{n} = {e}" for n, e in zip("abcd", exps, strict=False))
        assert _score(problem, names) == 1.0
        assert _score(problem, f"({', '.join(str(e + 1) for e in exps)})") == 0.0
        assert _score(problem, f"({', '.join(str(e) for e in reversed(exps))})") == (
            1.0 if exps == exps[::-1] else 0.0
        )
