"""``rlvr eval``: score a served or local model on a suite's frozen evaluation set or on an env
id's evaluation problems; writes ``results.json``, ``results.md`` and ``samples.jsonl``, and
keeps every completion in ``completions.jsonl`` so a rerun resumes (or costs nothing)."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from pathlib import Path
from typing import Any

DEFAULT_KEY_ENV = "OPENAI_API_KEY"
EPILOG = """\
examples:
  rlvr eval math-v0 --base-url http://127.0.0.1:8000/v1 --model my-model --concurrency 32
  rlvr eval rlvr/Sudoku-v0 --n 50 --k 8 --temperature 0.7 --base-url URL --model NAME
  rlvr eval demo-v0 --hf ./my-checkpoint --n 16

Samples whose requests fail for good (HTTP errors after retries, timeouts, malformed
responses) are reported as errors, never scored as wrong, and left out of pass@k; the exit
status is then 1 (unless --allow-errors), and rerunning the same command retries only them.
"""


def add_eval_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``eval`` subcommand to the ``rlvr`` command's subparsers."""
    p = sub.add_parser(
        "eval",
        help="score a model (OpenAI-compatible server or local HF model) on a suite or env id",
        description="Score a served or local model on a suite's frozen evaluation set or on "
        "an env id's evaluation problems. Writes OUT/results.json, OUT/results.md and "
        "OUT/samples.jsonl, and keeps every completion in the cache so that a rerun resumes "
        "where it stopped (and costs nothing once complete).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "source",
        metavar="SUITE_OR_ENV_ID",
        help="a suite (name in tasks/ or .toml path) or an env id",
    )
    p.add_argument(
        "--n",
        type=int,
        default=None,
        help="problems: at most N of a suite's set, evenly spread (default all); "
        "N of an env id (default 100)",
    )
    p.add_argument(
        "--difficulty",
        type=float,
        nargs=2,
        default=(0.0, 1.0),
        metavar=("LOW", "HIGH"),
        help="env ids: difficulties evenly spaced over this range (suites use their own)",
    )
    p.add_argument("--seed", type=int, default=None, help="sample i is requested with seed S+i")
    p.add_argument(
        "--verify-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="wall-clock limit for checking one completion; a check past it scores 0 with "
        "reason 'timeout' (default: the library's, rlvr_envs.core.DEFAULT_TIMEOUT)",
    )
    add_model_arguments(p, out_default="eval-results/<source>-<model>")
    p.set_defaults(func=cmd_eval)
    return p


