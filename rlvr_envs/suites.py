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
from rlvr_envs.registry import make_task

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


def _interpolate(values: list[Any], t: float) -> Any:
    if len(values) == 2 and all(isinstance(v, (int, float)) for v in values):
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

    def sample(self, rng: random.Random) -> tuple[str, float | None, dict[str, Any] | None, int]:
        """One training draw: (env id, difficulty, knobs, seed), seed from TRAIN_SEEDS."""
        env = rng.choices(self.envs, weights=[e.weight for e in self.envs])[0]
        difficulty, knobs = env.at(rng.random())
        return env.id, difficulty, knobs, rng.randrange(0, EVAL_SEEDS.start)

    def eval_problems(self) -> list[Problem]:
        """The evaluation set as the generators make it now (what ``freeze`` writes)."""
        problems = []
        for env in self.envs:
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


def _parse(data: dict[str, Any], path: Path | None) -> Suite:
    try:
        envs = [
            SuiteEnv(
                id=row["id"],
                difficulty=tuple(row.get("difficulty", (0.0, 1.0))),
                weight=float(row.get("weight", 1.0)),
                knobs=dict(row.get("knobs", {})),
            )
            for row in data["envs"]
        ]
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
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"malformed suite {path or data}: {exc!r}") from None
    for env in suite.envs:
        low, high = env.difficulty
        if not 0.0 <= low <= high <= 1.0:
            raise ValueError(f"suite {suite.name}: difficulty range of {env.id} must lie in [0, 1]")
        make_task(env.id)  # unknown ids fail here, naming the id
    return suite


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
    if re.search(r"^sha256\s*=.*$", text, flags=re.MULTILINE):
        text = re.sub(r"^sha256\s*=.*$", pinned, text, count=1, flags=re.MULTILINE)
    else:
        text = text.rstrip("\n") + f"\n{pinned}\n"
    suite.path.write_text(text)
    suite.eval_sha256 = digest
    return suite.eval_path, digest
