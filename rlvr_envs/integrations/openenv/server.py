"""The OpenEnv server: any env id, suite or teacher behind OpenEnv's HTTP and WebSocket API.

OpenEnv (https://github.com/meta-pytorch/OpenEnv, ``pip install openenv``, tested with
0.10) runs an :class:`Environment` subclass behind ``create_app``: ``POST /reset`` and
``POST /step`` make a fresh environment per request, the ``/ws`` WebSocket keeps one per
connection (a session), and ``/health``, ``/schema``, ``/metadata`` and ``/state`` describe
it. :class:`RlvrEnvironment` is a
:class:`~rlvr_envs.integrations.openenv.session.Session` in that shape:

* reset: ``seed``, plus ``env_id``, ``difficulty``, ``knobs`` (OpenEnv passes extra reset
  keys through); the observation's ``text`` is the prompt, its ``metadata`` the env id,
  family, problem id, answer format, turn and the ``episode`` (what regenerates it).
* step: :class:`RlvrAction` ``{"completion": str or chat messages, "episode": ...}``; the
  observation carries the reward, ``done``, the family's feedback as ``text`` after a wrong
  attempt of a multi-turn env, and the verdict in ``metadata``.

:func:`make_app` adds what a public endpoint needs: request bodies over ``max_request_bytes``
get 413, refusals (:class:`~rlvr_envs.integrations.openenv.session.ServeError`) are JSON
``{"error": code, "detail": message}`` with 400 (413 ``too_large``, 503 ``busy``) over HTTP
and OpenEnv's error frame over the WebSocket, and a teacher's server refuses the stateless
HTTP routes (a teacher needs to know when an episode ends) and adds ``GET /curriculum``.
Sessions are the ``/ws`` connections only, each closed (code 4408) after ``idle_timeout``
seconds without a message, its unfinished episode given up: OpenEnv's other ways to hold a
session (``openenv/session/create`` on ``POST /mcp``, the ``/mcp`` WebSocket, ``/ws?session_id=``
attaching to one) never expire, so any client could hold every ``max_sessions`` slot, or a
teacher's problem, forever; they are refused (``POST /mcp`` answers every call with a
JSON-RPC error, as it would for an env without tools).
:func:`serve` runs it with uvicorn, WebSocket frames capped at ``max_request_bytes`` too.
"""

from __future__ import annotations

import asyncio
import functools
import json
import socket
from typing import Any
from urllib.parse import parse_qs

try:
    import uvicorn
    from openenv.core.env_server.http_server import create_app
    from openenv.core.env_server.interfaces import Environment
    from openenv.core.env_server.types import Action, EnvironmentMetadata, Observation, State
    from pydantic import Field
except ImportError as exc:  # pragma: no cover - exercised in the main test venv
    raise ImportError(
        "rlvr serve needs OpenEnv: pip install 'rlvr-envs[serve]' (openenv>=0.10,<0.11)"
    ) from exc

import rlvr_envs
from rlvr_envs.integrations.openenv.session import (
    MAX_COMPLETION_CHARS,
    ProblemSource,
    ServeError,
    Session,
    TeacherSource,
)

MAX_REQUEST_BYTES = 4 * 2**20  # a 256 Ki-character completion JSON-escaped fits (\uXXXX)
IDLE_TIMEOUT = 600.0  # seconds a /ws session may wait for its client's next message
IDLE_CLOSE = 4408  # the close code of a session closed for idling (4000-4999: private use)
_STATUS = {"too_large": 413, "busy": 503}


class RlvrAction(Action):
    """One attempt: the completion (text, or chat messages whose last assistant message
    counts) and, over stateless HTTP only, the episode reset returned."""

    completion: str | list[dict[str, Any]] = Field(
        ..., description="the model's completion (text or chat messages)"
    )
    episode: dict[str, Any] | None = Field(
        default=None,
        description="HTTP /step only: the metadata['episode'] reset returned (env_id, seed, "
        "difficulty, knobs); within a WebSocket session leave it out",
    )


class RlvrObservation(Observation):
    """The prompt at reset, the family's feedback after a wrong attempt of a multi-turn env,
    empty once the episode is over; ``reward``, ``done`` and ``metadata`` are OpenEnv's."""

    text: str = Field(default="", description="prompt, feedback, or empty when done")


class RlvrState(State):
    """OpenEnv's state plus the current episode."""

    source: str = ""
    env_id: str | None = None
    problem_id: str | None = None
    turn: int = 0
    max_turns: int | None = None
    done: bool = True


