"""The trainer on multi-turn envs: episodes played turn by turn against ``rlvr_envs.respond``,
the env's tokens masked out of the loss, and a few training steps on a tiny model."""

from __future__ import annotations

import json
import re

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

import rlvr_envs  # noqa: E402
from trainers.grpo.episodes import ChatRenderer, is_multi_turn, play_episodes  # noqa: E402
from trainers.grpo.logprobs import pad_groups  # noqa: E402
from trainers.grpo.model import load_tokenizer  # noqa: E402
from trainers.grpo.rollout import Sample, Sampling  # noqa: E402
from trainers.grpo.train import Config, train  # noqa: E402

GUESS = "rlvr/GuessTheNumber-v0"
ANSWER = re.compile(r"<answer>(\d+)</answer>")
FIRST_GUESS = [3, 40, 90]  # one episode each; every later turn guesses the last guess + 1


class CountingUp:
    """A scripted policy: episode j of a group first guesses FIRST_GUESS[j], then one more
    than its own last guess, read back from the episode's tokens (the env's replies in between
    are only <unk>s and digits to this vocabulary, and never inside answer tags)."""

    def __init__(self, tokenizer):
        self.tokenizer = tokenizer
        self.calls = []

    def _turn(self, guess: int) -> Sample:
        ids = self.tokenizer(f"<answer>{guess}</answer>", add_special_tokens=False)["input_ids"]
        return Sample([], [*ids, self.tokenizer.eos_token_id], finished=True)

    def generate(self, prompts, n, sampling, seed):
        self.calls.append((len(prompts), n, seed))
        out = []
        for context in prompts:
            guesses = ANSWER.findall(self.tokenizer.decode(context))
            for j in range(n):
                out.append(self._turn(int(guesses[-1]) + 1 if guesses else FIRST_GUESS[j]))
        return out

    def sync(self, model):
        pass


@pytest.fixture
def tokenizer(tiny_model_dir):
    return load_tokenizer(tiny_model_dir)


def expected_outcome(problem) -> tuple[bool, int]:
    """From the rules GuessTheNumber states: guesses first, first + 1, ... until the secret
    or the budget; (solved, turns) for each first guess."""
    secret, budget = problem.meta["secret"], problem.meta["max_turns"]
    return [
        (True, secret - first + 1) if 0 <= secret - first < budget else (False, budget)
        for first in FIRST_GUESS
    ]


def test_multi_turn_envs_are_told_apart():
    assert is_multi_turn(rlvr_envs.make_task(GUESS).generate(seed=0))
    assert is_multi_turn(rlvr_envs.make_task("rlvr/CodeRepair-v0").generate(seed=0))
    assert not is_multi_turn(rlvr_envs.make_task("rlvr/Arithmetic-v0").generate(seed=0))


def test_episodes_play_until_the_env_ends_them_and_mask_its_tokens(tokenizer):
    task = rlvr_envs.make_task(GUESS)
    # secrets near the first guesses, so some episodes are solved and some run out of turns
    problems = [task.generate(seed=s, knobs={"bits": 7, "slack": 2}) for s in range(40)]
    problems = [p for p in problems if any(0 <= p.meta["secret"] - f < 10 for f in FIRST_GUESS)]
    assert len(problems) >= 2
    problems = problems[:3]
    renderer = ChatRenderer(tokenizer, system_prompt="be brief")
    policy = CountingUp(tokenizer)
    decode = lambda ids: tokenizer.decode(ids, skip_special_tokens=True)  # noqa: E731
    played = play_episodes(policy, problems, 3, Sampling(16), 11, renderer, decode)
    assert len(played) == 9
    assert policy.calls[0] == (3, 3, 11)  # turn 0: every prompt once, G samples each
    assert all(n == 1 for _, n, _ in policy.calls[1:])  # later turns: one per live episode
    for i, problem in enumerate(problems):
        for j, (solved, turns) in enumerate(expected_outcome(problem)):
            episode = played[i * 3 + j]
            assert episode.turns == turns, (problem.meta, j)
            assert episode.verdict.correct == solved and episode.verdict.reward == float(solved)
            assert episode.sample.finished
            assert episode.texts == [
                f"<answer>{FIRST_GUESS[j] + t}</answer>" for t in range(turns)
            ]  # fmt: skip
            # the policy's tokens are exactly its turns; the rest is the env's
            ids, mask = episode.sample.completion_ids, episode.sample.loss_mask
            mine = [t for t, m in zip(ids, mask) if m]
            assert decode(mine) == "".join(episode.texts)
            assert sum(mask) == sum(episode.turn_tokens) < len(ids) or turns == 1
            # prompt + episode is the whole conversation as the chat template renders it,
            # with the env's observations (as respond gives them) as user messages
            messages = [{"role": "system", "content": "be brief"},
                        {"role": "user", "content": problem.prompt}]  # fmt: skip
            for t, text in enumerate(episode.texts):
                messages.append({"role": "assistant", "content": text})
                turn = rlvr_envs.respond(problem, episode.texts[: t + 1])
                if not turn.done:
                    messages.append({"role": "user", "content": turn.observation})
            whole = tokenizer.apply_chat_template(messages, tokenize=False)
            whole = tokenizer(whole, add_special_tokens=False)["input_ids"]
            played_ids = episode.sample.prompt_ids + ids  # ends at the last turn's EOS
            assert whole[: len(played_ids)] == played_ids
            assert whole[len(played_ids) :] == tokenizer("\n")["input_ids"]  # template tail


def test_the_loss_mask_reaches_the_padded_batch():
    groups = [[Sample([1, 2], [5, 6, 7, 8], True, loss_mask=[1, 0, 0, 1]),
               Sample([1, 2], [5, 6], True)]]  # fmt: skip
    batch = pad_groups(groups, pad_id=0)
    assert batch["loss_mask"].tolist() == [[1, 0, 0, 1], [1, 1, 0, 0]]
    assert batch["completion_mask"].tolist() == [[1, 1, 1, 1], [1, 1, 0, 0]]


def test_a_tiny_model_trains_on_a_multi_turn_env(tiny_model_dir, tmp_path):
    from rlvr_envs.suites import freeze, load_suite

    suite = tmp_path / "guess.toml"
    suite.write_text(
        f'name = "guess"\n[[envs]]\nid = "{GUESS}"\nknobs = {{ bits = [7, 7], slack = [2, 2] }}\n'
        '[eval]\nper_env = 2\nfile = "guess.eval.jsonl"\n'
    )
    freeze(load_suite(suite))
    out = tmp_path / "run"
    cfg = Config(
        model=str(tiny_model_dir), output_dir=str(out), suite=str(suite), steps=2,
        prompts_per_step=2, group_size=2, max_new_tokens=6, max_turns=3, learning_rate=1e-2,
        format_reward=1.0, progress=False, plot=False, threads=1, seed=0,
        save_final_model=False,
    )  # fmt: skip
    train(cfg)
    rows = [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]
    steps = [r for r in rows if "train/loss" in r]
    evals = [r for r in rows if "eval/pass@1" in r]
    assert [r["step"] for r in steps] == [1, 2] and len(evals) == 2
    # every episode took 1 to 3 turns; an unparsable first guess ends it at once (illegal)
    assert all(1.0 <= r["train/turns"] <= 3.0 for r in steps)
    assert all(r["train/completion_tokens"] <= 3 * 6 for r in steps)  # the policy's tokens
    assert "eval/completion_tokens" in evals[0]
