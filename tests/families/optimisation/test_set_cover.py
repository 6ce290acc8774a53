"""What ``rlvr/SetCover-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from tests.families.optimisation.helpers import _gen, _score, gap

ENV = "rlvr/SetCover-v0"


def test_the_optimum_is_the_smallest_cover_and_covers_are_graded():
    for seed in range(8):
        problem = _gen(ENV, seed, 0.3)
        sets = [set(s) for s in problem.meta["sets"]]
        everything = set(range(problem.meta["elements"]))
        covers = [c for size in range(1, len(sets) + 1)
                  for c in itertools.combinations(range(len(sets)), size)
                  if set().union(*(sets[j] for j in c)) == everything]  # fmt: skip
        assert min(map(len, covers)) == problem.meta["best"]
        for cover in covers[:30]:
            want = gap(len(cover), problem.meta["baseline"], problem.meta["best"])
            assert _score(problem, " ".join(f"S{j + 1}" for j in cover)) == want
            assert _score(problem, ", ".join(str(j + 1) for j in cover)) == want
        not_cover = next(c for c in itertools.combinations(range(len(sets)), 2)
                         if c not in covers)  # fmt: skip
        assert _score(problem, " ".join(str(j + 1) for j in not_cover)) == 0.0


def test_a_line_of_the_prompt_is_not_an_answer():
    problem = _gen(ENV, 4, 0.5)
    line = next(x for x in problem.prompt.splitlines() if x.startswith("S1:"))
    assert _score(problem, line) == 0.0
    assert _score(problem, problem.answer + " S99") == 0.0
