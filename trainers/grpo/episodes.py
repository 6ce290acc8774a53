"""Episodes: the trainer's rollouts on multi-turn envs (issue 28; ``docs/design.md``,
"Multi-turn episodes").

An episode is one chat: the problem's prompt, then turns the policy samples, each answered
by the env through a :class:`rlvr_envs.Responder` (an opponent's move, feedback on a guess, a
tool's result, the verifier's reason), until the env ends it (``terminated``: won, lost,
solved, illegal; ``truncated``: out of turns). The trainer sees an episode as one
:class:`~trainers.grpo.rollout.Sample` whose completion is every token after the prompt, with
``loss_mask`` 0 on the env's tokens, so the policy-gradient loss, the KL and the entropy
count only what the policy wrote, while the policy still conditions on what the env said
(the multi-turn recipe of RAGEN, Wang et al. 2025, and of verl's multi-turn rollouts). The
G episodes of one seed are a GRPO group as G single answers are, and an episode's reward is
its final verdict's (a game won, a secret found within the budget): Shao et al. (2024)'s
outcome supervision, one advantage per episode. ``Config.turn_rewards`` adds the env's
per-turn rewards to it.

Every turn of every live episode is sampled in one ``Rollout.generate`` call, so the HF and
vLLM backends both play episodes unchanged. A single-turn env's episode is its one answer.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import rlvr_envs
from rlvr_envs.core import InteractiveFamily, stable_seed
from rlvr_envs.registry import family_for
from trainers.grpo.prompts import encode_prompt
from trainers.grpo.rollout import Rollout, Sample, Sampling

__all__ = ["ChatRenderer", "EpisodeResult", "is_multi_turn", "play_episodes"]

_PROBE = [{"role": "user", "content": "q"}, {"role": "assistant", "content": "a"}]


def is_multi_turn(problem: rlvr_envs.Problem) -> bool:
    """Whether ``problem``'s env takes more than one turn: an interactive family, or one that
    answers wrong attempts with feedback (``max_turns > 1``)."""
    family = family_for(problem)
    return isinstance(family, InteractiveFamily) or int(getattr(family, "max_turns", 1)) > 1


class ChatRenderer:
    """An episode's tokens in the model's chat format: the prompt, and each env reply.

    A reply's tokens are what the chat template puts between the end-of-turn token the
    policy's turn ended with and the next assistant turn's first token: the rest of the
    template's closing of an assistant message, the env's messages (a ``user`` message with
    the observation, or the family's own messages, e.g. ``tool`` results) and the header of
    the next assistant message. Templates that render a conversation as a prefix of its
    continuation (every ChatML- and Llama-style template does) get exactly the tokens a
    whole conversation's rendering would hold; without a chat template, messages are
    separated by blank lines, as :func:`trainers.grpo.prompts.encode_prompt` renders them.
    """

    def __init__(
        self,
        tokenizer: Any,
        system_prompt: str | None = None,
        examples: Sequence[Sequence[str]] = (),
    ) -> None:
        self.tokenizer = tokenizer
        self.system_prompt = system_prompt
        self.examples = [tuple(e) for e in examples]

    def prompt(self, problem: rlvr_envs.Problem) -> list[int]:
        """The problem's prompt, as the trainer encodes single-turn problems."""
        return encode_prompt(self.tokenizer, problem, self.system_prompt, self.examples)

    def reply(self, messages: Sequence[dict[str, Any]]) -> list[int]:
        """The tokens of the env's ``messages`` after an assistant turn, up to the start of
        the next assistant turn."""
        return self.tokenizer(self.reply_text(messages), add_special_tokens=False)["input_ids"]

    def reply_text(self, messages: Sequence[dict[str, Any]]) -> str:
        tokenizer = self.tokenizer
        if not getattr(tokenizer, "chat_template", None):
            return "\n\n" + "\n\n".join(str(m.get("content") or "") for m in messages) + "\n"
        before, tail = self._probe
        after = tokenizer.apply_chat_template(
            [*_PROBE, *messages], add_generation_prompt=True, tokenize=False
        )
        if not after.startswith(before):
            raise ValueError(
                "the chat template does not render a conversation as a prefix of its "
                "continuation, so an env's reply cannot be appended to an episode's tokens"
            )
        return tail + after[len(before) :]

    @functools.cached_property
    def _probe(self) -> tuple[str, str]:
        """A one-exchange conversation as the template renders it, and what the template
        writes after the end-of-turn token the policy generates (the same every turn)."""
        before = self.tokenizer.apply_chat_template(_PROBE, tokenize=False)
        eos = self.tokenizer.eos_token or ""
        tail = before[before.rindex(eos) + len(eos) :] if eos and eos in before else ""
        return before, tail


@dataclass
class EpisodeResult:
    """One played episode: the sample the update trains on and how the episode went."""

    sample: Sample  # completion: every turn after the prompt; loss_mask 1 on the policy's
    verdict: rlvr_envs.Verdict  # the episode's verdict after its last turn
    turns: int
    turn_rewards: list[float] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)  # the policy's turns, decoded
    turn_tokens: list[int] = field(default_factory=list)  # the length of each policy turn