class RlvrEnvironment(Environment[RlvrAction, RlvrObservation, RlvrState]):
    """One OpenEnv environment (a WebSocket session, or one HTTP request) over a shared
    :class:`~rlvr_envs.integrations.openenv.session.ProblemSource`."""

    SUPPORTS_CONCURRENT_SESSIONS = True

    def __init__(
        self,
        source: ProblemSource,
        *,
        timeout: float | None = None,
        max_completion_chars: int = MAX_COMPLETION_CHARS,
    ) -> None:
        super().__init__()
        self._session = Session(source, timeout=timeout, max_completion_chars=max_completion_chars)
        self._episode_id: str | None = None
        self._steps = 0

    def reset(
        self, seed: int | None = None, episode_id: str | None = None, **kwargs: Any
    ) -> RlvrObservation:
        request = dict(kwargs)
        if seed is not None:
            request["seed"] = seed
        reply = self._session.reset(request)
        self._episode_id = episode_id or reply.metadata["problem_id"]
        self._steps = 0
        return RlvrObservation(text=reply.text, done=False, reward=None, metadata=reply.metadata)

    def step(
        self, action: RlvrAction, timeout_s: float | None = None, **kwargs: Any
    ) -> RlvrObservation:
        reply = self._session.step(action.completion, episode=action.episode, timeout=timeout_s)
        self._steps += 1
        return RlvrObservation(
            text=reply.text, done=reply.done, reward=reply.reward, metadata=reply.metadata
        )

    @property
    def state(self) -> RlvrState:
        return RlvrState(episode_id=self._episode_id, step_count=self._steps, **self._session.state)

    def get_metadata(self) -> EnvironmentMetadata:
        return EnvironmentMetadata(
            name="rlvr-envs",
            description=f"rlvr-envs over {self._session.source.describe()}: reset takes "
            "env_id, seed, difficulty and knobs; step takes {'completion': text}",
            version=rlvr_envs.__version__,
        )

    def close(self) -> None:
        self._session.close()


class _Guard:
    """ASGI middleware: bodies over ``limit`` bytes get 413 before any handler reads them;
    on a teacher's server the stateless HTTP routes are refused; sessions are ``/ws``
    connections only, closed after ``idle`` seconds without a client message (None: never).
    """

    def __init__(self, app: Any, limit: int, teacher: bool, idle: float | None = None) -> None:
        self.app = app
        self.limit = limit
        self.teacher = teacher
        self.idle = idle

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
            return
        if scope["type"] != "http" or scope["method"] not in ("POST", "PUT", "PATCH"):
            await self.app(scope, receive, send)
            return
        if self.teacher and scope["path"] in ("/reset", "/step"):
            await _reply(send, 400, ServeError(
                "websocket_only",
                "this server's problems come from a teacher, which must know when each "
                "episode ends: play episodes over the /ws WebSocket (OpenEnv's EnvClient), "
                "not the stateless HTTP /reset and /step",
            ).to_dict())  # fmt: skip
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await _reply(send, 413, self._too_large())
            return
        body, more = b"", True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.limit:
                await _reply(send, 413, self._too_large())
                return
        if scope["path"] == "/mcp":
            await _reply(send, 200, _no_mcp(body))
            return
        replayed = False

        async def replay() -> Any:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _websocket(self, scope: Any, receive: Any, send: Any) -> None:
        """Refuse the session routes that never expire; close idle ``/ws`` sessions."""
        attach = "session_id" in parse_qs(
            scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True
        )
        if scope["path"] == "/mcp" or (scope["path"] == "/ws" and attach):
            await receive()  # websocket.connect; a close before accept is HTTP 403
            await send({"type": "websocket.close", "code": 1008, "reason": _NO_SESSIONS[:120]})
            return
        if self.idle is None or scope["path"] != "/ws":
            await self.app(scope, receive, send)
            return
        idle, closed = self.idle, False

        async def timed_receive() -> Any:
            nonlocal closed
            if closed:
                return {"type": "websocket.disconnect", "code": IDLE_CLOSE}
            try:
                return await asyncio.wait_for(receive(), idle)
            except asyncio.TimeoutError:
                closed = True
                reason = f"idle for {idle:g} s (rlvr serve --idle-timeout)"
                await send({"type": "websocket.close", "code": IDLE_CLOSE, "reason": reason})
                return {"type": "websocket.disconnect", "code": IDLE_CLOSE}

        async def guarded_send(message: Any) -> None:
            if not closed:  # after the idle close, the app's own close has nothing to do
                await send(message)

        await self.app(scope, timed_receive, guarded_send)

    def _too_large(self) -> dict[str, str]:
        return ServeError(
            "too_large",
            f"request bodies are limited to {self.limit} bytes (rlvr serve --max-request-bytes)",
        ).to_dict()


