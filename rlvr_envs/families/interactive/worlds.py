"""Generated worlds behind the tool-use families: documents about invented towns, searched
by keyword (DocumentSearchTool, SearchCalculateTool).

A world is a pure function of (seed, size, digits): town ``i``'s document is drawn from an
RNG seeded with (seed, i), so a generator reads the one or two documents its question needs
without building the rest, and the search tool rebuilds the whole world (cached) when it is
called. Town names and founders' names are distinct by construction (a seeded bijection of
the town's index onto syllables), so every question has one answer.
"""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass

_FIRST = ("vel", "tor", "ash", "mir", "bran", "cal", "dun", "esk", "fal", "gor", "hal", "ith",
          "kel", "lom", "nar", "ost")  # fmt: skip
_MIDDLE = ("a", "e", "i", "o", "u", "ar", "en", "il", "or", "um", "ay", "ew", "is", "on", "ur",
           "ae")  # fmt: skip
_LAST = ("mora", "wick", "dale", "holt", "ford", "mere", "stead", "by")
_GIVEN = ("Ada", "Bram", "Cora", "Dov", "Edda", "Finn", "Greta", "Hal", "Ines", "Jory", "Kira",
          "Lorn", "Mina", "Nils", "Orla", "Pim", "Quin", "Rhea", "Sten", "Tova", "Ulf", "Vera",
          "Wren", "Xan", "Yara", "Zev", "Alba", "Bo", "Cai", "Dara", "Emil", "Fern")  # fmt: skip
_FAMILY = ("Brenn", "Castor", "Dahl", "Eld", "Farrow", "Grist", "Hollis", "Ivers", "Jessop",
           "Kade", "Lisle", "Morrow", "Nye", "Oakes", "Pell", "Quarry", "Rook", "Sallow",
           "Thorne", "Umber", "Vance", "Wold", "Yates", "Zeller", "Aster", "Birch", "Crane",
           "Dunmore", "Esker", "Flint", "Gale", "Hythe")  # fmt: skip
_RIVERS = ("Amber", "Blackwater", "Coldbrook", "Silverrun", "Greywash", "Redfen", "Longmere",
           "Swift", "Otterburn", "Stillwater", "Highrill", "Mossflow")  # fmt: skip
_GOODS = ("pottery", "wool", "cider", "glass", "rope", "cheese", "lanterns", "barrels",
          "saddles", "bells", "honey", "slate")  # fmt: skip
TOWNS = len(_FIRST) * len(_MIDDLE) * len(_LAST)  # 2048 distinct names
PEOPLE = len(_GIVEN) * len(_FAMILY)  # 1024 distinct names
_WORD = re.compile(r"[a-z0-9]+")


def _bijection(seed: int, index: int, size: int) -> int:
    """A seeded permutation of range(size) (size a power of two): an odd multiplier."""
    multiplier, offset = _affine(seed, size)
    return (index * multiplier + offset) % size


@functools.lru_cache(maxsize=256)
def _affine(seed: int, size: int) -> tuple[int, int]:
    rng = random.Random(seed)
    return rng.randrange(1, size, 2), rng.randrange(size)


def town_name(seed: int, index: int) -> str:
    code = _bijection(seed, index, TOWNS)
    first, rest = divmod(code, len(_MIDDLE) * len(_LAST))
    middle, last = divmod(rest, len(_LAST))
    return (_FIRST[first] + _MIDDLE[middle] + _LAST[last]).capitalize()


def person_name(seed: int, index: int) -> str:
    given, family = divmod(_bijection(seed + 1, index, PEOPLE), len(_FAMILY))
    return f"{_GIVEN[given]} {_FAMILY[family]}"


@dataclass(frozen=True)
class Town:
    """One town's facts and its document."""

    index: int
    name: str
    founder: str
    year: int
    river: str
    goods: str
    twin: str
    twin_index: int
    harvest: int

    def document(self) -> str:
        return (
            f"{self.name} was founded in {self.year} by {self.founder}. It lies on the "
            f"{self.river} river and is known for its {self.goods}. Its twin town is "
            f"{self.twin}. Last year {self.name} harvested {self.harvest} bushels of grain."
        )


def town(seed: int, size: int, digits: int, index: int) -> Town:
    """Town ``index`` of the world (seed, size, digits): a pure function of its arguments."""
    rng = random.Random(f"{seed}:{index}")
    twin = rng.randrange(size - 1)
    twin += twin >= index
    return Town(
        index=index,
        name=town_name(seed, index),
        founder=person_name(seed, index),
        year=rng.randint(1150, 1899),
        river=rng.choice(_RIVERS),
        goods=rng.choice(_GOODS),
        twin=town_name(seed, twin),
        twin_index=twin,
        harvest=rng.randint(10 ** (digits - 1), 10**digits - 1),
    )


@functools.lru_cache(maxsize=64)
def world(seed: int, size: int, digits: int) -> tuple[Town, ...]:
    """Every town of the world, in index order (cached: the search tool rebuilds it)."""
    return tuple(town(seed, size, digits, i) for i in range(size))


@functools.lru_cache(maxsize=64)
def _indexed(seed: int, size: int, digits: int) -> tuple[tuple[int, str, frozenset, str], ...]:
    """(index, lower-case name, words, document) of every town, for the search tool."""
    return tuple(
        (t.index, t.name.lower(), frozenset(_WORD.findall(t.document().lower())), t.document())
        for t in world(seed, size, digits)
    )


def search(seed: int, size: int, digits: int, query: str, limit: int = 3) -> str:
    """The search tool's reply: the ``limit`` documents that share most words with ``query``
    (a document whose town the query names first), as ``doc N: text`` lines."""
    words = set(_WORD.findall(query.lower()))
    if not words:
        return "No documents match an empty query."
    scored = []
    for index, name, found, text in _indexed(seed, size, digits):
        score = len(words & found) + 2 * (name in words)
        if score:
            scored.append((-score, index, text))
    if not scored:
        return "No documents match."
    scored.sort()
    return "\n".join(f"doc {index}: {text}" for _, index, text in scored[:limit])
