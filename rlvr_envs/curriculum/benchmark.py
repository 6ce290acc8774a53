"""The curriculum benchmark: teachers x scenarios x seeds, evaluated on a held-out test set.

Every run trains one fresh student with one teacher for ``budget`` student-steps (a
student-step is one group of ``group_size`` attempts at one spec), ``batch`` specs per
trainer step, and measures test success on a fixed held-out test set over the whole task
space at ``evals`` evenly spaced points. Runs of one scenario and seed share the student's
ground truth, so teachers are compared on the same students. Runs execute in parallel
processes; results are a pure function of the configuration (no timings, no dependence on
worker count or order), so they reproduce to the digit.

:func:`run_curriculum` is the loop itself and only needs the teacher interface and a
:class:`~rlvr_envs.curriculum.students.Student`; simulated students are what
:func:`run_benchmark` plugs in.
"""

from __future__ import annotations

import functools
import json
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

import numpy as np

from rlvr_envs.curriculum.scenarios import DEFAULT_SUITE, SCENARIOS, get_scenario, held_out_specs
from rlvr_envs.curriculum.space import TaskSpace, TaskSpec
from rlvr_envs.curriculum.stats import (
    first_crossing,
    iqm,
    iqm_interval,
    mean_of_iqms,
)
from rlvr_envs.curriculum.students import Student, StudentConfig, student_cards
from rlvr_envs.curriculum.teachers import TEACHERS, Teacher, make_teacher

BASELINE = "uniform"


def all_teachers() -> tuple[str, ...]:
    """Every registered teacher, the baseline first."""
    return (BASELINE, *sorted(t for t in TEACHERS if t != BASELINE))


def leaderboard_teachers() -> tuple[str, ...]:
    """Every teacher, plus the knob-box teachers run on the difficulty scalar instead."""
    variants = ("alp-gmm:mode=difficulty", "riac:mode=difficulty", "adr:mode=difficulty")
    return (*all_teachers(), *variants)


def parse_teacher(label: str) -> tuple[str, dict[str, Any]]:
    """``"alp-gmm:mode=difficulty,random_share=0.3"`` -> ``("alp-gmm", {"mode":
    "difficulty", "random_share": 0.3})``: a teacher name with options (values parsed as JSON
    where they can be)."""
    name, _, rest = label.partition(":")
    options: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq:
            raise ValueError(f"teacher option {item!r} of {label!r} must be key=value")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    if name not in TEACHERS:
        raise ValueError(f"unknown teacher {name!r}; known: {', '.join(sorted(TEACHERS))}")
    return name, options


@dataclass(frozen=True)
class BenchConfig:
    """What one benchmark run covers; the defaults are the published leaderboard's."""

    suite: str = DEFAULT_SUITE
    scenarios: tuple[str, ...] = tuple(SCENARIOS)
    teachers: tuple[str, ...] = field(default_factory=leaderboard_teachers)
    seeds: int = 10
    budget: int = 20_000
    batch: int = 32
    evals: int = 40
    test_per_env: int = 24
    group_size: int = 8
    bins: int = 10

    def __post_init__(self) -> None:
        for name in self.scenarios:
            get_scenario(name)
        for label in self.teachers:
            parse_teacher(label)
        if self.seeds < 1 or self.budget < self.evals or self.evals < 1 or self.batch < 1:
            raise ValueError("need seeds >= 1, evals >= 1, batch >= 1 and budget >= evals")

    @classmethod
    def quick(cls, **changes: Any) -> BenchConfig:
        """The ``--quick`` preset: every teacher (defaults only) on two scenarios, briefly."""
        preset = {
            "scenarios": ("mixed", "infeasible"),
            "teachers": all_teachers(),
            "seeds": 3,
            "budget": 5_000,
            "evals": 20,
        }
        return cls(**{**preset, **changes})

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["scenarios"], data["teachers"] = list(self.scenarios), list(self.teachers)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BenchConfig:
        data = dict(data)
        data["scenarios"], data["teachers"] = tuple(data["scenarios"]), tuple(data["teachers"])
        return cls(**data)

    def eval_steps(self) -> list[int]:
        """The student-steps at which test success is measured (0 and ``evals`` more)."""
        return [round(k * self.budget / self.evals) for k in range(self.evals + 1)]


