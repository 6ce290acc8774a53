"""TextEnv: the gymnasium adapter over any registered task (single- and multi-turn).

Observations are prompts, actions are completions, both plain strings. ``reset(seed=s)``
returns the same problem as ``make_task(env_id).generate(seed=s, difficulty=<the env's
difficulty>)``; ``options`` may carry ``difficulty`` and ``knobs`` for one episode. A
single-turn env terminates after one step; a multi-turn one (``max_turns > 1``) answers a
wrong attempt with the family's feedback as the next observation, terminates on a right
answer and is truncated (gymnasium's word for a time limit) when its attempts run out.

``info["problem"]`` is the problem as a dict; ``info["problem_json"]`` is the same problem
as one JSON string, which survives a vector env's stacking of infos (gymnasium turns nested
dicts into dicts of arrays, and a mixture's members have different knobs).
:func:`problems_from_info` turns either env's info back into :class:`Problem` objects::

    envs = gym.make_vec("rlvr/Math-v0", num_envs=8, vectorization_mode="async")
    prompts, info = envs.reset(seed=0)
    problems = rlvr_envs.problems_from_info(info)  # one Problem per sub-env

Async vector envs keep observations in shared memory; gymnasium reads a shared ``Text``
buffer once, into a tuple, so ``UnicodeText`` registers its own reader (gymnasium's
extension point for spaces) that decodes the current contents. The gymnasium versions this
is tested with are the bounds in ``pyproject.toml``.

Every registered id is a gymnasium id too: this module registers each one with gymnasium as
the registry learns of it (:func:`rlvr_envs.registry.on_register`), and ``import rlvr_envs``
imports this module.
"""

from __future__ import annotations

import json
import pickle
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.spaces import Text
from gymnasium.vector.utils import read_from_shared_memory

from rlvr_envs.chat import chat_messages
from rlvr_envs.core import EVAL_SEEDS, Problem, Turn, canonical_json, plain_copy
from rlvr_envs.registry import Responder, make_task, on_register

MAX_PROMPT_CHARS = 262_144  # long_context prompts reach 200,000 characters (kchars 200)
MAX_COMPLETION_CHARS = 10_000_000
_SAMPLE_CHARSET = "".join(chr(c) for c in range(0x20, 0x7F)) + "\n\t"


class _Codepoints:
    """The whole of Unicode as a read-only set/sequence, indexed by code point."""

    def __len__(self) -> int:
        return 0x110000

    def __contains__(self, char: object) -> bool:
        return isinstance(char, str) and len(char) == 1

    def __getitem__(self, index: int) -> str:
        return chr(int(index))


class UnicodeText(Text):
    """A ``Text`` space whose charset is every Unicode character.

    ``Text``'s default charset is alphanumeric, too small for prompts and completions; an
    explicit set of 1.1 million characters would cost hundreds of megabytes. Here the
    character index is the code point, so flattening and gymnasium's shared-memory vector
    envs work unchanged. ``sample`` draws printable ASCII strings of at most 256 characters.
    """

    def __init__(self, max_length: int, *, min_length: int = 0, seed: Any = None) -> None:
        super().__init__(max_length, min_length=min_length, charset=_SAMPLE_CHARSET, seed=seed)
        self._all = _Codepoints()

    @property
    def character_set(self) -> Any:  # type: ignore[override]
        return self._all

    @property
    def character_list(self) -> Any:  # type: ignore[override]
        return self._all

    def character_index(self, char: str) -> np.int32:
        return np.int32(ord(char))

    def contains(self, x: Any) -> bool:
        return isinstance(x, str) and self.min_length <= len(x) <= self.max_length

    def sample(self, mask: Any = None, probability: Any = None) -> str:
        if mask is not None or probability is not None:
            return super().sample(mask=mask, probability=probability)
        length = int(self.np_random.integers(self.min_length, min(self.max_length, 256) + 1))
        chars = self.np_random.integers(0, len(_SAMPLE_CHARSET), size=length)
        return "".join(_SAMPLE_CHARSET[int(i)] for i in chars)

    def __repr__(self) -> str:
        return f"UnicodeText({self.min_length}, {self.max_length})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, UnicodeText)
            and self.min_length == other.min_length
            and self.max_length == other.max_length
        )

    __hash__ = None  # type: ignore[assignment]


