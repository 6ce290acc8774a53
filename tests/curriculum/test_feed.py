"""The curriculum feed: problems in order, rewards back by id from anywhere, the teacher
updated deterministically with whole groups."""

from __future__ import annotations

import json
import random
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rlvr_envs.core import EVAL_SEEDS, stable_seed
from rlvr_envs.curriculum import TaskSpace, TaskSpec, Teacher, make_teacher
from rlvr_envs.curriculum.feed import CurriculumFeed, FeedError, LookaheadError

ENVS = ["rlvr/Arithmetic-v0", "rlvr/LinearEquation-v0"]
G = 4


def feed(teacher: str = "learning-progress", **options) -> CurriculumFeed:
    space = TaskSpace(ENVS, bins=4)
    options = {"group_size": G, "block": 6, **options}
    return CurriculumFeed(make_teacher(teacher, space, seed=3), **options)


def reward_of(problem_id: str, k: int, env_id: str, difficulty: float | None) -> float:
    """A student that passes easy problems of the first env: a pure function of its input."""
    p = (0.9 if env_id == ENVS[0] else 0.3) * (1.0 - 0.8 * (difficulty or 0.0))
    return 1.0 if random.Random(stable_seed(problem_id, k)).random() < p else 0.0


def run(stream: CurriculumFeed, blocks: int, order: random.Random | None = None) -> list:
    """Read block by block; report every reward, in a shuffled order when ``order`` is given."""
    seen = []
    for _ in range(blocks):
        items = stream.take(stream.block)
        reports = [(item, k) for item in items for k in range(G)]
        if order is not None:
            order.shuffle(reports)
        for item, k in reports:
            r = reward_of(item.problem_id, k, item.spec.env_id, item.spec.difficulty)
            stream.report(item.problem_id, r)
        seen += [(item.problem_id, item.spec.to_dict(), item.problem.seed) for item in items]
    return seen


def test_problems_come_in_order_and_the_teacher_learns_from_whole_groups():
    stream = feed()
    before = json.dumps(stream.teacher.state_dict(), sort_keys=True)
    items = stream.take(6)
    assert [i.problem_id for i in items] == [f"p{k}" for k in range(6)]
    assert all(i.problem.env_id == i.spec.env_id for i in items)
    assert all(0 <= i.problem.seed < EVAL_SEEDS[0] for i in items)
    outcome = None
    for k in range(G):
        outcome = stream.report("p0", 1.0 if k else 0.0)
    assert outcome is not None and sorted(outcome.rewards) == [0.0, 1.0, 1.0, 1.0]
    assert outcome.problem["env_id"] == items[0].spec.env_id
    assert stream.teacher.episodes == 0  # the block is not complete yet
    for item in items[1:]:
        stream.report_group(item.problem_id, [1.0, 0.0, 0.0, 1.0])
    stream.take(1)  # the next block is drawn after the teacher saw the first one
    assert stream.teacher.episodes == 6
    assert json.dumps(stream.teacher.state_dict(), sort_keys=True) != before


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6))
def test_the_stream_depends_on_the_rewards_not_on_their_arrival_order(shuffle_seed):
    in_order = run(feed(), blocks=4)
    shuffled = run(feed(), blocks=4, order=random.Random(shuffle_seed))
    assert in_order == shuffled


def test_rewards_from_many_threads_give_the_same_stream_as_one_thread():
    baseline = run(feed(), blocks=3)
    stream = feed(wait=30.0)
    seen: list = []

    def reader() -> None:
        for _ in range(3):
            items = stream.take(stream.block)
            seen.extend((i.problem_id, i.spec.to_dict(), i.problem.seed) for i in items)
            for item in items:  # hand each completion to its own thread
                for k in range(G):
                    r = reward_of(item.problem_id, k, item.spec.env_id, item.spec.difficulty)
                    threading.Thread(target=stream.report, args=(item.problem_id, r)).start()

    thread = threading.Thread(target=reader)
    thread.start()
    thread.join(timeout=60)
    assert not thread.is_alive() and seen == baseline


def test_reading_past_the_lookahead_is_a_clear_error_and_a_larger_lookahead_allows_it():
    stream = feed(block=4)
    stream.take(4)
    with pytest.raises(LookaheadError, match="raise lookahead"):
        stream.take(1)
    wider = feed(block=4, lookahead=2)
    wider.take(4)
    wider.take(4)  # two blocks in flight
    with pytest.raises(LookaheadError):
        wider.take(1)


