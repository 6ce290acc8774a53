"""AutomatonInference: a finite automaton with at most n states that labels strings as shown.

A hidden deterministic finite automaton over the letters a and b, with ``states`` states
(all reachable, no two equivalent) and start state 1, accepts some strings and rejects
others. The prompt lists accepted and rejected strings and asks for an automaton with at
most that many states that accepts exactly the listed accepted ones among them (grammar
induction from positive and negative examples, Gold 1978). Any such automaton scores 1: the
check runs every listed string through the answer's table. Both lists are non-empty, so no
one-state automaton fits.

Answer syntax: ``accept:`` followed by the accepting states (``accept: 1 3``; nothing after
the colon for none), then the transitions, each ``state letter -> next`` (``1 a -> 2``),
separated by ``;`` or new lines; every state used has a transition for a and for b.
``score`` is the share of strings labelled right.

Knobs: ``states`` (2 -> 4), ``length`` (the longest listed string, 4 -> 9) and ``examples``
(strings listed, 8 -> 16). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem

LETTERS = "ab"
_ACCEPT = re.compile(r"accept(?:ing)?(?: states)?\s*[:=]?\s*(\d{1,2}(?:[\s,]+\d{1,2})*)?", re.I)
_MOVE = re.compile(r"(\d{1,2})\s*(?:,\s*)?([a-z])\s*(?:->|→|:)\s*(\d{1,2})")
Table = dict[tuple[int, str], int]


def accepts(table: Table, accepting: set[int], word: str) -> bool | None:
    """Whether the automaton accepts ``word`` from state 1 (None: a transition is missing)."""
    state = 1
    for letter in word:
        if (state, letter) not in table:
            return None
        state = table[(state, letter)]
    return state in accepting


def _minimal_and_reachable(table: Table, accepting: set[int], n: int) -> bool:
    reached, frontier = {1}, [1]
    while frontier:
        s = frontier.pop()
        for a in LETTERS:
            t = table[(s, a)]
            if t not in reached:
                reached.add(t)
                frontier.append(t)
    if len(reached) < n:
        return False
    classes = {s: s in accepting for s in range(1, n + 1)}  # Moore's refinement
    while True:
        refined = {s: (classes[s], *(classes[table[(s, a)]] for a in LETTERS)) for s in classes}
        if len(set(refined.values())) == len(set(classes.values())):
            return len(set(classes.values())) == n
        classes = refined


def read_automaton(answer: str) -> tuple[Table, set[int]]:
    parts = [p.strip() for p in re.split(r"[;\n]", answer) if p.strip()]
    if not parts or len(parts) > 60:
        raise ValueError("expected 'accept: ...' and transitions 'state letter -> next'")
    accepting: set[int] | None = None
    table: Table = {}
    for part in parts:
        head = _ACCEPT.fullmatch(part)
        if head:
            if accepting is not None:
                raise ValueError("two accept lines")
            accepting = {int(s) for s in re.findall(r"\d+", head.group(1) or "")}
            continue
        move = _MOVE.fullmatch(part)
        if not move:
            raise ValueError(f"cannot read {part[:40]!r}")
        key = (int(move.group(1)), move.group(2))
        if key in table:
            raise ValueError(f"two transitions for state {key[0]} on {key[1]}")
        table[key] = int(move.group(3))
    if accepting is None:
        raise ValueError("no 'accept:' line")
    return table, accepting


class AutomatonInference(Family):
    """Any DFA with at most n states that accepts and rejects the listed strings."""

    knobs: ClassVar[dict[str, Knob]] = {
        "states": Knob("int", 2, 5, default=3, easy=2, hard=4, doc="hidden automaton's states"),
        "length": Knob("int", 3, 12, default=6, easy=4, hard=9, doc="longest listed string"),
        "examples": Knob("int", 6, 24, default=12, easy=8, hard=16, doc="strings listed"),
    }  # fmt: skip
    answer_syntax = (
        "accept: and the accepting states, then the transitions state letter -> next, "
        "separated by semicolons or new lines (e.g. accept: 2; 1 a -> 2; 1 b -> 1; ...)"
    )
    answer_form = "automaton table"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, length, count = int(knobs["states"]), int(knobs["length"]), int(knobs["examples"])
        while True:
            table = {(s, a): rng.randint(1, n) for s in range(1, n + 1) for a in LETTERS}
            accepting = {s for s in range(1, n + 1) if rng.random() < 0.5}
            if not _minimal_and_reachable(table, accepting, n):
                continue
            words: set[str] = set()
            for _ in range(count * 4):
                words.add("".join(rng.choice(LETTERS) for _ in range(rng.randint(1, length))))
                if len(words) == count:
                    break
            ordered = sorted(words, key=lambda w: (len(w), w))
            yes = [w for w in ordered if accepts(table, accepting, w)]
            no = [w for w in ordered if not accepts(table, accepting, w)]
            if len(yes) >= 2 and len(no) >= 2:
                break
        question = (
            "A hidden finite automaton reads strings of the letters a and b. It has states "
            "numbered from 1, starts in state 1, moves to a fixed next state for each (state, "
            "letter), and accepts a string if it ends in an accepting state.\n"
            f"Accepted: {' '.join(yes)}\nRejected: {' '.join(no)}\n\n"
            f"Give an automaton with at most {n} states that accepts every listed accepted "
            "string and rejects every listed rejected one: its accepting states, then its "
            "transitions, one for each letter in every state you use."
        )
        moves = "; ".join(f"{s} {a} -> {t}" for (s, a), t in sorted(table.items()))
        answer = f"accept: {' '.join(map(str, sorted(accepting)))}; {moves}"
        meta = {"states": n, "accepted": yes, "rejected": no}
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            table, accepting = read_automaton(answer)
        except ValueError as exc:
            return Judgement.unparsable(str(exc))
        n = problem.meta["states"]
        used = {s for s, _ in table} | set(table.values()) | accepting
        if not used <= set(range(1, n + 1)):
            return Judgement.wrong(why=f"states must be numbered 1 to at most {n}")
        if any(a not in LETTERS for _, a in table):
            return Judgement.wrong(why="an unknown letter")
        if any((s, a) not in table for s in used for a in LETTERS):
            return Judgement.wrong(why="a state used lacks a transition")
        meta = problem.meta
        right = sum(accepts(table, accepting, w) is True for w in meta["accepted"])
        right += sum(accepts(table, accepting, w) is False for w in meta["rejected"])
        total = len(meta["accepted"]) + len(meta["rejected"])
        return Judgement.right() if right == total else Judgement.wrong(score=right / total)

    def complexity(self, problem: Problem) -> float:
        """States times the letters of all listed strings."""
        meta = problem.meta
        return meta["states"] * sum(len(w) for w in meta["accepted"] + meta["rejected"])
