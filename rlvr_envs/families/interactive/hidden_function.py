"""HiddenFunction: find a hidden polynomial by asking for its values, then state it once.

f is a polynomial of a stated degree with integer coefficients. A query ``? x`` (x a whole
number from -20 to 20) is answered with f(x); the final move ``! c_d ... c_1 c_0`` states the
coefficients from the highest power down: right is ``solved`` (reward 1), wrong ``lost``
(reward 0). The budget is degree + 2 + slack moves, the statement included: degree + 1
values determine f (the reference policy asks for f(0), ..., f(degree), then states f). A
malformed move is ``illegal`` (reward 0).

Answer syntax per turn: ``? 3`` or ``! 2 -3 1`` (for 2x^2 - 3x + 1). A whole episode as one
answer: the moves separated by ``;``.

Knobs: ``degree`` (1 -> 3), ``coefficients`` (largest |coefficient|, 3 -> 12) and ``slack``
(spare queries, 2 -> 0).
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from rlvr_envs.core import Draft, IllegalMove, Knob, Problem
from rlvr_envs.families.interactive.secrets import SecretFamily, read_int

_INT = re.compile(r"[+-]?\d{1,9}")


class HiddenFunction(SecretFamily):
    """Values of a hidden polynomial on request; state its coefficients once."""

    answer_syntax = "one move: a query ? x, or ! followed by the coefficients"
    answer_form = "? x or ! c_d ... c_0, one per turn"
    knobs: ClassVar[dict[str, Knob]] = {
        "degree": Knob("int", 1, 3, doc="degree of f"),
        "coefficients": Knob("int", 3, 12, doc="largest absolute coefficient"),
        "slack": Knob("int", 0, 2, easy=2, hard=0, doc="queries beyond degree + 1"),
    }

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        degree, bound = knobs["degree"], knobs["coefficients"]
        coefficients = [rng.choice([c for c in range(-bound, bound + 1) if c])]
        coefficients += [rng.randint(-bound, bound) for _ in range(degree)]
        budget = degree + 2 + knobs["slack"]
        moves = [f"? {x}" for x in range(degree + 1)]
        moves.append("! " + " ".join(str(c) for c in coefficients))
        question = (
            f"f is a polynomial of degree {degree} with integer coefficients. Ask for its "
            "value at a whole number x from -20 to 20 by writing ? x; I answer with f(x). "
            "When you know f, write ! followed by its coefficients from the highest power "
            "down to the constant, separated by spaces (for 2x^2 - 3x + 1: ! 2 -3 1); you may "
            f"state it only once. You have {budget} moves, the statement included; the right "
            "f scores 1, a wrong one, running out or an invalid move scores 0.\n\n"
            "Each turn, write one move."
        )
        meta = {"coefficients": coefficients, "max_turns": budget}
        return Draft(question, "; ".join(moves), meta)

    def at(self, problem: Problem, x: int) -> int:
        total = 0
        for c in problem.meta["coefficients"]:
            total = total * x + c
        return total

    def reply(self, problem: Problem, history: Any, move: str) -> tuple[str, str]:
        text = move.strip()
        if text.startswith("?"):
            x = read_int(text[1:], -20, 20)
            return f"f({x}) = {self.at(problem, x)}", "playing"
        if text.startswith("!"):
            parts = text[1:].split()
            expected = problem.meta["coefficients"]
            if not parts or not all(_INT.fullmatch(p) for p in parts):
                raise IllegalMove("write ! and whole-number coefficients, e.g. ! 2 -3 1")
            if [int(p) for p in parts] == expected:
                return "That is f.", "solved"
            return "That is not f.", "lost"
        raise IllegalMove("write ? x for a value or ! and the coefficients")

    def complexity(self, problem: Problem) -> float:
        k = problem.knobs
        return 2 * k["degree"] + k["coefficients"] / 4 + 2 - k["slack"]
