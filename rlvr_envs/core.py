"""The contract every part of rlvr-envs fits into: knobs, problems, verdicts and families.

A *family* is one kind of problem in code: it declares named difficulty *knobs*, maps a
difficulty scalar in [0, 1] monotonically onto them, generates a *problem* from a local RNG,
and judges an extracted answer. Everything else (the registry, the gymnasium env, the
teachers, the trainer) only talks to families through this module. See ``design.md``.
"""

from __future__ import annotations

import copy
import hashlib
import json
import math
import numbers
import random
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, ClassVar, Literal, get_args

from rlvr_envs.answers import completion_text, format_rules, labels_in

KnobType = Literal["int", "float", "categorical", "bool"]
AnswerFormat = Literal["tags", "boxed", "code"]
Reason = Literal["ok", "wrong", "partial", "unparsable", "no_answer", "timeout", "error"]

ANSWER_FORMATS: tuple[str, ...] = get_args(AnswerFormat)
REASONS: tuple[str, ...] = get_args(Reason)

# The wall-clock budget of the verification in progress. ``registry.verify`` sets it for the
# length of one call; a family's slow check (sympy, the sandbox) reads it here, so nothing
# under ``families/`` depends on the registry.
DEFAULT_TIMEOUT = 2.0
_verify_timeout: ContextVar[float] = ContextVar("rlvr_verify_timeout", default=DEFAULT_TIMEOUT)


def verify_timeout() -> float:
    """The wall-clock limit of the verification in progress (for families' slow checks);
    :data:`DEFAULT_TIMEOUT` outside one."""
    return _verify_timeout.get()


def check_timeout(seconds: Any) -> None:
    """ValueError unless ``seconds`` is None or a positive finite number (a verification
    timeout: a silent fallback to the default would hide the caller's mistake)."""
    if seconds is not None and (
        isinstance(seconds, bool)
        or not isinstance(seconds, numbers.Real)
        or not math.isfinite(seconds)
        or seconds <= 0
    ):
        raise ValueError(f"timeout must be a positive number of seconds or None, got {seconds!r}")


@contextmanager
def verification_budget(seconds: float | None) -> Iterator[float]:
    """Within the block, :func:`verify_timeout` returns ``seconds`` (the default if None).
    Raises ValueError unless ``seconds`` is None or a positive finite number."""
    check_timeout(seconds)
    budget = DEFAULT_TIMEOUT if seconds is None else float(seconds)
    token = _verify_timeout.set(budget)
    try:
        yield budget
    finally:
        _verify_timeout.reset(token)


# Train/eval separation, documented here and nowhere else: training sampling (env resets
# without a seed, teachers) draws seeds from TRAIN_SEEDS; frozen evaluation sets in `tasks/`
# use EVAL_SEEDS, which training never draws from.
TRAIN_SEEDS = range(0, 2**40)
EVAL_SEEDS = range(2**40, 2**41)


