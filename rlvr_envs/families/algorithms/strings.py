"""What the string and array families share: reading a single word of an answer strictly.

An answer here is one token (a transformed string, a run-length encoding), optionally after
a label from the family's list (``result: ...``, ``encoding = ...``) and optionally inside
one pair of quotes or backticks. Nothing evaluates model text; :func:`read_word` raises
:class:`AnswerError` (a ValueError) on text it cannot read.
"""

from __future__ import annotations

import re

from rlvr_envs.families.shared.answer_parsing import AnswerError
from rlvr_envs.numbers import normalise

_LABEL = re.compile(r"\s*([a-z][a-z ]*?)\s*(?:[:=]|\bis\b)\s*", re.IGNORECASE)
_QUOTES = {'"': '"', "'": "'", "`": "`", "\u201c": "\u201d", "\u2018": "\u2019"}


def read_word(answer: str, labels: tuple[str, ...], pattern: str) -> str:
    """The one token of ``answer`` that fully matches ``pattern`` (a regex source).

    A leading ``label:`` / ``label =`` / ``label is`` (``the label is`` too) is dropped when
    the label is one of ``labels``; markdown bold (``**...**``) and one pair of surrounding
    quotes or backticks are dropped; the rest must be the
    token alone (inner whitespace is refused, so ``abc or abd`` does not pass).
    """
    text = normalise(answer).strip()
    match = _LABEL.match(text)
    if match:
        word = " ".join(match.group(1).lower().split())
        word = word.removeprefix("the ")
        if word not in labels:
            raise AnswerError(f"unknown label {word!r}; expected the answer alone")
        text = text[match.end() :].strip()
    while text.startswith("```") and text.endswith("```") and len(text) >= 6:
        text = text[3:-3].strip()
    if text.startswith("**") and text.endswith("**") and len(text) >= 4:
        text = text[2:-2].strip()
    if len(text) >= 2 and text[0] in _QUOTES and text[-1] == _QUOTES[text[0]]:
        text = text[1:-1].strip()
    if not text:
        raise AnswerError("the answer is empty")
    if not re.fullmatch(pattern, text):
        raise AnswerError("the answer is not one token of the stated syntax")
    return text
