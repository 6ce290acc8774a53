"""The episodes behind ``rlvr serve``, without the server: where problems come from and what
one session's reset and step do.

A :class:`Session` is one client's environment. ``reset`` draws a problem from the server's
:class:`ProblemSource` and starts an episode on a :class:`~rlvr_envs.env.TextEnv` (so turns,
feedback, termination and truncation are exactly the gymnasium env's); ``step`` scores a
completion. Three sources:

* :class:`EnvSource`: one env id (or none: every reset names one), with default difficulty
  and knobs; ``reset(env_id=..., seed=..., difficulty=..., knobs=...)`` overrides them.
* :class:`SuiteSource`: a suite's training draws (``Suite.sample``), training seeds only.
* :class:`TeacherSource`: a teacher through the curriculum feed
  (:class:`~rlvr_envs.curriculum.CurriculumFeed`). Group semantics: the feed's
  ``group_size`` G is the number of episodes played on each problem, so G consecutive
  resets (from any sessions) get the same problem, and each finished episode's reward (its
  last attempt's, as in :class:`~rlvr_envs.integrations.trl.TRLEnvironment`) is reported to
  the feed under the problem's id; the teacher is updated when whole blocks of groups are
  complete. An episode abandoned before its end (a new reset, or the session closing) gives
  its place back: the next reset replays that problem, so every group is completed by real
  answers and the teacher never learns from a client that went away.

Without a session (OpenEnv's HTTP ``/step`` makes a fresh environment per request), a step
carries the ``episode`` that reset returned in its metadata; the problem is regenerated
from it (a problem is a pure function of env id, knobs and seed) and the completion is
scored as a one-attempt episode. Every refusal is a :class:`ServeError` with a code and a
message naming the fix; nothing a completion contains raises (``verify``'s guarantee), and
text that cannot be encoded (lone surrogates) is replaced before scoring.
"""

from __future__ import annotations

import logging
import math
import numbers
import random
import threading
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rlvr_envs.answers import completion_text
from rlvr_envs.core import DEFAULT_TIMEOUT, EVAL_SEEDS, Verdict, stable_seed

log = logging.getLogger(__name__)

MAX_COMPLETION_CHARS = 262_144  # 256 Ki characters; larger completions are refused
MAX_SEED = 2**63
RESET_KEYS = ("env_id", "seed", "difficulty", "knobs")


