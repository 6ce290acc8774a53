"""``rlvr/ThinLens-v0``: the image solved with sympy lens by lens from the prompt."""

from __future__ import annotations

import re
from fractions import Fraction

import sympy

from tests.families.science.helpers import _gen, check_value


def test_the_image_solves_the_lens_equation():
    d_i = sympy.Symbol("d_i")
    for seed in range(40):
        problem = _gen("rlvr/ThinLens-v0", seed, seed / 39)
        text = problem.prompt
        lenses = [
            sympy.Integer(int(f)) * (1 if kind == "converging" else -1)
            for kind, f in re.findall(r"(converging|diverging) lens of focal length (\d+) cm", text)
        ]
        d_o = sympy.Integer(int(re.search(r"stands (\d+) cm", text).group(1)))
        gap = re.search(r"; (\d+) cm behind it", text)
        magnification = sympy.Integer(1)
        for k, f in enumerate(lenses):
            (image,) = sympy.solve(sympy.Eq(1 / f, 1 / d_o + 1 / d_i), d_i)
            magnification *= -image / d_o
            if k + 1 < len(lenses):
                d_o = int(gap.group(1)) - image
        expected = image if "Where is the final image" in text else magnification
        check_value(problem, Fraction(int(expected.p), int(expected.q)))
