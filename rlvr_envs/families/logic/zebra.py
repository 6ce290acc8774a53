"""Zebra (Einstein) puzzles: place every attribute value in a row of houses from clues.

The classic puzzle (Life International, 1962): ``houses`` houses stand in a row, numbered 1
to ``houses`` from left to right; each attribute (name, colour, pet, ...) takes each of its
``houses`` values in exactly one house. Clues relate values: same house, a given house, a
neighbour, directly left of, somewhere left of, and their negations.

Every puzzle has exactly one solution. The generator draws a random solution, then adds
clues true of it until Minisat 2.2 (python-sat) finds no other solution: each round asks the
solver for a rival solution and adds a random true clue that the rival breaks. Finally every
clue that the others imply is dropped (each clue carries a selector literal, so "still
unique without this clue?" is one incremental solver call).

Answer syntax: one line per house, ``<house number>: <its values, comma-separated>`` in any
order within the line, e.g. ``1: Alice, red, dog``; a leading ``House`` is allowed. The
verifier checks that every value sits in exactly one house and that every clue holds.

Knobs: ``houses``, ``attributes`` and ``clue_kinds`` (``same_house``: same-house and
position clues; ``neighbours``: also next to and directly left; ``all``: also somewhere to
the left and negated clues, which are weaker, so more of them are needed).
"""

from __future__ import annotations

import math
import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import AnswerError
from rlvr_envs.families.shared.sat import exactly_one, new_solver

# category -> (values, noun phrase, verb phrase, negated verb phrase)
CATEGORIES: dict[str, tuple[tuple[str, ...], str, str, str]] = {
    "name": (
        ("Alice", "Bob", "Carol", "David", "Emma", "Frank", "Grace"),
        "{v}",
        "is {v}",
        "is not {v}",
    ),
    "colour": (
        ("red", "green", "blue", "yellow", "white", "purple", "orange"),
        "the person in the {v} house",
        "lives in the {v} house",
        "does not live in the {v} house",
    ),
    "pet": (
        ("dog", "cat", "bird", "fish", "horse", "rabbit", "turtle"),
        "the {v} owner",
        "keeps the {v}",
        "does not keep the {v}",
    ),
    "drink": (
        ("tea", "coffee", "milk", "water", "juice", "soda", "cocoa"),
        "the {v} drinker",
        "drinks {v}",
        "does not drink {v}",
    ),
    "hobby": (
        ("chess", "painting", "gardening", "cycling", "reading", "cooking", "hiking"),
        "the person who enjoys {v}",
        "enjoys {v}",
        "does not enjoy {v}",
    ),
    "car": (
        ("Ford", "Tesla", "BMW", "Toyota", "Honda", "Audi", "Fiat"),
        "the {v} driver",
        "drives the {v}",
        "does not drive the {v}",
    ),
    "food": (
        ("pizza", "sushi", "pasta", "tacos", "curry", "salad", "soup"),
        "the person who eats {v}",
        "eats {v}",
        "does not eat {v}",
    ),
}
KINDS = {
    "same_house": (("same", 6), ("at", 2)),
    "neighbours": (("same", 4), ("at", 1), ("next_to", 3), ("left", 3)),
    "all": (
        ("same", 3),
        ("at", 1),
        ("next_to", 2),
        ("left", 2),
        ("before", 2),
        ("not_same", 2),
        ("not_at", 1),
    ),
}
MAX_ROUNDS = 200  # clue additions; each one removes the solver's current rival solution

Value = tuple[int, int]  # (attribute index, value index)


