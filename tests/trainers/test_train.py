"""The trainer end to end on a tiny random model: it trains, resumes exactly, parses its CLI."""

from __future__ import annotations

import importlib.util
import json
from dataclasses import replace

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

from safetensors.torch import load_file  # noqa: E402

from trainers.grpo.cli import field_docs, parse  # noqa: E402
from trainers.grpo.model import load_model, load_tokenizer  # noqa: E402
from trainers.grpo.objective import group_advantages, grpo_loss, token_weights  # noqa: E402
from trainers.grpo.rollout import HFGenerate, Sample, Sampling  # noqa: E402
from trainers.grpo.train import (  # noqa: E402
    Config,
    completion_logprobs,
    pad_groups,
    round_rewards,
    step_seed,
    train,
)


def tiny_config(model_dir, out, **overrides) -> Config:
    values = dict(
        model=str(model_dir),
        output_dir=str(out),
        suite="math-v0",
        steps=3,
        prompts_per_step=2,
        group_size=4,
        max_new_tokens=16,
        format_reward=1.0,
        learning_rate=1e-2,
        eval_limit=4,
        progress=False,
        threads=1,
        seed=0,
    )
    values.update(overrides)
    return Config(**values)


def _groups(tokenizer, n_groups=2, group=3):
    prompts = [tokenizer("1 + 2 =")["input_ids"], tokenizer("33 - 4 = x")["input_ids"]]
    eos = tokenizer.eos_token_id
    groups = []
    for g in range(n_groups):
        groups.append(
            [
                Sample(prompts[g % 2], [5 + i, 6, 7, eos][: 2 + (i + g) % 3], finished=True)
                for i in range(group)
            ]
        )
    return groups


def test_shared_prompt_logprobs_match_full_sequences(tiny_model_dir):
    tokenizer = load_tokenizer(tiny_model_dir)
    model = load_model(tiny_model_dir)
    batch = pad_groups(_groups(tokenizer), tokenizer.pad_token_id)
    shared, ent_a = completion_logprobs(model, batch, 0.7, entropy=True, share_prompt=True)
    full, ent_b = completion_logprobs(model, batch, 0.7, entropy=True, share_prompt=False)
    mask = batch["completion_mask"].bool()
    assert torch.allclose(shared[mask], full[mask], atol=1e-5)
    assert torch.allclose(ent_a[mask], ent_b[mask], atol=1e-4)


def test_zero_variance_group_gives_no_gradient(tiny_model_dir):
    tokenizer = load_tokenizer(tiny_model_dir)
    model = load_model(tiny_model_dir)
    batch = pad_groups(_groups(tokenizer), tokenizer.pad_token_id)
    rewards = torch.tensor([[1.0, 1.0, 1.0], [0.0, 0.0, 0.0]])  # no signal in either group
    for mode in ("grpo", "drgrpo", "batch"):
        model.zero_grad(set_to_none=False)
        logp, _ = completion_logprobs(model, batch, 1.0)
        weights = token_weights(batch["completion_mask"], "sequence-mean")
        adv = group_advantages(rewards, mode).reshape(-1)
        grpo_loss(logp, logp.detach(), adv, weights).loss.backward()
        assert all(torch.count_nonzero(p.grad) == 0 for p in model.parameters()), mode


def test_hf_rollout_groups_and_greedy_determinism(tiny_model_dir):
    tokenizer = load_tokenizer(tiny_model_dir)
    model = load_model(tiny_model_dir)
    prompts = [tokenizer("1 + 2")["input_ids"], tokenizer("<answer>3 - 4 + 5")["input_ids"]]
    shared = HFGenerate(model, tokenizer)
    plain = HFGenerate(model, tokenizer, share_prompt=False)
    greedy = Sampling(8, greedy=True)
    a = shared.generate(prompts, 3, greedy, seed=0)
    b = plain.generate(prompts, 3, greedy, seed=1)
    assert len(a) == 6 and [s.prompt_ids for s in a] == [p for p in prompts for _ in range(3)]
    assert [s.completion_ids for s in a] == [s.completion_ids for s in b]
    assert all(len(s.completion_ids) <= 8 for s in a)
    for s in a:
        assert s.finished == (s.completion_ids[-1] == tokenizer.eos_token_id)
    sampled = [shared.generate(prompts, 4, Sampling(8), seed=5) for _ in range(2)]
    assert [s.completion_ids for s in sampled[0]] == [s.completion_ids for s in sampled[1]]


