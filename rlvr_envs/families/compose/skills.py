"""Typed skills and the chains built from them: the core of the compose domain.

A **skill** is a function with a declared input type and output type, plus a noun phrase
that says in words what it computes (``"the sum of the decimal digits of {x}"``). The types
are ``int``, ``rational``, ``str``, ``list[int]``, ``graph`` and ``grid`` (:data:`TYPES`). A
**link** is a skill with its parameters bound (``{x} plus 7``); a **chain** is a start value
and links whose types line up: the output type of link *i* is the input type of link *i+1*
(:func:`typecheck` raises :class:`ChainTypeError` otherwise). The problem asks for the last
value; the values in between are the intermediate answers.

This is the composition construction of Yuan et al. 2025, "From f(x) and g(x) to f(g(x)):
LLMs learn new skills in RL by composing old ones" (string functions composed to depth
``n``), generalised to typed links across families, and, with word problems as links, the
chaining of Motwani et al. 2025, "h1: bootstrapping LLMs to reason over longer horizons via
reinforcement learning" (each sub-problem's answer is an input of the next).

**No shortcuts** (:func:`shortcut`), enforced when a chain is built (:func:`build_chain`,
bounded retries):

* *no link is skippable*: removing any non-empty set of links such that the rest still
  type-checks gives a different final answer (or no answer at all), so neither a single
  link nor a group that cancels out (``reverse`` twice, ``+3`` then ``-3``) can be skipped;
* *a wrong intermediate step gives a wrong final answer*: replacing any intermediate value by
  its type's canonical near miss (:func:`near_miss`: an integer or rational plus one, a
  string whose first character is replaced by the next of the string's own characters, a
  list with its first element plus one, a graph with the edge 1-2 toggled, a grid with its
  top-left cell toggled) and finishing the chain gives a different final answer. This also
  rejects links whose output hardly depends on their input (the number of different
  characters of a binary string, the length of a rotated word).

Both checks compare the *rendered* answers, so ``5`` (an int) and ``5/1`` (a rational) count
as the same answer. A prefix that has a shortcut makes every longer chain have one, so the
builder checks each prefix as it grows and backtracks early.

**Held-out skill pairs.** :func:`held_out_pair` splits the ordered pairs of skill names
once and for all (a stable hash, one pair in four held out), so a suite can train on chains
whose adjacent pairs are all seen and evaluate on chains whose adjacent pairs are all unseen.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rlvr_envs.answers import is_hedged
from rlvr_envs.core import stable_seed

INT, RATIONAL, STR, INT_LIST, GRAPH, GRID = "int", "rational", "str", "list[int]", "graph", "grid"

MAX_INT = 10**6
MAX_DEN = 10**4
MAX_STR = 40
MAX_LIST = 12
MAX_VERTICES = 12
MAX_GRID = 6
_ALNUM = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
PAIR_SPLITS = ("any", "train", "heldout")
HELD_OUT_EVERY = 4  # one ordered pair of skills in four is held out


class ChainTypeError(TypeError):
    """A link's input type is not the type of the value it receives."""


class Undefined(ValueError):
    """A skill is not defined at this input (division by zero, a graph too large, ...)."""


@dataclass(frozen=True)
class Graph:
    """A simple undirected graph on vertices ``1..n``; edges ``(u, v)`` with ``u < v``, sorted."""

    n: int
    edges: tuple[tuple[int, int], ...]

    @classmethod
    def from_edges(cls, n: int, edges: Iterable[tuple[int, int]]) -> Graph:
        return cls(n, tuple(sorted({(min(u, v), max(u, v)) for u, v in edges if u != v})))

    def neighbours(self) -> list[list[int]]:
        """Adjacency lists indexed by vertex (index 0 unused)."""
        adjacency: list[list[int]] = [[] for _ in range(self.n + 1)]
        for u, v in self.edges:
            adjacency[u].append(v)
            adjacency[v].append(u)
        return adjacency


Grid = tuple[tuple[int, ...], ...]


# -- values of each type ------------------------------------------------------------------


