"""DopplerShift: the frequency heard from a moving source or by a moving observer of sound.

Sound travels at c (a stated whole number of m/s) in still air. A source emitting f, moving
at v_s, and an observer moving at v_o along the line between them give the heard frequency
f' = f (c + v_o) / (c - v_s), where v_o > 0 means the observer moves toward the source and
v_s > 0 the source toward the observer (negative: away). The prompt asks the heard
frequency, the emitted frequency from the heard one, the speed of the one moving body from
the two frequencies, or the difference between the frequencies heard as a source approaches
and as it recedes at the same speed. Speeds and frequencies are whole numbers, so every
answer is an exact rational.

Answer syntax: the frequency in Hz or the speed in m/s as an integer or a fraction p/q in
lowest terms, without units.

Knobs: ``motion`` (``source``, ``observer``, ``both`` moving), ``ask`` (``heard``,
``emitted``, ``speed``, ``difference``) and ``speed`` (the fastest speed drawn, 10 -> 120
m/s). Difficulty raises all three; ``speed`` and ``difference`` use one moving body (the
source for ``difference``).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.science.quantities import ratio_text, states
from rlvr_envs.families.shared.math_answers import MathFamily

MOTIONS = ("source", "observer", "both")
ASKS = ("heard", "emitted", "speed", "difference")
SOURCES = ("a siren", "a train horn", "a whistle", "a tuning fork", "a car horn", "a buzzer")


def heard(f: Fraction, c: Fraction, v_o: Fraction, v_s: Fraction) -> Fraction:
    """The frequency heard (v_o, v_s > 0: toward the other)."""
    return f * (c + v_o) / (c - v_s)


def _motion(who: str, speed: Fraction) -> str:
    if speed == 0:
        return f"The {who} is at rest."
    direction = "toward the " if speed > 0 else "away from the "
    other = "observer" if who == "source" else "source"
    return f"The {who} moves at {abs(speed)} m/s directly {direction}{other}."


class DopplerShift(MathFamily):
    """A Doppler-shifted frequency, an emitted frequency, a speed, or a difference of pitch."""

    knobs: ClassVar[dict[str, Knob]] = {
        "motion": Knob("categorical", choices=MOTIONS, default="source", doc="what moves"),
        "ask": Knob("categorical", choices=ASKS, default="emitted", doc="what is asked"),
        "speed": Knob("int", 10, 150, default=40, easy=10, hard=120, doc="fastest speed"),
    }
    answer_syntax = "the value as an integer or a fraction p/q in lowest terms, without units"
    answer_form = "rational"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        motion, ask, fastest = knobs["motion"], knobs["ask"], int(knobs["speed"])
        if ask in ("speed", "difference"):
            motion = "source" if ask == "difference" else rng.choice(MOTIONS[:2])
        while True:
            c = Fraction(rng.choice((330, 340, 343, 345)))
            f = Fraction(rng.randint(20, 200) * 10)

            def draw() -> Fraction:
                return Fraction(rng.randint(1, fastest) * rng.choice((1, -1)))

            v_s = draw() if motion in ("source", "both") else Fraction(0)
            v_o = draw() if motion in ("observer", "both") else Fraction(0)
            thing = rng.choice(SOURCES)
            air = f"Sound travels at {c} m/s in still air."
            if ask == "difference":
                speed = abs(v_s)
                value = heard(f, c, v_o, speed) - heard(f, c, v_o, -speed)
                question = (
                    f"{air} A source, {thing} emitting {f} Hz, passes a listener at rest, "
                    f"moving at {speed} m/s along a straight line through the listener. By how "
                    "many Hz does the frequency heard as it approaches exceed the frequency "
                    "heard as it recedes?"
                )
            else:
                f_heard = heard(f, c, v_o, v_s)
                scene = f"{_motion('source', v_s)} {_motion('observer', v_o)}"
                if ask == "heard":
                    value = f_heard
                    question = (
                        f"{air} A source, {thing}, emits {f} Hz. {scene} What frequency, in "
                        "Hz, does the observer hear?"
                    )
                elif ask == "emitted":
                    value = f
                    question = (
                        f"{air} {scene} The observer hears {thing} at {ratio_text(f_heard)} Hz. "
                        "What frequency, in Hz, does the source emit?"
                    )
                else:
                    who = "source" if v_s else "observer"
                    value = abs(v_s or v_o)
                    toward = (v_s or v_o) > 0
                    direction = "toward the " if toward else "away from the "
                    other = "observer" if who == "source" else "source"
                    still = "observer" if who == "source" else "source"
                    question = (
                        f"{air} A source, {thing}, emits {f} Hz. The {still} is at rest and the "
                        f"{who} moves directly {direction}{other}; the observer hears "
                        f"{ratio_text(f_heard)} Hz. How fast, in m/s, does the {who} move?"
                    )
            question += " Give the exact value."
            if value > 0 and not states(question, value):
                break
        meta = {"motion": motion, "ask": ask, "v_s": int(v_s), "v_o": int(v_o)}
        return Draft(question, ratio_text(value), meta)

    def complexity(self, problem: Problem) -> float:
        """The steps of the ask, the moving bodies, and how fast they move."""
        meta = problem.meta
        moving = (meta["v_s"] != 0) + (meta["v_o"] != 0)
        fastest = max(abs(meta["v_s"]), abs(meta["v_o"]))
        return 4 * ASKS.index(meta["ask"]) + 2 * moving + fastest / 40
