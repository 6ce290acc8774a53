"""UnitConverterTool: a quantity in the invented units of a far-off market, converted with a
tool that knows the hidden rates.

The market measures grain in a chain of ``units`` invented units (1 of each holds a hidden
whole number, 2 to 12, of the next). The prompt lists a stock as amounts of several units
and asks for the total in the smallest unit. The ``convert`` tool converts an amount
(a number: ``12``, ``3/4``, ``2.5``) from one unit to another exactly; a unit it does not know
is an error reply. The rates exist only in tool results, so a constant or a number copied
from the prompt earns 0. Turns follow the protocol of
:mod:`~rlvr_envs.families.interactive.tools`; a right total is ``solved`` (reward 1), a wrong
one ``lost`` (0).

Answer syntax (final turn): one integer, the total in the smallest unit.

Knobs: ``units`` (units in the chain, 3 -> 6), ``terms`` (amounts in the stock, 2 -> 5) and
``slack`` (convert calls beyond one per amount, 3 -> 0). Difficulty map: 0 is two amounts
over three units with three spare calls; 1 is five amounts over six units with none.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.interactive.tools import Tool, ToolError, ToolFamily, show_number

CONVERT = Tool(
    "convert",
    "converts an amount from one unit to another, exactly",
    (
        ("value", "number", "the amount, e.g. 12, 3/4 or 2.5"),
        ("unit", "string", "the unit the amount is in"),
        ("to", "string", "the unit to convert to"),
    ),
)
_NAMES = ("glim", "vorn", "trell", "pask", "dorm", "kesh", "lune", "brack", "tove", "quill",
          "sorn", "yelt")  # fmt: skip


def in_smallest(rates: list[int], position: int) -> int:
    """How many of the smallest unit one unit at ``position`` of the chain holds."""
    size = 1
    for rate in rates[position:]:
        size *= rate
    return size


class UnitConverterTool(ToolFamily):
    """A stock in hidden invented units, totalled with a convert tool."""

    answer_syntax = "the total in the smallest unit, one integer"
    answer_form = "one integer"
    tools = (CONVERT,)
    knobs: ClassVar[dict[str, Knob]] = {
        "units": Knob("int", 3, 6, doc="units in the chain"),
        "terms": Knob("int", 2, 5, doc="amounts in the stock"),
        "slack": Knob("int", 0, 3, easy=3, hard=0, doc="convert calls beyond one per amount"),
    }

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        names = rng.sample(_NAMES, knobs["units"])
        rates = [rng.randint(2, 12) for _ in names[:-1]]
        positions = sorted(rng.sample(range(len(names) - 1), min(knobs["terms"], len(names) - 1)))
        while len(positions) < knobs["terms"]:
            positions.append(rng.randrange(len(names) - 1))
        amounts = [(rng.randint(2, 99), p) for p in positions]
        total = sum(a * in_smallest(rates, p) for a, p in amounts)
        listed = ", ".join(f"{a} {names[p]}" for a, p in amounts)
        calls = knobs["terms"] + knobs["slack"]
        turns = calls + 2
        question = (
            f"A market measures grain in the units {', '.join(names)}, each larger than the "
            f"next; the rates between them are known only to the convert tool. A store holds "
            f"{listed}. How many {names[-1]} is that in all?\n\n" + self.tool_prompt(turns, calls)
        )
        meta = {**self.tool_meta(turns, calls), "units": names, "rates": rates}
        return Draft(question, str(total), meta)

    def run_tool(self, problem: Problem, name: str, arguments: dict[str, Any]) -> str:
        units, rates = problem.meta["units"], problem.meta["rates"]
        for key in ("unit", "to"):
            if arguments[key].lower() not in units:
                raise ToolError(f"unknown unit {arguments[key]!r}; units: {', '.join(units)}")
        source, target = (
            units.index(arguments["unit"].lower()),
            units.index(arguments["to"].lower()),
        )
        value = Fraction(arguments["value"]) * in_smallest(rates, source)
        result = value / in_smallest(rates, target)
        amount = show_number(arguments["value"])
        return f"{amount} {units[source]} = {show_number(result)} {units[target]}"

    def complexity(self, problem: Problem) -> float:
        k = problem.knobs
        return k["units"] + 2 * k["terms"] + 3 - k["slack"]