def fits(type_name: str, value: Any) -> bool:
    """True when ``value`` is a well-formed, small enough value of ``type_name``.

    The bounds keep every chain cheap to compute and every answer short: integers in
    ``0..10**6``, rationals with numerator and denominator bounded, strings of 1..40
    letters and digits that do not read as a hedge ("or", "maybe"), lists of 1..12 integers,
    graphs on at most 12 vertices, grids of at most 6 x 6 cells.
    """
    if type_name == INT:
        return type(value) is int and 0 <= value <= MAX_INT
    if type_name == RATIONAL:
        return (
            isinstance(value, Fraction)
            and abs(value.numerator) <= MAX_INT
            and value.denominator <= MAX_DEN
        )
    if type_name == STR:
        return (
            isinstance(value, str)
            and 1 <= len(value) <= MAX_STR
            and _ALNUM.issuperset(value)
            and not is_hedged(value)
        )
    if type_name == INT_LIST:
        return (
            isinstance(value, tuple)
            and 1 <= len(value) <= MAX_LIST
            and all(type(v) is int and abs(v) <= MAX_INT for v in value)
        )
    if type_name == GRAPH:
        return isinstance(value, Graph) and 1 <= value.n <= MAX_VERTICES
    if type_name == GRID:
        return (
            isinstance(value, tuple)
            and 1 <= len(value) <= MAX_GRID
            and all(isinstance(row, tuple) and len(row) == len(value[0]) for row in value)
            and 1 <= len(value[0]) <= MAX_GRID
        )
    raise ValueError(f"unknown value type {type_name!r}")


ANSWERABLE = (INT, RATIONAL, STR, INT_LIST)  # types a final or intermediate answer may have


def render(type_name: str, value: Any) -> str:
    """The answer text of a value: ``7``, ``7/3``, ``aBc3``, ``[1, 2, 3]``.

    Graphs and grids are never asked for; they render as a description for logs only.
    """
    if type_name == INT:
        return str(value)
    if type_name == RATIONAL:
        if value.denominator == 1:
            return str(value.numerator)
        return f"{value.numerator}/{value.denominator}"
    if type_name == STR:
        return value
    if type_name == INT_LIST:
        return "[" + ", ".join(str(v) for v in value) + "]"
    if type_name == GRAPH:
        return f"graph(n={value.n}, edges={[list(e) for e in value.edges]})"
    if type_name == GRID:
        return "/".join("".join(str(c) for c in row) for row in value)
    raise ValueError(f"unknown value type {type_name!r}")


def literal(type_name: str, value: Any) -> str:
    """How a value is written inside a prompt: strings in double quotes, the rest as answers."""
    return f'"{value}"' if type_name == STR else render(type_name, value)


def _advance(char: str) -> str:
    for alphabet in ("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789"):
        index = alphabet.find(char)
        if index != -1:
            return alphabet[(index + 1) % len(alphabet)]
    return char


def near_miss(type_name: str, value: Any) -> Any:
    """The canonical wrong value next to ``value``: what one slip in a step produces.

    A string's first character becomes the next (in code-point order, cyclically) of the
    characters the string contains, so a binary string stays binary and a word keeps its
    letters; a string of one repeated character gets its first character advanced.
    """
    if type_name in (INT, RATIONAL):
        return value + 1
    if type_name == STR:
        alphabet = sorted(set(value))
        if len(alphabet) == 1:
            return _advance(value[0]) + value[1:]
        return alphabet[(alphabet.index(value[0]) + 1) % len(alphabet)] + value[1:]
    if type_name == INT_LIST:
        return (value[0] + 1, *value[1:])
    if type_name == GRAPH:
        if value.n < 2:
            return Graph(value.n + 1, value.edges)
        edges = set(value.edges) ^ {(1, 2)}
        return Graph.from_edges(value.n, edges)
    if type_name == GRID:
        first = (1 - value[0][0], *value[0][1:])
        return (first, *value[1:])
    raise ValueError(f"unknown value type {type_name!r}")


# -- skills, links, chains ----------------------------------------------------------------

ParamSampler = Callable[[random.Random, Any, int], "dict[str, Any] | None"]


