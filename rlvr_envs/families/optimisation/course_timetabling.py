"""CourseTimetabling: a time slot and a room for every course, keeping every hard rule.

``courses`` courses go into 4 weekly time slots and a few rooms (enough for the courses and
one more). Hard rules: a room holds one course per slot, a course's students fit the
room's seats, a room is not used in a slot where it is unavailable, a teacher's courses
are in different slots, and two courses that share students are in different slots. Any
timetable keeping every rule is right: the task has no grade (reward 1 when feasible, 0
otherwise), like ``ShiftRostering``, and the prompt says so. The generator plants a
timetable (distinct slot-room pairs at random), then draws everything around it: room
seats, course sizes that fit the planted room, teachers whose courses the plant keeps
apart, a ``share`` percent of the course pairs in different planted slots as sharing
students, and about two in five of the unused slot-room pairs as unavailable, so a
timetable exists by construction; the check tests every rule against the answer, never
against the planted timetable (the tests find other timetables with a SAT solver,
python-sat).

Answer syntax: each course's slot and room, in course order, separated by ``|``
(``T2 R1 | T1 R3 | T2 R2``; the letters may be left out: ``2 1 | 1 3 | 2 2``).

Knobs: ``courses`` (6 -> 12) and ``share`` (percent of separable course pairs that share
students, 20 -> 50). Difficulty raises both.
"""

from __future__ import annotations

import itertools
import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.optimisation.scoring import AnswerError
from rlvr_envs.families.optimisation.shop_schedules import read_times

SLOTS = 4
_LABEL = re.compile(r"\b[TtRr](?=\d)")


def broken_rule(meta: dict, placed: list[list[int]]) -> str | None:
    """The first rule that ``placed`` (each course's ``[slot, room]``, from 0) breaks, or
    None."""
    seats, sizes = meta["seats"], meta["sizes"]
    closed = {(slot, room) for slot, room in meta["unavailable"]}
    for c, (slot, room) in enumerate(placed, 1):
        if not (0 <= slot < SLOTS and 0 <= room < len(seats)):
            return f"course {c} names a slot or room that does not exist"
        if sizes[c - 1] > seats[room]:
            return f"course {c} has {sizes[c - 1]} students, R{room + 1} seats {seats[room]}"
        if (slot, room) in closed:
            return f"R{room + 1} is unavailable in T{slot + 1}"
    for a, b in itertools.combinations(range(len(placed)), 2):
        if placed[a] == placed[b]:
            return f"courses {a + 1} and {b + 1} share a room and a slot"
    teacher = meta["teachers"]
    for a, b in itertools.combinations(range(len(placed)), 2):
        if teacher[a] == teacher[b] and placed[a][0] == placed[b][0]:
            return f"courses {a + 1} and {b + 1} have one teacher in one slot"
    for a, b in meta["shared"]:
        if placed[a][0] == placed[b][0]:
            return f"courses {a + 1} and {b + 1} share students in one slot"
    return None


class CourseTimetabling(Family):
    """A feasible course timetable under hard rules (reward 1 when every rule holds)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "courses": Knob("int", 4, 14, default=8, easy=6, hard=12, doc="courses"),
        "share": Knob(
            "int", 0, 80, default=30, easy=20, hard=50, doc="percent of pairs sharing students"
        ),
    }
    answer_syntax = (
        "each course's slot and room in course order, separated by | (e.g. T2 R1 | T1 R3)"
    )
    answer_form = "a slot and a room per course"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, share = int(knobs["courses"]), int(knobs["share"])
        rooms = -(-n // SLOTS) + 1
        pairs = rng.sample([(s, r) for s in range(SLOTS) for r in range(rooms)], n)
        seats = [rng.choice((20, 30, 40, 50, 60, 80)) for _ in range(rooms)]
        sizes = [rng.randrange(10, seats[r] + 1, 5) for _, r in pairs]
        teachers: list[int] = []
        busy: list[set[int]] = []  # each teacher's planted slots
        for slot, _ in pairs:
            free = [t for t, slots in enumerate(busy) if slot not in slots]
            if not free or rng.random() < 0.3:
                busy.append(set())
                free = [len(busy) - 1]
            t = rng.choice(free)
            busy[t].add(slot)
            teachers.append(t)
        shared = [
            [a, b]
            for a, b in itertools.combinations(range(n), 2)
            if pairs[a][0] != pairs[b][0] and rng.random() * 100 < share
        ]
        used = set(pairs)
        unavailable = [
            [s, r]
            for s in range(SLOTS)
            for r in range(rooms)
            if (s, r) not in used and rng.random() < 0.4
        ]
        closed: dict[int, list[str]] = {}
        for s, r in unavailable:
            closed.setdefault(r, []).append(f"T{s + 1}")
        room_lines = "\n".join(
            f"R{r + 1}: {seats[r]} seats"
            + (f", unavailable in {', '.join(closed[r])}" if r in closed else "")
            for r in range(rooms)
        )
        course_lines = "\n".join(
            f"Course {c + 1}: {sizes[c]} students, teacher {chr(65 + teachers[c])}"
            for c in range(n)
        )
        clash_text = ", ".join(f"{a + 1}-{b + 1}" for a, b in shared) or "none"
        question = (
            f"Timetable {n} courses into the time slots T1 to T{SLOTS} and the rooms below. "
            "Rules: a room holds at most one course per slot; a course's students must fit "
            "the room's seats; a room is not used in a slot where it is unavailable; a "
            "teacher's courses are in different slots; and two courses that share students "
            f"are in different slots.\n\nRooms:\n{room_lines}\n\nCourses:\n{course_lines}\n\n"
            f"Pairs of courses that share students: {clash_text}.\n\n"
            "Give each course's slot and room, course 1 first, separated by | (for example "
            "T2 R1 | T1 R3). Any timetable that keeps every rule earns 1; a timetable that "
            "breaks a rule earns 0."
        )
        meta = {"seats": seats, "sizes": sizes, "teachers": teachers, "shared": shared,
                "unavailable": unavailable}  # fmt: skip
        answer = " | ".join(f"T{s + 1} R{r + 1}" for s, r in pairs)
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        sizes = problem.meta["sizes"]
        parts = answer.split("|")
        if len(parts) != len(sizes):
            return Judgement.unparsable(f"expected {len(sizes)} courses separated by |")
        try:
            placed = [[v - 1 for v in read_times(_LABEL.sub("", p), 2, "number")] for p in parts]
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        why = broken_rule(problem.meta, placed)
        return Judgement.wrong(why=why) if why else Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Courses times slot-room pairs, plus the pairs sharing students."""
        meta = problem.meta
        return len(meta["sizes"]) * SLOTS * len(meta["seats"]) + len(meta["shared"])
