"""SearchCalculateTool: two tools in one task, facts found with a search and combined with a
calculator.

A world of ``documents`` invented towns is generated (:mod:`.worlds`); each town's hidden
document gives, among other facts, its harvest last year in bushels (``digits`` digits).
The question names ``towns`` towns and a price per bushel and asks what their harvests were
worth together. The ``search`` tool returns the three documents sharing most words with the
query; the ``calculator`` evaluates an expression exactly
(:func:`~rlvr_envs.families.interactive.tools.evaluate`). The harvests exist only in tool
results, so a constant or a copied number earns 0. Turns follow the protocol of
:mod:`~rlvr_envs.families.interactive.tools`; a right total is ``solved`` (reward 1), a wrong
one ``lost`` (0).

Answer syntax (final turn): one integer, the worth in coins.

Knobs: ``towns`` (2 -> 4), ``documents`` (20 -> 400) and ``digits`` (harvest digits, 4 ->
7). Calls: one search per town, one calculator call and one spare. Difficulty map: 0 is two
towns among 20 documents with four-digit harvests; 1 is four among 400 with seven digits.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.interactive import worlds
from rlvr_envs.families.interactive.calculator_tool import CALCULATOR
from rlvr_envs.families.interactive.document_search_tool import SEARCH
from rlvr_envs.families.interactive.tools import ToolFamily, calculator_result


class SearchCalculateTool(ToolFamily):
    """Search hidden documents for harvests, then total their worth with a calculator."""

    answer_syntax = "the worth in coins, one integer"
    answer_form = "one integer"
    tools = (SEARCH, CALCULATOR)
    knobs: ClassVar[dict[str, Knob]] = {
        "towns": Knob("int", 2, 4, doc="towns whose harvests are needed"),
        "documents": Knob("int", 20, 400, doc="documents in the world"),
        "digits": Knob("int", 4, 7, doc="digits of each harvest"),
    }

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        seed, size, digits = rng.randrange(2**32), knobs["documents"], knobs["digits"]
        chosen = [
            worlds.town(seed, size, digits, i) for i in rng.sample(range(size), knobs["towns"])
        ]
        price = rng.randint(13, 97)
        value = price * sum(t.harvest for t in chosen)
        names = ", ".join(t.name for t in chosen[:-1]) + f" and {chosen[-1].name}"
        calls = knobs["towns"] + 2
        turns = calls + 2
        question = (
            f"A library holds {size} documents about towns; you cannot read them directly. "
            f"Grain sells at {price} coins a bushel. What was last year's harvest of {names} "
            "worth in all, in coins?\n\n" + self.tool_prompt(turns, calls)
        )
        meta = {**self.tool_meta(turns, calls), "seed": seed, "price": price}
        return Draft(question, str(value), meta)

    def run_tool(self, problem: Problem, name: str, arguments: dict[str, Any]) -> str:
        if name == "calculator":
            return calculator_result(arguments["expression"])
        k = problem.knobs
        return worlds.search(problem.meta["seed"], k["documents"], k["digits"], arguments["query"])

    def complexity(self, problem: Problem) -> float:
        k = problem.knobs
        return 2 * k["towns"] + k["documents"] / 50 + k["digits"]
