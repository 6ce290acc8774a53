"""A small OpenAI-compatible chat-completions server that streams (SSE), for the verifiers tests.

verifiers' eval client relays the harness's requests upstream with ``stream: true``, so this
server answers both ways: a streamed ``chat.completion.chunk`` sequence ending in ``data:
[DONE]`` when the request asks for it, else one ``chat.completion`` body. What it answers is a
*responder*: a function from the problem whose prompt opens the conversation (matched by the
first user message's text; None for an unknown prompt) and the number of assistant turns
already in it, to the completion text. ``replies`` records every (problem, turn, text) it sent.

It listens on 127.0.0.1 on a free port, on a daemon thread, and stops (server closed, thread
joined) on ``stop()`` or when its ``with`` block ends. Bodies over 4 MiB are refused.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from rlvr_envs import Problem

Responder = Callable[[Problem | None, int], str]
MAX_BODY = 4 << 20


@dataclass(frozen=True)
class Sent:
    """One reply the server sent."""

    problem: Problem | None
    turn: int
    text: str
    streamed: bool


def _text(content: Any) -> str:
    """A message's text: a string, or the text parts of a content-part list."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return ""


def _chunks(text: str, size: int = 7) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


class StreamingServer:
    """The server (see the module docstring)."""

    def __init__(self, problems: Iterable[Problem], responder: Responder) -> None:
        self.by_prompt = {p.prompt: p for p in problems}
        self.responder = responder
        self.replies: list[Sent] = []
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The API root to give a client (``http://127.0.0.1:PORT/v1``)."""
        assert self._httpd is not None, "start() the server first"
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def answer(self, body: dict[str, Any], streamed: bool) -> str:
        messages = body.get("messages") or []
        first_user = next(
            (_text(m.get("content")) for m in messages if m.get("role") == "user"), ""
        )
        turn = sum(m.get("role") == "assistant" for m in messages)
        problem = self.by_prompt.get(first_user)
        text = self.responder(problem, turn)
        with self._lock:
            self.requests.append(body)
            self.replies.append(Sent(problem, turn, text, streamed))
        return text

    def start(self) -> StreamingServer:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

            def _json(self, status: int, data: dict[str, Any]) -> None:
                raw = json.dumps(data).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

            def do_GET(self) -> None:
                if self.path.rstrip("/").endswith("/models"):
                    self._json(200, {"object": "list", "data": [{"id": "fake", "object": "model"}]})
                else:
                    self._json(404, {"error": {"message": f"no route {self.path}"}})

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                if length > MAX_BODY:
                    self._json(413, {"error": {"message": "request body too large"}})
                    return
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self._json(404, {"error": {"message": f"no route {self.path}"}})
                    return
                body = json.loads(self.rfile.read(length) or b"{}")
                streamed = bool(body.get("stream"))
                text = server.answer(body, streamed)
                model = body.get("model", "fake")
                if not streamed:
                    message = {"role": "assistant", "content": text}
                    choice = {"index": 0, "message": message, "finish_reason": "stop"}
                    self._json(200, {"id": "chatcmpl-0", "object": "chat.completion",
                                     "created": 0, "model": model, "choices": [choice],
                                     "usage": {"prompt_tokens": 1, "completion_tokens": 1,
                                               "total_tokens": 2}})  # fmt: skip
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.send_header("Connection", "close")
                self.end_headers()
                self.close_connection = True
                head = {"id": "chatcmpl-0", "object": "chat.completion.chunk", "created": 0,
                        "model": model}  # fmt: skip
                deltas = [{"role": "assistant", "content": ""}]
                deltas += [{"content": piece} for piece in _chunks(text)]
                events = [{**head, "choices": [{"index": 0, "delta": d, "finish_reason": None}]}
                          for d in deltas]  # fmt: skip
                events.append({**head, "choices": [{"index": 0, "delta": {},
                                                    "finish_reason": "stop"}]})  # fmt: skip
                if (body.get("stream_options") or {}).get("include_usage"):
                    events.append({**head, "choices": [], "usage": {
                        "prompt_tokens": 1, "completion_tokens": len(deltas) - 1,
                        "total_tokens": len(deltas)}})  # fmt: skip
                for event in events:
                    self.wfile.write(f"data: {json.dumps(event)}\n\n".encode())
                self.wfile.write(b"data: [DONE]\n\n")
                self.wfile.flush()

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, name="fake-openai-stream", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving, close the socket and join the thread."""
        if self._httpd is None:
            return
        self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=10)
        self._httpd = self._thread = None

    def __enter__(self) -> StreamingServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
