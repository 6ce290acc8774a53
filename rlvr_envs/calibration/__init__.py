"""Difficulty calibration: how often a student passes an env at each difficulty.

:mod:`.cards` holds :class:`DifficultyCard` (a sweep's pass rates per difficulty bin with
Wilson intervals, a non-increasing fit and the difficulties where it crosses 90%, 50% and 10%)
and its file format; :mod:`.sweep` runs a sweep with any scorer (:func:`calibrate_env`,
:func:`calibrate_envs`). Nothing here talks to a model: ``rlvr calibrate``
(:mod:`rlvr_envs.evaluation.calibrate`) scores a served model, the curriculum benchmark a
simulated student (:func:`rlvr_envs.curriculum.students.student_cards`), and teachers read
the cards as priors (:mod:`rlvr_envs.curriculum.prior`).
"""

from __future__ import annotations

from rlvr_envs.calibration.cards import (
    LEVELS,
    CardBin,
    DifficultyCard,
    fit_monotone,
    load_cards,
    plot_cards,
    save_cards,
    wilson_interval,
)
from rlvr_envs.calibration.sweep import (
    CALIBRATION_SEEDS,
    SweepPoint,
    calibrate_env,
    calibrate_envs,
    sweep_points,
)

__all__ = [
    "CALIBRATION_SEEDS",
    "LEVELS",
    "CardBin",
    "DifficultyCard",
    "SweepPoint",
    "calibrate_env",
    "calibrate_envs",
    "fit_monotone",
    "load_cards",
    "plot_cards",
    "save_cards",
    "sweep_points",
    "wilson_interval",
]
