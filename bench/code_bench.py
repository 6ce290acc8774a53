"""Code-v1 families: generation and grading throughput, one core.

Run: ``python bench/code_bench.py`` (from ``bench/``, with the project importable). Pinned to
one CPU core (the sandbox's jails run on it too); every rate is the best of ``--repeats``
windows of ``--seconds`` each, interleaved across families.

* Generation: ``task.generate(seed=i, ...)`` at default knobs and at difficulty 1.
* Grading: ``rlvr_envs.verify(problem, oracle)``, the reference program graded on every
  hidden test in the sandbox. *Fresh* grades a new problem each time (its large input is
  built from its seed first); *grouped* grades each problem 8 times in a row, as a GRPO
  group of completions arrives (the large input is built once and kept).

No peer has these tasks (reasoning-gym's code tasks predict outputs of given programs, none
grades a program on hidden tests drawn from an algorithmic generator), so the rows of
``rlvr/FunctionSynthesis-v0`` and ``rlvr/Efficiency-v0`` (Code-v0) are the reference.

Writes ``bench/results/code.{json,md}``; ``--only ID`` measures one id and writes nothing.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import time
from collections.abc import Callable
from pathlib import Path

import rlvr_envs
from rlvr_envs.families.code import CODE_V0, CODE_V1

RESULTS = Path(__file__).parent / "results"
REFERENCE = ["rlvr/FunctionSynthesis-v0", "rlvr/Efficiency-v0"]
GROUP = 8


def best_rate(step: Callable[[int], object], seconds: float) -> float:
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        step(done)
        done += 1
    return done / elapsed


def steps(env_id: str) -> dict[str, Callable[[int], object]]:
    task = rlvr_envs.make_task(env_id)
    cache: dict[tuple, tuple] = {}

    def problem(seed: int, difficulty: float | None):
        key = (seed, difficulty)
        if key not in cache:  # one problem at a time: generation is not what is timed
            cache.clear()
            p = task.generate(seed=seed, difficulty=difficulty)
            cache[key] = (p, rlvr_envs.oracle_completion(p))
        return cache[key]

    def generate(difficulty: float | None) -> Callable[[int], object]:
        calls = itertools.count(10**6)
        return lambda _: task.generate(seed=next(calls), difficulty=difficulty)

    def grade(difficulty: float | None, group: int) -> Callable[[int], object]:
        offset = {None: 0, 1.0: 10**5}[difficulty] + (group > 1) * 10**4
        calls = itertools.count()  # across windows: a fresh problem is never seen twice

        def step(_: int) -> object:
            p, oracle = problem(offset + next(calls) // group, difficulty)
            verdict = rlvr_envs.verify(p, oracle)
            if not verdict.correct:
                raise AssertionError(f"{env_id}: the oracle failed ({verdict.reason})")
            return verdict

        return step

    return {
        "generate_default": generate(None),
        "generate_d1": generate(1.0),
        "grade_fresh_default": grade(None, 1),
        "grade_fresh_d1": grade(1.0, 1),
        "grade_grouped_d1": grade(1.0, GROUP),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--only", help="one env id; prints, writes nothing")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    ids = [args.only] if args.only else REFERENCE + [i for i in CODE_V1 if i not in CODE_V0]
    load_start = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    plans = {env_id: steps(env_id) for env_id in ids}
    best = {env_id: dict.fromkeys(plan, 0.0) for env_id, plan in plans.items()}
    for plan in plans.values():  # warm-up: workers, jails, imports
        for step in plan.values():
            step(0)
    for _ in range(args.repeats):
        for env_id, plan in plans.items():
            for name, step in plan.items():
                best[env_id][name] = max(best[env_id][name], best_rate(step, args.seconds))
        print(".", end="", flush=True)
    print()
    rows = [{"env_id": env_id, **rates} for env_id, rates in best.items()]
    new = [r for r in rows if r["env_id"] not in REFERENCE]
    summary = {
        "slowest_generate_default": min(r["generate_default"] for r in new),
        "slowest_generate_d1": min(r["generate_d1"] for r in new),
        "slowest_grade_fresh_d1": min(r["grade_fresh_d1"] for r in new),
        "machine": f"{platform.processor() or platform.machine()}, Python "
        f"{platform.python_version()}",
        "load_average": [load_start, os.getloadavg()[0] if hasattr(os, "getloadavg") else None],
        "cpus": os.cpu_count(),
        "seconds": args.seconds,
        "repeats": args.repeats,
    }
    text = markdown(rows, summary)
    print(text)
    if not args.only:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "code.json").write_text(json.dumps({"families": rows, **summary}, indent=2))
        (RESULTS / "code.md").write_text(text)


def markdown(rows: list[dict], summary: dict) -> str:
    start, end = summary["load_average"]
    lines = [
        "# Code-v1 families: generation and grading, one core",
        "",
        f"{summary['machine']}; best of {summary['repeats']} windows of {summary['seconds']} s, "
        f"interleaved; 1-minute load average {start:.1f} at the start and {end:.1f} at the end "
        f"on {summary['cpus']} CPUs. Grading runs the reference program on every hidden test "
        f"in the sandbox; *grouped* grades each problem {GROUP} times in a row (a GRPO group). "
        "Written by `python bench/code_bench.py`.",
        "",
        "| env id | generate /s (default) | generate /s (d=1) | grade /s fresh (default) "
        "| grade /s fresh (d=1) | grade /s grouped (d=1) |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['env_id']} | {r['generate_default']:.0f} | {r['generate_d1']:.0f} "
            f"| {r['grade_fresh_default']:.1f} | {r['grade_fresh_d1']:.1f} "
            f"| {r['grade_grouped_d1']:.1f} |"
        )
    lines += [
        "",
        f"Slowest new family: {summary['slowest_generate_default']:.0f} problems/s generated at "
        f"default knobs, {summary['slowest_generate_d1']:.0f}/s at difficulty 1; "
        f"{summary['slowest_grade_fresh_d1']:.1f} fresh gradings/s at difficulty 1. The first two "
        "rows (Code-v0) are the reference: no peer grades programs on hidden tests drawn from an "
        "algorithmic generator.",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
