"""BracketRepair: the fewest insertions (or deletions) that balance a bracket string, with a
repaired string as witness.

A string over ``kinds`` bracket pairs (``()``, ``[]``, ``{}``, ``<>``) is balanced when every
closing bracket closes the most recent unclosed opening bracket of the same kind and none is
left open. The generator draws a balanced string and corrupts it (deletes, inserts and
retypes brackets) until it is unbalanced. With ``edit = insert`` the task is to insert the
fewest brackets anywhere so that the string becomes balanced; with ``edit = delete``, to
delete the fewest. Both minima equal the length minus twice the largest number of properly
nested matching pairs, which the reference computes by interval dynamic programming
(``f(i, j) = min(1 + f(i+1, j), min over k with s[k] closing s[i] of f(i+1, k) + f(k+1,
j))``, O(n^3)) and walks back for a witness.

Answer syntax: ``count; repaired`` such as ``2; ([]){}``: the number of insertions
(deletions) and the repaired string (spaces inside it are ignored). The verifier checks
that the repaired string is balanced, uses only the instance's bracket kinds, contains the
original as a subsequence (insertions) or is a subsequence of it (deletions), differs from
it in length by exactly the stated count, and that the count is the minimum. Any optimal
repair scores 1; a valid repair with more changes than needed is wrong with partial credit
``score = minimum / changes``.

Knobs: ``kinds`` (1 to 4 bracket kinds), ``length`` (6 at difficulty 0 to 36 at 1) and
``edit`` (insert, delete). Difficulty 1: a 36-character string over four kinds where a
crossing such as ``([)]`` can be repaired several ways and only careful matching finds the
fewest deletions.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.numbers import normalise, parse_integer

PAIRS = ["()", "[]", "{}", "<>"]
_ANSWER = re.compile(
    r"^\s*(?:[A-Za-z][A-Za-z ]*[:=]\s*)?([^;\n]+?)\s*[;\n]"
    r"\s*(?:[A-Za-z][A-Za-z ]*[:=]\s*)?(.*?)\s*$",
    re.IGNORECASE | re.DOTALL,
)


def balanced(text: str, close_of: dict[str, str]) -> bool:
    stack = []
    for ch in text:
        if ch in close_of:
            stack.append(close_of[ch])
        elif not stack or stack.pop() != ch:
            return False
    return not stack


def is_subsequence(small: str, big: str) -> bool:
    it = iter(big)
    return all(ch in it for ch in small)


def repair(s: str, close_of: dict[str, str], edit: str) -> tuple[int, str]:
    """The least number of changes and one optimal repaired string (interval DP)."""
    n = len(s)
    open_of = {c: o for o, c in close_of.items()}
    f = [[0] * (n + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        row, nxt = f[i], f[i + 1]
        closer = close_of.get(s[i])
        for j in range(i + 1, n + 1):
            best = 1 + nxt[j]
            if closer is not None:
                for k in range(i + 1, j):
                    if s[k] == closer:
                        cost = nxt[k] + f[k + 1][j]
                        if cost < best:
                            best = cost
            row[j] = best
    out: list[str] = []

    def walk(i: int, j: int) -> None:
        while i < j:
            closer = close_of.get(s[i])
            matched = -1
            if closer is not None:
                for k in range(i + 1, j):
                    if s[k] == closer and f[i + 1][k] + f[k + 1][j] == f[i][j]:
                        matched = k
                        break
            if matched >= 0:
                out.append(s[i])
                walk(i + 1, matched)
                out.append(s[matched])
                i = matched + 1
                continue
            # s[i] stays unmatched: insert its partner, or delete it
            if edit == "insert":
                out.append(s[i] + closer if closer is not None else open_of[s[i]] + s[i])
            i += 1

    walk(0, n)
    return f[0][n], "".join(out)


class BracketRepair(Family):
    """Balance a bracket string with the fewest insertions or deletions (witness checked)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "kinds": Knob("int", 1, 4, default=2, easy=1, hard=4, doc="bracket kinds used"),
        "length": Knob("int", 4, 60, default=12, easy=6, hard=36, doc="length of the string"),
        "edit": Knob(
            "categorical", choices=("insert", "delete"), default="insert", doc="edit allowed"
        ),
    }
    answer_syntax = "the number of changes, a semicolon, then the repaired string (e.g. 2; ([]){})"
    answer_form = "count and repaired string"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        kinds, n, edit = int(knobs["kinds"]), int(knobs["length"]), knobs["edit"]
        pairs = PAIRS[:kinds]
        close_of = {p[0]: p[1] for p in pairs}
        chars = "".join(pairs)
        while True:
            s = self._draw(rng, pairs, chars, n)
            if balanced(s, close_of):
                continue
            best, fixed = repair(s, close_of, edit)
            if fixed:
                break
        verb = "inserting" if edit == "insert" else "deleting"
        noun = "insertions" if edit == "insert" else "deletions"
        where = "at any positions" if edit == "insert" else ""
        names = " ".join(pairs)
        question = (
            f"A string of brackets of the kinds {names} is balanced when every closing "
            "bracket closes the most recent still-open bracket of the same kind and no "
            f"bracket stays open. Make this string balanced by {verb} as few brackets as "
            f"possible{(' ' + where) if where else ''}:\n{s}\n"
            f"Give the number of {noun} and the balanced string you get."
        )
        meta = {"string": s, "kinds": kinds, "edit": edit, "minimum": best}
        return Draft(question, f"{best}; {fixed}", meta)

    @staticmethod
    def _draw(rng: random.Random, pairs: list[str], chars: str, n: int) -> str:
        # a random balanced string of about n characters, then corruptions
        out: list[str] = []
        stack: list[str] = []
        size = max(2, n - n // 4)
        while len(out) + len(stack) < size:
            if stack and (rng.random() < 0.45 or len(out) + 2 * len(stack) >= size):
                out.append(stack.pop())
            else:
                pair = rng.choice(pairs)
                out.append(pair[0])
                stack.append(pair[1])
        out.extend(reversed(stack))
        for _ in range(max(1, n // 5)):
            roll = rng.random()
            if roll < 0.3 and len(out) > 2:
                del out[rng.randrange(len(out))]
            elif roll < 0.55 and len(pairs) > 1:
                out[rng.randrange(len(out))] = rng.choice(chars)
            else:
                out.insert(rng.randrange(len(out) + 1), rng.choice(chars))
        while len(out) < n:
            out.insert(rng.randrange(len(out) + 1), rng.choice(chars))
        return "".join(out[:n])

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        match = _ANSWER.match(normalise(answer).replace("*", ""))
        if match is None:
            return Judgement.unparsable("expected: count; repaired string")
        count = parse_integer(re.sub(r"\s+[a-z]+$", "", match.group(1), flags=re.IGNORECASE))
        if count is None:
            return Judgement.unparsable("the count is not an integer")
        fixed = re.sub(r"\s+", "", match.group(2)).rstrip(".").strip("`\"'")
        pairs = PAIRS[: meta["kinds"]]
        allowed = "".join(pairs)
        if not fixed:
            return Judgement.unparsable("no repaired string")
        if len(fixed) > 4 * len(meta["string"]) + 10:
            return Judgement.wrong(why="the repaired string is far too long")
        if any(ch not in allowed for ch in fixed):
            return Judgement.wrong(why=f"the repaired string may use only {allowed}")
        close_of = {p[0]: p[1] for p in pairs}
        if not balanced(fixed, close_of):
            return Judgement.wrong(why="the repaired string is not balanced")
        original = meta["string"]
        if meta["edit"] == "insert":
            if not is_subsequence(original, fixed):
                return Judgement.wrong(why="the original is not a subsequence of the repair")
            changes = len(fixed) - len(original)
        else:
            if not is_subsequence(fixed, original):
                return Judgement.wrong(why="the repair is not a subsequence of the original")
            changes = len(original) - len(fixed)
        if count != changes:
            return Judgement.wrong(why=f"the repair makes {changes} changes, not {count}")
        if changes > meta["minimum"]:
            return Judgement.wrong(
                score=meta["minimum"] / changes, why=f"{meta['minimum']} changes suffice"
            )
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """String length times the number of bracket kinds, plus the changes needed."""
        meta = problem.meta
        return float(len(meta["string"]) * meta["kinds"] + meta["minimum"])
