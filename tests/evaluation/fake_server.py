"""A small OpenAI-compatible chat-completions server for tests and benchmarks.

It listens on 127.0.0.1 (a free port by default) on real sockets, speaks HTTP/1.1 with
keep-alive, and answers ``POST .../chat/completions`` the way a *responder* says: a function
from the :class:`Request` (arrival index, body, the problem whose prompt opens the
conversation, the turn, how often this exact request came before) to a :class:`Reply`
(a completion text, an HTTP error with headers, a raw body, a delay, or a dropped
connection). It counts requests and the most it had in flight at once.

::

    with FakeServer(problems, responder=correct_if(lambda p: p.seed % 2 == 0)) as server:
        backend = openai_backend(server.url, "fake")

As a process, for benchmarks (prints the port, then serves until killed)::

    python -m tests.evaluation.fake_server --fast --problems problems.jsonl
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rlvr_envs import Problem, oracle_completion
from rlvr_envs.registry import format_answer

REASONS = {200: "OK", 404: "Not Found", 429: "Too Many Requests", 500: "Internal Server Error",
           503: "Service Unavailable", 400: "Bad Request", 401: "Unauthorized"}  # fmt: skip


@dataclass
class Request:
    """One chat-completions request as the responder sees it."""

    index: int  # arrival order over the server's life, from 0
    body: dict[str, Any]
    problem: Problem | None  # the problem whose prompt is a user message
    turn: int  # assistant messages already in the conversation
    attempt: int  # earlier requests with exactly this body
    headers: dict[str, str] = field(default_factory=dict)  # lower-case names
    time: float = 0.0  # time.monotonic() at arrival


@dataclass
class Reply:
    """What to answer: ``text`` as a completion (status 200), or ``status`` with ``body``
    and ``headers``; ``delay`` seconds first; ``drop`` closes the connection unanswered."""

    text: str | None = None
    status: int = 200
    body: bytes | None = None
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    drop: bool = False
    usage: bool = True


Responder = Callable[[Request], Reply]


def wrong_completion(problem: Problem) -> str:
    """A well-formed answer that is wrong (a number-free phrase; for code, a program
    without the asked function)."""
    if problem.answer_format == "code":
        return "```python\ndef _not_the_function():\n    return None\n```"
    return format_answer("no idea", problem.answer_format)


def oracle(request: Request) -> Reply:
    """The right answer (the family's oracle), or a fixed text for an unknown prompt."""
    if request.problem is None:
        return Reply(text="<answer>42</answer>")
    return Reply(text=oracle_completion(request.problem))


def correct_if(predicate: Callable[[Problem], bool]) -> Responder:
    """Right where ``predicate(problem)``, wrong elsewhere."""

    def respond(request: Request) -> Reply:
        if request.problem is not None and predicate(request.problem):
            return oracle(request)
        problem = request.problem
        return Reply(text=wrong_completion(problem) if problem else "<answer>x</answer>")

    return respond


def fail_first(times: int, reply: Reply, then: Responder = oracle) -> Responder:
    """``reply`` to the first ``times`` attempts of every distinct request, then ``then``."""
    return lambda request: reply if request.attempt < times else then(request)


def stop_after(count: int, then: Responder = oracle) -> Responder:
    """``then`` for the first ``count`` requests, then drop every connection (a server that
    went away)."""
    return lambda request: then(request) if request.index < count else Reply(drop=True)


def _completion_body(request: Request, reply: Reply) -> bytes:
    text = reply.text or ""
    data: dict[str, Any] = {
        "id": f"chatcmpl-{request.index}",
        "object": "chat.completion",
        "model": request.body.get("model", "fake"),
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": text},
                "finish_reason": "stop",
            }
        ],
    }
    if reply.usage:
        prompt = sum(len(str(m.get("content", "")).split()) for m in request.body["messages"])
        data["usage"] = {
            "prompt_tokens": prompt,
            "completion_tokens": len(text.split()),
            "total_tokens": prompt + len(text.split()),
        }
    return json.dumps(data).encode()


