"""``rlvr calibrate``: sweep each env's difficulty, measure a served model's pass rate per bin,
and write difficulty cards.

The sweep and the cards are :mod:`rlvr_envs.calibration` (:mod:`~rlvr_envs.calibration.sweep`,
:mod:`~rlvr_envs.calibration.cards`), which run with any scorer and need no server; this
module is the command: what to sweep (an env id, or a suite's rows), the scorer built from
:func:`rlvr_envs.evaluation.score_problems`, and the files and table it writes.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rlvr_envs.calibration.cards import LEVELS, DifficultyCard, plot_cards, save_cards
from rlvr_envs.calibration.sweep import calibrate_envs, check_sweep

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
        check_sweep(args.bins, args.n, rng, args.seed)
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
