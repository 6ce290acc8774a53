"""Env ids -> families: tasks, mixtures, versions and verification (gymnasium registration is
the adapter's, :mod:`rlvr_envs.env`, told of each id through :func:`on_register`).

An env id (``rlvr/<Name>-v<N>``) names either one family at one version or a *mixture*
whose membership is frozen per version. Built-in families are declared in
:mod:`rlvr_envs.families` by import path, so listing ids imports nothing heavy; a family's
module is imported the first time a task of it is made or one of its problems is verified.
"""

from __future__ import annotations

import importlib
import logging
import os
import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from rlvr_envs import answers
from rlvr_envs.core import (  # verify_timeout and DEFAULT_TIMEOUT: re-exported here too
    EVAL_SEEDS,
    Episode,
    Family,
    InteractiveFamily,
    Judgement,
    Knob,
    Problem,
    Replay,
    SeedDeriver,
    Turn,
    Verdict,
    check_timeout,
    provide_registry,
    stable_seed,
    verification_budget,
)
from rlvr_envs.families import DOMAIN_PACKAGES

log = logging.getLogger(__name__)

DOMAINS: tuple[str, ...] = DOMAIN_PACKAGES  # one list: the domain packages, in table order
_ID = re.compile(r"^(?P<name>[A-Za-z0-9_./-]+?)-v(?P<version>\d+)$")


@dataclass
class _Spec:
    env_id: str
    domain: str
    version: int
    family: str | None = None  # family name, for single-family ids
    loader: str | type[Family] | None = None  # "module:Class" or the class itself
    options: dict[str, Any] = field(default_factory=dict)
    members: tuple[str, ...] = ()  # for mixtures
    # for mixtures: member id -> the later id whose generator this mixture froze under it
    generators: dict[str, str] = field(default_factory=dict)

    @property
    def is_mixture(self) -> bool:
        return bool(self.members)


_SPECS: dict[str, _Spec] = {}
_BY_FAMILY: dict[tuple[str, int], str] = {}  # (family name, version) -> env id
_INSTANCES: dict[str, Family] = {}
# id -> later ids whose generator some frozen mixture runs under it (see families/__init__)
_REISSUED: dict[str, list[str]] = {}
_BUILTINS_LOADED = False
_LISTENERS: list[Callable[[str], None]] = []  # on_register's: told of every id registered


def _split_id(env_id: str) -> tuple[str, int]:
    match = _ID.match(env_id)
    if not match:
        raise ValueError(f"env id must look like 'rlvr/Name-v0', got {env_id!r}")
    return match.group("name"), int(match.group("version"))


def _ensure_builtins() -> None:
    global _BUILTINS_LOADED
    if _BUILTINS_LOADED:
        return
    _BUILTINS_LOADED = True
    from rlvr_envs.families import BUILTIN_FAMILIES, BUILTIN_GENERATORS, BUILTIN_MIXTURES

    for env_id, family_name, loader, domain in BUILTIN_FAMILIES:
        _add_spec(_Spec(env_id, domain, _split_id(env_id)[1], family_name, loader))
    for env_id, domain, members in BUILTIN_MIXTURES:
        generators = BUILTIN_GENERATORS.get(env_id, {})
        version = _split_id(env_id)[1]
        _add_spec(_Spec(env_id, domain, version, members=tuple(members), generators=generators))
        for member, later in generators.items():
            if later not in _REISSUED.setdefault(member, []):
                _REISSUED[member].append(later)


def _add_spec(spec: _Spec) -> None:
    if spec.env_id in _SPECS:
        raise ValueError(f"{spec.env_id} is already registered")
    if spec.family is not None:
        key = (spec.family, spec.version)
        if key in _BY_FAMILY:
            raise ValueError(
                f"family {spec.family} v{spec.version} is already registered as "
                f"{_BY_FAMILY[key]}; bump the version or rename the family"
            )
        _BY_FAMILY[key] = spec.env_id
    _SPECS[spec.env_id] = spec
    for listener in _LISTENERS:
        listener(spec.env_id)


