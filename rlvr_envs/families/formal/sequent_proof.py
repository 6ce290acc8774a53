"""SequentProof: a sequent-calculus (G3c) proof of a propositional entailment, checked rule by rule.

The prompt gives a valid sequent ``P1, ..., Pk => C`` (premises over the atoms ``p, q, r,
...``) and the rules of the classical sequent calculus G3c (Troelstra and Schwichtenberg,
"Basic Proof Theory", 3.5), written with sets of formulas on each side: an axiom ``Ax``
(a formula on both sides) and a left and a right rule for each of ``~ & | -> <->``. The
answer is the proof tree written as numbered lines, leaves first, each a sequent with the
rule that concludes it and the lines of its premises. The check reads the lines in order
and names the first one that is not an instance of its rule (up to weakening and
contraction, both admissible in G3c, so every accepted proof is sound): every proof is
accepted, not only the one the generator's prover found.

Answer syntax: one line per sequent, ``N. A, B => C, D [Rule refs]`` with the lines numbered
1, 2, 3, ...; the references are earlier line numbers (``[&R 3, 5]``, ``[Ax]``); the last
line is the sequent asked for. Example (of the syntax, not an answer):
``1. b, a => a [Ax]`` / ``2. b & a => a [&L 1]`` / ``3. => (b & a) -> a [->R 2]``.

Knobs: ``atoms`` (2 -> 4), ``premises`` (1 -> 3) and ``depth`` (nesting of connectives in
each formula, 2 -> 3). Difficulty raises all three; the oracle's proof then grows from a
few lines to a few dozen.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.proofs import (
    ATOMS,
    Formula,
    atom_masks,
    parse_formula_list,
    random_formula,
    show,
    truth_mask,
)
from rlvr_envs.families.shared.answer_parsing import AnswerError

MAX_LINES = 300
MAX_ORACLE_LINES = 40
# (side, connective) -> premises as (formulas added on the left, on the right), from the
# principal formula's parts A and B.
RULES: dict[str, tuple[str, str, tuple[tuple[str, str], ...]]] = {
    "~L": ("L", "not", (("", "A"),)),
    "~R": ("R", "not", (("A", ""),)),
    "&L": ("L", "and", (("AB", ""),)),
    "&R": ("R", "and", (("", "A"), ("", "B"))),
    "|L": ("L", "or", (("A", ""), ("B", ""))),
    "|R": ("R", "or", (("", "AB"),)),
    "->L": ("L", "imp", (("", "A"), ("B", ""))),
    "->R": ("R", "imp", (("A", "B"),)),
    "<->L": ("L", "iff", (("AB", ""), ("", "AB"))),
    "<->R": ("R", "iff", (("A", "B"), ("B", "A"))),
}
_LINE = re.compile(
    r"(\d{1,4})\s*[.:)]?\s*([^=\[\]]*)=>([^=\[\]]*)\[\s*(Ax|<->[LR]|->[LR]|[~&|][LR])\s*([^\]]*)\]"
)
_REFS = re.compile(r"\s*(\d{1,4})(?:\s*[,\s]\s*(\d{1,4}))?\s*")
Sequent = tuple[frozenset, frozenset]


def _parts(formula: Formula, which: str) -> list[Formula]:
    return [formula[1] if ch == "A" else formula[2] for ch in which]


def prove(left: Sequence[Formula], right: Sequence[Formula], lines: list[str], seen: dict) -> int:
    """Append a G3c proof of ``left => right`` to ``lines`` (backward search: invertible
    rules, one-premise rules first) and return its last line's number."""
    key = (frozenset(left), frozenset(right))
    if key in seen:
        return seen[key]
    text = f"{', '.join(show(f) for f in left)} => {', '.join(show(f) for f in right)}".strip()
    if key[0] & key[1]:
        lines.append(f"{len(lines) + 1}. {text} [Ax]")
        seen[key] = len(lines)
        return len(lines)
    best = None
    for name, (side, kind, premises) in RULES.items():
        for formula in left if side == "L" else right:
            if formula[0] == kind and (best is None or len(premises) < len(best[2])):
                best = (name, formula, premises)
    if best is None:
        raise ValueError(f"not valid: {text}")
    name, formula, premises = best
    side = RULES[name][0]
    refs = []
    for add_left, add_right in premises:
        new_left = [f for f in left if not (side == "L" and f == formula)]
        new_right = [f for f in right if not (side == "R" and f == formula)]
        new_left += [f for f in _parts(formula, add_left) if f not in new_left]
        new_right += [f for f in _parts(formula, add_right) if f not in new_right]
        refs.append(prove(new_left, new_right, lines, seen))
    lines.append(f"{len(lines) + 1}. {text} [{name} {', '.join(map(str, refs))}]")
    seen[key] = len(lines)
    return len(lines)


