"""The ``rlvr`` command: list, show, check and audit envs; freeze suites' evaluation sets;
export problems as plain data."""

from __future__ import annotations

import argparse
import json
import re
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path

from rlvr_envs import registry


def _knob_summary(task: registry.Task) -> str:
    return ", ".join(f"{name} ({knob.describe()})" for name, knob in task.knob_space.items())


def cmd_list(args: argparse.Namespace) -> int:
    rows = []
    for env_id in registry.list_envs(args.domain):
        task = registry.make_task(env_id)
        if isinstance(task, registry.MixtureTask):
            what = "mixture of " + ", ".join(m.family.name for m in task.members)
            members = len(task.members)
        else:
            what, members = task.family.name, None
        rows.append(
            {"id": env_id, "domain": task.domain, "family": what, "knobs": _knob_summary(task),
             "knob_names": list(task.knob_space), "members": members}
        )  # fmt: skip
    if args.json:
        print(json.dumps([_public(row) for row in rows], indent=2))
    elif args.long:
        width = max(len(r["id"]) for r in rows)
        for row in rows:
            print(f"{row['id']:<{width}}  {row['domain']:<7}  {row['family']}")
            print(f"{'':<{width}}  {'':<7}  knobs: {row['knobs']}")
        print(f"\n{len(rows)} env ids")
    else:
        _print_compact(rows)
    return 0


def _public(row: dict) -> dict:
    return {k: v for k, v in row.items() if k not in ("knob_names", "members")}


def _print_compact(rows: list[dict]) -> None:
    """One line per id, grouped by domain: the family and its knobs' names, or a mixture's
    member count."""
    mixtures = sum(r["members"] is not None for r in rows)
    for domain in registry.DOMAINS:
        group = [r for r in rows if r["domain"] == domain]
        if not group:
            continue
        width = max(len(r["id"]) for r in group)
        print(f"{domain} ({len(group)} ids)")
        for row in group:
            if row["members"] is not None:
                what = f"mixture of {row['members']} families"
            else:
                what = f"{row['family']}: {', '.join(row['knob_names'])}"
            print(f"  {row['id']:<{width}}  {what}")
    print(
        f"\n{len(rows)} env ids ({mixtures} mixtures); `rlvr list --long` adds the knobs' "
        "ranges and the mixtures' members, `rlvr show ID` a problem"
    )


def cmd_show(args: argparse.Namespace) -> int:
    task = registry.make_task(args.env_id)
    knobs = json.loads(args.knobs) if args.knobs else None
    problem = task.generate(args.seed, args.difficulty, knobs)
    if args.json:
        print(json.dumps(problem.to_dict(), indent=2))
        return 0
    print(f"# {problem.env_id}  family={problem.family} v{problem.version}  seed={problem.seed}")
    if args.difficulty is None:
        setting = "no difficulty given: each knob at its default"
    else:
        setting = f"difficulty={args.difficulty:g}"
    if knobs:
        setting += f", then the explicit knobs {json.dumps(knobs)}"
    print(f"# {setting}")
    print(f"# knobs={json.dumps(problem.knobs)}\n")
    print(problem.prompt)
    print()
    print(_commented("reference answer: ", problem.answer))
    verdict = registry.verify(problem, registry.oracle_completion(problem))
    print(f"# oracle completion scores: reward={verdict.reward} ({verdict.reason})")
    return 0


def _commented(label: str, text: str) -> str:
    """``# label text``, with ``# `` before every further line of a multi-line text."""
    lines = text.splitlines() or [""]
    if len(lines) == 1:
        return f"# {label}{lines[0]}"
    return "\n".join([f"# {label.rstrip()}", *(f"#   {line}" for line in lines)])


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


def _installed(env_ids: list[str]) -> list[str]:
    """``env_ids`` without the families whose optional modules are missing (each one named,
    with what installs it, on stderr)."""
    kept = []
    for env_id in env_ids:
        family = getattr(registry.make_task(env_id), "family", None)  # None: a mixture
        missing = family.missing_requirements() if family is not None else []
        if missing:
            print(f"skipped {env_id}: {'; '.join(missing)}", file=sys.stderr)
        else:
            kept.append(env_id)
    return kept