_NO_SESSIONS = (
    "rlvr serve keeps sessions on /ws connections only (OpenEnv's EnvClient): no MCP tools, "
    "no HTTP sessions (openenv/session/*), no attaching to a session by id"
)


def _no_mcp(body: bytes) -> dict[str, Any]:
    """The JSON-RPC error ``POST /mcp`` answers (OpenEnv's validator wants JSON-RPC there)."""
    try:
        request = json.loads(body)
    except (ValueError, RecursionError):
        request = None
    request_id = request.get("id") if isinstance(request, dict) else None
    if not isinstance(request_id, (str, int)) or isinstance(request_id, bool):
        request_id = None
    error = {"code": -32601, "message": _NO_SESSIONS}
    return {"jsonrpc": "2.0", "id": request_id, "error": error}


async def _reply(send: Any, status: int, payload: dict[str, Any]) -> None:
    body = json.dumps(payload).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def make_app(
    source: ProblemSource,
    *,
    max_sessions: int = 64,
    timeout: float | None = None,
    max_completion_chars: int = MAX_COMPLETION_CHARS,
    max_request_bytes: int = MAX_REQUEST_BYTES,
    idle_timeout: float | None = IDLE_TIMEOUT,
) -> Any:
    """The FastAPI app (OpenEnv's ``create_app``) serving ``source``: at most
    ``max_sessions`` concurrent WebSocket sessions, each closed after ``idle_timeout``
    seconds without a message from its client (None: never; its unfinished episode is given
    up, as when the client closes it), ``timeout`` seconds of verification per step (None:
    the verifier's default), completions of at most ``max_completion_chars`` characters and
    request bodies of at most ``max_request_bytes`` bytes (run it with uvicorn's
    ``ws_max_size`` set to the same, as :func:`serve` does)."""
    if type(max_sessions) is not int or max_sessions < 1:
        raise ValueError(f"max_sessions must be a positive int, got {max_sessions!r}")
    if timeout is not None and timeout <= 0:
        raise ValueError(f"timeout must be positive seconds or None, got {timeout!r}")
    if idle_timeout is not None and not idle_timeout > 0:
        raise ValueError(
            f"idle_timeout must be positive seconds or None (never), got {idle_timeout!r}"
        )
    factory = functools.partial(
        RlvrEnvironment, source, timeout=timeout, max_completion_chars=max_completion_chars
    )
    app = create_app(
        factory,
        RlvrAction,
        RlvrObservation,
        env_name="rlvr",
        max_concurrent_envs=max_sessions,
        state_cls=RlvrState,
    )

    async def refused(request: Any, exc: Exception) -> Any:
        from fastapi.responses import JSONResponse

        assert isinstance(exc, ServeError)
        return JSONResponse(exc.to_dict(), status_code=_STATUS.get(exc.code, 400))

    app.add_exception_handler(ServeError, refused)
    if isinstance(source, TeacherSource):
        app.add_api_route(
            "/curriculum",
            source.summary,
            methods=["GET"],
            tags=["Environment Info"],
            summary="Where the teacher's curriculum stands",
        )
    app.add_middleware(
        _Guard,
        limit=int(max_request_bytes),
        teacher=isinstance(source, TeacherSource),
        idle=None if idle_timeout is None else float(idle_timeout),
    )
    return app


def serve(
    source: ProblemSource,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    max_request_bytes: int = MAX_REQUEST_BYTES,
    log_level: str = "warning",
    **options: Any,
) -> None:
    """Serve ``source`` until interrupted (``options`` go to :func:`make_app`). Port 0 picks
    a free port; the first line printed is ``rlvr serve: http://HOST:PORT (...)``."""
    app = make_app(source, max_request_bytes=max_request_bytes, **options)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    print(f"rlvr serve: http://{shown}:{bound} ({source.describe()})", flush=True)
    config = uvicorn.Config(
        app,
        ws_max_size=int(max_request_bytes),
        log_level=log_level,
        timeout_graceful_shutdown=5,
    )
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
