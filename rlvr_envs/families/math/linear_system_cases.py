"""LinearSystemCases: a linear system ``A x = b`` with a unique solution, none, or infinitely many.

Each case is equally likely, so the case itself is not guessable, and each answer is
checked against the instance, never against a string:

* **unique** (``rank A = n``, consistent): the solution tuple ``(1, -2, 3/2)`` (or
  assignments ``x = 1, y = -2, z = 3/2``), compared exactly;
* **none** (``rank [A | b] > rank A``, Rouche-Capelli): ``no solution; multipliers
  (c1, ..., cm)``: one number per equation such that ``c^T A = 0`` and ``c^T b != 0``, a
  witness that the combination ``c1 (eq 1) + ... + cm (eq m)`` reads ``0 = nonzero``; any
  such ``c`` is right;
* **infinitely many** (consistent, ``rank A = n - k``): the general solution with exactly
  ``k`` parameters, every variable assigned an affine expression in the parameters
  ``x = 1 + 2t, y = t, z = 3 - t``. It is right iff ``A x(params) = b`` identically (the
  particular part solves the system and each parameter's direction lies in the null
  space) and the ``k`` directions are independent, so the family is the whole solution set;
  any such parametrisation is right.

Systems are built as ``A = L R`` (``L``: m x r with dependent rows, ``R``: r x n of rank r)
around an integer point ``x0``; a "none" system moves the right side of a dependent equation.
``unique_answer = False``.

Answer syntax: ``(1, -2, 3/2)`` | ``no solution; multipliers (1, -2, 1)`` |
``x = 1 + 2t, y = t, z = 3 - t``.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from math import gcd
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.math.matrices import (
    digits_in,
    identity,
    integer_vector,
    mat_mul,
    mat_vec,
    null_space,
    rank,
    rational_list,
    rref,
    transpose,
    unimodular,
    vector_text,
)
from rlvr_envs.families.shared.formulas import fraction_text, signed_term
from rlvr_envs.mathcheck.parse import Node, ParseError, parse_with_units
from rlvr_envs.numbers import normalise

_VARIABLES = ("x", "y", "z", "w", "v")
_PARAMETERS = ("t", "u", "r", "k")
_NONE = re.compile(
    r"no\s+solutions?\s*[;,:.]?\s*(?:with\s+)?multipliers?\s*(?:=|:)?\s*(\(.*\))\s*\.?",
    re.IGNORECASE | re.DOTALL,
)


class LinearSystemCases(Family):
    """Solve a linear system that may have one solution, none, or infinitely many.

    Knobs (easy -> hard): ``variables`` 3 -> 5 (unknowns), ``coefficients`` (largest
    absolute entry of the factors of ``A``) 2 -> 5, ``nullity`` (largest number of free
    parameters of an infinite family) 1 -> 2, ``extra`` (equations beyond the rank) 1 -> 2.
    At difficulty 1: five unknowns, up to seven equations with hidden dependencies; the
    solver must find the rank of ``A`` and of ``[A | b]`` and then either solve, write a
    two-parameter family, or produce the combination of equations that reads ``0 = c``.

    Answer syntax: ``(1, -2, 3/2)`` | ``no solution; multipliers (1, -2, 1)`` |
    ``x = 1 + 2t, y = t, z = 3 - t`` (parameters t, u, r in that order).
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "variables": Knob("int", 3, 5, default=3, easy=3, hard=5, doc="unknowns"),
        "coefficients": Knob(
            "int", 1, 9, default=3, easy=2, hard=5, doc="largest entry of the factors of A"
        ),
        "nullity": Knob("int", 1, 3, default=1, easy=1, hard=2, doc="most free parameters"),
        "extra": Knob("int", 1, 3, default=1, easy=1, hard=2, doc="equations beyond the rank"),
    }
    answer_syntax = (
        "the unique solution as a tuple (e.g. (1, -2, 3/2)), or "
        "'no solution; multipliers (c1, ..., cm)', or the general solution "
        "'x = 1 + 2t, y = t, z = 3 - t'"
    )
    answer_form = "solution tuple | no solution with multipliers | parametric solution"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, size = knobs["variables"], knobs["coefficients"]
        case = rng.choice(("unique", "none", "infinite"))
        if case == "unique":
            r = n
            m = n + rng.randint(0, knobs["extra"] - 1)
        elif case == "infinite":
            r = n - rng.randint(1, min(knobs["nullity"], n - 1))
            m = r + rng.randint(1, knobs["extra"])
        else:
            r = n - rng.randint(0, min(knobs["nullity"], n - 1))
            m = r + rng.randint(1, knobs["extra"])
        for _ in range(100):
            if case == "unique":
                left = _rows(rng, m, r, size)
                right = identity(n)
            else:  # rref(A) = right: integer general solutions and multipliers
                left = _mixer(rng, m, r, size)
                right = _echelon(rng, r, n, size)
            matrix = mat_mul(left, right)
            if all(any(row) for row in matrix) and all(any(col) for col in zip(*matrix)):
                break
        point = [rng.randint(-size, size) for _ in range(n)]
        rhs = mat_vec(matrix, point)
        if case == "none":
            dependent = [i for i in range(m) if rank([*matrix[:i], *matrix[i + 1 :]]) == r]
            rhs[rng.choice(dependent)] += rng.choice((-3, -2, -1, 1, 2, 3))
        names = _VARIABLES[:n]
        equations = [_equation(row, names, value) for row, value in zip(matrix, rhs)]
        answer = _reference(matrix, rhs, names)
        params = ", ".join(_PARAMETERS[: n - 1])
        question = (
            "Solve the system of linear equations in "
            f"{', '.join(names)}:\n" + "\n".join(equations) + "\n"
            f"If it has exactly one solution, give it as the tuple ({', '.join(names)}). "
            "If it has no solution, answer 'no solution; multipliers (c1, ..., cm)' with one "
            "number per equation, in order, such that c1 times equation 1 plus ... plus cm "
            "times equation m has every coefficient 0 on the left and a nonzero right side. "
            "If it has infinitely many solutions, give the general solution with exactly one "
            f"parameter per free variable, named {params} in that order, every variable "
            "assigned an expression in the parameters only (e.g. x = 1 + 2t, y = t, z = 3 - t)."
        )
        meta = {"matrix": matrix, "rhs": rhs, "variables": list(names), "case": case}
        return Draft(question, answer, meta)

    def answer_labels(self, problem: Problem) -> tuple[str, ...]:
        """``(x, y, z) =`` before the unique solution (docs/answers.md)."""
        names = problem.meta["variables"]
        return (f"({', '.join(names)})",) if problem.meta["case"] == "unique" else ()

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        matrix, rhs, names = meta["matrix"], meta["rhs"], tuple(meta["variables"])
        text = normalise(answer).replace("\\left", "").replace("\\right", "").strip()
        if len(text) > 4000:
            return Judgement.unparsable("answer too long")
        found = _NONE.fullmatch(text)
        if found is not None:
            multipliers = rational_list(found.group(1))
            if multipliers is None:
                return Judgement.unparsable("multipliers must be a tuple of numbers")
            if meta["case"] != "none":
                return Judgement.wrong(why="the system has solutions")
            if len(multipliers) != len(matrix):
                return Judgement.wrong(why="one multiplier per equation is asked")
            combined = mat_vec(transpose(matrix), multipliers)
            if any(combined) or sum(c * v for c, v in zip(multipliers, rhs)) == 0:
                return Judgement.wrong(why="the combination does not read 0 = nonzero")
            return Judgement.right()
        if text.startswith("("):
            values = rational_list(text)
            if values is None:
                return Judgement.unparsable("a solution tuple of integers or fractions p/q")
            family: dict[str, dict[str, Fraction]] | None = {
                name: {"": v} for name, v in zip(names, values)
            }
            if len(values) != len(names):
                return Judgement.wrong(why="one value per variable is asked")
        else:
            try:
                family = _assignments(text, names)
            except ValueError as why:
                return Judgement.unparsable(str(why))
        return _judge_family(matrix, rhs, names, family)

    def complexity(self, problem: Problem) -> float:
        """Entries and their digits, equations, and the length of the answer."""
        matrix = problem.meta["matrix"]
        return len(matrix) * len(matrix[0]) + digits_in(matrix) + len(problem.answer) / 4


