"""ChainedMath: multi-step word problems where each sub-problem's answer feeds the next.

The h1 construction (Motwani et al. 2025, "h1: bootstrapping LLMs to reason over longer
horizons via reinforcement learning"): short grade-school word problems are chained so that
a number in problem K+1 is the answer to problem K, and only the last answer is asked for;
the horizon (how many problems are chained) is the difficulty. Here every sub-problem is a
typed int -> int skill (16 templates: crates, tickets, a game score, savings, a fence,
sharing, team scores, doubling cells, a sale, a draining tank, a bus, a train, an average,
rows of chairs, reading days, leftovers) whose input is written ``A(K-1)``, the name of the
previous answer. All answers are whole numbers from 1 to 100000.

Answer syntax (see :mod:`._base`): the answer to the last problem, a whole number compared
by value; optionally preceded by ``step K: VALUE`` lines, step K being AK, the answer to
problem K.

Knobs: ``horizon`` (problems chained, 1..8; the difficulty map goes to 6), ``magnitude``
(size of the numbers, 1..3) and ``intermediates`` (ask for every answer AK). The chain is
shortcut-free (:func:`.skills.shortcut`): feeding a problem the answer of an earlier one
than its predecessor, or an answer off by one, changes the final answer.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.compose._base import ChainFamily
from rlvr_envs.families.compose.skills import INT, Skill, Undefined, build_chain

LIMIT = 100_000
_NAMES = (
    "Ana",
    "Ben",
    "Carla",
    "Dev",
    "Elif",
    "Farid",
    "Grace",
    "Hugo",
    "Ines",
    "Jonas",
    "Kemi",
    "Liam",
    "Mei",
    "Nora",
    "Omar",
    "Priya",
    "Quinn",
    "Rosa",
    "Sami",
    "Tara",
)
_START = {1: (6, 60), 2: (20, 400), 3: (100, 3000)}
Params = dict[str, Any] | None


def _ok(value: int) -> int:
    if not 1 <= value <= LIMIT:
        raise Undefined("answer out of range")
    return value


def _exact(numerator: int, denominator: int) -> int:
    if numerator % denominator:
        raise Undefined("not a whole number")
    return _ok(numerator // denominator)


def _small(rng: random.Random, m: int) -> int:
    return rng.randint(2, 3 + 4 * m)


def _names(rng: random.Random) -> dict[str, str]:
    name, other = rng.sample(_NAMES, 2)
    return {"name": name, "other": other}


def _divisor(rng: random.Random, x: int, m: int) -> int | None:
    options = [d for d in range(2, 7 + 6 * m) if x % d == 0 and x > d]
    return rng.choice(options) if options else None


def _crates(rng: random.Random, x: int, m: int) -> Params:
    k = _divisor(rng, x, m)
    return None if k is None else {"k": k}


def _tickets(rng: random.Random, x: int, m: int) -> Params:
    return {"k": _small(rng, m), **_names(rng)} if x <= LIMIT // 20 else None


def _game(rng: random.Random, x: int, m: int) -> Params:
    return {"k": rng.randint(1, 10 * m), **_names(rng)} if x <= LIMIT // 3 else None


def _savings(rng: random.Random, x: int, m: int) -> Params:
    if x > LIMIT // 10:
        return None
    return {"w": rng.randint(2, 3 + m), "s": rng.randint(1, x), **_names(rng)}


def _fence(rng: random.Random, x: int, m: int) -> Params:
    return {"k": rng.randint(2, 10 * m)} if x <= LIMIT // 3 else None


def _stickers(rng: random.Random, x: int, m: int) -> Params:
    k = _divisor(rng, x, m)
    return None if k is None else {"k": k, "extra": rng.randint(1, 5 * m)}


def _teams(rng: random.Random, x: int, m: int) -> Params:
    if x > LIMIT // 4:
        return None
    a = rng.randint(1, 10 * m)
    return {"a": a, "b": rng.randint(1, x + a - 1)}


def _cells(rng: random.Random, x: int, m: int) -> Params:
    return {"h": rng.randint(1, 2 + m)} if x <= LIMIT // 32 else None


def _sale(rng: random.Random, x: int, m: int) -> Params:
    options = [p for p in (10, 20, 25, 30, 40, 50, 60, 75, 80) if x * (100 - p) % 100 == 0]
    return {"p": rng.choice(options)} if options else None


def _tank(rng: random.Random, x: int, m: int) -> Params:
    h = rng.randint(2, 3 + m)
    if x <= h:
        return None
    return {"k": rng.randint(1, (x - 1) // h), "h": h}


def _bus(rng: random.Random, x: int, m: int) -> Params:
    if x < 3:
        return None
    a = rng.randint(1, x - 1)
    b = rng.randint(1, 10 * m)
    return {"a": a, "b": b, "c": rng.randint(1, x - a + b - 1)}


def _train(rng: random.Random, x: int, m: int) -> Params:
    return {"h": rng.randint(2, 3 + m)} if x <= LIMIT // 6 else None


def _average(rng: random.Random, x: int, m: int) -> Params:
    a = rng.randint(1, 20 * m)
    b = rng.randint(1, 20 * m)
    b += (-(x + a + b)) % 3
    return {"a": a, "b": b, **_names(rng)}


def _chairs(rng: random.Random, x: int, m: int) -> Params:
    return {"k": rng.randint(1, x * x - 1)} if 2 <= x <= 300 else None


def _pages(rng: random.Random, x: int, m: int) -> Params:
    k = rng.randint(2, 5 + 5 * m)
    return {"k": k, **_names(rng)} if x > k else None


def _leftover(rng: random.Random, x: int, m: int) -> Params:
    k = rng.randint(3, 5 + 5 * m)
    return {"k": k, **_names(rng)} if x > k and x % k else None


def _t(name: str, text: str, fn: Any, params: Any, weight: float = 1.0) -> Skill:
    return Skill(name, "word problems", INT, INT, text, fn, params, weight)


# fmt: off
TEMPLATES: list[Skill] = [
    _t("crates", "A warehouse receives {x} bottles and packs all of them into crates of {k} "
       "bottles each. How many crates does it fill?", lambda x, k: _exact(x, k), _crates),
    _t("tickets", "Tickets for a concert cost ${k} each. {name} buys {x} tickets. How many "
       "dollars does {name} pay in total?", lambda x, k, name, other: _ok(k * x), _tickets),
    _t("game", "In a game, {name} scores {x} points. {other} scores {k} points more than "
       "twice {name}'s score. How many points does {other} score?",
       lambda x, k, name, other: _ok(2 * x + k), _game, 1.5),
    _t("savings", "{name} saves {x} dollars every week for {w} weeks, then spends {s} dollars "
       "on a bicycle. How many dollars does {name} have left?",
       lambda x, w, s, name, other: _ok(w * x - s), _savings, 1.5),
    _t("fence", "A rectangular field is {x} metres long and {k} metres wide. How many metres "
       "of fence go once around it?", lambda x, k: _ok(2 * (x + k)), _fence),
    _t("stickers", "{x} stickers are shared equally among {k} children, and then each child "
       "is given {extra} more stickers. How many stickers does each child have now?",
       lambda x, k, extra: _ok(_exact(x, k) + extra), _stickers, 1.5),
    _t("teams", "Team Red scores {x} points. Team Blue scores {a} points more than Team Red, "
       "and Team Green scores {b} points fewer than Team Blue. How many points do the three "
       "teams score together?", lambda x, a, b: _ok(3 * x + 2 * a - b), _teams, 2.0),
    _t("cells", "A culture starts with {x} cells, and the number of cells doubles every hour. "
       "How many cells are there after {h} hours?", lambda x, h: _ok(x * 2**h), _cells),
    _t("sale", "A jacket costs {x} dollars. In a sale its price is reduced by {p}%. What is the "
       "sale price in dollars?", lambda x, p: _exact(x * (100 - p), 100), _sale, 1.5),
    _t("tank", "A tank holds {x} litres of water. Every hour {k} litres drain out of it. How "
       "many litres are left after {h} hours?", lambda x, k, h: _ok(x - k * h), _tank),
    _t("bus", "A bus leaves the depot with {x} passengers. At the first stop {a} people get "
       "off and {b} get on; at the second stop {c} people get off. How many passengers are "
       "on the bus now?", lambda x, a, b, c: _ok(x - a + b - c), _bus, 1.5),
    _t("train", "A train travels at {x} kilometres per hour for {h} hours. How many "
       "kilometres does it travel?", lambda x, h: _ok(x * h), _train),
    _t("average", "{name} scores {x}, {a} and {b} points in three games. What is the mean "
       "score per game?", lambda x, a, b, name, other: _exact(x + a + b, 3), _average, 1.5),
    _t("chairs", "A hall has {x} rows with {x} chairs in each row. Then {k} chairs are taken "
       "away. How many chairs are left?", lambda x, k: _ok(x * x - k), _chairs, 1.5),
    _t("pages", "A book has {x} pages. {name} reads {k} pages every day, and fewer on the last "
       "day if fewer are left. On how many days does {name} read?",
       lambda x, k, name, other: _ok(-(-x // k)), _pages, 1.5),
    _t("leftover", "{name} has {x} marbles and fills bags with exactly {k} marbles each, as "
       "many bags as possible. How many marbles are not in a bag?",
       lambda x, k, name, other: _ok(x % k), _leftover, 1.5),
]
# fmt: on
TEMPLATES_BY_NAME: dict[str, Skill] = {t.name: t for t in TEMPLATES}


class ChainedMath(ChainFamily):
    """Word problems chained so that each answer is a number in the next problem (h1)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "horizon": Knob("int", 1, 8, default=2, easy=1, hard=6, doc="problems chained"),
        "magnitude": Knob("int", 1, 3, default=1, easy=1, hard=3, doc="size of the numbers"),
        "intermediates": Knob("bool", doc="ask for the answer to every problem as well"),
    }

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        horizon, m = knobs["horizon"], knobs["magnitude"]

        def start(rng: random.Random) -> tuple[str, Any]:
            return INT, rng.randint(*_START[m])

        def candidates(type_name: str, previous: str | None, position: int) -> list[Skill]:
            return TEMPLATES

        chain = build_chain(rng, start, horizon, candidates, level=m)
        lines = []
        for k, link in enumerate(chain.links, start=1):
            given = str(chain.start) if k == 1 else f"A{k - 1}"
            lines.append(f"Problem {k}: {link.describe(given)}")
        what = "AK, the answer to Problem K"
        rules = self.format_rules(chain.types, knobs["intermediates"], what)
        question = "\n".join(
            [
                "Solve the problems in order. The answer to Problem K is called AK; later "
                "problems use it.",
                "",
                *lines,
                "",
                f"What is A{horizon}, the answer to Problem {horizon}? {rules}",
            ]
        )
        meta = {**chain.to_json(), "intermediates": knobs["intermediates"]}
        return Draft(question, chain.answer, meta)

    def complexity(self, problem: Problem) -> float:
        """Four per problem plus its template's weight, plus a sixth of the digits given."""
        links = problem.meta["links"]
        weights = sum(4 + TEMPLATES_BY_NAME[link["skill"]].weight for link in links)
        digits = sum(c.isdigit() for c in problem.prompt.split("\n\nWhat is")[0])
        return weights + digits / 6
