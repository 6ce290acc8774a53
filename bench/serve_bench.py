"""`rlvr serve` under load, side by side with a plain OpenEnv echo server, on this machine.

Both servers are OpenEnv apps (``create_app``) run by the same uvicorn settings in their own
process; the echo env is OpenEnv's template env (reset returns a fixed observation, step
echoes the message), so it costs what OpenEnv's transport costs and nothing more. The same
client (OpenEnv's ``GenericEnvClient``, one WebSocket session per client, all on one asyncio
loop in this process) runs C concurrent clients x E episodes (a reset and a step each)
against both; for rlvr the completions are the oracle's on even episodes and a wrong
answer on odd ones, checked against the expected reward (any mismatch is reported). The
ratio columns are rlvr over echo: what generating and verifying a problem adds.

    python bench/serve_bench.py                 # writes bench/results/serve.{json,md}
    python bench/serve_bench.py --clients 1 32 --episodes 20 --out /tmp/serve   # quicker

Needs the ``serve`` extra (``pip install -e '.[serve]'``, or scripts/openenv_test.sh's venv).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ENVS = ("rlvr/Arithmetic-v0", "rlvr/FunctionSynthesis-v0")


# -- the echo server (OpenEnv's template env) --------------------------------------------------
def echo_app() -> Any:
    from uuid import uuid4

    from openenv.core.env_server.http_server import create_app
    from openenv.core.env_server.interfaces import Environment
    from openenv.core.env_server.types import Action, Observation, State

    class EchoAction(Action):
        message: str

    class EchoObservation(Observation):
        echoed_message: str = ""

    class EchoEnvironment(Environment):
        SUPPORTS_CONCURRENT_SESSIONS = True

        def __init__(self) -> None:
            super().__init__()
            self._state = State(episode_id=str(uuid4()), step_count=0)

        def reset(self, seed=None, episode_id=None, **kwargs):  # type: ignore[override]
            self._state = State(episode_id=episode_id or str(uuid4()), step_count=0)
            return EchoObservation(echoed_message="ready", done=False, reward=0.0)

        def step(self, action, timeout_s=None, **kwargs):  # type: ignore[override]
            self._state.step_count += 1
            return EchoObservation(echoed_message=action.message, done=True, reward=1.0)

        @property
        def state(self) -> State:
            return self._state

    return create_app(
        EchoEnvironment, EchoAction, EchoObservation, env_name="echo", max_concurrent_envs=256
    )


def run_echo_server(port: int) -> None:
    import socket

    import uvicorn

    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(2048)
    print(f"echo: http://127.0.0.1:{sock.getsockname()[1]}", flush=True)
    config = uvicorn.Config(echo_app(), ws_max_size=4 * 2**20, log_level="warning")
    uvicorn.Server(config).run(sockets=[sock])


# -- processes -------------------------------------------------------------------------------
def start(command: list[str], log: Path) -> tuple[subprocess.Popen, str]:
    import httpx

    with log.open("w") as out:
        proc = subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT, start_new_session=True
        )
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and proc.poll() is None:
        lines = log.read_text().splitlines()
        if lines and "http://" in lines[0]:
            url = lines[0].split()[-1] if lines[0].startswith("echo") else lines[0].split()[2]
            try:
                if httpx.get(f"{url}/health", timeout=2).status_code == 200:
                    return proc, url
            except httpx.HTTPError:
                pass
        time.sleep(0.2)
    stop(proc)
    raise RuntimeError(f"{command} did not come up:\n{log.read_text()}")


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(15)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)


# -- load ------------------------------------------------------------------------------------
def pooled(reports: list[Any]) -> dict[str, Any]:
    """Rounds of one load as one: latencies pooled, throughput over the summed wall time."""
    first = reports[0]
    for other in reports[1:]:
        first.reset_ms += other.reset_ms
        first.step_ms += other.step_ms
        first.errors += other.errors
        first.mismatched += other.mismatched
        first.wall_s += other.wall_s
    out = first.to_dict()
    out["rounds"] = len(reports)
    return out


async def echo_load(url: str, clients: int, episodes: int, message: str) -> Any:
    """The echo server under the same load shape as
    :func:`rlvr_envs.integrations.openenv.load.load_test`."""
    from openenv.core import GenericEnvClient

    from rlvr_envs.integrations.openenv.load import LoadReport

    report = LoadReport(clients, episodes, "echo", 0.0)

    async def one(index: int) -> None:
        try:
            async with GenericEnvClient(base_url=url) as env:
                for _ in range(episodes):
                    t = time.perf_counter()
                    await env.reset()
                    report.reset_ms.append((time.perf_counter() - t) * 1e3)
                    t = time.perf_counter()
                    result = await env.step({"message": message})
                    report.step_ms.append((time.perf_counter() - t) * 1e3)
                    if result.observation.get("echoed_message") != message:
                        report.mismatched += 1
        except Exception as exc:
            report.errors.append(f"client {index}: {type(exc).__name__}: {exc}")

    start_time = time.perf_counter()
    await asyncio.gather(*(one(i) for i in range(clients)))
    report.wall_s = time.perf_counter() - start_time
    return report


def measure(args: argparse.Namespace, out: Path) -> dict[str, Any]:
    import rlvr_envs
    from rlvr_envs.integrations.openenv.load import load_test

    max_clients = max(args.clients)
    rlvr_cmd = [sys.executable, "-m", "rlvr_envs.cli", "serve", "--port", "0",
                "--max-sessions", str(max_clients + 8)]  # fmt: skip
    echo_cmd = [sys.executable, str(Path(__file__).resolve()), "--echo-server"]
    rows: list[dict[str, Any]] = []
    rlvr, rlvr_url = start(rlvr_cmd, out / "rlvr.log")
    echo, echo_url = start(echo_cmd, out / "echo.log")
    try:
        for env_id in ENVS:
            problem = rlvr_envs.make_task(env_id).generate(0, args.difficulty)
            message = rlvr_envs.oracle_completion(problem)
            for clients in args.clients:
                for _ in range(args.warmup):
                    asyncio.run(load_test(rlvr_url, clients=clients, episodes=2, env_id=env_id))
                    asyncio.run(echo_load(echo_url, clients, 2, message))
                ours_runs, echo_runs = [], []
                for r in range(args.rounds):  # alternate, so both see the same machine
                    ours_runs.append(
                        asyncio.run(
                            load_test(
                                rlvr_url, clients=clients, episodes=args.episodes,
                                env_id=env_id, difficulty=args.difficulty, seed=1000 * (r + 1),
                            )
                        )
                    )  # fmt: skip
                    echo_runs.append(
                        asyncio.run(echo_load(echo_url, clients, args.episodes, message))
                    )
                ours, echo_row = pooled(ours_runs), pooled(echo_runs)
                row = {"env_id": env_id, "clients": clients, "rlvr": ours, "echo": echo_row}
                row["step_p50_ratio"] = round(ours["step_p50_ms"] / echo_row["step_p50_ms"], 2)
                row["throughput_ratio"] = round(
                    ours["episodes_per_s"] / echo_row["episodes_per_s"], 2
                )
                rows.append(row)
                print(json.dumps({k: row[k] for k in ("env_id", "clients")}
                                 | {"rlvr": ours["episodes_per_s"],
                                    "echo": echo_row["episodes_per_s"]}), flush=True)  # fmt: skip
    finally:
        stop(rlvr)
        stop(echo)
    from importlib.metadata import version

    return {
        "episodes_per_client": args.episodes,
        "rounds": args.rounds,
        "difficulty": args.difficulty,
        "python": platform.python_version(),
        "openenv": version("openenv"),
        "uvicorn": version("uvicorn"),
        "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "rows": rows,
    }


def markdown(result: dict[str, Any]) -> str:
    lines = [
        "# `rlvr serve` under load, beside a plain OpenEnv echo server",
        "",
        f"OpenEnv {result['openenv']}, uvicorn {result['uvicorn']}, Python {result['python']}, "
        f"{result['cpus']} CPUs shared by the server and the clients (1-min load average "
        f"after the run: {result['load_average'][0]}). Each client is OpenEnv's "
        "`GenericEnvClient` on its own WebSocket session; each episode is a reset and a step "
        f"({result['episodes_per_client']} episodes per client in each of {result['rounds']} "
        f"rounds, rlvr and echo in turn, pooled; difficulty {result['difficulty']}); rlvr's "
        "completions are the oracle's and a wrong answer in turn, checked against the "
        "expected reward. Latencies in ms at the client; ratios are "
        "rlvr over echo (what generating and verifying adds to OpenEnv's own transport).",
        "",
        "| env | clients | rlvr episodes/s | echo episodes/s | throughput ratio "
        "| rlvr reset p50 / p99 | rlvr step p50 / p99 | echo step p50 / p99 | step p50 ratio "
        "| errors |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in result["rows"]:
        ours, echo = row["rlvr"], row["echo"]
        errors = len(ours["errors"]) + ours["mismatched"] + len(echo["errors"])
        lines.append(
            f"| {row['env_id']} | {row['clients']} | {ours['episodes_per_s']} | "
            f"{echo['episodes_per_s']} | {row['throughput_ratio']} | {ours['reset_p50_ms']} / "
            f"{ours['reset_p99_ms']} | {ours['step_p50_ms']} / {ours['step_p99_ms']} | "
            f"{echo['step_p50_ms']} / {echo['step_p99_ms']} | {row['step_p50_ratio']} | {errors} |"
        )
    lines += [
        "",
        "The test suite runs the CI-sized version of the same load (tests/serve/test_server.py: "
        "32 clients x 10 episodes of rlvr/Arithmetic-v0, zero errors required, p50/p99 "
        "printed).",
        "",
    ]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 8, 32, 64])
    parser.add_argument("--episodes", type=int, default=30, help="per client and round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, rlvr and echo in turn")
    parser.add_argument("--difficulty", type=float, default=0.5)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results")
    parser.add_argument("--echo-server", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.echo_server:
        run_echo_server(args.port)
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    result = measure(args, Path(tempfile.mkdtemp(prefix="serve-bench-")))
    (args.out / "serve.json").write_text(json.dumps(result, indent=1) + "\n")
    (args.out / "serve.md").write_text(markdown(result))
    print(markdown(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