def on_register(listener: Callable[[str], None]) -> None:
    """Call ``listener(env_id)`` for every id registered so far and for each one registered
    later. The gymnasium adapter (:mod:`rlvr_envs.env`) registers every id with gymnasium
    this way, so the registry names no module above it."""
    _LISTENERS.append(listener)
    for env_id in list(_SPECS):
        listener(env_id)


def register(
    family_cls: type[Family], env_id: str, *, domain: str, version: int = 0, **defaults: Any
) -> str:
    """Register a user's own family under ``env_id``; every tool then works with it.

    ``env_id`` may omit the ``-vN`` suffix (it is added from ``version``); ``defaults`` are
    passed to the family's constructor (``answer_format``, ``partial_credit``, ...).
    Returns the full env id.
    """
    _ensure_builtins()
    if not (isinstance(family_cls, type) and issubclass(family_cls, Family)):
        raise TypeError(f"register() needs a Family subclass, got {family_cls!r}")
    if not _ID.match(env_id):
        env_id = f"{env_id}-v{version}"
    if _split_id(env_id)[1] != version:
        raise ValueError(f"{env_id} does not match version={version}")
    if domain not in DOMAINS:
        raise ValueError(f"domain must be one of {DOMAINS}, got {domain!r}")
    family_cls(**defaults)  # fail now, not at first use, on bad options
    _add_spec(_Spec(env_id, domain, version, family_cls.name, family_cls, dict(defaults)))
    return env_id


def register_mixture(env_id: str, members: Sequence[str], *, domain: str, version: int = 0) -> str:
    """Register a mixture of existing single-family ids; membership is frozen per version.

    Checked as :func:`register` checks a family: the id's version agrees with ``version``,
    the domain is known, and there is at least one member, each a registered family (not a
    mixture), none twice.
    """
    _ensure_builtins()
    if not _ID.match(env_id):
        env_id = f"{env_id}-v{version}"
    if _split_id(env_id)[1] != version:
        raise ValueError(f"{env_id} does not match version={version}")
    if domain not in DOMAINS:
        raise ValueError(f"domain must be one of {DOMAINS}, got {domain!r}")
    if isinstance(members, str) or not members:
        raise ValueError("a mixture needs a non-empty list of member env ids")
    if len(set(members)) != len(members):
        raise ValueError(f"a mixture lists each member once, got {list(members)}")
    for member in members:
        if _spec(member).is_mixture:
            raise ValueError(f"mixture members must be single families, {member} is a mixture")
    _add_spec(_Spec(env_id, domain, version, members=tuple(members)))
    return env_id


def list_envs(domain: str | None = None, *, mixtures: bool = True) -> list[str]:
    """Sorted registered env ids, optionally of one domain and without mixtures."""
    _ensure_builtins()
    if domain is not None and domain not in DOMAINS:
        raise ValueError(f"domain must be one of {DOMAINS}, got {domain!r}")
    return sorted(
        env_id
        for env_id, spec in _SPECS.items()
        if (domain is None or spec.domain == domain) and (mixtures or not spec.is_mixture)
    )


def _spec(env_id: str) -> _Spec:
    _ensure_builtins()
    try:
        return _SPECS[env_id]
    except KeyError:
        close = [e for e in _SPECS if e.lower().startswith(env_id.lower().split("-v")[0])]
        hint = f"; did you mean {', '.join(sorted(close))}?" if close else ""
        raise ValueError(f"unknown env id {env_id!r}{hint} (see rlvr_envs.list_envs())") from None


def _family(env_id: str) -> Family:
    family = _INSTANCES.get(env_id)
    if family is None:
        spec = _spec(env_id)
        cls = spec.loader
        if isinstance(cls, str):
            module, _, name = cls.partition(":")
            cls = getattr(importlib.import_module(module), name)
        family = _INSTANCES[env_id] = cls(**spec.options)
    return family