def _echelon(rng: random.Random, r: int, n: int, size: int) -> list[list[int]]:
    """An r x n integer matrix in reduced row echelon form with random pivot columns."""
    pivots = sorted(rng.sample(range(n), r))
    rows = [[0] * n for _ in range(r)]
    for i, p in enumerate(pivots):
        rows[i][p] = 1
        for c in range(p + 1, n):
            if c not in pivots:
                rows[i][c] = rng.randint(-size, size)
    return rows


def _mixer(rng: random.Random, count: int, r: int, size: int) -> list[list[int]]:
    """``count`` rows of length ``r``: the rows of a unimodular r x r matrix at random places
    (so ``rref(M R) = R``), the others combinations of two of them."""
    base, _ = unimodular(rng, r, r + size, 1)
    places = rng.sample(range(count), r)
    vectors: list[list[int]] = [[0] * r for _ in range(count)]
    for k, p in enumerate(places):
        vectors[p] = base[k]
    for j in range(count):
        if j not in places:
            for k in rng.sample(range(r), min(2, r)):
                c = rng.choice((-2, -1, 1, 2))
                vectors[j] = [x + c * y for x, y in zip(vectors[j], base[k])]
    return vectors


def _rows(rng: random.Random, count: int, r: int, size: int) -> list[list[int]]:
    """``count`` integer vectors of length ``r`` spanning Q^r: ``r`` independent ones at
    random places and combinations of two of them elsewhere."""
    while True:
        base = [[rng.randint(-size, size) for _ in range(r)] for _ in range(r)]
        if rank(base) == r:
            break
    places = rng.sample(range(count), r)
    vectors: list[list[int]] = [[0] * r for _ in range(count)]
    for k, p in enumerate(places):
        vectors[p] = base[k]
    for j in range(count):
        if j not in places:
            for k in rng.sample(range(r), min(2, r)):
                c = rng.choice((-2, -1, 1, 2))
                vectors[j] = [x + c * y for x, y in zip(vectors[j], base[k])]
    return vectors