def no_params(rng: random.Random, value: Any, level: int) -> dict[str, Any]:
    """The sampler of a skill without parameters."""
    return {}


@dataclass(frozen=True)
class Skill:
    """A typed function with a description in words.

    ``text`` is a noun phrase naming the output, with ``{x}`` for the input and one
    ``{name}`` per parameter (``"{x} with its first {k} characters moved to the end"``).
    ``fn(value, **params)`` computes the output and raises :class:`Undefined` (or any
    ``ValueError``/``ArithmeticError``/``IndexError``) where it is not defined. ``params``
    draws parameters that suit an input value at a per-link difficulty ``level`` (1..3),
    or returns None when the skill does not apply to that value. ``weight`` is the skill's
    share of a problem's measured complexity; ``min_level`` the lowest level that uses it.
    """

    name: str
    area: str
    source: str
    target: str
    text: str
    fn: Callable[..., Any]
    params: ParamSampler = no_params
    weight: float = 1.0
    min_level: int = 1

    def describe(self, x: str, params: dict[str, Any]) -> str:
        """The noun phrase for this skill applied to the input named (or written) ``x``."""
        return self.text.format(x=x, **params)


@dataclass(frozen=True)
class Link:
    """A skill with its parameters bound."""

    skill: Skill
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.skill.name

    def apply(self, value: Any) -> Any:
        return self.skill.fn(value, **self.params)

    def describe(self, x: str) -> str:
        return self.skill.describe(x, self.params)

    def to_json(self) -> dict[str, Any]:
        return {"skill": self.skill.name, "params": dict(self.params)}

    def key(self) -> str:
        """A stable identity of the bound function (skill and parameters)."""
        return repr((self.skill.name, sorted(self.params.items())))


def typecheck(start_type: str, links: Sequence[Link]) -> list[str]:
    """The type of every value of the chain (start first); raises ChainTypeError if a link's
    input type is not the type of the value it receives."""
    types = [start_type]
    for i, link in enumerate(links):
        if link.skill.source != types[-1]:
            raise ChainTypeError(
                f"link {i + 1} ({link.name}) takes {link.skill.source}, but receives {types[-1]}"
            )
        types.append(link.skill.target)
    return types


def _well_typed(start_type: str, links: Sequence[Link]) -> bool:
    current = start_type
    for link in links:
        if link.skill.source != current:
            return False
        current = link.skill.target
    return True


def run(start_type: str, start: Any, links: Sequence[Link]) -> list[Any] | None:
    """Every value after the start (one per link), or None where a link is undefined or a
    value leaves its type's bounds. The links must type-check from ``start_type``."""
    values, value, current = [], start, start_type
    for link in links:
        try:
            value = link.apply(value)
        except (ValueError, ArithmeticError, IndexError, KeyError, OverflowError):
            return None
        current = link.skill.target
        if not fits(current, value):
            return None
        values.append(value)
    return values


def final_text(start_type: str, start: Any, links: Sequence[Link]) -> str | None:
    """The rendered final answer of a chain, or None when it is undefined or not answerable."""
    if not links:
        return render(start_type, start) if start_type in ANSWERABLE else None
    values = run(start_type, start, links)
    target = links[-1].skill.target
    if values is None or target not in ANSWERABLE:
        return None
    return render(target, values[-1])


def shortcut(start_type: str, start: Any, links: Sequence[Link], values: Sequence[Any]) -> str:
    """Why the chain has a shortcut ('' when it has none); see the module docstring.

    ``values`` are the chain's values after each link (``run``'s result). A chain whose last
    value is not answerable has no answer to protect, so only its prefixes matter.
    """
    n = len(links)
    target = links[-1].skill.target if links else start_type
    if target not in ANSWERABLE:
        return ""
    answer = render(target, values[-1])
    for mask in range(1, 2**n):
        kept = [link for i, link in enumerate(links) if not mask >> i & 1]
        if not _well_typed(start_type, kept):
            continue
        if final_text(start_type, start, kept) == answer:
            skipped = [i + 1 for i in range(n) if mask >> i & 1]
            return f"skipping link(s) {skipped} gives the same answer {answer!r}"
    types = typecheck(start_type, links)
    for i in range(n - 1):
        wrong = near_miss(types[i + 1], values[i])
        if fits(types[i + 1], wrong) and final_text(types[i + 1], wrong, links[i + 1 :]) == answer:
            return f"a near miss after link {i + 1} gives the same answer {answer!r}"
    return ""


