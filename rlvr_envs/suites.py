"""Suites: named, versioned lists of env ids with difficulty ranges, and frozen evaluation sets.

A suite is a small TOML file in ``tasks/`` (shipped in the wheel)::

    name = "math-v0"
    version = 0
    description = "Every math family across the whole difficulty range."

    [[envs]]
    id = "rlvr/Arithmetic-v0"
    difficulty = [0.0, 1.0]        # training draws uniformly in this range
    weight = 1.0                   # relative sampling weight
    # knobs = { digits = [1, 3] }  # optional explicit knob ranges (override difficulty)

    [eval]
    per_env = 24                   # problems per env id in the frozen set
    file = "math-v0.eval.jsonl"
    sha256 = "..."                 # written by `rlvr freeze`, re-checked on every load

Training samples seeds from ``core.TRAIN_SEEDS``; the frozen set uses ``EVAL_SEEDS.start + i``
for its i-th problem of each env, with difficulties evenly spaced over the env's range, so
no training draw ever meets an evaluation problem. ``rlvr freeze SUITE`` writes the set as
JSONL (one problem dict per line, keys sorted) and its SHA-256 into the TOML.

**Held-out splits** (optional, for suites that test generalisation rather than fit). The
evaluation set may come from its own env rows, ``[[eval.envs]]`` (same fields as
``[[envs]]``; when absent the evaluation set uses ``[[envs]]``), so a suite can train on
chains of depth <= 3 and evaluate on depth 4..6, or train on some skill pairs and evaluate
on unseen ones. A ``[split]`` table names the split and the knobs it holds out::

    [split]
    kind = "depth"                  # what is held out, in words (for people and leaderboards)
    held_out = ["depth"]            # knobs whose training and evaluation values never overlap

    [[envs]]                        # training draws
    id = "rlvr/StringCompose-v0"
    knobs = { depth = [1, 2, 3] }   # three or more values: choices, drawn uniformly

    [eval]
    per_env = 32
    file = "compose-depth-v0.eval.jsonl"

    [[eval.envs]]                   # the frozen evaluation set
    id = "rlvr/StringCompose-v0"
    knobs = { depth = [4, 5, 6] }

Loading checks every ``held_out`` knob: each evaluation row and every training row of the
same env id must set it explicitly, and the values they can take must not overlap (a
two-number range covers the numbers between its ends, a list its items). An evaluation
row whose env id has no training row holds out the whole env. Knob names and values of
single-family rows are validated on load. Boolean knob rows (``[false, true]``) are lists
of choices, never a numeric range. See ``docs/suites.md``.

**Worked examples** (optional). ``[[chat_examples]]`` rows are a suite's own few-shot
prompt: problems generated from training seeds (never the frozen set's), each with a correct
answer in the asked form. ``rlvr eval SUITE`` shows them as earlier chat turns by default
(``--no-chat-examples`` turns them off). They are not part of the frozen set, so adding them
changes neither the set nor its hash::

    [[chat_examples]]
    env = "rlvr/Arithmetic-v0"     # the family (or mixture) that generated the problem
    seed = 5                       # a training seed (below EVAL_SEEDS)
    difficulty = 0.0               # or knobs = { ... }, as task.generate takes them
    user = "Compute the value of 4 + 6. ..."       # the problem's prompt, verbatim
    assistant = "<answer>10</answer>"              # a completion that scores 1

``scripts/suite_examples.py`` chooses and writes them; a test regenerates every example's
problem, checks its prompt, that its answer scores 1 and that it is not in the frozen set.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rlvr_envs.core import EVAL_SEEDS, Problem, canonical_json
from rlvr_envs.registry import FamilyTask, make_task

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


def tasks_dir() -> Path:
    """Where suites live: the wheel's package data, or ``tasks/`` in a checkout."""
    here = Path(__file__).resolve().parent
    packaged = here / "_tasks"
    return packaged if packaged.is_dir() else here.parent / "tasks"