@dataclass
class _Live:
    problem: rlvr_envs.Problem
    prompt: list[int]
    ids: list[int] = field(default_factory=list)
    mask: list[int] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    turn_rewards: list[float] = field(default_factory=list)
    turn_tokens: list[int] = field(default_factory=list)
    verdict: rlvr_envs.Verdict | None = None
    finished: bool = True
    done: bool = False
    responder: rlvr_envs.Responder | None = None  # made at the first turn


def turn_seed(seed: int, turn: int) -> int:
    """The sampling seed of one turn of a rollout seeded ``seed`` (turn 0 uses ``seed``)."""
    return seed if turn == 0 else stable_seed(seed, "turn", turn) % (2**31 - 1)


def play_episodes(
    rollout: Rollout,
    problems: Sequence[rlvr_envs.Problem],
    n: int,
    sampling: Sampling,
    seed: int,
    renderer: ChatRenderer,
    decode: Callable[[list[int]], str],
    *,
    max_turns: int | None = None,
    episode_tokens: int = 0,
    timeout: float | None = None,
) -> list[EpisodeResult]:
    """``n`` episodes of every problem, grouped by problem (``len(problems) * n``), each
    played until the env ends it, ``max_turns`` (None: the env's own limit) or
    ``episode_tokens`` tokens after the prompt (0: no limit) are used up, or a turn of the
    policy is cut off at ``sampling.max_new_tokens`` (the episode then ends with
    ``finished`` False, as a truncated single answer does). ``timeout`` bounds each check."""
    prompts = [renderer.prompt(p) for p in problems]
    live = [_Live(problems[i], prompts[i]) for i in range(len(problems)) for _ in range(n)]
    turn = 0
    while True:
        active = [e for e in live if not e.done]
        if not active:
            break
        if turn == 0:
            samples = rollout.generate(prompts, n, sampling, seed)
        else:
            contexts = [e.prompt + e.ids for e in active]
            samples = rollout.generate(contexts, 1, sampling, turn_seed(seed, turn))
        for episode, sample in zip(active, samples, strict=True):
            _advance(episode, sample, renderer, decode, max_turns, episode_tokens, timeout)
        turn += 1
    results = []
    for e in live:
        assert e.verdict is not None  # every episode played at least one turn
        sample = Sample(e.prompt, e.ids, e.finished, loss_mask=e.mask)
        results.append(
            EpisodeResult(sample, e.verdict, len(e.texts), e.turn_rewards, e.texts, e.turn_tokens)
        )
    return results


def _advance(
    episode: _Live,
    sample: Sample,
    renderer: ChatRenderer,
    decode: Callable[[list[int]], str],
    max_turns: int | None,
    episode_tokens: int,
    timeout: float | None,
) -> None:
    """Add one policy turn to ``episode``, the env's answer, and its reply's tokens."""
    episode.ids += sample.completion_ids
    episode.mask += [1] * len(sample.completion_ids)
    episode.texts.append(decode(sample.completion_ids))
    episode.turn_tokens.append(len(sample.completion_ids))
    if episode.responder is None:  # one per episode: each turn plays only the new move
        episode.responder = rlvr_envs.Responder(
            episode.problem, max_turns=max_turns, timeout=timeout
        )
    turn = episode.responder.respond(episode.texts)
    episode.verdict = turn.verdict
    episode.turn_rewards.append(float(turn.turn_reward))
    if turn.done:
        episode.done = True
        return
    if not sample.finished or (episode_tokens and len(episode.ids) >= episode_tokens):
        episode.finished = False  # cut off: the env would have gone on
        episode.done = True
        return
    messages = turn.messages or [{"role": "user", "content": turn.observation}]
    reply = renderer.reply(messages)
    episode.ids += reply
    episode.mask += [0] * len(reply)