def cmd_check(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    env_ids = _installed(args.env_ids or registry.list_envs())
    failures: list[str] = []
    with warnings.catch_warnings(record=True) as caught:  # printed after the bar, not into it
        warnings.simplefilter("always")
        for env_id in tqdm(env_ids, desc="checking envs", unit="env", file=sys.stderr):
            failures.extend(_check_one(env_id, args.seeds))
    for line in _warning_lines(caught):
        print(line, file=sys.stderr)
    for failure in failures:
        print(f"FAIL {failure}")
    print(f"{len(env_ids)} env ids checked, {len(failures)} failures")
    return 1 if failures else 0


_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_OUT_OF_DATE = re.compile(r"The environment (\S+) is out of date")


def _warning_lines(caught: Sequence[warnings.WarningMessage]) -> list[str]:
    """Each distinct warning once; gymnasium's "out of date" warnings (an id checked although
    a newer version exists, as every released id is) as one line."""
    lines: dict[str, None] = {}
    old: dict[str, None] = {}
    for warning in caught:
        text = _ANSI.sub("", str(warning.message)).removeprefix("WARN: ").strip()
        match = _OUT_OF_DATE.match(text)
        if match:
            old[match.group(1)] = None
        else:
            lines[f"{warning.category.__name__}: {text}"] = None
    if old:
        ids = ", ".join(old)
        lines[f"gymnasium: {len(old)} ids have a newer version (checked as released): {ids}"] = None
    return list(lines)


def cmd_audit(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from rlvr_envs.audit import best_constant_answer, best_echo_rule

    if args.echo_problems < 0:
        raise ValueError("--echo-problems must be >= 0 (0 skips the echo check)")
    env_ids = _installed(args.env_ids or registry.list_envs(mixtures=False))
    if not env_ids:
        print("no env ids to audit")
        return 0
    if args.code_problems is not None and args.code_problems < 1:
        raise ValueError("--code-problems must be >= 1")
    rows = []
    # Code envs run every answer in the sandbox, each problem costing tens of times what a
    # problem of the other domains does: they get a bar of their own, after the others, so
    # that neither bar's forecast mixes the two rates; a bar counts problems, not ids.
    code = {e for e in env_ids if registry.make_task(e).domain == "code"}
    plan = []
    for env_id in env_ids:
        problems, echo_problems = args.problems, args.echo_problems
        if args.code_problems is not None and env_id in code:
            problems = min(problems, args.code_problems)  # every answer runs in the sandbox
            echo_problems = min(echo_problems, args.code_problems)
        plan.append((env_id, problems, echo_problems))
    for sandboxed, desc in ((False, "auditing envs"), (True, "auditing code envs (sandboxed)")):
        phase = [row for row in plan if (row[0] in code) == sandboxed]
        if not phase:
            continue
        total = sum(p + e for _, p, e in phase)
        with tqdm(total=total, desc=desc, unit="problem", file=sys.stderr) as bar:
            for env_id, problems, echo_problems in phase:
                bar.set_postfix_str(env_id, refresh=True)
                constant = best_constant_answer(
                    env_id, difficulty=args.difficulty, problems=problems
                )
                bar.update(problems)
                echo = None
                if echo_problems > 0:
                    echo = best_echo_rule(
                        env_id, difficulty=args.difficulty, problems=echo_problems
                    )
                    bar.update(echo_problems)
                rows.append((constant, echo))
    rows.sort(key=lambda r: (-r[0].reward, -(r[1].reward if r[1] else 0), r[0].env_id))
    if args.json:
        print(json.dumps([_audit_row(c, e) for c, e in rows], indent=2))
    else:
        _print_audit(rows)
    failures = []
    for constant, echo in rows:
        if (
            args.fail_above is not None
            and constant.reward > args.fail_above
            and not constant.reference_program
        ):
            failures.append(f"{constant.env_id}: the constant {constant.answer!r} earns "
                            f"{constant.reward:.2f}")  # fmt: skip
        if echo and args.fail_copied_above is not None and echo.copied > args.fail_copied_above:
            failures.append(f"{echo.env_id}: copying from the prompt earns {echo.copied:.2f} "
                            "where the prompt does not state the answer")  # fmt: skip
    for failure in failures:
        print(f"FAIL {failure}", file=sys.stderr)
    return 1 if failures else 0


def _audit_row(constant, echo) -> dict:
    row = dict(constant.__dict__)
    if echo is not None:
        row["echo"] = {k: v for k, v in echo.__dict__.items() if k != "env_id"}
    return row


def _answer_cell(answer: str, width: int = 16) -> str:
    """The constant answer as one cell of at most ``width`` characters: its repr (so that
    line breaks and spaces show), cut with '...'."""
    text = repr(answer)
    return text if len(text) <= width else text[: width - 3] + "..."


def _print_audit(rows) -> None:
    width = max(len(c.env_id) for c, _ in rows)
    print(f"{'env id':<{width}}  constant  correct  {'answer':<16}  echo  copied  any span  rule")
    for constant, echo in rows:
        answer = "<ref. program>*" if constant.reference_program else _answer_cell(constant.answer)
        line = f"{constant.env_id:<{width}}  {constant.reward:8.2f}  {constant.correct:7.2f}  "
        line += f"{answer:<16}"
        if echo is not None:
            rule = " ".join(echo.rule.split())
            line += f"  {echo.reward:4.2f}  {echo.copied:6.2f}  {echo.any_span:8.2f}  {rule}"
        print(line)
    if any(c.reference_program for c, _ in rows):
        print(
            "\n* a code env's reference program: one program right on many instances is the "
            "task's general solution (every Implement* problem asks for the same function), "
            "not a shortcut; --fail-above ignores it."
        )
    if rows[0][1] is None:
        return
    print(
        "\nconstant: best mean reward of one fixed answer (graded families' partial scores "
        "included), correct: how often that answer is right; echo: of one fixed rule that copies "
        "a span of the prompt (the k-th number, expression, line, ...); copied: the same on "
        "problems whose prompt does not state the answer (0 where the task is to compute); "
        "any span: an oracle picking the best span per problem."
    )


def cmd_freeze(args: argparse.Namespace) -> int:
    from rlvr_envs.suites import freeze, load_suite

    suite = load_suite(args.suite)
    path, digest = freeze(suite)
    print(f"wrote {path} ({suite.eval_per_env} problems per env, sha256 {digest})")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from rlvr_envs.export import export

    source = args.source[0] if len(args.source) == 1 else args.source
    name = Path(args.source[0]).stem.replace("/", "_") if len(args.source) == 1 else "envs"
    ext = {"jsonl": ".jsonl", "parquet": ".parquet", "hf": "", "verl": ""}[args.format]
    out = args.out or (f"{name}-verl" if args.format == "verl" else f"{name}-{args.split}{ext}")
    if args.ray:  # the cluster at --ray-address or $RAY_ADDRESS, else a new local one
        from rlvr_envs.integrations.ray import connect

        connect(args.ray_address)
    path = export(
        source, out, format=args.format, n=args.n, split=args.split, seed=args.seed,
        difficulty=tuple(args.difficulty), system_prompt=args.system_prompt,
        conversational=not args.text, backend="ray" if args.ray else "local",
        shard_size=args.shard_size,
    )  # fmt: skip
    print(f"wrote {path}")
    return 0


def cmd_bench_curricula(args: argparse.Namespace) -> int:
    from rlvr_envs.curriculum.cli import run

    return run(args)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rlvr", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("list", help="env ids, their families and knobs")
    p.add_argument("--domain", choices=registry.DOMAINS)
    p.add_argument(
        "--long", action="store_true", help="each id's knobs with their ranges, mixtures' members"
    )
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
        "audit",
        help="the reward a constant answer, or a copy from the prompt, earns on each env "
        "(reward-hack checks)",
    )
    p.add_argument("env_ids", nargs="*", help="ids to audit (default: every family)")
    p.add_argument("--difficulty", type=float, default=0.5)
    p.add_argument("--problems", type=int, default=100, help="problems per id (constants)")
    p.add_argument(
        "--echo-problems",
        type=int,
        default=30,
        help="problems per id for the echo check (0 skips it; code envs run every copy)",
    )
    p.add_argument(
        "--code-problems",
        type=int,
        default=None,
        help="at most this many problems per code env, for both checks (each answer runs in "
        "the sandbox)",
    )
    p.add_argument(
        "--fail-above", type=float, default=None, help="exit 1 when a constant earns more"
    )
    p.add_argument(
        "--fail-copied-above",
        type=float,
        default=None,
        help="exit 1 when copying earns more where the prompt does not state the answer",
    )
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_audit)

    p = sub.add_parser("freeze", help="write a suite's frozen evaluation set")
    p.add_argument("suite", help="suite name in tasks/ or path to its TOML")
    p.set_defaults(func=cmd_freeze)

    p = sub.add_parser(
        "export", help="problems as plain data: JSONL, Parquet or a Hugging Face dataset"
    )
    p.add_argument("source", nargs="+", help="a suite (name or TOML path), or env ids")
    p.add_argument("--format", choices=("jsonl", "parquet", "hf", "verl"), default="jsonl")
    p.add_argument("--n", type=int, default=None, help="problems (default: all of --split eval)")
    p.add_argument("--split", choices=("train", "eval"), default="train")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--difficulty", type=float, nargs=2, default=(0.0, 1.0), metavar=("LOW", "HIGH"),
                   help="range for env ids (suites use their own)")  # fmt: skip
    p.add_argument("--system-prompt", default=None)
    p.add_argument("--text", action="store_true", help="prompts as text, not chat messages")
    p.add_argument("--out", default=None, help="file (directory for hf); default from the name")
    p.add_argument(
        "--ray",
        action="store_true",
        help="generate on a Ray cluster, in shards a rerun resumes (needs rlvr-envs[ray])",
    )
    p.add_argument(
        "--ray-address", default=None, help="cluster to join (default: $RAY_ADDRESS, else local)"
    )
    p.add_argument(
        "--shard-size", type=int, default=None, help="problems per Ray task and shard file"
    )
    p.set_defaults(func=cmd_export)

    from rlvr_envs.evaluation.cli import add_eval_parser

    add_eval_parser(sub)

    from rlvr_envs.evaluation.calibrate import add_calibrate_parser

    add_calibrate_parser(sub)

    from rlvr_envs.integrations.openenv.cli import add_serve_parser

    add_serve_parser(sub)

    p = sub.add_parser("bench", help="benchmarks (curricula: teachers on simulated students)")
    bench = p.add_subparsers(dest="bench", required=True)
    q = bench.add_parser(
        "curricula",
        help="teachers x scenarios x seeds; writes leaderboards/curricula.{md,json,png}",
    )
    from rlvr_envs.curriculum.cli import add_arguments

    add_arguments(q)
    q.set_defaults(func=cmd_bench_curricula)
    _plain_help(parser)
    return parser


_RST_LITERAL = re.compile(r"``([^`]+)``")
_RST_ROLE = re.compile(r":[a-z]+:`~?([^`]+)`")


def _plain(text: str | None) -> str | None:
    """Help text without reStructuredText markup (docstrings double as help)."""
    if not text:
        return text
    return _RST_ROLE.sub(r"\1", _RST_LITERAL.sub(r"\1", text))


def _plain_help(parser: argparse.ArgumentParser) -> None:
    """Strip reST markup from the help of ``parser`` and of all its subcommands."""
    parser.description = _plain(parser.description)
    parser.epilog = _plain(parser.epilog)
    for action in parser._actions:
        action.help = _plain(action.help)
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                choice.help = _plain(choice.help)
            for subparser in action.choices.values():
                _plain_help(subparser)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except ValueError as exc:  # the library's hints name its API; here the command's
        message = str(exc).replace("rlvr_envs.list_envs()", "rlvr list")
        print(f"rlvr: error: {message}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