@dataclass
class SuiteEnv:
    """One env id of a suite with its difficulty range, weight and optional knob ranges."""

    id: str
    difficulty: tuple[float, float] = (0.0, 1.0)
    weight: float = 1.0
    knobs: dict[str, list[Any]] = field(default_factory=dict)

    def at(self, t: float) -> tuple[float | None, dict[str, Any] | None]:
        """Difficulty and knobs at position ``t`` in [0, 1] of the ranges."""
        low, high = self.difficulty
        knobs = {name: _interpolate(values, t) for name, values in self.knobs.items()}
        return low + t * (high - low), knobs or None


@dataclass(frozen=True)
class SuiteExample:
    """One worked example of a suite (``[[chat_examples]]``): the problem it was generated
    from (env id, training seed, difficulty or knobs), its prompt and a correct answer."""

    env: str
    seed: int
    user: str
    assistant: str
    difficulty: float | None = None
    knobs: dict[str, Any] = field(default_factory=dict)

    def problem(self) -> Problem:
        """The problem this example shows, generated again."""
        return make_task(self.env).generate(self.seed, self.difficulty, self.knobs or None)

    def to_toml(self) -> str:
        """This example as a ``[[chat_examples]]`` table (what ``tomllib`` reads back)."""
        lines = ["[[chat_examples]]", f"env = {_toml_string(self.env)}", f"seed = {self.seed}"]
        if self.difficulty is not None:
            lines.append(f"difficulty = {self.difficulty!r}")
        if self.knobs:
            knobs = ", ".join(f"{k} = {json.dumps(v)}" for k, v in sorted(self.knobs.items()))
            lines.append(f"knobs = {{ {knobs} }}")
        lines.append(f"user = {_toml_string(self.user)}")
        lines.append(f"assistant = {_toml_string(self.assistant)}")
        return "\n".join(lines) + "\n"


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _toml_string(text: str) -> str:
    """``text`` as a TOML string: a multi-line literal string where it can be one (readable
    prompts), else a basic string with every control character escaped."""
    plain = all(c in "\n\t" or 32 <= ord(c) != 127 for c in text)
    if "\n" in text and plain and "'''" not in text and not text.endswith("'"):
        return "'''\n" + text + "'''"
    escaped = (
        _ESCAPES.get(c) or (f"\\u{ord(c):04x}" if ord(c) < 32 or ord(c) == 127 else c) for c in text
    )
    return '"' + "".join(escaped) + '"'


def _examples(rows: Any) -> list[SuiteExample]:
    examples = []
    for row in rows:
        difficulty = row.get("difficulty")
        example = SuiteExample(
            env=str(row["env"]),
            seed=int(row["seed"]),
            user=row["user"],
            assistant=row["assistant"],
            difficulty=None if difficulty is None else float(difficulty),
            knobs=dict(row.get("knobs", {})),
        )
        if not isinstance(example.user, str) or not isinstance(example.assistant, str):
            raise ValueError("a chat example's user and assistant must be strings")
        if example.seed in EVAL_SEEDS or example.seed < 0:
            raise ValueError(f"chat example seed {example.seed} is not a training seed")
        examples.append(example)
    return examples


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _interpolate(values: list[Any], t: float) -> Any:
    if len(values) == 2 and all(_is_number(v) for v in values):
        low, high = values
        value = low + t * (high - low)
        return round(value) if isinstance(low, int) and isinstance(high, int) else value
    return values[min(int(t * len(values)), len(values) - 1)]