def _check_seed(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative int, got {seed!r}")
    return int(seed)


def _check_difficulty(difficulty: Any) -> float | None:
    if difficulty is None:
        return None
    if isinstance(difficulty, bool) or not isinstance(difficulty, (int, float)):
        raise ValueError(f"difficulty must be a number in [0, 1], got {difficulty!r}")
    if not 0.0 <= float(difficulty) <= 1.0:
        raise ValueError(f"difficulty must be in [0, 1], got {difficulty!r}")
    return float(difficulty)


class Task:
    """What ``make_task`` returns: generates problems of one env id."""

    env_id: str
    domain: str
    version: int

    @property
    def knob_space(self) -> dict[str, Knob]:
        raise NotImplementedError

    @property
    def max_turns(self) -> int:
        """Attempts per episode (1: single-turn); ``TextEnv`` reads it."""
        raise NotImplementedError

    @property
    def interactive(self) -> bool:
        """Whether episodes are moves the env answers (an :class:`InteractiveFamily`, or a
        mixture with one), rather than attempts at one answer."""
        raise NotImplementedError

    def generate(
        self, seed: int, difficulty: float | None = None, knobs: Mapping[str, Any] | None = None
    ) -> Problem:
        raise NotImplementedError

    def sample_seed(self, rng: random.Random | None = None) -> int:
        """A training seed (never in the evaluation range, see ``core.EVAL_SEEDS``)."""
        return (rng or random.Random()).randrange(0, EVAL_SEEDS.start)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.env_id!r})"


class FamilyTask(Task):
    """A task of one family at one version.

    ``generator``: the id of a later version whose generator makes this id's problems, for
    a frozen mixture that shipped them under this id before the id was restored to its
    first release (``BUILTIN_GENERATORS`` in :mod:`rlvr_envs.families`). The problems keep
    this id's family, version and seeds, as they were released.
    """

    def __init__(
        self, spec: _Spec, generator: str | None = None, options: Mapping[str, Any] | None = None
    ) -> None:
        self.env_id, self.domain, self.version = spec.env_id, spec.domain, spec.version
        self.family = _family(generator or spec.env_id)
        if options:  # a family built with the caller's constructor options (Retry's inner)
            self.family = type(self.family)(**{**spec.options, **options})
        self._seeders: dict[tuple, SeedDeriver] = {}
        self._cache: dict[tuple, tuple[dict[str, Any], SeedDeriver]] = {}
        self._instruction = self.family.instruction()

    def _seeder(self, resolved: dict[str, Any]) -> SeedDeriver:
        """The problem RNG's seed: ``stable_seed(family, version, knobs, seed)``, where the
        knobs are those that shape the instance (presentation knobs are left out)."""
        key = tuple(sorted(resolved.items()))
        seeder = self._seeders.get(key)
        if seeder is None:
            if len(self._seeders) > 4096:
                self._seeders.clear()
            space = self.family.knobs
            instance = {k: v for k, v in resolved.items() if not space[k].presentation}
            seeder = SeedDeriver(self.family.name, self.version, instance)
            self._seeders[key] = seeder
        return seeder

    def _prepared(
        self, difficulty: float | None, knobs: Mapping[str, Any] | None
    ) -> tuple[dict[str, Any], SeedDeriver]:
        """Resolved knobs (a fresh dict) and the seeder, cached per (difficulty, knobs):
        a training loop asks for the same few settings millions of times."""
        try:  # the value's type is part of the key: 9 and 9.0 are equal but may resolve apart
            key = (difficulty, tuple((k, type(v), v) for k, v in (knobs or {}).items()))
            hit = self._cache.get(key)
        except TypeError:  # an unhashable knob value: resolve_knobs says what is wrong
            key, hit = None, None
        if hit is None:
            resolved = self.resolve_knobs(difficulty, knobs)
            hit = (resolved, self._seeder(resolved))
            if key is not None:
                if len(self._cache) > 4096:
                    self._cache.clear()
                self._cache[key] = hit
        return dict(hit[0]), hit[1]

    @property
    def knob_space(self) -> dict[str, Knob]:
        return dict(self.family.knobs)

    @property
    def max_turns(self) -> int:
        return self.family.max_turns

    @property
    def interactive(self) -> bool:
        return self.family.interactive

    def resolve_knobs(
        self, difficulty: float | None, knobs: Mapping[str, Any] | None
    ) -> dict[str, Any]:
        """Validated knob values: the difficulty map (or defaults), then explicit overrides."""
        space = self.family.knobs
        if difficulty is not None:
            resolved = self.family.knobs_for(difficulty)
        else:
            resolved = {name: knob.default for name, knob in space.items()}
        for name, value in (knobs or {}).items():
            if name not in space:
                known = ", ".join(f"{n} ({k.describe()})" for n, k in space.items()) or "none"
                raise ValueError(f"unknown knob {name!r} for {self.env_id}; knobs: {known}")
            resolved[name] = space[name].validate(name, value, self.env_id)
        return resolved

    def generate(
        self, seed: int, difficulty: float | None = None, knobs: Mapping[str, Any] | None = None
    ) -> Problem:
        """The problem for ``seed``: a pure function of (family, version, knobs, seed)."""
        seed = _check_seed(seed)
        difficulty = _check_difficulty(difficulty)
        if knobs is not None and not isinstance(knobs, Mapping):
            raise ValueError(f"knobs must be a dict, got {type(knobs).__name__}")
        resolved, seeder = self._prepared(difficulty, knobs)
        family = self.family
        rng = random.Random(seeder(seed))
        draft = family.generate(rng, dict(resolved))
        meta = dict(draft.meta)
        if family.partial_credit:
            meta["partial_credit"] = True
        return Problem(
            env_id=self.env_id,
            family=family.name,
            version=self.version,
            seed=seed,
            knobs=resolved,
            difficulty=None if knobs else difficulty,
            prompt=f"{draft.question.rstrip()}\n\n{self._instruction}",
            answer=draft.answer,
            answer_format=family.answer_format,
            meta=meta,
        )


