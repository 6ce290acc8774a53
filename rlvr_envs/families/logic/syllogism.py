"""Syllogism: what follows about two groups from categorical premises, or a countermodel.

Premises are categorical statements in the four traditional forms, All X are Y (A), No X are
Y (E), Some X are Y (I) and Some X are not Y (O), about groups named by plural nouns. They
form a chain from the group X to the group Z (two premises: a classic syllogism; more: a
sorites), plus distractor premises about further groups. Every group named has at least one
member (the traditional reading with existential import, so "All X are Y" gives "Some X are
Y"); the prompt says so.

The task is the strongest statement with subject X and predicate Z that follows: All or No
if one of those follows, else Some or Some ... not, else ``none``. Whether a statement
follows is decided exactly: a model is fixed by which of the ``2**groups`` Venn regions have
members; A and E premises empty regions, I and O premises and the non-empty groups each ask
that one region of a list has members, so the premises are satisfiable exactly when every
such list keeps a region that is not emptied, and a statement follows when adding its
negation leaves some list with none. This is the exhaustive check over every model, done in
linear time; a test compares it with brute force over all region patterns.

Answer syntax: the statement, ``All X are Z``, ``No X are Z``, ``Some X are Z`` or ``Some X
are not Z`` with the groups' names (for No and Some the converse, ``No Z are X``, is the same
statement and accepted), a colon and the numbers of the premises it follows from, none of
which can be left out (``All cats are pets: 1, 4``; any such minimal set is accepted), or
``none`` followed by at most four countermodels separated by ``|``: small worlds listing
every group as a set of members numbered 1 to 99, ``none | cats = {1, 2}; dogs = {2} | cats
= {1}; dogs = {1}``. The countermodels must satisfy every premise with every group
non-empty, and each of the four statements about X and Z must be false in one of them (two
worlds always suffice: one where no X is Z, one where every X is Z). A weaker statement
that follows (Some when All follows) is wrong; a bare ``none`` is unparsable; case and a
final full stop are ignored.

"The strongest" is always one form: All and No, and All and Some ... not, contradict each
other, since X has members; All gives Some and No gives Some ... not. Some and Some ... not
never both follow without All or No on a chain (checked exhaustively over every chain of up
to six groups), and distractor premises, each about a new group, never change what follows
about X and Z (any model of the others extends to the new group).

Half the problems have no conclusion and the forms share the other half equally. A policy
that answers "All X are Z" with every premise cited is right only when the form is A and no
premise is a distractor (an eighth of the problems at difficulty 0, none from distractors
1 on); a constant answer earns nothing, since the groups' names change.

Knobs: ``groups`` (groups on the chain from X to Z, 3 = a classic syllogism at difficulty 0,
up to 6 at 1) and ``distractors`` (premises about further groups, which the answer must
ignore or, in a countermodel, still satisfy: 0 at difficulty 0, 3 at 1).
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import AnswerError, small_int

GROUPS = (
    "artists", "bakers", "chemists", "dancers", "drivers", "farmers", "gardeners", "hikers",
    "judges", "knitters", "lawyers", "miners", "nurses", "painters", "pilots", "poets",
    "potters", "rowers", "sailors", "singers", "skaters", "surfers", "tailors", "teachers",
    "voters", "welders", "writers", "archers", "boxers", "cyclists", "divers", "fencers",
    "golfers", "jugglers", "sculptors", "runners", "swimmers", "builders", "climbers", "actors",
)  # fmt: skip
FORMS = ("A", "E", "I", "O")
TEMPLATE = {
    "A": "All {} are {}",
    "E": "No {} are {}",
    "I": "Some {} are {}",
    "O": "Some {} are not {}",
}
STRENGTH = ("A", "E", "I", "O")  # the strongest that follows is the first in this order
MAX_MEMBERS = 99
MAX_WORLDS = 4


class Syllogism(Family):
    """Give the strongest categorical conclusion about X and Z, or countermodels to all."""

    knobs: ClassVar[dict[str, Knob]] = {
        "groups": Knob("int", 3, 6, default=3, easy=3, hard=6, doc="groups on the chain"),
        "distractors": Knob(
            "int", 0, 3, default=1, easy=0, hard=3, doc="premises about other groups"
        ),
    }
    answer_syntax = (
        "the strongest statement and the premises it needs (e.g. Some cats are not dogs: 1, 3), "
        "or none and countermodels (e.g. none | cats = {1, 2}; dogs = {2} | cats = {1}; dogs = {1})"
    )
    answer_form = "categorical statement or countermodels"
    unique_answer = False  # any countermodels; the converse of No and Some
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        m, d = int(knobs["groups"]), int(knobs["distractors"])
        draw = rng.random()  # half the problems have no conclusion, each form an eighth
        target = None if draw < 0.5 else FORMS[min(int((draw - 0.5) * 8), 3)]
        while True:
            premises = _chain(rng, m, target is not None)
            if strongest(premises, m) == target:
                break
        for t in range(m, m + d):  # each distractor group hangs off an earlier group
            other = rng.randrange(t)
            pair = [t, other] if rng.random() < 0.5 else [other, t]
            premises.append([rng.choice(FORMS), *pair])
        rng.shuffle(premises)
        total = m + d
        names = rng.sample(GROUPS, total)
        meta = {"groups": names, "premises": premises, "x": 0, "z": m - 1}
        if target is None:
            worlds = [_witness(premises, total, 0, m - 1, f) for f in ("E", "A")]
            answer = "none | " + " | ".join(_render_world(w, names) for w in worlds)
        else:
            used = needed(premises, total, 0, m - 1, target)
            statement = TEMPLATE[target].format(names[0], names[m - 1])
            answer = f"{statement}: {', '.join(str(i + 1) for i in used)}"
        return Draft(_question(meta), answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        names, premises = meta["groups"], meta["premises"]
        x, z = meta["x"], meta["z"]
        try:
            parsed = parse_answer(answer, names)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        best = strongest(premises, len(names), x, z)
        if parsed[0] == "statement":
            form, subject, predicate, cited = parsed[1]
            if (subject, predicate) == (z, x) and form in ("E", "I"):
                subject, predicate = x, z
            if (subject, predicate) != (x, z):
                why = f"the statement must have subject {names[x]} and predicate {names[z]}"
                return Judgement.wrong(why=why)
            if form != best:
                if form in follows(premises, len(names), x, z):
                    return Judgement.wrong(why="that statement follows but is not the strongest")
                return Judgement.wrong(why="that statement does not follow")
            if any(i >= len(premises) for i in cited):
                return Judgement.wrong(why="a cited premise does not exist")
            chosen = [premises[i] for i in cited]
            if form not in follows(chosen, len(names), x, z):
                return Judgement.wrong(why="the cited premises alone do not give the statement")
            for k in range(len(chosen)):
                if form in follows(chosen[:k] + chosen[k + 1 :], len(names), x, z):
                    return Judgement.wrong(why=f"premise {cited[k] + 1} is not needed")
            return Judgement.right()
        refuted = set()
        for index, world in enumerate(parsed[1], 1):
            sets = [world.get(t) for t in range(len(names))]
            missing = [names[t] for t, s in enumerate(sets) if not s]
            if missing:
                return Judgement.wrong(why=f"world {index} leaves {missing[0]} empty or unlisted")
            for p, premise in enumerate(premises, 1):
                if not true_in(premise, sets):
                    return Judgement.wrong(why=f"premise {p} is false in world {index}")
            refuted |= {f for f in FORMS if not true_in([f, x, z], sets)}
        if refuted != set(FORMS):
            left = TEMPLATE[min(set(FORMS) - refuted)].format(names[x], names[z])
            return Judgement.wrong(why=f"no world makes {left!r} false")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Groups plus premises (the Venn regions to reason about grow as 2**groups)."""
        meta = problem.meta
        return len(meta["groups"]) + len(meta["premises"])