def rule_holds(name: str, conclusion: Sequent, premises: Sequence[Sequent]) -> bool:
    """Whether ``conclusion`` follows from ``premises`` by G3c rule ``name`` (premises in
    either order), each premise's sides allowed to be subsets of the rule's (weakening) and
    the principal formula allowed to stay (contraction)."""
    left, right = conclusion
    if name == "Ax":
        return not premises and bool(left & right)
    side, kind, shapes = RULES[name]
    if len(premises) != len(shapes):
        return False
    orders = [list(premises)] if len(premises) == 1 else [list(premises), list(premises)[::-1]]
    for formula in left if side == "L" else right:
        if formula[0] != kind:
            continue
        for order in orders:
            if all(
                p_left <= left | set(_parts(formula, add_left))
                and p_right <= right | set(_parts(formula, add_right))
                for (p_left, p_right), (add_left, add_right) in zip(order, shapes, strict=True)
            ):
                return True
    return False


def read_proof(answer: str) -> list[tuple[Sequent, str, list[int]]]:
    """The answer's lines as (sequent, rule, references); numbering checked."""
    rows = [row.strip() for row in answer.strip().splitlines() if row.strip()]
    if not rows:
        raise AnswerError("no proof lines")
    if len(rows) > MAX_LINES:
        raise AnswerError(f"more than {MAX_LINES} lines")
    out = []
    for i, row in enumerate(rows, 1):
        match = _LINE.fullmatch(row)
        if match is None:
            raise AnswerError(f"line {i} is not 'N. left => right [Rule refs]': {row[:40]!r}")
        number, left, right, rule, refs = match.groups()
        if int(number) != i:
            raise AnswerError(f"line {i} is numbered {number}: number the lines 1, 2, 3, ...")
        refs_match = _REFS.fullmatch(refs) if refs.strip() else None
        if refs.strip() and refs_match is None:
            raise AnswerError(f"line {i}: references must be one or two line numbers")
        numbers = [int(r) for r in refs_match.groups() if r] if refs_match else []
        sequent = (frozenset(parse_formula_list(left)), frozenset(parse_formula_list(right)))
        out.append((sequent, rule, numbers))
    return out


def check_proof(lines: list[tuple[Sequent, str, list[int]]], goal: Sequent) -> str | None:
    """Why the proof fails (naming the first wrong line), or None when it proves ``goal``."""
    for i, (sequent, rule, refs) in enumerate(lines, 1):
        if any(not 1 <= r < i for r in refs):
            return f"line {i} refers to a line that is not earlier"
        if not rule_holds(rule, sequent, [lines[r - 1][0] for r in refs]):
            return f"line {i} does not follow by {rule} from the lines it cites"
    left, right = lines[-1][0]
    if not (left <= goal[0] and right <= goal[1]):
        return "the last line is not the sequent asked for"
    return None


