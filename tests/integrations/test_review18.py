"""Review of issue 18's Ray backends and verifiers taskset, as a hostile model and a demanding
user.

* Export on Ray resumed from whatever lies in the shard directory: a truncated shard, one
  copied from another export, a directory whose manifest is gone or unreadable. Before the
  fix each was joined in as it was (the output silently differed from the local export).
* ``verify_batch(backend="ray")`` on hostile completions with repeated problems; the feed
  actor under concurrent reports of one problem.
* The verifiers taskset on a reply with lone surrogates (it raised), an eval ``n`` past the
  frozen set (silently fewer tasks), and train draws against the frozen set.

The digest check runs in any venv; the Ray tests in scripts/ray_test.sh's venv (a local
2-CPU cluster on loopback, shut down at the end), the verifiers ones in
scripts/verifiers_test.sh's; elsewhere they are skipped.
"""

from __future__ import annotations

import filecmp
import importlib.util
import os
import shutil
import threading
import types
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs import EVAL_SEEDS
from rlvr_envs.export import export
from rlvr_envs.integrations import ray as backend

HAS_RAY = os.environ.get("RLVR_REQUIRE_RAY") == "1" or importlib.util.find_spec("ray")
HAS_VF = os.environ.get("RLVR_REQUIRE_VERIFIERS") == "1" or (
    importlib.util.find_spec("verifiers") and importlib.util.find_spec("rlvr_envs_taskset")
)
needs_ray = pytest.mark.skipif(not HAS_RAY, reason="ray is not installed (scripts/ray_test.sh)")
needs_vf = pytest.mark.skipif(
    not HAS_VF, reason="verifiers is not installed (scripts/verifiers_test.sh)"
)
SOURCE = ["rlvr/Arithmetic-v0", "rlvr/ShortestPath-v0"]
MANIFEST = {"n": 12, "seed": 3, "format": "jsonl"}


# -- the shard digest, without Ray -----------------------------------------------------------
def _shard(tmp: Path, start: int = 0, seed: int = 3) -> tuple[bytes, bytes, Path]:
    specs = list(backend.draw_specs(SOURCE, 4, seed=seed))
    data = backend._shard_lines(specs, start, "jsonl", None, True)
    key = backend._shard_key(MANIFEST, start, specs)
    path = backend._shard_path(tmp, 0, key, data)
    path.write_bytes(data)
    return key, data, path


@settings(max_examples=40, deadline=None)
@given(cut=st.integers(0, 10**6), flip=st.integers(0, 10**6), mode=st.sampled_from("tfa"))
def test_a_changed_shard_never_passes_its_digest(tmp_path_factory, cut, flip, mode):
    tmp = tmp_path_factory.mktemp("shard")
    key, data, path = _shard(tmp)
    assert backend._finished_shard(tmp, 0, key) == path  # intact: reused
    if mode == "t":  # truncated (the last line cut short, or more)
        changed = data[: cut % len(data)]
    elif mode == "f":  # one byte edited
        i = flip % len(data)
        changed = data[:i] + bytes([data[i] ^ 0x01]) + data[i + 1 :]
    else:  # a line appended
        changed = data + data.splitlines(keepends=True)[0]
    path.write_bytes(changed)
    assert backend._finished_shard(tmp, 0, key) is None
    assert list(tmp.iterdir()) == []  # the bad file is gone, not left to be joined later


def test_a_shard_of_other_specs_or_arguments_never_passes(tmp_path):
    key, _, _ = _shard(tmp_path, seed=3)
    other = tmp_path / "other"
    other.mkdir()
    _, _, foreign = _shard(other, seed=4)  # another export's shard 0, under its own name
    shutil.copy(foreign, tmp_path / "000000.jsonl")  # and under the old layout's name
    for path in tmp_path.glob("000000-*.jsonl"):
        path.unlink()
    shutil.copy(foreign, tmp_path / foreign.name)
    assert backend._finished_shard(tmp_path, 0, key) is None
    specs = list(backend.draw_specs(SOURCE, 4, seed=3))
    assert backend._shard_key(MANIFEST, 0, specs) != backend._shard_key(MANIFEST, 4, specs)
    assert backend._shard_key(MANIFEST, 0, specs) != backend._shard_key(
        {**MANIFEST, "format": "parquet"}, 0, specs
    )


# -- Ray ---------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def ray_cluster():
    os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()


def _exported(tmp: Path, name: str, **options) -> backend.ShardedExport:
    args = {"n": 20, "seed": 3, "shard_size": 6, "progress": False, "keep_shards": True}
    return backend.export_sharded(SOURCE, tmp / name, **{**args, **options})