@dataclass
class Suite:
    """A loaded suite; see the module docstring for the file format."""

    name: str
    version: int
    envs: list[SuiteEnv]
    description: str = ""
    eval_per_env: int = 0
    eval_file: str | None = None
    eval_sha256: str | None = None
    path: Path | None = None
    eval_envs: list[SuiteEnv] = field(default_factory=list)
    split: dict[str, Any] = field(default_factory=dict)
    chat_examples: list[SuiteExample] = field(default_factory=list)

    @property
    def examples(self) -> list[list[str]]:
        """The worked examples as ``[user, assistant]`` pairs (``rlvr eval``'s default
        ``--chat-examples``; empty when the suite ships none)."""
        return [[e.user, e.assistant] for e in self.chat_examples]

    @property
    def evaluation_envs(self) -> list[SuiteEnv]:
        """The rows the frozen set is drawn from: ``[[eval.envs]]``, else ``[[envs]]``."""
        return self.eval_envs or self.envs

    @property
    def held_out(self) -> list[str]:
        """The knobs this suite's split holds out (``[split] held_out``)."""
        return list(self.split.get("held_out", []))

    def sample(self, rng: random.Random) -> tuple[str, float | None, dict[str, Any] | None, int]:
        """One training draw: (env id, difficulty, knobs, seed), seed from TRAIN_SEEDS."""
        env = rng.choices(self.envs, weights=[e.weight for e in self.envs])[0]
        difficulty, knobs = env.at(rng.random())
        return env.id, difficulty, knobs, rng.randrange(0, EVAL_SEEDS.start)

    def eval_problems(self) -> list[Problem]:
        """The evaluation set as the generators make it now (what ``freeze`` writes)."""
        problems = []
        for env in self.evaluation_envs:
            task = make_task(env.id)
            count = self.eval_per_env
            for i in range(count):
                difficulty, knobs = env.at(i / (count - 1) if count > 1 else 0.5)
                problems.append(task.generate(EVAL_SEEDS.start + i, difficulty, knobs))
        return problems

    @property
    def eval_path(self) -> Path:
        if not self.eval_file or self.path is None:
            raise ValueError(f"suite {self.name} has no [eval] file")
        return self.path.parent / self.eval_file

    def load_eval_set(self) -> list[Problem]:
        """The frozen evaluation set, after checking its SHA-256 against the suite file."""
        data = self.eval_path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        if digest != self.eval_sha256:
            raise ValueError(
                f"{self.eval_path} has SHA-256 {digest}, but {self.path} pins "
                f"{self.eval_sha256}; run `rlvr freeze {self.name}` only if the change is meant"
            )
        return [Problem.from_dict(json.loads(line)) for line in data.decode().splitlines()]


def _rows(rows: Any) -> list[SuiteEnv]:
    return [
        SuiteEnv(
            id=row["id"],
            difficulty=tuple(row.get("difficulty", (0.0, 1.0))),
            weight=float(row.get("weight", 1.0)),
            knobs=dict(row.get("knobs", {})),
        )
        for row in rows
    ]


def _parse(data: dict[str, Any], path: Path | None) -> Suite:
    try:
        envs = _rows(data["envs"])
        evaluation = data.get("eval", {})
        suite = Suite(
            name=data["name"],
            version=int(data.get("version", 0)),
            envs=envs,
            description=data.get("description", ""),
            eval_per_env=int(evaluation.get("per_env", 0)),
            eval_file=evaluation.get("file"),
            eval_sha256=evaluation.get("sha256"),
            path=path,
            eval_envs=_rows(evaluation.get("envs", [])),
            split=dict(data.get("split", {})),
            chat_examples=_examples(data.get("chat_examples", [])),
        )
        held_out = [str(name) for name in suite.split.get("held_out", [])]
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"malformed suite {path or data}: {exc!r}") from None
    for env in [*suite.envs, *suite.eval_envs]:
        low, high = env.difficulty
        if not 0.0 <= low <= high <= 1.0:
            raise ValueError(f"suite {suite.name}: difficulty range of {env.id} must lie in [0, 1]")
        _check_knobs(suite.name, env, make_task(env.id))  # unknown ids fail here, naming the id
    for knob in held_out:
        _check_held_out(suite, knob)
    return suite


def _check_knobs(suite: str, env: SuiteEnv, task: Any) -> None:
    """Knob names and the listed values of a single-family row must be valid."""
    if not isinstance(task, FamilyTask):
        return  # a mixture's rows may carry any member's knobs
    space = task.knob_space
    for name, values in env.knobs.items():
        if name not in space:
            known = ", ".join(sorted(space)) or "none"
            raise ValueError(f"suite {suite}: {env.id} has no knob {name!r}; knobs: {known}")
        if not isinstance(values, list) or not values:
            raise ValueError(f"suite {suite}: knob {name!r} of {env.id} needs a non-empty list")
        for value in values:
            space[name].validate(name, value, f"{env.id} in suite {suite}")


