"""NaturalDeduction: a Fitch-style natural-deduction proof of a propositional entailment.

The prompt gives premises and a conclusion over the atoms ``p, q, r, ...`` (the premises
entail it) and the rules of a Fitch-style system for classical propositional logic (the
introduction and elimination rules of forall x: Calgary, Magnus and Button, with ``IP``,
indirect proof, as the classical rule). The answer is the proof as numbered lines: each a
formula at a subproof depth shown by leading bars ``|``, with the rule that justifies it and
the lines or subproofs (``j-k``) it cites. The check reads the lines in order, keeps track
of which subproofs are open, and names the first line that is not a correct application of
its rule to lines it may cite (earlier lines in open subproofs, and whole closed subproofs
whose context is still open); the last line must be the conclusion outside every subproof.
Every correct proof is accepted.

The reference proof is built from a G3c sequent proof (the prover of SequentProof, run
here again): each sequent ``G => D`` becomes a derivation of ``#`` from ``G`` and the
negations of ``D``, with one fixed block of natural-deduction steps per sequent rule, so it
is long but always correct.

Answer syntax: ``N. | | A [Rule refs]``: the line number, one ``|`` per open subproof, the
formula (``~ & | -> <->``, ``#`` for a contradiction), and in brackets the rule and its
references, such as ``[&I 2, 5]``, ``[->I 3-6]``, ``[|E 1, 2-4, 5-7]``, ``[Premise]`` or
``[Assume]``.

Knobs: ``atoms`` (2 -> 4), ``premises`` (1 -> 3) and ``depth`` (nesting of each formula,
1 -> 3). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.proofs import (
    ATOMS,
    BOTTOM,
    Formula,
    atom_masks,
    parse_formula,
    random_formula,
    show,
    truth_mask,
)
from rlvr_envs.families.shared.answer_parsing import AnswerError

MAX_LINES = 400
MAX_ORACLE_LINES = 70
RULE_NAMES = ("Premise", "Assume", "R", "&I", "&E", "|I", "|E", "->I", "->E", "~I", "~E",
              "#E", "IP", "<->I", "<->E")  # fmt: skip
_RULE = "|".join(re.escape(name) for name in sorted(RULE_NAMES, key=len, reverse=True))
_LINE = re.compile(rf"(\d{{1,4}})\s*[.:)]?\s*((?:\|\s*)*)([^\[\]]*)\[\s*({_RULE})\s*([^\]]*)\]")
_REF = re.compile(r"\s*(\d{1,4})(?:\s*-\s*(\d{1,4}))?\s*")
# rule -> the references it takes: "l" a line, "s" a subproof
SHAPES = {"Premise": "", "Assume": "", "R": "l", "&I": "ll", "&E": "l", "|I": "l",
          "|E": "lss", "->I": "s", "->E": "ll", "~I": "s", "~E": "ll", "#E": "l",
          "IP": "s", "<->I": "ss", "<->E": "ll"}  # fmt: skip

Line = tuple[int, Formula, str, list[Any]]


def read_proof(answer: str) -> list[Line]:
    """The answer's lines as (depth, formula, rule, references); a reference is a line
    number or a (first, last) subproof."""
    rows = [row.strip() for row in answer.strip().splitlines() if row.strip()]
    if not rows:
        raise AnswerError("no proof lines")
    if len(rows) > MAX_LINES:
        raise AnswerError(f"more than {MAX_LINES} lines")
    out: list[Line] = []
    for i, row in enumerate(rows, 1):
        match = _LINE.fullmatch(row[:600])
        if match is None:
            raise AnswerError(f"line {i} is not 'N. | formula [Rule refs]': {row[:40]!r}")
        number, bars, formula, rule, refs = match.groups()
        if int(number) != i:
            raise AnswerError(f"line {i} is numbered {number}: number the lines 1, 2, 3, ...")
        items: list[Any] = []
        for part in refs.split(",") if refs.strip() else []:
            ref = _REF.fullmatch(part)
            if ref is None:
                raise AnswerError(f"line {i}: {part.strip()[:20]!r} is not a line or a range")
            first, last = ref.groups()
            items.append(int(first) if last is None else (int(first), int(last)))
        if len(items) != len(SHAPES[rule]) or any(
            isinstance(item, tuple) != (kind == "s")
            for item, kind in zip(items, SHAPES[rule], strict=True)
        ):
            raise AnswerError(f"line {i}: {rule} cites {_shape_words(SHAPES[rule])}")
        out.append((bars.count("|"), parse_formula(formula), rule, items))
    return out


def _shape_words(shape: str) -> str:
    words = ["a line" if kind == "l" else "a subproof j-k" for kind in shape]
    return ", ".join(words) if words else "nothing"


def check_proof(lines: list[Line], premises: list[Formula], goal: Formula) -> str | None:
    """Why the proof is wrong (the first wrong line), or None when it is correct."""
    scopes: list[tuple[int, ...]] = []  # the open subproofs (their first lines) at each line
    stack: list[int] = []
    for n, (depth, _formula, rule, _refs) in enumerate(lines, 1):
        if rule == "Assume":
            if depth < 1 or depth > len(stack) + 1:
                return f"line {n}: an assumption opens a subproof one level deeper"
            stack = [*stack[: depth - 1], n]
        else:
            if depth > len(stack):
                return f"line {n} is deeper than any open subproof"
            stack = stack[:depth]
        scopes.append(tuple(stack))
        why = _check_line(n, lines, scopes, premises)
        if why:
            return f"line {n}: {why}"
    depth, formula, _, _ = lines[-1]
    if depth != 0 or formula != goal:
        return "the last line is not the conclusion, outside every subproof"
    return None


def _check_line(n: int, lines: list[Line], scopes: list[tuple[int, ...]], premises: list) -> str:
    depth, f, rule, refs = lines[n - 1]
    here = scopes[n - 1]

    def line(i: int) -> Formula:
        if not 1 <= i < n:
            raise _Bad(f"cites line {i}, which is not earlier")
        if here[: len(scopes[i - 1])] != scopes[i - 1]:
            raise _Bad(f"cites line {i}, inside a subproof closed before line {n}")
        return lines[i - 1][1]

    def sub(ref: tuple[int, int]) -> tuple[Formula, Formula]:
        j, k = ref
        if not 1 <= j <= k < n:
            raise _Bad(f"cites subproof {j}-{k}, which is not an earlier range")
        opened = scopes[j - 1]
        if lines[j - 1][2] != "Assume" or opened[-1:] != (j,):
            raise _Bad(f"cites subproof {j}-{k}, but line {j} does not open a subproof")
        if scopes[k - 1] != opened or any(
            scopes[i][: len(opened)] != opened for i in range(j - 1, k)
        ):
            raise _Bad(f"cites subproof {j}-{k}, but line {k} is not in that subproof")
        if here[: len(opened)] == opened or here[: len(opened) - 1] != opened[:-1]:
            raise _Bad(f"cites subproof {j}-{k}, which is not a closed subproof it may use")
        return lines[j - 1][1], lines[k - 1][1]

    try:
        ok = _rule_holds(f, rule, refs, line, sub, premises, depth)
    except _Bad as exc:
        return str(exc)
    return "" if ok else f"{show(f)} does not follow by {rule} from what it cites"


class _Bad(Exception):
    """A reference the line may not use."""


def _rule_holds(f, rule, refs, line, sub, premises, depth) -> bool:
    if rule == "Premise":
        return depth == 0 and f in premises
    if rule == "Assume":
        return True
    if rule == "R":
        return line(refs[0]) == f
    if rule == "&I":
        return f == ("and", line(refs[0]), line(refs[1]))
    if rule == "&E":
        a = line(refs[0])
        return a[0] == "and" and f in (a[1], a[2])
    if rule == "|I":
        return f[0] == "or" and line(refs[0]) in (f[1], f[2])
    if rule == "|E":
        a = line(refs[0])
        (h1, c1), (h2, c2) = sub(refs[1]), sub(refs[2])
        return a[0] == "or" and c1 == c2 == f and (h1, h2) in ((a[1], a[2]), (a[2], a[1]))
    if rule == "->I":
        h, c = sub(refs[0])
        return f == ("imp", h, c)
    if rule == "->E":
        a, b = line(refs[0]), line(refs[1])
        return a == ("imp", b, f) or b == ("imp", a, f)
    if rule == "~I":
        h, c = sub(refs[0])
        return c == BOTTOM and f == ("not", h)
    if rule == "~E":
        a, b = line(refs[0]), line(refs[1])
        return f == BOTTOM and (a == ("not", b) or b == ("not", a))
    if rule == "#E":
        return line(refs[0]) == BOTTOM
    if rule == "IP":
        h, c = sub(refs[0])
        return c == BOTTOM and h == ("not", f)
    if rule == "<->I":
        (h1, c1), (h2, c2) = sub(refs[0]), sub(refs[1])
        return f[0] == "iff" and {(h1, c1), (h2, c2)} == {(f[1], f[2]), (f[2], f[1])}
    # <->E
    a, b = line(refs[0]), line(refs[1])
    for iff, side in ((a, b), (b, a)):
        if iff[0] == "iff" and (
            (side == iff[1] and f == iff[2]) or (side == iff[2] and f == iff[1])
        ):
            return True
    return False


# -- the reference proof: a G3c proof read as natural deduction ------------------------------
class _Writer:
    """Collects proof lines; ``refute`` derives # from G and the negations of D."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def emit(self, depth: int, formula: Formula, rule: str, refs: list[Any] = ()) -> int:
        text = ", ".join(f"{r[0]}-{r[1]}" if isinstance(r, tuple) else str(r) for r in refs)
        bars = "| " * depth
        rule_text = f"{rule} {text}" if text else rule
        self.lines.append(f"{len(self.lines) + 1}. {bars}{show(formula)} [{rule_text}]")
        if len(self.lines) > MAX_ORACLE_LINES * 4:
            raise _TooLong
        return len(self.lines)

    def refute(self, left: list, right: list, hyp: dict, d: int) -> int:
        """A line ``#`` at depth ``d``, from lines ``hyp`` holding every formula of
        ``left`` and the negation of every formula of ``right``."""
        for a in left:
            if a in right:
                return self.emit(d, BOTTOM, "~E", [hyp[("not", a)], hyp[a]])
        pick = _pick(left, right)
        if pick is None:
            raise ValueError("not a valid sequent")
        side, a = pick
        rest_l = [x for x in left if not (side == "L" and x == a)]
        rest_r = [x for x in right if not (side == "R" and x == a)]
        kind = a[0]
        if side == "L" and kind == "not":
            return self.refute(rest_l, _add(rest_r, a[1]), hyp, d)
        if side == "R" and kind == "not":
            s = self.emit(d + 1, ("not", a[1]), "Assume")
            x = self.emit(d + 1, BOTTOM, "~E", [hyp[("not", a)], s])
            got = self.emit(d, a[1], "IP", [(s, x)])
            return self.refute(_add(rest_l, a[1]), rest_r, {**hyp, a[1]: got}, d)
        if side == "L" and kind == "and":
            one = self.emit(d, a[1], "&E", [hyp[a]])
            two = self.emit(d, a[2], "&E", [hyp[a]])
            new = {**hyp, a[1]: one, a[2]: two}
            return self.refute(_add(_add(rest_l, a[1]), a[2]), rest_r, new, d)
        if side == "R" and kind == "and":
            got = [self._by_ip(rest_l, _add(rest_r, part), hyp, d, part) for part in a[1:]]
            both = self.emit(d, a, "&I", got)
            return self.emit(d, BOTTOM, "~E", [hyp[("not", a)], both])
        if side == "L" and kind == "or":
            subs = []
            for part in a[1:]:
                s = self.emit(d + 1, part, "Assume")
                x = self.refute(_add(rest_l, part), rest_r, {**hyp, part: s}, d + 1)
                subs.append((s, x))
            return self.emit(d, BOTTOM, "|E", [hyp[a], *subs])
        if side == "R" and kind == "or":
            new = dict(hyp)
            for part in a[1:]:
                s = self.emit(d + 1, part, "Assume")
                o = self.emit(d + 1, a, "|I", [s])
                x = self.emit(d + 1, BOTTOM, "~E", [hyp[("not", a)], o])
                new[("not", part)] = self.emit(d, ("not", part), "~I", [(s, x)])
            return self.refute(rest_l, _add(_add(rest_r, a[1]), a[2]), new, d)
        if side == "L" and kind == "imp":
            got = self._by_ip(rest_l, _add(rest_r, a[1]), hyp, d, a[1])
            then = self.emit(d, a[2], "->E", [hyp[a], got])
            return self.refute(_add(rest_l, a[2]), rest_r, {**hyp, a[2]: then}, d)
        # ->R: ~B, then A by IP, then the premise
        b = self.emit(d + 1, a[2], "Assume")
        s = self.emit(d + 2, a[1], "Assume")
        r = self.emit(d + 2, a[2], "R", [b])
        imp = self.emit(d + 1, a, "->I", [(s, r)])
        x = self.emit(d + 1, BOTTOM, "~E", [hyp[("not", a)], imp])
        not_b = self.emit(d, ("not", a[2]), "~I", [(b, x)])
        na = self.emit(d + 1, ("not", a[1]), "Assume")
        s2 = self.emit(d + 2, a[1], "Assume")
        c = self.emit(d + 2, BOTTOM, "~E", [na, s2])
        bb = self.emit(d + 2, a[2], "#E", [c])
        imp2 = self.emit(d + 1, a, "->I", [(s2, bb)])
        x2 = self.emit(d + 1, BOTTOM, "~E", [hyp[("not", a)], imp2])
        got = self.emit(d, a[1], "IP", [(na, x2)])
        new = {**hyp, a[1]: got, ("not", a[2]): not_b}
        return self.refute(_add(rest_l, a[1]), _add(rest_r, a[2]), new, d)

    def _by_ip(self, left: list, right: list, hyp: dict, d: int, goal: Formula) -> int:
        """``goal`` at depth ``d`` by IP: assume ~goal, refute, conclude."""
        s = self.emit(d + 1, ("not", goal), "Assume")
        x = self.refute(left, right, {**hyp, ("not", goal): s}, d + 1)
        return self.emit(d, goal, "IP", [(s, x)])


