"""What a sandbox run gives back: the raw bytes of a run, a :class:`RunResult`, a
:class:`TestReport` of hidden tests. Shared by :mod:`rlvr_envs.sandbox` and its grading."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class RunResult:
    """The outcome of one run. ``stdout``/``stderr`` are decoded UTF-8 (invalid bytes
    replaced), at most :data:`rlvr_envs.sandbox.OUTPUT_LIMIT` bytes each; ``isolation``
    says how it ran."""

    status: str
    exit_code: int | None
    stdout: str
    stderr: str
    wall_s: float
    cpu_s: float
    isolation: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class TestReport:
    """Hidden-test results: ``results[i]`` is ``{"ok", "got", "expected", "error"}``.

    ``status`` is the run's status (the worst one for stdio tests, which run one by one);
    ``wall_s``/``cpu_s`` are for logs and benchmarks, never for verdicts.
    """

    __test__ = False  # not a pytest test class

    passed: int
    total: int
    results: list[dict[str, Any]]
    status: str
    wall_s: float = 0.0
    cpu_s: float = 0.0
    isolation: str = "jail"
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def all_passed(self) -> bool:
        return self.total > 0 and self.passed == self.total

    @property
    def score(self) -> float:
        return self.passed / self.total if self.total else 0.0


@dataclass
class RawRun:
    """What one run produced, before it is turned into a RunResult or test results."""

    status: str
    exit_code: int | None
    stdout: bytes
    stderr: bytes
    results: bytes
    wall_s: float
    cpu_s: float
    isolation: str
