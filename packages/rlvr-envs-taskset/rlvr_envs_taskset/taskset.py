"""rlvr-envs as a verifiers (0.4, ``verifiers.v1``) environment: a Taskset and its Env.

verifiers resolves ``vf-eval rlvr-envs-taskset`` by importing this package and taking the
``Taskset`` and ``Env`` subclasses it exports in ``__all__`` (``verifiers.v1.utils.loaders``).
:class:`RlvrTaskset` turns a suite (its training sampler, or its frozen evaluation set) or
env ids into tasks: the problem's prompt as chat messages, the problem itself (its dict, the
same JSON ``rlvr export`` writes) in ``info["problem"]``. :class:`RlvrTask` scores the
final reply with ``rlvr_envs.verify``: the reward ``rlvr_reward`` is the verdict's reward (1.0
for a right answer in the form the prompt asks for), the metrics ``format_ok`` and
``correct`` come from the same verdict, whose dict lands in the trace's ``info["verdict"]``.

Multi-turn families (``max_turns > 1``, e.g. ``rlvr/CodeRepair-v0``) play as in
:class:`rlvr_envs.env.TextEnv`: :class:`RlvrEnv` opens an interaction (verifiers' caller-as-user
hook, ``Agent.interaction``), answers each wrong attempt with the family's feedback as the
next user turn, and stops at a right answer or after ``max_turns`` attempts; the reward is
the last attempt's verdict, the metric ``attempts`` counts them. Interactive families (a
game, a secret probed with feedback) play one move per turn with the env's reply as the next
user turn until the episode is decided or out of turns; their reward is the episode's
verdict (every move replayed), recorded as the episode goes. Each turn goes through
``rlvr_envs.respond``, as ``TextEnv.step`` does.

The seat ``agent`` defaults to the tool-less ``null`` harness in the ``subprocess`` runtime
(a plain chat program on this machine: no tools, nothing from the model is executed but
code answers, and those only inside rlvr-envs' sandbox at grading time).
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
from collections.abc import Iterator
from typing import Any, Literal

import verifiers.v1 as vf
from pydantic import Field, model_validator

from rlvr_envs import Problem, Verdict, list_envs, load_suite, verify
from rlvr_envs.chat import chat_messages
from rlvr_envs.integrations.trl import iter_source
from rlvr_envs.registry import family_for, respond

NO_SOURCE = (
    "give exactly one of --env.taskset.suite (a suite name from tasks/, such as math-v1) "
    "and --env.taskset.envs (env ids such as rlvr/Sudoku-v0, see `rlvr list`); got suite={!r}, "
    "envs={!r}"
)
ENDLESS = 2**62  # "no n": the training stream runs until vf-eval's -n (select.limit) stops it


class RlvrConfig(vf.TasksetConfig):
    """Which problems load, under ``--env.taskset.*``. Give ``suite`` or ``envs``."""

    suite: str | None = None
    """A suite name (``math-v1``: a TOML file in rlvr-envs' ``tasks/``) or a suite TOML path."""
    envs: list[str] = Field(default_factory=list)
    """Env ids instead of a suite (``rlvr/Sudoku-v0``; ``rlvr list`` lists them), drawn
    uniformly, with training seeds."""
    split: Literal["train", "eval"] = "train"
    """``train``: fresh problems with training seeds (a suite's sampler, or ``envs``).
    ``eval``: the suite's frozen evaluation set (suites only)."""
    n: int | None = Field(None, ge=0)
    """How many problems; None: the whole frozen set for ``eval``, an endless stream for
    ``train`` (bound it with vf-eval's ``-n``)."""
    seed: int = 0
    """Seeds the draw of env ids, difficulties and problem seeds (a pure function of it)."""
    difficulty: list[float] = Field(default_factory=lambda: [0.0, 1.0])
    """For ``envs``: each problem's difficulty is drawn uniformly from this range. A
    suite's rows carry their own ranges, so this must stay unset with ``suite``."""
    max_turns: int | None = Field(None, ge=1)
    """Attempts per episode; None: each family's own (1, or e.g. 3 for CodeRepair)."""

    @model_validator(mode="after")
    def _check(self) -> RlvrConfig:
        # "Neither suite nor envs" is refused when the taskset is made (RlvrTaskset): the
        # CLI validates a bare {"id": ...} config while resolving types.
        if self.suite and self.envs:
            raise ValueError(NO_SOURCE.format(self.suite, self.envs))
        d = self.difficulty
        if not (len(d) == 2 and 0.0 <= d[0] <= d[1] <= 1.0):
            raise ValueError(
                f"difficulty must be two numbers LOW HIGH with 0 <= LOW <= HIGH <= 1 "
                f"(--env.taskset.difficulty 0.2 0.6), got {self.difficulty}"
            )
        if self.suite and self.difficulty != [0.0, 1.0]:
            raise ValueError(
                "difficulty applies to --env.taskset.envs; a suite's rows carry their own "
                "difficulty ranges (write a suite TOML to change them)"
            )
        if self.suite:
            suite = load_suite(self.suite)  # an unknown suite fails here, naming the known ones
            if self.split == "eval" and self.n is not None:
                size = len(suite.load_eval_set())
                if self.n > size:  # silently fewer tasks than asked would skew a comparison
                    raise ValueError(
                        f"n={self.n} but the frozen evaluation set of {suite.name} has {size} "
                        f"problems: pass n <= {size}, or leave n out for the whole set"
                    )
        if self.envs:
            unknown = sorted(set(self.envs) - set(list_envs()))
            if unknown:
                raise ValueError(f"unknown env ids {unknown}; `rlvr list` shows the registered ids")
            if self.split == "eval":
                raise ValueError(
                    "split eval is a suite's frozen evaluation set: pass --env.taskset.suite"
                )
        return self

    @property
    def endless(self) -> bool:
        return self.n is None and self.split == "train"


class RlvrData(vf.TaskData):
    """One problem: ``prompt`` (chat messages) plus ``info``, which holds ``problem`` (the
    problem's dict, all that scoring needs) and ``max_turns`` (attempts per episode)."""

    info: dict[str, Any]


def problem_of(data: RlvrData) -> Problem:
    """The problem a task carries."""
    return Problem.from_dict(data.info["problem"])


async def verdict_for(problem: Problem, reply: str) -> Verdict:
    """``rlvr_envs.verify`` off the event loop (sympy and the code sandbox block; the verifier's
    worker pool is safe to use from threads)."""
    return await asyncio.to_thread(verify, problem, reply)


def keep_verdict(trace: vf.Trace, verdict: Verdict, reply: str) -> None:
    """Record ``verdict`` as the trace's verdict on its last ``reply`` (what
    :meth:`RlvrTask._verdict` reads back): an interactive episode's verdict scores every
    move, so it is recorded turn by turn instead of recomputed from the last reply."""
    trace.info["verdict"] = verdict.to_dict()
    trace.info["verdict_reply_sha256"] = _digest(reply)


def _digest(reply: str) -> str:
    # surrogatepass: a reply may hold lone surrogates (JSON "\ud800" from the model
    # server); verify scores them like any text, the digest must not raise on them
    return hashlib.sha256(reply.encode("utf-8", "surrogatepass")).hexdigest()


class RlvrTask(vf.Task[RlvrData]):
    """One rlvr-envs problem; its reward is our verifier's verdict on the final reply."""

    @property
    def key(self) -> str:
        """The problem's content hash: stable across runs, unlike the position ``idx``."""
        return self.data.id or self.hash

    async def _verdict(self, trace: vf.Trace) -> Verdict:
        """The verdict on ``trace.last_reply``, kept in ``trace.info["verdict"]`` (with the
        reply's SHA-256) so the metrics and the reward verify it once."""
        reply = trace.last_reply
        digest = _digest(reply)
        if trace.info.get("verdict_reply_sha256") == digest and "verdict" in trace.info:
            return Verdict.from_dict(trace.info["verdict"])
        verdict = await verdict_for(problem_of(self.data), reply)
        trace.info["verdict"] = verdict.to_dict()
        trace.info["verdict_reply_sha256"] = digest
        return verdict

    @vf.metric
    async def verdict(self, trace: vf.Trace) -> dict[str, float]:
        """``format_ok`` (1.0 when the final reply has an answer in the problem's required
        format) and ``correct`` (1.0 when it is right, in the form the prompt asks for)."""
        verdict = await self._verdict(trace)
        return {"format_ok": float(verdict.format_ok), "correct": float(verdict.correct)}

    @vf.reward(weight=1.0)
    async def rlvr_reward(self, trace: vf.Trace) -> float:
        """The verifier's reward on the final reply: 1.0 if correct, else 0.0 (partial
        credit only where a family opts in), as ``rlvr_envs.verify`` defines it."""
        return float((await self._verdict(trace)).reward)


class RlvrTaskset(vf.Taskset[RlvrTask, RlvrConfig]):
    """rlvr-envs problems from a suite or env ids (see :class:`RlvrConfig`)."""

    def __init__(self, config: RlvrConfig) -> None:
        if not config.suite and not config.envs:
            raise ValueError(NO_SOURCE.format(config.suite, config.envs))
        super().__init__(config)
        self.INFINITE = config.endless  # an endless training stream; vf-eval -n bounds it

    def problems(self) -> Iterator[Problem]:
        """The problems, in order: a pure function of the config."""
        c = self.config
        source: str | list[str] = c.suite if c.suite else list(c.envs)
        count = c.n if c.n is not None else (ENDLESS if c.split == "train" else None)
        return iter(
            iter_source(source, count, seed=c.seed, split=c.split, difficulty=tuple(c.difficulty))
        )

    def load(self) -> Iterator[RlvrTask]:
        for problem in self.problems():
            turns = self.config.max_turns or family_for(problem).max_turns
            data = RlvrData(
                id=problem.content_hash(),
                name=f"{problem.env_id}#{problem.seed}",
                prompt=chat_messages(problem.prompt),
                info={"problem": problem.to_dict(), "max_turns": turns},
            )
            yield RlvrTask(data, self.config.task)


class RlvrEnvConfig(vf.EnvConfig):
    """The one seat, ``agent`` (``--env.agent.*``), on the null harness in a subprocess."""

    agent: vf.AgentConfig = vf.AgentConfig(harness={"id": "null"}, runtime={"type": "subprocess"})


class RlvrEnv(vf.Env[RlvrEnvConfig]):
    """Single-turn problems take one reply; multi-turn ones get the family's feedback after
    each wrong attempt, up to the task's ``max_turns`` (see the module docstring)."""

    async def run(self, task: RlvrTask, agents: vf.Agents) -> None:
        turns = int(task.data.info.get("max_turns", 1))
        if turns <= 1:
            await agents.agent.run(task)
            return
        problem = problem_of(task.data)
        interactive = bool(getattr(family_for(problem), "interactive", False))
        replies: list[str] = []
        async with agents.agent.interaction(task) as interaction:
            segment = await interaction.turn()
            for attempt in itertools.count(1):
                if segment.terminated:
                    break
                interaction.trace.record_metric("attempts", attempt)
                replies.append(segment.last_reply)
                turn = await asyncio.to_thread(respond, problem, list(replies), max_turns=turns)
                if interactive:  # the episode's verdict, not the last reply's alone
                    keep_verdict(interaction.trace, turn.verdict, segment.last_reply)
                if turn.done or attempt >= turns:
                    break
                segment = await interaction.turn(turn.observation)
