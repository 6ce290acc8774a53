"""ProgramCounterexample: an input on which two small integer programs return different values.

The prompt shows two functions ``f(x, y)`` and ``g(x, y)`` written in a small Python-like
language (assignments of linear integer expressions, ``if``/``else`` on comparisons, one
``return``), where ``g`` is ``f`` with one small change (a constant moved by one or two, a
strict comparison made non-strict), and the inputs' range ``-B <= x, y <= B``. The programs
differ on at least one input in that range, and on few of them: generation evaluates both
on the whole grid (vectorised with numpy) and keeps pairs that differ on between one input
and about 2% of the grid, none of them at ``x = y = 0``. Any input in range where they
differ is accepted: the check runs both programs on it (an interpreter over the programs'
syntax trees, never ``eval``).

Answer syntax: ``x = 3, y = -5``.

Knobs: ``statements`` (assignments and branches before the return, 2 -> 6) and ``bound``
(the inputs' range, 10 -> 40). Difficulty raises both; the oracle answer is the first
differing input in order of ``(|x| + |y|, x, y)``.
"""

from __future__ import annotations

import math
import random
import re
from typing import Any, ClassVar

import numpy as np

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem

Node = Any
COMPARISONS = ("<", "<=", ">", ">=", "==", "!=")
_ANSWER = re.compile(r"\(?\s*(?:x\s*=\s*)?(-?\d{1,6})\s*,\s*(?:y\s*=\s*)?(-?\d{1,6})\s*\)?")
LOCALS = "abc"


def run(program: list, x: Any, y: Any) -> Any:
    """The program's return value at ``x, y`` (numpy arrays of inputs evaluate the whole
    grid at once; branches merge with ``np.where``)."""
    env = {"x": x, "y": y}
    for name in LOCALS:
        env[name] = x * 0
    return _block(program, env)


def _block(statements: list, env: dict) -> Any:
    for stmt in statements:
        if stmt[0] == "set":
            env[stmt[1]] = _expr(stmt[2], env)
        elif stmt[0] == "if":
            mask = _cond(stmt[1], env)
            then_env, else_env = dict(env), dict(env)
            _block(stmt[2], then_env)
            _block(stmt[3], else_env)
            for name, old in env.items():
                # unchanged in both branches (by identity, so equal small ints that Python
                # shares are never mistaken for an unchanged value): nothing to merge
                if then_env[name] is not old or else_env[name] is not old:
                    env[name] = np.where(mask, then_env[name], else_env[name])
        else:
            return _expr(stmt[1], env)
    return None  # a branch's block: no return inside


def _expr(node: Node, env: dict) -> Any:
    kind = node[0]
    if kind == "const":
        return node[1]
    if kind == "var":
        return env[node[1]]
    if kind == "scale":
        return node[1] * _expr(node[2], env)
    left, right = _expr(node[1], env), _expr(node[2], env)
    return left + right if kind == "add" else left - right


def _cond(node: Node, env: dict) -> Any:
    left, right = _expr(node[1], env), _expr(node[2], env)
    op = node[0]
    if op == "<":
        return left < right
    if op == "<=":
        return left <= right
    if op == ">":
        return left > right
    if op == ">=":
        return left >= right
    if op == "==":
        return left == right
    return left != right


def show_expr(node: Node) -> str:
    kind = node[0]
    if kind == "const":
        return str(node[1])
    if kind == "var":
        return node[1]
    if kind == "scale":
        inner = show_expr(node[2])
        return (
            f"{node[1]} * {inner}" if node[2][0] in ("var", "const") else f"{node[1]} * ({inner})"
        )
    right = node[2]
    text = show_expr(right)
    if right[0] == "const" and right[1] < 0:
        return f"{show_expr(node[1])} {'-' if kind == 'add' else '+'} {-right[1]}"
    if kind == "sub" and right[0] in ("add", "sub"):
        text = f"({text})"
    return f"{show_expr(node[1])} {'+' if kind == 'add' else '-'} {text}"


def show_program(name: str, program: list) -> str:
    lines = [f"def {name}(x, y):"]

    def block(statements: list, indent: int) -> None:
        pad = "    " * indent
        for stmt in statements:
            if stmt[0] == "set":
                lines.append(f"{pad}{stmt[1]} = {show_expr(stmt[2])}")
            elif stmt[0] == "if":
                cond = stmt[1]
                lines.append(f"{pad}if {show_expr(cond[1])} {cond[0]} {show_expr(cond[2])}:")
                block(stmt[2], indent + 1)
                if stmt[3]:
                    lines.append(f"{pad}else:")
                    block(stmt[3], indent + 1)
            else:
                lines.append(f"{pad}return {show_expr(stmt[1])}")

    block(program, 1)
    return "\n".join(lines)


def _random_expr(rng: random.Random, names: list[str]) -> Node:
    name = rng.choice(names)
    first: Node = ("var", name)
    if rng.random() < 0.3:
        first = ("scale", rng.choice((2, 3, -2)), first)
    roll = rng.random()
    if roll < 0.4:
        return ("add", first, ("const", rng.randint(-9, 9) or 1))
    if roll < 0.8:
        other: Node = ("var", rng.choice([n for n in names if n != name] or names))
        return (rng.choice(("add", "sub")), first, other)
    return first


