"""What ``rlvr/StackQueueSimulation-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/StackQueueSimulation-v0"


def _replay(kind, operations):
    """Replay the operations as written in the prompt, with collections.deque."""
    box, out = deque(), []
    for op in operations:
        name, *args = op.split()
        if name in ("push", "enqueue", "push_back"):
            box.extend(int(a) for a in args)
        elif name == "push_front":
            box.extendleft(int(a) for a in args)
        else:
            times = int(args[0]) if args else 1
            for _ in range(times):
                out.append(box.pop() if name in ("pop", "pop_back") else box.popleft())
    return out, list(box)


def _text(popped, final):
    return f"popped: {', '.join(map(str, popped))}; final: {', '.join(map(str, final))}"


@pytest.mark.parametrize("structure", ["stack", "queue", "deque"])
@pytest.mark.parametrize("batch", [False, True])
def test_an_independent_replay_gives_the_reference(structure, batch):
    for seed in range(15):
        problem = _gen(ENV, seed, structure=structure, batch=batch, operations=25)
        ops = problem.meta["operations"]
        assert "; ".join(ops) in problem.prompt
        popped, final = _replay(structure, ops)
        assert popped and final
        assert (popped, final) == (problem.meta["popped"], problem.meta["final"])
        assert _score(problem, _text(popped, final)).reward == 1.0


def test_other_spellings_of_the_right_answer_score_one():
    problem = _gen(ENV, 4, structure="queue", operations=12)
    popped, final = problem.meta["popped"], problem.meta["final"]
    p, f = " ".join(map(str, popped)), ", ".join(map(str, final))
    for text in [
        f"Popped: [{p}]\nFinal: [{f}]",
        f"final = {f}; popped = {p}",
        f"removed: {p}; remaining: ({f}).",
        f"**Popped:** {p}\n**Final:** `{f}`",
    ]:
        assert _score(problem, text).reward == 1.0, text


def test_wrong_answers_fail():
    problem = _gen(ENV, 9, structure="stack", operations=20)
    popped, final = problem.meta["popped"], problem.meta["final"]
    assert len(final) > 1 or len(popped) > 1
    half = _score(problem, _text(popped, final[::-1] if len(final) > 1 else [final[0] + 1]))
    assert half.reward == 0.0 and half.score == 0.5
    assert _score(problem, _text(final, popped)).reward == 0.0
    assert _score(problem, _text(popped, [*final, 1])).reward == 0.0
    for bad in ["popped: 3 or 4; final: 1", "3, 4", "popped: 1", "popped: x; final: 2",
                "popped: 1; final: 2; extra: 3", "popped: 1; popped: 2; final: 3"]:  # fmt: skip
        verdict = _score(problem, bad)
        assert verdict.reward == 0.0 and verdict.reason in ("unparsable", "wrong"), bad
    assert _score(problem, "popped: empty; final: empty").reward == 0.0
    echo = " ".join(problem.meta["operations"])
    assert _score(problem, echo).reward == 0.0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), data=st.data())
def test_a_changed_list_fails_and_the_replay_agrees(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    meta = problem.meta
    popped, final = _replay(meta["structure"], meta["operations"])
    assert _score(problem, _text(popped, final)).reward == 1.0
    which = data.draw(st.sampled_from(["popped", "final"]))
    values = list(meta[which])
    i = data.draw(st.integers(0, len(values) - 1))
    values[i] += data.draw(st.integers(1, 5))
    changed = (values, final) if which == "popped" else (popped, values)
    verdict = _score(problem, _text(*changed))
    assert verdict.reward == 0.0 and verdict.score == 0.5


def test_a_parenthetical_after_a_label_is_accepted_but_sections_stay_unique():
    problem = _gen(ENV, 5, 0.5)
    popped, final = (part.split(": ")[1] for part in problem.answer.split("; "))
    text = f"popped (in order): {popped}; final (bottom to top): {final}"
    assert _score(problem, text).reward == 1.0
    twice = f"popped (a): {popped}; popped (b): {popped}; final: {final}"
    assert _score(problem, twice).reward == 0.0
    assert _score(problem, f"popped: {popped}; final: {final} (bottom to top)").reward == 0.0


@pytest.mark.parametrize("seed", range(20))
def test_one_right_section_never_earns_reward_one(seed):
    problem = _gen(ENV, seed, 0.5)
    popped, final = (part.split(": ")[1] for part in problem.answer.split("; "))
    assert popped != final
    verdict = _score(problem, f"popped: {popped}; final: {popped}")
    assert verdict.reward == 0.0 and verdict.score == 0.5