def test_rewards_for_unknown_or_finished_problems_are_errors():
    stream = feed()
    stream.take(2)
    with pytest.raises(FeedError, match="unknown problem id 'p9'"):
        stream.report("p9", 1.0)
    stream.report_group("p0", [1.0] * G)
    with pytest.raises(FeedError, match="already has its 4 rewards"):
        stream.report("p0", 1.0)
    with pytest.raises(FeedError, match="group size is 4"):
        stream.report_group("p1", [1.0, 0.0])
    for bad in (float("nan"), "high", None):
        with pytest.raises(FeedError):
            stream.report("p1", bad)
    stream.report("p1", 1.0)
    with pytest.raises(FeedError, match="one by one"):
        stream.report_group("p1", [1.0] * G)
    with pytest.raises(ValueError, match="group_size"):
        feed(group_size=0)


def test_correctness_and_advantages_reach_the_teacher_when_given():
    stream = feed()
    stream.take(1)
    for k in range(G):
        out = stream.report("p0", 0.2 + k, correct=k % 2 == 0, advantage=float(k))
    assert sorted(out.rewards) == [0.0, 0.0, 1.0, 1.0] and out.advantages is not None


def test_a_checkpoint_mid_block_resumes_to_the_same_stream():
    whole = feed()
    expected = run(whole, blocks=3)
    first = feed()
    seen = run(first, blocks=1)
    items = first.take(first.block)  # a block read, half reported: the checkpoint is taken here
    for item in items[:3]:
        for k in range(G):
            first.report(
                item.problem_id,
                reward_of(item.problem_id, k, item.spec.env_id, item.spec.difficulty),
            )
    state = json.loads(json.dumps(first.state_dict()))
    resumed = feed()
    resumed.load_state_dict(state)
    assert resumed.pending == 3
    for item in items[3:]:
        for k in range(G):
            resumed.report(
                item.problem_id,
                reward_of(item.problem_id, k, item.spec.env_id, item.spec.difficulty),
            )
    seen += [(i.problem_id, i.spec.to_dict(), i.problem.seed) for i in items]
    seen += run(resumed, blocks=1)
    assert seen == expected


class Seedless(Teacher):
    """Proposes difficulties and leaves the seed to whoever generates the problem."""

    name = "test-seedless"

    def sample(self, n: int) -> list[TaskSpec]:
        return [TaskSpec(ENVS[k % 2], 0.3) for k in range(n)]


def test_a_spec_without_a_seed_gets_the_trainers_seed_or_the_feeds_own():
    stream = CurriculumFeed(Seedless(TaskSpace(ENVS)), group_size=G, block=6)
    items = stream.take(3, seeds=[11, 12, 13])
    assert [i.problem.seed for i in items] == [11, 12, 13]
    more = stream.take(2)
    assert [i.problem.seed for i in more] == [stream.problem_seed(3), stream.problem_seed(4)]
    assert all(0 <= i.problem.seed < 2**31 - 1 for i in more)
    with pytest.raises(ValueError, match="2 seeds for 3"):
        stream.take(3, seeds=[1, 2])


# -- when the teacher learns -------------------------------------------------------------------
class Recorder:
    """A teacher that records every call the feed makes to it (what determinism is about)."""

    def __init__(self, inner: Teacher) -> None:
        self.inner, self.name, self.calls = inner, inner.name, []

    def sample(self, n: int) -> list[TaskSpec]:
        specs = self.inner.sample(n)
        self.calls.append(("sample", [s.to_dict() for s in specs]))
        return specs

    def update(self, outcomes: list) -> None:
        self.calls.append(("update", [o.to_dict() for o in outcomes]))
        self.inner.update(outcomes)

    def state_dict(self) -> dict:
        return self.inner.state_dict()

    def load_state_dict(self, state: dict) -> None:
        self.inner.load_state_dict(state)


def recorded(lookahead: int, block: int = 3, **options) -> CurriculumFeed:
    teacher = Recorder(make_teacher("learning-progress", TaskSpace(ENVS, bins=4), seed=3))
    return CurriculumFeed(teacher, group_size=G, block=block, lookahead=lookahead, **options)  # type: ignore[arg-type]