def teacher_options(name: str, config: BenchConfig) -> dict[str, Any]:
    """Options the benchmark gives a teacher: those in its label, and what it cannot know
    otherwise (the schedule's step budget); otherwise teachers run with their defaults."""
    name, options = parse_teacher(name)
    return {**({"budget": config.budget} if name == "schedule" else {}), **options}


def run_curriculum(
    teacher: Teacher,
    student: Student,
    test: Sequence[TaskSpec],
    eval_steps: Sequence[int],
    batch: int,
) -> dict[str, Any]:
    """Train ``student`` with ``teacher`` up to ``eval_steps[-1]`` student-steps, measuring test
    success at each of ``eval_steps``; also counts groups that taught nothing (all rewards
    equal)."""
    steps, success = [], []
    done = flat = 0
    for target in eval_steps:
        while done < target:
            outcomes = student.train(teacher.sample(min(batch, target - done)))
            teacher.update(outcomes)
            done += len(outcomes)
            flat += sum(1 for o in outcomes if min(o.rewards) == max(o.rewards))
        steps.append(done)
        success.append(student.evaluate(test))
    return {"steps": steps, "success": success, "flat_groups": flat / max(done, 1)}


@functools.lru_cache(maxsize=8)
def _space(suite: str, bins: int) -> TaskSpace:
    return TaskSpace.from_suite(suite, bins=bins)


def calibrated_cards(student: Student, config: BenchConfig, seed: int) -> list[Any]:
    """Difficulty cards of ``student`` before training (teacher option ``cards=student``):
    ``config.bins`` bins of 16 problems per env, ``group_size`` attempts each, measured as
    ``rlvr calibrate`` measures a model (:func:`rlvr_envs.curriculum.students.student_cards`).
    The attempts do not train the student and are not counted in the budget."""
    return student_cards(student, bins=config.bins, n=16, k=config.group_size, seed=seed)


def run_one(config: BenchConfig, scenario: str, teacher: str, seed: int) -> dict[str, Any]:
    """One run: a fresh simulated student of ``scenario`` (ground truth from ``seed``) trained
    by ``teacher`` (seeded with ``seed``). A label with ``cards=student`` (e.g.
    ``"sec:cards=student"``) starts the teacher from cards of this student, measured before
    training (:func:`calibrated_cards`); ``cards=PATH`` from a ``cards.json``."""
    space = _space(config.suite, config.bins)
    test = held_out_specs(space, config.test_per_env)
    student = get_scenario(scenario).make_student(
        space, seed, StudentConfig(group_size=config.group_size)
    )
    ceiling = student.best_possible(test)
    options = teacher_options(teacher, config)
    if options.get("cards") == "student":
        options["cards"] = calibrated_cards(student, config, seed)
    run = run_curriculum(
        make_teacher(parse_teacher(teacher)[0], space, seed=seed, **options),
        student,
        test,
        config.eval_steps(),
        config.batch,
    )
    return {
        "scenario": scenario,
        "teacher": teacher,
        "seed": seed,
        "success": [round(float(x), 6) for x in run["success"]],
        "flat_groups": round(run["flat_groups"], 6),
        "ceiling": round(float(ceiling), 6),
    }


def _job(args: tuple[dict[str, Any], str, str, int]) -> tuple[dict[str, Any], float]:
    config, scenario, teacher, seed = args
    start = time.perf_counter()
    result = run_one(BenchConfig.from_dict(config), scenario, teacher, seed)
    return result, time.perf_counter() - start


# Teachers whose runs take longest go first, so that parallel workers finish together.
_SLOW_FIRST = ("alp-gmm", "riac", "learning-progress", "dump", "plr")


