"""The ``rlvr`` command: list, show, check and audit envs; freeze suites' evaluation sets."""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from collections.abc import Sequence

from rlvr_envs import registry


def _knob_summary(task: registry.Task) -> str:
    return ", ".join(f"{name} ({knob.describe()})" for name, knob in task.knob_space.items())


def cmd_list(args: argparse.Namespace) -> int:
    rows = []
    for env_id in registry.list_envs(args.domain):
        task = registry.make_task(env_id)
        if isinstance(task, registry.MixtureTask):
            what = "mixture of " + ", ".join(m.family.name for m in task.members)
        else:
            what = task.family.name
        rows.append(
            {"id": env_id, "domain": task.domain, "family": what, "knobs": _knob_summary(task)}
        )
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    width = max(len(r["id"]) for r in rows)
    for row in rows:
        print(f"{row['id']:<{width}}  {row['domain']:<7}  {row['family']}")
        print(f"{'':<{width}}  {'':<7}  knobs: {row['knobs']}")
    print(f"\n{len(rows)} env ids")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    task = registry.make_task(args.env_id)
    knobs = json.loads(args.knobs) if args.knobs else None
    problem = task.generate(args.seed, args.difficulty, knobs)
    if args.json:
        print(json.dumps(problem.to_dict(), indent=2))
        return 0
    print(f"# {problem.env_id}  family={problem.family} v{problem.version}  seed={problem.seed}")
    print(f"# difficulty={problem.difficulty}  knobs={json.dumps(problem.knobs)}\n")
    print(problem.prompt)
    print(f"\n# reference answer: {problem.answer}")
    verdict = registry.verify(problem, registry.oracle_completion(problem))
    print(f"# oracle completion scores: reward={verdict.reward} ({verdict.reason})")
    return 0


def _check_one(env_id: str, seeds: int) -> list[str]:
    """Env checker plus oracle and wrong-answer checks for one id; returns failures."""
    import gymnasium as gym
    from gymnasium.utils.env_checker import check_env

    failures = []
    env = gym.make(env_id, disable_env_checker=True)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            check_env(env.unwrapped)
    except Exception as exc:
        failures.append(f"{env_id}: check_env: {exc!r}")
    finally:
        env.close()
    task = registry.make_task(env_id)
    for i in range(seeds):
        difficulty = i / max(1, seeds - 1)
        problem = task.generate(seed=i, difficulty=difficulty)
        verdict = registry.verify(problem, registry.oracle_completion(problem))
        if verdict.reward != 1.0:
            failures.append(f"{env_id}: oracle scored {verdict.reward} at seed {i}: {verdict}")
        if registry.verify(problem, "<answer></answer>").reward != 0.0:
            failures.append(f"{env_id}: an empty answer scored above 0 at seed {i}")
    return failures


def cmd_check(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    env_ids = args.env_ids or registry.list_envs()
    failures: list[str] = []
    for env_id in tqdm(env_ids, desc="checking envs", unit="env", file=sys.stderr):
        failures.extend(_check_one(env_id, args.seeds))
    for failure in failures:
        print(f"FAIL {failure}")
    print(f"{len(env_ids)} env ids checked, {len(failures)} failures")
    return 1 if failures else 0


def cmd_audit(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from rlvr_envs.audit import best_constant_answer

    env_ids = args.env_ids or registry.list_envs(mixtures=False)
    rows = []
    for env_id in tqdm(env_ids, desc="auditing envs", unit="env", file=sys.stderr):
        rows.append(
            best_constant_answer(env_id, difficulty=args.difficulty, problems=args.problems)
        )
    rows.sort(key=lambda r: -r.reward)
    if args.json:
        print(json.dumps([r.__dict__ for r in rows], indent=2))
    else:
        width = max(len(r.env_id) for r in rows)
        print(f"{'env id':<{width}}  best constant  distinct answers  answer")
        for r in rows:
            answer = r.answer if len(r.answer) <= 40 else r.answer[:37] + "..."
            print(f"{r.env_id:<{width}}  {r.reward:13.2f}  {r.distinct_answers:16d}  {answer!r}")
    over = [r for r in rows if args.fail_above is not None and r.reward > args.fail_above]
    for r in over:
        print(f"FAIL {r.env_id}: the constant {r.answer!r} earns {r.reward:.2f}", file=sys.stderr)
    return 1 if over else 0


def cmd_freeze(args: argparse.Namespace) -> int:
    from rlvr_envs.suites import freeze, load_suite

    suite = load_suite(args.suite)
    path, digest = freeze(suite)
    print(f"wrote {path} ({suite.eval_per_env} problems per env, sha256 {digest})")
    return 0


def cmd_bench_curricula(args: argparse.Namespace) -> int:
    from rlvr_envs.curriculum.cli import run

    return run(args)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rlvr", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("list", help="env ids, their families and knobs")
    p.add_argument("--domain", choices=registry.DOMAINS)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_list)

    p = sub.add_parser("show", help="a problem's prompt and reference answer")
    p.add_argument("env_id")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--difficulty", type=float, default=None)
    p.add_argument("--knobs", help="explicit knobs as JSON, e.g. '{\"digits\": 3}'")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("check", help="run gymnasium's env checker and the oracle over ids")
    p.add_argument("env_ids", nargs="*")
    p.add_argument("--seeds", type=int, default=20, help="oracle checks per id")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser(
        "audit", help="the reward a constant answer earns on each env (reward-hack check)"
    )
    p.add_argument("env_ids", nargs="*", help="ids to audit (default: every family)")
    p.add_argument("--difficulty", type=float, default=0.5)
    p.add_argument("--problems", type=int, default=100, help="problems per id")
    p.add_argument("--fail-above", type=float, default=None, help="exit 1 above this reward")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_audit)

    p = sub.add_parser("freeze", help="write a suite's frozen evaluation set")
    p.add_argument("suite", help="suite name in tasks/ or path to its TOML")
    p.set_defaults(func=cmd_freeze)

    p = sub.add_parser("bench", help="benchmarks (curricula: teachers on simulated students)")
    bench = p.add_subparsers(dest="bench", required=True)
    q = bench.add_parser(
        "curricula",
        help="teachers x scenarios x seeds; writes leaderboards/curricula.{md,json,png}",
    )
    from rlvr_envs.curriculum.cli import add_arguments

    add_arguments(q)
    q.set_defaults(func=cmd_bench_curricula)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except ValueError as exc:
        print(f"rlvr: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