class ServeError(ValueError):
    """A request the server refuses. ``code`` is machine-readable: ``bad_request``,
    ``unknown_env``, ``no_env``, ``bad_seed``, ``bad_difficulty``, ``bad_knobs``,
    ``too_large``, ``no_episode``, ``episode_over``, ``episode_mismatch``,
    ``teacher_owns_reset``, ``websocket_only``, ``busy``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")  # OpenEnv's WebSocket errors carry str(exc)
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"error": self.code, "detail": self.message}


@dataclass(frozen=True)
class Draw:
    """One problem to play: what regenerates it, and the feed item when a teacher chose it."""

    env_id: str
    seed: int
    difficulty: float | None
    knobs: dict[str, Any] | None
    item: Any = None  # a FeedItem (TeacherSource)

    def episode(self) -> dict[str, Any]:
        """The reset arguments that regenerate this problem exactly (JSON)."""
        return {
            "env_id": self.env_id,
            "seed": self.seed,
            "difficulty": self.difficulty,
            "knobs": self.knobs,
        }


# -- request validation ---------------------------------------------------------------------
def check_reset_request(request: Mapping[str, Any]) -> dict[str, Any]:
    """The reset arguments, type- and range-checked (knob values are checked by the family
    when the problem is generated). Raises :class:`ServeError`."""
    if not isinstance(request, Mapping):
        raise ServeError("bad_request", f"reset arguments must be a JSON object, got {request!r}")
    unknown = sorted(str(k) for k in request if k not in RESET_KEYS)
    if unknown:
        raise ServeError(
            "bad_request",
            f"reset takes {', '.join(RESET_KEYS)}; unknown argument(s): {', '.join(unknown)}",
        )
    out: dict[str, Any] = {}
    if request.get("env_id") is not None:
        env_id = request["env_id"]
        if not isinstance(env_id, str):
            raise ServeError("unknown_env", f"env_id must be a string, got {env_id!r}")
        _known_env(env_id)
        out["env_id"] = env_id
    if request.get("seed") is not None:
        out["seed"] = check_seed(request["seed"])
    if "difficulty" in request:
        out["difficulty"] = check_difficulty(request["difficulty"])
    if "knobs" in request:
        out["knobs"] = check_knobs(request["knobs"])
    return out


def check_seed(seed: Any) -> int:
    """A seed: a non-negative int below 2^63 (bools refused)."""
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or not 0 <= seed < MAX_SEED:
        raise ServeError("bad_seed", f"seed must be an int in [0, 2**63), got {seed!r}")
    return int(seed)


def check_difficulty(difficulty: Any) -> float | None:
    """None, or a finite number in [0, 1] (bools refused)."""
    if difficulty is None:
        return None
    if (
        isinstance(difficulty, bool)
        or not isinstance(difficulty, numbers.Real)
        or not math.isfinite(difficulty)
        or not 0.0 <= difficulty <= 1.0
    ):
        raise ServeError(
            "bad_difficulty", f"difficulty must be a number in [0, 1] or null, got {difficulty!r}"
        )
    return float(difficulty)


def check_knobs(knobs: Any) -> dict[str, Any] | None:
    """None, or an object of knob names to values (the family checks names and ranges)."""
    if knobs is None:
        return None
    if not isinstance(knobs, Mapping) or not all(isinstance(k, str) for k in knobs):
        raise ServeError("bad_knobs", f"knobs must be an object of knob names, got {knobs!r}")
    return dict(knobs)


def _known_env(env_id: str) -> None:
    from rlvr_envs.registry import list_envs

    if env_id not in set(list_envs()):
        raise ServeError(
            "unknown_env",
            f"unknown env id {env_id!r}; `rlvr list` (or rlvr_envs.list_envs()) names the "
            "registered ids, e.g. 'rlvr/Math-v0'",
        )


def _training_seed(seed: int, index: int) -> int:
    """The ``index``-th seed of a server's stream: a training seed, never an evaluation one."""
    return stable_seed(seed, "serve", index) % EVAL_SEEDS.start


# -- problem sources ------------------------------------------------------------------------
class ProblemSource:
    """Where a server's problems come from. Shared by every session: thread-safe."""

    name = "source"

    def draw(self, request: Mapping[str, Any]) -> Draw:
        """The problem for a reset with these (checked) arguments."""
        raise NotImplementedError

    def finish(self, draw: Draw, verdict: Verdict) -> None:
        """An episode on ``draw`` ended with ``verdict`` (its last attempt's)."""

    def abandon(self, draw: Draw) -> None:
        """An episode on ``draw`` was left before its end."""

    def describe(self) -> str:
        return self.name

    def _explicit(self, request: Mapping[str, Any], seed: int) -> Draw:
        """A reset that names its env id: that env, the request's difficulty and knobs."""
        return Draw(
            request["env_id"],
            request.get("seed", seed),
            request.get("difficulty"),
            request.get("knobs"),
        )


class EnvSource(ProblemSource):
    """One env id by default (None: every reset must name one). A reset without a seed gets
    the next seed of the server's stream (``seed``), a training seed."""

    def __init__(
        self,
        env_id: str | None = None,
        *,
        difficulty: float | None = None,
        knobs: Mapping[str, Any] | None = None,
        seed: int = 0,
    ) -> None:
        if env_id is not None:
            _known_env(env_id)
        if knobs is not None and env_id is None:
            raise ValueError("default knobs need a default env id (knob names are per family)")
        self.env_id = env_id
        self.difficulty = check_difficulty(difficulty)
        self.knobs = check_knobs(knobs)
        self.seed = int(seed)
        self.name = env_id or "any env id"
        self._lock = threading.Lock()
        self._count = 0
        if env_id is not None:  # bad defaults fail when the server starts, not per reset
            from rlvr_envs.registry import make_task

            make_task(env_id).generate(0, self.difficulty, self.knobs)

    def _next_seed(self) -> int:
        with self._lock:
            index, self._count = self._count, self._count + 1
        return _training_seed(self.seed, index)

    def draw(self, request: Mapping[str, Any]) -> Draw:
        env_id = request.get("env_id", self.env_id)
        if env_id is None:
            raise ServeError(
                "no_env",
                "this server has no default env id: pass env_id in reset, e.g. "
                "reset(env_id='rlvr/Math-v0')",
            )
        seed = request["seed"] if "seed" in request else self._next_seed()
        if "difficulty" in request or "knobs" in request:
            return Draw(env_id, seed, request.get("difficulty"), request.get("knobs"))
        knobs = self.knobs if env_id == self.env_id else None
        return Draw(env_id, seed, self.difficulty, knobs)


