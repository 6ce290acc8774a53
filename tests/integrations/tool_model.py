"""A tiny model that calls tools on a script, for TRL's multi-turn path (no downloads).

The tokenizer is byte-level (every string round-trips exactly) with Qwen3's chat template
from TRL's own copy and TRL's response parser for it, so ``supports_tool_calling`` holds and
``parse_response`` finds the tool calls. The model is a tiny random Llama whose ``generate``
follows a script: each rollout's first token picks one of the script's paths at random (the
sampler's choice, so rollouts of one prompt differ), and from then on every token is forced
to spell that path's turn for the current attempt: a ``submit_answer`` call with a right or a
wrong answer, or, once the episode is over, a closing message without a tool call. Forward
passes (the loss) are the random model's own, so the trainer trains a real model.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

SPECIAL = [
    "<|endoftext|>",
    "<|im_start|>",
    "<|im_end|>",
    "<tool_call>",
    "</tool_call>",
    "<tool_response>",
    "</tool_response>",
    "<think>",
    "</think>",
]

# A path: what the rollout's answers are, one per attempt ("right"/"wrong"); after the last
# answer the model closes the turn with a plain message.
PATHS = {"a": ["right"], "b": ["wrong", "right"], "c": ["wrong", "wrong", "wrong"]}


def build_tool_tokenizer(path: Path) -> Path:
    """Write the byte-level tokenizer with Qwen3's template to ``path``; returns ``path``."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers
    from tokenizers.pre_tokenizers import ByteLevel
    from transformers import PreTrainedTokenizerFast
    from trl.chat_template_utils import add_response_schema, qwen3_chat_template

    alphabet = ByteLevel.alphabet()
    vocab = {token: i for i, token in enumerate(SPECIAL)}
    for char in sorted(alphabet):
        vocab[char] = len(vocab)
    core = Tokenizer(models.BPE(vocab, merges=[]))
    core.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)
    core.decoder = decoders.ByteLevel()
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=core,
        pad_token="<|endoftext|>",
        eos_token="<|im_end|>",
        additional_special_tokens=SPECIAL[3:],
    )
    tokenizer.chat_template = qwen3_chat_template
    add_response_schema(tokenizer)
    path.mkdir(parents=True, exist_ok=True)
    tokenizer.save_pretrained(path)
    return path


def turn_text(path: str, attempt: int, right: str, wrong: str) -> str:
    """What a rollout on ``path`` writes in its ``attempt``-th assistant turn (from 0)."""
    answers = PATHS[path]
    lead = path + "\n" if attempt == 0 else ""  # the first token names the path
    if attempt >= len(answers):
        return lead + "done<|im_end|>"
    answer = right if answers[attempt] == "right" else wrong
    call = json.dumps({"name": "submit_answer", "arguments": {"answer": answer}})
    return f"{lead}<tool_call>\n{call}\n</tool_call><|im_end|>"


def scripted_model(tokenizer: Any, answers: Mapping[str, tuple[str, str]], seed: int = 0) -> Any:
    """A tiny random Llama (``len(tokenizer)`` tokens) whose ``generate`` follows the script:
    ``answers`` maps each problem's prompt to its (right, wrong) answer."""
    import torch
    from transformers import LlamaConfig, LlamaForCausalLM, LogitsProcessor, LogitsProcessorList

    header = "<|im_start|>assistant\n"
    pad = tokenizer.pad_token_id
    starts = {tokenizer.convert_tokens_to_ids(path): path for path in PATHS}

    def encode(text: str) -> list[int]:
        return tokenizer(text, add_special_tokens=False)["input_ids"]

    class Script(LogitsProcessor):
        """Forces each row's script; reads each row's context once per ``generate`` call (TRL
        calls ``generate`` once per turn, on the conversation so far)."""

        def __init__(self) -> None:
            self.start: int | None = None
            self.rows: list[tuple[str, int, str | None]] = []

        def context(self, row: list[int]) -> tuple[str, int, str | None]:
            text = tokenizer.decode([t for t in row if t != pad], skip_special_tokens=False)
            key = next((k for k in answers if k in text), None)
            if key is None or not text.endswith(header):
                raise AssertionError("the scripted model saw a prompt it has no script for")
            rollout = text.split(header, 1)[1]
            return key, rollout.count("<tool_response>"), (rollout[0] if rollout else None)

        def allowed(self, i: int, generated: list[int]) -> list[int]:
            key, attempt, path = self.rows[i]
            if path is None:  # the rollout's first token: a path, chosen by the sampler
                if not generated:
                    return list(starts)
                path = starts[generated[0]]
            target = encode(turn_text(path, attempt, *answers[key]))
            if target[: len(generated)] != generated or len(generated) >= len(target):
                return [tokenizer.eos_token_id]  # done (the rest of the row is padding)
            return [target[len(generated)]]

        def __call__(self, input_ids: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
            rows = input_ids.tolist()
            if self.start is None:
                self.start = len(rows[0])
                self.rows = [self.context(row) for row in rows]
            allowed = torch.full_like(scores, float("-inf"))
            for i, row in enumerate(rows):
                allowed[i, self.allowed(i, row[self.start :])] = 0.0
            return allowed  # the choice among the allowed tokens is uniform

    class ScriptedLlama(LlamaForCausalLM):
        def generate(self, *args: Any, **kwargs: Any) -> Any:
            processors = LogitsProcessorList(kwargs.pop("logits_processor", None) or [])
            processors.append(Script())
            return super().generate(*args, logits_processor=processors, **kwargs)

    config = LlamaConfig(
        vocab_size=len(tokenizer),
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=16384,
        tie_word_embeddings=True,
        pad_token_id=pad,
        eos_token_id=tokenizer.eos_token_id,
    )
    torch.manual_seed(seed)
    model = ScriptedLlama(config)
    model.generation_config.eos_token_id = tokenizer.eos_token_id
    model.generation_config.pad_token_id = pad
    return model


class ScriptFeed:
    """Stands in for a feed's ``take``: hands out the feed's problems and writes each one's
    (right, wrong) answers into the scripted model's ``answers`` as TRL reads it. A class at
    module level (not a closure) so that ``datasets`` can fingerprint the stream."""

    def __init__(self, take: Callable[[int], list], answers: dict, wrong: str) -> None:
        self.take, self.answers, self.wrong = take, answers, wrong

    def __call__(self, n: int) -> list:
        from rlvr_envs.registry import oracle_completion

        items = self.take(n)
        for item in items:
            p = item.problem
            self.answers[p.prompt] = (oracle_completion(p), self.wrong)
        return items
