"""SeriesGaps: the missing readings of a sensor that reports every few minutes.

A sensor reports at a fixed step (5, 10 or 15 minutes) from a stated first reading to a
stated last one; some readings are missing, in one to six runs. The readings are shown in
time order, or shuffled at hard settings.

Answer syntax: the missing times in time order, separated by commas, a run of two or more
written as ``first-last`` (``09:15, 10:40-11:05``).

Knobs: ``readings`` (expected readings, 10 -> 100), ``gaps`` (runs of missing readings,
1 -> 6) and ``shuffled`` (the readings are not in time order). Difficulty raises all three.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.data.readers import AnswerError, clock_text, read_clock, split_items


def missing_runs(present: list[int], first: int, last: int, step: int) -> list[list[int]]:
    """Runs ``[start, end]`` of the expected times (first..last by step) not in ``present``."""
    have, runs = set(present), []
    for t in range(first, last + 1, step):
        if t in have:
            continue
        if runs and runs[-1][1] == t - step:
            runs[-1][1] = t
        else:
            runs.append([t, t])
    return runs


def runs_text(runs: list[list[int]]) -> str:
    return ", ".join(
        clock_text(a) if a == b else f"{clock_text(a)}-{clock_text(b)}" for a, b in runs
    )


class SeriesGaps(Family):
    """The missing readings of a fixed-step series, as runs."""

    knobs: ClassVar[dict[str, Knob]] = {
        "readings": Knob("int", 8, 150, default=20, easy=10, hard=100, doc="expected readings"),
        "gaps": Knob("int", 1, 8, default=2, easy=1, hard=6, doc="runs of missing readings"),
        "shuffled": Knob("bool", default=False, doc="readings shown out of time order"),
    }
    answer_syntax = (
        "the missing times in time order, separated by commas, a run of two or more written "
        "as first-last (e.g. 09:15, 10:40-11:05)"
    )
    answer_form = "times HH:MM and runs HH:MM-HH:MM separated by commas"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, gaps, shuffled = int(knobs["readings"]), int(knobs["gaps"]), knobs["shuffled"]
        gaps = min(gaps, (n - 2) // 3)
        step = rng.choice([s for s in (5, 10, 15) if n * s < 1400])
        first = rng.randrange(0, 24 * 60 - n * step) // step * step
        slots = list(range(first, first + n * step, step))
        while True:
            starts = sorted(rng.sample(range(1, n - 2), gaps))
            gone = set()
            for s in starts:
                gone.update(range(s, min(s + rng.choice((1, 1, 2, 3)), n - 1)))
            runs = missing_runs([slots[i] for i in range(n) if i not in gone], slots[0],
                                slots[-1], step)  # fmt: skip
            if len(runs) == gaps:
                break
        present = [slots[i] for i in range(n) if i not in gone]
        shown = list(present)
        if shuffled:
            rng.shuffle(shown)
        lines = "\n".join(f"{clock_text(t)} {rng.randint(150, 260) / 10:.1f} C" for t in shown)
        question = (
            f"A sensor reports a temperature every {step} minutes, from {clock_text(slots[0])} "
            f"to {clock_text(slots[-1])} (both reported). The readings received"
            + (" (not in time order)" if shuffled else "")
            + f":\n{lines}\n\nWhich readings are missing? Write a run of two or more "
            "consecutive missing times as first-last."
        )
        meta = {"present": present, "first": slots[0], "last": slots[-1], "step": step}
        return Draft(question, runs_text(runs), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            got = []
            for item in split_items(answer):
                a, dash, b = item.partition("-")
                got.append([read_clock(a), read_clock(b) if dash else read_clock(a)])
                if dash and got[-1][1] <= got[-1][0]:
                    raise AnswerError(f"{item[:40]!r}: a run ends after it starts")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        meta = problem.meta
        want = missing_runs(meta["present"], meta["first"], meta["last"], meta["step"])
        return Judgement.right() if got == want else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Readings times runs, doubled when shuffled."""
        meta = problem.meta
        runs = problem.answer.count(",") + 1
        return len(meta["present"]) * runs * (2 if problem.knobs.get("shuffled") else 1)