class MixtureTask(Task):
    """A frozen mixture: the member is a deterministic function of the seed.

    The problem it returns equals the member's own problem for the same seed, difficulty and
    knobs, except that ``env_id`` is the mixture's. Its knob space is one categorical knob,
    ``family``; explicit knobs of the members may be passed too, and restrict the draw to the
    members that declare all of them.
    """

    def __init__(self, spec: _Spec) -> None:
        self.env_id, self.domain, self.version = spec.env_id, spec.domain, spec.version
        self.members = [FamilyTask(_spec(m), spec.generators.get(m)) for m in spec.members]

    @property
    def knob_space(self) -> dict[str, Knob]:
        return {"family": Knob("categorical", choices=tuple(m.family.name for m in self.members))}

    @property
    def max_turns(self) -> int:
        return max(m.max_turns for m in self.members)

    @property
    def interactive(self) -> bool:
        return any(m.interactive for m in self.members)

    def candidates(self, knobs: Mapping[str, Any] | None) -> list[FamilyTask]:
        knobs = dict(knobs or {})
        members = self.members
        if "family" in knobs:
            name = knobs.pop("family")
            members = [m for m in members if m.family.name == name]
            if not members:
                raise ValueError(
                    f"knob 'family' of {self.env_id} must be {self.knob_space['family'].describe()}"
                    f", got {name!r}"
                )
        if knobs:
            members = [m for m in members if set(knobs) <= set(m.family.knobs)]
            if not members:
                raise ValueError(
                    f"no member of {self.env_id} declares all of the knobs {sorted(knobs)}; "
                    "pass knobs={'family': NAME, ...} or use the member's own env id"
                )
        return members

    def member_for(self, seed: int, knobs: Mapping[str, Any] | None = None) -> FamilyTask:
        members = self.candidates(knobs)
        return members[random.Random(stable_seed(self.env_id, seed)).randrange(len(members))]

    def generate(
        self, seed: int, difficulty: float | None = None, knobs: Mapping[str, Any] | None = None
    ) -> Problem:
        seed = _check_seed(seed)
        member = self.member_for(seed, knobs)
        member_knobs = {k: v for k, v in (knobs or {}).items() if k != "family"}
        problem = member.generate(seed, difficulty, member_knobs or None)
        problem.env_id = self.env_id
        if knobs:
            problem.difficulty = None
        return problem


