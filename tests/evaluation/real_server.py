"""A real OpenAI-compatible model server as a subprocess, for tests and benchmarks.

:func:`start_server` runs ``scripts/serve_model.sh NAME PORT`` (vLLM's OpenAI server on
127.0.0.1, in the vLLM venv) in a new process group, waits (bounded) until ``GET /v1/models``
lists the model, and returns a :class:`RealServer`; :meth:`RealServer.stop` ends the whole
process group (the API server and vLLM's engine processes) by its id: SIGTERM, then SIGKILL.
The server's output goes to a log file, whose tail is in the error when it fails to start.

::

    with serving("smollm2-135m") as server:
        subprocess.run(["rlvr", "eval", "demo-v0", "--base-url", server.base_url,
                        "--model", server.model])

As a process (prints the base URL, serves until Ctrl-C)::

    python -m tests.evaluation.real_server smollm2-135m
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SERVE = ROOT / "scripts" / "serve_model.sh"
KNOWN = ("smollm2-135m", "gemma3-270m")
"""Model names ``serve_model.sh`` prepares itself; anything else is a local model directory."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def served_name(name: str, env: Mapping[str, str] | None = None) -> str:
    """The ``--model`` name the server answers to: a known name itself; for a directory,
    ``RLVR_SERVED_NAME`` from ``env`` (as ``serve_model.sh`` reads it) or its base name."""
    if name in KNOWN:
        return name
    return (env or {}).get("RLVR_SERVED_NAME") or Path(name).name


@dataclass
class RealServer:
    """A started server: ``base_url`` (``http://127.0.0.1:PORT/v1``), the ``model`` name it
    serves, its process (the leader of its own process group) and its ``log`` file."""

    process: subprocess.Popen[bytes]
    base_url: str
    model: str
    log: Path
    start_s: float = 0.0
    """Seconds from launch until ``/v1/models`` answered (model conversion included)."""

    @property
    def pid(self) -> int:
        """The server's process id (also its process group id)."""
        return self.process.pid

    def stop(self, timeout: float = 30.0) -> None:
        """End the server's process group: SIGTERM, then SIGKILL after ``timeout`` seconds."""
        for sig, wait in ((signal.SIGTERM, timeout), (signal.SIGKILL, 10.0)):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, sig)
            try:
                self.process.wait(wait)
            except subprocess.TimeoutExpired:
                continue
            break
        # the leader is gone; vLLM's engine processes share its group: end any left
        deadline = time.monotonic() + 10.0
        while time.monotonic() < deadline:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                return
            time.sleep(0.1)

    def log_tail(self, lines: int = 40) -> str:
        """The last ``lines`` lines of the server's output."""
        try:
            text = self.log.read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])


def _models(base_url: str) -> list[str] | None:
    try:
        with urllib.request.urlopen(base_url + "/models", timeout=5) as response:
            data = json.load(response)
    except (urllib.error.URLError, OSError, ValueError):
        return None
    return [entry.get("id") for entry in data.get("data", [])]


def start_server(
    name: str,
    *,
    port: int | None = None,
    timeout: float = 600.0,
    log: str | Path | None = None,
    env: Mapping[str, str] | None = None,
    extra_args: Sequence[str] = (),
) -> RealServer:
    """Start ``scripts/serve_model.sh name port *extra_args`` and wait until it serves.

    ``name`` is ``smollm2-135m``, ``gemma3-270m`` or a local Hugging Face model directory;
    ``port`` defaults to a free one; ``timeout`` bounds the whole start (a first start
    converts the model: ~20-60 s here; vLLM itself ~25-50 s on 2 CPUs). ``env`` is added to
    this process's environment (e.g. ``RLVR_VLLM_VENV``). Raises RuntimeError, with the log's
    tail, when the process exits or the model is not served within ``timeout``; the process
    group is stopped first.
    """
    if timeout <= 0:
        raise ValueError(f"timeout must be > 0 seconds, got {timeout}")
    port = free_port() if port is None else port
    if log is None:
        log = Path(os.environ.get("TMPDIR", "/tmp")) / f"rlvr-serve-{port}.log"
    log = Path(log)
    log.parent.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, **(env or {})}
    model = served_name(name, env)
    started = time.monotonic()
    with log.open("wb") as sink:
        process = subprocess.Popen(
            ["bash", str(SERVE), name, str(port), *extra_args],
            stdin=subprocess.DEVNULL,
            stdout=sink,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,  # its own process group, stopped as one
            cwd=ROOT,
        )
    server = RealServer(process, f"http://127.0.0.1:{port}/v1", model, log)
    try:
        server.start_s = _wait_until_served(server, name, started, timeout)
    except BaseException:  # not serving, or interrupted while waiting: leave nothing behind
        server.stop()
        raise
    return server


def _wait_until_served(server: RealServer, name: str, started: float, timeout: float) -> float:
    """Seconds from ``started`` (the launch) until ``/v1/models`` lists the model, polled
    until ``timeout`` seconds after it; RuntimeError when the process exits or time runs out."""
    while time.monotonic() - started < timeout:
        if server.process.poll() is not None:
            raise RuntimeError(
                f"the server for {name} exited with status {server.process.returncode} before "
                f"serving; its log ({server.log}) ends:\n{server.log_tail()}"
            )
        if server.model in (_models(server.base_url) or ()):
            return time.monotonic() - started
        time.sleep(0.5)
    raise RuntimeError(
        f"the server for {name} did not serve {server.model!r} within {timeout:.0f} s; "
        f"its log ({server.log}) ends:\n{server.log_tail()}"
    )


@contextlib.contextmanager
def serving(name: str, **kwargs: object) -> Iterator[RealServer]:
    """:func:`start_server` as a context manager that always stops the server."""
    server = start_server(name, **kwargs)  # type: ignore[arg-type]
    try:
        yield server
    finally:
        server.stop()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve a model until Ctrl-C (see module doc).")
    parser.add_argument("name", help=f"{' | '.join(KNOWN)} | a local HF model directory")
    parser.add_argument("--port", type=int, default=None)
    parser.add_argument("--timeout", type=float, default=600.0)
    args = parser.parse_args(argv)
    # stop cleanly on Ctrl-C and on SIGTERM, also where a background job inherited SIGINT ignored
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    with serving(args.name, port=args.port, timeout=args.timeout) as server:
        print(f"{server.base_url} {server.model} (up in {server.start_s:.1f} s; log {server.log})")
        sys.stdout.flush()
        with contextlib.suppress(KeyboardInterrupt):
            server.process.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