class SuiteSource(ProblemSource):
    """A suite's training draws. ``seed`` in a reset seeds the draw (row, difficulty, knobs
    and the problem's seed); without one, the server's stream does. ``difficulty`` replaces
    the row's; a reset naming ``env_id`` plays that env instead."""

    def __init__(self, suite: Any, *, seed: int = 0) -> None:
        from rlvr_envs.suites import Suite, load_suite

        self.suite = suite if isinstance(suite, Suite) else load_suite(suite)
        self.seed = int(seed)
        self.name = f"suite {self.suite.name}"
        self._lock = threading.Lock()
        self._count = 0

    def draw(self, request: Mapping[str, Any]) -> Draw:
        if "env_id" in request:
            return self._explicit(request, request.get("seed", self._stream_seed()))
        if "knobs" in request:
            raise ServeError(
                "bad_knobs",
                f"knobs need env_id on a suite server ({self.suite.name} mixes families whose "
                "knobs differ): pass env_id too, or only difficulty",
            )
        rng = random.Random(request["seed"] if "seed" in request else self._stream_seed())
        env_id, difficulty, knobs, seed = self.suite.sample(rng)
        if "difficulty" in request:
            difficulty, knobs = request["difficulty"], None
        return Draw(env_id, seed, difficulty, knobs)

    def _stream_seed(self) -> int:
        with self._lock:
            index, self._count = self._count, self._count + 1
        return _training_seed(self.seed, index)


class TeacherSource(ProblemSource):
    """A teacher's problems through a :class:`~rlvr_envs.curriculum.CurriculumFeed`: each
    problem is handed to ``feed.group_size`` resets, each finished episode's reward goes
    back to the feed, abandoned places are replayed (see the module docstring)."""

    def __init__(self, feed: Any, *, name: str = "teacher") -> None:
        self.feed = feed
        self.group_size = int(feed.group_size)
        self.name = name
        self._lock = threading.Lock()
        self._current: Any = None  # the FeedItem being handed out
        self._left = 0  # resets it still gets
        self._returned: deque[Any] = deque()  # places given back by abandoned episodes

    def draw(self, request: Mapping[str, Any]) -> Draw:
        given = sorted(k for k, v in request.items() if v is not None)
        if given:
            raise ServeError(
                "teacher_owns_reset",
                f"this server's problems come from the {self.name} (rlvr serve --teacher): "
                f"reset takes no {', '.join(given)}; call reset() without arguments",
            )
        with self._lock:
            item = self._hand_out()
        if item is None:
            item = self._take()
        problem = item.problem
        return Draw(problem.env_id, problem.seed, item.spec.difficulty, item.spec.knobs, item)

    def _hand_out(self) -> Any:
        if self._returned:
            return self._returned.popleft()
        if self._current is not None and self._left > 0:
            self._left -= 1
            return self._current
        return None

    def _take(self) -> Any:
        from rlvr_envs.curriculum.feed import LookaheadError

        try:
            (item,) = self.feed.take(1)  # may wait for other sessions' rewards
        except LookaheadError as exc:
            raise ServeError(
                "busy",
                f"the teacher is waiting for the rewards of episodes in flight ({exc}); finish "
                "open episodes, or start the server with a larger --block or --lookahead",
            ) from None
        with self._lock:
            for _ in range(self._left):  # another session's take replaced a current item
                self._returned.append(self._current)
            self._current, self._left = item, self.group_size - 1
        return item

    def finish(self, draw: Draw, verdict: Verdict) -> None:
        self.feed.report(draw.item.problem_id, verdict.reward, correct=verdict.correct)

    def abandon(self, draw: Draw) -> None:
        with self._lock:
            self._returned.append(draw.item)

    def describe(self) -> str:
        return f"{self.name}, groups of {self.group_size}"

    def summary(self) -> dict[str, Any]:
        """Where the curriculum stands (``GET /curriculum``), in groups of ``group_size``
        episodes: ``issued`` problems; ``pending``, issued and still waiting for episodes;
        ``waiting``, complete but not learned yet (their block, or an earlier one, still has
        pending groups or problems not handed out); ``learned``, groups the teacher has
        been updated with, and ``outcomes_learned`` as the teacher counts them;
        ``blocks_drawn`` and ``blocks_applied``; ``next_update_missing``, the groups the
        next block still needs before the teacher learns it; ``replays_waiting``, places
        of abandoned episodes waiting to be played again."""
        stats = self.feed.stats()
        with self._lock:
            replays = len(self._returned)
        return {
            "teacher": self.name,
            "group_size": self.group_size,
            "issued": stats["issued"],
            "pending": stats["open"],
            "waiting": stats["waiting"],
            "learned": stats["learned"],
            "outcomes_learned": int(getattr(self.feed.teacher, "episodes", 0)),
            "blocks_drawn": stats["blocks_drawn"],
            "blocks_applied": stats["blocks_applied"],
            "next_update_missing": stats["next_update_missing"],
            "replays_waiting": replays,
        }


