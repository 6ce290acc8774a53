"""Throughput of the curriculum benchmark's pieces, on one core.

A student-step is one group of G attempts at one spec and the simulated student's update from
it. This measures the student alone (the target is >= 10,000 student-steps/s on one core) and
the whole loop with each teacher (sample, train, update), on the ``mixed`` scenario over the
``math-v0`` task space::

    python bench/curriculum_bench.py            # every teacher, 20,000 steps each
    python bench/curriculum_bench.py --steps 5000 --teachers uniform sec alp-gmm
"""

from __future__ import annotations

import argparse
import json
import time

from rlvr_envs.curriculum import TEACHERS, TaskSpace, make_teacher
from rlvr_envs.curriculum.scenarios import SCENARIOS


def student_rate(space: TaskSpace, steps: int, batch: int) -> float:
    """Student-steps per second of the simulated student alone (specs prepared beforehand)."""
    student = SCENARIOS["mixed"].make_student(space, 0)
    teacher = make_teacher("uniform", space, seed=0)
    batches = [teacher.sample(batch) for _ in range(steps // batch)]
    start = time.perf_counter()
    for specs in batches:
        student.train(specs)
    return len(batches) * batch / (time.perf_counter() - start)


def loop_rate(space: TaskSpace, name: str, steps: int, batch: int) -> float:
    """Student-steps per second of the whole loop: teacher.sample, student.train, update."""
    student = SCENARIOS["mixed"].make_student(space, 0)
    options = {"budget": steps} if name == "schedule" else {}
    teacher = make_teacher(name, space, seed=0, **options)
    start = time.perf_counter()
    done = 0
    while done < steps:
        outcomes = student.train(teacher.sample(batch))
        teacher.update(outcomes)
        done += len(outcomes)
    return done / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--teachers", nargs="+", default=sorted(TEACHERS))
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    space = TaskSpace.from_suite("math-v0")
    rates = {"student alone": student_rate(space, args.steps, args.batch)}
    for name in args.teachers:
        rates[f"loop with {name}"] = loop_rate(space, name, args.steps, args.batch)
    if args.json:
        print(json.dumps({k: round(v) for k, v in rates.items()}, indent=1))
        return
    print(f"student-steps/s on one core ({args.steps:,} steps, batches of {args.batch}, G=8)")
    for what, rate in rates.items():
        print(f"  {what:<28} {rate:>10,.0f}")


if __name__ == "__main__":
    main()
