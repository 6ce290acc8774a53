"""EpidemicModel: a compartmental epidemic (SIR or SEIR) stepped day by day in whole people.

A closed population of N people starts with S susceptible, I infectious and R recovered
(and E exposed, in SEIR). Each day, in this order of computation from the day's start:
new infections (SIR) or new exposures (SEIR) are floor(beta S I / N); in SEIR, floor(sigma
E) exposed people become infectious; floor(gamma I) infectious people recover; then every
compartment is updated at once (S -= new infections, E += new exposures - new infectious,
I += new infectious - recoveries, R += recoveries). beta, gamma and sigma are stated as
decimals, so every count is an exact integer. The prompt asks a compartment's size after d
days, the day on which I is largest (the first such day counted from 0, within d days), or
the total of new infections over d days.

Answer syntax: the number as an integer (``1234``).

Knobs: ``days`` (steps, 1 -> 12), ``model`` (``SIR``, ``SEIR``) and ``digits`` (digits of
the population, 2 -> 6). Difficulty raises all three.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import floor
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.science.quantities import decimal_text, states
from rlvr_envs.families.shared.math_answers import MathFamily

MODELS = ("SIR", "SEIR")
ASKS = ("I", "S", "R", "E", "peak", "total")


def step(state: dict[str, int], n: int, rates: dict[str, Fraction]) -> dict[str, int]:
    """One day of the model (``state`` holds S, I, R and, for SEIR, E)."""
    s, i, r = state["S"], state["I"], state["R"]
    caught = floor(rates["beta"] * s * i / n)
    recovered = floor(rates["gamma"] * i)
    if "E" in state:
        e = state["E"]
        onset = floor(rates["sigma"] * e)
        return {"S": s - caught, "E": e + caught - onset, "I": i + onset - recovered,
                "R": r + recovered}  # fmt: skip
    return {"S": s - caught, "I": i + caught - recovered, "R": r + recovered}


class EpidemicModel(MathFamily):
    """A compartment's size, the day of the peak, or new infections in a stepped SIR/SEIR."""

    knobs: ClassVar[dict[str, Knob]] = {
        "days": Knob("int", 1, 15, default=4, easy=1, hard=12, doc="days stepped"),
        "model": Knob("categorical", choices=MODELS, default="SIR", doc="compartments"),
        "digits": Knob("int", 2, 6, default=3, easy=2, hard=6, doc="digits of the population"),
    }
    answer_syntax = "the number as an integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        days, model, digits = int(knobs["days"]), knobs["model"], int(knobs["digits"])
        while True:
            d = rng.randint(max(1, days - 2), days)
            n = rng.randint(2 * 10 ** (digits - 1), 10**digits - 1)
            i0 = rng.randint(1, max(1, n // 20))
            r0 = rng.randint(0, n // 10)
            rates = {
                "beta": Fraction(rng.randint(2, 9), 10),
                "gamma": Fraction(rng.randint(1, 5), 10),
            }
            state = {"S": n - i0 - r0, "I": i0, "R": r0}
            if model == "SEIR":
                e0 = rng.randint(0, max(1, n // 20))
                state = {"S": n - i0 - r0 - e0, "E": e0, "I": i0, "R": r0}
                rates["sigma"] = Fraction(rng.randint(2, 6), 10)
            if min(state.values()) < 0:
                continue
            history = [state]
            for _ in range(d):
                history.append(step(history[-1], n, rates))
            asks = [a for a in ASKS if a != "E" or model == "SEIR"]
            ask = rng.choice(asks)
            if ask == "peak":
                top = max(h["I"] for h in history)
                value = next(day for day, h in enumerate(history) if h["I"] == top)
                if list(h["I"] for h in history).count(top) > 1 or value in (0, d):
                    continue  # a peak at either end or a tie says little
                asked = (
                    f"On which day, from day 0 to day {d}, is the number of infectious people "
                    "largest? Answer with the day's number."
                )
            elif ask == "total":
                value = history[0]["S"] - history[-1]["S"]
                what = "exposures" if model == "SEIR" else "infections"
                asked = f"How many new {what} occur in total over the first {d} days?"
            else:
                value = history[-1][ask]
                name = {"S": "susceptible", "E": "exposed", "I": "infectious", "R": "recovered"}
                asked = f"How many people are {name[ask]} at the end of day {d}?"
            if value == history[0].get(ask) or value == 0:
                continue  # nothing happened to the compartment asked
            start = ", ".join(f"{k} = {v}" for k, v in state.items())
            rules = [f"new {'exposures' if model == 'SEIR' else 'infections'} = "
                     "floor(beta * S * I / N)"]  # fmt: skip
            if model == "SEIR":
                rules.append("newly infectious = floor(sigma * E)")
            rules.append("recoveries = floor(gamma * I)")
            rates_text = ", ".join(f"{k} = {decimal_text(v)}" for k, v in rates.items())
            question = (
                f"A discrete-time {model} epidemic model runs in a closed population of N = {n} "
                f"people. On day 0: {start}. Each day, compute from that day's counts: "
                f"{'; '.join(rules)}; then update every compartment at once (people move "
                f"S -> {'E -> ' if model == 'SEIR' else ''}I -> R). Parameters: {rates_text}. "
                "Day 1's counts are the result of the first such step. " + asked
            )
            if ask == "peak" or not states(question, Fraction(value)):
                break
        meta = {"model": model, "days": d, "population": n, "ask": ask}
        return Draft(question, str(value), meta)

    def complexity(self, problem: Problem) -> float:
        """Days stepped times compartments, times the digits of the population."""
        meta = problem.meta
        compartments = len(meta["model"]) - 1
        return float(meta["days"] * compartments * len(str(meta["population"])))