def random_program(rng: random.Random, statements: int) -> list:
    """Assignments to a, b, c and branches on comparisons, then a return."""
    names = ["x", "y"]
    program: list = []
    for i in range(statements):
        target = LOCALS[i % len(LOCALS)]  # each local is written once before any rewrite
        if rng.random() < 0.45:
            cond = (
                rng.choice(COMPARISONS[:5]),
                _random_expr(rng, names),
                ("const", rng.randint(-9, 9)),
            )
            then = [("set", target, _random_expr(rng, names))]
            if then[0][2] == ("var", target):  # a = a
                then = [("set", target, ("add", ("var", target), ("const", rng.randint(1, 9))))]
            other = [("set", target, _random_expr(rng, names))] if rng.random() < 0.5 else []
            program.append(("if", cond, then, other))
        else:
            program.append(("set", target, _random_expr(rng, names)))
        if target not in names:
            names.append(target)
    written = [n for n in names if n in LOCALS]
    result: Node = ("var", written[-1])
    if len(written) > 1:
        result = (rng.choice(("add", "sub")), result, ("var", rng.choice(written[:-1])))
    program.append(("return", result))
    return program


def _sites(node: Node, path: tuple = ()) -> list[tuple]:
    """Paths to every constant and comparison operator in a program tree."""
    found = []
    if isinstance(node, tuple) and node and node[0] == "const":
        return [(*path, "const")]
    if isinstance(node, tuple) and node and node[0] in COMPARISONS:
        found.append((*path, "op"))
    if isinstance(node, (list, tuple)):
        for i, child in enumerate(node):
            if isinstance(child, (list, tuple)):
                found += _sites(child, (*path, i))
    return found


def _mutate(node: Node, path: tuple, change: Any) -> Node:
    if path[0] in ("const", "op"):
        return change(node)
    children = list(node)
    children[path[0]] = _mutate(node[path[0]], path[1:], change)
    return children if isinstance(node, list) else tuple(children)


def mutant(rng: random.Random, program: list) -> list:
    """``program`` with one constant moved by 1 or 2, or one comparison loosened or
    tightened (< and <=, > and >=, == and <=, ...)."""
    sites = _sites(program)
    if not sites:
        return program
    # a changed comparison moves a boundary: the programs then differ on a thin band
    guards = [site for site in sites if site[1] == 1 and program[site[0]][0] == "if"]
    path = rng.choice(guards if guards and rng.random() < 0.7 else sites)
    if path[-1] == "const":
        delta = rng.choice((-2, -1, 1, 2))
        return _mutate(program, path, lambda c: ("const", c[1] + delta))
    swaps = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": rng.choice(("<=", ">=")),
             "!=": rng.choice(("<", ">"))}  # fmt: skip
    return _mutate(program, path, lambda c: (swaps[c[0]], c[1], c[2]))


def read_input(answer: str) -> tuple[int, int]:
    match = _ANSWER.fullmatch(answer.strip())
    if match is None:
        raise ValueError("expected x = <integer>, y = <integer>")
    return int(match.group(1)), int(match.group(2))


class ProgramCounterexample(Family):
    """An input where two nearly identical integer programs disagree."""

    knobs: ClassVar[dict[str, Knob]] = {
        "statements": Knob("int", 1, 8, default=4, easy=2, hard=6, doc="statements"),
        "bound": Knob("int", 5, 60, default=25, easy=10, hard=40, doc="input range -B..B"),
    }
    answer_syntax = "the input as x = <integer>, y = <integer>"
    answer_form = "an input pair"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        bound, count = int(knobs["bound"]), int(knobs["statements"])
        axis = np.arange(-bound, bound + 1, dtype=np.int32)
        xs, ys = np.meshgrid(axis, axis, indexing="ij")
        limit = max(2, int(0.02 * xs.size))
        found = 0
        while not found:
            first = random_program(rng, count)
            values = run(first, xs, ys)
            for _ in range(3):  # a few mutants of each program: f runs once for all of them
                second = mutant(rng, first)
                differ = values != run(second, xs, ys)
                found = int(differ.sum())
                if 1 <= found <= limit and not differ[bound, bound]:
                    break
                found = 0
        points = sorted(
            (abs(int(a)) + abs(int(b)), int(a), int(b))
            for a, b in zip(xs[differ], ys[differ], strict=True)
        )
        _, x, y = points[0]
        question = (
            "These two functions take integers x and y with "
            f"-{bound} <= x <= {bound} and -{bound} <= y <= {bound} (a, b and c start at 0; "
            "arithmetic is on unbounded integers):\n\n"
            f"{show_program('f', first)}\n\n{show_program('g', second)}\n\n"
            "They return different values for at least one such input. Find one: an input "
            "(x, y) in the range where f(x, y) != g(x, y), written like x = 11, y = -7."
        )
        meta = {"f": _json(first), "g": _json(second), "bound": bound, "differ": found,
                "cells": int(xs.size)}  # fmt: skip
        return Draft(question, f"x = {x}, y = {y}", meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            x, y = read_input(answer)
        except ValueError as exc:
            return Judgement.unparsable(str(exc))
        bound = problem.meta["bound"]
        if not (-bound <= x <= bound and -bound <= y <= bound):
            return Judgement.wrong(why="the input is outside the stated range")
        first, second = problem.meta["f"], problem.meta["g"]  # lists read like the tuples
        if run(first, x, y) != run(second, x, y):
            return Judgement.right()
        return Judgement.wrong(why=f"f and g both return {run(first, x, y)} there")

    def complexity(self, problem: Problem) -> float:
        """Syntax-tree nodes of f times log2 of the inputs in range: program to trace times
        the search space to cover."""
        return _nodes(problem.meta["f"]) * math.log2(problem.meta["cells"])


def _nodes(node: Any) -> int:
    if isinstance(node, (list, tuple)):
        return 1 + sum(_nodes(child) for child in node)
    return 0


def _json(node: Node) -> Any:
    """Tuples as lists, for the problem's JSON meta."""
    if isinstance(node, (list, tuple)):
        return [_json(child) for child in node]
    return node