def make_task(env_id: str, **options: Any) -> Task:
    """The task for ``env_id`` (a family or a mixture); raises ValueError for unknown ids.

    ``options`` go to the family's constructor, over the registered ones: a family that
    takes them (``Retry``'s ``inner``) verifies its problems from the problem alone, so the
    registered instance scores what any options generated. Mixtures take none.
    """
    spec = _spec(env_id)
    if options and spec.is_mixture:
        raise ValueError(f"{env_id} is a mixture: it takes no family options, got {options}")
    if spec.is_mixture:
        return MixtureTask(spec)
    return FamilyTask(spec, options=options) if options else FamilyTask(spec)


def family_for(problem: Problem) -> Family:
    """The family instance that verifies ``problem`` (dispatch on family and version)."""
    _ensure_builtins()
    env_id = _BY_FAMILY.get((problem.family, problem.version))
    if env_id is None:
        raise ValueError(
            f"no registered family {problem.family!r} at version {problem.version}; "
            "register it (rlvr_envs.register) before verifying its problems"
        )
    family = _family(env_id)
    for later in _REISSUED.get(env_id, ()):  # made by a later version's generator?
        other = _family(later)
        ending = "\n\n" + other.instruction()
        if problem.prompt.endswith(ending) and not problem.prompt.endswith(family.instruction()):
            return other
    return family


def _as_problem(problem: Problem | Mapping[str, Any]) -> Problem:
    if isinstance(problem, Problem):
        return problem
    if isinstance(problem, Mapping):
        return Problem.from_dict(problem)
    raise TypeError(f"expected a Problem or its dict, got {type(problem).__name__}")


def _verdict(
    problem: Problem, judgement: Judgement, parsed: str | None, format_ok: bool
) -> Verdict:
    score = judgement.score if judgement.score is not None else float(judgement.correct)
    score = min(1.0, max(0.0, float(score)))
    reason = judgement.reason or ("ok" if judgement.correct else "wrong")
    partial = bool(problem.meta.get("partial_credit"))
    reward = 1.0 if judgement.correct else (score if partial else 0.0)
    return Verdict(
        reward=reward,
        correct=bool(judgement.correct),
        format_ok=format_ok,
        score=1.0 if judgement.correct else score,
        reason=reason,
        parsed=parsed,
        expected=problem.answer,
        details=judgement.details,
    )


def verify(
    problem: Problem | Mapping[str, Any],
    completion: answers.Completion,
    *,
    timeout: float | None = None,
) -> Verdict:
    """Score one completion (text or chat messages) against one problem.

    Never raises because of what the completion contains; raises ValueError/TypeError only
    for a malformed problem or an unregistered family (the caller's setup).
    """
    problem = _as_problem(problem)
    family = family_for(problem)
    with verification_budget(timeout):
        return _verify(problem, family, completion)


def front_end(problem: Problem, family: Family, answer: str) -> str:
    """The final answer as ``family.check`` sees it: with the notation every family accepts
    removed (delimiters, ``\\boxed``, emphasis, a trailing full stop, a label naming what the
    prompt asks for; :func:`rlvr_envs.answers.normalise_answer`), unless the answer is
    verbatim text (the ``code`` format, a family with ``verbatim_answer``)."""
    if problem.answer_format == "code" or family.verbatim_answer:
        return answer
    return answers.normalise_answer(
        answer,
        reference=problem.answer,
        labels=family.answer_labels(problem),
        names=family.answer_names(problem),
    )


