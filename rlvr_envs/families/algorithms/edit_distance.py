"""EditDistance: the least cost of turning one string into another, with an edit script.

A source string S over six letters is drawn, and the target T is S after ``edits`` random
insertions, deletions and replacements (redrawn when T equals S). By ``costs`` every
operation costs 1 (the Levenshtein distance), only insertions and deletions are allowed (each
costs 1), or insertions, deletions and replacements have stated whole-number costs.
Reference: the Wagner-Fischer dynamic programme (Wagner and Fischer 1974) over prefix pairs,
with a traceback that writes one optimal script from the end of the string to its start.

Answer syntax: ``distance D; op; op; ...`` (``cost D; ...`` for stated costs): the total, then
the operations separated by semicolons or new lines, each one of ``replace i x->y`` (the i-th
character, which must be x, becomes y; ``x to y`` and ``x with y`` are accepted too),
``insert i c`` (c is inserted to become the i-th character, 1 <= i <= length + 1) or
``delete i`` (``delete i x`` also checks the letter).
Positions are 1-based in the string as it is just before the operation; operations apply in
the order written. The verifier replays the script on S, requires T at the end, the total to
equal the script's cost, and the cost to be optimal. Any optimal script is right; a valid
script of larger cost is wrong with partial credit ``score = best / cost``.

Knobs: ``length`` (letters of S, 5 -> 16), ``edits`` (random edits that made T, 2 -> 8) and
``costs`` (unit, indel, weighted; easiest first). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.sequences import AnswerError, read_head

COSTS = ("unit", "indel", "weighted")
MAX_OPS = 200
EXAMPLE = "distance 3; replace 3 a->b; insert 5 c; delete 7"
_POS = r"(?:position\s+)?([0-9]{1,6})\s*(?::\s*)?"  # no two blank runs meet: linear time
_OP = re.compile(
    rf"(?:(replace|substitute)\s+{_POS}([a-z])\s*(?:->|→|\bto\b|\bwith\b)\s*([a-z])"
    rf"|(insert)\s+{_POS}([a-z])"
    rf"|(delete)\s+(?:position\s+)?([0-9]{{1,6}})(?:\s*(?::\s*)?([a-z]))?)",
    re.IGNORECASE,
)


def script(s: str, t: str, costs: tuple[int, int, int]) -> tuple[int, list[str]]:
    """(least cost, one optimal script) turning s into t; costs = (insert, delete, replace),
    replace None-like (0) meaning replacements are not allowed."""
    ins, dele, rep = costs
    n, m = len(s), len(t)
    big = 10**9
    table = [[0] * (m + 1) for _ in range(n + 1)]
    for j in range(m + 1):
        table[0][j] = j * ins
    for i in range(1, n + 1):
        row, up = table[i], table[i - 1]
        row[0] = i * dele
        si = s[i - 1]
        for j in range(1, m + 1):
            diag = up[j - 1] + (0 if si == t[j - 1] else (rep or big))
            row[j] = min(diag, up[j] + dele, row[j - 1] + ins)
    ops, i, j = [], n, m
    while i or j:
        here = table[i][j]
        if i and j and s[i - 1] == t[j - 1] and here == table[i - 1][j - 1]:
            i, j = i - 1, j - 1
        elif i and j and rep and here == table[i - 1][j - 1] + rep:
            ops.append(f"replace {i} {s[i - 1]}->{t[j - 1]}")
            i, j = i - 1, j - 1
        elif i and here == table[i - 1][j] + dele:
            ops.append(f"delete {i}")
            i -= 1
        else:
            ops.append(f"insert {i + 1} {t[j - 1]}")
            j -= 1
    return table[n][m], ops


def parse_ops(text: str) -> list[tuple]:
    """("replace", i, x, y), ("insert", i, c) or ("delete", i, x or None), in order."""
    parts = [part.strip() for part in re.split(r"[;\n]", text)]
    if parts and not parts[-1]:
        parts.pop()  # a trailing semicolon
    if not parts:
        raise AnswerError("the edit script is empty")
    if len(parts) > MAX_OPS:
        raise AnswerError("the edit script is far too long")
    ops = []
    for part in parts:
        match = _OP.fullmatch(part)
        if not match:
            raise AnswerError(f"{part[:40]!r} is not replace i x->y, insert i c or delete i")
        g = match.groups()
        if g[0]:
            ops.append(("replace", int(g[1]), g[2].lower(), g[3].lower()))
        elif g[4]:
            ops.append(("insert", int(g[5]), g[6].lower()))
        else:
            ops.append(("delete", int(g[8]), g[9].lower() if g[9] else None))
    return ops


def judge(meta: dict, answer: str) -> Judgement:
    weighted = meta["costs"] == "weighted"
    ins, dele, rep = meta["prices"]
    try:
        claimed, rest = read_head(answer, ("cost",) if weighted else ("distance",))
        ops = parse_ops(rest)
    except AnswerError as exc:
        return Judgement.unparsable(str(exc))
    cur, total = list(meta["source"]), 0
    for number, op in enumerate(ops, 1):
        kind, pos = op[0], op[1]
        last = len(cur) + (kind == "insert")
        if not 1 <= pos <= last:
            return Judgement.wrong(why=f"operation {number}: position {pos} is outside 1..{last}")
        if kind == "insert":
            cur.insert(pos - 1, op[2])
            total += ins
        elif kind == "delete":
            if op[2] is not None and cur[pos - 1] != op[2]:
                return Judgement.wrong(why=f"operation {number}: letter {pos} is not {op[2]}")
            del cur[pos - 1]
            total += dele
        else:
            if not rep:
                return Judgement.wrong(why="only insertions and deletions are allowed")
            if cur[pos - 1] != op[2] or op[2] == op[3]:
                return Judgement.wrong(why=f"operation {number}: letter {pos} is not {op[2]}")
            cur[pos - 1] = op[3]
            total += rep
    if "".join(cur) != meta["target"]:
        return Judgement.wrong(why=f"the script ends with {''.join(cur)!r}, not the target")
    if claimed != total:
        return Judgement.wrong(why=f"the total claimed is {claimed}, the script costs {total}")
    best = meta["best"]
    if total > best:
        return Judgement.wrong(score=best / total, why=f"a cheaper script exists ({best})")
    return Judgement.right()


class EditDistance(Family):
    """The edit distance (or least weighted edit cost) of two strings, with an edit script."""

    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 3, 40, default=8, easy=5, hard=16, doc="letters of the source"),
        "edits": Knob("int", 1, 20, default=3, easy=2, hard=8, doc="random edits making T"),
        "costs": Knob(
            "categorical",
            choices=COSTS,
            default="unit",
            doc="unit costs, insertions and deletions only, or stated costs per operation",
        ),
    }
    answer_syntax = (
        f"the total, a semicolon and the edit operations separated by semicolons (e.g. {EXAMPLE})"
    )
    answer_form = "distance and edit script"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, edits, costs = int(knobs["length"]), int(knobs["edits"]), knobs["costs"]
        letters = rng.sample("abcdefghijklmnopqrstuvwxyz", 6)
        if costs == "weighted":
            prices = [rng.randint(1, 4), rng.randint(1, 4), rng.randint(1, 6)]
        else:
            prices = [1, 1, 0 if costs == "indel" else 1]
        while True:
            source = [rng.choice(letters) for _ in range(n)]
            target = list(source)
            for _ in range(edits):
                roll = rng.randrange(3) if target else 0
                if roll == 0:
                    target.insert(rng.randint(0, len(target)), rng.choice(letters))
                elif roll == 1:
                    del target[rng.randrange(len(target))]
                else:
                    target[rng.randrange(len(target))] = rng.choice(letters)
            s, t = "".join(source), "".join(target)
            if not t or s == t:
                continue
            best, ops = script(s, t, tuple(prices))
            meta = {"source": s, "target": t, "costs": costs, "prices": prices, "best": best}
            if not judge(meta, EXAMPLE).correct:
                break
        meta["steps"] = len(ops)
        label = "cost" if costs == "weighted" else "distance"
        allowed = (
            "replace i x->y (the i-th letter, which is x, becomes y), insert i c (letter c is "
            "inserted so that it becomes the i-th letter; i may be one more than the length) "
            "and delete i (the i-th letter is removed)"
        )
        if costs == "unit":
            goal = "Each operation costs 1: find the edit distance (the least number of "
            goal += f"operations) and a script that achieves it. The operations are {allowed}."
        elif costs == "indel":
            goal = (
                "Only insertions and deletions are allowed, each costing 1: find the least "
                "number of operations and a script that achieves it. The operations are insert "
                "i c (letter c is inserted so that it becomes the i-th letter; i may be one "
                "more than the length) and delete i (the i-th letter is removed)."
            )
        else:
            goal = (
                f"An insertion costs {prices[0]}, a deletion costs {prices[1]} and a "
                f"replacement costs {prices[2]}: find the least total cost and a script that "
                f"achieves it. The operations are {allowed}."
            )
        question = (
            f"Turn the string S = {s} into T = {t} with edit operations. {goal} Positions "
            "start at 1 and refer to the string as it is just before that operation, and the "
            "operations apply in the order written (working from the end of the string to its "
            "start keeps the positions of S valid). Answer with the "
            f"{'total cost' if costs == 'weighted' else 'number of operations'}, a semicolon, "
            f"and the operations separated by semicolons, in the form: {label} N; op; op; ..."
        )
        answer = f"{label} {best}; " + "; ".join(ops)
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        return judge(problem.meta, answer)

    def complexity(self, problem: Problem) -> float:
        """Letters of both strings plus the operations of the reference script."""
        meta = problem.meta
        return len(meta["source"]) + len(meta["target"]) + 2 * meta["steps"]