def add_model_arguments(p: argparse.ArgumentParser, *, out_default: str) -> None:
    """The options ``rlvr eval`` and ``rlvr calibrate`` share: the model (a server or a local
    HF model), sampling, the output directory and cache, retries, turns and progress."""
    where = p.add_argument_group("model (one of)")
    where.add_argument(
        "--base-url", help="OpenAI-compatible API root, e.g. http://127.0.0.1:8000/v1"
    )
    where.add_argument("--hf", metavar="PATH", help="a local Hugging Face model directory")
    p.add_argument("--model", help="model name (required with --base-url; default: --hf's name)")
    p.add_argument("--k", type=int, default=1, help="samples per problem (default 1)")
    p.add_argument(
        "--temperature", type=float, default=None, help="default 0 (greedy) for --k 1, else 1.0"
    )
    p.add_argument("--max-tokens", type=int, default=1024, help="per completion (default 1024)")
    p.add_argument(
        "--concurrency",
        type=int,
        default=8,
        help="requests in flight (--hf: batch size); default 8",
    )
    p.add_argument("--system-prompt", default=None)
    p.add_argument(
        "--chat-examples",
        default=None,
        metavar="JSON_OR_FILE",
        help="worked examples shown as earlier chat turns: a JSON list of [user, assistant] "
        "pairs, or a file holding one (small models often need one to learn the answer form); "
        "rlvr eval on a suite shows the suite's own examples ([[chat_examples]]) unless this or "
        "--no-chat-examples is given",
    )
    p.add_argument(
        "--no-chat-examples",
        action="store_true",
        help="zero-shot: no worked examples, not even a suite's own",
    )
    p.add_argument("--out", default=None, help=f"output directory (default {out_default})")
    p.add_argument(
        "--cache",
        default=None,
        help="completion cache (default OUT/completions.jsonl; 'none': none)",
    )
    p.add_argument(
        "--timeout",
        type=float,
        default=120.0,
        help="seconds the server may stay silent (default 120)",
    )
    p.add_argument(
        "--retries",
        type=int,
        default=5,
        help="retries on 429/5xx/timeouts/connection errors (default 5)",
    )
    p.add_argument(
        "--api-key-env",
        default=DEFAULT_KEY_ENV,
        help="environment variable holding the API key, sent as a Bearer token "
        f"(default {DEFAULT_KEY_ENV}, sent when set)",
    )
    p.add_argument(
        "--max-turns",
        type=int,
        default=None,
        help="override multi-turn envs' turn limit (1: single-turn)",
    )
    p.add_argument("--dtype", default=None, help="--hf: torch dtype (default: the checkpoint's)")
    p.add_argument("--device", default=None, help="--hf: cpu, cuda, ... (default: cuda if any)")
    p.add_argument(
        "--allow-errors", action="store_true", help="exit 0 even when some samples failed"
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def slug(text: str) -> str:
    """``text`` as a safe file name part."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("_") or "x"


def check_model_args(args: argparse.Namespace) -> None:
    """ValueError naming the option, for the options of :func:`add_model_arguments`; parses
    ``--chat-examples`` into ``args.examples``."""
    from rlvr_envs.evaluation.backend import parse_chat_examples

    if args.chat_examples is not None and args.no_chat_examples:
        raise ValueError("give --chat-examples or --no-chat-examples, not both")
    args.examples = parse_chat_examples(args.chat_examples) if args.chat_examples else []
    args.examples_from = "given" if args.chat_examples else "none"
    if bool(args.base_url) == bool(args.hf):
        raise ValueError("give the model as --base-url URL --model NAME, or as --hf PATH")
    if args.base_url and not args.model:
        raise ValueError("--base-url needs --model NAME (the name the server serves)")
    checks = [
        (args.k >= 1, f"--k must be >= 1, got {args.k}"),
        (args.max_tokens >= 1, f"--max-tokens must be >= 1, got {args.max_tokens}"),
        (args.concurrency >= 1, f"--concurrency must be >= 1, got {args.concurrency}"),
        (args.timeout > 0, f"--timeout must be > 0 seconds, got {args.timeout}"),
        (args.retries >= 0, f"--retries must be >= 0, got {args.retries}"),
        (args.temperature is None or args.temperature >= 0,
         f"--temperature must be >= 0, got {args.temperature}"),
        (args.max_turns is None or args.max_turns >= 1,
         f"--max-turns must be >= 1, got {args.max_turns}"),
    ]  # fmt: skip
    for ok, message in checks:
        if not ok:
            raise ValueError(message)


def make_backend(args: argparse.Namespace) -> Any:
    """The backend the options of :func:`add_model_arguments` name."""
    from rlvr_envs.evaluation.client import openai_backend
    from rlvr_envs.evaluation.hf import hf_backend

    try:
        if args.hf:
            return hf_backend(args.hf, model=args.model, batch_size=args.concurrency,
                              device=args.device, dtype=args.dtype)  # fmt: skip
        key = os.environ.get(args.api_key_env)
        if key is None and args.api_key_env != DEFAULT_KEY_ENV:
            raise ValueError(f"--api-key-env {args.api_key_env}: ${args.api_key_env} is not set")
        return openai_backend(args.base_url, args.model, api_key=key or "",
                              timeout=args.timeout, retries=args.retries,
                              concurrency=args.concurrency)  # fmt: skip
    except ImportError as exc:
        raise ValueError(str(exc)) from None


def _sample_rows(results: list[Any]) -> list[dict[str, Any]]:
    rows = []
    for result in results:
        problem = result.problem
        rows.append({
            "env_id": problem.env_id, "family": problem.family, "seed": problem.seed,
            "difficulty": problem.difficulty, "problem": problem.content_hash(),
            "samples": [
                {"correct": s.correct, "format_ok": s.format_ok, "reward": s.reward,
                 "reason": s.reason, "error": s.error, "turns": s.turns,
                 "completion_tokens": s.completion_tokens, "finish_reason": s.finish_reason}
                for s in result.samples
            ],
        })  # fmt: skip
    return rows


def cmd_eval(args: argparse.Namespace) -> int:
    """Run ``rlvr eval`` (see ``rlvr eval --help``); 0 on success, 1 when samples failed
    (unless ``--allow-errors``), 130 when interrupted (the cache keeps what arrived)."""
    from rlvr_envs.evaluation.cache import CompletionCache
    from rlvr_envs.evaluation.problems import eval_problems, suite_examples
    from rlvr_envs.evaluation.report import markdown_table, summarise
    from rlvr_envs.evaluation.run import score_problems

    check_model_args(args)
    if args.verify_timeout is not None and not args.verify_timeout > 0:
        raise ValueError(f"--verify-timeout must be > 0 seconds, got {args.verify_timeout}")
    problems = eval_problems(args.source, args.n, difficulty=tuple(args.difficulty))
    if args.chat_examples is None and not args.no_chat_examples:
        args.examples = suite_examples(args.source)  # the suite's own worked examples
        args.examples_from = "suite" if args.examples else "none"
    backend = make_backend(args)
    temperature = args.temperature if args.temperature is not None else float(args.k > 1)
    out = Path(args.out or Path("eval-results") / f"{slug(args.source)}-{slug(backend.model)}")
    out.mkdir(parents=True, exist_ok=True)
    cache = None if args.cache == "none" else Path(args.cache or out / "completions.jsonl")
    cached = len(CompletionCache(cache)) if cache is not None else 0
    print(f"rlvr eval: {len(problems)} problems x {args.k} samples of {args.source} with "
          f"{backend.model} ({backend.name}); cache {cache} ({cached} completions)",
          file=sys.stderr)  # fmt: skip
    if args.examples_from == "suite":
        print(f"rlvr eval: showing the suite's {len(args.examples)} worked examples as earlier "
              "turns (--no-chat-examples: zero-shot)", file=sys.stderr)  # fmt: skip
    if args.k > 1 and temperature == 0:
        print("rlvr eval: warning: --k > 1 at temperature 0 samples the same completion "
              "k times (unless the server is not deterministic)", file=sys.stderr)  # fmt: skip
    start = time.perf_counter()
    try:
        results = score_problems(
            problems, backend, k=args.k, temperature=temperature, max_tokens=args.max_tokens,
            system_prompt=args.system_prompt, seed=args.seed, cache=cache,
            progress=not args.no_progress, desc=slug(args.source), max_turns=args.max_turns,
            examples=args.examples, verify_timeout=args.verify_timeout,
        )  # fmt: skip
    except KeyboardInterrupt:
        # a check still running (or a verifier worker still starting, which can take a
        # minute on a loaded machine) would hold the exit until it ends: stop them now
        from rlvr_envs.workers import pool

        pool.shutdown(kill_busy=True)
        print(f"\nrlvr eval: interrupted; the completions received are in {cache}: rerun the "
              "same command to resume", file=sys.stderr)  # fmt: skip
        return 130
    wall = time.perf_counter() - start
    summary = summarise(results, args.k)
    fresh_tokens = [s.completion_tokens for r in results for s in r.samples
                    if s.requests and s.completion_tokens is not None]  # fmt: skip
    report = {
        "suite": args.source,
        "model": backend.model,
        **summary,
        "settings": {
            "backend": "hf" if args.hf else "openai", "base_url": args.base_url, "hf": args.hf,
            "k": args.k, "temperature": temperature, "max_tokens": args.max_tokens,
            "concurrency": args.concurrency, "system_prompt": args.system_prompt,
            "chat_examples": args.examples, "chat_examples_from": args.examples_from,
            "seed": args.seed, "timeout": args.timeout, "retries": args.retries,
            "verify_timeout": args.verify_timeout,
            "max_turns": args.max_turns, "n": args.n,
            "difficulty": list(args.difficulty), "cache": str(cache) if cache else None,
        },
        "timing": {
            "wall_s": round(wall, 3),
            "requests": summary["requests"],
            "requests_per_s": round(summary["requests"] / wall, 3) if wall > 0 else None,
            "samples_per_s": round(summary["samples"] / wall, 3) if wall > 0 else None,
            "tokens_per_s": round(sum(fresh_tokens) / wall, 3) if fresh_tokens else None,
        },
    }  # fmt: skip
    table = markdown_table(summary, title=f"{args.source}: {backend.model}")
    (out / "results.json").write_text(json.dumps(report, indent=2) + "\n")
    (out / "results.md").write_text(table)
    with (out / "samples.jsonl").open("w") as f:
        for row in _sample_rows(results):
            f.write(json.dumps(row) + "\n")
    print(table)
    print(f"wrote {out / 'results.json'}, {out / 'results.md'}, {out / 'samples.jsonl'}")
    if summary["errors"] and not args.allow_errors:
        print(f"rlvr eval: {summary['errors']} of {summary['samples']} samples failed "
              f"({summary['error_problems']} problems), not scored; rerun the same command to "
              "retry only them, or pass --allow-errors", file=sys.stderr)  # fmt: skip
        return 1
    return 0
