"""RiverCrossing: a plan that brings everyone across a river without breaking a rule.

Two variants of the classic puzzle (Alcuin of York, *Propositiones ad acuendos iuvenes*,
c. 800; the missionaries version from the nineteenth century):

* ``items``: a farmer ferries ``size`` things (names drawn from a pool: fox, hen, grain, ...)
  in a boat that holds the farmer and at most ``capacity`` things; some pairs may never be
  left together on a bank without the farmer. The conflict pairs and the capacity are
  drawn, and an instance is kept when breadth-first search over the 2^(size+1) states finds
  a plan, preferring instances where the conflicts make the shortest plan longer than
  shuttling with no rules would (2 * ceil(size / capacity) - 1 crossings).
* ``groups``: ``size`` people of one group (missionaries, knights, guards, ...) and as many or
  one fewer of another (cannibals, thieves, prisoners, ...) cross in a boat for 1 to B
  people; on either bank, wherever the first group has anyone, the second may not
  outnumber them. B is the smallest boat that admits a plan (found by search), or one more.

Everything starts on the left bank; the boat starts there too. Solvability is proved by
the breadth-first search that also gives the reference (shortest) plan.

Answer syntax: the crossings in order, separated by semicolons (or new lines); a crossing
may be numbered (``1.``). ``items``: the things the farmer takes, joined by ``and`` (or
``+``, ``&``, commas), or ``nothing`` when the farmer crosses alone: ``hen; nothing; fox;
hen; grain; nothing; hen``. ``groups``: the people in the boat as counts with the groups'
letters, ``2C; 1C; 1M 1C`` (``CC`` reads as ``2C``). Case is free. The verifier simulates
every crossing (an illegal one is wrong, with the reason) and checks that everyone ends on
the right bank; any valid plan scores 1. With ``shortest`` the prompt asks for the fewest
crossings, and a longer valid plan is wrong with ``score = shortest / crossings``.

Knobs: ``variant`` (items, then groups), ``size`` (things, or people of the first group:
3..6) and ``shortest`` (any plan, then a shortest one). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.state_search import bfs, split_steps
from rlvr_envs.families.shared.answer_parsing import AnswerError, small_int

ITEMS = (
    "fox", "hen", "grain", "wolf", "goat", "cabbage", "dog", "cat", "mouse", "cheese",
    "rabbit", "carrot", "lion", "sheep", "hay", "snake", "frog", "fly", "owl", "seeds",
    "worm", "bear", "honey", "bee",
)  # fmt: skip
# (singular, plural, letter) of the group that must not be outnumbered, then of the other.
GROUPS = (
    (("missionary", "missionaries", "M"), ("cannibal", "cannibals", "C")),
    (("knight", "knights", "K"), ("thief", "thieves", "T")),
    (("guard", "guards", "G"), ("prisoner", "prisoners", "P")),
    (("elf", "elves", "E"), ("goblin", "goblins", "G")),
    (("sailor", "sailors", "S"), ("pirate", "pirates", "P")),
    (("ranger", "rangers", "R"), ("bandit", "bandits", "B")),
    (("teacher", "teachers", "T"), ("student", "students", "S")),
    (("shepherd", "shepherds", "S"), ("wolf", "wolves", "W")),
    (("hunter", "hunters", "H"), ("bear", "bears", "B")),
    (("adult", "adults", "A"), ("child", "children", "C")),
    (("nurse", "nurses", "N"), ("patient", "patients", "P")),
    (("owner", "owners", "O"), ("dog", "dogs", "D")),
)
NOTHING = frozenset({"nothing", "alone", "none", "empty"})
FILLER = frozenset({"and", "the", "a", "an"})
MAX_STEPS = 400
MAX_TRIES = 60


class RiverCrossing(Family):
    """Plan the crossings of a river-crossing puzzle (any valid plan, or a shortest one)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "variant": Knob(
            "categorical",
            choices=("items", "groups"),
            default="items",
            doc="a farmer with things and conflict pairs, or two groups of people",
        ),
        "size": Knob("int", 3, 6, default=4, easy=3, hard=6, doc="things, or people per group"),
        "shortest": Knob("bool", default=False, easy=False, doc="ask for the fewest crossings"),
    }
    answer_syntax = (
        "the crossings in order separated by semicolons, each written as the question "
        "says (e.g. hen; nothing; fox for things, or 2C; 1C; 1M 1C for people)"
    )
    answer_form = "crossing plan"
    unique_answer = False
    single_answer = False

    # -- generation -------------------------------------------------------------------
    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        if knobs["variant"] == "items":
            meta = _draw_items(rng, int(knobs["size"]))
        else:
            meta = _draw_groups(rng, int(knobs["size"]))
        meta["shortest"] = bool(knobs["shortest"])
        if meta["variant"] == "items":
            question = _items_question(meta)
            answer = "; ".join(
                " and ".join(meta["items"][i] for i in step) if step else "nothing"
                for step in meta["plan"]
            )
        else:
            question = _groups_question(meta)
            letters = meta["letters"]
            answer = "; ".join(
                " ".join(f"{n}{letter}" for n, letter in zip(step, letters) if n)
                for step in meta["plan"]
            )
        if meta["shortest"]:
            question += " Use as few crossings as possible."
        meta["best"] = len(meta.pop("plan"))
        return Draft(question, answer, meta)

    # -- checking ---------------------------------------------------------------------
    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        try:
            steps = split_steps(answer, MAX_STEPS)
            if meta["variant"] == "items":
                plan = [_parse_items(step, meta["items"]) for step in steps]
            else:
                plan = [_parse_groups(step, meta["letters"]) for step in steps]
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        simulate = _run_items if meta["variant"] == "items" else _run_groups
        why = simulate(meta, plan)
        if why:
            return Judgement.wrong(why=why)
        if meta["shortest"] and len(plan) > meta["best"]:
            return Judgement.wrong(
                score=meta["best"] / len(plan), why=f"a plan with {meta['best']} crossings exists"
            )
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Crossings of the shortest plan plus the number of things or people."""
        meta = problem.meta
        people = len(meta["items"]) if meta["variant"] == "items" else sum(meta["counts"])
        return meta["best"] + people


# -- the items variant -------------------------------------------------------------------
def _items_moves(n: int, cap: int, bad: list[int]):
    """Moves over states (farmer's bank, mask of things on the right bank)."""
    full = (1 << n) - 1
    subsets = [s for s in range(1 << n) if bin(s).count("1") <= cap]

    def moves(state):
        side, right = state
        here = right if side else full & ~right
        for s in subsets:
            if s & here != s:
                continue
            new_right = right & ~s if side else right | s
            left_behind = here & ~s
            if any(left_behind & b == b for b in bad):
                continue
            yield s, (1 - side, new_right)

    return moves


def _draw_items(rng: random.Random, n: int) -> dict:
    fallback = None
    for _ in range(MAX_TRIES):
        cap = 1 if n == 3 else rng.choice((1, 2))
        pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
        count = rng.randint(max(1, n - 2), min(len(pairs), n + 1))
        conflicts = sorted(rng.sample(pairs, count))
        bad = [(1 << i) | (1 << j) for i, j in conflicts]
        plan = bfs((0, 0), _items_moves(n, cap, bad), (1, (1 << n) - 1).__eq__)
        if plan is None:
            continue
        names = rng.sample(ITEMS, n)
        steps = [[i for i in range(n) if s >> i & 1] for s in plan]
        meta = {"variant": "items", "items": names, "capacity": cap,
                "conflicts": [list(p) for p in conflicts], "plan": steps}  # fmt: skip
        if len(plan) > 2 * -(-n // cap) - 1:
            return meta
        fallback = fallback or meta
    if fallback is None:  # no conflicts at all: always solvable (not reached in practice)
        names = rng.sample(ITEMS, n)
        steps = []
        for i in range(n):
            steps += [[i], []]
        fallback = {"variant": "items", "items": names, "capacity": 1, "conflicts": [],
                    "plan": steps[:-1]}  # fmt: skip
    return fallback


def _items_question(meta: dict) -> str:
    names, cap = meta["items"], meta["capacity"]
    things = ", ".join(f"a {x}" for x in names[:-1]) + f" and a {names[-1]}"
    pairs = "; ".join(f"the {names[i]} and the {names[j]}" for i, j in meta["conflicts"])
    room = "one of them" if cap == 1 else f"at most {cap} of them"
    return (
        f"River crossing. A farmer on the left bank of a river has {len(names)} things to "
        f"bring to the right bank: {things}. The boat holds the farmer and {room}, and "
        f"only the farmer rows, so the farmer is on every crossing (crossings alternate: "
        f"left to right, right to left, ...). These pairs may never be left together on "
        f"a bank without the farmer: {pairs}. Give a plan that brings everything to the "
        f"right bank: the crossings in order, separated by semicolons, each written as "
        f"the things the farmer takes on it joined by 'and', or 'nothing' when the farmer "
        f"crosses alone."
    )


def _parse_items(step: str, names: list[str]) -> list[int]:
    words = re.split(r"[\s,+&]+", step.lower().strip(" .\t"))
    words = [w for w in words if w]
    if len(words) > 40:
        raise AnswerError("a crossing names far too many things")
    if len(words) == 1 and words[0] in NOTHING:
        return []
    taken = []
    for word in words:
        if word in FILLER:
            continue
        if word not in names:
            raise AnswerError(f"{word[:20]!r} is not one of the things (or 'nothing')")
        taken.append(names.index(word))
    if not taken:
        raise AnswerError(f"crossing {step[:30]!r} names nothing; write 'nothing'")
    return taken


def _run_items(meta: dict, plan: list[list[int]]) -> str:
    names, cap = meta["items"], meta["capacity"]
    n = len(names)
    right = [False] * n
    farmer = False  # False: left bank
    for k, taken in enumerate(plan, 1):
        if len(set(taken)) != len(taken):
            return f"crossing {k} names a thing twice"
        if len(taken) > cap:
            return f"crossing {k} takes {len(taken)} things; the boat holds {cap}"
        for i in taken:
            if right[i] != farmer:
                return f"crossing {k}: the {names[i]} is not on the farmer's bank"
        for i in taken:
            right[i] = not farmer
        for i, j in meta["conflicts"]:
            if right[i] == right[j] == farmer:
                bank = "right" if farmer else "left"
                return f"after crossing {k} the {names[i]} and the {names[j]} are alone on the {bank} bank"  # noqa: E501
        farmer = not farmer
    if not (farmer and all(right)):
        return "not everything ends on the right bank"
    return ""


# -- the groups variant ------------------------------------------------------------------
def _safe(m: int, c: int) -> bool:
    return m == 0 or m >= c


def _groups_moves(total: tuple[int, int], cap: int):
    loads = [(a, b) for a in range(cap + 1) for b in range(cap + 1 - a) if a + b]

    def moves(state):
        m, c, side = state  # people of each group on the left bank; side 0: boat on the left
        for a, b in loads:
            if side == 0:
                nm, nc = m - a, c - b
            else:
                nm, nc = m + a, c + b
            if not (0 <= nm <= total[0] and 0 <= nc <= total[1]):
                continue
            if _safe(nm, nc) and _safe(total[0] - nm, total[1] - nc):
                yield (a, b), (nm, nc, 1 - side)

    return moves


def _draw_groups(rng: random.Random, n: int) -> dict:
    first, second = rng.choice(GROUPS)
    counts = (n, n - rng.choice((0, 1)))
    plans = {}
    for cap in range(2, 6):
        plan = bfs((counts[0], counts[1], 0), _groups_moves(counts, cap), lambda s: s == (0, 0, 1))
        if plan is not None:
            plans[cap] = plan
        if len(plans) == 2:
            break
    cap = rng.choice(sorted(plans))
    return {
        "variant": "groups",
        "names": [list(first[:2]), list(second[:2])],
        "letters": [first[2], second[2]],
        "counts": list(counts),
        "capacity": cap,
        "plan": [list(step) for step in plans[cap]],
    }


def _groups_question(meta: dict) -> str:
    (s1, p1), (s2, p2) = meta["names"]
    (l1, l2), (m, c), cap = meta["letters"], meta["counts"], meta["capacity"]
    return (
        f"River crossing. {m} {p1 if m > 1 else s1} and {c} {p2 if c > 1 else s2} are on "
        f"the left bank of a river and must all reach the right bank. The boat is on the "
        f"left bank; it carries 1 to {cap} people (anyone can row, and it never crosses "
        f"empty), and crossings alternate: left to right, right to left, ... After every "
        f"crossing (the people in the boat count as on the bank where it lands), on each "
        f"bank where there is at least one {s1}, the {p2} there must not outnumber the "
        f"{p1}. Give a plan: the crossings in order, separated by semicolons, each written "
        f"as who is in the boat, counts with the letters {l1} ({s1}) and {l2} ({s2}), "
        f"e.g. 1{l1} 1{l2} or 2{l2}."
    )


def _parse_groups(step: str, letters: list[str]) -> list[int]:
    l1, l2 = (x.lower() for x in letters)
    text = re.sub(r"\band\b|[+,&]", " ", step.lower())
    if len(text) > 60:
        raise AnswerError("a crossing is far too long")
    load = [0, 0]
    pos = 0
    found = False
    token = re.compile(r"\s*(\d{0,6})\s*([a-z])")
    while pos < len(text.rstrip(" .")):
        match = token.match(text, pos)
        if match is None or match.group(2) not in (l1, l2):
            raise AnswerError(f"expected counts like 1{letters[0]} 1{letters[1]} in {step[:30]!r}")
        count = small_int(match.group(1)) if match.group(1) else 1
        load[0 if match.group(2) == l1 else 1] += count
        found = True
        pos = match.end()
    if not found:
        raise AnswerError(f"crossing {step[:30]!r} names no one")
    return load


def _run_groups(meta: dict, plan: list[list[int]]) -> str:
    (p1, p2), cap = (n[1] for n in meta["names"]), meta["capacity"]
    left = list(meta["counts"])
    total = meta["counts"]
    boat = 0
    for k, (a, b) in enumerate(plan, 1):
        if not 1 <= a + b <= cap:
            return f"crossing {k} carries {a + b} people; the boat carries 1 to {cap}"
        here = left if boat == 0 else [total[0] - left[0], total[1] - left[1]]
        if a > here[0] or b > here[1]:
            return f"crossing {k} takes more people than are on that bank"
        sign = -1 if boat == 0 else 1
        left = [left[0] + sign * a, left[1] + sign * b]
        for bank, (m, c) in (("left", left), ("right", (total[0] - left[0], total[1] - left[1]))):
            if not _safe(m, c):
                return f"after crossing {k} the {p2} outnumber the {p1} on the {bank} bank"
        boat = 1 - boat
    if left != [0, 0]:
        return "not everyone ends on the right bank"
    return ""
