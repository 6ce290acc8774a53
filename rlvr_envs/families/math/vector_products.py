"""VectorProducts: dot and cross products and what they measure, with exact answers.

Operations (one per problem, chosen by difficulty):

* ``dot``: ``u . v`` (an integer);
* ``cross``: ``u x v`` in R^3 (an integer tuple);
* ``projection``: ``proj_v u = (u . v / v . v) v`` (a tuple of fractions);
* ``area``: the area of the parallelogram spanned by ``u, v`` in R^3, ``|u x v|``, or of
  the triangle, half of it (a simplified radical ``3\\sqrt{5}``, ``\\frac{7\\sqrt{2}}{2}``);
* ``cosine``: the cosine of the angle between ``u`` and ``v``, ``u . v / (|u| |v|)``, as a
  simplified radical with a rational denominator (``\\frac{2\\sqrt{6}}{9}``);
* ``volume``: the volume of the parallelepiped spanned by three vectors, the absolute value
  of the scalar triple product ``|u . (v x w)|`` (= ``|det[u v w]|``), or of the tetrahedron,
  a sixth of it (an integer or ``p/q``).

With ``points`` on, the vectors are given as differences of points (``u = AB``): the
triangle ABC, the tetrahedron ABCD. Every answer is a unique value, compared exactly.

Answer syntax: an integer; a tuple ``(1, -2, 3)`` / ``(1/2, -1, 3/2)``; a simplified exact
value ``7sqrt(2)/2``.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.math.matrices import determinant, vector_text
from rlvr_envs.families.math.number_parts import square_part
from rlvr_envs.families.shared.formulas import fraction_text
from rlvr_envs.families.shared.math_answers import judge_value

_FORMS = {
    "dot": ("integer", None, "a single integer"),
    "cross": ("tuple", "integer", "a tuple of integers, e.g. (1, -2, 3)"),
    "projection": (
        "tuple",
        "rational",
        "a tuple of exact values (integers or fractions p/q in lowest terms), e.g. (1/2, -1, 3/2)",
    ),
    "volume": ("rational", None, "an integer or a fraction p/q in lowest terms"),
    "area": ("radical", None, "an exact simplified value, e.g. 3sqrt(5) or 7sqrt(2)/2"),
    "cosine": (
        "radical",
        None,
        "an exact simplified value with a rational denominator, e.g. 2sqrt(6)/9 or -1/2",
    ),
}


class VectorProducts(Family):
    """Dot and cross products, projections, areas, angle cosines and volumes, exactly.

    Knobs (easy -> hard): ``operation`` ``dot`` -> ``cross`` -> ``projection`` -> ``volume``
    -> ``area`` -> ``cosine``; ``dimension`` (of dot, projection and cosine vectors)
    2 -> 4 (2..5); ``entries`` (largest absolute coordinate) 5 -> 12; ``points`` off -> on
    (vectors given as edges AB, AC, AD of a triangle or tetrahedron). At difficulty 1: the
    cosine of the angle BAC for points in R^4 with two-digit coordinates: differences, a dot
    product, two norms, a square root to simplify and a denominator to rationalise (near
    the top also the volume of a tetrahedron ABCD: a 3x3 determinant and a sixth, and the
    area of a triangle ABC in space: a cross product, a norm and a surd).

    Answer syntax: as the prompt says: an integer, a tuple ``(1, -2, 3)``, a fraction, or a
    simplified radical ``7sqrt(2)/2``.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "operation": Knob(
            "categorical",
            choices=("dot", "cross", "projection", "volume", "area", "cosine"),
            default="dot",
            doc="what to compute",
        ),
        "dimension": Knob("int", 2, 5, default=3, easy=2, hard=4, doc="dimension (dot, proj, cos)"),
        "entries": Knob("int", 2, 30, default=5, easy=5, hard=12, doc="largest coordinate"),
        "points": Knob(
            "bool", default=False, easy=False, hard=True, doc="vectors as edges between points"
        ),
    }
    answer_syntax = "the exact value in the form the question states"
    answer_form = "integer | integer tuple | rational tuple | radical | rational (per problem)"
    answer_label_patterns = (
        r"Compute the (?:dot|cross) product (\S+ [.x] \S+)\.",
    )  # docs/answers.md

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        op, size = knobs["operation"], knobs["entries"]
        dim = knobs["dimension"] if op in ("dot", "projection", "cosine") else 3
        count = 3 if op == "volume" else 2
        while True:
            vectors = [[rng.randint(-size, size) for _ in range(dim)] for _ in range(count)]
            value, extra = _compute(op, vectors, rng)
            if value is not None:
                break
        shown, names = _describe(rng, vectors, knobs["points"], size)
        form, element, wording = _FORMS[op]
        u, v = names[0], names[1]
        ask = {
            "dot": f"Compute the dot product {u} . {v}.",
            "cross": f"Compute the cross product {u} x {v}.",
            "projection": f"Compute the vector projection of {u} onto {v}.",
            "cosine": f"Find the cosine of the angle between {u} and {v}.",
        }.get(op)
        if op == "area":
            if knobs["points"]:
                ask = "Find the area of the " + (
                    "triangle ABC." if extra else "parallelogram with sides AB and AC."
                )
            else:
                shape = "triangle with vertices 0, u and v" if extra else "parallelogram"
                ask = f"Find the area of the {shape} spanned by u and v."
        elif op == "volume":
            if knobs["points"]:
                ask = "Find the volume of the " + (
                    "tetrahedron ABCD." if extra else "parallelepiped with edges AB, AC, AD."
                )
            else:
                shape = "tetrahedron with vertices 0, u, v and w" if extra else "parallelepiped"
                ask = f"Find the volume of the {shape} spanned by u, v and w."
        question = f"{shown}\n{ask} Give {wording}."
        meta = {
            "operation": op,
            "vectors": vectors,
            "points": knobs["points"],
            "form": form,
            "element": element,
        }
        return Draft(question, value, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        return judge_value(problem, answer, meta["form"], element=meta["element"])

    def complexity(self, problem: Problem) -> float:
        """Operation rank, coordinates and their digits, and the answer's length."""
        meta = problem.meta
        rank = list(_FORMS).index(meta["operation"])
        digits = sum(len(str(abs(x))) for v in meta["vectors"] for x in v)
        points = 4 if meta["points"] else 0
        return 4 * rank + digits + len(problem.answer) + points


def _compute(op: str, vectors: list[list[int]], rng: random.Random) -> tuple[str | None, bool]:
    """The answer text (None to redraw: degenerate vectors) and whether the half/sixth
    variant (triangle, tetrahedron) was chosen."""
    u, v = vectors[0], vectors[1]
    dot = sum(a * b for a, b in zip(u, v))
    if not any(u) or not any(v):
        return None, False
    if op == "dot":
        return str(dot), False
    if op == "projection":
        if dot == 0:
            return None, False
        scale = Fraction(dot, sum(b * b for b in v))
        return vector_text([scale * b for b in v]), False
    if op == "cosine":
        if dot == 0:
            return None, False
        return _surd(Fraction(dot), sum(a * a for a in u) * sum(b * b for b in v)), False
    cross = _cross(u, v)
    if op == "cross":
        return (vector_text(cross) if any(cross) else None), False
    if op == "area":
        norm = sum(c * c for c in cross)
        if norm == 0:
            return None, False
        half = rng.random() < 0.5
        return _root(Fraction(1, 2 if half else 1), norm), half
    volume = abs(determinant(vectors))
    if volume == 0:
        return None, False
    sixth = rng.random() < 0.5
    return fraction_text(Fraction(volume, 6 if sixth else 1)), sixth


def _cross(u: list[int], v: list[int]) -> list[int]:
    return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]


