"""CompoundInterest: simple and compound interest, annuities and deposit schedules.

Every value is computed exactly with ``fractions.Fraction`` and rounded to the nearest cent
(``meta["precision"] = 2``; the prompt says so). The formulas: simple interest
A = P (1 + r t); compound interest A = P (1 + r/n)^(n t); an ordinary annuity of N deposits
D at the end of each period FV = D ((1 + i)^N - 1) / i with i = r/n (an annuity due, deposits
at the start of each period, is that times (1 + i)); a schedule of deposits and withdrawals
is the sum of each amount grown from its date to the end. Values whose third decimal place
makes the rounding a near-tie are not generated, so floating-point work rounds the same.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.math.number_theory_parts import decimal_text, round_half_up
from rlvr_envs.families.shared.math_answers import MathFamily

_PERIODS = {"annual": 1, "semiannual": 2, "quarterly": 4, "monthly": 12}
_WORDS = {
    "annual": "compounded annually",
    "semiannual": "compounded semiannually (twice a year)",
    "quarterly": "compounded quarterly (four times a year)",
    "monthly": "compounded monthly (twelve times a year)",
}
_NAMES = ("Ana", "Ben", "Carla", "Dev", "Elif", "Farid", "Grace", "Hugo", "Ines", "Jonas")
_TIE = Fraction(1, 1000)


def money(value: Fraction) -> str:
    """An amount in a prompt: ``5000`` for whole dollars, else ``1234.50``."""
    return str(value.numerator) if value.denominator == 1 else decimal_text(value, 2)


class CompoundInterest(MathFamily):
    """Interest and savings: simple interest, compound interest, annuities, schedules.

    Difficulty moves ``kind`` through ``simple``, ``compound``, ``annuity`` (equal deposits
    every period, at the end or, at ``monthly``, the start of each period) and ``schedule``
    (several deposits and a withdrawal at different times), moves ``compounding`` from
    ``annual`` through ``semiannual`` and ``quarterly`` to ``monthly``, and raises ``years``.

    Answer syntax: a number in dollars rounded to the nearest cent (``1234.56``), without
    units or a currency sign (``$`` or ``\\$`` next to it earns nothing). The check accepts
    any number within half a cent of the rounded value.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "kind": Knob(
            "categorical",
            choices=("simple", "compound", "annuity", "schedule"),
            default="compound",
            doc="what is computed",
        ),
        "compounding": Knob(
            "categorical", choices=tuple(_PERIODS), default="annual", doc="periods per year"
        ),
        "years": Knob("int", 1, 30, default=5, easy=2, hard=15, doc="length of the term"),
    }
    answer_syntax = (
        "the amount as a number rounded to the nearest cent (no units, no currency sign)"
    )
    answer_form = "decimal"

    def check(self, problem: Problem, answer: str) -> Judgement:
        # The prompt says "without a currency sign", but the shared decimal form lets a "$" or
        # "\\$" next to the number pass: a dollar sign that is not one of a pair of math
        # delimiters around the whole answer is refused here.
        text = answer.strip()
        if text.startswith("$") and text.endswith("$") and len(text) > 1:
            text = text.strip("$")
        if "$" in text or "USD" in text.upper():
            return Judgement.wrong(form="a currency sign; a bare number is asked")
        return super().check(problem, answer)

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        for _ in range(50):
            text, value, steps, params = _KINDS[knobs["kind"]](rng, knobs)
            rounded = round_half_up(value, 2)
            cents = value * 100
            if abs(cents - int(cents) - Fraction(1, 2)) > _TIE:
                break
        question = (
            f"{text}\nGive the amount in dollars rounded to the nearest cent, as a number "
            "without units or a currency sign (for example 1234.56)."
        )
        meta = {"precision": 2, "steps": steps, "kind": knobs["kind"], **params}
        return Draft(question, decimal_text(rounded, 2), meta)

    def complexity(self, problem: Problem) -> float:
        """Periods of growth (on a log scale), amounts to grow, digits of the answer."""
        return problem.meta["steps"] + len(problem.answer)


def _rate(rng: random.Random, knobs: dict) -> Fraction:
    """An annual rate in percent: whole at annual compounding, else quarters of a percent."""
    if knobs["compounding"] == "annual":
        return Fraction(rng.randint(2, 12))
    return Fraction(rng.randint(6, 48), 4)  # 1.5% to 12%


def _percent(rate: Fraction) -> str:
    return f"{float(rate):g}%"


