"""CatalogueLookupTool: an order priced from a catalogue too large to show, one lookup per
item.

A catalogue of ``catalogue`` products (codes ``P-00000`` upward) is generated; each product's
name and price in cents are a pure function of (seed, code), so the catalogue is never built
or shown. The question lists an order of ``items`` lines (a quantity of a product code) and
asks its total in cents. The ``lookup`` tool returns one product's entry; a code outside the
catalogue is an error reply. The prices exist only in tool results, so a constant or a
copied number earns 0. Turns follow the protocol of
:mod:`~rlvr_envs.families.interactive.tools`; a right total is ``solved`` (reward 1), a
wrong one ``lost`` (0).

Answer syntax (final turn): one integer, the total in cents.

Knobs: ``items`` (order lines, 2 -> 8), ``catalogue`` (products, 1,000 -> 100,000) and
``slack`` (lookups beyond one per line, 3 -> 0). Difficulty map: 0 is two lines from 1,000
products with three spare lookups; 1 is eight lines from 100,000 with none.
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.interactive.tools import Tool, ToolError, ToolFamily

LOOKUP = Tool(
    "lookup",
    "returns a product's catalogue entry (name and price in cents) by its code",
    (("code", "string", "a product code, e.g. P-00042"),),
)
_CODE = re.compile(r"P-(\d{5})")
_ADJECTIVES = ("brass", "oak", "linen", "steel", "clay", "wool", "glass", "cedar", "copper")
_NOUNS = ("lamp", "stool", "kettle", "basket", "clock", "mirror", "bowl", "rack", "crate")


def product(seed: int, number: int) -> tuple[str, int]:
    """(name, price in cents) of product ``number``."""
    rng = random.Random(f"{seed}/{number}")
    return f"{rng.choice(_ADJECTIVES)} {rng.choice(_NOUNS)}", rng.randint(150, 99_999)


def code(number: int) -> str:
    return f"P-{number:05d}"


class CatalogueLookupTool(ToolFamily):
    """Total an order whose prices must be looked up one product at a time."""

    answer_syntax = "the order's total in cents, one integer"
    answer_form = "one integer"
    tools = (LOOKUP,)
    knobs: ClassVar[dict[str, Knob]] = {
        "items": Knob("int", 2, 8, doc="lines in the order"),
        "catalogue": Knob("int", 1000, 100_000, doc="products in the catalogue"),
        "slack": Knob("int", 0, 3, easy=3, hard=0, doc="lookups beyond one per line"),
    }

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        seed = rng.randrange(2**32)
        numbers = rng.sample(range(knobs["catalogue"]), knobs["items"])
        order = [(rng.randint(1, 12), n) for n in numbers]
        total = sum(q * product(seed, n)[1] for q, n in order)
        lines = "\n".join(f"- {q} x {code(n)}" for q, n in order)
        calls = knobs["items"] + knobs["slack"]
        turns = calls + 2
        question = (
            f"A shop's catalogue lists {knobs['catalogue']} products, {code(0)} to "
            f"{code(knobs['catalogue'] - 1)}; it is too large to show. An order reads:\n"
            f"{lines}\nWhat is the order's total price in cents?\n\n"
            + self.tool_prompt(turns, calls)
        )
        meta = {**self.tool_meta(turns, calls), "seed": seed}
        return Draft(question, str(total), meta)

    def run_tool(self, problem: Problem, name: str, arguments: dict[str, Any]) -> str:
        found = _CODE.fullmatch(arguments["code"].upper())
        if found is None or int(found.group(1)) >= problem.knobs["catalogue"]:
            raise ToolError(f"no product {arguments['code']!r} in the catalogue")
        number = int(found.group(1))
        name_, price = product(problem.meta["seed"], number)
        return f"{code(number)}: {name_}, {price} cents"

    def complexity(self, problem: Problem) -> float:
        k = problem.knobs
        return 2 * k["items"] + len(str(k["catalogue"])) + 3 - k["slack"]