def test_tiny_model_trains_end_to_end(tiny_model_dir, tmp_path):
    tensorboard = importlib.util.find_spec("tensorboard") is not None
    before = {k: v.clone() for k, v in load_model(tiny_model_dir).state_dict().items()}
    result = train(
        tiny_config(tiny_model_dir, tmp_path, eval_samples=2, eval_k=2, tensorboard=tensorboard)
    )
    rows = [json.loads(line) for line in (tmp_path / "metrics.jsonl").read_text().splitlines()]
    train_rows = [r for r in rows if "train/loss" in r]
    eval_rows = [r for r in rows if "eval/pass@1" in r]
    assert [r["step"] for r in train_rows] == [1, 2, 3]
    assert [r["step"] for r in eval_rows] == [0, 3]
    assert {"eval/pass@2", "eval/sampled_pass@1", "eval/format"} <= set(eval_rows[0])
    for key in ("train/entropy", "train/kl", "train/clip_high", "train/zero_variance"):
        assert key in train_rows[0]
    assert any(r["train/grad_norm"] > 0 for r in train_rows)
    after = load_model(tmp_path / "final").state_dict()
    assert any(not torch.equal(before[k], after[k]) for k in before)
    assert (tmp_path / "curves.png").stat().st_size > 1000
    if tensorboard:
        assert list((tmp_path / "tensorboard").iterdir())
    assert result["eval"]["eval/pass@1"] == eval_rows[-1]["eval/pass@1"]


@pytest.mark.parametrize(
    "options",
    [
        {},
        {
            "num_iterations": 2,
            "num_minibatches": 2,
            "beta": 0.05,
            "drop_zero_variance": True,
            "overlong_buffer": 8,
        },
        {"mixed_precision": "bf16", "num_iterations": 2, "beta": 0.05},
    ],
    ids=["one-step", "multi-step-kl", "mixed-precision"],
)
def test_resume_reproduces_the_next_step_exactly(tiny_model_dir, tmp_path, options):
    full = tmp_path / "full"
    train(tiny_config(tiny_model_dir, full, save_every=1, eval_every=-1, **options))
    resumed = tmp_path / "resumed"
    cfg = tiny_config(
        tiny_model_dir,
        resumed,
        eval_every=-1,
        resume=str(full / "checkpoints" / "step-2"),
        **options,
    )
    train(cfg)
    a = load_file(str(full / "checkpoints" / "step-3" / "weights.safetensors"))
    b = load_file(str(resumed / "checkpoints" / "step-3" / "weights.safetensors"))
    assert a.keys() == b.keys()
    assert all(torch.equal(a[k], b[k]) for k in a)
    row_a = json.loads((full / "metrics.jsonl").read_text().splitlines()[-1])
    row_b = json.loads((resumed / "metrics.jsonl").read_text().splitlines()[-1])
    assert row_a["step"] == row_b["step"] == 3
    strip = lambda row: {k: v for k, v in row.items() if not k.startswith("perf/")}  # noqa: E731
    assert strip(row_a) == strip(row_b)
    teacher_a = json.loads((full / "checkpoints" / "step-3" / "teacher.json").read_text())
    teacher_b = json.loads((resumed / "checkpoints" / "step-3" / "teacher.json").read_text())
    assert teacher_a == teacher_b


def test_a_token_budget_stops_the_run_and_holds_on_resume(tiny_model_dir, tmp_path):
    """token_budget: the run ends after the step whose tokens reach it, as the unbudgeted
    run was after that step; a resume does nothing more, and lifting the budget continues
    to the unbudgeted run's end, weight for weight."""
    full = tmp_path / "full"
    train(tiny_config(tiny_model_dir, full, steps=4, save_every=1, eval_every=-1))
    rows = [json.loads(x) for x in (full / "metrics.jsonl").read_text().splitlines()]
    # the count, from each step's mean completion length times its 2 x 4 completions
    per_step = [round(r["train/completion_tokens"] * 8) for r in rows]
    assert [r["train/generated_tokens"] for r in rows] == [sum(per_step[: i + 1]) for i in range(4)]
    budget = per_step[0] + 1  # more than step 1 generated, at most what steps 1-2 did
    budgeted = tmp_path / "budgeted"
    cfg = tiny_config(
        tiny_model_dir, budgeted, steps=4, save_every=0, eval_every=-1, token_budget=budget
    )
    train(cfg)

    def steps_saved(out):
        return sorted(p.name for p in (out / "checkpoints").iterdir())

    def weights(out, step):
        return load_file(str(out / "checkpoints" / f"step-{step}" / "weights.safetensors"))

    assert steps_saved(budgeted) == ["step-2"]
    before = (budgeted / "metrics.jsonl").read_text()
    strip = lambda row: {k: v for k, v in row.items() if not k.startswith("perf/")}  # noqa: E731
    assert [strip(json.loads(x)) for x in before.splitlines()] == [strip(r) for r in rows[:2]]
    train(replace(cfg, resume="auto"))  # the budget is spent: nothing more to do
    assert steps_saved(budgeted) == ["step-2"]
    assert (budgeted / "metrics.jsonl").read_text() == before
    train(replace(cfg, resume="auto", token_budget=0))
    assert steps_saved(budgeted) == ["step-2", "step-4"]
    a, b = weights(full, 4), weights(budgeted, 4)
    assert all(torch.equal(a[k], b[k]) for k in a)
    with pytest.raises(ValueError, match="token_budget"):
        Config(token_budget=-1).validate()


