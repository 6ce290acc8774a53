"""Public math-answer equivalence: ``is_equivalent(gold, pred, timeout=2.0, precision=None)``.

Three stages, cheapest first:

1. both answers parse in our whitelist grammar (:mod:`.parse`) and the structural walk
   (:mod:`.equivalence`) decides with exact ``Fraction`` arithmetic: integers, decimals,
   fractions, mixed numbers, percentages, tuples, sets, root lists, intervals, unions and
   set-builder sets of numbers, matrices of numbers.
   Most answers end here, in microseconds, without sympy;
2. otherwise the pair goes to a worker process (:mod:`rlvr_envs.workers.pool`) that
   rebuilds both sides as sympy objects (:mod:`.symbolic`) and compares them, killed after
   ``timeout`` seconds;
3. LaTeX outside our grammar is parsed in that worker by ``latex2sympy2_extended``.

A prediction that does not parse is not equivalent (reason ``unparsable``); a comparison that
hits the limit is not equivalent (reason ``timeout``). Equivalence policies (percent,
precision, unordered root lists, assignments such as ``x = 3``, sets, matrices) are
documented in :mod:`rlvr_envs.mathcheck.equivalence`; the accepted syntax in
:mod:`rlvr_envs.mathcheck.parse` and :mod:`rlvr_envs.numbers`.

**Precision.** Values are exact by default: ``0.33`` is not ``1/3`` and ``3.14`` is not
``\\pi``. A caller that asks for rounded answers passes ``precision=n`` (decimal places);
a number then matches when it is within half a unit of the n-th place of the gold, bounds
included (``|pred - gold| <= 0.5 * 10**-n``), in the fast path and in the worker alike.
A family whose prompt asks for n decimal places says so in ``problem.meta["precision"]``
and passes :func:`precision_of` of its problem's meta.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from rlvr_envs.mathcheck.equivalence import (
    MAX_PRECISION,
    ExactValues,
    InvalidValue,
    check_precision,
    compare,
)
from rlvr_envs.mathcheck.parse import (
    MAX_CHARS,
    ParseError,
    UnsupportedLatex,
    parse_with_units,
)
from rlvr_envs.workers import pool

SYMBOLIC_TARGET = "rlvr_envs.mathcheck.symbolic:equivalent"
# sympy, loaded in every worker before its first call: our check and the math families'
# checks in a worker all build sympy objects with this module
pool.preload(SYMBOLIC_TARGET.partition(":")[0])

__all__ = ["MAX_PRECISION", "Comparison", "compare_answers", "is_equivalent", "precision_of"]


@dataclass(frozen=True)
class Comparison:
    """Whether two answers are equivalent, and how that was decided."""

    equal: bool
    reason: str  # ok | wrong | unparsable | timeout | error
    symbolic: bool = False


_TEXT_WRAPPER = re.compile(r"\\(?:text|textbf|textit|mathrm|mathbf|mbox)\s*\{([^{}]*)\}")


@lru_cache(maxsize=8192)
def _parse_cached(text: str):
    return parse_with_units(text)


def _try_parse(text: str):
    """(node, units, latex_fallback): the AST, or None and whether latex2sympy may try."""
    try:
        return (*_parse_cached(text), False)
    except UnsupportedLatex:
        return None, (), True
    except (ParseError, RecursionError):
        return None, (), False


def text_answer(text: str) -> str | None:
    """A word or choice answer (``\\text{(B)}``, ``Monday``) normalised, else None."""
    text = _TEXT_WRAPPER.sub(r"\1", text.strip().strip("$")).strip().rstrip(".").strip()
    text = text.removeprefix("(").removesuffix(")").strip().lower()
    return " ".join(text.split()) if re.fullmatch(r"[a-z]+( [a-z]+)*", text) else None


def precision_of(meta: Mapping[str, object] | None) -> int | None:
    """The precision (decimal places) a problem's ``meta`` declares, or None for exact.

    A family whose prompt asks for a rounded answer stores the number of decimal places in
    ``meta["precision"]``; anything else there is a bug in the family and raises ValueError.
    """
    return check_precision(None if meta is None else meta.get("precision"))


@lru_cache(maxsize=65536)
def compare_answers(
    gold: str, pred: str, timeout: float = 2.0, precision: int | None = None
) -> Comparison:
    """Compare a reference answer with a predicted one; never raises on the prediction.

    Word answers (a weekday, a multiple-choice letter) compare as case-insensitive text.
    Trailing units are ignored unless both sides give them and they differ. ``precision``:
    None for exact values, else the decimal places a rounded answer must get right (see the
    module docstring); any other value raises ValueError.
    """
    precision = check_precision(precision)
    if len(pred) > MAX_CHARS:
        return Comparison(False, "unparsable")
    gold_node, gold_units, _ = _try_parse(gold)
    pred_node, pred_units, pred_latex = _try_parse(pred)
    if gold_node is None or pred_node is None:
        gold_text = text_answer(gold)
        if gold_text is not None or gold_node is not None:
            pred_text = text_answer(pred)
            if gold_text is not None and pred_text is not None:
                equal = gold_text == pred_text
                return Comparison(equal, "ok" if equal else "wrong")
    if gold_units and pred_units and gold_units != pred_units:
        return Comparison(False, "wrong")
    if pred_node is None and not pred_latex:
        return Comparison(False, "unparsable")
    if gold_node is not None and pred_node is not None:
        try:
            decided = compare(gold_node, pred_node, ExactValues(precision))
        except InvalidValue:
            decided = False
        except (ArithmeticError, ValueError, RecursionError):
            decided = None  # the worker decides, or reports the error
        if decided is not None:
            return Comparison(decided, "ok" if decided else "wrong")
    return _symbolic(gold, pred, timeout, precision)


def _symbolic(gold: str, pred: str, timeout: float, precision: int | None) -> Comparison:
    try:
        equal = bool(pool.call(SYMBOLIC_TARGET, [gold, pred, precision], timeout))
    except pool.WorkerTimeout:
        return Comparison(False, "timeout", True)
    except pool.WorkerError:
        return Comparison(False, "error", True)
    return Comparison(equal, "ok" if equal else "wrong", True)


def is_equivalent(gold: str, pred: str, timeout: float = 2.0, precision: int | None = None) -> bool:
    """True when ``pred`` has the value of ``gold``; exact unless ``precision`` is given.

    Handles integers, decimals, fractions, mixed numbers, percentages, expressions,
    equations (``x = 3`` against ``3``), tuples, sets, intervals and their unions and
    differences, set-builder sets, matrices and vectors, root lists in any order, pi,
    radicals and complex numbers, in plain text or LaTeX. ``precision=n`` accepts a number
    within half a unit of the n-th decimal place of the gold (``is_equivalent("2/3",
    "0.67", precision=2)``); without it ``0.67`` is not ``2/3``. Symbolic work runs in a
    worker process killed after ``timeout`` seconds, so this is safe to call from threads,
    from worker processes and (through ``asyncio.to_thread``) from async code.
    """
    return compare_answers(str(gold), str(pred), float(timeout), precision).equal
