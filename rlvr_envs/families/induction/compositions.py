"""Programs as compositions of library operations, and the proof that examples pin one output.

Several induction families state a library of operations and say that the hidden rule
applies at most ``depth`` of them in order. :func:`fitting_programs` enumerates *every*
such composition that maps each shown input to its output, and :func:`pin_examples` adds
examples from a pool until all of them agree on the query inputs: the answer is then the
same under every rule of the stated space that fits the examples, which is the uniqueness
proof those families rely on.

The enumeration runs breadth first on the first example and merges prefixes that reach the
same value, so a library of ~20 operations at depth 3 costs a few thousand operation calls;
the other examples only filter the survivors. Operations return :data:`UNDEFINED` where
they do not apply (the program then does not fit).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

UNDEFINED: Any = None
"""What an operation returns where it is not defined: such a program fits no example."""

Operation = tuple[str, Callable[[Any], Any]]
Program = tuple[int, ...]


def run(ops: Sequence[Operation], program: Program, value: Any) -> Any:
    """``value`` through the operations of ``program`` (indices into ``ops``), in order."""
    for index in program:
        if value is UNDEFINED:
            return UNDEFINED
        value = ops[index][1](value)
    return value


Invariant = tuple[Callable[[Any], Hashable], frozenset[int]]
"""A property of values (``len``) and the operations that never change it: a last
operation that keeps it cannot reach an output whose property differs."""


def fitting_programs(
    ops: Sequence[Operation],
    depth: int,
    examples: Sequence[tuple[Hashable, Hashable]],
    invariants: Sequence[Invariant] = (),
) -> list[Program]:
    """Every composition of at most ``depth`` operations (the empty one included) that maps
    each example's input to its output."""
    first_in, first_out = examples[0]
    goal = [key(first_out) for key, _ in invariants]
    # levels[k]: each value reached by k operations -> the (previous value, operation) edges
    levels: list[dict[Hashable, list[tuple[Hashable, int]]]] = [{first_in: []}]
    hits: list[tuple[int, Hashable, int]] = []  # (level of the previous value, it, operation)
    for level in range(depth):
        reached: dict[Hashable, list[tuple[Hashable, int]]] = {}
        last = level + 1 == depth
        for value in levels[level]:
            skip: set[int] = set()
            for (key, keeps), wanted in zip(invariants, goal):
                if key(value) != wanted:
                    skip |= keeps
            for index, (_, op) in enumerate(ops):
                if last and index in skip:
                    continue
                out = op(value)
                if out is UNDEFINED:
                    continue
                if out == first_out:
                    hits.append((level, value, index))
                if not last:
                    reached.setdefault(out, []).append((value, index))
        levels.append(reached)

    def paths(level: int, value: Hashable) -> list[Program]:
        if level == 0:
            return [()]
        return [(*p, i) for previous, i in levels[level][value] for p in paths(level - 1, previous)]

    found: list[Program] = [()] if first_in == first_out else []
    for level, value, index in hits:
        found += [(*p, index) for p in paths(level, value)]
    return [p for p in found if all(run(ops, p, x) == y for x, y in examples[1:])]


def pin_examples(
    ops: Sequence[Operation],
    depth: int,
    target: Program,
    pool: Sequence[Hashable],
    queries: Sequence[Hashable],
    at_least: int,
    invariants: Sequence[Invariant] = (),
) -> tuple[list[tuple[Hashable, Hashable]], list[Program]] | None:
    """The shortest prefix (at least ``at_least`` long) of ``pool``, as (input, output)
    examples of ``target``, under which every fitting program gives ``target``'s outputs on
    ``queries``; with the programs that fit it. None when the whole pool does not suffice."""
    examples = [(x, run(ops, target, x)) for x in pool]
    if any(y is UNDEFINED for _, y in examples):
        return None
    wanted = [run(ops, target, q) for q in queries]
    programs = fitting_programs(ops, depth, examples[:1], invariants)
    for size in range(1, len(examples) + 1):
        x, y = examples[size - 1]
        programs = [p for p in programs if run(ops, p, x) == y]
        if size >= at_least and all([run(ops, p, q) for q in queries] == wanted for p in programs):
            return examples[:size], programs
    return None