def _simple(rng: random.Random, knobs: dict) -> tuple[str, Fraction, int, dict]:
    principal = Fraction(rng.randint(10, 500) * 10 ** rng.randint(1, 2))
    rate = _rate(rng, knobs)
    months = 12 * knobs["years"] + (rng.choice((0, 3, 6, 9)) if knobs["years"] > 2 else 0)
    term = f"{months // 12} years" + (f" and {months % 12} months" if months % 12 else "")
    name = rng.choice(_NAMES)
    value = principal * (1 + rate / 100 * Fraction(months, 12))
    text = (
        f"{name} lends {money(principal)} dollars at a simple interest rate of "
        f"{_percent(rate)} per year. How much is {name} owed in total (principal plus "
        f"interest) after {term}?"
    )
    params = {"principal": str(principal), "rate": str(rate), "months": months}
    return text, value, 2, params


def _compound(rng: random.Random, knobs: dict) -> tuple[str, Fraction, int, dict]:
    principal = Fraction(rng.randint(10, 900) * 10 ** rng.randint(1, 2))
    rate, n, years = _rate(rng, knobs), _PERIODS[knobs["compounding"]], knobs["years"]
    value = principal * (1 + rate / 100 / n) ** (n * years)
    text = (
        f"{rng.choice(_NAMES)} invests {money(principal)} dollars at an annual interest rate "
        f"of {_percent(rate)}, {_WORDS[knobs['compounding']]}. What is the investment worth "
        f"after {years} years?"
    )
    params = {"principal": str(principal), "rate": str(rate), "per_year": n, "years": years}
    return text, value, 3 + (n * years).bit_length(), params


def _annuity(rng: random.Random, knobs: dict) -> tuple[str, Fraction, int, dict]:
    n, years = _PERIODS[knobs["compounding"]], knobs["years"]
    deposit = Fraction(rng.randint(5, 200) * 10)
    rate = _rate(rng, knobs)
    i = rate / 100 / n
    due = n == 12 and rng.random() < 0.5
    value = deposit * ((1 + i) ** (n * years) - 1) / i * ((1 + i) if due else 1)
    when = "start" if due else "end"
    period = {1: "year", 2: "half-year", 4: "quarter", 12: "month"}[n]
    text = (
        f"{rng.choice(_NAMES)} deposits {money(deposit)} dollars at the {when} of every "
        f"{period} into an account paying an annual interest rate of {_percent(rate)}, "
        f"{_WORDS[knobs['compounding']]}. What is the balance at the end of year {years}, "
        f"just after the last {period} ends?"
    )
    params = {"deposit": str(deposit), "rate": str(rate), "per_year": n, "years": years}
    return text, value, 5 + (n * years).bit_length() + int(due), {**params, "due": due}


def _schedule(rng: random.Random, knobs: dict) -> tuple[str, Fraction, int, dict]:
    n, years = _PERIODS[knobs["compounding"]], knobs["years"]
    rate = _rate(rng, knobs)
    growth = 1 + rate / 100 / n
    count = min(2 + years // 4, 5)
    times = sorted(rng.sample(range(0, years), min(count, years)))
    events = [(t, Fraction(rng.randint(10, 300) * 10)) for t in times]
    if len(events) >= 3:  # a withdrawal later on, smaller than what is there
        t, amount = events[-1]
        balance = sum(a * growth ** (n * (t - s)) for s, a in events[:-1])
        cap = Fraction(int(balance / 2) // 10 * 10)
        if cap >= 10:
            events[-1] = (t, -min(amount, cap))
    value = sum(a * growth ** (n * (years - t)) for t, a in events)
    parts = []
    for t, amount in events:
        when = "at the start" if t == 0 else f"after {t} year{'s' if t > 1 else ''}"
        verb = "deposits" if amount > 0 else "withdraws"
        parts.append(f"{when} {verb} {money(abs(amount))} dollars")
    actions = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + f" and {parts[-1]}"
    text = (
        f"An account pays an annual interest rate of {_percent(rate)}, "
        f"{_WORDS[knobs['compounding']]}. Starting from an empty account, its owner "
        f"{actions}. What is the balance after {years} years?"
    )
    params = {"rate": str(rate), "per_year": n, "years": years}
    params["events"] = [[t, str(a)] for t, a in events]
    return text, value, 4 * len(events) + (n * years).bit_length(), params


_KINDS = {"simple": _simple, "compound": _compound, "annuity": _annuity, "schedule": _schedule}
