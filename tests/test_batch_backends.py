"""verify_batch's backends: a backend's module registers itself, and the registry finds one
by name through the entry points of ``rlvr_envs.batch_backends`` without naming its module."""

from __future__ import annotations

import subprocess
import sys

import pytest

import rlvr_envs
from rlvr_envs import registry


def test_a_registered_backend_gets_the_pairs_and_the_options(monkeypatch):
    monkeypatch.setattr(registry, "_BATCH_BACKENDS", dict(registry._BATCH_BACKENDS))
    problem = rlvr_envs.make_task("rlvr/Arithmetic-v0").generate(seed=2)
    calls = []

    def in_reverse(problems, completions, *, workers, timeout):
        calls.append((workers, timeout))
        return rlvr_envs.verify_batch(problems[::-1], completions[::-1])[::-1]

    registry.register_batch_backend("reverse", in_reverse)
    right, wrong = rlvr_envs.oracle_completion(problem), "<answer>x</answer>"
    verdicts = rlvr_envs.verify_batch(
        [problem, problem], [right, wrong], workers=3, timeout=4.0, backend="reverse"
    )
    assert [v.reward for v in verdicts] == [1.0, 0.0] and calls == [(3, 4.0)]


@pytest.mark.parametrize(
    ("name", "backend", "error"),
    [("local", print, ValueError), ("two words", print, ValueError), ("named", 3, TypeError)],
)
def test_a_backend_needs_a_new_name_and_a_function(name, backend, error):
    with pytest.raises(error):
        registry.register_batch_backend(name, backend)


def test_an_unknown_backend_is_refused_naming_the_known_ones():
    with pytest.raises(ValueError, match=r"backend must be 'local' or 'ray'.*'dask'"):
        rlvr_envs.verify_batch([], [], backend="dask")


def test_the_ray_backend_is_found_by_name_before_its_module_is_imported():
    code = (
        "import sys, rlvr_envs\n"
        "from rlvr_envs import registry\n"
        "assert 'rlvr_envs.integrations.ray' not in sys.modules\n"
        "backend = registry.batch_backend('ray')\n"
        "print(backend.__module__)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert out.stdout.split() == ["rlvr_envs.integrations.ray"]
