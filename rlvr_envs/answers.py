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

from rlvr_envs.numbers import normalise

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


# -- the answer front end: one normalisation for every family ------------------------------
#
# design.md, "One front end for every family": what is notation rather than content is removed
# from the final answer before the family's own parser sees it, so a right answer in ordinary
# notation is accepted the same way everywhere. docs/answers.md lists the wrappings.

_MAX_PASSES = 8
_MAX_LABEL_CHARS = 40
_EMPHASIS = ("**", "__", "*", "_")
_DELIMITERS = (("$$", "$$"), ("\\[", "\\]"), ("\\(", "\\)"), ("$", "$"))
_DECIMAL_POINT = re.compile(r"(?<=[0-9])\.(?=[0-9])")
_LABEL_SPELLINGS = (
    (("^\\prime", "\\prime"), "'"),
    (("\\angle", "angle"), "\u2220"),
    (("\\cdot", "\u00b7", "\u22c5"), "."),
    (("\\times", "\u00d7"), "x"),
)
_LABEL_NOISE = re.compile(r"\s+|\\left(?![a-zA-Z])|\\right(?![a-zA-Z])|\\[,;!: ]|[{}$]")


def labels_in(prompt: str, patterns: Sequence[str]) -> tuple[str, ...]:
    """Every group of every match of ``patterns`` in ``prompt``: the labels a family's
    prompt gives its answer (``Family.answer_label_patterns``)."""
    found: list[str] = []
    for pattern in patterns:
        for match in re.finditer(pattern, prompt):
            found += [g for g in match.groups() if g and g not in found]
    return tuple(found)


def label_key(label: str) -> str:
    """The spelling-free form of a label: ``A^{-1}``, ``A^-1`` and ``A ^ {-1}`` compare
    equal, as do ``f'(x)``, ``f^\\prime(x)`` and ``f^{\\prime}(x)``."""
    key = _LABEL_NOISE.sub("", normalise(label))
    for spellings, canonical in _LABEL_SPELLINGS:
        for spelling in spellings:
            key = key.replace(spelling, canonical)
    return key


def normalise_answer(
    answer: str,
    *,
    reference: str = "",
    labels: Sequence[str] = (),
    names: Sequence[str] = (),
) -> str:
    """The final answer with its notation removed (design.md, "One front end").

    Removed, repeatedly and only where they wrap the *whole* answer: surrounding whitespace;
    ``\\boxed{...}`` and ``\\fbox{...}``; math delimiters ``$..$``, ``$$..$$``, ``\\(..\\)``
    and ``\\[..\\]``; markdown emphasis ``**..**``, ``__..__``, ``*..*``, ``_.._``; one
    trailing full stop; and a leading ``label =`` where ``label`` is one of ``labels`` (what
    the prompt asks for, compared by :func:`label_key`) and no other ``=`` follows. Where
    ``names`` are the named parts of a tuple answer (``("h", "k", "r^2")``), assignments to
    exactly those names in any order (``h = -4, k = -5, r^2 = 200``) become the bare list in
    the declared order, in parentheses when ``reference`` is written in them.

    ``reference`` (the problem's reference answer) tells notation from content: a marker
    that the reference itself starts or ends with (``$``, ``\\(``, ``*``) is kept, an
    emphasis marker is kept where the reference spans several lines and holds its character
    (``*`` in a Minesweeper grid), and a trailing full stop is kept where the reference uses
    ``.`` other than as a decimal point (``.`` for an empty cell). Linear in the answer's
    length, never raises; the family's own parser still decides everything else.
    """
    ref = reference.strip()
    keys = {label_key(label) for label in labels if label}
    if len(names) > 1:
        keys.add(label_key("(" + ",".join(names) + ")"))
    period_is_content = "." in _DECIMAL_POINT.sub("", ref)
    text = answer.strip()
    for _ in range(_MAX_PASSES):
        before = text
        if not period_is_content and text.endswith(".") and not text.endswith(".."):
            text = text[:-1].rstrip()
        text = _unbox(text)
        text = _undelimit(text, ref)
        text = _unemphasise(text, ref)
        if keys:
            text = _unlabel(text, keys)
        if names:
            text = _unname(text, names, ref.startswith("("))
        text = text.strip()
        if text == before or not text:
            break
    return text or answer.strip()


def _unbox(text: str) -> str:
    if not text.startswith(("\\boxed", "\\fbox")) or not text.endswith("}"):
        return text
    inner = last_boxed(text)
    if (
        inner is not None
        and text.endswith("{" + inner + "}")
        and text.count("\\boxed") + text.count("\\fbox") == 1
        and text[: len(text) - len(inner) - 2].rstrip() in ("\\boxed", "\\fbox")
    ):
        return inner
    return text


def _undelimit(text: str, ref: str) -> str:
    for opener, closer in _DELIMITERS:
        if ref.startswith(opener) or len(text) < len(opener) + len(closer) + 1:
            continue
        if text.startswith(opener) and text.endswith(closer):
            inner = text[len(opener) : len(text) - len(closer)]
            if opener.startswith("$") and re.search(r"(?<!\\)\$", inner):
                continue  # $a$ and $b$: two spans, not one wrapped answer
            if opener.startswith("\\") and (opener in inner or closer in inner):
                continue
            if inner.endswith("\\") and closer == "$":
                continue  # $5\$ is not a span
            return inner
    return text


def _unemphasise(text: str, ref: str) -> str:
    for marker in _EMPHASIS:
        char = marker[0]
        if ref.startswith(char) or ref.endswith(char) or ("\n" in ref and char in ref):
            continue  # the reference's own symbol (a star in a Minesweeper grid)
        n = len(marker)
        if len(text) > 2 * n and text.startswith(marker) and text.endswith(marker):
            inner = text[n:-n]
            if inner[:1].isspace() or inner[-1:].isspace():
                continue  # markdown emphasis hugs its text
            # a lone star or underscore inside is a second span (or an operator, if spaced);
            # a doubled one is bold inside italic
            spaced = inner.replace(f" {char} ", " ").replace(char * 2, "") if n == 1 else inner
            if marker in spaced:
                continue  # *3* and *4*: two spans, not one (7 * 2 is an operator)
            return inner
    return text


def _depth_zero_split(text: str, separator: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == separator and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return parts


def _unlabel(text: str, keys: set[str]) -> str:
    head, sep, rest = text.partition("=")
    if not sep or "=" in rest or not rest.strip() or len(head) > _MAX_LABEL_CHARS:
        return text
    if head.endswith(("<", ">", "!", ":")) or rest.startswith("="):
        return text
    return rest.strip() if label_key(head) in keys else text


def _unname(text: str, names: Sequence[str], parenthesised: bool) -> str:
    if text.count("=") != len(names) or len(text) > 10_000:
        return text
    body = text
    if body.startswith("(") and body.endswith(")"):
        body = body[1:-1]
    values: dict[str, str] = {}
    wanted = {label_key(name): name for name in names}
    for part in _depth_zero_split(body, ","):
        head, sep, value = part.partition("=")
        key = label_key(head)
        if not sep or key not in wanted or key in values or not value.strip():
            return text
        values[key] = value.strip()
    if len(values) != len(names):
        return text
    listed = ", ".join(values[label_key(name)] for name in names)
    return f"({listed})" if parenthesised else listed