class _TooLong(Exception):
    """The reference proof outgrew its cap."""


def _add(formulas: list, formula: Formula) -> list:
    return formulas if formula in formulas else [*formulas, formula]


def _pick(left: list, right: list) -> tuple[str, Formula] | None:
    """The principal formula: one-premise rules first, as SequentProof's prover does."""
    single = [("L", "not"), ("R", "not"), ("L", "and"), ("R", "or"), ("R", "imp")]
    double = [("R", "and"), ("L", "or"), ("L", "imp")]
    for side, kind in single + double:
        for f in left if side == "L" else right:
            if f[0] == kind:
                return side, f
    return None


def reference_proof(premises: list[Formula], goal: Formula) -> list[str]:
    """A natural-deduction proof of ``premises |- goal`` (valid, over ~ & | ->)."""
    writer = _Writer()
    hyp = {p: writer.emit(0, p, "Premise") for p in premises}
    if goal in hyp:
        writer.emit(0, goal, "R", [hyp[goal]])
        return writer.lines
    s = writer.emit(1, ("not", goal), "Assume")
    x = writer.refute(list(premises), [goal], {**hyp, ("not", goal): s}, 1)
    writer.emit(0, goal, "IP", [(s, x)])
    return writer.lines


class NaturalDeduction(Family):
    """A Fitch-style proof of a propositional entailment, checked rule by rule."""

    knobs: ClassVar[dict[str, Knob]] = {
        "atoms": Knob("int", 2, 5, default=3, easy=2, hard=4, doc="distinct atoms"),
        "premises": Knob("int", 1, 4, default=2, easy=1, hard=3, doc="premises"),
        "depth": Knob("int", 1, 4, default=2, easy=1, hard=3, doc="nesting of each formula"),
    }
    answer_syntax = "the proof, one numbered line per step: N. | formula [Rule refs]"
    answer_form = "a Fitch-style proof as numbered lines"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        atoms = ATOMS[: int(knobs["atoms"])]
        depth, count = int(knobs["depth"]), int(knobs["premises"])
        masks, full = atom_masks(atoms), (1 << (1 << len(atoms))) - 1
        while True:
            premises = [random_formula(rng, atoms, depth, "naoi") for _ in range(count)]
            holds = full
            for p in premises:
                holds &= truth_mask(p, masks, full)
            if not holds or len(set(premises)) < count:
                continue
            for _ in range(40):
                goal = random_formula(rng, atoms, max(depth, 2), "naoi")
                if goal in premises or holds & ~truth_mask(goal, masks, full):
                    continue
                try:
                    lines = reference_proof(premises, goal)
                except _TooLong:
                    continue
                if len(lines) <= MAX_ORACLE_LINES:
                    return self._draft(premises, goal, lines)

    def _draft(self, premises: list[Formula], goal: Formula, lines: list[str]) -> Draft:
        listed = "\n".join(f"    {show(p)}" for p in premises)
        question = (
            f"Premises:\n{listed}\nConclusion:\n    {show(goal)}\n\n"
            "Prove the conclusion from the premises in Fitch-style natural deduction. "
            "Formulas use ~ (not), & (and), | (or), -> (implies), <-> (if and only if) and # "
            "(a contradiction). Write one numbered line per step: N. then one | per open "
            "subproof, the formula, and in brackets the rule with the lines (i) or "
            "subproofs (j-k, from the assumption to its last line) it uses. Rules:\n"
            "  Premise: a premise (outside every subproof)   Assume: opens a subproof\n"
            "  R i: repeat A      &I i, j: A & B from A, B    &E i: A or B from A & B\n"
            "  |I i: A | B from A or B    |E i, j-k, l-m: C from A | B, A...C and B...C\n"
            "  ->I j-k: A -> B from A...B    ->E i, j: B from A -> B and A\n"
            "  ~I j-k: ~A from A...#    ~E i, j: # from ~A and A    #E i: any formula from #\n"
            "  IP j-k: A from ~A...#    <->I j-k, l-m: A <-> B from A...B and B...A\n"
            "  <->E i, j: B from A <-> B and A (or A from it and B)\n"
            "A line may use earlier lines and closed subproofs, but nothing inside a subproof "
            "that has been closed. The last line is the conclusion, outside every subproof. "
            "For example (another argument), a proof of b -> a from a:\n"
            "1. a [Premise]\n2. | b [Assume]\n3. | a [R 1]\n4. b -> a [->I 2-3]"
        )
        meta = {"premises": [show(p) for p in premises], "goal": show(goal),
                "lines": len(lines)}  # fmt: skip
        return Draft(question, "\n".join(lines), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            lines = read_proof(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        premises = [parse_formula(p) for p in problem.meta["premises"]]
        why = check_proof(lines, premises, parse_formula(problem.meta["goal"]))
        return Judgement.right() if why is None else Judgement.wrong(why=why)

    def complexity(self, problem: Problem) -> float:
        """Lines of the reference proof."""
        return float(problem.meta["lines"])
