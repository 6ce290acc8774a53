"""Clock angles: the smaller angle between two hands of an analogue clock at a given time.

Every hand moves continuously: the hour hand turns 360/12 degrees an hour (so it also moves
with the minutes and seconds), the minute hand 360/60 degrees a minute, the second hand
360/60 degrees a second. At h:m:s, measured clockwise from 12, the hour hand stands at
30(h mod 12) + m/2 + s/120 degrees, the minute hand at 6m + s/10 and the second hand at 6s.
The answer is the smaller of the two angles between the asked hands: a value in [0, 180],
exact (a rational with denominator dividing 120).

Answer syntax (stated in the prompt): the angle in degrees, exact, without units or the
degree sign: an integer, a fraction p/q in lowest terms, or a terminating decimal, so
``63.5`` and ``127/2`` are both right and ``63.3`` for 190/3 is not. The check is that of
:class:`~rlvr_envs.families.shared.math_answers.MathFamily` with the ``number`` form: the
time, an expression such as ``180 - 52.5`` or an unreduced fraction earns nothing. Times whose
angle equals a number written in the prompt are not generated, so no copy of the prompt is
right.

Knobs: ``resolution`` (minute: h:mm; second: h:mm:ss), ``clock`` (12-hour or 24-hour
times: 17:40 is the clock's 5:40) and ``hands`` (hour-minute, minute-second, hour-second:
from the classic pair to the one where the hour hand's share of the seconds counts).
Difficulty moves all three from the first choice to the last.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.shared.formulas import fraction_text
from rlvr_envs.families.shared.math_answers import MathFamily

_NAMES = {"hour": "hour hand", "minute": "minute hand", "second": "second hand"}


def hand_position(hand: str, h: int, m: int, s: int) -> Fraction:
    """Degrees clockwise from 12 of ``hand`` at h:m:s (continuous movement)."""
    if hand == "hour":
        return 30 * (h % 12) + Fraction(m, 2) + Fraction(s, 120)
    if hand == "minute":
        return 6 * m + Fraction(s, 10)
    return Fraction(6 * s)


def smaller_angle(a: Fraction, b: Fraction) -> Fraction:
    gap = abs(a - b) % 360
    return min(gap, 360 - gap)


class ClockAngle(MathFamily):
    """The smaller angle between two clock hands at a given time, exactly, in degrees."""

    knobs: ClassVar[dict[str, Knob]] = {
        "resolution": Knob("categorical", choices=("minute", "second"), default="minute",
                           doc="the time is given to the minute (h:mm) or second (h:mm:ss)"),
        "clock": Knob("categorical", choices=("12-hour", "24-hour"), default="12-hour",
                      doc="times as on the dial (1..12) or on a 24-hour clock (0..23)"),
        "hands": Knob("categorical", choices=("hour-minute", "minute-second", "hour-second"),
                      default="hour-minute", doc="which two hands"),
    }  # fmt: skip
    answer_form = "number"
    answer_syntax = (
        "the angle in degrees as an exact number without units: an integer, a fraction p/q "
        "in lowest terms, or a terminating decimal"
    )

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        first, second = knobs["hands"].split("-")
        seconds = knobs["resolution"] == "second"
        day = knobs["clock"] == "24-hour"
        instruction = self.instruction()
        while True:
            h = rng.randrange(24) if day else rng.randint(1, 12)
            m = rng.randrange(60)
            s = rng.randrange(60) if seconds else 0
            stamp = f"{h}:{m:02d}:{s:02d}" if seconds else f"{h}:{m:02d}"
            if day:
                stamp = f"{h:02d}" + stamp[len(str(h)) :]
            angle = smaller_angle(hand_position(first, h, m, s), hand_position(second, h, m, s))
            question = (
                f"An analogue clock shows the time {stamp}"
                + (" (on a 24-hour clock)" if day else "")
                + ". Each hand moves smoothly and continuously: the hour hand turns a full "
                "circle in twelve hours, the minute hand in an hour and the second hand in a "
                f"minute. What is the smaller angle, in degrees, between the {_NAMES[first]} "
                f"and the {_NAMES[second]}? It lies between 0 and 180 inclusive. Give the "
                "exact value."
            )
            stated = {Fraction(n) for n in re.findall(r"\d+(?:\.\d+)?", question + instruction)}
            if angle not in stated:  # never a number of the prompt
                break
        meta = {"time": [h, m, s], "hands": [first, second], "angle": fraction_text(angle)}
        return Draft(question, fraction_text(angle), meta)

    def complexity(self, problem: Problem) -> float:
        """The terms of the two hands' positions that are not zero, plus one where the hour
        must be reduced mod 12, plus the size of the answer's denominator."""
        h, m, s = problem.meta["time"]
        terms = {"hour": [h % 12, m, s], "minute": [m, s], "second": [s]}
        count = sum(1 for hand in problem.meta["hands"] for t in terms[hand] if t)
        denominator = Fraction(problem.meta["angle"]).denominator
        return count + (h >= 12) + denominator.bit_length() / 2