def _equation(row: list[int], names: tuple[str, ...], value: int) -> str:
    parts: list[str] = []
    for coefficient, name in zip(row, names):
        if coefficient:
            parts.append(signed_term(coefficient, name, not parts))
    return f"{''.join(parts) or '0'} = {value}"


def _reference(matrix: list[list[int]], rhs: list[int], names: tuple[str, ...]) -> str:
    n = len(names)
    augmented = [[*row, value] for row, value in zip(matrix, rhs)]
    reduced, pivots = rref(augmented)
    if n in pivots:  # inconsistent: a left null vector of A that does not annihilate b
        for y in null_space(transpose(matrix)):
            if sum(c * v for c, v in zip(y, rhs)) != 0:
                return f"no solution; multipliers {vector_text(integer_vector(y))}"
        raise AssertionError("an inconsistent system has a separating multiplier")
    if len(pivots) == n:
        return vector_text([reduced[i][n] for i in range(n)])
    free = [c for c in range(n) if c not in pivots]
    param = {c: _PARAMETERS[k] for k, c in enumerate(free)}
    pieces = []
    for c, name in enumerate(names):
        if c in param:
            pieces.append(f"{name} = {param[c]}")
            continue
        row = reduced[pivots.index(c)]
        terms = [(row[n], "")] + [(-row[f], param[f]) for f in free]
        pieces.append(f"{name} = {_affine_text(terms)}")
    return ", ".join(pieces)


def _affine_text(terms: list[tuple[Fraction, str]]) -> str:
    out = ""
    for value, symbol in terms:
        if value == 0:
            continue
        magnitude = abs(value)
        if symbol:
            top = "" if magnitude.numerator == 1 else str(magnitude.numerator)
            body = f"{top}{symbol}" + (
                f"/{magnitude.denominator}" if magnitude.denominator > 1 else ""
            )
        else:
            body = fraction_text(magnitude)
        if not out:
            out = f"-{body}" if value < 0 else body
        else:
            out += f" - {body}" if value < 0 else f" + {body}"
    return out or "0"


