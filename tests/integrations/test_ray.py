"""Ray backends on a local cluster that this module starts (2 CPUs, loopback only, no auth
token) and stops, checking by pid that none of its processes outlive it.

Runs in its own venv (scripts/ray_test.sh, RLVR_REQUIRE_RAY=1: a missing ray fails there);
in the main test venv, without ray, the module is skipped.
"""

from __future__ import annotations

import filecmp
import importlib.util
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.timing import wall_budget

if os.environ.get("RLVR_REQUIRE_RAY") != "1" and importlib.util.find_spec("ray") is None:
    pytest.skip("ray is not installed (scripts/ray_test.sh tests it)", allow_module_level=True)
# Before ray is imported: node addresses on loopback (ray reads this flag at import), and no
# token written to ~/.ray for a throwaway cluster.
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
os.environ.setdefault("RAY_AUTH_MODE", "disabled")
import ray

import rlvr_envs
from rlvr_envs import cli
from rlvr_envs.core import stable_seed
from rlvr_envs.curriculum import TaskSpace, make_teacher
from rlvr_envs.curriculum.feed import CurriculumFeed, FeedError, LookaheadError
from rlvr_envs.export import export
from rlvr_envs.integrations import ray as backend

ROOT = Path(__file__).resolve().parents[2]


def _children() -> dict[int, list[int]]:
    """Parent pid -> child pids, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8", errors="replace") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
    return children


def _descendants(roots: set[int]) -> set[int]:
    """``roots`` and every live process below them."""
    children = _children()
    found, todo = set(roots), list(roots)
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8", errors="replace") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.fixture(scope="module")
def cluster():
    """The cluster's processes: those ray.init starts under this process (GCS, raylet, ...),
    and below them the workers and the workers' sandbox jails, as the tests see them."""
    before = set(_children().get(os.getpid(), []))
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    seen = set(_children().get(os.getpid(), [])) - before
    node = ray.nodes()[0]["NodeManagerAddress"]
    assert node == "127.0.0.1", f"the test cluster must stay on loopback, got {node}"
    assert seen, "ray.init started no processes under this one"
    try:
        yield seen
    finally:
        seen |= _descendants(seen)
        ray.shutdown()
        deadline = time.monotonic() + 20
        while any(_alive(p) for p in seen) and time.monotonic() < deadline:
            time.sleep(0.2)
        left = sorted(p for p in seen if _alive(p))
        for pid in left:  # ours by construction: started under this process
            os.kill(pid, signal.SIGKILL)
        assert not left, f"processes of the Ray cluster outlived ray.shutdown(): {left}"


@pytest.fixture
def track(cluster):
    """Record the cluster's processes (workers come and go) for the final pid check."""
    yield
    cluster |= _descendants(cluster)


