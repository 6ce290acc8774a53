"""DocumentSearchTool: a fact found in one of many hidden documents with a keyword search.

A world of ``documents`` invented towns is generated (:mod:`.worlds`: each town's document
gives its founding year, founder, river, goods, twin town and harvest); the documents are
never shown. The question names a town and asks who founded it, or (``hops`` 2) who founded
its twin town, or in which year the town that a named person founded was founded. The
``search`` tool returns the three documents sharing most words with the query (a document
about a town the query names first). Town and founder names are distinct by construction,
so the answer is one fact. Turns follow the protocol of
:mod:`~rlvr_envs.families.interactive.tools`; a right answer is ``solved`` (reward 1), a
wrong one ``lost`` (0). The facts exist only in tool results.

Answer syntax (final turn): a person's full name (``Ada Brenn``) or a year, as asked.

Knobs: ``documents`` (20 -> 400), ``hops`` (searches the question needs, 1 -> 2) and
``slack`` (search calls beyond the hops, 3 -> 0). Difficulty map: 0 is one hop among 20
documents with three spare searches; 1 is two hops among 400 with none.
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.interactive import worlds
from rlvr_envs.families.interactive.tools import Tool, ToolFamily
from rlvr_envs.families.shared.answer_parsing import AnswerError

SEARCH = Tool(
    "search",
    "keyword search over the documents; returns the three best matches",
    (("query", "string", "words to look for, e.g. a town's name"),),
)
DIGITS = 5  # harvest digits in this family's worlds (not asked here)


class DocumentSearchTool(ToolFamily):
    """Find a fact in hidden documents with a search tool."""

    answer_syntax = "the name or the year asked for"
    answer_form = "a person's full name, or a year"
    tools = (SEARCH,)
    knobs: ClassVar[dict[str, Knob]] = {
        "documents": Knob("int", 20, 400, doc="documents in the world"),
        "hops": Knob("int", 1, 2, doc="searches the question needs"),
        "slack": Knob("int", 0, 3, easy=3, hard=0, doc="search calls beyond the hops"),
    }

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        seed, size = rng.randrange(2**32), knobs["documents"]
        index = rng.randrange(size)
        target = worlds.town(seed, size, DIGITS, index)
        kind = rng.choice(("founder", "year") if knobs["hops"] == 1 else ("twin", "by"))
        if kind == "founder":
            ask, value = f"Who founded {target.name}?", target.founder
        elif kind == "year":
            ask, value = f"In which year was {target.name} founded?", str(target.year)
        elif kind == "twin":
            twin = target.twin_index
            ask = f"Who founded the twin town of {target.name}?"
            value = worlds.town(seed, size, DIGITS, twin).founder
        else:
            twin = target.twin_index
            ask = (
                f"{target.founder} founded a town. In which year was that town's twin town founded?"
            )
            value = str(worlds.town(seed, size, DIGITS, twin).year)
        calls = knobs["hops"] + knobs["slack"]
        turns = calls + 2
        question = (
            f"A library holds {size} documents about towns; you cannot read them directly. "
            f"{ask}\n\n" + self.tool_prompt(turns, calls)
        )
        meta = {**self.tool_meta(turns, calls), "seed": seed, "kind": kind}
        return Draft(question, value, meta)

    def run_tool(self, problem: Problem, name: str, arguments: dict[str, Any]) -> str:
        size = problem.knobs["documents"]
        return worlds.search(problem.meta["seed"], size, DIGITS, arguments["query"])

    def judge(self, problem: Problem, answer: str) -> bool:
        if problem.meta["kind"] in ("year", "by"):
            return super().judge(problem, answer)
        name = " ".join(answer.split())
        if not re.fullmatch(r"[A-Za-z]+ [A-Za-z]+", name):
            raise AnswerError("expected a full name: a given name and a family name")
        return name.casefold() == problem.answer.casefold()

    def complexity(self, problem: Problem) -> float:
        k = problem.knobs
        return k["documents"] / 50 + 3 * k["hops"] + 3 - k["slack"]
