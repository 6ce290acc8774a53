"""What ``rlvr/MealyMachine-v0`` must do beyond the generic family contract: the hidden
machine with its states renamed scores 1, a changed output or a missing transition scores
0, and so does a machine with more states than allowed."""

from __future__ import annotations

import itertools
import re

from tests.families.induction.helpers import _gen, _score

ENV = "rlvr/MealyMachine-v0"


def _table(answer):
    return {
        (int(s), a): (int(t), o) for s, a, t, o in re.findall(r"(\d+) (\w) -> (\d+) (\w)", answer)
    }


def _write(table):
    return "; ".join(f"{s} {a} -> {t} {o}" for (s, a), (t, o) in sorted(table.items()))


def _runs(table, word):
    state, out = 1, ""
    for a in word:
        state, o = table[(state, a)]
        out += o
    return out


def test_renamed_machines_score_one_and_broken_ones_zero():
    for seed in range(10):
        problem = _gen(ENV, seed, 0.5)
        table, n = _table(problem.answer), problem.meta["states"]
        for w, o in problem.meta["traces"]:
            assert _runs(table, w) == o
        for perm in itertools.permutations(range(2, n + 1)):
            rename = {1: 1, **dict(zip(range(2, n + 1), perm))}
            renamed = {(rename[s], a): (rename[t], o) for (s, a), (t, o) in table.items()}
            assert _score(problem, _write(renamed)) == 1.0
        for key in table:
            flipped = dict(table)
            t, o = table[key]
            flipped[key] = (t, "y" if o == "x" else "x")
            fits = all(_runs(flipped, w) == o for w, o in problem.meta["traces"])
            assert _score(problem, _write(flipped)) == float(fits)
        missing = dict(table)
        missing.pop((1, "a"))
        assert _score(problem, _write(missing)) == 0.0
        bigger = {**table, (n + 1, "a"): (1, "x"), (n + 1, "b"): (1, "x")}
        assert _score(problem, _write(bigger)) == 0.0
        one_state = "1 a -> 1 x; 1 b -> 1 y"
        assert _score(problem, one_state) == 0.0
