"""What the clue puzzles over arrangements share (OrderingChain, SeatingArrangement).

An arrangement of ``n`` people is a permutation: ``pos[person]`` is the person's place (a
rank in an ordering, a seat in a row or around a table). Every arrangement is enumerated once
per ``(n, circular)`` (around a table person 0 is fixed in seat 0, so rotations are one
arrangement) and each clue becomes a bit mask over that list, computed with numpy by
evaluating the clue's predicate on whole columns of places. A clue set then has exactly one
solution when the AND of its masks has exactly one bit set: uniqueness is proved by
exhaustive search over every arrangement, in a few big-integer operations.

The hidden solution is always the identity arrangement (person ``i`` in place ``i``); the
families draw random names for the people, so the identity is no pattern a model can see.
The clue predicates are written once with operators that work both on ints (the checker,
one arrangement) and on numpy columns (the masks, every arrangement).
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from rlvr_envs.families.shared.answer_parsing import AnswerError

Clue = tuple  # (kind, *int arguments)
Holds = Callable[[Clue, Sequence[Any], int], Any]

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")

NAMES = (
    "Alice", "Bob", "Carol", "David", "Emma", "Frank", "Grace", "Henry", "Irene", "Jack",
    "Karen", "Liam", "Maya", "Nora", "Oscar", "Paula", "Quinn", "Ruth", "Sam", "Tina",
    "Victor", "Wendy", "Xavier", "Yara", "Zoe", "Hugo", "Ivy", "Leo", "Mia", "Owen",
)  # fmt: skip


@cache
def places(n: int, circular: bool) -> Any:
    """Every arrangement as a numpy array ``pos[arrangement, person]`` (the identity first)."""
    import numpy as np

    if circular:
        perms = [(0, *p) for p in itertools.permutations(range(1, n))]
    else:
        perms = list(itertools.permutations(range(n)))
    seats = np.array(perms, dtype=np.int8)  # seats[k, place] = person
    return np.argsort(seats, axis=1).astype(np.int16)


_masks: dict[tuple, int] = {}


def mask(clue: Clue, n: int, circular: bool, holds: Holds) -> int:
    """The arrangements where ``clue`` holds, as an int whose bit k is arrangement k."""
    key = (holds.__module__, holds.__qualname__, clue, n, circular)
    found = _masks.get(key)
    if found is None:
        import numpy as np

        table = places(n, circular)
        columns = [table[:, i] for i in range(n)]
        truth = np.asarray(holds(clue, columns, n), dtype=bool)
        packed = np.packbits(truth, bitorder="little").tobytes()
        found = _masks[key] = int.from_bytes(packed, "little")
    return found


@cache
def true_clues(
    n: int, circular: bool, kinds: tuple[str, ...], holds: Holds, every: Callable
) -> tuple[tuple[Clue, int], ...]:
    """Every clue of ``kinds`` (from ``every(n, kind)``) true of the identity, with its mask."""
    identity = list(range(n))
    out = []
    for kind in kinds:
        for clue in every(n, kind):
            if holds(clue, identity, n):
                out.append((clue, mask(clue, n, circular, holds)))
    return tuple(out)


def unique_clue_set(
    rng: random.Random, candidates: Sequence[tuple[Clue, int]], weights: dict[str, float]
) -> list[Clue]:
    """Clues (true of the identity) whose only common solution is the identity, none redundant.

    Each round takes the first rival arrangement the clues so far allow and adds a random
    clue (by kind weight) that rules it out; then every clue the others imply is dropped, in
    random order.
    """
    chosen: list[tuple[Clue, int]] = []
    current = -1  # every arrangement
    while current != 1 and current & ~1:
        rest = current & ~1
        rival = (rest & -rest).bit_length() - 1
        breaking = [(c, m) for c, m in candidates if not m >> rival & 1]
        pick = rng.choices(breaking, weights=[weights[c[0]] for c, _ in breaking])[0]
        chosen.append(pick)
        current &= pick[1]
    order = list(range(len(chosen)))
    rng.shuffle(order)
    keep = [True] * len(chosen)
    for i in order:
        others = -1
        for j, (_, m) in enumerate(chosen):
            if keep[j] and j != i:
                others &= m
        if others == 1:
            keep[i] = False
    clues = [c for (c, _), k in zip(chosen, keep) if k]
    rng.shuffle(clues)
    return clues


def ordinal(k: int) -> str:
    """``first``, ``second``, ... for k = 1, 2, ..."""
    return ORDINALS[k - 1]


_NAME = re.compile(r"[A-Za-z]{1,20}")
_BETWEEN = re.compile(r"[\s,;>\-]*")


def parse_names(text: str, names: Sequence[str], what: str) -> list[int]:
    """Every person's index, in the order written: names separated by whitespace, commas,
    semicolons, ``>`` or ``-``; case is ignored. Each person must appear exactly once."""
    if len(text) > 25 * len(names) + 100:
        raise AnswerError("the answer is far longer than the list of names")
    index = {name.lower(): i for i, name in enumerate(names)}
    found: list[int] = []
    pos = _BETWEEN.match(text).end()
    while pos < len(text):
        match = _NAME.match(text, pos)
        if match is None:
            raise AnswerError(f"expected a name at {text[pos : pos + 20]!r}")
        word = match.group().lower()
        if word not in index:
            raise AnswerError(f"{match.group()!r} is not one of the {what}")
        found.append(index[word])
        if len(found) > len(names):
            raise AnswerError(f"more names than {what}")
        pos = _BETWEEN.match(text, match.end()).end()
    if len(found) != len(names) or len(set(found)) != len(names):
        missing = [names[i] for i in range(len(names)) if i not in found]
        raise AnswerError(
            f"list each of the {len(names)} {what} exactly once"
            + (f" (missing {', '.join(missing)})" if missing else "")
        )
    return found
