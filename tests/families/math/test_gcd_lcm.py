"""What ``rlvr/GcdLcm-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
import math

from tests.families.math.helpers import _gen


def test_gcd_lcm_answers():
    for seed, op in itertools.product(range(30), ["gcd", "lcm"]):
        problem = _gen("rlvr/GcdLcm-v0", seed, operation=op, count=3)
        numbers = problem.meta["numbers"]
        assert int(problem.answer) == (math.gcd if op == "gcd" else math.lcm)(*numbers)
    nontrivial = sum(int(_gen("rlvr/GcdLcm-v0", s).answer) > 1 for s in range(50))
    assert nontrivial > 35
