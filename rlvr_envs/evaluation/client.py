"""An OpenAI-compatible chat-completions client for ``rlvr eval``: bounded concurrency,
retries with exponential backoff and jitter, ``Retry-After`` honoured.

It speaks the ``POST {base_url}/chat/completions`` protocol that vLLM
(``vllm.entrypoints.openai.api_server``), SGLang, llama.cpp's server and hosted APIs share.
What is retried: HTTP 429, 500, 502, 503, 504, 408, 409 and 425, timeouts and connection
errors, with the "exponential backoff and jitter" schedule (AWS Architecture Blog, 2015:
equal jitter, the wait drawn from ``[b/2, b]`` with ``b = min(max_backoff, backoff *
2**attempt)``), never less than the server's ``Retry-After`` (RFC 9110 §10.2.3: seconds or
an HTTP date), which also holds back every other request of the client until then. Other
HTTP errors (400, 401, 404, ...) and malformed responses fail at once. A request that fails
for good raises :class:`~rlvr_envs.evaluation.backend.BackendError`.

What is an answer and what is an error (:func:`parse_chat_response`): a 200 response whose
``choices[0].message`` has text content is the model's answer and is scored, also when the
text is empty, ``null`` (the model wrote nothing: a refusal, or ``max_tokens`` ran out while
it was still thinking) or cut short (``finish_reason: "length"``, which results count as
``truncated``). There is no answer, so the sample is an error, when the body is not a chat
completion (not JSON, an SSE stream, an HTML page, ``{"error": ...}``, no ``choices``), when
the message holds tool calls and no text (``rlvr eval`` offers no tools: the server's tool
parser took the model's text), when it cannot be decoded (gzip garbage), when it exceeds
``max_response_bytes`` (64 MiB; a server that sends more is broken, and reading it all
could exhaust memory), or when the body does not arrive within ``body_timeout`` seconds of
the headers (default ten times ``timeout``: a server that trickles bytes forever; gateways
that send whitespace to keep a slow non-streaming request alive stay within it). Text that
is not valid Unicode (lone UTF-16 surrogates from a half-decoded emoji) has those characters
replaced by U+FFFD.

Connections are spread over several httpx clients of at most ``POOL_SIZE`` connections each
(each request goes to the one with the most free connections): httpcore's pool does work
proportional to its connections times its waiting requests on every request's state
change, so one pool of 32 connections costs about 2.2 ms of CPU per request where eight
pools of 4 cost 0.7 ms (``bench/eval_bench.py``'s server, 2 cores).

httpx is imported when a backend is made (the ``eval`` extra: ``pip install
'rlvr-envs[eval]'``).
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import os
import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

from rlvr_envs.core import canonical_json
from rlvr_envs.evaluation.backend import BackendError, Completion, Message, valid_unicode

RETRY_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504})
POOL_SIZE = 4  # connections per httpx client (see the module docstring)


def _import_httpx() -> Any:
    try:
        import httpx
    except ImportError as exc:
        raise ImportError(
            "the OpenAI-compatible client needs httpx: pip install 'rlvr-envs[eval]'"
        ) from exc
    return httpx


def retry_after_seconds(value: str | None, now: float | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header: delay-seconds (fractions accepted) or an
    HTTP date (RFC 9110 §10.2.3); None when absent or unreadable, 0 for a date in the past."""
    if not value:
        return None
    value = value.strip()
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return None
        if when is None or when.tzinfo is None:
            return None
        return max(0.0, when.timestamp() - (time.time() if now is None else now))
    return seconds if seconds >= 0 and seconds == seconds and seconds != float("inf") else None


MAX_RESPONSE_BYTES = 64 * 2**20