def held_out_pair(first: str, second: str) -> bool:
    """True when the ordered pair of skills (``first`` then ``second``) is held out.

    One pair in :data:`HELD_OUT_EVERY`, chosen by a stable hash of the two names, so the
    split is the same on every machine, in every process and for every family.
    """
    return stable_seed("rlvr-compose-pairs", first, second) % HELD_OUT_EVERY == 0


def pair_allowed(split: str, first: str | None, second: str) -> bool:
    """Whether ``second`` may follow ``first`` in a chain drawn for ``split``.

    ``any``: always; ``train``: only pairs that are not held out; ``heldout``: only held-out
    pairs. The first link of a chain has no pair (``first`` is None) and is always allowed.
    """
    if first is None or split == "any":
        return True
    return held_out_pair(first, second) == (split == "heldout")


@dataclass
class Chain:
    """A start value, its links and the values they compute (one per link)."""

    start_type: str
    start: Any
    links: list[Link]
    values: list[Any]

    @property
    def types(self) -> list[str]:
        """The type of every value after the start."""
        return typecheck(self.start_type, self.links)[1:]

    @property
    def answer(self) -> str:
        return render(self.types[-1], self.values[-1])

    def steps(self) -> list[str | None]:
        """The rendered intermediate values (links 1..n-1); None where not answerable."""
        return [
            render(t, v) if t in ANSWERABLE else None
            for t, v in zip(self.types[:-1], self.values[:-1])
        ]

    def pairs(self) -> list[list[str]]:
        """The adjacent pairs of skill names, in order."""
        names = [link.name for link in self.links]
        return [[a, b] for a, b in itertools.pairwise(names)]

    def to_json(self) -> dict[str, Any]:
        """The chain as plain JSON for a problem's meta."""
        return {
            "start_type": self.start_type,
            "start": literal(self.start_type, self.start),
            "links": [link.to_json() for link in self.links],
            "types": self.types,
            "steps": self.steps(),
        }


class BuildFailed(RuntimeError):
    """No shortcut-free chain was found within the retry bound (a bug in a skill table)."""


Candidates = Callable[[str, "str | None", int], Sequence[Skill]]


def weighted_order(rng: random.Random, skills: Sequence[Skill], previous: Skill | None) -> list:
    """The skills in a random order (weighted sampling without replacement) in which every
    (area, output type) group is equally likely to come first, and a link that stays in the
    previous link's area and type a quarter as likely, so that chains cross families."""
    sizes: dict[tuple[str, str], int] = {}
    for skill in skills:
        group = (skill.area, skill.target)
        sizes[group] = sizes.get(group, 0) + 1
    keyed = []
    for skill in skills:
        weight = 1.0 / sizes[(skill.area, skill.target)]
        if previous is not None and skill.area == previous.area and skill.source == skill.target:
            weight /= 4
        keyed.append((rng.random() ** (1.0 / weight), skill.name, skill))
    keyed.sort(key=lambda item: (-item[0], item[1]))
    return [skill for _, _, skill in keyed]


def build_chain(
    rng: random.Random,
    start: Callable[[random.Random], tuple[str, Any]],
    depth: int,
    candidates: Candidates,
    *,
    level: int = 1,
    split: str = "any",
    restarts: int = 200,
) -> Chain:
    """A random shortcut-free chain of ``depth`` links.

    ``start(rng)`` draws the start (type, value); ``candidates(type, previous_skill_name,
    position)`` lists the skills that may come at ``position`` (0-based) after a value of
    ``type``: the caller restricts the last position to answerable outputs. Links are tried
    in :func:`weighted_order`; each prefix must be shortcut-free. After ``restarts`` failed
    attempts (never seen in the tests) it raises :class:`BuildFailed`.
    """
    if split not in PAIR_SPLITS:
        raise ValueError(f"pair split must be one of {PAIR_SPLITS}, got {split!r}")
    for _ in range(restarts):
        start_type, value = start(rng)
        if not fits(start_type, value):
            continue
        chain = _extend(rng, start_type, value, depth, candidates, level, split)
        if chain is not None:
            return chain
    raise BuildFailed(f"no shortcut-free chain of depth {depth} in {restarts} attempts")


