"""MealyMachine: a machine with at most n states that reproduces input/output traces.

A hidden Mealy machine (Mealy 1955: each step reads an input letter, writes an output
letter and moves to a next state, all fixed by the current state and the input) with
``states`` states, all reachable and no two equivalent, starts in state 1 for every trace.
The prompt shows traces (input word, output word) and asks for a machine with at most that
many states that writes every shown output. Any such machine scores 1: the check runs each
trace through the answer's table. The outputs of each input letter differ across the traces,
so no one-state machine (and no answer that ignores the state) fits.

Answer syntax: one transition per line or separated by ``;``, each ``state input -> next
output`` (``1 a -> 2 x``), states numbered from 1 (the start), every state used having one
transition for every input letter.

Knobs: ``states`` (2 -> 4), ``length`` (letters per trace, 5 -> 10) and ``traces`` (traces
shown, 3 -> 5). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem

INPUTS, OUTPUTS = "ab", "xy"
_LINE = re.compile(r"(\d{1,2})\s*(?:,\s*)?([a-z])\s*(?:->|→|:)\s*(\d{1,2})\s*(?:[,/]\s*)?([a-z])")
Table = dict[tuple[int, str], tuple[int, str]]


def run(table: Table, word: str) -> str | None:
    """The output word from state 1, or None where a transition is missing."""
    state, out = 1, []
    for letter in word:
        if (state, letter) not in table:
            return None
        state, output = table[(state, letter)]
        out.append(output)
    return "".join(out)


def _minimal_and_reachable(table: Table, n: int) -> bool:
    reached, frontier = {1}, [1]
    while frontier:
        s = frontier.pop()
        for a in INPUTS:
            t = table[(s, a)][0]
            if t not in reached:
                reached.add(t)
                frontier.append(t)
    if len(reached) < n:
        return False
    # Moore's partition refinement: classes by output, refined by successors' classes.
    classes = {s: tuple(table[(s, a)][1] for a in INPUTS) for s in range(1, n + 1)}
    while True:
        refined = {s: (classes[s], *(classes[table[(s, a)][0]] for a in INPUTS)) for s in classes}
        if len(set(refined.values())) == len(set(classes.values())):
            return len(set(classes.values())) == n
        classes = refined


def read_table(answer: str) -> Table:
    parts = [p.strip() for p in re.split(r"[;\n]", answer) if p.strip()]
    if not parts or len(parts) > 60:
        raise ValueError("expected transitions 'state input -> next output'")
    table: Table = {}
    for part in parts:
        match = _LINE.fullmatch(part)
        if not match:
            raise ValueError(f"cannot read the transition {part[:40]!r}")
        state, letter, nxt, out = match.groups()
        key = (int(state), letter)
        if key in table:
            raise ValueError(f"two transitions for state {state} on {letter}")
        table[key] = (int(nxt), out)
    return table


class MealyMachine(Family):
    """Any Mealy machine with at most n states that reproduces the traces."""

    knobs: ClassVar[dict[str, Knob]] = {
        "states": Knob("int", 2, 5, default=3, easy=2, hard=4, doc="states of the hidden machine"),
        "length": Knob("int", 3, 14, default=7, easy=5, hard=10, doc="letters per trace"),
        "traces": Knob("int", 2, 8, default=4, easy=3, hard=5, doc="traces shown"),
    }  # fmt: skip
    answer_syntax = (
        "the transitions, one per line or separated by semicolons, each as "
        "state input -> next output (e.g. 1 a -> 2 x; 1 b -> 1 y; ...)"
    )
    answer_form = "transition table"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, length, count = int(knobs["states"]), int(knobs["length"]), int(knobs["traces"])
        while True:
            table = {
                (s, a): (rng.randint(1, n), rng.choice(OUTPUTS))
                for s in range(1, n + 1)
                for a in INPUTS
            }
            if not _minimal_and_reachable(table, n):
                continue
            words = ["".join(rng.choice(INPUTS) for _ in range(length)) for _ in range(count)]
            outputs = [run(table, w) for w in words]
            by_letter = {a: set() for a in INPUTS}
            for w, o in zip(words, outputs):
                for a, b in zip(w, o):
                    by_letter[a].add(b)
            if all(len(v) == 2 for v in by_letter.values()):
                break
        lines = "\n".join(f"  {w} -> {o}" for w, o in zip(words, outputs))
        question = (
            "A hidden machine has states numbered from 1 and starts in state 1. At each step "
            f"it reads an input letter ({' or '.join(INPUTS)}), writes an output letter "
            f"({' or '.join(OUTPUTS)}) and moves to a next state; the output and the next "
            "state depend only on the current state and the input letter. Each run below "
            f"starts afresh in state 1 (input -> output):\n{lines}\n\n"
            f"Give a machine with at most {n} states that writes exactly these outputs: its "
            "transitions, each as 'state input -> next output', one for every input letter "
            "in every state you use."
        )
        meta = {"states": n, "traces": [[w, o] for w, o in zip(words, outputs)]}
        answer = "\n".join(f"{s} {a} -> {t} {o}" for (s, a), (t, o) in sorted(table.items()))
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            table = read_table(answer)
        except ValueError as exc:
            return Judgement.unparsable(str(exc))
        n = problem.meta["states"]
        used = {s for s, _ in table} | {t for t, _ in table.values()}
        if not used <= set(range(1, n + 1)):
            return Judgement.wrong(why=f"states must be numbered 1 to at most {n}")
        if any(a not in INPUTS or o not in OUTPUTS for (_, a), (_, o) in table.items()):
            return Judgement.wrong(why="an unknown input or output letter")
        if any((s, a) not in table for s in used for a in INPUTS):
            return Judgement.wrong(why="a state used lacks a transition")
        traces = problem.meta["traces"]
        right = sum(run(table, w) == o for w, o in traces)
        if right < len(traces):
            return Judgement.wrong(score=right / len(traces))
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """States times the letters of all traces."""
        traces = problem.meta["traces"]
        return problem.meta["states"] * sum(len(w) for w, _ in traces)