def _verify(problem: Problem, family: Family, completion: Any) -> Verdict:
    if isinstance(family, InteractiveFamily) and (
        family.raw_moves or not isinstance(completion, str)
    ):  # a chat transcript: one move per assistant message (Retry: a string is one attempt)
        try:
            moves = (
                [completion] if isinstance(completion, str) else _moves(problem, family, completion)
            )
            return _episode_verdict(problem, family, family.play(problem, moves))
        except Exception:
            log.exception("replaying an episode of %s raised", problem.family)
            return _verdict(problem, Judgement(False, 0.0, "error"), None, False)
    try:
        found = answers.extract(completion, problem.answer_format, family.max_answer_chars)
    except Exception:  # a bug of ours, never the model's fault
        log.exception("answer extraction failed for %s", problem.env_id)
        return _verdict(problem, Judgement(False, 0.0, "error"), None, False)
    if found.answer is None:
        return _verdict(problem, Judgement(False, 0.0, found.reason), None, found.format_ok)
    try:
        answer = front_end(problem, family, found.answer)
    except Exception:  # a bug of ours (a family's answer_labels), never the model's fault
        log.exception("answer front end failed for %s", problem.env_id)
        return _verdict(problem, Judgement(False, 0.0, "error"), found.answer, True)
    if family.single_answer and answers.is_hedged(answer):
        return _verdict(problem, Judgement.wrong(hedged=True), found.answer, True)
    if isinstance(family, InteractiveFamily):  # a whole episode written as one answer
        try:
            episode = family.play(problem, family.transcript_moves(answer))
        except Exception:
            log.exception("replaying an episode of %s raised", problem.family)
            return _verdict(problem, Judgement(False, 0.0, "error"), found.answer, True)
        return _episode_verdict(problem, family, episode)
    try:
        judgement = family.check(problem, answer)
    except Exception:
        log.exception("verifier of %s raised on an answer", problem.family)
        judgement = Judgement(False, 0.0, "error")
    return _verdict(problem, judgement, found.answer, True)


def _move(problem: Problem, family: InteractiveFamily, text: Any) -> str | None:
    """One turn's move: its final answer through the front end (None: no answer), or the
    whole message where the family's moves are raw (Retry)."""
    if family.raw_moves:
        return text if isinstance(text, str) else family.raw_move(text)
    try:
        found = answers.extract(text, problem.answer_format, family.max_answer_chars)
        if found.answer is None:
            return None
        move = front_end(problem, family, found.answer)
    except Exception:  # a bug of ours: the move is then missing, never a crash
        log.exception("move extraction failed for %s", problem.env_id)
        return None
    return None if ";" in move else move  # one move per turn


def _moves(problem: Problem, family: InteractiveFamily, completion: Any) -> list[str | None]:
    """The moves of a chat transcript: one per assistant message, in order."""
    if isinstance(completion, Mapping):
        completion = [completion]
    if not isinstance(completion, Sequence):
        return [None]
    turns = [
        m for m in completion
        if isinstance(m, Mapping) and m.get("role", "assistant") == "assistant"
    ]  # fmt: skip
    # a raw move may carry more than text (OpenAI tool calls): the family reads the message
    moves = [m if family.raw_moves else answers.completion_text(m) for m in turns]
    return [_move(problem, family, m) for m in moves] or [None]


def _episode_verdict(problem: Problem, family: InteractiveFamily, episode: Any) -> Verdict:
    details = {**episode.details, "reward": episode.reward}
    if episode.status in ("won", "solved"):
        judgement = Judgement.right(**details)
    else:
        reason = "partial" if episode.reward > 0 else "wrong"
        judgement = Judgement(False, episode.reward, reason, details)
    verdict = _verdict(problem, judgement, "; ".join(episode.moves) or None, bool(episode.moves))
    verdict.reward = float(episode.reward)  # the outcome's (a draw's 0.5, Retry's discount)
    return verdict


def respond(
    problem: Problem | Mapping[str, Any],
    attempts: Sequence[answers.Completion],
    *,
    max_turns: int | None = None,
    timeout: float | None = None,
) -> Turn:
    """The env's answer to the latest of ``attempts`` (every assistant turn so far, in order).

    For an interactive family (:class:`~rlvr_envs.core.InteractiveFamily`) the moves are
    replayed from the start, and the verdict scores the episode so far; for any other family
    each attempt is scored alone, a right one ends the episode (``terminated``) and a wrong
    one gets the family's feedback until ``max_turns`` attempts (default: the family's) are
    used (``truncated``; a single-turn task's one answer is ``terminated``). Every
    integration that carries turns (TextEnv, rlvr eval, rlvr serve, TRL, verifiers) calls
    this, so they agree turn by turn. A caller that answers one episode turn by turn may keep
    a :class:`Responder` instead, which gives the same turns without replaying earlier ones.
    """
    return Responder(problem, max_turns=max_turns, timeout=timeout).respond(attempts)


