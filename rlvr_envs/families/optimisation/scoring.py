"""What the optimisation families share: the graded reward and the readers of their answers.

Every optimisation family grades a feasible answer by the share of the gap it closes between
a stated *baseline* (a trivial answer: every item in a bin of its own, the jobs in the order
listed, all the sets) and the proved optimum::

    score = (baseline - value) / (baseline - optimum)   (minimisation)
    score = (value - baseline) / (optimum - baseline)   (maximisation)

clipped to [0, 1]. The optimum scores 1 and is the only answer judged ``correct``; the
baseline, and anything no better, scores 0, so a fixed or copied answer earns nothing; an
infeasible answer scores 0. Generators draw instances where the baseline is strictly worse
than the optimum, so the score is always defined. ``docs/optimisation.md`` lists each
family's baseline.
"""

from __future__ import annotations

import re
from fractions import Fraction

from rlvr_envs.core import Family, Judgement
from rlvr_envs.families.shared.answer_parsing import AnswerError, scan, small_int

_INDEX = re.compile(r"\d+")


class GradedFamily(Family):
    """A family whose reward is its graded score: ``partial_credit`` is on unless the caller
    turns it off (``make_task(..., partial_credit=False)`` gives 1 at the optimum, else 0),
    because the prompt states the graded reward."""

    def __init__(self, *, answer_format: str | None = None, partial_credit: bool = True) -> None:
        super().__init__(answer_format=answer_format, partial_credit=partial_credit)


def gap_score(value: Fraction | int, baseline: Fraction | int, best: Fraction | int) -> float:
    """The share of the gap from ``baseline`` to ``best`` that ``value`` closes, in [0, 1]
    (the direction follows from ``best``: below the baseline for minimisation)."""
    if best == baseline:
        return 1.0 if value == best else 0.0
    share = Fraction(value - baseline) / Fraction(best - baseline)
    return float(min(max(share, Fraction(0)), Fraction(1)))


def judge_value(
    value: Fraction | int, baseline: Fraction | int, best: Fraction | int, what: str
) -> Judgement:
    """Right at the optimum; otherwise wrong with the graded score of :func:`gap_score`.
    A value better than the proved optimum cannot be feasible: it is a bug, so it raises."""
    improving = (best > baseline and value > best) or (best < baseline and value < best)
    if improving:
        raise AssertionError(f"{what} {value} beats the proved optimum {best}")
    if value == best:
        return Judgement.right(value=str(value))
    return Judgement.wrong(
        score=gap_score(value, baseline, best), why=f"{what} {value}, the optimum is better"
    )


def reward_sentence(baseline: str, better: str) -> str:
    """The prompt's sentence on how an answer is scored: ``baseline`` names the heuristic
    that earns 0, ``better`` says which way is better (``fewer bins are better``)."""
    return (
        f"Scoring ({better}): an optimal answer earns 1. A valid answer that is not optimal "
        "earns the share of the gap it closes between the baseline, which earns 0, and the "
        f"optimum; the baseline is {baseline}. An answer no better than the baseline, or "
        "invalid, earns 0."
    )


def read_indices(text: str, count: int, what: str, *, distinct: bool = True) -> list[int]:
    """Item numbers 1..``count`` separated by spaces or commas, as 0-based indices; each at
    most once where ``distinct``."""
    numbers = [small_int(m.group()) for m in scan(text, _INDEX, 4 * count + 4, what)]
    if any(not 1 <= n <= count for n in numbers):
        raise AnswerError(f"every {what} is a number from 1 to {count}")
    if distinct and len(set(numbers)) != len(numbers):
        raise AnswerError(f"a {what} is named twice")
    return [n - 1 for n in numbers]


def read_groups(text: str, count: int, what: str) -> list[list[int]]:
    """Groups of item numbers 1..``count`` separated by ``|`` (``1 4 | 2 3``), as 0-based
    indices; no item in two groups."""
    parts = text.split("|")
    if len(parts) > count + 1:
        raise AnswerError("more groups than items")
    groups = [read_indices(part, count, what) for part in parts]
    seen = [i for group in groups for i in group]
    if len(set(seen)) != len(seen):
        raise AnswerError(f"a {what} is in two groups")
    return groups


def read_permutation(text: str, count: int, what: str) -> list[int]:
    """Each of 1..``count`` exactly once, as 0-based indices."""
    order = read_indices(text, count, what)
    if len(order) != count:
        raise AnswerError(f"expected each {what} from 1 to {count} exactly once")
    return order