# -- deciding what follows ------------------------------------------------------------------
# A set of Venn regions is an int whose bit r is region r; region r holds the members that
# are in group t exactly when bit t of r is set.
@cache
def _members(total: int) -> tuple[int, ...]:
    """For each group, the regions inside it."""
    return tuple(sum(1 << r for r in range(1 << total) if r >> t & 1) for t in range(total))


def _constraints(premises: list, total: int) -> tuple[int, list[int]]:
    """(emptied regions, region sets of which one region each must have members)."""
    inside = _members(total)
    empty = 0
    need = list(inside)  # every group has a member
    for form, a, b in premises:
        if form == "A":
            empty |= inside[a] & ~inside[b]
        elif form == "E":
            empty |= inside[a] & inside[b]
        else:
            need.append(inside[a] & inside[b] if form == "I" else inside[a] & ~inside[b])
    return empty, need


def _satisfiable(empty: int, need: list[int]) -> bool:
    return all(regions & ~empty for regions in need)


def follows(premises: list, total: int, x: int, z: int) -> set[str]:
    """The forms about (x, z) that every model of the premises makes true."""
    empty, need = _constraints(premises, total)
    inside = _members(total)
    both, only = inside[x] & inside[z], inside[x] & ~inside[z]
    out = set()
    # A follows when "Some x are not z" cannot hold; E when "Some x are z" cannot; I when
    # emptying both (No x are z) leaves the premises unsatisfiable; O likewise with only.
    if not only & ~empty:
        out.add("A")
    if not both & ~empty:
        out.add("E")
    if not _satisfiable(empty | both, need):
        out.add("I")
    if not _satisfiable(empty | only, need):
        out.add("O")
    return out


