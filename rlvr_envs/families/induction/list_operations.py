"""The list-function library: operations on lists of integers that the list families state.

Each operation is (name, description, function on a tuple of ints). Lists are tuples so
that the enumeration in :mod:`rlvr_envs.families.induction.compositions` can merge equal
values. :func:`draw_list_problem` draws a hidden composition, a query and examples until
every composition of the library that fits the examples agrees on the query (and, for
the program family, on hidden inputs too).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rlvr_envs.families.induction.compositions import (
    Invariant,
    Operation,
    Program,
    pin_examples,
    run,
)

IntList = tuple[int, ...]


def _swap_pairs(xs: IntList) -> IntList:
    out = list(xs)
    for i in range(0, len(out) - 1, 2):
        out[i], out[i + 1] = out[i + 1], out[i]
    return tuple(out)


def _running_sums(xs: IntList) -> IntList:
    out, total = [], 0
    for x in xs:
        total += x
        out.append(total)
    return tuple(out)


LIBRARY: list[tuple[str, str, Callable[[IntList], IntList]]] = [
    ("reverse", "reverse the order of the list", lambda xs: xs[::-1]),
    ("sort", "sort in ascending order", lambda xs: tuple(sorted(xs))),
    ("sort_desc", "sort in descending order", lambda xs: tuple(sorted(xs, reverse=True))),
    ("unique", "remove repeated elements, keeping each first occurrence",
     lambda xs: tuple(dict.fromkeys(xs))),
    ("evens", "keep only the even elements", lambda xs: tuple([x for x in xs if not x % 2])),
    ("odds", "keep only the odd elements", lambda xs: tuple([x for x in xs if x % 2])),
    ("drop_first", "remove the first element (an empty list stays empty)", lambda xs: xs[1:]),
    ("drop_last", "remove the last element (an empty list stays empty)", lambda xs: xs[:-1]),
    ("take_3", "keep the first three elements (all of a shorter list)", lambda xs: xs[:3]),
    ("rotate_left", "move the first element to the end", lambda xs: xs[1:] + xs[:1]),
    ("rotate_right", "move the last element to the front", lambda xs: xs[-1:] + xs[:-1]),
    ("swap_pairs", "swap the 1st and 2nd elements, the 3rd and 4th, and so on", _swap_pairs),
    ("add_1", "add 1 to every element", lambda xs: tuple([x + 1 for x in xs])),
    ("add_2", "add 2 to every element", lambda xs: tuple([x + 2 for x in xs])),
    ("add_3", "add 3 to every element", lambda xs: tuple([x + 3 for x in xs])),
    ("double", "multiply every element by 2", lambda xs: tuple([2 * x for x in xs])),
    ("running_sum", "replace each element by the sum of it and all elements before it",
     _running_sums),
    ("append_sum", "append the sum of the list at the end", lambda xs: (*xs, sum(xs))),
]  # fmt: skip
OPS: list[Operation] = [(name, fn) for name, _, fn in LIBRARY]
NAMES: dict[str, int] = {name: i for i, (name, _, _) in enumerate(LIBRARY)}
_REORDER = ("reverse", "sort", "sort_desc", "rotate_left", "rotate_right", "swap_pairs")
_SAME_LENGTH = (*_REORDER, "add_1", "add_2", "add_3", "double", "running_sum")
INVARIANTS: list[Invariant] = [
    (len, frozenset(NAMES[n] for n in _SAME_LENGTH)),
    (lambda xs: tuple(sorted(xs)), frozenset(NAMES[n] for n in _REORDER)),
]


def library_text() -> str:
    """The library as the prompt states it, one operation a line."""
    return "\n".join(f"  {name}: {doc}" for name, doc, _ in LIBRARY)


def show(xs: IntList) -> str:
    return "[" + ", ".join(map(str, xs)) + "]"


def draw_list(rng: random.Random, length: int) -> IntList:
    size = rng.randint(max(2, length - 2), length)
    return tuple(rng.randint(0, 9) for _ in range(size))


def draw_list_problem(
    rng: random.Random,
    depth: int,
    length: int,
    at_least: int,
    hidden: int = 0,
    pool_size: int = 10,
) -> tuple[Program, list[tuple[IntList, IntList]], list[IntList], list[Program]]:
    """A hidden program of exactly ``depth`` operations, the shown examples and the queries
    (one test input, then ``hidden`` hidden inputs) on which every program of at most
    ``depth`` operations that fits the examples agrees with it; with those programs.

    Queries are never examples and their outputs differ from every list the prompt shows
    (the test input and each example's input and output), so no copy is right. No program
    of fewer than ``depth`` operations fits the examples, so ``depth`` measures the rule.
    """
    while True:
        target = tuple(rng.randrange(len(OPS)) for _ in range(depth))
        queries = [draw_list(rng, length) for _ in range(1 + hidden)]
        outs = [run(OPS, target, q) for q in queries]
        if outs[0] == queries[0] or not outs[0]:
            continue
        pool = [draw_list(rng, length) for _ in range(pool_size)]
        if any(x in queries for x in pool):
            continue
        pinned = pin_examples(OPS, depth, target, pool, queries, at_least, INVARIANTS)
        if pinned is None:
            continue
        examples, programs = pinned
        if any(len(p) < depth for p in programs):
            continue
        shown = {queries[0], *(x for pair in examples for x in pair)}
        if outs[0] in shown or any(x == y for x, y in examples):
            continue
        return target, examples, queries, programs
