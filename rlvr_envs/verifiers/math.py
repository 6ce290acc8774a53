"""Alias of :mod:`rlvr_envs.mathcheck.compare` (design.md names this import path)."""

from rlvr_envs.mathcheck.compare import (
    Comparison,
    compare_answers,
    is_equivalent,
    precision_of,
    text_answer,
)

__all__ = ["Comparison", "compare_answers", "is_equivalent", "precision_of", "text_answer"]