def run_benchmark(
    config: BenchConfig,
    *,
    workers: int | None = None,
    progress: bool = True,
    log: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Every run of ``config`` in ``workers`` processes (default: all cores), then the
    analysis; the result is JSON-serialisable and independent of ``workers``."""
    from tqdm import tqdm

    jobs = [
        (config.to_dict(), scenario, teacher, seed)
        for teacher in config.teachers
        for scenario in config.scenarios
        for seed in range(config.seeds)
    ]
    jobs.sort(
        key=lambda j: (
            _SLOW_FIRST.index(parse_teacher(j[2])[0])
            if parse_teacher(j[2])[0] in _SLOW_FIRST
            else 99
        )
    )
    workers = max(1, min(workers or _cpu_count(), len(jobs)))
    bar = tqdm(
        total=len(jobs), desc="curriculum runs", unit="run", file=sys.stderr, disable=not progress
    )
    runs, seconds = [], 0.0
    start = time.perf_counter()
    if workers == 1:
        for job in jobs:
            result, took = _job(job)
            runs.append(result)
            seconds += took
            bar.update()
    else:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor, as_completed

        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            futures = [pool.submit(_job, job) for job in jobs]
            for future in as_completed(futures):
                result, took = future.result()
                runs.append(result)
                seconds += took
                bar.update()
    bar.close()
    wall = time.perf_counter() - start
    steps = len(jobs) * config.budget
    if log:
        log(
            f"{len(jobs)} runs, {steps:,} student-steps in {wall:.1f} s on {workers} workers "
            f"({steps / max(seconds, 1e-9):,.0f} student-steps/s per worker, teachers included)"
        )
    order = {name: i for i, name in enumerate(config.teachers)}
    scen = {name: i for i, name in enumerate(config.scenarios)}
    runs.sort(key=lambda r: (scen[r["scenario"]], order[r["teacher"]], r["seed"]))
    space = _space(config.suite, config.bins)
    return {
        "benchmark": "rlvr-envs curricula",
        "config": config.to_dict(),
        "space": space.to_dict(),
        "scenarios": {
            name: {
                "challenge": SCENARIOS[name].challenge,
                "description": SCENARIOS[name].description,
            }
            for name in config.scenarios
        },
        "student": asdict(StudentConfig(group_size=config.group_size)),
        "student_overrides": {name: SCENARIOS[name].student for name in config.scenarios},
        "eval_steps": config.eval_steps(),
        "runs": runs,
        "summary": analyse(config, runs),
        "lm_students": [],
    }


def _cpu_count() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover
        return os.cpu_count() or 1


# -- analysis --------------------------------------------------------------------------------


def _auc(steps: Sequence[int], curve: Sequence[float]) -> float:
    """Area under the test-success curve over the budget, normalised to [0, 1]."""
    x, y = np.asarray(steps, dtype=float), np.asarray(curve, dtype=float)
    return float(((y[1:] + y[:-1]) * np.diff(x)).sum() / 2.0 / (x[-1] - x[0]))


def _interval(values: Sequence[float] | Sequence[np.ndarray], seed: int) -> dict[str, float]:
    """IQM with its 95% interval: of one array of runs, or of several strata of runs."""
    strata = values if isinstance(values, list) else [np.asarray(values)]
    point, low, high = iqm_interval(strata, seed=seed)
    return {"iqm": point, "low": low, "high": high}


def _scenario_mean(strata: list[np.ndarray], seed: int) -> dict[str, float]:
    """Mean over scenarios of the IQM over seeds, with its 95% stratified interval."""
    point, low, high = mean_of_iqms(strata, seed=seed)
    return {"iqm": point, "low": low, "high": high}


def _speedup(
    steps: np.ndarray, curves: np.ndarray, base: np.ndarray, budget: int, seed: int
) -> dict[str, float]:
    """How many times fewer steps than the budget the IQM curve of ``curves`` needs to reach
    the final IQM of ``base`` (the baseline's curves on the same students), with a 95% paired
    bootstrap interval over students; 0 when it never gets there."""

    def ratio(c: np.ndarray, b: np.ndarray) -> float:
        hit = first_crossing(steps, np.asarray(iqm(c, axis=0)), float(iqm(b[:, -1])))
        if hit == 0:
            return math.inf
        return budget / hit if math.isfinite(hit) else 0.0

    rng = np.random.default_rng(seed)
    samples = []
    for _ in range(1000):
        idx = rng.integers(0, len(curves), len(curves))
        samples.append(ratio(curves[idx], base[idx]))
    low, high = np.percentile(samples, [2.5, 97.5], method="nearest")
    return {"speedup": ratio(curves, base), "low": float(low), "high": float(high)}


def _normalised(values: np.ndarray, start: np.ndarray, ceiling: np.ndarray) -> np.ndarray:
    """Share of the learnable improvement: 0 at the untrained student, 1 at the ceiling."""
    return (values - start) / np.maximum(ceiling - start, 1e-9)


def analyse(config: BenchConfig, runs: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per scenario and teacher: AUC, final success and steps to 80% of the best final (IQM
    with 95% intervals), the paired AUC difference to the baseline on the same students, and
    the speed-up to the baseline's final success; then, over scenarios, the mean of the
    per-scenario IQMs of the normalised AUC (share of the learnable improvement gained,
    averaged over the run) and of its paired difference to the baseline."""
    steps = np.asarray(config.eval_steps(), dtype=float)
    by_key: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in runs:
        by_key.setdefault((r["scenario"], r["teacher"]), []).append(r)
    for v in by_key.values():
        v.sort(key=lambda r: r["seed"])
    has_base = BASELINE in config.teachers
    table: dict[str, Any] = {}
    norm_auc: dict[str, list[np.ndarray]] = {t: [] for t in config.teachers}
    norm_delta: dict[str, list[np.ndarray]] = {t: [] for t in config.teachers}
    for s_i, scenario in enumerate(config.scenarios):
        curves = {
            t: np.asarray([r["success"] for r in by_key[scenario, t]]) for t in config.teachers
        }
        aucs = {t: np.array([_auc(steps, run) for run in curves[t]]) for t in config.teachers}
        start = curves[config.teachers[0]][:, 0]  # the same untrained student for every teacher
        ceiling = np.array([r["ceiling"] for r in by_key[scenario, config.teachers[0]]])
        best_final = np.max([curves[t][:, -1] for t in config.teachers], axis=0)
        rows = {}
        for t_i, teacher in enumerate(config.teachers):
            seed = 1000 * s_i + t_i
            c = curves[teacher]
            goal = start + 0.8 * (best_final - start)
            reach = np.array([first_crossing(steps, run, g) for run, g in zip(c, goal)])
            row = {
                "auc": _interval(aucs[teacher], seed),
                "final": _interval(c[:, -1], seed),
                "steps_to_80": _interval(reach, seed),
                "flat_groups": float(
                    np.mean([r["flat_groups"] for r in by_key[scenario, teacher]])
                ),
            }
            norm = _normalised(aucs[teacher], start, ceiling)
            norm_auc[teacher].append(norm)
            if has_base:
                delta = aucs[teacher] - aucs[BASELINE]
                row["delta_auc"] = _interval(delta, seed)
                row["speedup_to_baseline_final"] = _speedup(
                    steps, c, curves[BASELINE], config.budget, seed
                )
                norm_delta[teacher].append(norm - _normalised(aucs[BASELINE], start, ceiling))
            rows[teacher] = row
        table[scenario] = {
            "start": float(np.mean(start)),
            "ceiling": float(np.mean(ceiling)),
            "teachers": rows,
        }
    overall = {}
    for t_i, teacher in enumerate(config.teachers):
        row = {"normalised_auc": _scenario_mean(norm_auc[teacher], 99_000 + t_i)}
        if has_base:
            row["delta_normalised_auc"] = _scenario_mean(norm_delta[teacher], 99_000 + t_i)
            deltas = [table[s]["teachers"][teacher]["delta_auc"] for s in config.scenarios]
            row["better_in"] = [s for s, d in zip(config.scenarios, deltas) if d["low"] > 0]
            row["worse_in"] = [s for s, d in zip(config.scenarios, deltas) if d["high"] < 0]
        overall[teacher] = row
    return {"scenarios": table, "overall": overall, "targets": _targets(config, table)}


def _targets(config: BenchConfig, table: dict[str, Any]) -> list[dict[str, Any]]:
    """The project's two headline targets, checked against the speed-ups."""
    goals = [
        (
            "mixed",
            2.0,
            "best teacher reaches uniform's final test success in at most half the steps",
        ),
        ("infeasible", 3.0, "at least one teacher is 3x more sample-efficient than uniform"),
    ]
    out = []
    for scenario, factor, text in goals:
        if scenario not in table or BASELINE not in config.teachers:
            continue
        rows = {t: r for t, r in table[scenario]["teachers"].items() if t != BASELINE}
        if not rows:
            continue
        best = max(rows, key=lambda t: rows[t]["speedup_to_baseline_final"]["speedup"])
        speed = rows[best]["speedup_to_baseline_final"]
        out.append(
            {
                "scenario": scenario,
                "target": text,
                "needed_speedup": factor,
                "best_teacher": best,
                "speedup": speed["speedup"],
                "low": speed["low"],
                "high": speed["high"],
                "met": speed["speedup"] >= factor,
            }
        )
    return out


def with_changes(config: BenchConfig, **changes: Any) -> BenchConfig:
    """``config`` with some fields replaced (None values are ignored)."""
    return replace(config, **{k: v for k, v in changes.items() if v is not None})
