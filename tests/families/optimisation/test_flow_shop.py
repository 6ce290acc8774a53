"""What ``rlvr/FlowShop-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from tests.families.optimisation.helpers import _gen, _verdict, gap

ENV = "rlvr/FlowShop-v0"


def _makespan(times, order):
    """The schedule laid out machine by machine: start = max(machine free, job's previous)."""
    m = len(times[0])
    free = [0] * m
    for job in order:
        end = 0
        for k in range(m):
            start = max(free[k], end)
            end = start + times[job][k]
            free[k] = end
    return free[-1]


def test_every_order_is_graded_against_the_tenth_best():
    for seed in range(6):
        problem = _gen(ENV, seed, 0.3)
        times = problem.meta["times"]
        spans = {o: _makespan(times, o) for o in itertools.permutations(range(len(times)))}
        ranked = sorted(spans.values())
        assert (ranked[0], ranked[len(ranked) // 10]) == (
            problem.meta["best"], problem.meta["baseline"])  # fmt: skip
        for order, span in itertools.islice(spans.items(), 0, None, 7):
            verdict = _verdict(problem, " ".join(str(j + 1) for j in order))
            assert verdict.reward == gap(span, ranked[len(ranked) // 10], ranked[0])
            assert verdict.correct == (span == ranked[0])


def test_partial_and_repeated_orders_are_refused():
    problem = _gen(ENV, 1, 0.5)
    jobs = problem.answer.split()
    assert _verdict(problem, " ".join(jobs[:-1])).reward == 0.0
    assert _verdict(problem, " ".join([*jobs[:-1], jobs[0]])).reward == 0.0
