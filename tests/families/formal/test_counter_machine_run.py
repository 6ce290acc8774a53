"""``rlvr/CounterMachineRun-v0``: the final registers are recomputed by an interpreter
written here from the prompt's program; the named form scores 1, a changed value or order 0."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_grammars import gen, score

ID = "rlvr/CounterMachineRun-v0"


def interpret(prompt: str) -> dict[str, int]:
    lines = dict(re.findall(r"^(\d+): (.+)$", prompt, re.M))
    program = [lines[str(k)].split() for k in range(1, len(lines) + 1)]
    regs = dict((r, int(v)) for r, v in re.findall(r"([a-e]) = (\d+)", prompt))
    pc = 0
    for _ in range(100_000):
        op, *args = program[pc]
        if op == "HALT":
            return regs
        if op == "INC":
            regs[args[0]] += 1
        elif op == "DEC":
            regs[args[0]] = max(0, regs[args[0]] - 1)
        elif op == "JMP" or (op == "JZ" and regs[args[0]] == 0):
            pc = int(args[-1]) - 1
            continue
        pc += 1
    raise AssertionError("no halt")


def test_the_answer_is_the_interpreted_registers():
    for seed in range(40):
        problem = gen(ID, seed, seed / 39)
        regs = interpret(problem.prompt)
        values = list(regs.values())
        assert problem.answer == ", ".join(map(str, values))
        assert score(problem, " ".join(f"{v}," for v in values).rstrip(",")) == 1.0
        named = ", ".join(f"{r} = {v}" for r, v in reversed(list(regs.items())))
        assert score(problem, named) == 1.0
        assert score(problem, ", ".join(str(v + 1) for v in values)) == 0.0
        assert score(problem, ", ".join(map(str, values[:-1]))) == 0.0
        if values != values[::-1]:
            assert score(problem, ", ".join(map(str, values[::-1]))) == 0.0
        start = re.search(r"start as (.+?)\. Run", problem.prompt).group(1)
        assert score(problem, start) == 0.0


def test_programs_with_loops_appear_as_difficulty_rises():
    for seed in range(10):
        problem = gen(ID, seed, 1.0)
        assert re.search(r"^\d+: JMP", problem.prompt, re.M)
        assert problem.meta["steps"] > 10


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), k=st.integers(0, 4), delta=st.integers(-3, 3))
def test_a_value_list_scores_exactly_when_every_value_is_right(seed, k, delta):
    problem = gen(ID, seed, 0.5)
    values = list(interpret(problem.prompt).values())
    k %= len(values)
    changed = values.copy()
    changed[k] = max(0, changed[k] + delta)
    assert score(problem, ", ".join(map(str, changed))) == float(changed == values)
