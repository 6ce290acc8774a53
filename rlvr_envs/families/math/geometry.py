"""What the geometry families share: exact radicals, points, polygons and their text.

Everything is integer and :class:`fractions.Fraction` arithmetic (no sympy in generators):
a radical value is a map from a square-free radicand ``d`` (1 for the rational part) to a
rational coefficient, written canonically as ``a + b sqrt(d) + ...`` (like terms collected),
which is the ``radical`` answer form of :mod:`rlvr_envs.mathcheck.forms`.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

from rlvr_envs.core import Draft, Judgement, Problem
from rlvr_envs.families.math.number_parts import square_part
from rlvr_envs.mathcheck import forms
from rlvr_envs.mathcheck.parse import ParseError, parse_with_units

Radical = dict[int, Fraction]
"""``{d: c}``: the value ``sum(c * sqrt(d))``, each ``d`` square-free (``1``: rational part)."""

Point = tuple[Fraction, ...]


# -- radicals ---------------------------------------------------------------------------------


def sqrt_of(value: Fraction | int) -> Radical:
    """The exact square root of a non-negative rational, denominator rationalised."""
    value = Fraction(value)
    if value < 0:
        raise ValueError("square root of a negative number")
    if value == 0:
        return {}
    # sqrt(p/q) = sqrt(p q) / q
    r, d = square_part(value.numerator * value.denominator)
    return {d: Fraction(r, value.denominator)}


def rad_add(*values: Radical) -> Radical:
    out: Radical = {}
    for value in values:
        for d, c in value.items():
            out[d] = out.get(d, Fraction(0)) + c
    return {d: c for d, c in out.items() if c != 0}


def rad_scale(value: Radical, factor: Fraction | int) -> Radical:
    return {d: c * factor for d, c in value.items() if c * factor != 0}


def rad_float(value: Radical) -> float:
    return sum(float(c) * math.sqrt(d) for d, c in value.items())


def _term_text(c: Fraction, body: str) -> str:
    """``|c| body`` as ``3sqrt(5)/2``, ``sqrt(5)/2``, ``7/3`` (no sign)."""
    c = abs(c)
    top = c.numerator
    head = str(top) if (top != 1 or not body) else ""
    text = f"{head}{body}"
    return text if c.denominator == 1 else f"{text}/{c.denominator}"


def rad_text(value: Radical, atom: str = "") -> str:
    """Canonical text: rational part first, then radicals by radicand (``2 - 3sqrt(5)/2``).

    ``atom`` (``pi``) multiplies every term: ``12pi + 4sqrt(3)pi``.
    """
    if not value:
        return "0"
    parts: list[str] = []
    for d in sorted(value):
        c = value[d]
        body = ("" if d == 1 else f"sqrt({d})") + atom
        term = _term_text(c, body)
        if not parts:
            parts.append(f"-{term}" if c < 0 else term)
        else:
            parts.append(f" - {term}" if c < 0 else f" + {term}")
    return "".join(parts)


def frac_text(value: Fraction | int) -> str:
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def rad_of(value: Fraction | int) -> Radical:
    return {1: Fraction(value)} if value != 0 else {}


# -- points and polygons ---------------------------------------------------------------------
def point_text(point: Iterable[Fraction | int]) -> str:
    return "(" + ", ".join(frac_text(c) for c in point) + ")"


def dist2(a: Sequence[Fraction | int], b: Sequence[Fraction | int]) -> Fraction:
    return sum((Fraction(x) - Fraction(y)) ** 2 for x, y in zip(a, b, strict=True))


def cross(o, a, b):
    """(a - o) x (b - o); exact for ints and Fractions alike."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _on_segment(p, q, r) -> bool:
    return min(p[0], r[0]) <= q[0] <= max(p[0], r[0]) and min(p[1], r[1]) <= q[1] <= max(p[1], r[1])


def segments_meet(p1, p2, p3, p4) -> bool:
    """Whether closed segments p1p2 and p3p4 share a point."""
    d1, d2 = cross(p3, p4, p1), cross(p3, p4, p2)
    d3, d4 = cross(p1, p2, p3), cross(p1, p2, p4)
    if ((d1 > 0 and d2 < 0) or (d1 < 0 and d2 > 0)) and (
        (d3 > 0 and d4 < 0) or (d3 < 0 and d4 > 0)
    ):
        return True
    return (
        (d1 == 0 and _on_segment(p3, p1, p4))
        or (d2 == 0 and _on_segment(p3, p2, p4))
        or (d3 == 0 and _on_segment(p1, p3, p2))
        or (d4 == 0 and _on_segment(p1, p4, p2))
    )


