"""Extracting the final answer from a completion, per the problem's answer format.

Rules (design.md, "Completions and answers"):

* a completion is a string or a chat message list; the last assistant message counts;
* text inside ``<think>...</think>`` is ignored (an unclosed ``<think>`` hides the rest);
* the final answer is the *last* match of the format: ``<answer>...</answer>`` (``tags``),
  ``\\boxed{...}`` with nested braces (``boxed``), or the last fenced Python block (``code``);
* an empty answer is ``no_answer``; one longer than the family's cap is ``unparsable``;
* where a single value is asked for, an answer that hedges between alternatives
  ("3 or 4", "either 3 or 4") is not correct.

Every function here is linear in the completion's length, so hostile inputs (10 MB strings,
braces nested 10,000 deep) cost milliseconds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Completion = str | Sequence[Mapping[str, Any]] | Mapping[str, Any]

# Lower-cases ASCII letters only, so indices into the result are indices into the input.
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_PYTHON_TAGS = ("", "python", "py", "python3")
_HEDGE = re.compile(
    r"(\bor\b|\beither\b|\band/or\b|\bmaybe\b|\bpossibly\b|\bperhaps\b|\\lor\b|\\vee\b|\?)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Extraction:
    """The final answer found in a completion, or why none was found."""

    answer: str | None
    format_ok: bool
    reason: str | None = None  # None when an answer was found; else no_answer / unparsable


def completion_text(completion: Completion) -> str:
    """The text to score: a string as is, or the last assistant message of a chat list."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, Mapping):
        return _content_text(completion.get("content", ""))
    if isinstance(completion, Sequence):
        for message in reversed(completion):
            if isinstance(message, Mapping) and message.get("role", "assistant") == "assistant":
                return _content_text(message.get("content", ""))
        return ""
    return ""


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, Sequence):  # OpenAI-style content parts
        parts = [p.get("text", "") for p in content if isinstance(p, Mapping)]
        return "".join(p for p in parts if isinstance(p, str))
    return ""


def strip_think(text: str) -> str:
    """Remove reasoning blocks; an unclosed ``<think>`` hides everything after it.

    A completion that only closes a block (the opening tag was in the prompt's template)
    keeps what follows the last ``</think>``.
    """
    if "<" not in text:
        return text
    lowered = text.translate(_ASCII_LOWER)
    close = lowered.rfind("</think>")
    if close != -1 and lowered.rfind("<think>", 0, close) == -1:
        text, lowered = text[close + 8 :], lowered[close + 8 :]
    kept, pos = [], 0
    while True:
        opened = lowered.find("<think>", pos)
        if opened == -1:
            kept.append(text[pos:])
            break
        kept.append(text[pos:opened])
        closed = lowered.find("</think>", opened)
        if closed == -1:
            break
        pos = closed + 8
    return " ".join(kept)


def last_tagged(text: str, tag: str = "answer") -> str | None:
    """Content of the last ``<tag>...</tag>`` pair (case-insensitive), or None."""
    lowered = text.translate(_ASCII_LOWER)
    close = lowered.rfind(f"</{tag}>")
    if close == -1:
        return None
    start = lowered.rfind(f"<{tag}>", 0, close)
    if start == -1:
        return None
    return text[start + len(tag) + 2 : close]


def last_tagged_unboxed(text: str) -> str | None:
    """:func:`last_tagged`, with a ``\\boxed{...}`` that wraps the whole content removed:
    ``<answer>\\boxed{15/64}</answer>`` answers ``15/64`` (models box by habit)."""
    content = last_tagged(text)
    if content is None:
        return None
    inner = content.strip()
    if inner.startswith(("\\boxed{", "\\fbox{")) and inner.endswith("}"):
        boxed = last_boxed(inner)
        if (
            boxed is not None
            and inner.endswith("{" + boxed + "}")
            and inner.count("\\boxed") + inner.count("\\fbox") == 1
        ):
            return boxed
    return content


def last_boxed(text: str) -> str | None:
    """Content of the last ``\\boxed{...}`` (or ``\\fbox{...}``), matching nested braces.

    ``\\boxed 5`` (no braces) yields ``5``. Unbalanced braces yield None.
    """
    start = max(text.rfind("\\boxed"), text.rfind("\\fbox"))
    if start == -1:
        return None
    i = start + (len("\\boxed") if text.startswith("\\boxed", start) else len("\\fbox"))
    while i < len(text) and text[i] == " ":
        i += 1
    if i >= len(text):
        return None
    if text[i] != "{":
        match = re.match(r"[^\s$]+", text[i:])
        return match.group(0) if match else None
    depth = 0
    for j in range(i, len(text)):
        char = text[j]
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return text[i + 1 : j]
    return None


