"""The chat a model is asked: one builder for every place that turns a prompt into messages.

The gymnasium env (``info["messages"]``), ``rlvr eval``, the GRPO trainer, the TRL and verl
datasets and the verifiers taskset all build their messages with :func:`chat_messages`, so a
model is evaluated as it was trained and every integration shows it the same turns. This
module imports nothing from the rest of the library.
"""

from __future__ import annotations

from collections.abc import Sequence

Message = dict[str, str]
"""One chat message: ``{"role": "system" | "user" | "assistant", "content": text}``."""

Examples = Sequence[Sequence[str]]
"""Worked examples: ``[user, assistant]`` pairs shown as earlier chat turns (few-shot)."""


def chat_messages(
    prompt: str, system_prompt: str | None = None, examples: Examples = ()
) -> list[Message]:
    """The chat a model is asked: a system message when ``system_prompt`` is given (an empty
    one is left out), the worked ``examples`` as earlier user/assistant turns, then ``prompt``
    as the user's message. Returns fresh dicts the caller may extend (a multi-turn episode
    appends its replies and feedback)."""
    messages: list[Message] = (
        [{"role": "system", "content": system_prompt}] if system_prompt else []
    )
    for user, assistant in examples:
        messages += [{"role": "user", "content": user}, {"role": "assistant", "content": assistant}]
    messages.append({"role": "user", "content": prompt})
    return messages