@needs_ray
def test_export_resume_makes_bad_shards_again_and_never_mixes_them_in(tmp_path, ray_cluster):
    local = export(SOURCE, tmp_path / "local.jsonl", n=20, seed=3, progress=False)
    out, shards = tmp_path / "a.jsonl", tmp_path / "a.jsonl.shards"
    assert _exported(tmp_path, "a.jsonl").reused == 0
    # 1. the last line of shard 1 cut short
    (one,) = shards.glob("000001-*.jsonl")
    one.write_bytes(one.read_bytes()[:-40])
    out.unlink()
    assert _exported(tmp_path, "a.jsonl").reused == 3
    assert filecmp.cmp(local, out, shallow=False)
    # 2. shard 2 replaced by another export's shard 2 (same arguments but the seed)
    _exported(tmp_path, "b.jsonl", seed=4)
    (mine,) = shards.glob("000002-*.jsonl")
    (theirs,) = (tmp_path / "b.jsonl.shards").glob("000002-*.jsonl")
    mine.unlink()
    shutil.copy(theirs, shards / theirs.name)
    assert _exported(tmp_path, "a.jsonl").reused == 3
    assert filecmp.cmp(local, out, shallow=False)
    # 3. the manifest gone, every shard another export's: none reused, none mixed in
    shutil.rmtree(shards)
    shutil.copytree(tmp_path / "b.jsonl.shards", shards)
    (shards / "manifest.json").unlink()
    assert _exported(tmp_path, "a.jsonl").reused == 0
    assert filecmp.cmp(local, out, shallow=False)
    # 4. an unreadable manifest: refused, naming the fix
    (shards / "manifest.json").write_text("{not json")
    with pytest.raises(ValueError, match=r"not a readable manifest.*delete"):
        _exported(tmp_path, "a.jsonl")
    # 5. the intact directory: nothing made again, and Ray is not even needed for it
    shutil.rmtree(shards)
    _exported(tmp_path, "a.jsonl")
    assert _exported(tmp_path, "a.jsonl").reused == 4


@needs_ray
def test_ray_verdicts_equal_local_ones_in_order_with_repeats(ray_cluster):
    task = rlvr_envs.make_task("rlvr/LinearEquation-v0")
    problems = [task.generate(seed, 0.5) for seed in range(4)]
    right = [rlvr_envs.oracle_completion(p) for p in problems]
    hostile = [
        right[0],
        "\ud800" + right[0],
        "<answer>" + "9**" * 40 + "9</answer>",
        [{"role": "assistant", "content": right[1]}],
        [{"role": "assistant", "content": None}],
        "[" * 50_000,
        right[1],  # the other problem's answer
        "",
    ]
    pairs = [(problems[i % 2], hostile[j]) for i in range(3) for j in range(len(hostile))]
    pairs += [(problems[3], right[3])] * 5  # one pair, many times
    batch_problems, completions = zip(*pairs)
    local = rlvr_envs.verify_batch(list(batch_problems), list(completions), timeout=5)
    remote = rlvr_envs.verify_batch(
        list(batch_problems), list(completions), backend="ray", workers=2, timeout=5
    )
    assert [v.to_dict() for v in remote] == [v.to_dict() for v in local]
    assert [v.reward for v in remote[-5:]] == [1.0] * 5
    assert remote[0].reward == 1.0 and remote[1 + len(hostile)].reward == 0.0


@needs_ray
def test_the_feed_actor_takes_each_place_once_under_concurrent_reports(ray_cluster):
    from rlvr_envs.curriculum import TaskSpace, make_teacher
    from rlvr_envs.curriculum.feed import FeedError

    teacher = make_teacher("uniform", TaskSpace(["rlvr/Arithmetic-v0"]), seed=0)
    client = backend.feed_actor(teacher, group_size=2, block=2)
    (item, _) = client.take(2)
    results: list[object] = []
    lock = threading.Lock()

    def report() -> None:
        try:
            outcome = client.report(item.problem_id, 1.0)
        except FeedError as exc:
            outcome = exc
        with lock:
            results.append(outcome)

    threads = [threading.Thread(target=report) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert len(results) == 8
    errors = [r for r in results if isinstance(r, FeedError)]
    outcomes = [r for r in results if r is not None and not isinstance(r, FeedError)]
    assert len(errors) == 6 and len(outcomes) == 1  # two places: one None, one Outcome
    assert outcomes[0].rewards == [1.0, 1.0]
    for unknown in ("p99", "", None, 5, item.problem_id + " "):
        with pytest.raises(FeedError, match="unknown problem id"):
            client.report(unknown, 1.0)
    assert client.pending == 1


# -- verifiers ---------------------------------------------------------------------------------
def _taskset(**options):
    from rlvr_envs_taskset import RlvrConfig, RlvrTaskset

    return RlvrTaskset(RlvrConfig(id="rlvr-envs-taskset", **options))


@needs_vf
def test_a_reply_with_lone_surrogates_gets_our_verifiers_reward():
    import asyncio

    (task,) = list(_taskset(envs=["rlvr/Arithmetic-v0"], n=1).load())
    problem = rlvr_envs.Problem.from_dict(task.data.info["problem"])
    for reply in ("\ud800" + rlvr_envs.oracle_completion(problem), "\udfff<answer>1</answer>"):
        trace = types.SimpleNamespace(last_reply=reply, info={})  # what the reward reads
        reward = asyncio.run(task.rlvr_reward(trace))
        assert reward == rlvr_envs.verify(problem, reply).reward
        assert trace.info["verdict"] == rlvr_envs.verify(problem, reply).to_dict()


@needs_vf
def test_an_eval_n_past_the_frozen_set_is_refused():
    size = len(rlvr_envs.load_suite("demo-v0").load_eval_set())
    assert len(list(_taskset(suite="demo-v0", split="eval", n=size).problems())) == size
    with pytest.raises(ValueError, match=f"has {size} problems: pass n <= {size}"):
        _taskset(suite="demo-v0", split="eval", n=size + 1)


@needs_vf
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(-(2**70), 2**70))
def test_training_tasks_never_meet_the_frozen_set(seed):
    frozen = {p.content_hash() for p in rlvr_envs.load_suite("demo-v0").load_eval_set()}
    train = list(_taskset(suite="demo-v0", n=30, seed=seed).problems())
    assert all(p.seed not in EVAL_SEEDS for p in train)
    assert not frozen & {p.content_hash() for p in train}