def schedule(stream: CurriculumFeed, problems: int, rng: random.Random, eager: float) -> list:
    """Take ``problems`` one at a time and report every completion, interleaved at random:
    with probability ``eager`` a step reports a completion (if any is owed), otherwise it
    takes a problem (reporting instead when the lookahead refuses). Returns the stream."""
    owed: list[tuple] = []
    seen: list = []

    def report_one() -> None:
        item, k = owed.pop(rng.randrange(len(owed)))
        r = reward_of(item.problem_id, k, item.spec.env_id, item.spec.difficulty)
        stream.report(item.problem_id, r)

    while len(seen) < problems or owed:
        if owed and (len(seen) == problems or rng.random() < eager):
            report_one()
            continue
        try:
            (item,) = stream.take(1)
        except LookaheadError:
            assert owed, "the lookahead refused a take with nothing left to report"
            report_one()
            continue
        seen.append((item.problem_id, item.spec.to_dict(), item.problem.seed))
        owed += [(item, k) for k in range(G)]
    return seen


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([1, 2, 3]))
def test_the_teachers_calls_do_not_depend_on_when_the_rewards_come(seed, lookahead):
    """Rewards reported as soon as possible or as late as the lookahead allows, in any
    order: the same problems, and the same sample/update calls in the same order."""
    rng = random.Random(seed)
    runs = []
    for eager in (1.0, 0.0, rng.random()):
        stream = recorded(lookahead)
        seen = schedule(stream, 4 * stream.block, random.Random(rng.random()), eager)
        assert stream.flush() == 0  # everything complete was learned already
        runs.append((seen, stream.teacher.calls, stream.stats()))
    assert runs[0] == runs[1] == runs[2]
    calls = [kind for kind, _ in runs[0][1]]
    # block j comes from a teacher that has learned exactly blocks 0 .. j - lookahead
    expected = ["sample"] * lookahead + ["update", "sample"] * 4
    assert calls == expected[: len(calls)] and calls.count("update") == 4


def test_a_complete_block_is_learned_at_once_and_stats_show_what_waits():
    stream = recorded(lookahead=2)
    items = stream.take(3)
    for item in items[1:]:
        stream.report_group(item.problem_id, [1.0, 0.0, 0.0, 1.0])
    assert stream.stats() == {
        "issued": 3, "open": 1, "waiting": 2, "learned": 0, "blocks_drawn": 1,
        "blocks_applied": 0, "next_update_missing": 1,
    }  # fmt: skip
    for k in range(G):
        stream.report("p0", float(k % 2))
    # block 1 was drawn first (as a lookahead-2 trainer would have), then block 0 learned
    assert [kind for kind, _ in stream.teacher.calls] == ["sample", "sample", "update"]
    assert stream.teacher.inner.episodes == 3
    assert stream.stats() == {
        "issued": 3, "open": 0, "waiting": 0, "learned": 3, "blocks_drawn": 2,
        "blocks_applied": 1, "next_update_missing": 3,
    }  # fmt: skip
    before = json.dumps(stream.state_dict(), sort_keys=True)
    assert stream.flush() == 0 and json.dumps(stream.state_dict(), sort_keys=True) == before
    later = stream.take(3)  # the block drawn early, not a new one
    assert [i.problem_id for i in later] == ["p3", "p4", "p5"] and stream.stats()[
        "blocks_drawn"
    ] == 2


def test_a_take_that_would_wait_for_its_own_problems_fails_at_once():
    import time

    stream = recorded(lookahead=2, wait=30.0)
    start = time.monotonic()
    with pytest.raises(LookaheadError, match=r"take\(7\) needs block 2"):
        stream.take(7)  # blocks 0, 1 and 2: block 2 waits for block 0's rewards
    assert time.monotonic() - start < 5
    assert [i.problem_id for i in stream.take(6)] == [f"p{k}" for k in range(6)]


def test_a_state_saved_with_a_complete_block_not_yet_applied_catches_up_on_load():
    """States written before blocks were applied at once (block 0 complete, block 1 drawn)."""
    old = recorded(lookahead=2)
    for item in old.take(3):
        old.report_group(item.problem_id, [1.0, 0.0, 1.0, 1.0])
    state = old.state_dict()
    assert state["applied"] == 1
    outcomes = next(args for kind, args in old.teacher.calls if kind == "update")
    state["applied"], state["remaining"] = 0, {"0": 0, "1": 3}
    state["done"] = {"0": [[i, o] for i, o in enumerate(outcomes)]}
    state["teacher"] = recorded(lookahead=2).teacher.state_dict()  # before the update
    fresh = recorded(lookahead=2)
    fresh.load_state_dict(state)
    assert fresh.stats()["learned"] == 3 and fresh.teacher.inner.episodes == 3


@pytest.mark.parametrize("teacher", ["uniform", "learning-progress", "alp-gmm"])
def test_knobs_a_suite_holds_to_a_range_stay_in_it(teacher):
    # compose-depth-v0 trains on depths 1..3 and evaluates on 4..6: a teacher that sets
    # only a difficulty drew depths 4..6 from the difficulty's map onto the whole knob range
    space = TaskSpace.from_suite("compose-depth-v0")
    feed = CurriculumFeed(make_teacher(teacher, space, seed=0), group_size=1, block=48)
    items = feed.take(48)
    depths = {item.problem.knobs["depth"] for item in items}
    assert depths <= {1, 2, 3} and len(depths) > 1