def test_lora_trains_only_adapters(tiny_model_dir, tmp_path):
    pytest.importorskip("peft")
    train(tiny_config(tiny_model_dir, tmp_path, lora_rank=4, steps=2, eval_every=-1))
    weights = load_file(str(tmp_path / "checkpoints" / "step-2" / "weights.safetensors"))
    assert weights and all("lora_" in name for name in weights)


def test_cli_presets_and_overrides():
    cfg = parse(["--preset", "demo", "--steps", "3", "--no-plot", "--adam-betas", "0.8", "0.9"])
    assert cfg.steps == 3 and cfg.plot is False and cfg.adam_betas == (0.8, 0.9)
    assert cfg.suite == "demo-v0" and cfg.extra["preset"] == "demo"
    assert parse(["--lora-rank", "0", "--preset", "demo"]).lora_rank == 0
    assert parse([]) == Config()
    docs = field_docs(Config)
    assert all(docs.get(f) for f in Config.__dataclass_fields__ if f != "extra")


def test_config_validation():
    with pytest.raises(ValueError):
        Config(group_size=1).validate()
    with pytest.raises(ValueError, match="drop_zero_variance"):
        Config(refill_rounds=2).validate()
    with pytest.raises(ValueError, match="overlong_buffer"):
        Config(max_new_tokens=16, overlong_buffer=17).validate()
    with pytest.raises(ValueError):
        Config(chat_examples='["not a pair"]').validate()
    with pytest.raises(ValueError, match="timeout must be a positive number"):
        Config(verify_timeout=0).validate()


def _signal_by_seed_parity(problems, completions, timeout=None):
    """A stand-in verifier: a group has reward variance iff its problem's seed is even."""
    from types import SimpleNamespace

    seen: dict[int, int] = {}
    out = []
    for problem in problems:
        i = seen[id(problem)] = seen.get(id(problem), -1) + 1
        reward = float(problem.seed % 2 == 0 and i == 0)
        out.append(SimpleNamespace(reward=reward, correct=bool(reward), format_ok=True))
    return out


@pytest.mark.parametrize("refill", [0, 6])
def test_dynamic_sampling_refills_the_batch_with_groups_that_carry_signal(
    tiny_model_dir, tmp_path, monkeypatch, refill
):
    import trainers.grpo.train as loop

    updated: list[int] = []
    real_update = loop.update_policy

    def spy(run, sampled, step):
        updated.append(len(sampled.groups))
        shape = (len(sampled.groups), run.cfg.group_size)
        assert sampled.keep.shape == sampled.advantages.shape == shape
        assert all(bool((row != 0).any()) for row in sampled.advantages)  # dropped: never here
        return real_update(run, sampled, step)

    monkeypatch.setattr(loop, "update_policy", spy)
    monkeypatch.setattr(loop.rlvr_envs, "verify_batch", _signal_by_seed_parity)
    cfg = tiny_config(
        tiny_model_dir, tmp_path, steps=3, prompts_per_step=4, drop_zero_variance=True,
        refill_rounds=refill, eval_every=-1, plot=False, save_final_model=False,
    )  # fmt: skip
    train(cfg)
    rows = [json.loads(line) for line in (tmp_path / "metrics.jsonl").read_text().splitlines()]
    steps = [r for r in rows if "train/groups_kept" in r]
    assert [r["train/groups_kept"] for r in steps] == [float(n) for n in updated]
    if refill:
        assert updated == [4, 4, 4]  # full batches of groups with signal
        assert max(r["train/sampling_rounds"] for r in steps) > 1
    else:
        assert all(n < 4 for n in updated) and {r["train/sampling_rounds"] for r in steps} == {1}


def _verdict(reward, correct, format_ok=True):
    from rlvr_envs.core import Verdict

    reason = "ok" if correct else ("partial" if reward else "wrong")
    return Verdict(reward, correct, format_ok, reward, reason, "x", "y")


