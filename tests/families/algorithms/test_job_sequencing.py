"""What ``rlvr/JobSequencing-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/JobSequencing-v0"


def _feasible(jobs, deadlines):
    """A set of unit jobs fits iff the k-th earliest deadline is at least k."""
    return all(d >= k for k, d in enumerate(sorted(deadlines[j] for j in jobs), 1))


def _brute(meta):
    deadlines, profits = meta["deadlines"], meta["profits"]
    n = len(profits)
    best, witness = 0, ()
    for size in range(n + 1):
        for jobs in itertools.combinations(range(n), size):
            if _feasible(jobs, deadlines):
                value = sum(profits[j] for j in jobs)
                if value > best:
                    best, witness = value, jobs
    return best, witness


def _edf(jobs, deadlines):
    """Earliest deadline first, packed from slot 1 (a different schedule from the greedy's)."""
    return [j + 1 for j in sorted(jobs, key=lambda j: (deadlines[j], j))]


def test_the_optimum_matches_brute_force_and_another_schedule_scores_one():
    for seed in range(12):
        problem = _gen(ENV, seed, jobs=9, max_deadline=5)
        best, jobs = _brute(problem.meta)
        assert problem.meta["best"] == best == int(problem.answer.split(":")[0])
        order = _edf(jobs, problem.meta["deadlines"])
        assert _score(problem, f"{best}: " + ", ".join(map(str, order))).reward == 1.0
        assert _score(problem, f"{best}: " + " ".join(map(str, order)) + " -").reward == 1.0


def test_invalid_schedules_fail():
    problem = _gen(ENV, 4, jobs=10, max_deadline=5)
    meta = problem.meta
    value, slots = problem.answer.split(": ")
    slots = slots.split(", ")
    assert _score(problem, f"profit = {value}: [{', '.join(slots)}]").reward == 1.0
    late = next(j for j in range(10) if meta["deadlines"][j] < len(slots) + 1)
    moved = [*slots, *["-"] * (meta["deadlines"][late] - len(slots)), str(late + 1)]
    tail = ["-"] * (len(slots) + 1 - len(moved))
    bad = f"{int(value) + meta['profits'][late]}: " + ", ".join(moved + tail)
    if str(late + 1) not in slots:
        assert "deadline" in _score(problem, bad).details["why"]
    assert _score(problem, f"{value}: {', '.join(slots)}, {slots[0]}").reward == 0.0
    assert _score(problem, f"{value}: {', '.join(slots[:-1])}, 99").reward == 0.0
    assert _score(problem, f"{int(value) + 1}: {', '.join(slots)}").reward == 0.0
    real = [s for s in slots if s != "-"]
    short = f"{int(value) - meta['profits'][int(real[-1]) - 1]}: " + ", ".join(
        s if s != real[-1] else "-" for s in slots
    )
    verdict = _score(problem, short)
    assert verdict.reward == 0.0 and 0 < verdict.score < 1
    for junk in ["0", "0: -", "none", "-1", value, f"{value} or 3: 1", "job 1: deadline 2",
                 f"{problem.answer} because"]:  # fmt: skip
        assert _score(problem, junk).reward == 0.0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), data=st.data())
def test_changed_slots_are_judged_like_an_independent_check(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    meta = problem.meta
    assert _score(problem, problem.answer).reward == 1.0
    slots = [None if s == "-" else int(s) for s in problem.answer.split(": ")[1].split(", ")]
    i = data.draw(st.integers(0, len(slots) - 1))
    slots[i] = data.draw(st.one_of(st.none(), st.integers(1, len(meta["profits"]))))
    jobs = [j for j in slots if j is not None]
    value = sum(meta["profits"][j - 1] for j in jobs)
    ok = (
        len(set(jobs)) == len(jobs)
        and all(j is None or t <= meta["deadlines"][j - 1] for t, j in enumerate(slots, 1))
        and value == meta["best"]
    )
    text = f"{value}: " + ", ".join("-" if j is None else str(j) for j in slots)
    assert (_score(problem, text).reward == 1.0) == ok


def test_an_empty_slot_between_commas_is_unparsable_not_read_away():
    """Review: ``V: a,, b`` was read as ``V: a, b``, so a writer meaning an idle slot between
    a and b (job b late) scored 1 for the packed schedule. And ``0`` was an idle mark though
    the prompt's is ``-`` and 0 could be a 0-based job number. Both are unparsable now."""
    for seed in range(30):
        problem = _gen(ENV, seed, difficulty=0.6)
        value, slots = problem.answer.split(": ")
        slots = slots.split(", ")
        if len(slots) < 2:
            continue
        doubled = f"{value}: {slots[0]},, " + ", ".join(slots[1:])
        assert _score(problem, doubled).reason == "unparsable", doubled
        listed = ", ".join(slots)
        for bad in [f"{value}: [{listed}", f"{value}: {listed})", f"{value}: {listed},",
                    f"{value}: {listed}, 0"]:  # fmt: skip
            assert _score(problem, bad).reward == 0.0, bad
        for fine in [f"{value}: ({', '.join(slots)})", f"{value}: {' '.join(slots)} - -",
                     f"{value}: {', '.join(slots)}, idle"]:  # fmt: skip
            assert _score(problem, fine).reward == 1.0, fine


def test_the_prompt_forbids_late_jobs_as_the_verifier_does():
    """Review: the prompt said a job "earns its profit only if it runs in a slot no later than
    its deadline", which lets a late job read as allowed but unpaid; the verifier rejects a
    late job, so the prompt must say a job may not run after its deadline."""
    problem = _gen(ENV, 1, difficulty=0.5)
    assert "may run only in a slot no later than its deadline" in problem.prompt
    assert "only if it runs" not in problem.prompt
