"""The vLLM backend on CPU: after an update the engine samples from the new weights.

Runs only where vLLM is installed (its own venv: ``bash scripts/vllm_test.sh``); the main
test environment does not install it.
"""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("vllm")

from trainers.grpo.model import load_model, load_tokenizer  # noqa: E402
from trainers.grpo.rollout import HFGenerate, Sampling  # noqa: E402


@pytest.mark.slow
def test_engine_follows_the_policy_after_an_update(tmp_path):
    from tests.trainers.tiny_model import build_tiny_model
    from trainers.grpo.rollout_vllm import VLLMRollout

    tiny_model_dir = build_tiny_model(tmp_path / "tiny", hidden=128, heads=2)
    tokenizer = load_tokenizer(tiny_model_dir)
    model = load_model(tiny_model_dir)
    engine = VLLMRollout(tiny_model_dir, model, max_model_len=512)
    hf = HFGenerate(model, tokenizer)
    prompts = [tokenizer("1 + 2 =")["input_ids"], tokenizer("<answer>3 - 4")["input_ids"]]
    greedy = Sampling(12, greedy=True)

    def outputs(backend):
        return [s.completion_ids for s in backend.generate(prompts, 1, greedy, seed=0)]

    before = outputs(engine)
    assert before == outputs(hf)
    with torch.no_grad():  # an "update": a large change that moves the greedy outputs
        generator = torch.Generator().manual_seed(1)
        for p in model.parameters():
            p.add_(torch.randn(p.shape, generator=generator) * 0.5)
    stale = outputs(engine)
    engine.sync(model)
    after = outputs(engine)
    assert after == outputs(hf)
    assert after != before and stale == before
