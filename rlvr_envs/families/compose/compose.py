"""Compose: cross-family chains, where one family's answer is the next family's input.

A chain of typed links from :mod:`.links` (arithmetic, number theory, rationals, strings,
lists, graphs, grids, puzzles): a number becomes a graph's size, a graph's edge count feeds
an arithmetic step, a puzzle's answer rotates a word, a string's letters become a list, ...
The prompt names the values ``x0`` (the start: a number, a string or a list), ``x1``, ...,
defines each step in words from the one before, and asks for the last value. With
distractor facts, true but irrelevant statements about other values ("Note: 12 is the
number of positive divisors of 84.") are mixed in between the steps (irrelevant context, as in
Shi et al. 2023, "Large language models can be easily distracted by irrelevant context");
they never mention a value of the chain.

Answer syntax (see :mod:`._base`): the value of the last step: a number (compared by value,
exact), a string (character for character, case-sensitive, whitespace around it ignored)
or a list of integers ``[3, 1, 4]``; optionally preceded by ``step K: VALUE`` lines for the
intermediate values ``xK`` (graphs and grids are never asked for).

Knobs: ``depth`` (links, 1..6), ``link_level`` (per-link difficulty 1..3: size of the
constants and start value, and which skills are used), ``distractors`` (irrelevant facts,
0..6), ``intermediates`` (ask for every answerable intermediate value) and ``pair_split``
(see :func:`.skills.pair_allowed`; never moved by difficulty). Every chain is type-checked
and shortcut-free (:func:`.skills.shortcut`).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.compose._base import ChainFamily
from rlvr_envs.families.compose.links import CATALOG, LINKS, MAX_INT_START
from rlvr_envs.families.compose.skills import (
    ANSWERABLE,
    INT,
    INT_LIST,
    STR,
    Chain,
    Link,
    Skill,
    build_chain,
    fits,
    literal,
    render,
)
from rlvr_envs.families.compose.string_compose import pair_split_knob, random_string

BY_SOURCE: dict[str, list[Skill]] = {}
for _skill in LINKS:
    BY_SOURCE.setdefault(_skill.source, []).append(_skill)
FACT_SKILLS = [s for s in LINKS if s.source in ANSWERABLE and s.target in ANSWERABLE]


def start_value(rng: random.Random, level: int) -> tuple[str, Any]:
    """A start value: a number (most often), a string of letters and digits, or a list."""
    kind = rng.random()
    if kind < 0.7:
        return INT, rng.randint(2 + 8 * (level > 1), MAX_INT_START[level])
    if kind < 0.85:
        length = rng.randint(4, 5 + level)
        if rng.random() < 0.5:
            return STR, "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(length))
        return STR, random_string(rng, length)
    return INT_LIST, tuple(rng.randint(1, 9 * level) for _ in range(rng.randint(3, 4 + level)))


class Compose(ChainFamily):
    """A chain of typed links across families; the answer is the last value."""

    knobs: ClassVar[dict[str, Knob]] = {
        "depth": Knob("int", 1, 6, default=3, easy=1, hard=6, doc="links in the chain"),
        "link_level": Knob("int", 1, 3, default=1, easy=1, hard=3, doc="difficulty of each link"),
        "distractors": Knob("int", 0, 6, default=0, easy=0, hard=4, doc="irrelevant facts"),
        "intermediates": Knob("bool", doc="ask for every intermediate value as well"),
        "pair_split": pair_split_knob(),
    }

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        depth, level = knobs["depth"], knobs["link_level"]

        def candidates(type_name: str, previous: str | None, position: int) -> list[Skill]:
            skills = BY_SOURCE.get(type_name, [])
            if position == depth - 1:
                return [s for s in skills if s.target in ANSWERABLE]
            return skills

        chain = build_chain(
            rng,
            lambda r: start_value(r, level),
            depth,
            candidates,
            level=level,
            split=knobs["pair_split"],
        )
        lines = [f"x0 = {literal(chain.start_type, chain.start)}"]
        for k, link in enumerate(chain.links, start=1):
            lines.append(f"Step {k}: x{k} = {link.describe(f'x{k - 1}')}.")
        facts = distractor_facts(rng, chain, knobs["distractors"], level)
        for fact in facts:
            lines.insert(rng.randint(1, len(lines)), f"Note: {fact}.")
        what = "the value of xK"
        question = "\n".join(
            [
                "Compute the values below in order; each step uses the value before it "
                "(positions count from 1; vowels are a, e, i, o, u in either case).",
                "",
                *lines,
                "",
                f"What is x{depth}? "
                + self.format_rules(chain.types, knobs["intermediates"], what),
            ]
        )
        meta = {**chain.to_json(), "intermediates": knobs["intermediates"]}
        meta.update(pairs=chain.pairs(), facts=facts)
        return Draft(question, chain.answer, meta)

    def complexity(self, problem: Problem) -> float:
        """Sum of the links' weights, the digits of the start value and 0.75 per distractor."""
        meta = problem.meta
        weights = sum(CATALOG[link["skill"]].weight for link in meta["links"])
        start = sum(c.isalnum() for c in meta["start"])
        return weights + start / 3 + 0.75 * len(meta["facts"])


def distractor_facts(rng: random.Random, chain: Chain, count: int, level: int) -> list[str]:
    """``count`` true statements about values that are not in the chain.

    A fact applies a random skill to a fresh value; facts whose input or result equals a
    value of the chain (or whose result equals the answer) are redrawn, so no fact hands
    over a step.
    """
    taken = {render(chain.start_type, chain.start)} | {
        render(t, v) for t, v in zip(chain.types, chain.values) if t in ANSWERABLE
    }
    facts: list[str] = []
    for _ in range(50 * count):
        if len(facts) == count:
            break
        skill = rng.choice(FACT_SKILLS)
        if skill.min_level > level:
            continue
        source_type, value = start_value(rng, level)
        if source_type != skill.source:
            continue
        params = skill.params(rng, value, level)
        if params is None:
            continue
        try:
            result = Link(skill, params).apply(value)
        except (ValueError, ArithmeticError, IndexError):
            continue
        if not fits(skill.target, result):
            continue
        if render(source_type, value) in taken or render(skill.target, result) in taken:
            continue
        described = Link(skill, params).describe(literal(source_type, value))
        fact = f"{literal(skill.target, result)} is {described}"
        if fact not in facts:
            facts.append(fact)
    return facts
