"""What ``rlvr/Cryptarithm-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from tests.families.logic.helpers import _gen, _score


# -- cryptarithms ----------------------------------------------------------------------------
def test_cryptarithms_have_one_solution_by_brute_force():
    for seed, difficulty in itertools.product(range(10), (0.0, 0.4)):
        problem = _gen("rlvr/Cryptarithm-v0", seed, difficulty)
        words, hints = problem.meta["words"], problem.meta["hints"]
        letters = sorted(set("".join(words)) - set(hints))
        free = [d for d in range(10) if d not in hints.values()]
        solutions = []
        for digits in itertools.permutations(free, len(letters)):
            value = {**hints, **dict(zip(letters, digits))}
            if any(value[w[0]] == 0 for w in words if len(w) > 1):
                continue
            numbers = [int("".join(str(value[ch]) for ch in w)) for w in words]
            if sum(numbers[:-1]) == numbers[-1]:
                solutions.append(value)
        assert len(solutions) == 1
        expected = ", ".join(f"{k}={solutions[0][k]}" for k in sorted(solutions[0]))
        assert expected == problem.answer
        assert _score(problem, expected.lower().replace(", ", "; ")).reward == 1.0
