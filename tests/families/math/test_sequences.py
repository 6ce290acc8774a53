"""What ``rlvr/Sequences-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from tests.families.math.helpers import _gen


# -- sequences and word problems ---------------------------------------------------------------
@pytest.mark.parametrize("kind", ["arithmetic", "geometric", "quadratic", "cubic", "recurrence"])
def test_sequences_follow_their_stated_rule(kind):
    for seed in range(25):
        problem = _gen("rlvr/Sequences-v0", seed, kind=kind, shown=4, ahead=3)
        shown = problem.meta["shown"]
        if kind == "recurrence":
            a1, a2, a3, a4 = shown[:4]
            det = a2 * a2 - a1 * a3
            assert det != 0  # p and q are fixed by the shown terms
            p, q = Fraction(a3 * a2 - a4 * a1, det), Fraction(a4 * a2 - a3 * a3, det)
            seq = list(shown)
            while len(seq) < problem.meta["position"]:
                seq.append(p * seq[-1] + q * seq[-2])
            assert seq[: len(shown)] == shown
        else:
            degree = {"arithmetic": 1, "quadratic": 2, "cubic": 3}.get(kind)
            if degree is None:  # geometric
                ratio = Fraction(shown[1], shown[0])
                seq = [shown[0] * ratio**i for i in range(problem.meta["position"])]
            else:
                n = sympy.Symbol("n")
                poly = sympy.interpolate(list(enumerate(shown[: degree + 1], 1)), n)
                seq = [poly.subs(n, i) for i in range(1, problem.meta["position"] + 1)]
            assert seq[: len(shown)] == shown
        assert int(problem.answer) == seq[-1]
        assert len(shown) >= {"arithmetic": 3, "geometric": 3, "quadratic": 4}.get(kind, 5)