def _one_line(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def parse_chat_response(body: bytes | str) -> Completion:
    """The completion in a chat-completions response body; raises
    :class:`~rlvr_envs.evaluation.backend.BackendError` when the body is not JSON or has no
    ``choices[0].message.content`` (a ``null`` content, a model that wrote nothing, is
    the empty text)."""
    text = body.decode("utf-8", "replace") if isinstance(body, bytes) else body
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BackendError(f"malformed response: not JSON: {_one_line(text)!r}") from None
    try:
        choice = data["choices"][0]
        message = choice["message"]
        content = message["content"]
    except (KeyError, IndexError, TypeError):
        error = data.get("error") if isinstance(data, dict) else None
        what = f"server error {_one_line(json.dumps(error))}" if error else _one_line(text)
        raise BackendError(f"malformed response: no choices[0].message.content: {what}") from None
    if content is None:
        content = ""
    elif isinstance(content, list):  # content parts: [{"type": "text", "text": ...}]
        texts = [p.get("text") or "" for p in content if isinstance(p, dict)]
        if not all(isinstance(t, str) for t in texts):
            raise BackendError("malformed response: a content part's text is not a string")
        content = "".join(texts)
    elif not isinstance(content, str):
        raise BackendError(f"malformed response: content is {type(content).__name__}")
    if not content and isinstance(message, dict) and message.get("tool_calls"):
        raise BackendError(
            "the reply holds tool calls and no text (rlvr eval offers no tools: the server's "
            "tool-call parser took the model's answer; serve without it)"
        )
    usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
    reason = choice.get("finish_reason") if isinstance(choice, dict) else None
    return Completion(
        text=valid_unicode(content),
        completion_tokens=_count(usage.get("completion_tokens")),
        prompt_tokens=_count(usage.get("prompt_tokens")),
        finish_reason=reason if isinstance(reason, str) else None,
    )


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class _SlowBody(Exception):
    """The response body did not arrive within ``timeout`` seconds of its headers."""


class OpenAIBackend:
    """Chat completions from an OpenAI-compatible server (see the module docstring).

    Made by :func:`openai_backend`. The httpx client and the concurrency bound belong to
    the event loop that uses them; :meth:`aclose` closes them, and a later event loop gets
    new ones.
    """

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api_key: str | None = None,
        timeout: float = 120.0,
        retries: int = 5,
        concurrency: int = 8,
        backoff: float = 0.5,
        max_backoff: float = 30.0,
        max_retry_after: float = 300.0,
        extra_body: Mapping[str, Any] | None = None,
        max_response_bytes: int = MAX_RESPONSE_BYTES,
        body_timeout: float | None = None,
    ) -> None:
        if not isinstance(base_url, str) or not base_url.startswith(("http://", "https://")):
            raise ValueError(
                f"base URL must start with http:// or https://, got {base_url!r} "
                "(e.g. http://127.0.0.1:8000/v1)"
            )
        if not model:
            raise ValueError("model must be a non-empty name, as the server knows it")
        if not timeout > 0:
            raise ValueError(f"timeout must be > 0 seconds, got {timeout}")
        if retries < 0:
            raise ValueError(f"retries must be >= 0, got {retries}")
        if concurrency < 1:
            raise ValueError(f"concurrency must be >= 1, got {concurrency}")
        if backoff < 0 or max_backoff < 0 or max_retry_after < 0:
            raise ValueError("backoff, max_backoff and max_retry_after must be >= 0 seconds")
        if not isinstance(max_response_bytes, int) or max_response_bytes < 1:
            raise ValueError(
                f"max_response_bytes must be an integer >= 1, got {max_response_bytes!r}"
            )
        self._httpx = _import_httpx()
        base = base_url.rstrip("/")
        self.name = base
        self.url = base if base.endswith("/chat/completions") else base + "/chat/completions"
        self.model = model
        self.timeout = float(timeout)
        self.retries = int(retries)
        self.concurrency = int(concurrency)
        self.backoff = float(backoff)
        self.max_backoff = float(max_backoff)
        self.max_retry_after = float(max_retry_after)
        self.extra_body = dict(extra_body or {})
        self.max_response_bytes = max_response_bytes
        self.body_timeout = 10 * self.timeout if body_timeout is None else float(body_timeout)
        if not self.body_timeout > 0:
            raise ValueError(f"body_timeout must be > 0 seconds, got {body_timeout}")
        # what else decides a completion, for the cache key (rlvr_envs.evaluation.cache)
        self.cache_id = canonical_json(self.extra_body) if self.extra_body else None
        key = os.environ.get("OPENAI_API_KEY") if api_key is None else api_key
        self._headers = {"Authorization": f"Bearer {key}"} if key else {}
        self._rng = random.Random()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._clients: list[Any] = []
        self._free: list[int] = []  # free connections per client
        self._semaphore: asyncio.Semaphore | None = None
        self._pause_until = 0.0

    def __repr__(self) -> str:
        return f"OpenAIBackend({self.name!r}, model={self.model!r})"

    def _session(self) -> asyncio.Semaphore:
        loop = asyncio.get_running_loop()
        if self._loop is not loop or not self._clients:
            httpx = self._httpx
            count = -(-self.concurrency // POOL_SIZE)
            self._free = [len(range(i, self.concurrency, count)) for i in range(count)]
            self._clients = [
                httpx.AsyncClient(
                    headers=self._headers,
                    timeout=httpx.Timeout(self.timeout, pool=None),
                    limits=httpx.Limits(max_connections=size, max_keepalive_connections=size),
                )
                for size in self._free
            ]
            self._semaphore = asyncio.Semaphore(self.concurrency)
            self._loop, self._pause_until = loop, 0.0
        assert self._semaphore is not None
        return self._semaphore

    async def _post(self, payload: dict[str, Any]) -> tuple[int, Any, bytes]:
        """POST on the client with the most free connections (the caller holds a slot):
        the status, headers and body, read as :meth:`_read` says."""
        free = self._free
        index = max(range(len(free)), key=free.__getitem__)
        free[index] -= 1
        try:
            client = self._clients[index]
            response = await client.send(client.build_request("POST", self.url, json=payload),
                                         stream=True)  # fmt: skip
            try:
                return response.status_code, response.headers, await self._read(response)
            finally:
                await response.aclose()
        finally:
            free[index] += 1

    async def _read(self, response: Any) -> bytes:
        """The (decoded) body: at most ``max_response_bytes`` (else a :class:`BackendError`,
        and the rest is never read) and within ``body_timeout`` seconds of the headers (else
        :class:`_SlowBody`; ``timeout`` bounds each silence, this the whole body)."""
        limit = self.max_response_bytes
        declared = response.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            raise BackendError(f"malformed response: larger than {limit} bytes ({declared})")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.body_timeout
        chunks, size = [], 0
        async for chunk in response.aiter_bytes():
            size += len(chunk)
            if size > limit:
                raise BackendError(f"malformed response: larger than {limit} bytes")
            if loop.time() > deadline:
                raise _SlowBody
            chunks.append(chunk)
        return b"".join(chunks)

    def _delay(self, attempt: int, retry_after: float | None) -> float:
        bound = min(self.max_backoff, self.backoff * 2**attempt)
        delay = bound / 2 + self._rng.uniform(0, bound / 2)
        if retry_after is not None:
            delay = max(delay, min(retry_after, self.max_retry_after))
        return delay

    async def complete(
        self,
        messages: Sequence[Message],
        *,
        temperature: float,
        max_tokens: int,
        seed: int | None,
    ) -> Completion:
        """One chat completion, retried as the module docstring says."""
        httpx = self._httpx
        semaphore = self._session()
        loop = asyncio.get_running_loop()
        payload: dict[str, Any] = {
            "model": self.model,
            "messages": list(messages),
            "temperature": temperature,
            "max_tokens": max_tokens,
            **({"seed": seed} if seed is not None else {}),
            **self.extra_body,
        }
        failure = ""
        for attempt in range(self.retries + 1):
            retry_after = None
            async with semaphore:
                pause = self._pause_until - loop.time()
                if pause > 0:
                    await asyncio.sleep(pause)
                try:
                    status, headers, body = await self._post(payload)
                except httpx.TimeoutException:
                    failure = f"timed out after {self.timeout:g} s"
                except _SlowBody:
                    failure = f"timed out: the body took over {self.body_timeout:g} s to arrive"
                except httpx.TransportError as exc:
                    failure = f"connection error: {type(exc).__name__}: {_one_line(str(exc))}"
                except (httpx.HTTPError, httpx.StreamError) as exc:  # undecodable body, ...
                    raise BackendError(
                        f"malformed response: {type(exc).__name__}: {_one_line(str(exc))}"
                    ) from None
                else:
                    if status == 200:
                        return parse_chat_response(body)
                    failure = f"HTTP {status}: {_one_line(body.decode('utf-8', 'replace'))}"
                    if status not in RETRY_STATUS:
                        raise BackendError(failure)
                    retry_after = retry_after_seconds(headers.get("retry-after"))
            if attempt == self.retries:
                break
            delay = self._delay(attempt, retry_after)
            if retry_after is not None:
                self._pause_until = max(self._pause_until, loop.time() + delay)
            await asyncio.sleep(delay)
        attempts = self.retries + 1
        raise BackendError(f"{failure} ({attempts} attempt{'s' * (attempts > 1)})")

    async def aclose(self) -> None:
        """Close this event loop's connections."""
        clients, self._clients, self._loop = self._clients, [], None
        for client in clients:
            await client.aclose()


def openai_backend(
    base_url: str,
    model: str,
    *,
    api_key: str | None = None,
    timeout: float = 120.0,
    retries: int = 5,
    concurrency: int = 8,
    **options: Any,
) -> OpenAIBackend:
    """A :class:`~rlvr_envs.evaluation.backend.Backend` for an OpenAI-compatible server.

    Args:
        base_url: the API root, e.g. ``http://127.0.0.1:8000/v1`` (requests go to
            ``{base_url}/chat/completions``; a URL ending in ``/chat/completions`` is used
            as it is).
        model: the model name the server serves.
        api_key: sent as ``Authorization: Bearer``; None reads ``$OPENAI_API_KEY`` (sent when
            set), ``""`` sends none.
        timeout: seconds to wait for the server at each step of a request (connect, send,
            first and every later byte of the response).
        retries: retries after the first attempt (see the module docstring for what is
            retried).
        concurrency: requests in flight at most.
        **options: ``backoff`` (first backoff bound, 0.5 s), ``max_backoff`` (30 s),
            ``max_retry_after`` (the longest ``Retry-After`` honoured, 300 s),
            ``extra_body`` (fields added to every request, e.g. ``{"top_p": 0.95}``; part
            of the cache key), ``max_response_bytes`` (64 MiB: a larger body is an error,
            and is not read to its end) and ``body_timeout`` (seconds for the whole body
            once the headers have come; default ``10 * timeout``).
    """
    return OpenAIBackend(
        base_url,
        model,
        api_key=api_key,
        timeout=timeout,
        retries=retries,
        concurrency=concurrency,
        **options,
    )
