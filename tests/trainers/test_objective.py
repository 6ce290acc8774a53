"""The GRPO objective against hand-computed values: advantages, weights, loss, clipping, KL."""

from __future__ import annotations

import math

import pytest

torch = pytest.importorskip("torch")

from trainers.grpo.evaluate import pass_at_k, subset  # noqa: E402
from trainers.grpo.objective import (  # noqa: E402
    STD_EPS,
    group_advantages,
    grpo_loss,
    overlong_penalty,
    token_entropy,
    token_logprobs,
    token_weights,
    zero_variance_groups,
)


def close(a, b, tol=1e-5):
    return torch.allclose(torch.as_tensor(a, dtype=torch.float32), torch.tensor(b), atol=tol)


# -- advantages -------------------------------------------------------------------------------


def test_grpo_advantages_are_group_standardised():
    rewards = torch.tensor([[1.0, 0.0, 0.0, 1.0], [1.0, 0.0, 0.0, 0.0]])
    adv = group_advantages(rewards, "grpo")
    # group 1: mean 0.5, population std 0.5; group 2: mean 0.25, std sqrt(0.25 * 0.75)
    a = 0.5 / (0.5 + STD_EPS)
    s = math.sqrt(0.1875) + STD_EPS
    assert close(adv, [[a, -a, -a, a], [0.75 / s, -0.25 / s, -0.25 / s, -0.25 / s]])


def test_drgrpo_advantages_only_subtract_the_mean():
    adv = group_advantages(torch.tensor([[1.0, 0.0, 0.0, 0.0]]), "drgrpo")
    assert close(adv, [[0.75, -0.25, -0.25, -0.25]])


def test_batch_advantages_use_the_batch_std():
    adv = group_advantages(torch.tensor([[1.0, 0.0], [1.0, 1.0]]), "batch")
    # centred by group means: [[.5, -.5], [0, 0]]; batch rewards [1, 0, 1, 1]: std sqrt(.1875)
    s = math.sqrt(0.1875) + STD_EPS
    assert close(adv, [[0.5 / s, -0.5 / s], [0.0, 0.0]])


