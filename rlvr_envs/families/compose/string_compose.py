"""StringCompose: compute a composition f(g(h(x))) of string transformations.

The task family of Yuan et al. 2025, "From f(x) and g(x) to f(g(x)): LLMs learn new skills
in RL by composing old ones": a start string ``x`` and the definitions of a few string
functions (from the 32 transformations of :mod:`.string_ops`: reverse, rotations, Caesar
and Atbash shifts, swap case, sorting, deduplication, interleaving halves, ...) are given
in words under short names, and the problem asks for the value of their composition. The
definitions are listed in a shuffled order; the same bound function keeps one name.

Answer syntax (see :mod:`._base`): the final string exactly, compared character for
character (case-sensitive) after stripping the whitespace around it; optionally preceded by
``step K: VALUE`` lines, step K being the value after the K-th function applied (innermost
first).

Knobs: ``depth`` (functions composed, 1..6), ``length`` (characters of the start string),
``intermediates`` (ask for the intermediate values too), and ``pair_split`` (``any``, or only
training / only held-out ordered pairs of adjacent functions: the held-out-pairs split of
``tasks/compose-pairs-v0.toml``; never moved by difficulty). Difficulty raises depth and
length, and asks for intermediates from 0.5 on. Every chain is shortcut-free (no link can be
skipped, a near miss at any step changes the answer: :func:`.skills.shortcut`).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.compose._base import ChainFamily
from rlvr_envs.families.compose.skills import PAIR_SPLITS, STR, Skill, build_chain, literal
from rlvr_envs.families.compose.string_ops import (
    DIGITS,
    LOWER,
    STRING_OPS,
    STRING_OPS_BY_NAME,
    UPPER,
)

_NAMES = ("f", "g", "h", "p", "q", "r", "u", "v", "w", "k")
_ALPHABET = LOWER + UPPER + DIGITS


def random_string(rng: random.Random, length: int) -> str:
    """``length`` random letters and digits, with at least one letter."""
    while True:
        text = "".join(rng.choice(_ALPHABET) for _ in range(length))
        if any(c.isalpha() for c in text):
            return text


def pair_split_knob() -> Knob:
    """The held-out-pairs selector shared by the composition families (not a difficulty)."""
    return Knob(
        "categorical",
        choices=PAIR_SPLITS,
        default="any",
        easy="any",
        hard="any",
        doc="adjacent skill pairs: any, training pairs only, held-out pairs only",
    )


class StringCompose(ChainFamily):
    """A composition of string functions applied to a start string (f(g(x)))."""

    knobs: ClassVar[dict[str, Knob]] = {
        "depth": Knob("int", 1, 6, default=2, easy=1, hard=6, doc="functions composed"),
        "length": Knob("int", 3, 24, default=8, easy=5, hard=16, doc="start string length"),
        "intermediates": Knob("bool", doc="ask for every intermediate value as well"),
        "pair_split": pair_split_knob(),
    }

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        depth = knobs["depth"]

        def start(rng: random.Random) -> tuple[str, Any]:
            return STR, random_string(rng, knobs["length"])

        def candidates(type_name: str, previous: str | None, position: int) -> list[Skill]:
            return STRING_OPS

        chain = build_chain(rng, start, depth, candidates, split=knobs["pair_split"])
        names: dict[str, str] = {}
        definitions = []
        for link in chain.links:
            if link.key() not in names:
                names[link.key()] = _NAMES[len(names)]
                definitions.append(f"{names[link.key()]}(s) = {link.describe('s')}")
        rng.shuffle(definitions)
        expression = "x"
        for link in chain.links:
            expression = f"{names[link.key()]}({expression})"
        what = "the value after K functions have been applied, innermost first"
        question = "\n".join(
            [
                "Each function below takes a string s of letters and digits (positions count "
                "from 1; vowels are a, e, i, o, u in either case).",
                "",
                *definitions,
                "",
                f"Let x = {literal(STR, chain.start)}. What is {expression}? "
                + self.format_rules(chain.types, knobs["intermediates"], what),
            ]
        )
        meta = {**chain.to_json(), "intermediates": knobs["intermediates"]}
        meta["pairs"] = chain.pairs()
        return Draft(question, chain.answer, meta)

    def complexity(self, problem: Problem) -> float:
        """Sum of the weights of the functions applied, plus a quarter of the start length."""
        links = problem.meta["links"]
        weights = sum(STRING_OPS_BY_NAME[link["skill"]].weight for link in links)
        return weights + (len(problem.meta["start"]) - 2) / 4