class Responder:
    """:func:`respond` for one episode, turn by turn, with the earlier turns' work kept.

    ``Responder(problem, max_turns=m, timeout=t).respond(attempts)`` returns what
    ``respond(problem, attempts, max_turns=m, timeout=t)`` returns, call after call. Where a
    call's attempts extend the previous call's (compared with ``==``; the next turn of the
    same episode), only the new ones are read: each attempt's move is extracted once and
    played forward from the previous turn's state (:class:`~rlvr_envs.core.Replay`), so a
    turn costs one move rather than the episode so far. Any other attempts (fewer, or an
    earlier one changed) replay the episode from the start. Attempts changed in place after
    a call are not noticed: pass each turn's attempt once, as ``TextEnv`` does. One per
    episode; the problem, its family and ``max_turns`` are fixed at construction.
    """

    def __init__(
        self,
        problem: Problem | Mapping[str, Any],
        *,
        max_turns: int | None = None,
        timeout: float | None = None,
    ) -> None:
        self.problem = _as_problem(problem)
        self.family = family_for(self.problem)
        self.max_turns = max_turns
        self.timeout = timeout
        self._seen: list[Any] = []  # the attempts the replay has read, in order
        self._replay: Replay | None = None

    def respond(self, attempts: Sequence[answers.Completion]) -> Turn:
        """The env's answer to the latest of ``attempts`` (every assistant turn so far)."""
        problem, family, timeout = self.problem, self.family, self.timeout
        if not attempts:
            raise ValueError("respond needs at least one attempt")
        if isinstance(family, InteractiveFamily):
            with verification_budget(timeout):
                episode = self._advance(family, attempts)
                verdict = _episode_verdict(problem, family, episode)
            rewards = episode.turn_rewards
            last = rewards[-1] if len(rewards) == len(attempts) else 0.0
            messages = family.reply_messages(problem, attempts[-1], episode)
            return Turn(
                verdict, episode.observation, episode.terminated, episode.truncated, last, messages
            )
        verdict = verify(problem, attempts[-1], timeout=timeout)
        limit = int(self.max_turns or family.max_turns)
        out_of_turns = len(attempts) >= limit
        terminated = verdict.correct or (out_of_turns and limit == 1)
        truncated = out_of_turns and not terminated
        observation = "" if terminated or truncated else family.feedback(problem, verdict)
        return Turn(verdict, observation, terminated, truncated)

    def _advance(self, family: InteractiveFamily, attempts: Sequence[Any]) -> Episode:
        """The episode after ``attempts``: the replay carried forward over the new ones, or
        started again where they do not extend the attempts it has read."""
        seen, replay = self._seen, self._replay
        attempts = list(attempts)
        if replay is None or attempts[: len(seen)] != seen:  # not the next turn: start over
            seen, replay = [], Replay(family, self.problem, self.max_turns)
        self._replay = None  # until this call's moves are in: an error mid-way starts over
        new = attempts[len(seen) :]
        replay.extend([_move(self.problem, family, a) for a in new])
        seen.extend(new)
        self._seen, self._replay = seen, replay
        return replay.episode()


# verify_batch's backends beside the local pool. A backend's module registers it
# (register_batch_backend) as the module is imported; a backend not imported yet is found by
# name among the entry points of BATCH_BACKEND_GROUP (the built-in `ray` one is declared in
# pyproject.toml), so the registry names no backend module and stays below the integrations
# that provide them.
BATCH_BACKEND_GROUP = "rlvr_envs.batch_backends"
BatchBackend = Callable[..., list[Verdict]]
_BATCH_BACKENDS: dict[str, BatchBackend] = {}


