"""What ``rlvr/MatrixPooling-v0`` must do beyond the generic family contract: the output is
numpy's pooling (sliding windows at the stride) of the printed matrix; bracketed and
semicolon layouts are accepted, a transposed or rounded output is not."""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from tests.families.data.helpers import _gen, _score


def _text(v: Fraction) -> str:
    return str(v.numerator) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"


def test_the_output_is_numpys_pooling():
    for seed in range(30):
        problem = _gen("rlvr/MatrixPooling-v0", seed, seed / 29)
        grid = problem.prompt.split("):\n", 1)[1].split("\n\n", 1)[0]
        m = np.array([[int(v) for v in line.split()] for line in grid.splitlines()])
        kind, k, stride = re.search(
            r"Apply (\w+) pooling with a (\d) x \d window and stride (\d)", problem.prompt
        ).groups()
        k, stride = int(k), int(stride)
        windows = sliding_window_view(m, (k, k))[::stride, ::stride]
        if kind == "average":
            out = [[Fraction(int(w.sum()), k * k) for w in row] for row in windows]
        else:
            reduce = np.max if kind == "max" else np.min
            out = [[Fraction(int(reduce(w))) for w in row] for row in windows]
        lines = [", ".join(_text(v) for v in row) for row in out]
        assert _score(problem, "\n".join(lines)) == 1.0
        assert _score(problem, "; ".join(lines)) == 1.0
        assert _score(problem, "[[" + "], [".join(lines) + "]]") == 1.0
        transposed = [", ".join(_text(row[i]) for row in out) for i in range(len(out))]
        assert _score(problem, "\n".join(transposed)) == float(transposed == lines)
        rounded = [", ".join(str(round(v)) for v in row) for row in out]
        assert _score(problem, "\n".join(rounded)) == float(rounded == lines)