def _covers(values: list[Any]) -> tuple[float, float] | list[Any]:
    """What a knob row can produce: a numeric range (two numbers) or the listed values."""
    if len(values) == 2 and all(_is_number(v) for v in values):
        return (min(values), max(values))
    return list(values)


def _overlap(a: tuple[float, float] | list[Any], b: tuple[float, float] | list[Any]) -> bool:
    if isinstance(a, tuple) and isinstance(b, tuple):
        return max(a[0], b[0]) <= min(a[1], b[1])
    if isinstance(b, tuple):
        a, b = b, a
    if isinstance(a, tuple):
        return any(_is_number(v) and a[0] <= v <= a[1] for v in b)
    return any(type(x) is type(y) and x == y for x in a for y in b)


def _check_held_out(suite: Suite, knob: str) -> None:
    """Training and evaluation rows of an env never share a value of a held-out knob."""
    if not suite.eval_envs:
        raise ValueError(
            f"suite {suite.name} holds out {knob!r} but has no [[eval.envs]] rows to hold it in"
        )
    for evaluation in suite.eval_envs:
        training = [env for env in suite.envs if env.id == evaluation.id]
        for row, role in [(evaluation, "evaluation"), *((env, "training") for env in training)]:
            if training and knob not in row.knobs:
                raise ValueError(
                    f"suite {suite.name} holds out {knob!r}, but a {role} row of {row.id} "
                    "does not set it (held-out knobs must be given explicitly in both splits)"
                )
        for env in training:
            if _overlap(_covers(env.knobs[knob]), _covers(evaluation.knobs[knob])):
                raise ValueError(
                    f"suite {suite.name}: training and evaluation rows of {env.id} overlap on "
                    f"held-out knob {knob!r} ({env.knobs[knob]} vs {evaluation.knobs[knob]})"
                )


def load_suite(name_or_path: str | Path) -> Suite:
    """Load a suite by name (``"math-v0"``, from ``tasks/``) or by path to its TOML file."""
    path = Path(name_or_path)
    if not path.suffix:
        path = tasks_dir() / f"{name_or_path}.toml"
    if not path.is_file():
        known = sorted(p.stem for p in tasks_dir().glob("*.toml"))
        raise ValueError(f"no suite {str(name_or_path)!r}; known suites: {', '.join(known)}")
    return _parse(tomllib.loads(path.read_text()), path)


def freeze(suite: Suite) -> tuple[Path, str]:
    """Write the suite's evaluation set as JSONL and pin its SHA-256 in the suite file."""
    if suite.path is None or not suite.eval_file or suite.eval_per_env < 1:
        raise ValueError(f"suite {suite.name} needs an [eval] table with file and per_env")
    lines = [canonical_json(p.to_dict()) for p in suite.eval_problems()]
    data = ("\n".join(lines) + "\n").encode()
    suite.eval_path.write_bytes(data)
    digest = hashlib.sha256(data).hexdigest()
    text = suite.path.read_text()
    pinned = f'sha256 = "{digest}"'
    header = re.search(r"^\[eval\][ \t]*(#.*)?$", text, flags=re.MULTILINE)
    if re.search(r"^sha256\s*=.*$", text, flags=re.MULTILINE):
        text = re.sub(r"^sha256\s*=.*$", pinned, text, count=1, flags=re.MULTILINE)
    elif header and "[[eval.envs]]" in text:  # the pin must land in [eval], not in a row
        text = text[: header.end()] + f"\n{pinned}" + text[header.end() :]
    else:
        text = text.rstrip("\n") + f"\n{pinned}\n"
    suite.path.write_text(text)
    suite.eval_sha256 = digest
    return suite.eval_path, digest
