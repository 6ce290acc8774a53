"""Helpers the math families' tests share."""

from __future__ import annotations

import sympy
from sympy.parsing.sympy_parser import (
    implicit_multiplication_application,
    parse_expr,
    standard_transformations,
)

import rlvr_envs
from rlvr_envs.registry import format_answer

MY_IDS = [
    "rlvr/FractionArithmetic-v0", "rlvr/LinearEquation-v0", "rlvr/LinearSystem-v0",
    "rlvr/Quadratic-v0", "rlvr/PolynomialExpand-v0", "rlvr/PolynomialFactor-v0",
    "rlvr/ModularArithmetic-v0", "rlvr/GcdLcm-v0", "rlvr/BaseConversion-v0",
    "rlvr/Combinatorics-v0", "rlvr/Sequences-v0", "rlvr/WordProblems-v0",
]  # fmt: skip


_TRANSFORMS = (*standard_transformations, implicit_multiplication_application)


X = sympy.Symbol("x")


def _sym(text: str):
    """Our own generated text (never model output) as a sympy expression."""
    return parse_expr(text.replace("^", "**"), transformations=_TRANSFORMS)


def _score(problem, answer: str):
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format))


def _gen(env_id: str, seed: int, **knobs):
    return rlvr_envs.make_task(env_id).generate(seed=seed, knobs=knobs or None)
