"""``rlvr bench curricula``: run the curriculum benchmark and write the leaderboard."""

from __future__ import annotations

import argparse
import sys

from rlvr_envs.curriculum.benchmark import BenchConfig, analyse, run_benchmark, with_changes
from rlvr_envs.curriculum.scenarios import DEFAULT_SUITE, SCENARIOS


def _names(values: list[str] | None) -> tuple[str, ...] | None:
    """Names from ``--x a b`` or ``--x a,b`` (None when the flag was not given)."""
    if not values:
        return None
    return tuple(n for v in values for n in v.split(",") if n)


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``rlvr bench curricula``."""
    p.add_argument(
        "--suite",
        default=None,
        help=f"suite whose envs and knobs make the task space (default {DEFAULT_SUITE})",
    )
    p.add_argument(
        "--scenario",
        "--scenarios",
        dest="scenarios",
        nargs="+",
        metavar="NAME",
        help=f"scenarios (default all: {', '.join(SCENARIOS)})",
    )
    p.add_argument(
        "--teachers",
        nargs="+",
        metavar="NAME",
        help=(
            "teachers, as NAME or NAME:key=value,... (default: all, plus alp-gmm, riac and "
            "adr with mode=difficulty; uniform is the baseline)"
        ),
    )
    p.add_argument(
        "--seeds", type=int, default=None, help="seeds per teacher and scenario (default 10)"
    )
    p.add_argument("--budget", type=int, default=None, help="student-steps per run (default 20000)")
    p.add_argument("--batch", type=int, default=None, help="specs per trainer step (default 32)")
    p.add_argument("--evals", type=int, default=None, help="test evaluations per run (default 40)")
    p.add_argument("--group-size", type=int, default=None, help="attempts per group (default 8)")
    p.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    p.add_argument(
        "--quick",
        action="store_true",
        help="short preset: 2 scenarios, 3 seeds, 5000 steps (< 1 min on 2 cores)",
    )
    p.add_argument("--out", default="leaderboards", help="output folder (default leaderboards/)")
    p.add_argument(
        "--name",
        default=None,
        help="file stem (default curricula, or curricula-quick with --quick)",
    )
    p.add_argument("--no-plots", action="store_true", help="skip the PNG learning curves")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument(
        "--render",
        metavar="JSON",
        help="re-analyse an existing results file and re-write its markdown and plots",
    )


def run(args: argparse.Namespace) -> int:
    """Run the benchmark described by ``args`` and write the leaderboard files."""
    from rlvr_envs.curriculum.leaderboard import write_leaderboard

    if args.render:
        import json
        from pathlib import Path

        path = Path(args.render)
        results = json.loads(path.read_text())
        results["summary"] = analyse(BenchConfig.from_dict(results["config"]), results["runs"])
        paths = write_leaderboard(results, path.parent, path.stem, plots=not args.no_plots)
        print("wrote " + ", ".join(str(p) for p in paths))
        return 0
    base = BenchConfig.quick() if args.quick else BenchConfig()
    config = with_changes(
        base,
        suite=args.suite,
        scenarios=_names(args.scenarios),
        teachers=_names(args.teachers),
        seeds=args.seeds,
        budget=args.budget,
        batch=args.batch,
        evals=args.evals,
        group_size=args.group_size,
    )
    results = run_benchmark(
        config,
        workers=args.workers,
        progress=not args.no_progress,
        log=lambda line: print(line, file=sys.stderr),
    )
    name = args.name or ("curricula-quick" if args.quick else "curricula")
    command = ["rlvr", "bench", "curricula", *_replay_args(args)]
    paths = write_leaderboard(results, args.out, name, command=command, plots=not args.no_plots)
    for target in results["summary"]["targets"]:
        verdict = "met" if target["met"] else "NOT met"
        print(
            f"target on {target['scenario']}: best {target['best_teacher']} "
            f"{target['speedup']:.2f}x vs uniform (needs {target['needed_speedup']:.0f}x): "
            f"{verdict}"
        )
    overall = results["summary"]["overall"]
    best = sorted(overall, key=lambda t: -overall[t]["normalised_auc"]["iqm"])[:5]
    print(
        "top teachers by normalised AUC (IQM): "
        + ", ".join(f"{t} {overall[t]['normalised_auc']['iqm']:.3f}" for t in best)
    )
    print("wrote " + ", ".join(str(p) for p in paths))
    return 0


def _replay_args(args: argparse.Namespace) -> list[str]:
    """The options that change results, as given (what the leaderboard records)."""
    out = ["--quick"] if args.quick else []
    for flag, value in (
        ("--suite", args.suite),
        ("--seeds", args.seeds),
        ("--budget", args.budget),
        ("--batch", args.batch),
        ("--evals", args.evals),
        ("--group-size", args.group_size),
    ):
        if value is not None:
            out += [flag, str(value)]
    if args.scenarios:
        out += ["--scenario", *_names(args.scenarios)]
    if args.teachers:
        out += ["--teachers", *_names(args.teachers)]
    return out