def test_partial_credit_is_reward_but_never_correctness():
    # an env that opts into partial credit: reward 0.5, not correct
    cfg = Config(format_reward=0.1, max_new_tokens=8, overlong_buffer=0)
    verdicts = [_verdict(0.5, False), _verdict(1.0, True), _verdict(0.0, False, False)]
    out = round_rewards(verdicts, torch.tensor([3, 8, 5]), [True, False, True], cfg)
    assert out["correct"] == [0.0, 1.0, 0.0]  # what accuracy and the teacher count
    assert out["reward"] == pytest.approx([0.6, 1.1, 0.0])  # what the advantages use
    assert out["format"] == [1.0, 1.0, 0.0] and out["truncated"] == [False, True, False]
    assert out["tokens"] == [3, 8, 5] and out["overlong"] == [0.0, 0.0, 0.0]


def test_step_seeds_are_per_purpose_stable_and_in_range():
    seeds = {
        (purpose, step, part): step_seed(7, step, purpose, part)
        for purpose in ("problem", "generate", "shuffle", "eval")
        for step in range(50)
        for part in range(8)
    }
    assert len(set(seeds.values())) == len(seeds)  # no two purposes or steps share a seed
    assert all(0 <= s < 2**31 - 1 for s in seeds.values())
    assert step_seed(7, 3, "problem", 0, 1) == step_seed(7, 3, "problem", 0, 1)
    assert step_seed(7, 3, "problem", 0, 1) != step_seed(8, 3, "problem", 0, 1)


class _EchoRollout:
    """A stand-in sampling backend: completion i of a group is the token ids [i]."""

    def generate(self, prompts, n, sampling, seed):
        return [Sample(list(p), [i], True) for p in prompts for i in range(n)]

    def sync(self, model):
        pass


def _model_free_run(tmp_path, **overrides):
    """A Run with everything sample_batch touches and no model: a real teacher and suite."""
    from types import SimpleNamespace

    import rlvr_envs
    from rlvr_envs.curriculum import TaskSpace, make_teacher
    from rlvr_envs.curriculum.feed import CurriculumFeed
    from trainers.grpo.parallel import World

    cfg = Config(output_dir=str(tmp_path), group_size=3, prompts_per_step=4, **overrides)
    space = TaskSpace.from_suite(rlvr_envs.load_suite(cfg.suite))
    teacher = make_teacher("uniform", space, seed=0)
    return SimpleNamespace(
        cfg=cfg, world=World(), teacher=teacher, rollout=_EchoRollout(), sampling=None,
        tasks={}, feed=CurriculumFeed(teacher, group_size=3, block=1, seed=cfg.seed),
        encode=lambda problem: [7, 8], decode=lambda ids: f"<answer>{ids[0]}</answer>",
    )  # fmt: skip


def test_sampling_a_batch_needs_no_model(tmp_path, monkeypatch):
    import trainers.grpo.train as loop

    monkeypatch.setattr(loop.rlvr_envs, "verify_batch", _signal_by_seed_parity)
    run = _model_free_run(tmp_path, drop_zero_variance=True, refill_rounds=0)
    batch = loop.sample_batch(run, step=0)
    with_signal = [p["seed"] % 2 == 0 for p in batch.seen["problems"]]
    assert batch.rounds == 1 and len(batch.seen["problems"]) == 4
    assert len(batch.groups) == sum(with_signal) == batch.kept_total  # flat groups dropped
    assert batch.keep.shape == batch.advantages.shape == (len(batch.groups), 3)
    assert batch.seen["correct"].count(1.0) == sum(with_signal)
    assert run.teacher.episodes == 4  # every sampled group reaches the teacher, dropped too
    again = loop.sample_batch(_model_free_run(tmp_path, drop_zero_variance=True), step=0)
    assert again.seen["problems"] == batch.seen["problems"]  # seeds are (seed, step) only


def test_the_configs_verify_timeout_reaches_the_verifier(tmp_path, verify_budgets):
    import rlvr_envs
    import trainers.grpo.train as loop
    from trainers.grpo.evaluate import evaluate

    run = _model_free_run(tmp_path, verify_timeout=0.125)
    loop.sample_batch(run, step=0)  # 4 prompts x 3 completions, scored with the real verifier
    assert verify_budgets == [0.125] * 12
    verify_budgets.clear()
    task = rlvr_envs.make_task("rlvr/Arithmetic-v0")
    problems = [task.generate(seed=s) for s in range(2)]
    evaluate(_EchoRollout(), problems, run.encode, run.decode, max_new_tokens=4,
             samples=2, k=2, verify_timeout=0.125)  # fmt: skip
    assert verify_budgets == [0.125] * 6  # greedy, then 2 samples each
