"""How the trainer writes a problem for the model: chat messages rendered by its template."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import rlvr_envs
from rlvr_envs.chat import chat_messages

__all__ = ["encode_prompt"]


def encode_prompt(
    tokenizer: Any,
    problem: rlvr_envs.Problem,
    system_prompt: str | None = None,
    examples: Sequence[Sequence[str]] = (),
) -> list[int]:
    """The problem as chat messages (system prompt, worked examples as earlier turns, then the
    problem), rendered by the model's chat template, as token ids."""
    messages = chat_messages(problem.prompt, system_prompt, examples)
    if getattr(tokenizer, "chat_template", None):
        text = tokenizer.apply_chat_template(messages, add_generation_prompt=True, tokenize=False)
    else:
        text = "\n\n".join(m["content"] for m in messages) + "\n"
    return tokenizer(text, add_special_tokens=False)["input_ids"]