def strongest(premises: list, total: int, x: int = 0, z: int | None = None) -> str | None:
    """The strongest form about (x, z) that follows (x = 0, z = total - 1 by default)."""
    z = total - 1 if z is None else z
    found = follows(premises, total, x, z)
    return next((f for f in STRENGTH if f in found), None)


def needed(premises: list, total: int, x: int, z: int, form: str) -> list[int]:
    """Indices of a set of premises that gives ``form`` about (x, z), none of them spare."""
    keep = list(range(len(premises)))
    for i in range(len(premises)):
        rest = [premises[j] for j in keep if j != i]
        if form in follows(rest, total, x, z):
            keep.remove(i)
    return keep


def _witness(premises: list, total: int, x: int, z: int, form: str) -> list[list[int]]:
    """A small world (members per group) of the premises where ``form`` about (x, z) holds
    as a universal: E (no x is z) or A (every x is z). One member per region used."""
    empty, need = _constraints(premises, total)
    inside = _members(total)
    empty |= inside[x] & inside[z] if form == "E" else inside[x] & ~inside[z]
    chosen, used = [], 0
    for options in need:
        if not options & used:
            free = options & ~empty
            region = (free & -free).bit_length() - 1
            chosen.append(region)
            used |= 1 << region
    return [[i + 1 for i, r in enumerate(chosen) if r >> t & 1] for t in range(total)]


def true_in(premise: list, sets: list) -> bool:
    """Whether the statement (form, a, b) holds of the sets of members."""
    form, a, b = premise
    inside = sets[a] & sets[b]
    if form == "A":
        return sets[a] <= sets[b]
    if form == "E":
        return not inside
    if form == "I":
        return bool(inside)
    return bool(sets[a] - sets[b])


def _chain(rng: random.Random, m: int, want: bool) -> list[list]:
    """Premises linking group i to i + 1; biased toward a conclusion when ``want``."""
    premises = []
    for i in range(m - 1):
        if want:
            form = rng.choices(FORMS, weights=(6, 1, 1, 1))[0]
            forward = rng.random() < 0.8
        else:
            form, forward = rng.choice(FORMS), rng.random() < 0.5
        premises.append([form, i, i + 1] if forward else [form, i + 1, i])
    return premises