_MAX_BLOCKS = 10_000


def last_code_block(text: str) -> str | None:
    """Body of the last fenced code block tagged python (or untagged), or None.

    Fences pair up from the start of the text; with an odd number of fences the last one
    opens a block that never closes. Pairs are examined from the end, at most 10,000 of
    them, so a completion made of a million fences costs a count and a few lookups.
    """
    total = text.count("```")
    if total < 2:
        return None
    if "````" in text:  # runs of 4+ backticks: pair them exactly as a left-to-right scan does
        return _last_code_block_forward(text)
    fences = _fences_from_the_end(text)
    if total % 2:
        next(fences)
    for _ in range(min(total // 2, _MAX_BLOCKS)):
        closed, opened = next(fences), next(fences)
        newline = text.find("\n", opened, closed)
        if newline != -1 and text[opened + 3 : newline].strip().lower() in _PYTHON_TAGS:
            return text[newline + 1 : closed]
    return None


def _fences_from_the_end(text: str) -> Iterator[int]:
    pos = len(text)
    while (pos := text.rfind("```", 0, pos)) != -1:
        yield pos


def _last_code_block_forward(text: str) -> str | None:
    fences, pos = [], 0
    while (pos := text.find("```", pos)) != -1:
        fences.append(pos)
        pos += 3
    found = None
    for opened, closed in zip(fences[0::2], fences[1::2]):
        newline = text.find("\n", opened, closed)
        if newline == -1:
            continue
        if text[opened + 3 : newline].strip().lower() in _PYTHON_TAGS:
            found = text[newline + 1 : closed]
    return found


@dataclass(frozen=True)
class AnswerFormatRules:
    """Everything about one answer format: how the prompt asks for it (``instruction``, given
    the family's ``answer_syntax``), how an answer is written in it (``wrap``: what the oracle
    completion does) and how it is found in a completion (``find``: the last one wins)."""

    name: str
    find: Callable[[str], str | None]
    wrap: Callable[[str], str]
    instruction: Callable[[str], str]
    strip: bool = True  # surrounding whitespace is not part of the answer (code keeps it)


# One entry per format: a new format is one more entry (and a name in core.AnswerFormat).
FORMATS: dict[str, AnswerFormatRules] = {
    "tags": AnswerFormatRules(
        "tags",
        last_tagged_unboxed,
        lambda answer: f"<answer>{answer}</answer>",
        lambda what: f"Give {what} inside <answer></answer> tags, e.g. <answer>...</answer>.",
    ),
    "boxed": AnswerFormatRules(
        "boxed",
        last_boxed,
        lambda answer: f"\\boxed{{{answer}}}",
        lambda what: f"Give {what} inside \\boxed{{}}, e.g. \\boxed{{...}}.",
    ),
    "code": AnswerFormatRules(
        "code",
        last_code_block,
        lambda answer: f"```python\n{answer.rstrip()}\n```",
        lambda what: f"Give {what} as a single fenced Python code block (```python ... ```).",
        strip=False,
    ),
}


def format_rules(answer_format: str) -> AnswerFormatRules:
    """The rules of ``answer_format``; ValueError naming the known ones otherwise."""
    try:
        return FORMATS[answer_format]
    except KeyError:
        raise ValueError(
            f"unknown answer_format {answer_format!r}; known: {sorted(FORMATS)}"
        ) from None


def extract(completion: Completion, answer_format: str, max_chars: int = 10_000) -> Extraction:
    """Find the final answer of ``completion`` in ``answer_format``."""
    rules = format_rules(answer_format)
    text = strip_think(completion_text(completion))
    raw = rules.find(text)
    if raw is None:
        return Extraction(None, False, "no_answer")
    answer = raw.strip() if rules.strip else raw
    if not answer.strip():
        return Extraction(None, False, "no_answer")
    if len(answer) > max_chars:
        return Extraction(None, True, "unparsable")
    return Extraction(answer, True, None)


def is_hedged(answer: str) -> bool:
    """True when an answer offers alternatives ("3 or 4", "maybe 5", "5?") for one value."""
    return _HEDGE.search(answer) is not None
