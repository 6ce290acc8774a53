"""TRL's GRPOTrainer on rlvr-envs: a dataset builder and reward functions.

::

    from trl import GRPOConfig, GRPOTrainer
    from rlvr_envs.integrations.trl import correctness_reward, format_reward, grpo_dataset

    dataset = grpo_dataset("math-v0", n=2000, seed=0)    # a suite, an env id, or env ids
    trainer = GRPOTrainer(
        model="path/to/model",
        reward_funcs=[correctness_reward, format_reward],
        args=GRPOConfig(output_dir="out", reward_weights=[1.0, 0.1]),
        train_dataset=dataset,
    )

The reward functions follow GRPOTrainer's contract: they are called with ``prompts``,
``completions`` (strings, or chat message lists for conversational datasets) and every other
dataset column as a keyword argument, one entry per completion, and return one float per
completion, or ``None`` where they do not apply (a row without a ``problem``, when an
rlvr-envs dataset is mixed with others). The ``problem`` column holds each problem as JSON,
so scoring needs nothing but that column and works in any worker process.

**A teacher in the loop.** :func:`curriculum_dataset` streams the problems a
:class:`~rlvr_envs.curriculum.CurriculumFeed` issues, and a :class:`CurriculumReward` scores
each completion and reports it back to the feed, which updates the teacher with every
complete block of groups::

    args = GRPOConfig(..., shuffle_dataset=False, max_steps=500)
    feed = trl_feed(make_teacher("learning-progress", TaskSpace.from_suite(suite)), args)
    trainer = GRPOTrainer(model=..., reward_funcs=[CurriculumReward(feed)], args=args,
                          train_dataset=curriculum_dataset(feed),
                          callbacks=[curriculum_callback(feed)])

``shuffle_dataset=False`` matters: a shuffle buffer would read a thousand prompts ahead of
the first reward, and the dataset then stops with an error saying so. TRL reads one
generation batch at a time and Accelerate's data loader one batch further (to see the end
coming), so a feed made by :func:`trl_feed` draws a generation batch's prompts per block
and lets two blocks be in flight. TRL scores a whole generation batch in one call of the
reward function, so the teacher learns each generation batch in that call, and the
generation batch after the next one (the next is already read) is the first it picks
knowing those rewards. :class:`CurriculumReward` logs the feed's counts
(``curriculum/learned``, ``curriculum/waiting``, ``curriculum/open``) with TRL's metrics;
:func:`curriculum_callback` flushes the feed at every checkpoint and writes its state there.
With several processes (``accelerate launch``), every process reads the same stream (TRL
streams iterable datasets with ``dispatch_batches=False``) and the reward function gathers
every process's rewards before reporting them, so every process's teacher makes the same
decisions.

**Multi-turn.** :class:`TRLEnvironment` is an ``environment_factory`` environment for any
env: the model answers through the tool ``submit_answer``, a multi-turn env (e.g.
``rlvr/CodeRepair-v0``) answers wrong attempts with its feedback, and the reward functions
above read the episode's verdict from the environments TRL passes them.

This module imports neither torch nor trl; ``grpo_dataset`` imports ``datasets`` when called.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from rlvr_envs.chat import chat_messages
from rlvr_envs.core import EVAL_SEEDS, Problem, Verdict, check_timeout
from rlvr_envs.registry import list_envs, make_task, verify_batch

Source = str | Sequence[str]


def _problems(
    source: Source,
    n: int | None,
    *,
    seed: int,
    split: str,
    difficulty: tuple[float, float],
) -> list[Problem]:
    """Problems from a suite (its sampler, or its frozen eval set) or from env ids."""
    return list(iter_source(source, n, seed=seed, split=split, difficulty=difficulty))


Spec = tuple[str, int, "float | None", "dict[str, Any] | None"]
"""What one training problem is drawn as: (env id, seed, difficulty, knobs)."""


def iter_source(
    source: Source,
    n: int | None,
    *,
    seed: int = 0,
    split: str = "train",
    difficulty: tuple[float, float] = (0.0, 1.0),
) -> Iterable[Problem]:
    """Problems one at a time from a suite (its sampler with training seeds, or with
    ``split="eval"`` its frozen evaluation set) or from env ids (difficulty uniform in the
    range); a pure function of the arguments. Arguments are checked before the first one."""
    if split not in ("train", "eval"):
        raise ValueError(f"split must be 'train' or 'eval', got {split!r}")
    if split == "eval":
        _, suite = _check_source(source, n, split)
        problems = suite.load_eval_set()
        return iter(problems[:n] if n is not None else problems)
    specs = iter_specs(source, n, seed=seed, difficulty=difficulty)  # type: ignore[arg-type]
    return (make_task(env_id).generate(s, d, knobs) for env_id, s, d, knobs in specs)


def iter_specs(
    source: Source,
    n: int,
    *,
    seed: int = 0,
    difficulty: tuple[float, float] = (0.0, 1.0),
) -> Iterable[Spec]:
    """The (env id, seed, difficulty, knobs) of each training problem :func:`iter_source`
    generates for the same arguments, in order, without generating them (so that shards of
    the stream can be generated elsewhere: ``rlvr export --ray``). Arguments are checked
    before the first one."""
    ids, suite = _check_source(source, n, "train")
    rng = random.Random(seed)
    if ids is not None:
        low, high = difficulty

        def from_ids() -> Iterable[Spec]:
            for _ in range(n):
                env_id = ids[rng.randrange(len(ids))]
                d = low + rng.random() * (high - low)
                yield env_id, rng.randrange(0, EVAL_SEEDS.start), d, None

        return from_ids()

    def from_suite() -> Iterable[Spec]:
        for _ in range(n):
            env_id, d, knobs, problem_seed = suite.sample(rng)
            yield env_id, problem_seed, d, knobs

    return from_suite()


def _check_source(source: Source, n: int | None, split: str) -> tuple[list[str] | None, Any]:
    """``(env ids, None)`` or ``(None, suite)`` for ``source``; raises ValueError for a bad
    ``n``, unknown ids or suites, or a split env ids cannot take."""
    from rlvr_envs.suites import load_suite

    ids = [source] if isinstance(source, str) else list(source)
    known = set(list_envs())
    if n is not None and (type(n) is not int or n < 0):
        raise ValueError(f"n must be a non-negative int, got {n!r}")
    if all(i in known for i in ids):
        if split != "train":
            raise ValueError("split='eval' needs a suite (its frozen set), not env ids")
        if n is None:
            raise ValueError("n (the number of problems) is required for env ids")
        return ids, None
    if not isinstance(source, str):
        raise ValueError(f"unknown env ids: {sorted(set(ids) - known)}")
    if source.startswith("rlvr/") and not source.endswith(".toml"):
        make_task(source)  # an env id that is not registered: the registry says which are
    suite = load_suite(source)
    if split == "train" and n is None:
        raise ValueError("n (the number of problems) is required for split='train'")
    return None, suite


def _prompt(problem: Problem, system_prompt: str | None, conversational: bool) -> Any:
    if conversational:
        return chat_messages(problem.prompt, system_prompt)
    return f"{system_prompt}\n\n{problem.prompt}" if system_prompt else problem.prompt


def problem_records(
    source: Source,
    n: int | None = None,
    *,
    seed: int = 0,
    split: str = "train",
    difficulty: tuple[float, float] = (0.0, 1.0),
    system_prompt: str | None = None,
    conversational: bool = True,
) -> list[dict[str, Any]]:
    """Rows for a GRPO dataset, as plain dicts (no dependencies).

    ``source`` is a suite name or path (``"math-v0"``; training rows come from the suite's
    sampler with training seeds, ``split="eval"`` gives its frozen evaluation set) or one or
    more env ids (``difficulty`` drawn uniformly from the range). Columns: ``prompt`` (chat
    messages when ``conversational``, else the text), ``problem`` (the problem as JSON),
    ``env_id`` and ``difficulty``.
    """
    return [
        problem_row(problem, system_prompt, conversational)
        for problem in _problems(source, n, seed=seed, split=split, difficulty=difficulty)
    ]


def problem_row(
    problem: Problem, system_prompt: str | None = None, conversational: bool = True
) -> dict[str, Any]:
    """One dataset row: ``prompt`` (chat messages, or the text when not
    ``conversational``), ``problem`` (its JSON: all scoring needs), ``env_id``,
    ``difficulty``."""
    return {
        "prompt": _prompt(problem, system_prompt, conversational),
        "problem": json.dumps(problem.to_dict(), sort_keys=True),
        "env_id": problem.env_id,
        "difficulty": problem.difficulty,
    }


def grpo_dataset(source: Source, n: int | None = None, **options: Any) -> Any:
    """A Hugging Face ``datasets.Dataset`` of :func:`problem_records` (same arguments)."""
    from datasets import Dataset

    return Dataset.from_list(problem_records(source, n, **options))


def _verdicts(
    completions: Sequence[Any],
    problem: Sequence[Any] | None,
    environments: Sequence[Any] | None = None,
    verify_timeout: float | None = None,
) -> list[Verdict | None]:
    """Verdicts for the rows that carry a problem (a dict or its JSON), None for the rest.
    A row played in a :class:`TRLEnvironment` (TRL's ``environments``) takes the episode's
    verdict: the answer went through the tool, not into the completion's text. Each check
    runs under ``verify_timeout`` seconds (None: the library's default)."""
    if problem is None:
        return [None] * len(completions)
    if len(problem) != len(completions):
        raise ValueError(f"{len(problem)} problems but {len(completions)} completions")
    episodes = list(environments) if environments is not None else [None] * len(completions)
    if len(episodes) != len(completions):
        raise ValueError(f"{len(episodes)} environments but {len(completions)} completions")
    parsed = [json.loads(p) if isinstance(p, str) else p for p in problem]
    verdicts: list[Verdict | None] = [None] * len(completions)
    for i, episode in enumerate(episodes):
        if isinstance(episode, TRLEnvironment) and isinstance(parsed[i], Mapping):
            verdicts[i] = episode._episode_verdict(parsed[i])
    rows = [i for i, p in enumerate(parsed) if isinstance(p, Mapping) and verdicts[i] is None]
    scored = verify_batch(
        [parsed[i] for i in rows], [completions[i] for i in rows], timeout=verify_timeout
    )
    for i, verdict in zip(rows, scored):
        verdicts[i] = verdict
    return verdicts


def _reward(
    pick: Callable[[Verdict], float], name: str, doc: str, verify_timeout: float | None = None
) -> Callable[..., list]:
    check_timeout(verify_timeout)

    def reward(
        prompts: Sequence[Any] | None = None,
        completions: Sequence[Any] = (),
        problem: Sequence[Any] | None = None,
        environments: Sequence[Any] | None = None,
        **kwargs: Any,
    ) -> list[float | None]:
        verdicts = _verdicts(completions, problem, environments, verify_timeout)
        return [None if v is None else pick(v) for v in verdicts]

    reward.__name__ = reward.__qualname__ = name
    reward.__doc__ = doc
    return reward


_CORRECTNESS = (
    lambda v: float(v.reward),
    "correctness_reward",
    "The verifier's reward (1.0 if correct; partial credit where the env opts in).",
)
_FORMAT = (
    lambda v: float(v.format_ok),
    "format_reward",
    "1.0 when a final answer was found in the problem's required format, else 0.0.",
)
correctness_reward = _reward(*_CORRECTNESS)
format_reward = _reward(*_FORMAT)


def reward_functions(
    format_weight: float | None = None, *, verify_timeout: float | None = None
) -> list[Callable[..., list]]:
    """``[correctness_reward]``, plus ``format_reward`` when a format weight is wanted (pass
    the weights to ``GRPOConfig(reward_weights=[1.0, format_weight])``).

    ``verify_timeout`` is each check's wall-clock limit in seconds (``rlvr_envs.verify``'s
    ``timeout``; None keeps the default): the functions returned then carry it, under the
    same names, so TRL logs them as before."""
    if verify_timeout is None:
        return [correctness_reward] + ([format_reward] if format_weight else [])
    correctness = _reward(*_CORRECTNESS, verify_timeout)
    return [correctness] + ([_reward(*_FORMAT, verify_timeout)] if format_weight else [])


def iter_problems(dataset: Iterable[Mapping[str, Any]]) -> Iterable[Problem]:
    """The problems of a dataset built here (for evaluation loops of one's own)."""
    for row in dataset:
        yield Problem.from_dict(json.loads(row["problem"]))


# -- a teacher in the loop ---------------------------------------------------------------------
SHUFFLE_HINT = (
    "; with TRL, set GRPOConfig(shuffle_dataset=False) (its shuffle buffer reads about a "
    "thousand prompts before the first reward) and make the feed with trl_feed(teacher, args)"
)


def trl_block(args: Any) -> int:
    """Distinct prompts in one TRL generation batch (``generation_batch_size //
    num_generations``, over all processes): the feed's ``block`` that lets TRL read a whole
    generation batch before its rewards come back."""
    return max(1, int(args.generation_batch_size) // int(args.num_generations))


def trl_feed(teacher: Any, args: Any, *, seed: int | None = None, **options: Any) -> Any:
    """A :class:`~rlvr_envs.curriculum.CurriculumFeed` shaped for ``GRPOTrainer`` with
    ``args``: groups of ``num_generations``, a generation batch per block, two blocks in
    flight (Accelerate's loader reads one batch ahead), seeded with ``args.seed``. Refuses
    ``shuffle_dataset=True`` (a shuffle buffer reads a thousand prompts ahead)."""
    from rlvr_envs.curriculum.feed import CurriculumFeed

    if getattr(args, "shuffle_dataset", False):
        raise ValueError(
            "a teacher-driven stream needs GRPOConfig(shuffle_dataset=False): TRL's shuffle "
            "buffer reads about a thousand prompts before the first reward comes back"
        )
    options = {"block": trl_block(args), "lookahead": 2, **options}
    return CurriculumFeed(
        teacher,
        group_size=int(args.num_generations),
        seed=int(args.seed if seed is None else seed),
        **options,
    )


def curriculum_dataset(
    feed: Any, *, system_prompt: str | None = None, conversational: bool = True
) -> Any:
    """A ``datasets.IterableDataset`` of the problems ``feed`` issues, in order: the columns
    of :func:`problem_records` plus ``problem_id`` (what :class:`CurriculumReward` reports
    under). Endless: give the trainer ``max_steps``. Reading further ahead than the feed's
    lookahead stops with :class:`~rlvr_envs.curriculum.LookaheadError` naming the fix."""
    from datasets import IterableDataset

    from rlvr_envs.curriculum.feed import LookaheadError

    def rows() -> Iterable[dict[str, Any]]:
        while True:
            try:
                (item,) = feed.take(1)
            except LookaheadError as exc:
                raise LookaheadError(f"{exc}{SHUFFLE_HINT}") from None
            yield {
                **problem_row(item.problem, system_prompt, conversational),
                "problem_id": item.problem_id,
            }

    return IterableDataset.from_generator(rows)


class CurriculumReward:
    """A TRL reward function that also teaches: the verifier's reward for every completion,
    reported to ``feed`` under the row's ``problem_id`` (the teacher learns from
    correctness). Rows without a ``problem_id`` (an evaluation set) are scored, not
    reported. With several processes the rewards of all of them are gathered first, so
    every process's feed sees every group. ``__name__`` is ``curriculum_reward`` (TRL logs
    ``rewards/curriculum_reward/mean``). When TRL passes ``log_metric`` (TRL 1.x), the
    feed's :func:`curriculum_metrics` are logged after every call, beside TRL's own."""

    __name__ = "curriculum_reward"

    def __init__(self, feed: Any, *, verify_timeout: float | None = None) -> None:
        check_timeout(verify_timeout)
        self.feed = feed
        self.verify_timeout = verify_timeout

    def __call__(
        self,
        prompts: Sequence[Any] | None = None,
        completions: Sequence[Any] = (),
        problem: Sequence[Any] | None = None,
        problem_id: Sequence[str | None] | None = None,
        environments: Sequence[Any] | None = None,
        log_metric: Callable[[str, float], None] | None = None,
        **kwargs: Any,
    ) -> list[float | None]:
        verdicts = _verdicts(completions, problem, environments, self.verify_timeout)
        rewards = [None if v is None else float(v.reward) for v in verdicts]
        ids = list(problem_id) if problem_id is not None else [None] * len(verdicts)
        mine = [
            (pid, float(v.reward), bool(v.correct))
            for pid, v in zip(ids, verdicts, strict=True)
            if pid is not None and v is not None
        ]
        for pid, reward, correct in _gather(mine):
            self.feed.report(pid, reward, correct=correct)
        if callable(log_metric):
            for name, value in curriculum_metrics(self.feed).items():
                log_metric(name, value)
        return rewards


def curriculum_metrics(feed: Any) -> dict[str, float]:
    """The feed's counts as training-log metrics, in groups (one per problem):
    ``curriculum/learned`` (the teacher has been updated with them), ``curriculum/waiting``
    (complete, waiting for the rest of their block) and ``curriculum/open`` (issued,
    waiting for rewards; with TRL, the generation batch read ahead)."""
    stats = feed.stats()
    return {f"curriculum/{key}": float(stats[key]) for key in ("learned", "waiting", "open")}


FEED_STATE = "curriculum_feed.json"
"""The file :func:`curriculum_callback` writes into each checkpoint folder."""


def curriculum_callback(feed: Any) -> Any:
    """A ``transformers.TrainerCallback`` for a feed in TRL's loop: at every checkpoint it
    calls ``feed.flush()`` (the teacher has then learned every complete block; the feed
    applies them as they complete, so this never changes a later draw) and, on the main
    process, writes ``feed.state_dict()`` (the teacher, and the groups still open or
    waiting) to ``checkpoint-<step>/curriculum_feed.json``; it flushes again when training
    ends. Imports ``transformers`` when called."""
    from transformers import TrainerCallback
    from transformers.trainer_utils import PREFIX_CHECKPOINT_DIR

    class CurriculumCallback(TrainerCallback):
        """Flushes the curriculum feed and saves its state with every checkpoint."""

        def on_save(self, args: Any, state: Any, control: Any, **kwargs: Any) -> Any:
            feed.flush()
            if state.is_world_process_zero:
                from pathlib import Path

                folder = Path(args.output_dir) / f"{PREFIX_CHECKPOINT_DIR}-{state.global_step}"
                folder.mkdir(parents=True, exist_ok=True)
                (folder / FEED_STATE).write_text(json.dumps(feed.state_dict()))
            return control

        def on_train_end(self, args: Any, state: Any, control: Any, **kwargs: Any) -> Any:
            feed.flush()
            return control

    return CurriculumCallback()


def _gather(items: list[Any]) -> list[Any]:
    """Every process's items, in process order (this process's alone when it is alone)."""
    try:
        from accelerate import PartialState
        from accelerate.utils import gather_object
    except ImportError:  # pragma: no cover - TRL depends on accelerate
        return items
    if PartialState().num_processes <= 1:
        return items
    return list(gather_object(items))


# -- multi-turn: TRL's environment_factory -----------------------------------------------------
class TRLEnvironment:
    """One episode of any rlvr env as a TRL ``environment_factory`` environment.

    The model answers by calling the tool ``submit_answer`` (this class's one public method,
    which TRL turns into the tool's schema); each answer is scored by the verifier exactly
    as a single-turn completion would be, so it must be in the form the problem asks for.
    A multi-turn env (``max_turns > 1``, e.g. ``rlvr/CodeRepair-v0``) answers a wrong
    attempt with the family's feedback (for code, the failing test) as the tool's result
    and takes another attempt, as :class:`~rlvr_envs.env.TextEnv` does; a single-turn env
    takes one. The episode's verdict is the last attempt's (a right one ends the episode),
    or "no answer" when the model never called the tool. An interactive env (a game, a
    secret probed with feedback) takes one move per call and answers with its reply (the
    opponent's move, the feedback), until the episode is decided or out of turns; every
    call goes through :func:`rlvr_envs.respond`, as ``TextEnv.step`` does.

    The reward comes from this package's reward functions, which read the episode when TRL
    passes ``environments``: ``correctness_reward``, ``format_reward`` or
    :class:`CurriculumReward` (which also reports to a teacher's feed). The class has no
    ``get_reward`` on purpose: TRL would add it as a second reward of weight 1 beside those.
    ::

        trainer = GRPOTrainer(model=..., args=args, train_dataset=dataset,
                              reward_funcs=[correctness_reward],
                              environment_factory=TRLEnvironment)

    ``reset`` receives the dataset row (:func:`problem_row`'s columns; ``problem`` is
    required) and returns how to answer, which TRL appends to the prompt. The chat template
    must support tool calls (TRL checks). Use ``functools.partial(TRLEnvironment,
    max_turns=N)`` to change the number of attempts, and ``verify_timeout=S`` to give each
    check ``S`` seconds (``rlvr_envs.verify``'s ``timeout``; None keeps the default).
    """

    def __init__(self, max_turns: int | None = None, verify_timeout: float | None = None) -> None:
        if max_turns is not None and (type(max_turns) is not int or max_turns < 1):
            raise ValueError(f"max_turns must be a positive int, got {max_turns!r}")
        check_timeout(verify_timeout)
        self._max_turns_option = max_turns
        self._verify_timeout = verify_timeout
        self._problem: Problem | None = None
        self._responder: Any = None  # rlvr_envs.Responder of the episode, from reset
        self._verdicts: list[Verdict] = []
        self._texts: list[str] = []
        self._done = False
        self._interactive = False
        self._max_turns = 1

    def reset(self, **row: Any) -> str:
        """Start an episode on the row's problem; returns the answering instructions."""
        from rlvr_envs.registry import family_for, make_task

        if "problem" not in row:
            raise ValueError(
                "TRLEnvironment needs rows with a 'problem' column (the problem's JSON, as "
                "grpo_dataset and curriculum_dataset write it)"
            )
        data = row["problem"]
        self._problem = Problem.from_dict(json.loads(data) if isinstance(data, str) else data)
        self._verdicts, self._texts, self._done = [], [], False
        self._max_turns = self._max_turns_option or make_task(self._problem.env_id).max_turns
        self._responder = None  # made at the first answer (an episode may never answer)
        self._interactive = bool(getattr(family_for(self._problem), "interactive", False))
        if self._interactive:
            return (
                "\n\nPlay by calling the tool submit_answer once per turn with one move, in "
                "the form asked for above; the tool answers with the game's reply."
            )
        attempts = "one attempt" if self._max_turns == 1 else f"{self._max_turns} attempts"
        more = (
            "; after a wrong one the tool tells you what went wrong" if self._max_turns > 1 else ""
        )
        return (
            "\n\nSubmit your answer by calling the tool submit_answer with your complete "
            f"answer, in the form asked for above. You have {attempts}{more}."
        )

    def submit_answer(self, answer: str) -> str:
        """Submit an answer to the problem for grading.

        Args:
            answer: Your complete answer, in the form the problem asks for.

        Returns:
            Whether the answer is right and, after a wrong one, what went wrong.
        """
        from rlvr_envs.registry import Responder

        if self._problem is None:
            raise RuntimeError("submit_answer before reset: TRL resets each episode first")
        if self._finished:
            return "The episode is over: no more answers are graded."
        text = answer if isinstance(answer, str) else str(answer)
        self._texts.append(text)
        if self._responder is None:  # one per episode: each turn plays only the new move
            self._responder = Responder(
                self._problem, max_turns=self._max_turns, timeout=self._verify_timeout
            )
        turn = self._responder.respond(self._texts)
        self._verdicts.append(turn.verdict)
        self._done = turn.done
        if self._interactive:  # a move: the env's reply (the opponent's move, the feedback)
            return turn.observation
        if turn.verdict.correct:
            return "Correct."
        left = self._max_turns - len(self._verdicts)
        if left <= 0:
            return "Wrong. No attempts left."
        plural = "attempt" if left == 1 else "attempts"
        return f"Wrong. {turn.observation}\n\n{left} {plural} left."

    @property
    def _finished(self) -> bool:
        return self._done

    @property
    def attempts(self) -> list[Verdict]:
        """The verdicts of this episode's answers, in order."""
        return list(self._verdicts)

    def _episode_verdict(self, problem: Mapping[str, Any]) -> Verdict:
        """The episode's verdict, after checking it played ``problem`` (the row's)."""
        from rlvr_envs.registry import verify

        if self._problem is None or self._problem.to_dict() != Problem.from_dict(problem).to_dict():
            raise RuntimeError(
                "an environment's episode does not match its row's problem: TRL reset it "
                "with another row"
            )
        if self._verdicts:
            return self._verdicts[-1]
        # never answered: the verifier's "no answer"
        return verify(self._problem, "", timeout=self._verify_timeout)