State = tuple[str, Any]  # (type, value)


def _same(a: State, b: State) -> bool:
    if a[0] in ANSWERABLE and b[0] in ANSWERABLE:
        return render(*a) == render(*b)
    return a == b


def _step(link: Link, state: State | None) -> State | None:
    """``link`` applied to a (type, value) state; None when ill-typed or undefined."""
    if state is None or state[0] != link.skill.source:
        return None
    result = run(state[0], state[1], [link])
    return None if result is None else (link.skill.target, result[0])


@dataclass
class _Growing:
    """A chain under construction with what :func:`shortcut` needs, kept incrementally.

    ``skips`` maps a bit mask of skipped links to the state the rest computes (only the
    defined, well-typed ones; mask 0 is the chain itself); ``misses`` holds, for every
    intermediate value, its near miss carried through the later links. Appending a link
    costs one application per entry, instead of re-running every subset.
    """

    links: list[Link]
    values: list[Any]
    skips: dict[int, State]
    misses: list[State | None]

    def extend(self, link: Link) -> _Growing | None:
        """This chain with ``link`` appended, or None if that is undefined or has a shortcut."""
        k = len(self.links)
        full = _step(link, self.skips[0])
        if full is None:
            return None
        skips: dict[int, State] = {0: full}
        for mask, state in self.skips.items():
            skips[mask | 1 << k] = state
            if mask:
                kept = _step(link, state)
                if kept is not None:
                    skips[mask] = kept
        if any(mask and _same(state, full) for mask, state in skips.items()):
            return None
        misses = [_step(link, state) for state in self.misses]
        if k:
            last = self.skips[0]
            wrong = near_miss(last[0], last[1])
            misses.append(_step(link, (last[0], wrong)) if fits(last[0], wrong) else None)
        if any(state is not None and _same(state, full) for state in misses):
            return None
        return _Growing([*self.links, link], [*self.values, full[1]], skips, misses)


def _extend(
    rng: random.Random,
    start_type: str,
    start: Any,
    depth: int,
    candidates: Candidates,
    level: int,
    split: str,
) -> Chain | None:
    growing = _Growing([], [], {0: (start_type, start)}, [])
    for position in range(depth):
        previous = growing.links[-1].skill if growing.links else None
        current_type, current = growing.skips[0]
        options = [
            skill
            for skill in candidates(current_type, previous.name if previous else None, position)
            if skill.min_level <= level
            and pair_allowed(split, previous.name if previous else None, skill.name)
        ]
        for skill in weighted_order(rng, options, previous):
            params = skill.params(rng, current, level)
            if params is None:
                continue
            extended = growing.extend(Link(skill, params))
            if extended is not None:
                growing = extended
                break
        else:
            return None
    return Chain(start_type, start, growing.links, growing.values)


def chain_from_json(data: dict[str, Any], catalog: dict[str, Skill], start: Any) -> Chain:
    """Rebuild a chain from its meta (``Chain.to_json``) and the start value; re-runs and
    type-checks it (tests use this to check every generated chain independently)."""
    links = [Link(catalog[item["skill"]], dict(item["params"])) for item in data["links"]]
    typecheck(data["start_type"], links)
    values = run(data["start_type"], start, links)
    if values is None:
        raise ValueError("the chain is undefined at its own start value")
    return Chain(data["start_type"], start, links, values)


def rational(value: Any) -> Fraction:
    """A parameter stored as ``[p, q]`` (JSON has no fractions) as a Fraction."""
    return Fraction(int(value[0]), int(value[1]))
