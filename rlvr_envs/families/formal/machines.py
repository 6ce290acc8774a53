"""Turing machines and counter (register) machines for the formal families, with
step-limited runners and the text forms the prompts and answers use.

A Turing machine here has one two-way infinite tape over ``0``, ``1`` and the blank ``_``,
states ``A``, ``B``, ... and the halting state ``H``; its table maps (state, read symbol) to
(symbol to write, move ``L`` or ``R``, next state). A configuration is written as the state,
a space, and the tape from the leftmost to the rightmost cell that is non-blank or under the
head, with the head's cell in brackets: ``B 1_[0]1``.

A counter machine is a numbered program over registers ``a``, ``b``, ... holding natural
numbers, with the instructions ``INC r``, ``DEC r`` (no effect on 0), ``JZ r k`` (jump to
line k if r is 0), ``JMP k`` and ``HALT``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

BLANK = "_"
HALT = "H"
SYMBOLS = ("0", "1", BLANK)


@dataclass
class TapeConfig:
    """A Turing machine's configuration: state, non-blank cells, head position, steps run."""

    state: str
    cells: dict[int, str] = field(default_factory=dict)
    head: int = 0
    steps: int = 0

    def render(self) -> str:
        """``STATE tape`` with the head's cell in brackets (see the module docstring)."""
        used = [k for k, v in self.cells.items() if v != BLANK] + [self.head]
        low, high = min(used), max(used)
        tape = "".join(
            f"[{self.cells.get(k, BLANK)}]" if k == self.head else self.cells.get(k, BLANK)
            for k in range(low, high + 1)
        )
        return f"{self.state} {tape}"


Table = dict[tuple[str, str], tuple[str, str, str]]


def run_turing(table: Table, tape: str, state: str = "A", limit: int = 1000) -> TapeConfig:
    """Run from ``state`` with the head on the first cell of ``tape`` until the machine halts
    (state ``H`` or no rule) or ``limit`` steps have run."""
    config = TapeConfig(state, {k: c for k, c in enumerate(tape) if c != BLANK})
    while config.steps < limit and config.state != HALT:
        rule = table.get((config.state, config.cells.get(config.head, BLANK)))
        if rule is None:
            break
        write, move, config.state = rule
        if write == BLANK:
            config.cells.pop(config.head, None)
        else:
            config.cells[config.head] = write
        config.head += 1 if move == "R" else -1
        config.steps += 1
    return config


def random_turing_table(rng: random.Random, states: int, halt_rules: int = 1) -> Table:
    """A random table over ``states`` states and the symbols ``0 1 _`` in which
    ``halt_rules`` entries go to ``H``."""
    names = "ABCDEFGH"[:states]
    keys = [(s, c) for s in names for c in SYMBOLS]
    halting = set(rng.sample(range(len(keys)), halt_rules))
    return {
        key: (
            rng.choice(SYMBOLS),
            rng.choice("LR"),
            HALT if k in halting else rng.choice(names),
        )
        for k, key in enumerate(keys)
    }


def format_table(table: Table) -> str:
    """One line per rule: ``A 0 -> 1 R B`` (in state A reading 0: write 1, move right, go to
    state B)."""
    return "\n".join(f"{s} {c} -> {w} {m} {n}" for (s, c), (w, m, n) in table.items())


Instruction = tuple[str, str, int]  # (op, register or "", target line or 0)


def run_counter(
    program: list[Instruction], registers: dict[str, int], limit: int = 100_000
) -> tuple[dict[str, int], int, bool]:
    """Run a counter-machine ``program`` (lines numbered from 1) from ``registers``; returns
    the final registers, the instructions executed and whether it halted within ``limit``."""
    values = dict(registers)
    line, steps = 1, 0
    while 1 <= line <= len(program) and steps < limit:
        op, reg, target = program[line - 1]
        steps += 1
        if op == "HALT":
            return values, steps, True
        if op == "INC":
            values[reg] += 1
        elif op == "DEC":
            values[reg] = max(values[reg] - 1, 0)
        elif (op == "JZ" and values[reg] == 0) or op == "JMP":
            line = target
            continue
        line += 1
    return values, steps, line < 1 or line > len(program)


def format_program(program: list[Instruction]) -> str:
    """One numbered line per instruction: ``3: JZ b 7``."""
    lines = []
    for k, (op, reg, target) in enumerate(program, start=1):
        parts = [op] + ([reg] if reg else []) + ([str(target)] if op in ("JZ", "JMP") else [])
        lines.append(f"{k}: {' '.join(parts)}")
    return "\n".join(lines)