def stable_seed(*parts: Any) -> int:
    """A 64-bit seed from JSON-serialisable parts, independent of PYTHONHASHSEED and machine."""
    blob = json.dumps(parts, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return int.from_bytes(hashlib.sha256(blob.encode()).digest()[:8], "big")


class SeedDeriver:
    """``stable_seed(*prefix, seed)`` for many seeds, with the prefix serialised once.

    Produces exactly the bytes ``stable_seed`` hashes (so the same seeds), about 5x faster
    when generating many problems with the same knobs.
    """

    def __init__(self, *prefix: Any) -> None:
        blob = json.dumps([*prefix, 0], sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        self._head = blob[: blob.rindex(",") + 1].encode()

    def __call__(self, seed: int) -> int:
        digest = hashlib.sha256(self._head + b"%d]" % seed).digest()
        return int.from_bytes(digest[:8], "big")


def canonical_json(obj: Any) -> str:
    """The one serialisation used for hashing problems: sorted keys, no whitespace."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


_ATOMS = frozenset({type(None), bool, int, float, complex, str, bytes})
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}  # a dataclass's field names, in order


def plain_copy(obj: Any) -> Any:
    """What :func:`dataclasses.asdict` makes of ``obj``, faster: a dataclass as a dict of its
    fields, containers rebuilt (their types kept), anything else deep-copied.

    Python 3.11's ``asdict`` deep-copies every string and number one call at a time, half
    of a multi-turn step's time; here those atoms are returned as they are (copying an
    immutable atom returns it anyway), and the result is equal, type for type, to
    ``asdict``'s.
    """
    kind = type(obj)
    if kind in _ATOMS:
        return obj
    if kind is dict:
        return {plain_copy(k): plain_copy(v) for k, v in obj.items()}
    if kind is list:
        return [plain_copy(v) for v in obj]
    if kind is tuple:
        return tuple([plain_copy(v) for v in obj])
    if is_dataclass(obj) and not isinstance(obj, type):
        names = _FIELD_NAMES.get(kind)
        if names is None:
            names = _FIELD_NAMES[kind] = tuple(f.name for f in fields(obj))
        return {name: plain_copy(getattr(obj, name)) for name in names}
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):  # a namedtuple, as asdict does
        return kind(*[plain_copy(v) for v in obj])
    if isinstance(obj, (list, tuple)):
        return kind(plain_copy(v) for v in obj)
    if isinstance(obj, dict):
        return kind((plain_copy(k), plain_copy(v)) for k, v in obj.items())
    return copy.deepcopy(obj)


@dataclass(frozen=True)
class Knob:
    """One named difficulty parameter of a family.

    ``low``/``high`` bound what a caller may ask for; ``easy``/``hard`` are the values that
    difficulty 0 and 1 map to (default: ``low`` and ``high``), so a knob where smaller is
    harder (clues in a Sudoku) declares ``easy=high, hard=low``. Categorical knobs list their
    ``choices`` from easiest to hardest.

    A ``presentation`` knob changes only how the instance is written in the prompt (a
    graph's encoding), never the instance: it is left out of the problem's RNG seed, so
    one seed gives the same instance, and the same answer, in every presentation.

    A float knob may declare how difficulty moves it: ``scale="log"`` by equal factors
    instead of equal steps, ``power=k`` with difficulty entering as ``difficulty ** k``
    (slow at the easy end), ``digits`` rounding its values. A context length from 300 to
    100,000 characters is ``Knob("float", ..., easy=0.3, hard=100.0, scale="log", power=2,
    digits=1)``: about 1,300 characters at difficulty 0.5. Curricula place it by the same
    map (:meth:`position` is its inverse), so coordinate ``u`` means difficulty ``u``.
    """

    type: KnobType
    low: float | None = None
    high: float | None = None
    choices: tuple[Any, ...] | None = None
    default: Any = None
    easy: Any = None
    hard: Any = None
    doc: str = ""
    presentation: bool = False
    scale: Literal["linear", "log"] = "linear"
    power: int = 1
    digits: int | None = None

    def __post_init__(self) -> None:
        curved = (self.scale, self.power, self.digits) != ("linear", 1, None)
        if curved and self.type != "float":
            raise ValueError("scale, power and digits apply to float knobs only")
        if self.scale not in ("linear", "log") or self.power < 1:
            raise ValueError(
                f"scale must be linear or log and power >= 1, got {self.scale!r}, {self.power}"
            )
        if self.type in ("int", "float"):
            if self.low is None or self.high is None or self.low > self.high:
                raise ValueError(f"numeric knob needs low <= high, got {self.low}, {self.high}")
            for name in ("easy", "hard", "default"):
                if getattr(self, name) is None:
                    value = {"easy": self.low, "hard": self.high}.get(name, self.low)
                    object.__setattr__(self, name, value)
            if self.scale == "log" and min(self.easy, self.hard) <= 0:
                raise ValueError("a log-scale knob needs positive easy and hard values")
        elif self.type == "categorical":
            if not self.choices:
                raise ValueError("categorical knob needs choices")
            object.__setattr__(self, "choices", tuple(self.choices))
            if self.default is None:
                object.__setattr__(self, "default", self.choices[0])
        elif self.type == "bool":
            object.__setattr__(self, "choices", (False, True))
            if self.default is None:
                object.__setattr__(self, "default", False)
        else:
            raise ValueError(f"unknown knob type {self.type!r}")

    def describe(self) -> str:
        """Human-readable range, e.g. ``int 1..6`` or ``one of '+-', '+-*'``."""
        if self.type in ("int", "float"):
            low, high = self.low, self.high
            if self.type == "int":
                low, high = int(low), int(high)
            return f"{self.type} {low}..{high}"
        return "one of " + ", ".join(repr(c) for c in self.choices)

    def at(self, difficulty: float) -> Any:
        """The knob's value at ``difficulty`` (monotone from ``easy`` to ``hard``)."""
        if self.type == "float":
            t = float(difficulty)
            for _ in range(self.power - 1):
                t *= difficulty  # d * d, not d ** 2: pow and a product differ in the last bit
            if self.scale == "log":
                value = self.easy * (self.hard / self.easy) ** t
            else:
                value = self.easy + t * (self.hard - self.easy)
            return float(value if self.digits is None else round(value, self.digits))
        if self.type == "int":
            span = self.hard - self.easy
            # floor(d * (span + 1)) spreads the integers evenly over [0, 1].
            step = min(math.floor(difficulty * (abs(span) + 1)), abs(span))
            return int(self.easy + math.copysign(step, span)) if span else int(self.easy)
        choices = self.choices
        if self.type == "bool" and self.easy is not None:  # easy=True: True comes first
            choices = (bool(self.easy), not self.easy)
        elif self.type == "categorical" and self.easy is not None:
            lo, hi = choices.index(self.easy), choices.index(self.hard)
            choices = choices[lo : hi + 1]
        return choices[min(int(difficulty * len(choices)), len(choices) - 1)]

    def position(self, value: float) -> float:
        """The difficulty at which a float knob takes ``value`` (the inverse of :meth:`at`,
        clamped to [0, 1]; rounding by ``digits`` aside)."""
        easy, hard = float(self.easy), float(self.hard)
        if easy == hard:
            return 0.0
        if self.scale == "log":
            if value <= 0:
                return 0.0
            t = math.log(value / easy) / math.log(hard / easy)
        else:
            t = (float(value) - easy) / (hard - easy)
        t = min(max(t, 0.0), 1.0)
        return t if self.power == 1 else t ** (1 / self.power)

    def validate(self, name: str, value: Any, where: str) -> Any:
        """Return ``value`` coerced to the knob's type, or raise a ValueError naming the range."""
        if self.type == "int":
            integral = isinstance(value, numbers.Integral) and not isinstance(value, bool)
            if integral or (isinstance(value, float) and value.is_integer()):
                value = int(value)
                if self.low <= value <= self.high:
                    return value
        elif self.type == "float":
            if isinstance(value, numbers.Real) and not isinstance(value, bool):
                value = float(value)
                if math.isfinite(value) and self.low <= value <= self.high:
                    return value
        elif self.type == "bool":
            if isinstance(value, bool):
                return value
        elif value in self.choices and (
            not isinstance(value, bool) or any(c is value for c in self.choices)
        ):
            return self.choices[self.choices.index(value)]  # 9.0 -> the declared 9
        raise ValueError(f"knob {name!r} of {where} must be {self.describe()}, got {value!r}")


@dataclass
class Problem:
    """One generated instance: a pure function of (env id, version, knobs, seed).

    Round-trips exactly through JSON with :meth:`to_dict` / :meth:`from_dict`.
    """

    env_id: str
    family: str
    version: int
    seed: int
    knobs: dict[str, Any]
    difficulty: float | None
    prompt: str
    answer: str
    answer_format: str
    meta: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return plain_copy(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Problem:
        names = {f.name for f in fields(cls)}
        missing = names - {"meta"} - set(data)
        if missing:
            raise ValueError(f"problem dict is missing fields: {sorted(missing)}")
        return cls(**{k: data[k] for k in names if k in data})

    def content_hash(self) -> str:
        """SHA-256 of the canonical JSON form; what golden tests and frozen sets pin."""
        return hashlib.sha256(canonical_json(self.to_dict()).encode()).hexdigest()


@dataclass
class Verdict:
    """The outcome of scoring one completion against one problem (never contains timings)."""

    reward: float
    correct: bool
    format_ok: bool
    score: float
    reason: str
    parsed: str | None
    expected: str
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return plain_copy(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Verdict:
        return cls(**{f.name: data[f.name] for f in fields(cls) if f.name in data})


@dataclass
class Draft:
    """What a family's ``generate`` returns; the registry turns it into a :class:`Problem`."""

    question: str
    answer: str
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass
class Judgement:
    """A family's judgement of one extracted answer; ``verify`` turns it into a Verdict."""

    correct: bool
    score: float | None = None
    reason: str | None = None
    details: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def right(cls, **details: Any) -> Judgement:
        return cls(True, 1.0, "ok", details)

    @classmethod
    def wrong(cls, score: float = 0.0, **details: Any) -> Judgement:
        return cls(False, score, "partial" if score > 0 else "wrong", details)

    @classmethod
    def unparsable(cls, why: str, **details: Any) -> Judgement:
        return cls(False, 0.0, "unparsable", {"why": why, **details})

    @classmethod
    def timeout(cls, **details: Any) -> Judgement:
        return cls(False, 0.0, "timeout", details)


class Family:
    """Base class of every problem family.

    Subclasses set ``knobs`` (name -> :class:`Knob`) and implement :meth:`generate` and
    :meth:`check`. The default difficulty map moves every knob independently and
    monotonically from its ``easy`` to its ``hard`` value (override :meth:`knobs_for` for a
    different, still monotone, map). Generation must draw randomness only from the ``rng``
    argument so that a problem is a pure function of (family, version, knobs, seed).
    """

    name: ClassVar[str] = ""
    knobs: ClassVar[dict[str, Knob]] = {}

    # -- the answer: where it sits, what the prompt calls it, the form a reward needs -------
    # answer_format: where the final answer sits in a completion: "tags"
    #   (<answer>...</answer>), "boxed" (\boxed{...}) or "code" (the last fenced python
    #   block). The class value is the default; Family(answer_format=...) picks another, so
    #   read it from the instance (or the problem's answer_format).
    # answer_syntax: the words for the answer in the format sentence every prompt ends with
    #   ("the moves as letters U, D, L, R (e.g. RRDDL)"; see instruction()). Shown to the
    #   model: changing it changes generated problems.
    # answer_form: the written form a reward of 1 needs; never shown to the model. Where the
    #   answer is a math value, a name from rlvr_envs.mathcheck.forms.FORMS, which the check
    #   enforces with check_form (MathFamily and judge_value); otherwise a short description
    #   of the family's own syntax, which its check parses strictly.
    # answer_element: for a collection form (roots, tuple, set, interval, matrix), the form of
    #   each element (None: check_form's default for the collection).
    # answer_variables: the unknowns the prompt names, in order ("x", "y"): an answer may
    #   assign them (x = 3), assigning any other name is wrong, and they are the variables a
    #   polynomial or expression answer may use. form_variables(problem) gives them per
    #   problem where they vary.
    answer_format: ClassVar[str] = "tags"
    answer_syntax: ClassVar[str] = "your final answer"
    answer_form: ClassVar[str] = ""
    answer_element: ClassVar[str | None] = None
    answer_variables: ClassVar[tuple[str, ...]] = ()

    max_answer_chars: ClassVar[int] = 10_000
    single_answer: ClassVar[bool] = True
    # False where several different answers are right (any shortest path, any colouring):
    # the generic "change a digit of the oracle and it must fail" test then does not apply,
    # and the family's own tests must show that invalid answers fail.
    unique_answer: ClassVar[bool] = True
    max_turns: ClassVar[int] = 1
    # True for an InteractiveFamily: each turn is a move that the env answers (a game, a
    # secret probed with feedback), and the episode is scored by replaying every move;
    # False where each turn is a fresh attempt at the same answer (CodeRepair).
    interactive: ClassVar[bool] = False
    # True where the answer is literal text in which $, *, \( or a full stop are content (a
    # regular expression, an SQL query): the answer front end then only strips surrounding
    # whitespace. Answers in the ``code`` format are always verbatim.
    verbatim_answer: ClassVar[bool] = False
    # Regular expressions whose groups, where they match the prompt, name what it asks for
    # (r"Find ([A-Z]{2})\." -> "EF"): see answer_labels.
    answer_label_patterns: ClassVar[tuple[str, ...]] = ()
    # Modules beyond the core dependencies that generating and checking need, as
    # (import name, the pip extra that installs it): `rlvr check` and `rlvr audit` skip the
    # id, saying what to install, where one is missing; mixtures leave such families out.
    requires: ClassVar[tuple[tuple[str, str], ...]] = ()

    @classmethod
    def missing_requirements(cls) -> list[str]:
        """The ``pip install`` hints of the :attr:`requires` modules that are not installed."""
        import importlib.util

        return [
            f"pip install 'rlvr-envs[{extra}]' (for {module})"
            for module, extra in cls.requires
            if importlib.util.find_spec(module) is None
        ]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.__dict__.get("name"):
            cls.name = cls.__name__

    def __init__(
        self,
        *,
        answer_format: str | None = None,
        partial_credit: bool = False,
    ) -> None:
        if answer_format is not None and answer_format not in ANSWER_FORMATS:
            raise ValueError(
                f"answer_format must be one of {ANSWER_FORMATS}, got {answer_format!r}"
            )
        self.answer_format = answer_format or type(self).answer_format
        self.partial_credit = partial_credit

    # -- difficulty -------------------------------------------------------------------
    def knobs_for(self, difficulty: float) -> dict[str, Any]:
        """Map a difficulty in [0, 1] monotonically onto every knob."""
        return {name: knob.at(difficulty) for name, knob in self.knobs.items()}

    # -- generation and judging (the family's own work) -------------------------------
    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        raise NotImplementedError

    def check(self, problem: Problem, answer: str) -> Judgement:
        raise NotImplementedError

    def complexity(self, problem: Problem) -> float:
        """A difficulty proxy measured on the problem's content, not its knobs.

        Solution steps, answer size or search-space size: tests check that its mean over
        seeds rises with difficulty, and teachers may log it.
        """
        raise NotImplementedError(f"{self.name} does not define a complexity proxy")

    def form_variables(self, problem: Problem) -> tuple[str, ...]:
        """The unknowns this problem's prompt names, in order (by default
        :attr:`answer_variables`; override where they differ between problems)."""
        return self.answer_variables

    def answer_labels(self, problem: Problem) -> tuple[str, ...]:
        """What the prompt names the answer (``f'(x)``, ``EF``, ``A^{-1}``): a leading
        ``label =`` naming one of these is notation, and the answer front end removes it
        before :meth:`check` sees the answer (docs/answers.md). Only names the prompt asks
        for: an assignment to anything else stays for the check to refuse. By default, the
        first group of each :attr:`answer_label_patterns` match in the prompt."""
        return labels_in(problem.prompt, self.answer_label_patterns)

    def answer_names(self, problem: Problem) -> tuple[str, ...]:
        """The names of a tuple answer's parts, in order, where the prompt names them (the
        tuple ``(h, k, r^2)``): ``h = -4, k = -5, r^2 = 200`` in any order then reaches
        :meth:`check` as the bare tuple, and ``(h, k, r^2) =`` is a label."""
        return ()

    def oracle_answer(self, problem: Problem) -> str:
        """The answer text a perfect model writes (by default the reference answer)."""
        return problem.answer

    def feedback(self, problem: Problem, verdict: Verdict) -> str:
        """The next observation of a multi-turn env after a wrong attempt."""
        return f"That is not correct ({verdict.reason}). Try again.\n\n{self.instruction()}"

    # -- prompt helpers ---------------------------------------------------------------
    def instruction(self) -> str:
        """The answer-format sentence appended to every prompt of this family."""
        return format_rules(self.answer_format).instruction(self.answer_syntax)


# -- families that wrap other ids ---------------------------------------------------------------
# The registry, a layer above, hands its make_task, family_for and verify to core as it is
# imported (docs/design.md, "Layers": the higher part registers itself with the lower one),
# so a family that wraps another id (Retry) reaches them without importing upward.
_REGISTRY_FUNCTIONS: dict[str, Any] = {}


def provide_registry(**functions: Any) -> None:
    """Called by :mod:`rlvr_envs.registry` as it is imported (make_task, family_for, ...)."""
    _REGISTRY_FUNCTIONS.update(functions)


def registry_function(name: str) -> Any:
    """The registry's function ``name`` (``make_task``, ``family_for``, ``verify``), for a
    family that wraps another id; the registry is always imported before such a family is
    made, since only the registry makes families."""
    try:
        return _REGISTRY_FUNCTIONS[name]
    except KeyError:
        raise RuntimeError(
            f"rlvr_envs.registry has not provided {name!r}: import rlvr_envs"
        ) from None


# -- multi-turn episodes (docs/design.md, "Multi-turn episodes") -----------------------------
EpisodeStatus = Literal["playing", "won", "drawn", "lost", "solved", "illegal", "out_of_turns"]
EPISODE_STATUSES: tuple[str, ...] = get_args(EpisodeStatus)
DECIDED: frozenset[str] = frozenset({"won", "drawn", "lost", "solved", "illegal"})
"""Statuses that end an episode by ``terminated`` (the task is decided); ``out_of_turns``
ends it by ``truncated`` (the turn limit cut it off)."""
OUTCOME_REWARD: dict[str, float] = {
    "won": 1.0,
    "solved": 1.0,
    "drawn": 0.5,
    "lost": 0.0,
    "illegal": 0.0,
    "out_of_turns": 0.0,
    "playing": 0.0,
}
"""The episode's reward by final status (a family may override :meth:`InteractiveFamily.
outcome_reward`, e.g. Retry's discount per attempt). An illegal move (unparsable, against
the rules, or no answer at all) ends the episode at once with reward 0."""


class IllegalMove(ValueError):
    """Raised by :meth:`InteractiveFamily.move` for a move against the rules; the message
    says why and becomes the episode's last feedback."""


@dataclass
class Episode:
    """An interactive episode replayed from its moves: a pure function of (problem, moves).

    ``observation`` is what the player reads next: the env's reply to the last move (the
    opponent's move, the feedback on a guess), the state as text and the turns left; once
    the episode is over, the reply and the outcome. ``reward`` is the episode's reward:
    :data:`OUTCOME_REWARD` of the final status (0 while ``playing``). ``turn_rewards`` are
    the family's optional per-move rewards (documented per family; zeros by default), never
    part of the episode reward. Moves after the episode ended are not read. ``state`` is the
    family's state after the last move read (for :meth:`InteractiveFamily.reply_messages`).
    """

    moves: list[str]
    status: str
    reward: float
    observation: str
    turn_rewards: list[float] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)
    state: Any = field(default=None, repr=False, compare=False)

    @property
    def terminated(self) -> bool:
        """The task is decided: won, drawn, lost, solved or an illegal move."""
        return self.status in DECIDED

    @property
    def truncated(self) -> bool:
        """The turn limit cut the episode off before it was decided."""
        return self.status == "out_of_turns"

    @property
    def done(self) -> bool:
        return self.terminated or self.truncated


@dataclass
class Turn:
    """What an env answers to the latest assistant turn of an episode
    (:func:`rlvr_envs.respond`); every integration that carries turns goes through it.

    ``verdict`` scores the episode so far (final once ``terminated`` or ``truncated``);
    ``observation`` is the next user message, empty once the episode is over;
    ``turn_reward`` is the family's optional per-turn reward for this turn (0 by default);
    ``messages`` is the same reply as chat messages where the family answers in that form
    (tool results as ``tool`` role messages with their call ids, when the latest turn was an
    assistant message with OpenAI ``tool_calls``; see :mod:`rlvr_envs.families.interactive.
    tools`), empty otherwise.
    """

    verdict: Verdict
    observation: str
    terminated: bool
    truncated: bool
    turn_reward: float = 0.0
    messages: list[dict[str, Any]] = field(default_factory=list)

    @property
    def done(self) -> bool:
        return self.terminated or self.truncated


class Replay:
    """An episode of an interactive family, played forward one move at a time.

    :meth:`InteractiveFamily.play` is a replay from the start over every move; a caller that
    learns the moves one turn at a time (:class:`rlvr_envs.registry.Responder`, behind
    ``TextEnv.step``) keeps one replay per episode and :meth:`extend` s it with each new
    move, so a turn costs one move, not the whole episode again. Both give the same
    :class:`Episode`: the family's state is a pure function of (problem, moves), so carrying
    it forward equals rebuilding it. Moves after the episode ended are not read.
    """

    def __init__(self, family: InteractiveFamily, problem: Problem, limit: int | None = None):
        self.family, self.problem = family, problem
        own = family.turn_limit(problem)
        self.turns = own if limit is None else min(limit, own)
        self.state: Any = family.start(problem)
        self.status, self.feedback = "playing", ""
        self.played: list[str] = []
        self.rewards: list[float] = []

    def extend(self, moves: Iterable[str | None]) -> None:
        """Play ``moves`` (None: a turn without an answer, an illegal move) in order."""
        family, problem = self.family, self.problem
        for text in moves:
            if self.status != "playing":
                break
            if text is None or not text.strip():
                self.status = "illegal"
                self.feedback = "No move was given: the episode is over."
                break
            self.played.append(text)
            try:
                after, self.feedback, self.status = family.move(problem, self.state, text.strip())
            except IllegalMove as exc:
                self.status, self.feedback = "illegal", f"Illegal move {text.strip()!r}: {exc}."
                break
            self.rewards.append(float(family.turn_reward(problem, self.state, after)))
            self.state = after
            if self.status == "playing" and len(self.played) >= self.turns:
                self.status = "out_of_turns"

    def episode(self) -> Episode:
        """The episode so far (its lists are copies: later moves leave it as it is)."""
        family, problem, status, played = self.family, self.problem, self.status, self.played
        reward = family.outcome_reward(problem, status, len(played)) if status != "playing" else 0.0
        left = self.turns - len(played)
        return Episode(
            moves=list(played),
            status=status,
            reward=reward,
            observation=family._observation(problem, self.state, status, self.feedback, left),
            turn_rewards=list(self.rewards),
            details={"status": status, "turns": len(played)},
            state=self.state,
        )


class InteractiveFamily(Family):
    """A family whose episode is a sequence of moves answered by the env (a game against a
    built-in opponent, a hidden secret probed with feedback).

    The state is a pure function of (problem, moves so far): :meth:`play` replays the moves
    from :meth:`start` through :meth:`move`, so an episode is verified from its transcript
    alone. Each turn's final answer (in the problem's answer format) is one move; a whole
    episode written as one answer is the moves in order separated by ``;``
    (:meth:`transcript_moves`), which is what :func:`rlvr_envs.oracle_completion` writes.
    ``problem.answer`` is the reference policy's moves against this problem's opponent.

    Subclasses implement :meth:`generate` (``meta["max_turns"]`` is the turn limit),
    :meth:`start`, :meth:`move` (raise :class:`IllegalMove` for a move against the rules),
    :meth:`view` and :meth:`complexity`. An opponent's move is a pure function of the
    problem and the moves so far (seed its RNG with :func:`stable_seed` of both), and its
    strength is a difficulty knob (the chance of a random move instead of the best one).
    Problems carry partial credit, so a draw's 0.5 is the episode's reward.
    """

    interactive: ClassVar[bool] = True
    unique_answer = False  # any winning line wins
    single_answer = False  # ';' separates moves in a transcript, it is no hedge
    max_turns = 64  # an upper bound; each problem's own limit is meta["max_turns"]
    # True where a move is a whole assistant message (Retry: each attempt is a completion
    # scored by the inner family), not the final answer it contains.
    raw_moves: ClassVar[bool] = False
    move_syntax: ClassVar[str] = "one move"

    def __init__(self, *, answer_format: str | None = None, partial_credit: bool = True) -> None:
        super().__init__(answer_format=answer_format, partial_credit=partial_credit)

    # -- the family's own work --------------------------------------------------------
    def start(self, problem: Problem) -> Any:
        """The state before the first move."""
        raise NotImplementedError

    def move(self, problem: Problem, state: Any, move: str) -> tuple[Any, str, str]:
        """Apply one move (and the opponent's reply): (new state, feedback text, status)."""
        raise NotImplementedError

    def view(self, problem: Problem, state: Any) -> str:
        """The state as the player sees it after a turn (the board, the guesses so far)."""
        return ""

    def turn_reward(self, problem: Problem, before: Any, after: Any) -> float:
        """An optional per-turn reward (default 0); never part of the episode's reward."""
        return 0.0

    def outcome_reward(self, problem: Problem, status: str, turns: int) -> float:
        """The episode's reward for its final ``status`` after ``turns`` moves."""
        return OUTCOME_REWARD[status]

    def raw_move(self, message: Any) -> str:
        """A raw move (``raw_moves``) read from a chat message: its text. A family whose
        moves carry more than text (OpenAI ``tool_calls``) overrides this."""
        return completion_text(message)

    def reply_messages(self, problem: Problem, attempt: Any, episode: Episode) -> list[dict]:
        """The env's reply to ``attempt`` (the latest turn) as chat messages, where the family
        answers in that form (``Turn.messages``); none by default."""
        return []

    def turn_limit(self, problem: Problem) -> int:
        """Moves allowed in this problem's episode."""
        return int(problem.meta.get("max_turns", self.max_turns))

    def transcript_moves(self, answer: str) -> list[str]:
        """The moves of a whole episode written as one answer: ``;``-separated."""
        return [part.strip() for part in answer.split(";")]

    # -- the contract, built on the above -----------------------------------------------
    def play(self, problem: Problem, moves: list[str | None], limit: int | None = None) -> Episode:
        """Replay ``moves`` (None: a turn without an answer, an illegal move) from the start.

        ``limit`` may lower the problem's turn limit (a caller's ``max_turns``).
        """
        replay = Replay(self, problem, limit)
        replay.extend(moves)
        return replay.episode()

    def _observation(
        self, problem: Problem, state: Any, status: str, feedback: str, left: int
    ) -> str:
        outcome = {
            "won": "You won.",
            "solved": "Solved.",
            "drawn": "The game is drawn.",
            "lost": "You lost.",
            "illegal": "The episode is over.",
            "out_of_turns": "No turns left: the episode is over.",
        }
        if status != "playing":
            return f"{feedback}\n\n{outcome[status]}".strip()
        view = self.view(problem, state)
        turns = "1 turn left" if left == 1 else f"{left} turns left"
        parts = [feedback, view, f"{turns}. Your next move: {self.instruction()}"]
        return "\n\n".join(p for p in parts if p)

    def judge_moves(self, problem: Problem, moves: list[str | None]) -> Judgement:
        """The judgement of an episode played with ``moves``: right when won or solved."""
        episode = self.play(problem, moves)
        details = {**episode.details, "reward": episode.reward}
        if episode.status in ("won", "solved") and episode.reward >= 1.0:
            return Judgement.right(**details)
        return Judgement(False, episode.reward, "partial" if episode.reward > 0 else "wrong",
                         details)  # fmt: skip

    def check(self, problem: Problem, answer: str) -> Judgement:
        return self.judge_moves(problem, self.transcript_moves(answer))

    def oracle_answer(self, problem: Problem) -> str:
        return problem.answer