def _code_batch(count: int) -> tuple[list, list]:
    task = rlvr_envs.make_task("rlvr/FunctionSynthesis-v0")
    problems = [task.generate(seed=s, difficulty=0.4) for s in range(count)]
    hostile = [
        "```python\nwhile True:\n    pass\n```",
        "```python\nx = 'a' * (1 << 34)\n```",
        "```python\nimport os\nos.system('rm -rf /')\n```",
        "```python\nprint('x' * (1 << 24))\n```",
        "<answer>" + "9" * 50_000,
        [{"role": "assistant", "content": None}],
    ]
    completions = []
    for i, problem in enumerate(problems):
        if i % 3 == 0:
            completions.append(rlvr_envs.oracle_completion(problem))
        elif i % 3 == 1:
            completions.append("```python\ndef process_list(xs):\n    return xs\n```")
        else:
            completions.append(hostile[(i // 3) % len(hostile)])
    return problems, completions


def test_import_does_not_import_ray():
    code = "import sys, rlvr_envs, rlvr_envs.integrations.ray; assert 'ray' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, timeout=60)


def test_code_grading_on_ray_matches_the_local_pool_in_order(track):
    problems, completions = _code_batch(36)
    math_task = rlvr_envs.make_task("rlvr/Math-v0")
    for seed in range(12):  # a mixture beside the code family: dispatch on family
        problem = math_task.generate(seed=seed, difficulty=0.5)
        problems.append(problem)
        completions.append(rlvr_envs.oracle_completion(problem) if seed % 2 else "<answer>")
    local = rlvr_envs.verify_batch(problems, completions, timeout=2.0)
    started = time.monotonic()
    remote = rlvr_envs.verify_batch(problems, completions, timeout=2.0, backend="ray", workers=2)
    assert time.monotonic() - started < wall_budget(60)
    assert remote == local
    reasons = [v.reason for v in remote]
    assert reasons[0:36:3] == ["ok"] * 12 and "timeout" in reasons
    assert [v.reward for v in remote[37::2]] == [1.0] * 6
    chunks = backend.verify_batch(problems[:5], completions[:5], chunk_size=1, workers=1)
    assert chunks == local[:5]
    assert backend.verify_batch([], []) == []


def test_the_sandbox_jails_programs_inside_ray_workers(track):
    @ray.remote
    def jailed() -> tuple[int, str, str, str]:
        from rlvr_envs import sandbox

        result = sandbox.run("import os\nprint(os.getuid(), os.path.exists('/proc/1/environ'))")
        return os.getpid(), result.isolation, result.status, result.stdout.strip()

    pid, isolation, status, stdout = ray.get(jailed.remote())
    assert pid != os.getpid()
    assert (isolation, status, stdout) == ("jail", "ok", "1000 False")
    assert list(backend.check_nodes().values()) == ["jail"]  # one node here


def test_families_registered_at_run_time_are_graded_on_workers(track):
    from rlvr_envs.families.math.arithmetic import Arithmetic

    class RayArithmetic(Arithmetic):  # local: Ray pickles it by value
        name = "RayArithmetic"

    env_id = rlvr_envs.register(RayArithmetic, "rlvr/RayArithmetic", domain="math")
    problems = [rlvr_envs.make_task(env_id).generate(seed=s) for s in range(6)]
    completions = [rlvr_envs.oracle_completion(p) for p in problems]
    verdicts = rlvr_envs.verify_batch(problems, completions, backend="ray")
    assert [v.reward for v in verdicts] == [1.0] * 6


def test_setup_errors_raise_before_any_work():
    problem = rlvr_envs.make_task("rlvr/Arithmetic-v0").generate(seed=1).to_dict()
    with pytest.raises(ValueError, match="backend must be"):
        rlvr_envs.verify_batch([problem], ["x"], backend="spark")
    with pytest.raises(ValueError, match="completions"):
        rlvr_envs.verify_batch([problem], [], backend="ray")
    with pytest.raises(ValueError, match="chunk_size"):
        backend.verify_batch([problem], ["x"], chunk_size=0)
    problem["family"] = "Unregistered"
    with pytest.raises(ValueError, match="register"):
        rlvr_envs.verify_batch([problem], ["x"], backend="ray")


# -- export ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "source", ["demo-v0", ("rlvr/Arithmetic-v0", "rlvr/Sudoku-v0", "rlvr/Math-v0")]
)
def test_export_on_ray_writes_the_local_rows_in_the_local_order(tmp_path, source, track):
    source = list(source) if isinstance(source, tuple) else source
    local = export(source, tmp_path / "local.jsonl", n=53, seed=5, progress=False)
    sharded = export(
        source, tmp_path / "ray.jsonl", n=53, seed=5, progress=False, backend="ray", shard_size=8
    )
    assert filecmp.cmp(local, sharded, shallow=False)
    assert len(sharded.read_text().splitlines()) == 53
    assert not (tmp_path / "ray.jsonl.shards").exists()
    other = export(source, tmp_path / "o.jsonl", n=53, seed=6, progress=False, backend="ray")
    assert not filecmp.cmp(local, other, shallow=False)


def test_parquet_and_verl_exports_on_ray_equal_the_local_ones(tmp_path, track):
    pq = pytest.importorskip("pyarrow.parquet")
    options = {"n": 21, "seed": 2, "progress": False, "system_prompt": "Think."}
    local = export("demo-v0", tmp_path / "a.parquet", format="parquet", **options)
    sharded = export(
        "demo-v0", tmp_path / "b.parquet", format="parquet", backend="ray", shard_size=4, **options
    )
    assert pq.read_table(sharded).equals(pq.read_table(local))
    local = export("demo-v0", tmp_path / "va", format="verl", **options)
    sharded = export(
        "demo-v0", tmp_path / "vb", format="verl", backend="ray", shard_size=5, **options
    )
    for split in ("train", "eval"):
        assert pq.read_table(sharded / f"{split}.parquet").equals(
            pq.read_table(local / f"{split}.parquet")
        )
    indices = [
        r["extra_info"]["index"] for r in pq.read_table(sharded / "train.parquet").to_pylist()
    ]
    assert indices == list(range(21))


def test_an_interrupted_export_resumes_from_its_finished_shards(tmp_path, monkeypatch, track):
    out = tmp_path / "out.jsonl"
    written = []
    real = backend._write_shard

    def crash_after_two(path, data):
        if len(written) == 2:
            raise KeyboardInterrupt  # the driver stops here, mid-run
        real(path, data)
        written.append(path.name)

    monkeypatch.setattr(backend, "_write_shard", crash_after_two)
    source = ["rlvr/Arithmetic-v0", "rlvr/ShortestPath-v0"]
    with pytest.raises(KeyboardInterrupt):
        backend.export_sharded(source, out, n=40, seed=9, shard_size=6, workers=1, progress=False)
    shards = tmp_path / "out.jsonl.shards"
    assert sorted(p.name for p in shards.glob("0*.jsonl")) == sorted(written)
    assert not out.exists()
    monkeypatch.setattr(backend, "_write_shard", real)
    with pytest.raises(ValueError, match="shards of another export"):
        backend.export_sharded(source, out, n=40, seed=10, shard_size=6, progress=False)
    before = {p.name: p.stat().st_mtime_ns for p in shards.glob("0*.jsonl")}
    result = backend.export_sharded(
        source, out, n=40, seed=9, shard_size=6, progress=False, keep_shards=True
    )
    assert (result.shards, result.reused) == (7, 2)
    assert {n: (shards / n).stat().st_mtime_ns for n in before} == before  # not regenerated
    local = export(source, tmp_path / "local.jsonl", n=40, seed=9, progress=False)
    assert filecmp.cmp(local, out, shallow=False)


def test_cli_export_with_ray(tmp_path, capsys, track):
    args = ["export", "rlvr/Arithmetic-v0", "--n", "30", "--seed", "4", "--text"]
    assert cli.main([*args, "--out", str(tmp_path / "a.jsonl")]) == 0
    assert cli.main([*args, "--ray", "--shard-size", "7", "--out", str(tmp_path / "b.jsonl")]) == 0
    assert filecmp.cmp(tmp_path / "a.jsonl", tmp_path / "b.jsonl", shallow=False)
    with pytest.raises(ValueError, match="needs n"):
        export("rlvr/Arithmetic-v0", tmp_path / "c.jsonl", backend="ray", progress=False)


# -- the curriculum feed as an actor -------------------------------------------------------------
ENVS = ["rlvr/Arithmetic-v0", "rlvr/LinearEquation-v0"]
G = 4


def _teacher():
    return make_teacher("learning-progress", TaskSpace(ENVS, bins=4), seed=3)


def _reward(problem_id: str, k: int, env_id: str, difficulty: float | None) -> float:
    """A student that passes easy problems of the first env: a pure function of its input."""
    p = (0.9 if env_id == ENVS[0] else 0.3) * (1.0 - 0.8 * (difficulty or 0.0))
    return 1.0 if random.Random(stable_seed(problem_id, k)).random() < p else 0.0


@ray.remote(num_cpus=0.25)
def _rollout_worker(client: backend.FeedClient, steps: int, worker: int) -> list:
    """Take one problem at a time, report its group one completion at a time."""
    rng = random.Random(worker)
    seen = []
    for _ in range(steps):
        item = client.take(1)[0]
        order = list(range(G))
        rng.shuffle(order)
        for k in order:
            client.report(item.problem_id, _reward(item.problem_id, k, *_spec(item)))
        seen.append((item.index, item.spec.to_dict(), item.problem.seed))
        time.sleep(rng.random() * 0.01)
    return seen


def _spec(item) -> tuple[str, float | None]:
    return item.spec.env_id, item.spec.difficulty


def test_many_ray_workers_share_one_teacher_deterministically(track):
    options = {"group_size": G, "block": 6, "lookahead": 2, "seed": 1}
    client = backend.feed_actor(_teacher(), wait=30.0, **options)
    runs = ray.get([_rollout_worker.remote(client, 6, w) for w in range(4)], timeout=120)
    client.flush()
    reference = CurriculumFeed(_teacher(), **options)
    expected = []
    for _ in range(24):
        item = reference.take(1)[0]
        for k in range(G):
            reference.report(item.problem_id, _reward(item.problem_id, k, *_spec(item)))
        expected.append((item.index, item.spec.to_dict(), item.problem.seed))
    reference.flush()
    assert sorted(row for run in runs for row in run) == expected
    state = client.state_dict()
    assert json.dumps(state["teacher"], sort_keys=True) == json.dumps(
        reference.teacher.state_dict(), sort_keys=True
    )
    assert state["applied"] == 4 and client.pending == 0


def test_the_feed_client_raises_the_feeds_errors_and_checkpoints(track):
    client = backend.feed_actor(_teacher(), group_size=2, block=2, name="rlvr-feed-test")
    items = client.take(2)
    with pytest.raises(FeedError, match="unknown problem id"):
        client.report("p99", 1.0)
    with pytest.raises(FeedError, match="not a number"):
        client.report(items[0].problem_id, "high")
    with pytest.raises(LookaheadError, match="lookahead"):
        client.take(1)  # block 1 while block 0 waits for rewards
    outcome = client.report_group(items[0].problem_id, [1.0, 0.0])
    assert outcome is not None and sorted(outcome.rewards) == [0.0, 1.0]
    again = backend.FeedClient.connect("rlvr-feed-test")  # by name, as another job would
    assert again.report(items[1].problem_id, 1.0) is None
    state = again.state_dict()
    copy = backend.feed_actor(_teacher(), group_size=2, block=2)
    copy.load_state_dict(state)
    assert copy.state_dict() == state and copy.pending == 1
    with pytest.raises(ValueError, match="group_size"):
        backend.feed_actor(_teacher(), group_size=0)
