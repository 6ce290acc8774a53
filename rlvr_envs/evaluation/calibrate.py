"""``rlvr calibrate``: sweep each env's difficulty, measure a model's pass rate per bin, and
write difficulty cards (:mod:`rlvr_envs.evaluation.cards`).

The sweep, per env: the env's difficulty range (a suite row's, default [0, 1]) cut into ``B``
equal-width bins; ``N`` problems per bin at difficulties evenly spread inside it (the ``j``-th
at ``lo + (j + 1/2) / N * width``), with seeds from :data:`CALIBRATION_SEEDS`, a block of
``core.EVAL_SEEDS`` that training never draws from and that the suites' frozen evaluation
sets (``EVAL_SEEDS.start + i``) do not reach, distinct across bins; ``k`` samples per
problem. A bin's pass rate is the fraction of correct samples among its non-error samples;
samples whose requests failed are reported as errors and never counted as wrong.

:func:`calibrate_env` and :func:`calibrate_envs` take a *scorer*, ``scorer(problems) ->
[(n_correct, n_ok), ...]`` per problem, so the sweep runs without a server (tests, simulated
students: :func:`student_cards`); the command builds the scorer from
:func:`rlvr_envs.evaluation.score_problems`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import numpy as np

from rlvr_envs.core import EVAL_SEEDS, stable_seed
from rlvr_envs.evaluation.cards import LEVELS, DifficultyCard, plot_cards, save_cards

CALIBRATION_SEEDS = range(EVAL_SEEDS.start + 2**39, EVAL_SEEDS.stop)
"""Seeds of calibration problems: the upper half of ``EVAL_SEEDS`` (the frozen evaluation
sets use ``EVAL_SEEDS.start + i`` for small ``i``; training never draws from ``EVAL_SEEDS``)."""

Scorer = Callable[[Sequence[Any]], Sequence[tuple[int, int]]]
"""Scores problems: per problem ``(n_correct, n_ok)``, correct samples among non-error ones."""

Generate = Callable[[str, int, float], Any]
"""Makes the item a scorer receives from ``(env_id, seed, difficulty)`` (default: the
env's :class:`~rlvr_envs.core.Problem`)."""


@dataclass(frozen=True)
class SweepPoint:
    """One problem of a sweep: its bin, difficulty and seed."""

    bin: int
    difficulty: float
    seed: int


def sweep_points(
    bins: int, n: int, difficulty_range: tuple[float, float] = (0.0, 1.0), seed: int = 0
) -> list[SweepPoint]:
    """The ``bins * n`` problems of one env's sweep, bin by bin (see the module doc)."""
    _check_sweep(bins, n, difficulty_range, seed)
    low, high = float(difficulty_range[0]), float(difficulty_range[1])
    width = (high - low) / bins
    base = CALIBRATION_SEEDS.start + seed * bins * n
    return [
        SweepPoint(b, low + b * width + (j + 0.5) / n * width, base + b * n + j)
        for b in range(bins)
        for j in range(n)
    ]


def _check_sweep(bins: int, n: int, difficulty_range: tuple[float, float], seed: int) -> None:
    if bins < 1:
        raise ValueError(f"--bins must be >= 1, got {bins}")
    if n < 1:
        raise ValueError(f"--n (problems per bin) must be >= 1, got {n}")
    low, high = difficulty_range
    if not 0.0 <= low < high <= 1.0:
        raise ValueError(
            f"a difficulty range to sweep must satisfy 0 <= low < high <= 1, got {difficulty_range}"
        )
    if seed < 0 or CALIBRATION_SEEDS.start + (seed + 1) * bins * n > CALIBRATION_SEEDS.stop:
        raise ValueError(f"seed must be a small non-negative integer, got {seed}")


def calibrate_envs(
    targets: Sequence[tuple[str, tuple[float, float]]],
    scorer: Scorer,
    *,
    bins: int = 10,
    n: int = 20,
    k: int = 1,
    seed: int = 0,
    model: str = "",
    confidence: float = 0.95,
    settings: dict[str, Any] | None = None,
    generate: Generate | None = None,
) -> list[DifficultyCard]:
    """One card per ``(env_id, difficulty_range)`` of ``targets``.

    Every env's sweep goes to ``scorer`` in one call (so a server sees one stream of
    requests). ``k`` is the samples per problem the scorer takes: a problem's ``k - n_ok``
    failed samples are counted as the bin's errors.
    """
    if not targets:
        raise ValueError("nothing to calibrate: no env ids")
    if k < 1:
        raise ValueError(f"--k must be >= 1, got {k}")
    make = generate or _problem_maker()
    sweeps = [sweep_points(bins, n, tuple(rng), seed) for _, rng in targets]
    items = [
        make(env_id, p.seed, p.difficulty) for (env_id, _), s in zip(targets, sweeps) for p in s
    ]
    scores = list(scorer(items))
    if len(scores) != len(items):
        raise ValueError(f"the scorer returned {len(scores)} results for {len(items)} problems")
    date = datetime.now(timezone.utc).isoformat(timespec="seconds")
    cards, at = [], 0
    for (env_id, rng), sweep in zip(targets, sweeps):
        counts = np.zeros((bins, 4), dtype=np.int64)  # problems, n_ok, passes, errors
        for point, score in zip(sweep, scores[at : at + len(sweep)]):
            correct, ok = _check_score(score, k)
            counts[point.bin] += (1, ok, correct, k - ok)
        at += len(sweep)
        run = {"bins": bins, "n": n, "k": k, "seed": seed, **dict(settings or {})}
        cards.append(
            DifficultyCard.from_counts(
                env_id, model, tuple(rng), [tuple(int(v) for v in row) for row in counts],
                confidence=confidence, settings=run, date=date,
            )
        )  # fmt: skip
    return cards


def calibrate_env(
    env_id: str,
    scorer: Scorer,
    *,
    bins: int = 10,
    n: int = 20,
    difficulty_range: tuple[float, float] = (0.0, 1.0),
    seed: int = 0,
    k: int = 1,
    model: str = "",
    confidence: float = 0.95,
    settings: dict[str, Any] | None = None,
    generate: Generate | None = None,
) -> DifficultyCard:
    """The difficulty card of one env: :func:`calibrate_envs` for one target."""
    return calibrate_envs(
        [(env_id, difficulty_range)], scorer, bins=bins, n=n, k=k, seed=seed, model=model,
        confidence=confidence, settings=settings, generate=generate,
    )[0]  # fmt: skip


def _check_score(score: Any, k: int) -> tuple[int, int]:
    try:
        correct, ok = (int(v) for v in score)
    except (TypeError, ValueError):
        raise ValueError(f"a scorer returns (n_correct, n_ok) per problem, got {score!r}") from None
    if not 0 <= correct <= ok <= k:
        raise ValueError(
            f"a scorer's (n_correct, n_ok) must satisfy 0 <= n_correct <= n_ok <= k={k}, "
            f"got {(correct, ok)}"
        )
    return correct, ok


def _problem_maker() -> Generate:
    from rlvr_envs.registry import make_task

    tasks: dict[str, Any] = {}

    def make(env_id: str, seed: int, difficulty: float) -> Any:
        if env_id not in tasks:
            tasks[env_id] = make_task(env_id)
        return tasks[env_id].generate(seed, difficulty)

    return make


# -- simulated students --------------------------------------------------------------------------


def student_cards(
    student: Any,
    *,
    bins: int = 10,
    n: int = 16,
    k: int | None = None,
    seed: int = 0,
    env_ids: Sequence[str] | None = None,
) -> list[DifficultyCard]:
    """Cards of a simulated student (:class:`~rlvr_envs.curriculum.students.SimulatedStudent`)
    as it is now, measured the way ``rlvr calibrate`` measures a model: the same sweep over
    each env's range in the student's task space, ``k`` attempts per problem (default: the
    student's group size) drawn from its true success probability. The student does not
    learn from them; the draws use their own generator (from ``seed``), not the student's.
    """
    from rlvr_envs.curriculum.space import TaskSpec

    space = student.space
    k = int(k or student.config.group_size)
    rng = np.random.default_rng(stable_seed("student-cards", seed))
    ids = list(env_ids or space.env_ids)

    def scorer(specs: Sequence[Any]) -> list[tuple[int, int]]:
        p = student.success_probability(specs)
        return [(int(c), k) for c in rng.binomial(k, p)]

    return calibrate_envs(
        [(env_id, space.difficulty_range(env_id)) for env_id in ids], scorer,
        bins=bins, n=n, k=k, seed=seed, model="simulated student",
        generate=lambda env_id, s, d: TaskSpec(env_id, difficulty=d, seed=s),
    )  # fmt: skip


# -- what to calibrate ---------------------------------------------------------------------------


def calibration_targets(source: str) -> tuple[str | None, list[tuple[str, tuple[float, float]]]]:
    """``(suite name or None, [(env_id, difficulty range), ...])`` for an env id (range [0, 1])
    or a suite (its training rows' ranges, one per env id; explicit knob ranges of a row are
    not swept: a card measures the difficulty scalar)."""
    from rlvr_envs.evaluation.problems import is_env_id

    if is_env_id(source):
        from rlvr_envs.registry import make_task

        make_task(source)  # a clear error for an unknown id
        return None, [(source, (0.0, 1.0))]
    from rlvr_envs.suites import load_suite

    try:
        suite = load_suite(source)
    except ValueError as exc:
        raise ValueError(f"{exc}; or give an env id (see `rlvr list`)") from None
    targets: dict[str, tuple[float, float]] = {}
    for row in suite.envs:
        low, high = row.difficulty
        if row.id not in targets and high > low:
            targets[row.id] = (float(low), float(high))
    if not targets:
        raise ValueError(f"suite {suite.name} has no row with a difficulty range to sweep")
    return suite.name, list(targets.items())


# -- output --------------------------------------------------------------------------------------


def format_table(cards: Sequence[DifficultyCard]) -> str:
    """A markdown table of each env's ``d@90``, ``d@50``, ``d@10`` (``<lo`` / ``>hi`` where
    the threshold lies outside the swept range) and its samples and errors."""
    lines = [
        "| env | range | d@90 | d@50 | d@10 | samples | errors |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for card in cards:
        low, high = card.difficulty_range
        cells = [_threshold_cell(card, level) for level in LEVELS]
        samples = sum(b.n for b in card.bins)
        errors = sum(b.errors for b in card.bins)
        lines.append(
            f"| {card.env_id} | {low:g}-{high:g} | {' | '.join(cells)} | {samples} | {errors} |"
        )
    return "\n".join(lines)


def _threshold_cell(card: DifficultyCard, level: float) -> str:
    value, note = card.threshold(level)
    if value is not None:
        return f"{value:.2f}"
    low, high = card.difficulty_range
    return {"easier than the range": f"<{low:g}", "harder than the range": f">{high:g}"}.get(
        note, "n/a"
    )


def write_cards(
    cards: Sequence[DifficultyCard], out: str | Path, *, suite: str | None, model: str
) -> list[Path]:
    """``out/cards.json``, ``out/cards.png`` (``cards-2.png``, ... beyond 30 envs) and
    ``out/cards.md``; returns the paths written."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    paths = [save_cards(cards, out / "cards.json", suite=suite, model=model)]
    title = f"{suite or cards[0].env_id}: pass rate of {model} by difficulty"
    paths += plot_cards(cards, out / "cards.png", title)
    table = out / "cards.md"
    table.write_text(
        f"# Difficulty cards: {suite or cards[0].env_id}, {model}\n\n{format_table(cards)}\n"
    )
    paths.append(table)
    return paths


# -- the command ---------------------------------------------------------------------------------

EPILOG = """\
examples:
  rlvr calibrate rlvr/Sudoku-v0 --base-url http://127.0.0.1:8000/v1 --model my-model
  rlvr calibrate math-v0 --base-url URL --model NAME --bins 10 --n 20 --k 4 --concurrency 32
  rlvr calibrate demo-v0 --hf ./my-checkpoint --bins 5 --n 8

Writes OUT/cards.json (one card per env), OUT/cards.png (one panel per env; cards-2.png, ...
beyond 30 envs), OUT/cards.md and prints each env's d@90, d@50, d@10: the difficulty at which
the model passes 90%, 50%, 10% of the time ("<0"/">1": outside the swept range). Every
completion is cached in OUT/completions.jsonl: an interrupted run resumes where it stopped.
Start a teacher from the cards with make_teacher(name, space, cards="OUT/cards.json").
"""


def add_calibrate_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``calibrate`` subcommand to the ``rlvr`` command's subparsers."""
    from rlvr_envs.evaluation.cli import add_model_arguments

    p = sub.add_parser(
        "calibrate",
        help="difficulty cards: a model's pass rate across each env's difficulty range",
        description="Sweep each env's difficulty range in bins, measure the model's pass rate "
        "per bin (Wilson intervals), fit a non-increasing curve and write difficulty cards.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "source",
        metavar="ENV_OR_SUITE",
        help="an env id, or a suite (name in tasks/ or .toml path): its rows' ranges",
    )
    p.add_argument("--bins", type=int, default=10, help="equal-width difficulty bins per env (10)")
    p.add_argument("--n", type=int, default=20, help="problems per bin (default 20)")
    p.add_argument(
        "--seed",
        type=int,
        default=0,
        help="which block of calibration seeds the problems use (default 0)",
    )
    p.add_argument(
        "--confidence",
        type=float,
        default=0.95,
        help="level of the Wilson intervals (default 0.95)",
    )
    add_model_arguments(p, out_default="calibrate-results/<source>-<model>")
    p.set_defaults(func=cmd_calibrate)
    return p


def cmd_calibrate(args: argparse.Namespace) -> int:
    """Run ``rlvr calibrate`` (see ``rlvr calibrate --help``): 0 on success, 1 when samples
    failed (cards are written all the same; unless ``--allow-errors``), 130 when interrupted
    (the cache keeps what arrived)."""
    from rlvr_envs.evaluation.cli import check_model_args, make_backend, slug
    from rlvr_envs.evaluation.run import score_problems

    check_model_args(args)
    if not 0.0 < args.confidence < 1.0:
        raise ValueError(f"--confidence must lie in (0, 1), got {args.confidence}")
    suite, targets = calibration_targets(args.source)
    for _, rng in targets:
        _check_sweep(args.bins, args.n, rng, args.seed)
    backend = make_backend(args)
    temperature = args.temperature if args.temperature is not None else float(args.k > 1)
    out = Path(args.out or Path("calibrate-results") / f"{slug(args.source)}-{slug(backend.model)}")
    out.mkdir(parents=True, exist_ok=True)
    cache = None if args.cache == "none" else Path(args.cache or out / "completions.jsonl")
    total = len(targets) * args.bins * args.n
    print(f"rlvr calibrate: {len(targets)} envs x {args.bins} bins x {args.n} problems "
          f"({total} problems) x {args.k} samples with {backend.model}; cache {cache}",
          file=sys.stderr)  # fmt: skip
    errors = 0

    def scorer(problems: Sequence[Any]) -> list[tuple[int, int]]:
        nonlocal errors
        results = score_problems(
            problems, backend, k=args.k, temperature=temperature, max_tokens=args.max_tokens,
            system_prompt=args.system_prompt, cache=cache, progress=not args.no_progress,
            desc="calibrate", max_turns=args.max_turns, examples=args.examples,
        )  # fmt: skip
        errors = sum(r.n_errors for r in results)
        return [(r.n_correct, r.n_ok) for r in results]

    settings = {
        "source": args.source, "backend": "hf" if args.hf else "openai",
        "base_url": args.base_url, "hf": args.hf, "temperature": temperature,
        "max_tokens": args.max_tokens, "system_prompt": args.system_prompt,
        "chat_examples": args.examples,
        "max_turns": args.max_turns,
    }  # fmt: skip
    try:
        cards = calibrate_envs(
            targets, scorer, bins=args.bins, n=args.n, k=args.k, seed=args.seed,
            model=backend.model, confidence=args.confidence, settings=settings,
        )  # fmt: skip
    except KeyboardInterrupt:
        print(f"\nrlvr calibrate: interrupted; the completions received are in {cache}: rerun "
              "the same command to resume", file=sys.stderr)  # fmt: skip
        return 130
    paths = write_cards(cards, out, suite=suite, model=backend.model)
    print(format_table(cards))
    print("wrote " + ", ".join(str(p) for p in paths))
    if errors and not args.allow_errors:
        print(f"rlvr calibrate: {errors} samples failed and are left out of the pass rates "
              "(see each card's errors); rerun the same command to retry only them, or pass "
              "--allow-errors", file=sys.stderr)  # fmt: skip
        return 1
    return 0