class Zebra(Family):
    """Solve a zebra puzzle with a unique solution."""

    knobs: ClassVar[dict[str, Knob]] = {
        "houses": Knob("int", 2, 7, default=4, easy=3, hard=6, doc="houses in the row"),
        "attributes": Knob("int", 2, 7, default=4, easy=2, hard=5, doc="attributes per house"),
        "clue_kinds": Knob(
            "categorical",
            choices=("same_house", "neighbours", "all"),
            default="all",
            doc="which kinds of clue appear",
        ),
    }
    answer_syntax = "one line per house, its number then its values (e.g. 1: Alice, red, dog)"
    answer_form = "table of houses"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        houses, kinds = knobs["houses"], knobs["clue_kinds"]
        others = [name for name in CATEGORIES if name != "name"]
        names = ["name", *rng.sample(others, knobs["attributes"] - 1)]
        names = sorted(names, key=list(CATEGORIES).index)
        attributes = [[name, rng.sample(CATEGORIES[name][0], houses)] for name in names]
        # position[a][v]: the house (0-based) of value v of attribute a; values listed sorted
        for attribute in attributes:
            attribute[1] = sorted(attribute[1], key=CATEGORIES[attribute[0]][0].index)
        position = [rng.sample(range(houses), houses) for _ in attributes]
        clues = _clues_for(rng, position, houses, KINDS[kinds])
        rng.shuffle(clues)
        meta = {"houses": houses, "attributes": attributes, "clues": clues}
        answer = "\n".join(
            f"{h + 1}: "
            + ", ".join(values[position[a].index(h)] for a, (_, values) in enumerate(attributes))
            for h in range(houses)
        )
        return Draft(_question(meta), answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        try:
            position = parse_houses(answer, meta["houses"], meta["attributes"])
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        for index, clue in enumerate(meta["clues"]):
            if not holds(clue, position):
                return Judgement.wrong(why=f"clue {index + 1} does not hold")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """log2 of the candidate solutions ((houses!)^attributes) plus the number of clues."""
        meta = problem.meta
        space = len(meta["attributes"]) * math.log2(math.factorial(meta["houses"]))
        return space + len(meta["clues"])


# -- clues -----------------------------------------------------------------------------
def holds(clue: list, position: list[list[int]]) -> bool:
    """Whether ``clue`` is true when value v of attribute a is in house position[a][v]."""
    kind = clue[0]
    x = position[clue[1]][clue[2]]
    if kind == "at":
        return x == clue[3]
    if kind == "not_at":
        return x != clue[3]
    y = position[clue[3]][clue[4]]
    if kind == "same":
        return x == y
    if kind == "not_same":
        return x != y
    if kind == "next_to":
        return abs(x - y) == 1
    if kind == "left":
        return y == x + 1
    return x < y  # "before": somewhere to the left


def _sample_clue(rng: random.Random, kind: str, position: list[list[int]], houses: int) -> list:
    """A random clue of ``kind`` that is true of the solution ``position``."""
    count = len(position)
    at_house = [{position[a][v]: v for v in range(houses)} for a in range(count)]

    def value_at(house: int, exclude: int | None = None) -> Value:
        a = rng.choice([i for i in range(count) if i != exclude])
        return a, at_house[a][house]

    if kind in ("at", "not_at"):
        a, v = rng.randrange(count), rng.randrange(houses)
        house = position[a][v]
        if kind == "not_at":
            house = rng.choice([h for h in range(houses) if h != house])
        return [kind, a, v, house]
    if kind in ("same", "not_same"):
        a, v = rng.randrange(count), rng.randrange(houses)
        house = position[a][v]
        if kind == "not_same":
            house = rng.choice([h for h in range(houses) if h != house])
        return [kind, a, v, *value_at(house, exclude=a)]
    if kind == "before":
        first, second = sorted(rng.sample(range(houses), 2))
    else:  # left, next_to: adjacent houses
        first = rng.randrange(houses - 1)
        second = first + 1
        if kind == "next_to" and rng.random() < 0.5:
            first, second = second, first
    return [kind, *value_at(first), *value_at(second)]


def _literal(houses: int, a: int, v: int, h: int) -> int:
    """SAT variable "value v of attribute a is in house h"."""
    return (a * houses + v) * houses + h + 1


def _encode(clue: list, houses: int) -> list[list[int]]:
    """CNF clauses (without the selector) that hold exactly when ``clue`` holds."""
    kind = clue[0]

    def x(h: int) -> int:
        return _literal(houses, clue[1], clue[2], h)

    if kind == "at":
        return [[x(clue[3])]]
    if kind == "not_at":
        return [[-x(clue[3])]]

    def y(h: int) -> int:
        return _literal(houses, clue[3], clue[4], h)

    span = range(houses)
    if kind == "same":
        return [c for h in span for c in ([-x(h), y(h)], [x(h), -y(h)])]
    if kind == "not_same":
        return [[-x(h), -y(h)] for h in span]
    if kind == "left":
        return [[-x(h), *([y(h + 1)] if h + 1 < houses else [])] for h in span] + [
            [-y(h), *([x(h - 1)] if h > 0 else [])] for h in span
        ]
    if kind == "next_to":
        near = [[k for k in (h - 1, h + 1) if 0 <= k < houses] for h in span]
        return [[-x(h), *(y(k) for k in near[h])] for h in span] + [
            [-y(h), *(x(k) for k in near[h])] for h in span
        ]
    return [[-x(h), *(y(k) for k in range(h + 1, houses))] for h in span] + [
        [-y(h), *(x(k) for k in range(h))] for h in span
    ]


def _clues_for(
    rng: random.Random, position: list[list[int]], houses: int, kinds: tuple
) -> list[list]:
    """A set of clues true of ``position`` with no other solution, none of them redundant."""
    count = len(position)
    names = [k for k, _ in kinds]
    weights = [w for _, w in kinds]
    base: list[list[int]] = []
    for a in range(count):
        for v in range(houses):
            base += exactly_one([_literal(houses, a, v, h) for h in range(houses)])
        for h in range(houses):
            base += exactly_one([_literal(houses, a, v, h) for v in range(houses)])
    top = count * houses * houses
    solver = new_solver(base)
    block = top + 1  # selector of "differs from the solution somewhere"
    solver.add_clause(
        [-block]
        + [-_literal(houses, a, v, position[a][v]) for a in range(count) for v in range(houses)]
    )
    clues: list[list] = []
    selectors: list[int] = []
    try:
        for _ in range(MAX_ROUNDS):
            if not solver.solve(assumptions=[block, *selectors]):
                break
            rival = _decode(solver.get_model(), count, houses)
            clue = _breaking_clue(rng, names, weights, position, rival, houses)
            selector = top + 2 + len(clues)
            for clause in _encode(clue, houses):
                solver.add_clause([*clause, -selector])
            clues.append(clue)
            selectors.append(selector)
        else:  # pragma: no cover - each round removes a rival, and there are finitely many
            raise RuntimeError("zebra generation did not converge")
        keep = list(range(len(clues)))
        for index in rng.sample(range(len(clues)), len(clues)):
            trial = [selectors[i] for i in keep if i != index]
            if not solver.solve(assumptions=[block, *trial]):
                keep.remove(index)
    finally:
        solver.delete()
    return [clues[i] for i in keep]


def _decode(model: list[int], count: int, houses: int) -> list[list[int]]:
    position = [[0] * houses for _ in range(count)]
    for literal in model[: count * houses * houses]:
        if literal > 0:
            a, rest = divmod(literal - 1, houses * houses)
            v, h = divmod(rest, houses)
            position[a][v] = h
    return position


def _breaking_clue(
    rng: random.Random,
    names: list[str],
    weights: list[int],
    position: list[list[int]],
    rival: list[list[int]],
    houses: int,
) -> list:
    """A random clue true of ``position`` and false of ``rival`` (a position clue at worst)."""
    for _ in range(60):
        clue = _sample_clue(rng, rng.choices(names, weights)[0], position, houses)
        if not holds(clue, rival):
            return clue
    a, v = next(
        (a, v) for a in range(len(position)) for v in range(houses) if position[a][v] != rival[a][v]
    )
    return ["at", a, v, position[a][v]]


# -- prompt and answer -----------------------------------------------------------------
def _phrase(attributes: list, a: int, v: int, form: int) -> str:
    category, values = attributes[a]
    return CATEGORIES[category][form].format(v=values[v])


def clue_text(clue: list, attributes: list) -> str:
    """The clue as an English sentence."""
    kind = clue[0]
    x = _phrase(attributes, clue[1], clue[2], 1)
    if kind == "at":
        text = f"{x} lives in house {clue[3] + 1}"
    elif kind == "not_at":
        text = f"{x} does not live in house {clue[3] + 1}"
    elif kind == "same":
        text = f"{x} {_phrase(attributes, clue[3], clue[4], 2)}"
    elif kind == "not_same":
        text = f"{x} {_phrase(attributes, clue[3], clue[4], 3)}"
    else:
        y = _phrase(attributes, clue[3], clue[4], 1)
        relation = {
            "left": "lives directly to the left of",
            "next_to": "lives next to",
            "before": "lives somewhere to the left of",
        }[kind]
        text = f"{x} {relation} {y}"
    return text[0].upper() + text[1:] + "."


def _question(meta: dict) -> str:
    houses, attributes = meta["houses"], meta["attributes"]
    lines = [
        f"There are {houses} houses in a row, numbered 1 to {houses} from left to right. "
        "Each house has one resident, and each of the following attributes takes each of its "
        "values in exactly one house:",
    ]
    lines += [f"- {category}: {', '.join(values)}" for category, values in attributes]
    lines.append(
        '"Directly to the left" means in the house numbered one lower; "next to" '
        "means in a neighbouring house.\n\nClues:"
    )
    lines += [f"{i}. {clue_text(clue, attributes)}" for i, clue in enumerate(meta["clues"], 1)]
    lines.append(
        "\nDetermine every house's values. Write one line per house: the house number, a "
        "colon, then that house's values separated by commas."
    )
    return "\n".join(lines)


_HOUSE_LINE = re.compile(r"\s*(?:house\s*)?(\d{1,3})\s*[:.)=-]\s*(.*)", re.IGNORECASE | re.DOTALL)


def parse_houses(text: str, houses: int, attributes: list) -> list[list[int]]:
    """position[a][v] from ``n: value, value, ...`` lines; every house and value once."""
    lookup = {}
    for a, (_, values) in enumerate(attributes):
        for v, value in enumerate(values):
            lookup[value.lower()] = (a, v)
    lines = [line for line in re.split(r"[\n;]+", text) if line.strip()]
    if len(lines) != houses:
        raise AnswerError(f"expected {houses} house lines, found {len(lines)}")
    position = [[-1] * houses for _ in attributes]
    seen_houses = set()
    for line in lines:
        match = _HOUSE_LINE.fullmatch(line)
        if not match:
            raise AnswerError(f"a line must start with a house number: {line[:30]!r}")
        house = int(match.group(1)) - 1
        if not 0 <= house < houses or house in seen_houses:
            raise AnswerError(f"house {house + 1} is not a new house of 1..{houses}")
        seen_houses.add(house)
        words = [w for w in re.split(r"[,\s]+", match.group(2).strip().rstrip(".")) if w]
        if len(words) != len(attributes):
            raise AnswerError(f"house {house + 1} needs {len(attributes)} values")
        for word in words:
            found = lookup.get(word.lower())
            if found is None:
                raise AnswerError(f"{word[:20]!r} is not a value of this puzzle")
            a, v = found
            if position[a][v] != -1:
                raise AnswerError(f"{word} is placed twice")
            position[a][v] = house
    for a, (category, _) in enumerate(attributes):  # each house holds one value of each
        if sorted(position[a]) != list(range(houses)):
            raise AnswerError(f"every house needs exactly one {category}")
    return position