# -- text -----------------------------------------------------------------------------------
def _question(meta: dict) -> str:
    names = meta["groups"]
    lines = "\n".join(
        f"{i}. " + TEMPLATE[form].format(names[a], names[b]) + "."
        for i, (form, a, b) in enumerate(meta["premises"], 1)
    )
    x, z = names[meta["x"]], names[meta["z"]]
    return (
        f"Premises:\n{lines}\n\n"
        "Every group named here has at least one member. Find the strongest statement with "
        f"subject {x} and predicate {z} that follows from the premises: one of the form All "
        "... are ... or No ... are ... if one follows, otherwise Some ... are ... or Some ... "
        "are not ... if one follows. Write it, a colon and the numbers of the premises it "
        "follows from, none of which could be left out (e.g. No cats are dogs: 2, 4). If none "
        f"of the four statements follows, write none followed by at most {MAX_WORLDS} "
        "countermodels separated by |: small worlds that list every group above as a set of "
        f"members numbered 1 to {MAX_MEMBERS}, each making every premise true with no group "
        "empty, such that each of the four "
        f"statements about {x} and {z} is false in at least one world (e.g. none | cats = "
        "{1, 2}; dogs = {2} | cats = {1}; dogs = {1}, listing every group)."
    )


def _render_world(world: list[list[int]], names: list[str]) -> str:
    return "; ".join(
        f"{name} = {{{', '.join(map(str, members))}}}" for name, members in zip(names, world)
    )


_STATEMENT = re.compile(
    r"(all|no|some)\s+([a-z]+)\s+are\s+(not\s+)?([a-z]+)\s*\.?\s*:([\d,\s]*)", re.IGNORECASE
)
_ASSIGN = re.compile(r"\s*([A-Za-z]+)\s*=\s*\{([^{}]*)\}\s*")


def parse_answer(text: str, names: list[str]) -> tuple:
    """("statement", (form, subject, predicate)) or ("worlds", [ {group: set} ...])."""
    if len(text) > 4000:
        raise AnswerError("the answer is too long")
    index = {name: i for i, name in enumerate(names)}
    stripped = text.strip()
    if stripped.endswith("."):  # a sentence's full stop after the answer
        stripped = stripped[:-1].rstrip()
    match = _STATEMENT.fullmatch(stripped)
    if match:
        quantifier, subject, negated, predicate, numbers = match.groups()
        quantifier = quantifier.lower()
        if quantifier != "some" and negated:
            raise AnswerError("only 'Some ... are not ...' may use 'not'")
        form = {"all": "A", "no": "E"}.get(quantifier) or ("O" if negated else "I")
        ends = []
        for word in (subject, predicate):
            if word.lower() not in index:
                raise AnswerError(f"{word!r} is not a group of the premises")
            ends.append(index[word.lower()])
        cited = [small_int(n) - 1 for n in re.split(r"[\s,]+", numbers.strip()) if n]
        if not cited:
            raise AnswerError("cite the premises the statement follows from after the colon")
        if len(set(cited)) != len(cited) or min(cited) < 0:
            raise AnswerError("cite each premise once, by its number")
        return "statement", (form, *ends, cited)
    parts = stripped.split("|")
    if parts[0].strip().lower() != "none":
        raise AnswerError("expected a statement with premises (All X are Z: 1, 2) or none | worlds")
    worlds = parts[1:]
    if not worlds:
        raise AnswerError("none needs countermodels after |")
    if len(worlds) > MAX_WORLDS:
        raise AnswerError(f"more than {MAX_WORLDS} worlds")
    out = []
    for world in worlds:
        sets: dict[int, set[int]] = {}
        for item in world.split(";"):
            if not item.strip():
                continue
            found = _ASSIGN.fullmatch(item)
            if found is None:
                raise AnswerError(f"expected group = {{members}} at {item.strip()[:20]!r}")
            name, members = found.group(1).lower(), found.group(2)
            if name not in index:
                raise AnswerError(f"{found.group(1)!r} is not a group of the premises")
            if index[name] in sets:
                raise AnswerError(f"{name} is listed twice in one world")
            values = set()
            for member in members.split(","):
                if member.strip():
                    value = small_int(member.strip())
                    if not 1 <= value <= MAX_MEMBERS:
                        raise AnswerError(f"members are numbered 1 to {MAX_MEMBERS}")
                    values.add(value)
            sets[index[name]] = values
        out.append(sets)
    return "worlds", out