class SequentProof(Family):
    """A G3c proof of a valid propositional sequent, written as numbered lines."""

    knobs: ClassVar[dict[str, Knob]] = {
        "atoms": Knob("int", 2, 5, default=3, easy=2, hard=4, doc="distinct atoms"),
        "premises": Knob("int", 1, 4, default=2, easy=1, hard=3, doc="formulas left of =>"),
        "depth": Knob("int", 1, 4, default=2, easy=2, hard=3, doc="nesting of each formula"),
    }
    answer_syntax = "the proof, one numbered line per sequent: N. left => right [Rule refs]"
    answer_form = "a G3c proof as numbered lines"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        atoms = ATOMS[: int(knobs["atoms"])]
        depth, count = int(knobs["depth"]), int(knobs["premises"])
        masks, full = atom_masks(atoms), (1 << (1 << len(atoms))) - 1
        while True:
            premises = [random_formula(rng, atoms, depth, "naoi") for _ in range(count)]
            if len(set(premises)) < count:
                continue
            holds = full
            for p in premises:
                holds &= truth_mask(p, masks, full)
            if not holds:
                continue
            for _ in range(60):
                goal = random_formula(rng, atoms, depth, "naoi")
                if goal in premises or (goal[0] == "atom" and rng.random() < 0.7):
                    continue
                if holds & ~truth_mask(goal, masks, full):
                    continue
                lines: list[str] = []
                prove(premises, [goal], lines, {})
                if 3 <= len(lines) <= MAX_ORACLE_LINES:
                    return self._draft(premises, goal, lines)

    def _draft(self, premises: list[Formula], goal: Formula, lines: list[str]) -> Draft:
        sequent = f"{', '.join(show(p) for p in premises)} => {show(goal)}"
        question = (
            "Prove this sequent in the classical sequent calculus G3c:\n\n"
            f"    {sequent}\n\n"
            "Formulas use ~ (not), & (and), | (or), -> (implies) and <-> (if and only if); "
            "each side of => is a set of formulas (order and repetition do not matter), and a "
            "sequent holds when the formulas on the left together imply one of those on the "
            "right. The rules (G, D are the other formulas on each side):\n"
            "  Ax:   G, A => A, D                        (no premises)\n"
            "  ~L:   G, ~A => D       from  G => A, D\n"
            "  ~R:   G => ~A, D       from  G, A => D\n"
            "  &L:   G, A & B => D    from  G, A, B => D\n"
            "  &R:   G => A & B, D    from  G => A, D  and  G => B, D\n"
            "  |L:   G, A | B => D    from  G, A => D  and  G, B => D\n"
            "  |R:   G => A | B, D    from  G => A, B, D\n"
            "  ->L:  G, A -> B => D   from  G => A, D  and  G, B => D\n"
            "  ->R:  G => A -> B, D   from  G, A => B, D\n"
            "  <->L: G, A <-> B => D  from  G, A, B => D  and  G => A, B, D\n"
            "  <->R: G => A <-> B, D  from  G, A => B, D  and  G, B => A, D\n"
            "A premise may leave out formulas of the rule's premise (weakening) and may keep "
            "the principal formula.\n\n"
            "Write the proof as numbered lines, premises before the lines that use them, each "
            "line a sequent followed by its rule and the numbers of its premise lines in "
            "brackets; the last line must be the sequent above. For example (another "
            "sequent):\n"
            "1. b, a => a [Ax]\n2. b & a => a [&L 1]\n3. => (b & a) -> a [->R 2]"
        )
        meta = {"premises": [show(p) for p in premises], "goal": show(goal),
                "lines": len(lines)}  # fmt: skip
        return Draft(question, "\n".join(lines), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            lines = read_proof(answer)
            goal = (
                frozenset(parse_formula_list(", ".join(problem.meta["premises"]))),
                frozenset(parse_formula_list(problem.meta["goal"])),
            )
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        why = check_proof(lines, goal)
        if why is None:
            return Judgement.right()
        return Judgement.wrong(why=why)

    def complexity(self, problem: Problem) -> float:
        """Lines of the oracle's proof."""
        return float(problem.meta["lines"])