# -- reading a parametric answer --------------------------------------------------------------
def _assignments(text: str, names: tuple[str, ...]) -> dict[str, dict[str, Fraction]]:
    """``x = 1 + 2t, y = t, ...`` -> variable -> {parameter or "": coefficient}; ValueError
    (with the reason) when the text is not such a list in canonical affine form."""
    try:
        node, units = parse_with_units(text)
    except (ParseError, RecursionError, ValueError, OverflowError):
        raise ValueError("not a list of assignments x = ...") from None
    if units:
        raise ValueError("units after the answer")
    items = node[1] if node[0] == "list" else [node]
    result: dict[str, dict[str, Fraction]] = {}
    for item in items:
        if item[0] != "rel" or item[1] != "=" or item[2][0] != "sym":
            raise ValueError("each item must assign a variable: x = ...")
        name = item[2][1]
        if name not in names:
            raise ValueError(f"{name} is not a variable of the system")
        if name in result:
            raise ValueError(f"{name} assigned twice")
        result[name] = _affine(item[3])
    return result


def _affine(node: Node) -> dict[str, Fraction]:
    """An affine expression in the parameters with exact coefficients: sums, negation,
    ``number parameter`` (either order), and division by an integer > 1 of a term or a sum
    whose integer coefficients share no factor with it (``(3t + 1)/2``, ``\\frac{-3}{2}t``);
    ValueError otherwise (like terms to collect, decimals, other symbols)."""
    kind = node[0]
    if kind == "add":
        out: dict[str, Fraction] = {}
        for term in node[1]:
            for key, value in _affine(term).items():
                if key in out:
                    raise ValueError("collect like terms")
                out[key] = value
        return out
    if kind == "neg":
        if node[1][0] == "neg":
            raise ValueError("a double sign; do the arithmetic")
        return {key: -value for key, value in _affine(node[1]).items()}
    if kind == "div":
        bottom = _natural(node[2])
        if bottom is None or bottom < 2:
            raise ValueError("a denominator must be an integer > 1")
        top = _affine(node[1])
        if any(v.denominator != 1 for v in top.values()):
            raise ValueError("write fractions as p/q")
        if gcd(bottom, *(int(v) for v in top.values())) != 1:
            raise ValueError("a fraction not in lowest terms")
        return {key: value / bottom for key, value in top.items()}
    if kind == "sym":
        if node[1] not in _PARAMETERS:
            raise ValueError(f"{node[1]} is not one of the parameters {', '.join(_PARAMETERS)}")
        return {node[1]: Fraction(1)}
    if kind == "mul" and len(node[1]) == 2:
        symbols = [f for f in node[1] if f[0] == "sym"]
        if len(symbols) == 1:
            (key,) = _affine(symbols[0])
            other = node[1][0] if node[1][1] is symbols[0] else node[1][1]
            constant = _affine(other)
            if set(constant) - {""}:
                raise ValueError("a coefficient must be an integer or a fraction p/q")
            return {key: constant.get("", Fraction(0))}
    value = _natural(node)
    if value is None:
        raise ValueError("terms must be numbers or number times parameter")
    return {"": Fraction(value)}


def _natural(node: Node) -> int | None:
    if node[0] == "num" and node[2] is None and node[1].denominator == 1:
        return int(node[1])
    return None


def _judge_family(
    matrix: list[list[int]],
    rhs: list[int],
    names: tuple[str, ...],
    family: dict[str, dict[str, Fraction]],
) -> Judgement:
    missing = [name for name in names if name not in family]
    if missing:
        return Judgement.wrong(why=f"no value for {', '.join(missing)}")
    params = sorted({k for value in family.values() for k in value if k})
    point = [family[name].get("", Fraction(0)) for name in names]
    if mat_vec(matrix, point) != [Fraction(b) for b in rhs]:
        return Judgement.wrong(why="the particular solution does not solve the system")
    directions = [[family[name].get(p, Fraction(0)) for name in names] for p in params]
    if any(any(mat_vec(matrix, d)) for d in directions):
        return Judgement.wrong(why="a parameter direction leaves the solution set")
    nullity = len(names) - rank(matrix)
    if len(params) != nullity:
        return Judgement.wrong(why=f"{len(params)} parameters where {nullity} are free")
    if params and rank(directions) != len(params):
        return Judgement.wrong(why="the parameter directions are dependent")
    return Judgement.right()