@pytest.mark.parametrize("mode", ["grpo", "drgrpo", "batch"])
def test_zero_variance_groups_get_zero_advantage(mode):
    rewards = torch.tensor([[1.0, 1.0, 1.0], [0.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
    adv = group_advantages(rewards, mode)
    assert torch.equal(adv[:2], torch.zeros(2, 3))
    assert zero_variance_groups(rewards).tolist() == [True, True, False]


def test_bad_inputs_raise():
    with pytest.raises(ValueError):
        group_advantages(torch.zeros(4), "grpo")
    with pytest.raises(ValueError):
        group_advantages(torch.zeros(1, 4), "ppo")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        token_weights(torch.ones(1, 2), "constant")
    with pytest.raises(ValueError):
        grpo_loss(torch.zeros(1, 1), torch.zeros(1, 1), torch.ones(1), torch.ones(1, 1), beta=0.1)


# -- aggregation ------------------------------------------------------------------------------

MASK = torch.tensor([[1.0, 1.0, 0.0], [1.0, 1.0, 1.0]])


def test_sequence_mean_weights():
    assert close(token_weights(MASK, "sequence-mean"), [[1 / 4, 1 / 4, 0], [1 / 6, 1 / 6, 1 / 6]])


def test_token_mean_weights():
    assert close(token_weights(MASK, "token-mean"), [[0.2, 0.2, 0], [0.2, 0.2, 0.2]])


def test_constant_weights():
    assert close(token_weights(MASK, "constant", constant=4), [[1 / 8, 1 / 8, 0], [1 / 8] * 3])


def test_weights_over_micro_batches_sum_like_the_whole_batch():
    """Global totals make accumulation exact: two halves weigh like the batch at once."""
    for aggregation in ("sequence-mean", "token-mean", "constant"):
        whole = token_weights(MASK, aggregation, constant=4)
        totals = (2.0, 5.0)
        halves = [token_weights(MASK[i : i + 1], aggregation, 4, totals=totals) for i in (0, 1)]
        assert close(torch.cat(halves), whole.tolist())


def test_fully_masked_sequence_does_not_count():
    mask = torch.tensor([[0.0, 0.0], [1.0, 1.0]])
    assert close(token_weights(mask, "sequence-mean"), [[0, 0], [0.5, 0.5]])


# -- the clipped surrogate --------------------------------------------------------------------


def test_loss_at_ratio_one_is_minus_weighted_advantage_and_its_gradient():
    logp = torch.full((2, 3), -1.0, requires_grad=True)
    adv = torch.tensor([1.0, -1.0])
    weights = token_weights(MASK, "token-mean")
    terms = grpo_loss(logp, logp.detach(), adv, weights)
    # -(0.2 * 2 * 1 + 0.2 * 3 * -1) = 0.2
    assert math.isclose(terms.loss.item(), 0.2, rel_tol=1e-6)
    terms.loss.backward()
    # d loss / d logp_it = -w_it * A_i at ratio 1 (the REINFORCE gradient)
    assert close(logp.grad, [[-0.2, -0.2, 0.0], [0.2, 0.2, 0.2]])
    assert float(terms.ratio_mean) == 1.0
    assert float(terms.clip_low) == 0.0 and float(terms.clip_high) == 0.0


def _grad_at_ratio(ratio: float, advantage: float, eps_low=0.2, eps_high=0.28):
    old = torch.zeros(1, 1)
    logp = torch.full((1, 1), math.log(ratio), requires_grad=True)
    terms = grpo_loss(
        logp, old, torch.tensor([advantage]), torch.ones(1, 1), eps_low=eps_low, eps_high=eps_high
    )
    terms.loss.backward()
    return float(logp.grad), terms


def test_clip_high_bound_removes_gradient_only_for_positive_advantage():
    grad, terms = _grad_at_ratio(1.29, 1.0)  # above 1 + 0.28
    assert grad == 0.0 and float(terms.clip_high) == 1.0
    assert math.isclose(terms.loss.item(), -1.28, rel_tol=1e-6)  # the clipped value
    grad, terms = _grad_at_ratio(1.27, 1.0)  # inside the bound: d(-r A)/d logp = -r A
    assert math.isclose(grad, -1.27, rel_tol=1e-5) and float(terms.clip_high) == 0.0
    grad, terms = _grad_at_ratio(1.5, -1.0)  # negative advantage is never clipped above
    assert math.isclose(grad, 1.5, rel_tol=1e-5) and float(terms.clip_high) == 0.0


def test_clip_low_bound_removes_gradient_only_for_negative_advantage():
    grad, terms = _grad_at_ratio(0.79, -1.0)  # below 1 - 0.2
    assert grad == 0.0 and float(terms.clip_low) == 1.0
    assert math.isclose(terms.loss.item(), 0.8, rel_tol=1e-6)
    grad, _ = _grad_at_ratio(0.81, -1.0)
    assert math.isclose(grad, 0.81, rel_tol=1e-5)
    grad, terms = _grad_at_ratio(0.5, 1.0)  # positive advantage is never clipped below
    assert math.isclose(grad, -0.5, rel_tol=1e-5) and float(terms.clip_low) == 0.0


def test_separate_bounds_dapo_clip_higher():
    assert _grad_at_ratio(1.25, 1.0, eps_high=0.2)[0] == 0.0
    assert _grad_at_ratio(1.25, 1.0, eps_high=0.28)[0] != 0.0


def test_k3_kl_penalty():
    logp = torch.full((1, 1), math.log(0.5), requires_grad=True)
    ref = torch.full((1, 1), math.log(0.25))
    terms = grpo_loss(logp, logp.detach(), torch.zeros(1), torch.ones(1, 1), beta=0.1, ref_logp=ref)
    kl = 0.5 - math.log(0.5) - 1.0  # pi_ref/pi - log(pi_ref/pi) - 1
    assert math.isclose(float(terms.kl), kl, rel_tol=1e-6)
    assert math.isclose(terms.loss.item(), 0.1 * kl, rel_tol=1e-6)
    terms.loss.backward()
    assert math.isclose(float(logp.grad), 0.1 * (1 - 0.5), rel_tol=1e-5)  # beta (1 - ref/pi)


def test_zero_advantage_gives_exactly_zero_gradient():
    logp = torch.randn(3, 4, requires_grad=True)
    terms = grpo_loss(logp, logp.detach() + 0.1, torch.zeros(3), token_weights(torch.ones(3, 4)))
    terms.loss.backward()
    assert torch.equal(logp.grad, torch.zeros(3, 4))


# -- log-probs, entropy, pass@k ---------------------------------------------------------------


def test_token_logprobs_and_entropy_match_log_softmax():
    logits = torch.randn(2, 3, 7)
    tokens = torch.randint(0, 7, (2, 3))
    expected = torch.log_softmax(logits, -1).gather(-1, tokens.unsqueeze(-1)).squeeze(-1)
    assert torch.allclose(token_logprobs(logits, tokens), expected, atol=1e-6)
    uniform = token_entropy(torch.zeros(1, 1, 8))
    assert math.isclose(float(uniform), math.log(8), rel_tol=1e-6)


def test_pass_at_k():
    assert pass_at_k(4, 1, 1) == 0.25
    assert math.isclose(pass_at_k(4, 1, 2), 0.5)  # 1 - C(3,2)/C(4,2)
    assert pass_at_k(4, 3, 2) == 1.0
    assert pass_at_k(4, 0, 4) == 0.0
    with pytest.raises(ValueError):
        pass_at_k(2, 1, 3)


def test_eval_subset_is_spread_and_ordered():
    assert subset(list(range(10)), 5) == [0, 2, 4, 6, 8]
    assert subset(list(range(3)), 0) == [0, 1, 2]


def test_soft_overlong_penalty_is_dapo_eq_13():
    # L_max = 10, L_cache = 4: free up to 6 tokens, then -1/4 per token, -1 at the limit
    lengths = torch.tensor([0, 5, 6, 7, 8, 10])
    assert close(overlong_penalty(lengths, 10, 4), [0, 0, 0, -0.25, -0.5, -1.0])
    assert close(overlong_penalty(lengths, 10, 0), [0.0] * 6)  # off
    assert close(overlong_penalty(torch.tensor([12]), 10, 4), [-1.0])  # never below -1
    with pytest.raises(ValueError, match="buffer"):
        overlong_penalty(lengths, 10, 11)