def register_batch_backend(name: str, backend: BatchBackend) -> None:
    """Make ``verify_batch(..., backend=name)`` call ``backend(problems, completions,
    workers=workers, timeout=timeout)``, which returns verdicts in input order with
    ``verify``'s guarantees.

    A backend's module calls this as it is imported (``rlvr_envs.integrations.ray`` does). So
    that ``backend=name`` finds it before anything imported the module, the module's
    distribution names it in an entry point of the group ``rlvr_envs.batch_backends``
    (``name = "package.module"``); the registry imports it on first use.
    """
    if name == "local" or not name.isidentifier():
        raise ValueError(f"a batch backend needs a new identifier for a name, got {name!r}")
    if not callable(backend):
        raise TypeError(f"a batch backend is a function, got {backend!r}")
    _BATCH_BACKENDS[name] = backend


def batch_backend(name: str) -> BatchBackend:
    """The backend registered as ``name``, importing the module its entry point names when
    nothing has imported it yet; ValueError naming the known backends otherwise."""
    if name not in _BATCH_BACKENDS:
        entry = _backend_entry_points().get(name)
        if entry is None:
            known = sorted({"local", *_BATCH_BACKENDS, *_backend_entry_points()})
            raise ValueError(f"backend must be {' or '.join(map(repr, known))}, got {name!r}")
        entry.load()  # the backend's module registers it as it is imported
        if name not in _BATCH_BACKENDS:
            raise ValueError(f"{entry.value} did not register the batch backend {name!r}")
    return _BATCH_BACKENDS[name]


def _backend_entry_points() -> dict[str, Any]:
    """The entry points of :data:`BATCH_BACKEND_GROUP` by name (installed distributions')."""
    from importlib.metadata import entry_points

    return {entry.name: entry for entry in entry_points(group=BATCH_BACKEND_GROUP)}


def verify_batch(
    problems: Sequence[Problem | Mapping[str, Any]],
    completions: Sequence[answers.Completion],
    *,
    workers: int | None = None,
    timeout: float | None = None,
    backend: str = "local",
) -> list[Verdict]:
    """Score many (problem, completion) pairs in parallel, with ``verify``'s guarantees.

    Pairs are scored on ``workers`` threads (default: the CPU count); slow symbolic checks
    run in the shared pool of killable worker processes, so they proceed in parallel.
    ``backend="ray"`` grades them on a Ray cluster instead, ``workers`` chunks at a time
    (default: its CPU count), each node in its own sandbox: see
    :mod:`rlvr_envs.integrations.ray`.
    """
    check_timeout(timeout)
    if backend != "local":
        remote = batch_backend(backend)
        return remote(problems, completions, workers=workers, timeout=timeout)
    if len(problems) != len(completions):
        raise ValueError(f"{len(problems)} problems but {len(completions)} completions")
    problems = [_as_problem(p) for p in problems]
    for problem in problems:
        family_for(problem)  # setup errors surface here, before any work starts
    workers = workers or os.cpu_count() or 1

    def one(pair: tuple[Problem, Any]) -> Verdict:
        return verify(pair[0], pair[1], timeout=timeout)

    pairs = list(zip(problems, completions))
    if workers <= 1 or len(pairs) <= 1:
        return [one(pair) for pair in pairs]
    with ThreadPoolExecutor(max_workers=min(workers, len(pairs))) as executor:
        return list(executor.map(one, pairs))


def format_answer(answer: str, answer_format: str) -> str:
    """Wrap answer text in the format's markup (``<answer>``, ``\\boxed{}``, a code fence)."""
    return answers.format_rules(answer_format).wrap(answer)


def oracle_completion(problem: Problem | Mapping[str, Any]) -> str:
    """What a perfect model writes: the family's oracle answer in the problem's format."""
    problem = _as_problem(problem)
    return format_answer(family_for(problem).oracle_answer(problem), problem.answer_format)


def iter_specs(env_ids: Iterable[str] | None = None) -> Iterable[tuple[str, str, bool]]:
    """(env id, domain, is_mixture) for the given or all ids; for tools such as the CLI."""
    for env_id in env_ids or list_envs():
        spec = _spec(env_id)
        yield env_id, spec.domain, spec.is_mixture


provide_registry(make_task=make_task, family_for=family_for, verify=verify)
