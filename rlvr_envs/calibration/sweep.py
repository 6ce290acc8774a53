"""Calibration sweeps: each env's difficulty range cut into bins, problems spread inside each
bin, a scorer's results turned into difficulty cards (:mod:`rlvr_envs.calibration.cards`).

The sweep, per env: the env's difficulty range (a suite row's, default [0, 1]) cut into ``B``
equal-width bins; ``N`` problems per bin at difficulties evenly spread inside it (the ``j``-th
at ``lo + (j + 1/2) / N * width``), with seeds from :data:`CALIBRATION_SEEDS`, a block of
``core.EVAL_SEEDS`` that training never draws from and that the suites' frozen evaluation
sets (``EVAL_SEEDS.start + i``) do not reach, distinct across bins; ``k`` samples per
problem. A bin's pass rate is the fraction of correct samples among its non-error samples;
samples whose requests failed are reported as errors and never counted as wrong.

:func:`calibrate_env` and :func:`calibrate_envs` take a *scorer*, ``scorer(problems) ->
[(n_correct, n_ok), ...]`` per problem, so the sweep runs without a server: ``rlvr
calibrate`` (:mod:`rlvr_envs.evaluation.calibrate`) builds the scorer from a served model,
the curriculum benchmark (:func:`rlvr_envs.curriculum.students.student_cards`) from a
simulated student.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

import numpy as np

from rlvr_envs.calibration.cards import DifficultyCard
from rlvr_envs.core import EVAL_SEEDS

CALIBRATION_SEEDS = range(EVAL_SEEDS.start + 2**39, EVAL_SEEDS.stop)
"""Seeds of calibration problems: the upper half of ``EVAL_SEEDS`` (the frozen evaluation
sets use ``EVAL_SEEDS.start + i`` for small ``i``; training never draws from ``EVAL_SEEDS``)."""

Scorer = Callable[[Sequence[Any]], Sequence[tuple[int, int]]]
"""Scores problems: per problem ``(n_correct, n_ok)``, correct samples among non-error ones."""

Generate = Callable[[str, int, float], Any]
"""Makes the item a scorer receives from ``(env_id, seed, difficulty)`` (default: the
env's :class:`~rlvr_envs.core.Problem`)."""


@dataclass(frozen=True)
class SweepPoint:
    """One problem of a sweep: its bin, difficulty and seed."""

    bin: int
    difficulty: float
    seed: int


def sweep_points(
    bins: int, n: int, difficulty_range: tuple[float, float] = (0.0, 1.0), seed: int = 0
) -> list[SweepPoint]:
    """The ``bins * n`` problems of one env's sweep, bin by bin (see the module doc)."""
    check_sweep(bins, n, difficulty_range, seed)
    low, high = float(difficulty_range[0]), float(difficulty_range[1])
    width = (high - low) / bins
    base = CALIBRATION_SEEDS.start + seed * bins * n
    return [
        SweepPoint(b, low + b * width + (j + 0.5) / n * width, base + b * n + j)
        for b in range(bins)
        for j in range(n)
    ]


def check_sweep(bins: int, n: int, difficulty_range: tuple[float, float], seed: int) -> None:
    """Raise ValueError (naming the option to fix) unless a sweep of ``bins`` bins of ``n``
    problems over ``difficulty_range`` with calibration seed block ``seed`` is valid."""
    if bins < 1:
        raise ValueError(f"--bins must be >= 1, got {bins}")
    if n < 1:
        raise ValueError(f"--n (problems per bin) must be >= 1, got {n}")
    low, high = difficulty_range
    if not 0.0 <= low < high <= 1.0:
        raise ValueError(
            f"a difficulty range to sweep must satisfy 0 <= low < high <= 1, got {difficulty_range}"
        )
    if seed < 0 or CALIBRATION_SEEDS.start + (seed + 1) * bins * n > CALIBRATION_SEEDS.stop:
        raise ValueError(f"seed must be a small non-negative integer, got {seed}")


def calibrate_envs(
    targets: Sequence[tuple[str, tuple[float, float]]],
    scorer: Scorer,
    *,
    bins: int = 10,
    n: int = 20,
    k: int = 1,
    seed: int = 0,
    model: str = "",
    confidence: float = 0.95,
    settings: dict[str, Any] | None = None,
    generate: Generate | None = None,
) -> list[DifficultyCard]:
    """One card per ``(env_id, difficulty_range)`` of ``targets``.

    Every env's sweep goes to ``scorer`` in one call (so a server sees one stream of
    requests). ``k`` is the samples per problem the scorer takes: a problem's ``k - n_ok``
    failed samples are counted as the bin's errors.
    """
    if not targets:
        raise ValueError("nothing to calibrate: no env ids")
    if k < 1:
        raise ValueError(f"--k must be >= 1, got {k}")
    make = generate or _problem_maker()
    sweeps = [sweep_points(bins, n, tuple(rng), seed) for _, rng in targets]
    items = [
        make(env_id, p.seed, p.difficulty) for (env_id, _), s in zip(targets, sweeps) for p in s
    ]
    scores = list(scorer(items))
    if len(scores) != len(items):
        raise ValueError(f"the scorer returned {len(scores)} results for {len(items)} problems")
    date = datetime.now(timezone.utc).isoformat(timespec="seconds")
    cards, at = [], 0
    for (env_id, rng), sweep in zip(targets, sweeps):
        counts = np.zeros((bins, 4), dtype=np.int64)  # problems, n_ok, passes, errors
        for point, score in zip(sweep, scores[at : at + len(sweep)]):
            correct, ok = _check_score(score, k)
            counts[point.bin] += (1, ok, correct, k - ok)
        at += len(sweep)
        run = {"bins": bins, "n": n, "k": k, "seed": seed, **dict(settings or {})}
        cards.append(
            DifficultyCard.from_counts(
                env_id, model, tuple(rng), [tuple(int(v) for v in row) for row in counts],
                confidence=confidence, settings=run, date=date,
            )
        )  # fmt: skip
    return cards


def calibrate_env(
    env_id: str,
    scorer: Scorer,
    *,
    bins: int = 10,
    n: int = 20,
    difficulty_range: tuple[float, float] = (0.0, 1.0),
    seed: int = 0,
    k: int = 1,
    model: str = "",
    confidence: float = 0.95,
    settings: dict[str, Any] | None = None,
    generate: Generate | None = None,
) -> DifficultyCard:
    """The difficulty card of one env: :func:`calibrate_envs` for one target."""
    return calibrate_envs(
        [(env_id, difficulty_range)], scorer, bins=bins, n=n, k=k, seed=seed, model=model,
        confidence=confidence, settings=settings, generate=generate,
    )[0]  # fmt: skip


def _check_score(score: Any, k: int) -> tuple[int, int]:
    try:
        correct, ok = (int(v) for v in score)
    except (TypeError, ValueError):
        raise ValueError(f"a scorer returns (n_correct, n_ok) per problem, got {score!r}") from None
    if not 0 <= correct <= ok <= k:
        raise ValueError(
            f"a scorer's (n_correct, n_ok) must satisfy 0 <= n_correct <= n_ok <= k={k}, "
            f"got {(correct, ok)}"
        )
    return correct, ok


def _problem_maker() -> Generate:
    from rlvr_envs.registry import make_task

    tasks: dict[str, Any] = {}

    def make(env_id: str, seed: int, difficulty: float) -> Any:
        if env_id not in tasks:
            tasks[env_id] = make_task(env_id)
        return tasks[env_id].generate(seed, difficulty)

    return make
