"""``rlvr serve``: an env id, a suite or a teacher as an OpenEnv server (docs/serve.md)."""

from __future__ import annotations

import argparse
import json
from typing import Any

EPILOG = """\
examples:
  rlvr serve rlvr/Math-v0 --port 8000                  # one env id (resets may name others)
  rlvr serve math-v0 --port 8000                       # a suite's training draws
  rlvr serve math-v0 --teacher lp-bandit --group-size 8 --port 8000   # a teacher's curriculum
  rlvr serve --port 8000                               # any env id each reset names

Clients: OpenEnv's EnvClient over the /ws WebSocket (one session per client, multi-turn),
or plain HTTP POST /reset and /step (stateless: a step carries the episode reset returned).
"""


def add_serve_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``serve`` subcommand to the ``rlvr`` command's subparsers."""
    p = sub.add_parser(
        "serve",
        help="serve an env id, a suite or a teacher over OpenEnv's HTTP/WebSocket API",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "target",
        nargs="?",
        default=None,
        metavar="ENV_OR_SUITE",
        help="an env id or a suite (name in tasks/ or TOML path); none: any env id",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default loopback)")
    p.add_argument("--port", type=int, default=8000, help="0 picks a free port (printed)")
    p.add_argument(
        "--teacher",
        default=None,
        help="a curriculum teacher (rlvr_envs.curriculum."
        "TEACHERS) picking problems from ENV_OR_SUITE's task space",
    )
    p.add_argument(
        "--group-size",
        type=int,
        default=1,
        help="teacher: episodes played on each problem (one group)",
    )
    p.add_argument(
        "--block",
        type=int,
        default=None,
        help="teacher: problems drawn per block (default: max-sessions / group-size)",
    )
    p.add_argument("--lookahead", type=int, default=2, help="teacher: blocks in flight")
    p.add_argument(
        "--wait",
        type=float,
        default=30.0,
        help="teacher: seconds a reset waits for rewards before answering busy",
    )
    p.add_argument("--seed", type=int, default=0, help="seeds the server's draws and teacher")
    p.add_argument("--difficulty", type=float, default=None, help="env id: default difficulty")
    p.add_argument("--knobs", default=None, help="env id: default knobs as JSON")
    p.add_argument(
        "--max-sessions",
        type=int,
        default=64,
        help="concurrent WebSocket sessions (more are refused: CAPACITY_REACHED)",
    )
    p.add_argument(
        "--timeout",
        type=float,
        default=None,
        help="verification time limit per step, seconds (default: the verifier's, 2 s; a "
        "step may ask for less)",
    )
    p.add_argument(
        "--idle-timeout",
        type=float,
        default=600.0,
        help="close a WebSocket session after this many seconds without a message from its "
        "client, giving up its episode (default 600; 0: never). Longer than your slowest "
        "generation: a teacher's problem waits for the idle session",
    )
    p.add_argument("--max-completion-chars", type=int, default=262_144)
    p.add_argument(
        "--max-request-bytes",
        type=int,
        default=4 * 2**20,
        help="HTTP bodies and WebSocket frames (larger: 413 / close 1009)",
    )
    p.add_argument("--log-level", default="warning")
    p.set_defaults(func=cmd_serve)  # fmt: skip
    return p


def cmd_serve(args: argparse.Namespace) -> int:
    from rlvr_envs.integrations.openenv.session import make_source

    try:
        from rlvr_envs.integrations.openenv.server import serve
    except ImportError as exc:
        raise ValueError(str(exc)) from None
    knobs = None
    if args.knobs is not None:
        try:
            knobs = json.loads(args.knobs)
        except json.JSONDecodeError as exc:
            raise ValueError(f"--knobs must be JSON, e.g. '{{\"digits\": 3}}': {exc}") from None
    if not args.idle_timeout >= 0:
        raise ValueError(f"--idle-timeout must be >= 0 seconds (0: never), got {args.idle_timeout}")
    idle_timeout = args.idle_timeout or None
    source = make_source(
        args.target, teacher=args.teacher, group_size=args.group_size, block=args.block,
        lookahead=args.lookahead, wait=args.wait, seed=args.seed, difficulty=args.difficulty,
        knobs=knobs, max_sessions=args.max_sessions,
    )  # fmt: skip
    serve(
        source, host=args.host, port=args.port, max_request_bytes=args.max_request_bytes,
        log_level=args.log_level, max_sessions=args.max_sessions, timeout=args.timeout,
        max_completion_chars=args.max_completion_chars, idle_timeout=idle_timeout,
    )  # fmt: skip
    return 0
