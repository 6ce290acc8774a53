"""MatrixPooling: max, min or average pooling of a matrix with a stated window and stride.

A square matrix of small integers is pooled with a ``k x k`` window moved ``s`` entries at a
time (no padding: a window never leaves the matrix), as in a convolutional network's pooling
layer. Each output entry is the maximum, minimum or exact average of its window.

Answer syntax: the output matrix, one row per line (or rows separated by ``;``), values
separated by commas; averages as integers or fractions in lowest terms (``3, 5/2\\n7, 1``).

Knobs: ``size`` (4 -> 10), ``kernel`` (window side, 2 -> 3), ``overlap`` (stride one less
than the window instead of equal to it) and ``pool`` (``max``, ``min``, ``average``; easiest
first). Difficulty raises all four.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.data.matrices import matrix_text, read_matrix
from rlvr_envs.families.data.readers import AnswerError

POOLS = ("max", "min", "average")


def pool(matrix: list[list[int]], kernel: int, stride: int, kind: str) -> list[list[Fraction]]:
    n = len(matrix)
    out = []
    for r in range(0, n - kernel + 1, stride):
        row = []
        for c in range(0, n - kernel + 1, stride):
            window = [matrix[i][j] for i in range(r, r + kernel) for j in range(c, c + kernel)]
            value = {"max": max, "min": min}.get(kind)
            row.append(Fraction(value(window)) if value else Fraction(sum(window), len(window)))
        out.append(row)
    return out


class MatrixPooling(Family):
    """A pooled matrix: max, min or exact average over k x k windows at stride s."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 3, 12, default=6, easy=4, hard=10, doc="rows and columns"),
        "kernel": Knob("int", 2, 3, default=2, doc="window side"),
        "overlap": Knob("bool", default=False, doc="stride one less than the window"),
        "pool": Knob("categorical", choices=POOLS, default="max", doc="what a window gives"),
    }
    answer_syntax = (
        "the output matrix, one row per line, values separated by commas, averages as "
        "integers or fractions in lowest terms (e.g. 3, 5/2 on one line and 7, 1 on the next)"
    )
    answer_form = "matrix rows of exact numbers separated by commas"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, kernel, kind = int(knobs["size"]), int(knobs["kernel"]), knobs["pool"]
        n = max(n, kernel + 1)
        stride = kernel - 1 if knobs["overlap"] and kernel > 1 else kernel
        matrix = [[rng.randint(0, 20) for _ in range(n)] for _ in range(n)]
        out = pool(matrix, kernel, stride, kind)
        grid = "\n".join(" ".join(f"{v:>2}" for v in row) for row in matrix)
        what = {"max": "the largest entry", "min": "the smallest entry",
                "average": "the exact average of the entries"}[kind]  # fmt: skip
        question = (
            f"Matrix ({n} x {n}):\n{grid}\n\nApply {kind} pooling with a {kernel} x {kernel} "
            f"window and stride {stride} (the window starts at the top-left corner, moves "
            f"{stride} column{'s' if stride > 1 else ''} at a time along a row and {stride} "
            f"row{'s' if stride > 1 else ''} at a time down, and never leaves the matrix). "
            f"Each output entry is {what} of its window. Give the output matrix."
        )
        meta = {"matrix": matrix, "kernel": kernel, "stride": stride, "pool": kind}
        return Draft(question, matrix_text(out), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            got = read_matrix(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        meta = problem.meta
        want = pool(meta["matrix"], meta["kernel"], meta["stride"], meta["pool"])
        return Judgement.right() if got == want else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Output entries times window entries, times the pool's rank."""
        meta = problem.meta
        n, k, s = len(meta["matrix"]), meta["kernel"], meta["stride"]
        outputs = ((n - k) // s + 1) ** 2
        return outputs * k * k * (1 + POOLS.index(meta["pool"]))
