"""What ``rlvr eval`` needs from a model: one chat completion at a time, asynchronously.

Two backends implement :class:`Backend`: an OpenAI-compatible chat-completions client
(:func:`rlvr_envs.evaluation.openai_backend`: vLLM, SGLang, llama.cpp's server, hosted APIs)
and a local Hugging Face model (:func:`rlvr_envs.evaluation.hf_backend`). A backend bounds its
own concurrency, retries what is worth retrying, and raises :class:`BackendError` for a
request that failed for good; the evaluation loop records that as an error, never as a wrong
answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from rlvr_envs.chat import Message


@dataclass(frozen=True)
class Completion:
    """One completion: its text, and the token counts the backend reported (None where it
    reported none: an OpenAI-compatible server without ``usage``)."""

    text: str
    completion_tokens: int | None = None
    prompt_tokens: int | None = None
    finish_reason: str | None = None


def parse_chat_examples(text: str) -> list[list[str]]:
    """Worked examples from JSON, or from a JSON file when ``text`` names one: a list of
    ``[user, assistant]`` string pairs. ValueError says what is wrong."""
    import json
    from pathlib import Path

    source = Path(text).read_text() if text and Path(text).is_file() else text
    try:
        examples = json.loads(source)
    except ValueError:
        raise ValueError(
            "chat examples must be JSON (or a JSON file): a list of [user, assistant] pairs"
        ) from None
    if not isinstance(examples, list) or not all(
        isinstance(e, list) and len(e) == 2 and all(isinstance(t, str) for t in e) for e in examples
    ):
        raise ValueError("chat examples must be a JSON list of [user, assistant] string pairs")
    return examples


def valid_unicode(text: str) -> str:
    """``text`` with lone UTF-16 surrogates (which no UTF-8 file or request can carry)
    replaced by U+FFFD; valid text is returned as it is."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
    return text


class BackendError(Exception):
    """A request that failed for good (after retries): HTTP errors, timeouts, unreachable
    servers, malformed responses. Its message is what results report per sample."""


@runtime_checkable
class Backend(Protocol):
    """A source of chat completions for :func:`~rlvr_envs.evaluation.score_problems`.

    ``name`` identifies where completions come from (a base URL, a model path) and, with
    ``model``, keys the completion cache; ``concurrency`` is how many requests the caller
    should keep in flight (the backend enforces it too). A backend may also have
    ``cache_id``, a string naming whatever else decides its completions (the OpenAI client's
    extra request fields; a local model's weights and dtype), which the cache key includes
    when it is not None.
    """

    name: str
    model: str
    concurrency: int

    async def complete(
        self,
        messages: Sequence[Message],
        *,
        temperature: float,
        max_tokens: int,
        seed: int | None,
    ) -> Completion:
        """One completion of the chat ``messages``; raises :class:`BackendError` on failure."""
        ...

    async def aclose(self) -> None:
        """Release what the backend holds on the running event loop (connections, tasks);
        the backend stays usable, from a later event loop too."""
        ...
