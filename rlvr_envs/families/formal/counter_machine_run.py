"""CounterMachineRun: the final registers of a counter-machine program with loops.

A program over registers ``a``, ``b``, ... (natural numbers) uses the instructions ``INC r``,
``DEC r`` (no effect on 0), ``JZ r k`` (jump to line k when r is 0), ``JMP k`` and ``HALT``.
It is assembled from blocks: a loop that empties one register into others (adding it once or
several times to each), a loop that clears a register, a run of increments or decrements,
and a nested pair of loops that adds the product of two registers to a third (restoring one
of them through a spare register). The start values are given; the answer is every
register's value when the program halts, which is unique.

Answer syntax: the values in register order separated by commas (``4, 0, 12``); the named
form ``a = 4, b = 0, c = 12`` is accepted.

Knobs: ``registers`` (2 -> 5), ``blocks`` (program blocks, 1 -> 5; loops become likelier
and the product loop appears from 3 blocks and 3 registers) and ``magnitude`` (the
largest start value, 2 -> 9). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.machines import Instruction, format_program, run_counter
from rlvr_envs.families.shared.answer_parsing import AnswerError, scan, small_int

NAMES = "abcde"
_VALUE = re.compile(r"\d+")


def read_registers(answer: str, names: str) -> list[int]:
    """The register values of an answer: bare numbers in order, or ``name = value`` pairs
    naming every register once (in any order)."""
    text = answer.strip()
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    parts = [p.strip() for p in re.split(r"[,;]", text)]
    if any("=" in p for p in parts):
        pairs = [re.fullmatch(r"([a-z])\s*=\s*(\d{1,9})", p) for p in parts]
        if not all(pairs) or sorted(m.group(1) for m in pairs) != sorted(names):
            raise AnswerError(f"expected each of the registers {', '.join(names)} once")
        found = {m.group(1): small_int(m.group(2)) for m in pairs}
        return [found[n] for n in names]
    if not all(re.fullmatch(r"\d{1,9}", p) for p in parts):
        raise AnswerError("expected whole numbers separated by commas")
    values = [small_int(m.group()) for m in scan(text, _VALUE, len(names) + 1, "a value")]
    if len(values) != len(names):
        raise AnswerError(f"expected {len(names)} values, found {len(values)}")
    return values


def _loop(body: list[Instruction], reg: str, start: int) -> list[Instruction]:
    """``while reg > 0: DEC reg; body`` placed at line ``start`` (body targets relative to
    the block's first body line are not used: bodies here contain no jumps)."""
    end = start + len(body) + 3
    return [("JZ", reg, end), ("DEC", reg, 0), *body, ("JMP", "", start)]


def _block(
    rng: random.Random, regs: str, start: int, allow_product: bool, empty: set[str]
) -> list[Instruction]:
    """One block at line ``start``; ``empty`` (updated) holds the registers known to be 0,
    which no loop empties again."""
    live = [r for r in regs if r not in empty] or list(regs)
    kinds = ["move", "move", "move", "clear", "straight"] + (
        ["product"] * 3 if allow_product else []
    )
    kind = rng.choice(kinds)
    if kind == "straight":
        block = [(rng.choice(["INC", "INC", "DEC"]), rng.choice(regs), 0)
                 for _ in range(rng.randint(1, 3))]  # fmt: skip
        empty.difference_update(r for op, r, _ in block if op == "INC")
        return block
    if kind == "clear":
        source = rng.choice(live)
        empty.add(source)
        return _loop([], source, start)
    if kind == "move":
        source = rng.choice(live)
        others = [r for r in regs if r != source]
        targets = rng.sample(others, rng.randint(1, min(2, len(others))))
        body = [("INC", t, 0) for t in targets for _ in range(rng.randint(1, 2))]
        empty.difference_update(targets)
        empty.add(source)
        return _loop(body, source, start)
    x, y, z = rng.sample(regs, 3)  # z += x * y, through a spare register when there is one
    empty.difference_update(z)
    empty.add(x)
    spare = next((r for r in regs if r not in (x, y, z)), None)
    inner_start = start + 2
    inner_body = [("INC", z, 0)] + ([("INC", spare, 0)] if spare else [])
    inner = _loop(inner_body, y, inner_start)
    restore = _loop([("INC", y, 0)], spare, inner_start + len(inner)) if spare else []
    end = inner_start + len(inner) + len(restore) + 1
    return [("JZ", x, end), ("DEC", x, 0), *inner, *restore, ("JMP", "", start)]


class CounterMachineRun(Family):
    """Every register's value when a counter-machine program halts."""

    knobs: ClassVar[dict[str, Knob]] = {
        "registers": Knob("int", 2, 5, default=3, easy=2, hard=5, doc="registers"),
        "blocks": Knob("int", 1, 6, default=2, easy=1, hard=5, doc="program blocks"),
        "magnitude": Knob("int", 1, 15, default=5, easy=2, hard=9, doc="largest start value"),
    }
    answer_syntax = "the registers' final values in order, separated by commas"
    answer_form = "register values"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        count, blocks, top = int(knobs["registers"]), int(knobs["blocks"]), int(knobs["magnitude"])
        regs = NAMES[:count]
        while True:
            program: list[Instruction] = []
            empty: set[str] = set()
            for k in range(blocks):
                product = count >= 3 and blocks >= 3 and k == 0
                program += _block(rng, regs, len(program) + 1, product, empty)
            program.append(("HALT", "", 0))
            start = {r: rng.randint(0, top) for r in regs}
            if not any(start.values()):
                continue
            end, steps, halted = run_counter(program, start, limit=20_000)
            if halted and end != start:
                break
        values = ", ".join(str(end[r]) for r in regs)
        initial = ", ".join(f"{r} = {start[r]}" for r in regs)
        example = "7, 0" if count != 2 else "7, 0, 3"
        question = (
            "A counter machine has registers holding natural numbers and runs a numbered "
            "program from line 1: `INC r` adds 1 to register r, `DEC r` subtracts 1 from r "
            "(a register at 0 stays 0), `JZ r k` jumps to line k if r is 0 (else goes on to "
            "the next line), `JMP k` jumps to line k, and `HALT` stops.\n\n"
            f"{format_program(program)}\n\n"
            f"The registers start as {initial}. Run the program until it halts and give the "
            f"final values of {', '.join(regs)} in that order, separated by commas (the form "
            f"with {len(example.split(','))} registers would be `{example}`)."
        )
        meta = {"program": [list(i) for i in program], "start": [start[r] for r in regs],
                "steps": steps}  # fmt: skip
        return Draft(question, values, meta)

    def answer_names(self, problem: Problem) -> tuple[str, ...]:
        return tuple(NAMES[: len(problem.meta["start"])])

    def check(self, problem: Problem, answer: str) -> Judgement:
        names = NAMES[: len(problem.meta["start"])]
        try:
            values = read_registers(answer, names)
        except AnswerError as error:
            return Judgement.unparsable(str(error))
        expected = [int(v) for v in problem.answer.split(",")]
        wrong = [n for n, v, e in zip(names, values, expected, strict=True) if v != e]
        if not wrong:
            return Judgement.right()
        return Judgement.wrong(why=f"wrong final value of {', '.join(wrong)}")

    def complexity(self, problem: Problem) -> float:
        """Instructions executed."""
        return float(problem.meta["steps"])