class FakeServer:
    """The server (see the module docstring); a context manager that starts it on a thread
    and stops it (connections closed, thread joined) on exit."""

    def __init__(
        self,
        problems: Iterable[Problem] = (),
        responder: Responder = oracle,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        record: bool = True,
    ) -> None:
        self.by_prompt = {p.prompt: p for p in problems}
        self.responder = responder
        self.host, self.port = host, port
        self.record = record
        self.requests = 0  # chat-completions requests received
        self.in_flight = 0
        self.max_in_flight = 0
        self.seen: list[Request] = []
        self._attempts: dict[str, int] = {}
        self._writers: set[asyncio.StreamWriter] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: asyncio.AbstractServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The API root to give a client (``http://127.0.0.1:PORT/v1``)."""
        return f"http://{self.host}:{self.port}/v1"

    # -- the protocol ----------------------------------------------------------------------
    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writers.add(writer)
        try:
            while True:
                line = await reader.readline()
                if not line:
                    return
                method, path, *_ = line.decode("latin-1").split()
                headers = {}
                while (header := await reader.readline()) not in (b"\r\n", b"\n", b""):
                    name, _, value = header.decode("latin-1").partition(":")
                    headers[name.strip().lower()] = value.strip()
                length = int(headers.get("content-length", 0))
                body = await reader.readexactly(length) if length else b""
                if not await self._respond(method, path, headers, body, writer):
                    return
        except (ConnectionError, asyncio.IncompleteReadError, ValueError, OSError):
            return
        except asyncio.CancelledError:  # stop(): end quietly (asyncio logs a cancelled handler)
            return
        finally:
            self._writers.discard(writer)
            writer.close()

    async def _respond(
        self,
        method: str,
        path: str,
        headers: dict[str, str],
        raw: bytes,
        writer: asyncio.StreamWriter,
    ) -> bool:
        if method == "GET" and path.endswith("/models"):
            body = json.dumps({"object": "list", "data": [{"id": "fake", "object": "model"}]})
            await self._send(writer, 200, body.encode(), {})
            return True
        if method != "POST" or not path.endswith("/chat/completions"):
            await self._send(writer, 404, b'{"error": {"message": "not found"}}', {})
            return True
        request = self._request(json.loads(raw), headers)
        self.requests += 1
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            reply = self.responder(request)
            if reply.delay:
                await asyncio.sleep(reply.delay)
            if reply.drop:
                return False
            body = reply.body
            if body is None:
                body = _completion_body(request, reply) if reply.status == 200 else b"{}"
            await self._send(writer, reply.status, body, reply.headers)
            return True
        finally:
            self.in_flight -= 1

    def _request(self, body: dict[str, Any], headers: dict[str, str]) -> Request:
        messages = body.get("messages") or []
        # the problem is the user message that is a known prompt (worked examples come
        # before it); the turn counts the assistant messages after it
        known = [i for i, m in enumerate(messages)
                 if m.get("role") == "user" and m.get("content") in self.by_prompt]  # fmt: skip
        at = known[0] if known else None
        if at is None:
            at = next((i for i, m in enumerate(messages) if m.get("role") == "user"), 0)
        first_user = messages[at].get("content") if messages else None
        turn = sum(m.get("role") == "assistant" for m in messages[at:])
        attempt = 0
        if self.record:
            key = json.dumps(body, sort_keys=True)
            attempt = self._attempts.get(key, 0)
            self._attempts[key] = attempt + 1
        problem = self.by_prompt.get(first_user)
        request = Request(self.requests, body, problem, turn, attempt, headers, time.monotonic())
        if self.record:
            self.seen.append(request)
        return request

    @staticmethod
    async def _send(
        writer: asyncio.StreamWriter, status: int, body: bytes, headers: dict[str, str]
    ) -> None:
        head = [f"HTTP/1.1 {status} {REASONS.get(status, 'Status')}",
                "Content-Type: application/json", f"Content-Length: {len(body)}"]  # fmt: skip
        head += [f"{name}: {value}" for name, value in headers.items()]
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body)
        await writer.drain()

    # -- life cycle ------------------------------------------------------------------------
    async def _serve(self) -> None:
        self._server = await asyncio.start_server(self._handle, self.host, self.port)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _shutdown(self) -> None:
        if self._server is not None:
            self._server.close()
        for writer in list(self._writers):
            writer.close()
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def start(self) -> FakeServer:
        """Start listening (on a daemon thread); returns self once the port is bound."""
        self._loop = asyncio.new_event_loop()
        ready = threading.Event()

        def run() -> None:
            assert self._loop is not None
            asyncio.set_event_loop(self._loop)
            self._loop.run_until_complete(self._serve())
            ready.set()
            self._loop.run_forever()

        self._thread = threading.Thread(target=run, name="fake-openai-server", daemon=True)
        self._thread.start()
        if not ready.wait(10):
            raise RuntimeError("the fake server did not start in 10 s")
        return self

    def stop(self) -> None:
        """Close every connection, stop the loop and join the thread."""
        if self._loop is None or self._thread is None:
            return
        future = asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop)
        future.result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        self._loop.close()
        self._loop = self._thread = None

    def __enter__(self) -> FakeServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _load(path: str | None) -> list[Problem]:
    if not path:
        return []
    lines = Path(path).read_text().splitlines()
    return [Problem.from_dict(json.loads(line)) for line in lines if line.strip()]


def main(argv: list[str] | None = None) -> None:
    """Serve in this process until killed; prints the port on the first line of stdout."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fast", action="store_true", help="answer at once, record nothing")
    parser.add_argument("--problems", help="JSONL of problem dicts to answer with the oracle")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args(argv)
    server = FakeServer(_load(args.problems), oracle, port=args.port, record=not args.fast)
    loop = asyncio.new_event_loop()
    loop.run_until_complete(server._serve())
    print(server.port, flush=True)
    try:
        loop.run_forever()
    except KeyboardInterrupt:
        pass
    finally:
        loop.close()


if __name__ == "__main__":
    sys.exit(main())
