"""The parts of the Ray backends that run without Ray: the spec stream and the shard rows
that make ``export --ray`` the local export, and the clear failure when ray is missing (the
backends on a Ray cluster: tests/integrations/test_ray.py)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs import cli
from rlvr_envs.curriculum import TaskSpace, make_teacher
from rlvr_envs.export import export
from rlvr_envs.integrations import ray as backend


@pytest.fixture
def no_ray(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError


def test_each_backend_names_the_install_when_ray_is_missing(no_ray, tmp_path, capsys):
    problem = rlvr_envs.make_task("rlvr/Arithmetic-v0").generate(seed=0)
    completion = rlvr_envs.oracle_completion(problem)
    with pytest.raises(ValueError, match=r"needs ray: pip install 'rlvr-envs\[ray\]'"):
        rlvr_envs.verify_batch([problem], [completion], backend="ray")
    with pytest.raises(ValueError, match="needs ray"):
        export("rlvr/Arithmetic-v0", tmp_path / "x.jsonl", n=3, backend="ray", progress=False)
    assert list(tmp_path.iterdir()) == []  # no shard directory left behind
    teacher = make_teacher("uniform", TaskSpace(["rlvr/Arithmetic-v0"]), seed=0)
    with pytest.raises(ValueError, match="needs ray"):
        backend.feed_actor(teacher, group_size=2)
    args = ["export", "rlvr/Arithmetic-v0", "--n", "3", "--ray", "--out", str(tmp_path / "y")]
    assert cli.main(args) == 2
    assert "needs ray" in capsys.readouterr().err
    assert rlvr_envs.verify_batch([problem], [completion])[0].reward == 1.0  # local: unchanged


def test_bad_backends_are_refused(tmp_path):
    with pytest.raises(ValueError, match="backend must be 'local' or 'ray'"):
        rlvr_envs.verify_batch([], [], backend="dask")
    with pytest.raises(ValueError, match="backend must be 'local' or 'ray'"):
        export("rlvr/Arithmetic-v0", tmp_path / "x.jsonl", n=3, backend="dask", progress=False)


IDS = ["rlvr/Arithmetic-v0", "rlvr/LinearEquation-v0", "rlvr/ShortestPath-v0", "rlvr/Math-v0"]


@settings(max_examples=25, deadline=None)
@given(
    source=st.one_of(st.just("demo-v0"), st.lists(st.sampled_from(IDS), min_size=1, max_size=3)),
    n=st.integers(0, 12),
    seed=st.integers(0, 2**40),
    low=st.floats(0.0, 1.0),
    width=st.floats(0.0, 1.0),
    shard=st.integers(1, 5),
    text=st.booleans(),
)
def test_shards_of_the_drawn_specs_join_into_the_local_export(
    source, n, seed, low, width, shard, text
):
    """What export --ray does, without Ray: specs drawn in the driver, rows made per shard
    (anywhere), joined in order: the local export's bytes, for any shard size."""
    difficulty = (low, min(1.0, low + width))
    specs = list(backend.draw_specs(source, n, seed=seed, difficulty=difficulty))
    assert len(specs) == n
    joined = b"".join(
        backend._shard_lines(specs[k : k + shard], k, "jsonl", "Be brief.", not text)
        for k in range(0, n, shard)
    )
    with tempfile.TemporaryDirectory() as tmp:
        local = export(
            source, Path(tmp) / "local.jsonl", n=n, seed=seed, difficulty=difficulty,
            system_prompt="Be brief.", conversational=not text, progress=False,
        )  # fmt: skip
        assert joined == local.read_bytes()


def test_the_spec_stream_checks_its_arguments_first():
    with pytest.raises(ValueError, match="unknown env"):
        backend.draw_specs(["rlvr/Arithmetic-v0", "rlvr/Nope-v0"], 3)
    with pytest.raises(ValueError, match="n must be"):
        backend.draw_specs("demo-v0", -1)
    with pytest.raises(ValueError, match="shard_size"):
        backend.export_sharded("demo-v0", "x.jsonl", n=3, shard_size=0)
    with pytest.raises(ValueError, match="difficulty"):
        backend.export_sharded("rlvr/Arithmetic-v0", "x.jsonl", n=3, difficulty=(0.5, 0.2))
