"""What ``rlvr/OddOneOut-v0`` must do beyond the generic family contract: every (number,
property) pair scores 1 exactly when the other numbers all have the property and the named
one does not (judged here with sympy's primality and square tests), and half an answer
earns nothing."""

from __future__ import annotations

import sympy

from tests.families.induction.helpers import _gen, _score

PROPERTIES = {
    "even": lambda n: n % 2 == 0,
    "odd": lambda n: n % 2 == 1,
    "prime": sympy.isprime,
    "square": lambda n: sympy.sqrt(n).is_integer,
    "even digit sum": lambda n: sum(map(int, str(n))) % 2 == 0,
    "odd digit sum": lambda n: sum(map(int, str(n))) % 2 == 1,
    "increasing digits": lambda n: all(a < b for a, b in zip(str(n), str(n)[1:])),
    **{f"multiple of {k}": (lambda k: lambda n: n % k == 0)(k) for k in range(3, 10)},  # noqa: B023
    **{f"ends in {d}": (lambda d: lambda n: str(n).endswith(str(d)))(d) for d in range(10)},  # noqa: B023
}


def test_every_pair_scores_one_exactly_when_it_is_a_witness():
    several = 0
    for seed in range(8):
        problem = _gen("rlvr/OddOneOut-v0", seed, 0.5)
        items = problem.meta["items"]
        right = []
        for odd in items:
            for name, prop in PROPERTIES.items():
                valid = not prop(odd) and all(prop(n) for n in items if n != odd)
                assert _score(problem, f"{odd}; {name}") == float(valid), (odd, name)
                right += [(odd, name)] * valid
        assert right and problem.answer in [f"{o}; {n}" for o, n in right]
        several += len(right) > 1
        odd, name = problem.answer.split("; ")
        assert _score(problem, odd) == 0.0 and _score(problem, name) == 0.0
        assert _score(problem, f"{odd}; the others are all {name}") == 1.0
        plural = name.replace("multiple of", "multiples of").replace("ends in", "end in")
        assert _score(problem, f"{odd}; the others are all {plural}") == 1.0
        assert _score(problem, f"{int(odd) + 1}; {name}") == 0.0  # not in the list
        assert _score(problem, f"{odd}; multiple of 11") == 0.0