def is_simple(polygon: Sequence[Sequence[Fraction | int]]) -> bool:
    """A simple polygon: distinct vertices, no three consecutive collinear, no two
    non-adjacent edges meeting."""
    n = len(polygon)
    if n < 3 or len({tuple(p) for p in polygon}) != n:
        return False
    for i in range(n):
        if cross(polygon[i - 1], polygon[i], polygon[(i + 1) % n]) == 0:
            return False
    edges = [(polygon[i], polygon[(i + 1) % n]) for i in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if j == i + 1 or (i == 0 and j == n - 1):
                continue
            if segments_meet(*edges[i], *edges[j]):
                return False
    return True


def shoelace(polygon: Sequence[Sequence[Fraction | int]]) -> Fraction:
    """The signed area (positive when counter-clockwise)."""
    n = len(polygon)
    total = Fraction(0)
    for i in range(n):
        x1, y1 = polygon[i]
        x2, y2 = polygon[(i + 1) % n]
        total += Fraction(x1) * y2 - Fraction(x2) * y1
    return total / 2


def star_polygon(rng: random.Random, count: int, size: int, scale: int = 1) -> list[tuple]:
    """A random simple polygon on ``count`` vertices with coordinates ``k/scale``, |k| <= size
    * scale: points sorted by angle around the origin (star-shaped), redrawn until simple."""
    for _ in range(200):
        pts = {
            (rng.randint(-size * scale, size * scale), rng.randint(-size * scale, size * scale))
            for _ in range(count)
        }
        if len(pts) != count or (0, 0) in pts:
            continue
        ordered = sorted(pts, key=lambda p: math.atan2(p[1], p[0]))
        angles = [math.atan2(p[1], p[0]) for p in ordered]
        if len(set(angles)) != count:
            continue
        if is_simple(ordered) and shoelace(ordered) > 0:  # exact, on the integers
            return [(Fraction(x, scale), Fraction(y, scale)) for x, y in ordered]
    raise RuntimeError("no simple polygon found")  # pragma: no cover


# -- prompts and complexity ------------------------------------------------------------------
_NUMBER = re.compile(r"\d+")


def states_answer(question: str, answer: str) -> bool:
    """Whether the answer text appears as a number of the question (a copy would score)."""
    return answer in set(re.findall(r"-?\d+(?:/\d+)?", question))


def unstated_draft(
    draft: Callable[[random.Random, dict], Draft], rng: random.Random, knobs: dict
) -> Draft:
    """The first of up to 50 drafts whose answer is not a number the question states (a
    copy of it would score); the last draft if all 50 state it."""
    for _ in range(50):
        made = draft(rng, knobs)
        if not states_answer(made.question, made.answer):
            break
    return made


def content_complexity(problem: Problem) -> float:
    """Steps (meta), the digits in the prompt and the length of the answer."""
    digits = sum(len(m) for m in _NUMBER.findall(problem.prompt))
    return 6 * problem.meta.get("steps", 1) + digits + len(problem.answer)


# -- strict point-set answers ---------------------------------------------------------------
def _node_value(node) -> Radical:
    """The radical value of one coordinate written in the ``radical`` form, or ValueError."""
    terms = forms.radical_terms(node)
    out: Radical = {}
    for monomial, c in terms.items():
        if any(a[0] == "i" for a in monomial):
            raise ValueError("a complex coordinate")
        d = 1
        for a in monomial:
            d *= a[1]
        if c != 0:
            out[d] = c
    return out


def _key(value: Radical) -> tuple:
    return tuple(sorted(value.items()))


def check_point_set(answer: str, expected: list[list[dict]]) -> Judgement:
    """Judge a set of points ``(x1, y1), (x2, y2)`` (or in ``{}``, ``[]``, ``()``) in any order,
    each coordinate in simplified radical form, against ``expected`` (points of radicals with
    string keys, as stored in ``meta``)."""
    try:
        node, units = parse_with_units(answer)
    except (ParseError, RecursionError, ValueError, OverflowError):
        return Judgement.unparsable("not a list of points (x, y)")
    if units:  # ``parse`` alone would drop a trailing ``cm``
        return Judgement.wrong(form="units after the points")
    if node[0] == "seq" and node[1] == "{":
        items = node[3]
    elif (
        node[0] == "seq"
        and node[1] in "(["
        and node[3]
        and all(item[0] == "seq" and item[1] == "(" for item in node[3])
    ):  # the points bracketed as a whole: ((x1, y1), (x2, y2)) or [(x1, y1), (x2, y2)]
        items = node[3]
    elif node[0] == "list":
        items = node[1]
    else:
        items = [node]
    if len(items) > 16:
        return Judgement.unparsable("too many points")
    got: list[tuple] = []
    for item in items:
        if not (item[0] == "seq" and item[1] == "(" and item[2] == ")" and len(item[3]) == 2):
            return Judgement.unparsable("each point must be written (x, y)")
        try:
            got.append(tuple(_key(_node_value(c)) for c in item[3]))
        except (ValueError, RecursionError) as why:
            return Judgement.wrong(form=str(why))
    if len(set(got)) != len(got):
        return Judgement.wrong(form="a point listed twice")
    want = {
        tuple(_key({int(d): Fraction(c) for d, c in coord.items()}) for coord in p)
        for p in expected
    }
    if set(got) == want:
        return Judgement.right()
    return Judgement.wrong()


def rad_json(value: Radical) -> dict[str, str]:
    return {str(d): str(c) for d, c in sorted(value.items())}
