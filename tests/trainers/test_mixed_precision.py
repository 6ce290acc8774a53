"""Mixed precision (``--mixed-precision bf16``): float32 weights and gradients, the loss's
forward passes under bfloat16 autocast, sampling on a bfloat16 copy that follows the policy."""

from __future__ import annotations

import copy

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

from trainers.grpo.model import load_model, load_tokenizer, loss_precision  # noqa: E402
from trainers.grpo.rollout import HFGenerate, Sampling  # noqa: E402
from trainers.grpo.train import Config, completion_logprobs, pad_groups, train  # noqa: E402

from .test_train import _groups, tiny_config  # noqa: E402


def _prompts(tokenizer):
    return [tokenizer("1 + 2")["input_ids"], tokenizer("<answer>3 - 4 + 5")["input_ids"]]


def test_bf16_sampler_is_a_copy_that_sync_keeps_up_to_date(tiny_model_dir):
    tokenizer = load_tokenizer(tiny_model_dir)
    policy = load_model(tiny_model_dir)
    rollout = HFGenerate(policy, tokenizer, dtype=torch.bfloat16)
    assert rollout.model is not policy
    assert {p.dtype for p in rollout.model.parameters()} == {torch.bfloat16}
    assert {p.dtype for p in policy.parameters()} == {torch.float32}  # the policy is untouched

    with torch.no_grad():  # an "update": every weight moves
        for p in policy.parameters():
            p.add_(0.05 * torch.randn_like(p))
    rollout.sync(policy)
    expected = {k: v.to(torch.bfloat16) for k, v in policy.state_dict().items()}
    for name, value in rollout.model.state_dict().items():
        assert value.dtype == torch.bfloat16
        assert torch.equal(value, expected[name]), name

    # the copy samples what a bfloat16 model made apart from the trainer samples
    apart = HFGenerate(copy.deepcopy(policy).to(torch.bfloat16), tokenizer)
    greedy = Sampling(8, greedy=True)
    ours = rollout.generate(_prompts(tokenizer), 2, greedy, seed=0)
    theirs = apart.generate(_prompts(tokenizer), 2, greedy, seed=0)
    assert [s.completion_ids for s in ours] == [s.completion_ids for s in theirs]


def test_same_dtype_samples_on_the_policy_itself(tiny_model_dir):
    tokenizer = load_tokenizer(tiny_model_dir)
    policy = load_model(tiny_model_dir)
    rollout = HFGenerate(policy, tokenizer, dtype=torch.float32)
    assert rollout.model is policy
    other = load_model(tiny_model_dir)
    rollout.sync(other)
    assert rollout.model is other


def test_loss_precision_autocasts_matrix_products_to_bf16_only_when_asked():
    layer = torch.nn.Linear(8, 8)
    x = torch.randn(2, 8)
    with loss_precision("bf16", torch.device("cpu")):
        assert layer(x).dtype == torch.bfloat16
    with loss_precision("no", torch.device("cpu")):
        assert layer(x).dtype == torch.float32
    with pytest.raises(ValueError, match="mixed_precision"):
        loss_precision("fp8", torch.device("cpu"))


def test_autocast_logprobs_are_close_to_float32_and_carry_float32_gradients(tiny_model_dir):
    tokenizer = load_tokenizer(tiny_model_dir)
    model = load_model(tiny_model_dir)
    batch = pad_groups(_groups(tokenizer), tokenizer.pad_token_id)
    mask = batch["completion_mask"].bool()
    exact, _ = completion_logprobs(model, batch, 1.0)
    with loss_precision("bf16", torch.device("cpu")):
        mixed, _ = completion_logprobs(model, batch, 1.0)
    assert mixed.dtype == torch.float32  # log-softmax in float32
    assert not torch.equal(mixed[mask], exact[mask])  # the products did run in bfloat16
    assert torch.allclose(mixed[mask], exact[mask], atol=0.1)
    mixed[mask].sum().backward()
    grads = [p.grad for p in model.parameters() if p.grad is not None]
    assert grads and all(g.dtype == torch.float32 for g in grads)
    assert any(bool(g.abs().sum() > 0) for g in grads)


def test_mixed_precision_needs_float32_weights(tmp_path):
    with pytest.raises(ValueError, match="needs dtype float32"):
        Config(output_dir=str(tmp_path), mixed_precision="bf16", dtype="bfloat16").validate()
    assert Config(mixed_precision="bf16").sampling_dtype == "bfloat16"
    assert Config().sampling_dtype == "float32"


def test_tiny_model_trains_in_mixed_precision(tiny_model_dir, tmp_path):
    before = load_model(tiny_model_dir).state_dict()
    train(tiny_config(tiny_model_dir, tmp_path, steps=2, mixed_precision="bf16"))
    after = load_model(tmp_path / "final").state_dict()
    assert {v.dtype for v in after.values()} == {torch.float32}  # saved as trained: float32
    assert any(not torch.equal(before[k], after[k]) for k in before)