# -- one client's environment ---------------------------------------------------------------
@dataclass
class Reply:
    """What reset and step return: the observation text (the prompt, then the family's
    feedback after a wrong attempt of a multi-turn env, empty at the end), the reward (None
    at reset), whether the episode is over, and JSON metadata."""

    text: str
    done: bool
    reward: float | None
    metadata: dict[str, Any]


class Session:
    """One client's episodes over a shared :class:`ProblemSource`.

    Args:
        source: where problems come from.
        timeout: verification time limit per step in seconds (``verify``'s ``timeout``;
            None: the verifier's default, ``core.DEFAULT_TIMEOUT``); a step may ask for
            less, never more.
        max_completion_chars: longer completions are refused with ``too_large``.
    """

    def __init__(
        self,
        source: ProblemSource,
        *,
        timeout: float | None = None,
        max_completion_chars: int = MAX_COMPLETION_CHARS,
    ) -> None:
        self.source = source
        self.timeout = timeout
        self.max_completion_chars = int(max_completion_chars)
        self._envs: dict[tuple[str, int | None], Any] = {}
        self._env: Any = None  # the TextEnv of the current episode
        self._draw: Draw | None = None
        self._problem_id: str | None = None
        self._done = True

    # -- episodes ---------------------------------------------------------------------------
    def reset(self, request: Mapping[str, Any] | None = None) -> Reply:
        """Start an episode; ``request`` may carry env_id, seed, difficulty and knobs."""
        checked = check_reset_request(request or {})
        self._leave()
        draw = self.source.draw(checked)
        env = self._start(draw)
        try:
            self._check_teacher_problem(env, draw)
        except Exception:
            self.source.abandon(draw)
            raise
        self._env, self._draw, self._done = env, draw, False
        self._problem_id = _problem_id(env, draw)
        return Reply(env.problem.prompt, False, None, self._metadata(env, draw, self._problem_id))

    def step(
        self,
        completion: Any,
        *,
        episode: Mapping[str, Any] | None = None,
        timeout: float | None = None,
    ) -> Reply:
        """Score one attempt. Within an episode, ``episode`` (if given) must be the current
        one; without one (a fresh environment, as OpenEnv's HTTP ``/step`` makes), ``episode``
        regenerates the problem and the completion is a one-attempt episode."""
        text = self._text(completion)
        budget = self._budget(timeout)
        if self._env is None or self._done:
            if episode is None:
                raise ServeError(
                    "episode_over" if self._env is not None else "no_episode",
                    "the episode is over (done was true): reset for the next problem"
                    if self._env is not None
                    else "step before reset: reset first (a client that reconnected after the "
                    "server closed its idle session, rlvr serve --idle-timeout, starts without "
                    "an episode), or (over HTTP, where every request gets a fresh environment) "
                    "pass action.episode = the metadata['episode'] that reset returned; "
                    "multi-turn episodes need the /ws WebSocket",
                )
            return self._one_attempt(text, episode, budget)
        if episode is not None and self._episode(episode) != self._draw.episode():  # type: ignore[union-attr]
            raise ServeError(
                "episode_mismatch",
                "action.episode is not this session's episode: leave it out within a session, "
                "or reset to play another problem",
            )
        env, draw = self._env, self._draw
        assert draw is not None
        env.timeout = budget
        observation, reward, terminated, truncated, info = env.step(text)
        self._done = bool(terminated or truncated)
        verdict = info["verdict"]
        if self._done:
            try:
                self.source.finish(draw, Verdict.from_dict(verdict))
            except ValueError:  # the feed refused the reward: the server's bug, not the client's
                log.exception("could not report the episode of %s", self._problem_id)
        return Reply(
            observation,
            self._done,
            float(reward),
            self._metadata(env, draw, self._problem_id, verdict, terminated, truncated),
        )

    def close(self) -> None:
        """End the session (an unfinished episode is abandoned)."""
        self._leave()
        for env in self._envs.values():
            env.close()
        self._envs.clear()

    @property
    def state(self) -> dict[str, Any]:
        """The current episode: env id, problem id, turn, max turns, done, source."""
        env, draw = self._env, self._draw
        return {
            "source": self.source.describe(),
            "env_id": draw.env_id if draw else None,
            "problem_id": self._problem_id,
            "turn": env.turn if env is not None else 0,
            "max_turns": env.max_turns if env is not None else None,
            "done": self._done,
        }

    # -- internals --------------------------------------------------------------------------
    def _leave(self) -> None:
        if self._env is not None and not self._done and self._draw is not None:
            self.source.abandon(self._draw)
        self._env, self._draw, self._problem_id, self._done = None, None, None, True

    def _text(self, completion: Any) -> str:
        if not isinstance(completion, (str, list, tuple)):
            raise ServeError(
                "bad_request",
                "completion must be a string or a chat message list, got "
                f"{type(completion).__name__}",
            )
        text = completion_text(completion)
        if len(text) > self.max_completion_chars:
            raise ServeError(
                "too_large",
                f"the completion has {len(text)} characters; this server scores at most "
                f"{self.max_completion_chars} (rlvr serve --max-completion-chars)",
            )
        # lone surrogates (valid in JSON, not in UTF-8) cannot be sent back: replace them
        return text.encode("utf-8", "replace").decode("utf-8")

    def _budget(self, timeout: float | None) -> float | None:
        if timeout is None:
            return self.timeout
        if isinstance(timeout, bool) or not isinstance(timeout, numbers.Real) or timeout <= 0:
            raise ServeError("bad_request", f"timeout_s must be a positive number, got {timeout!r}")
        cap = DEFAULT_TIMEOUT if self.timeout is None else self.timeout
        return min(float(timeout), cap)

    def _env_for(self, env_id: str, max_turns: int | None = None) -> Any:
        key = (env_id, max_turns)
        if key not in self._envs:
            from rlvr_envs.env import TextEnv

            self._envs[key] = TextEnv(env_id, max_turns=max_turns)
        return self._envs[key]

    def _start(self, draw: Draw, max_turns: int | None = None) -> Any:
        env = self._env_for(draw.env_id, max_turns)
        options = {"difficulty": draw.difficulty, "knobs": draw.knobs}
        try:
            env.reset(seed=draw.seed, options=options)
        except ValueError as exc:  # the family's check of the knobs (names, types, ranges)
            if draw.item is not None:
                self.source.abandon(draw)
            raise ServeError("bad_knobs", str(exc)) from None
        return env

    def _check_teacher_problem(self, env: Any, draw: Draw) -> None:
        if draw.item is not None and env.problem.to_dict() != draw.item.problem.to_dict():
            raise RuntimeError(
                f"the env made another problem than the feed for {draw.item.problem_id}: "
                "generation is not deterministic for this env (a bug; please report it)"
            )

    def _episode(self, episode: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(episode, Mapping) or "env_id" not in episode or "seed" not in episode:
            raise ServeError(
                "bad_request",
                "action.episode must be the metadata['episode'] reset returned: an object with "
                "env_id, seed, difficulty and knobs",
            )
        checked = check_reset_request(episode)
        return Draw(
            checked["env_id"], checked["seed"], checked.get("difficulty"), checked.get("knobs")
        ).episode()

    def _one_attempt(self, text: str, episode: Mapping[str, Any], budget: float | None) -> Reply:
        if isinstance(self.source, TeacherSource):
            raise ServeError(
                "no_episode",
                "on a teacher's server every answer belongs to an episode the teacher handed "
                "out: reset, then step within the /ws session",
            )
        spec = self._episode(episode)
        draw = Draw(spec["env_id"], spec["seed"], spec["difficulty"], spec["knobs"])
        from rlvr_envs.registry import make_task, verify

        if make_task(draw.env_id).interactive:
            # an interactive episode in one request: the whole transcript as one answer
            # (moves separated by ';'), replayed and scored as verify scores it
            env = self._start(draw)
            verdict = verify(env.problem, text, timeout=budget).to_dict()
            metadata = self._metadata(env, draw, _problem_id(env, draw), verdict, True, False)
            return Reply("", True, float(verdict["reward"]), metadata)
        env = self._start(draw, max_turns=1)
        env.timeout = budget
        _, reward, _, _, info = env.step(text)
        metadata = self._metadata(env, draw, _problem_id(env, draw), info["verdict"], True, False)
        return Reply("", True, float(reward), metadata)

    def _metadata(
        self,
        env: Any,
        draw: Draw,
        problem_id: str | None,
        verdict: dict[str, Any] | None = None,
        terminated: bool = False,
        truncated: bool = False,
    ) -> dict[str, Any]:
        problem = env.problem
        out: dict[str, Any] = {
            "env_id": problem.env_id,
            "family": problem.family,
            "problem_id": problem_id,
            "episode": draw.episode(),
            "answer_format": problem.answer_format,
            "turn": env.turn,
            "max_turns": env.max_turns,
        }
        if verdict is not None:
            done = terminated or truncated
            # the reference answer only once the episode is over (a next attempt could copy it)
            out["verdict"] = (
                verdict if done else {k: v for k, v in verdict.items() if k != "expected"}
            )
            out["terminated"], out["truncated"] = bool(terminated), bool(truncated)
        return out


def _problem_id(env: Any, draw: Draw) -> str:
    """The feed's id for a teacher's problem, else the first 16 hex digits of its hash."""
    if draw.item is not None:
        return str(draw.item.problem_id)
    return env.problem.content_hash()[:16]


def make_source(
    target: str | None = None,
    *,
    teacher: str | None = None,
    group_size: int = 1,
    block: int | None = None,
    lookahead: int = 2,
    wait: float = 30.0,
    seed: int = 0,
    difficulty: float | None = None,
    knobs: Mapping[str, Any] | None = None,
    max_sessions: int = 64,
) -> ProblemSource:
    """The source ``rlvr serve TARGET`` serves: ``target`` an env id or a suite (a name in
    ``tasks/`` or a TOML path), or None for any env id each reset names. With ``teacher`` (a
    name in ``rlvr_envs.curriculum.TEACHERS``) the teacher picks from the target's task space
    through a feed with groups of ``group_size``, blocks of ``block`` problems (default: enough
    for ``max_sessions`` concurrent episodes), ``lookahead`` blocks in flight, and resets that
    wait up to ``wait`` seconds for rewards before answering ``busy``."""
    from rlvr_envs.registry import list_envs

    is_env = target is not None and target in set(list_envs())
    if teacher is None:
        if target is None or is_env:
            return EnvSource(target, difficulty=difficulty, knobs=knobs, seed=seed)
        if difficulty is not None or knobs is not None:
            raise ValueError("--difficulty and --knobs are for an env id; a suite has its own")
        return SuiteSource(_suite(target), seed=seed)
    if target is None:
        raise ValueError("a teacher needs a task space: name an env id or a suite to serve")
    if difficulty is not None or knobs is not None:
        raise ValueError("with a teacher, the teacher sets difficulty and knobs")
    from rlvr_envs.curriculum import TaskSpace, make_teacher
    from rlvr_envs.curriculum.feed import CurriculumFeed

    space = TaskSpace([target]) if is_env else TaskSpace.from_suite(_suite(target))
    if type(group_size) is not int or group_size < 1:
        raise ValueError(f"group_size must be a positive int, got {group_size!r}")
    block = block or max(1, math.ceil(max_sessions / group_size))
    feed = CurriculumFeed(
        make_teacher(teacher, space, seed=seed),
        group_size=group_size,
        block=block,
        lookahead=lookahead,
        seed=seed,
        wait=wait,
    )
    return TeacherSource(feed, name=f"teacher {teacher} over {target}")


def _suite(target: str) -> Any:
    from rlvr_envs.suites import load_suite

    if target.startswith("rlvr/") and not target.endswith(".toml"):
        raise ValueError(f"unknown env id {target!r}; `rlvr list` names the registered ids")
    return load_suite(target)