def _root(coefficient: Fraction, n: int) -> str:
    """``coefficient * sqrt(n)`` simplified: ``3sqrt(5)/2``."""
    s, d = square_part(n)
    return _radical_text(coefficient * s, d)


def _surd(numerator: Fraction, q: int) -> str:
    """``numerator / sqrt(q)`` with a rational denominator: ``numerator sqrt(d) / (s d)``."""
    s, d = square_part(q)
    return _radical_text(numerator / (s * d) if d > 1 else numerator / s, d)


def _radical_text(c: Fraction, d: int) -> str:
    if d == 1:
        return fraction_text(c)
    sign = "-" if c < 0 else ""
    c = abs(c)
    head = "" if c.numerator == 1 else str(c.numerator)
    tail = "" if c.denominator == 1 else f"/{c.denominator}"
    return f"{sign}{head}sqrt({d}){tail}"


def _describe(
    rng: random.Random, vectors: list[list[int]], points: bool, size: int
) -> tuple[str, list[str]]:
    """The prompt's first line(s) and the vectors' names (``u, v, w`` or ``AB, AC, AD``)."""
    if not points:
        names = ["u", "v", "w"][: len(vectors)]
        listed = ", ".join(f"{n} = {vector_text(x)}" for n, x in zip(names, vectors))
        return f"Let {listed}.", names
    origin = [rng.randint(-size, size) for _ in vectors[0]]
    labels = "ABCD"[: len(vectors) + 1]
    spots = [origin] + [[o + x for o, x in zip(origin, v)] for v in vectors]
    listed = ", ".join(f"{label} = {vector_text(p)}" for label, p in zip(labels, spots))
    names = ["AB", "AC", "AD"][: len(vectors)]
    return f"Consider the points {listed}.", names