class _SharedTexts(Sequence):
    """Strings decoded on access from an async vector env's shared observation buffer.

    gymnasium reads a shared ``Text`` buffer once, into a tuple, so async envs would
    return stale observations; this view decodes the current contents instead, and a
    deep copy (what ``AsyncVectorEnv`` hands out by default) is a plain tuple.
    """

    def __init__(self, rows: np.ndarray) -> None:
        self.rows = rows

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return tuple(self)[index]
        row = self.rows[index]
        end = np.flatnonzero(row >= 0x110000)
        row = row[: end[0]] if len(end) else row
        return "".join(map(chr, row.tolist()))

    def __deepcopy__(self, memo: dict) -> tuple[str, ...]:
        return tuple(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, (tuple, list, _SharedTexts)) and tuple(self) == tuple(other)

    __hash__ = None  # type: ignore[assignment]


@read_from_shared_memory.register(UnicodeText)
def _read_unicode_text(space: UnicodeText, shared_memory: Any, n: int = 1) -> _SharedTexts:
    rows = np.frombuffer(shared_memory.get_obj(), dtype=np.int32).reshape((n, space.max_length))
    return _SharedTexts(rows)


class TextEnv(gym.Env[str, str]):
    """A gymnasium env over one registered env id (a family or a mixture).

    Args:
        env_id: a registered id, e.g. ``"rlvr/Math-v0"``.
        difficulty: default difficulty in [0, 1] (None: the family's default knobs).
        knobs: default explicit knobs (override ``difficulty``).
        system_prompt: prepended as a system message in ``info["messages"]``.
        max_turns: attempts per episode (default: the family's, 1 for single-turn).
        timeout: verification time limit per step, in seconds.
        **options: the family's constructor options (``gym.make("rlvr/Retry-v0",
            inner="rlvr/Sudoku-v0")``), see :func:`rlvr_envs.make_task`.

    An interactive family's episode (a game, a secret probed with feedback) follows the
    multi-turn contract of docs/design.md: each step is one move, the observation is the
    env's reply (the final one carries the outcome), the step's reward is the episode's
    reward once it is over (0 before), ``info["turn_reward"]`` the family's optional
    per-turn reward; every step goes through :func:`rlvr_envs.respond`'s
    :class:`~rlvr_envs.registry.Responder`, one per episode, so a step reads only its own
    move. What does not change within an episode (the problem's dict and JSON) is computed
    once per problem; each step's ``info`` still holds fresh copies.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        env_id: str,
        difficulty: float | None = None,
        knobs: Mapping[str, Any] | None = None,
        system_prompt: str | None = None,
        max_turns: int | None = None,
        timeout: float | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.task = make_task(env_id, **options)
        self.env_id = env_id
        self.difficulty = difficulty
        self.knobs = dict(knobs) if knobs else None
        self.task.generate(0, difficulty, self.knobs)  # bad settings fail now, clearly
        self.system_prompt = system_prompt
        self.max_turns = int(max_turns or self.task.max_turns)
        if self.max_turns < 1:
            raise ValueError(f"max_turns must be >= 1, got {max_turns}")
        self.timeout = timeout
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.observation_space = UnicodeText(MAX_PROMPT_CHARS)
        self.action_space = UnicodeText(MAX_COMPLETION_CHARS)
        self.problem: Problem | None = None
        self.messages: list[dict[str, str]] = []
        self.turn = 0
        self.done = True
        # per episode, keyed by the problem they were made for (never shared between envs)
        self._responder: Responder | None = None
        self._problem_info: tuple[Problem, Any, str] | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        super().reset(seed=seed)
        options = dict(options or {})
        unknown = set(options) - {"difficulty", "knobs"}
        if unknown:
            raise ValueError(
                f"reset options may be 'difficulty' and 'knobs', got {sorted(unknown)}"
            )
        if seed is None:  # training seeds only; the evaluation range is never drawn
            seed = int(self.np_random.integers(0, EVAL_SEEDS.start))
        difficulty = options.get("difficulty", self.difficulty)
        knobs = options.get("knobs", self.knobs if "difficulty" not in options else None)
        self.problem = self.task.generate(int(seed), difficulty, knobs)
        self.messages = chat_messages(self.problem.prompt, self.system_prompt)
        self.turn, self.done = 0, False
        self._responder = None
        return self.problem.prompt, self._info()

    def step(self, action: Any) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self.problem is None or self.done:
            raise RuntimeError("call reset() before step(), and again after an episode ends")
        text = action if isinstance(action, str) else str(action)
        self.turn += 1
        self.messages.append({"role": "assistant", "content": text})
        attempts = [m["content"] for m in self.messages if m["role"] == "assistant"]
        # Gymnasium's terms: a right answer, a decided game, or the one answer a single-turn
        # task takes, ends the task (terminated); a multi-turn episode that runs out of turns
        # is cut off by its limit (truncated). respond() decides, for every integration.
        turn = self._respond(attempts)
        terminated, truncated = turn.terminated, turn.truncated
        observation = turn.observation
        if not (terminated or truncated):
            self.messages.append({"role": "user", "content": observation})
        self.done = terminated or truncated
        info = self._info()
        info["verdict"] = turn.verdict.to_dict()  # a fresh dict each step
        info["turn"] = self.turn
        info["turn_reward"] = turn.turn_reward
        return observation, float(turn.verdict.reward), bool(terminated), bool(truncated), info

    def _respond(self, attempts: list[str]) -> Turn:
        """respond() to this episode's attempts, through the episode's Responder (made at
        its first step, again if the problem or the limits were changed since)."""
        assert self.problem is not None
        responder = self._responder
        if (
            responder is None
            or responder.problem is not self.problem
            or responder.max_turns != self.max_turns
            or responder.timeout != self.timeout
        ):
            responder = Responder(self.problem, max_turns=self.max_turns, timeout=self.timeout)
            self._responder = responder
        return responder.respond(attempts)

    def _info(self) -> dict[str, Any]:
        assert self.problem is not None
        cached = self._problem_info
        if cached is None or cached[0] is not self.problem:
            problem = self.problem.to_dict()
            try:  # a pickle loads back as a copy equal type for type, faster than rebuilding
                frozen: Any = pickle.dumps(problem, protocol=pickle.HIGHEST_PROTOCOL)
            except Exception:  # an odd value in meta: copy it as to_dict() does instead
                frozen = problem
            cached = self._problem_info = (self.problem, frozen, canonical_json(problem))
        frozen = cached[1]
        return {
            # a fresh copy per info, as to_dict() gave: a caller may change it
            "problem": pickle.loads(frozen) if isinstance(frozen, bytes) else plain_copy(frozen),
            "problem_json": cached[2],
            "messages": [dict(m) for m in self.messages],
        }

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return "\n\n".join(f"[{m['role']}]\n{m['content']}" for m in self.messages)


def problems_from_info(info: Mapping[str, Any]) -> list[Problem | None]:
    """The problems behind the ``info`` of a :class:`TextEnv` or of a vector env of them.

    A single env's info gives a one-element list. A vector env's info (sync or async; the
    ``info`` of ``reset`` or ``step``) gives one entry per sub-env, in order, None where a
    sub-env reported no problem in that call (gymnasium's ``_problem_json`` mask). With
    gymnasium's ``SAME_STEP`` autoreset, the problems just answered are in
    ``info["final_info"]``: ``problems_from_info(info["final_info"])``.

    Raises ValueError when ``info`` carries no ``problem_json`` (not an rlvr env's info).
    """
    if "problem_json" not in info:
        raise ValueError("this info has no 'problem_json': pass the info of an rlvr env")
    value = info["problem_json"]
    if isinstance(value, str):
        return [Problem.from_dict(json.loads(value))]
    mask = info.get("_problem_json")
    return [
        Problem.from_dict(json.loads(text))
        if isinstance(text, str) and (mask is None or bool(mask[i]))
        else None
        for i, text in enumerate(value)
    ]


def register_with_gymnasium(env_id: str) -> None:
    """Make ``gym.make(env_id)`` build a :class:`TextEnv` of ``env_id`` (once per id)."""
    if env_id not in gym.registry:
        gym.register(id=env_id, entry_point="rlvr_envs.env:TextEnv", kwargs={"env_id": env_id})


on_register(register_with_gymnasium)  # every id registered so far, and each one after it
