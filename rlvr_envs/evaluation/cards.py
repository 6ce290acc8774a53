"""Moved to :mod:`rlvr_envs.calibration.cards` (issue 27: cards sit below the curriculum that
reads them). This path re-exports the card API for code written against it (the GRPO study,
``trainers/grpo/study.py``, imports ``wilson_interval`` from here); new code imports
:mod:`rlvr_envs.calibration.cards`."""

from __future__ import annotations

from rlvr_envs.calibration.cards import (
    EASIER,
    HARDER,
    IN_RANGE,
    LEVELS,
    NO_DATA,
    CardBin,
    DifficultyCard,
    fit_monotone,
    load_cards,
    plot_cards,
    save_cards,
    wilson_interval,
)

__all__ = [
    "EASIER",
    "HARDER",
    "IN_RANGE",
    "LEVELS",
    "NO_DATA",
    "CardBin",
    "DifficultyCard",
    "fit_monotone",
    "load_cards",
    "plot_cards",
    "save_cards",
    "wilson_interval",
]
