"""The vLLM backend on CPU: after an update the engine samples from the new weights.

Runs only where vLLM is installed (its own venv: ``bash scripts/vllm_test.sh``); the main
test environment does not install it.
"""

from __future__ import annotations

import os

import pytest

torch = pytest.importorskip("torch")
if os.environ.get("RLVR_REQUIRE_VLLM") == "1":  # scripts/vllm_test.sh: a broken install fails
    import vllm  # noqa: F401
else:
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


@pytest.mark.slow
def test_two_training_steps_with_the_vllm_backend(tmp_path, monkeypatch):
    """The whole loop samples with the engine and syncs it after each update.

    The tiny random model's samples differ from one CPU to another (vLLM's kernels), so the
    real verifier could leave every group flat and the loop would rightly take no step; a
    stand-in verifier rewards each group's first completion, so every group carries signal.
    """
    import json
    from types import SimpleNamespace

    import trainers.grpo.train as loop
    from tests.trainers.test_train import tiny_config
    from tests.trainers.tiny_model import build_tiny_model
    from trainers.grpo.train import train

    def first_of_each_group(problems, completions, **options):  # timeout=, workers=
        out, previous = [], None
        for problem, completion in zip(problems, completions, strict=True):
            assert isinstance(completion, str)
            reward = float(problem is not previous)
            previous = problem
            out.append(SimpleNamespace(reward=reward, correct=bool(reward), format_ok=True))
        return out

    monkeypatch.setattr(loop.rlvr_envs, "verify_batch", first_of_each_group)

    model_dir = build_tiny_model(tmp_path / "tiny", hidden=128, heads=2)
    before = {k: v.clone() for k, v in load_model(model_dir).state_dict().items()}
    out = tmp_path / "run"
    result = train(tiny_config(model_dir, out, backend="vllm", steps=2, plot=False))
    rows = [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]
    assert [r["step"] for r in rows if "train/loss" in r] == [1, 2]
    assert all(r["train/completion_tokens"] > 0 for r in rows if "train/loss" in r)
    after = load_model(out / "final").state_dict()
    assert any(not torch.equal(before[k], after[k]) for k in before)
    assert 0.0 <= result["eval"]["eval/pass@1"] <= 1.0
