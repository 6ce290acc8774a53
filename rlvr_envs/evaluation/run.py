"""Scoring problems with a model: requests through a :class:`Backend`, scoring with
:func:`rlvr_envs.verify`, the completion cache, multi-turn conversations and the progress bar.

Each problem gets ``k`` samples; a sample is one conversation. Single-turn problems take one
completion. Multi-turn ones (``make_task(env_id).max_turns > 1``, e.g. ``rlvr/CodeRepair-v0``)
go on as :class:`~rlvr_envs.env.TextEnv` does (both through :class:`rlvr_envs.Responder`): a
wrong answer gets the family's feedback as the next user message, until an answer is right
or the turns run out, and the sample is correct when any turn is; an interactive family's
episode (a game, a secret probed with feedback) goes on until it is decided or out of turns,
and the sample's verdict is the episode's. A request that fails for good makes the sample an
error (``error`` set, ``correct`` None): it is never scored as a wrong answer and pass@k
leaves it out.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import hashlib
import os
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rlvr_envs.chat import Examples, Message, chat_messages
from rlvr_envs.core import Problem, Verdict, canonical_json, check_timeout
from rlvr_envs.evaluation.backend import Backend, BackendError, Completion, valid_unicode
from rlvr_envs.evaluation.cache import CompletionCache, cache_key
from rlvr_envs.evaluation.metrics import pass_at_k
from rlvr_envs.registry import Responder, family_for, make_task


@dataclass
class SampleResult:
    """One sample (one conversation) of one problem.

    ``correct``, ``format_ok`` and ``reward`` are the verdict of the last turn (None for an
    error); ``completion_tokens`` sums the server's ``usage`` over turns (None when it gave
    none); ``turns`` counts the turns taken, the failed one included. ``requests`` counts
    the backend calls made (turns not found in the cache), ``completions`` holds each turn's
    text, ``reason`` the last verdict's reason and ``finish_reason`` the last completion's
    (``"length"``: cut short by ``max_tokens``; None when the backend gave none).
    """

    correct: bool | None
    format_ok: bool | None
    reward: float | None
    error: str | None
    completion_tokens: int | None
    turns: int
    completions: list[str] = field(default_factory=list)
    reason: str | None = None
    requests: int = 0
    finish_reason: str | None = None


@dataclass
class ProblemResult:
    """A problem and its samples, in sample order."""

    problem: Problem
    samples: list[SampleResult]

    @property
    def n_ok(self) -> int:
        """Samples that got an answer (not an error)."""
        return sum(s.error is None for s in self.samples)

    @property
    def n_correct(self) -> int:
        """Samples whose answer is correct."""
        return sum(bool(s.correct) for s in self.samples)

    @property
    def n_errors(self) -> int:
        """Samples whose requests failed for good."""
        return len(self.samples) - self.n_ok

    def pass_at(self, k: int) -> float | None:
        """Unbiased pass@k over the non-error samples (Chen et al. 2021); None when fewer
        than ``k`` samples got an answer."""
        if self.n_ok < k:
            return None
        return pass_at_k(self.n_ok, self.n_correct, k)


@dataclass(frozen=True)
class ScoringOptions:
    """How :func:`score_problems` asks and scores: one set of settings for both entry points
    (each is also accepted as a keyword argument there, overriding ``options``).

    ``k`` samples per problem at ``temperature``, each at most ``max_tokens`` tokens per
    turn. The messages are ``system_prompt`` (None or empty: no system message), the worked
    ``examples`` (``[user, assistant]`` pairs, as earlier turns), then the problem's prompt
    (:func:`rlvr_envs.chat.chat_messages`, as the trainer asks). Sample ``i`` is requested
    with seed ``seed + i`` when ``seed`` is given. ``cache`` is the JSONL completion cache
    (see :mod:`rlvr_envs.evaluation.cache`; None keeps none). ``progress`` shows a tqdm bar
    (labelled ``desc``) with running accuracy and tokens/s on stderr. ``max_turns``
    overrides the env's turn limit (1: single-turn only). Completions are scored with
    :func:`rlvr_envs.verify` on ``workers`` threads (default: the CPU count), each check
    under ``verify_timeout`` seconds (None: the library's default).
    """

    k: int = 1
    temperature: float = 0.0
    max_tokens: int = 1024
    system_prompt: str | None = None
    seed: int | None = None
    cache: str | Path | None = None
    progress: bool = True
    desc: str = "eval"
    max_turns: int | None = None
    workers: int | None = None
    examples: Examples = ()
    verify_timeout: float | None = None

    def validate(self) -> None:
        """ValueError naming the setting that is out of range."""
        k, temperature, max_tokens = self.k, self.temperature, self.max_tokens
        if not isinstance(k, int) or k < 1:
            raise ValueError(f"k (samples per problem) must be an integer >= 1, got {k!r}")
        if not 0 <= temperature < float("inf"):
            raise ValueError(f"temperature must be a finite number >= 0, got {temperature}")
        if not isinstance(max_tokens, int) or max_tokens < 1:
            raise ValueError(f"max_tokens must be an integer >= 1, got {max_tokens!r}")
        if self.max_turns is not None and self.max_turns < 1:
            raise ValueError(f"max_turns must be >= 1, got {self.max_turns}")
        check_timeout(self.verify_timeout)


def _options(options: ScoringOptions | None, overrides: dict[str, Any]) -> ScoringOptions:
    try:
        return dataclasses.replace(options or ScoringOptions(), **overrides)
    except TypeError:
        names = {f.name for f in dataclasses.fields(ScoringOptions)}
        unknown = sorted(set(overrides) - names)
        raise TypeError(f"unknown scoring options {unknown}; see ScoringOptions") from None


def content_hash(problem: Problem) -> str:
    """``problem.content_hash()`` without its deep copy (``dataclasses.asdict``): the same
    canonical JSON of the same fields, several times faster on problems with a large ``meta``."""
    fields = {name: getattr(problem, name) for name in Problem.__dataclass_fields__}
    return hashlib.sha256(canonical_json(fields).encode()).hexdigest()


def _messages_digest(messages: Sequence[Message]) -> str:
    return hashlib.sha256(canonical_json(list(messages)).encode()).hexdigest()


class _Run:
    """The state of one :func:`ascore_problems` call."""

    def __init__(
        self,
        backend: Backend,
        cache: CompletionCache,
        options: ScoringOptions,
        *,
        executor: concurrent.futures.Executor,
        bar: Any,
    ) -> None:
        self.backend, self.cache, self.executor, self.bar = backend, cache, executor, bar
        temperature, max_tokens = options.temperature, options.max_tokens
        self.temperature, self.max_tokens = temperature, max_tokens
        self.system_prompt, self.seed = options.system_prompt or None, options.seed
        self.max_turns, self.verify_timeout = options.max_turns, options.verify_timeout
        self.examples = [tuple(e) for e in options.examples]
        # the request's settings, as the cache key holds them: 0 and 0.0 are one temperature,
        # "" and None one system prompt (neither sends a system message)
        self.settings: dict[str, Any] = {
            "backend": backend.name, "model": backend.model,
            "system_prompt": self.system_prompt, "temperature": float(temperature),
            "max_tokens": max_tokens,
        }  # fmt: skip
        backend_id = getattr(backend, "cache_id", None)
        if backend_id is not None:
            self.settings["backend_id"] = str(backend_id)
        self.started = time.monotonic()
        self.scored = self.correct = self.tokens = 0
        self._turns: dict[str, int] = {}

    def turns_for(self, problem: Problem) -> int:
        if self.max_turns is not None:
            return self.max_turns
        if problem.env_id not in self._turns:
            self._turns[problem.env_id] = make_task(problem.env_id).max_turns
        return self._turns[problem.env_id]

    async def sample(self, problem: Problem, problem_hash: str, index: int) -> SampleResult:
        loop = asyncio.get_running_loop()
        messages = chat_messages(problem.prompt, self.system_prompt, self.examples)
        seed = None if self.seed is None else self.seed + index
        turns = self.turns_for(problem)
        texts: list[str] = []
        tokens: list[int] = []
        requests = 0
        verdict: Verdict | None = None
        # one per episode: each turn plays only the new move (the same turns as respond())
        responder = Responder(problem, max_turns=turns, timeout=self.verify_timeout)
        for turn in range(turns):
            key = cache_key(
                **self.settings, seed=seed, problem=problem_hash, sample=index, turn=turn,
                messages=_messages_digest(messages),
            )  # fmt: skip
            completion = self.cache.get(key)
            if completion is None:
                requests += 1
                try:
                    completion = await self.backend.complete(
                        messages,
                        temperature=self.temperature,
                        max_tokens=self.max_tokens,
                        seed=seed,
                    )
                except BackendError as exc:
                    return self._done(
                        SampleResult(None, None, None, str(exc) or type(exc).__name__,
                                     _total(tokens), turn + 1, texts, None, requests)
                    )  # fmt: skip
                text = valid_unicode(completion.text)  # any backend's: files and requests need it
                if text != completion.text:
                    completion = dataclasses.replace(completion, text=text)
                self.cache.put(
                    key, completion, model=self.backend.model, env_id=problem.env_id,
                    problem=problem_hash, sample=index, turn=turn,
                )  # fmt: skip
            texts.append(completion.text)
            if completion.completion_tokens is not None:
                tokens.append(completion.completion_tokens)
            reply = await loop.run_in_executor(self.executor, responder.respond, list(texts))
            verdict = reply.verdict
            if reply.done or turn == turns - 1:
                break
            messages = [
                *messages,
                {"role": "assistant", "content": completion.text},
                {"role": "user", "content": reply.observation},
            ]
        assert verdict is not None
        return self._done(
            SampleResult(verdict.correct, verdict.format_ok, verdict.reward, None,
                         _total(tokens), len(texts), texts, verdict.reason, requests,
                         completion.finish_reason)
        )  # fmt: skip

    def _done(self, result: SampleResult) -> SampleResult:
        if result.error is None:
            self.scored += 1
            self.correct += bool(result.correct)
        if result.requests:  # tokens/s of this run's requests, not of the cache
            self.tokens += result.completion_tokens or 0
        if self.bar is not None:
            elapsed = max(1e-9, time.monotonic() - self.started)
            postfix = {"acc": f"{self.correct / self.scored:.3f}" if self.scored else "-"}
            if self.tokens:
                postfix["tok/s"] = f"{self.tokens / elapsed:.0f}"
            self.bar.set_postfix(postfix, refresh=False)
            self.bar.update(1)
        return result


def _total(tokens: list[int]) -> int | None:
    return sum(tokens) if tokens else None


def _check(problems: Sequence[Problem]) -> None:
    for problem in problems:
        if not isinstance(problem, Problem):
            raise TypeError(f"expected Problem objects, got {type(problem).__name__}")
        family_for(problem)  # an unregistered family fails now, before any request


async def ascore_problems(
    problems: Sequence[Problem],
    backend: Backend,
    options: ScoringOptions | None = None,
    **overrides: Any,
) -> list[ProblemResult]:
    """:func:`score_problems` on the running event loop."""
    opts = _options(options, overrides)
    opts.validate()
    problems = list(problems)
    _check(problems)
    k = opts.k
    store = CompletionCache(opts.cache)
    bar = None
    if opts.progress:
        from tqdm import tqdm

        bar = tqdm(total=len(problems) * k, desc=opts.desc, unit="sample", file=sys.stderr)
    workers = opts.workers or os.cpu_count() or 1
    executor = concurrent.futures.ThreadPoolExecutor(max_workers=workers)
    run = _Run(backend, store, opts, executor=executor, bar=bar)
    hashes = [content_hash(problem) for problem in problems]
    tasks = [
        asyncio.ensure_future(run.sample(problem, digest, index))
        for problem, digest in zip(problems, hashes)
        for index in range(k)
    ]
    try:
        samples = await asyncio.gather(*tasks)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        executor.shutdown(wait=False, cancel_futures=True)
        store.close()
        if bar is not None:
            bar.close()
        await backend.aclose()
    return [ProblemResult(p, list(samples[i * k : (i + 1) * k])) for i, p in enumerate(problems)]


def score_problems(
    problems: Sequence[Problem],
    backend: Backend,
    options: ScoringOptions | None = None,
    **overrides: Any,
) -> list[ProblemResult]:
    """Sample ``options.k`` completions per problem from ``backend`` and score them; one
    :class:`ProblemResult` per problem, in the order given.

    The settings are a :class:`ScoringOptions`, or its fields as keyword arguments
    (``score_problems(problems, backend, k=4, temperature=0.7)``), which override
    ``options``; an unknown name is a TypeError. Multi-turn problems continue with the
    family's feedback (see the module docstring).

    Runs its own event loop (in a helper thread when called from a running one, e.g. a
    notebook); use :func:`ascore_problems` inside async code.
    """
    coro = ascore_problems(problems, backend, _options(options, overrides))
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = asyncio.run(coro)
        except BaseException as exc:
            box["error"] = exc

    thread = threading.Thread(target=target, name="rlvr-eval")
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box["value"]


__all__ = [
    "Completion",
    "ProblemResult",
    "SampleResult",
    "ScoringOptions",
    "ascore_problems",
    "score_problems",
]
