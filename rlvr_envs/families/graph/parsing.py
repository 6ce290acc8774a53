"""Answer parsing for the graph families: one linear-time tokeniser (:func:`tokens`) and small
state machines for node lists, ``node: colour`` maps, edge lists and integers. Malformed
text raises :class:`AnswerError`, which families turn into ``Judgement.unparsable``.
"""

from __future__ import annotations

import re

from rlvr_envs import numbers
from rlvr_envs.families.shared.answer_parsing import AnswerError

MAX_NODE_DIGITS = 6  # longer numbers in an answer are unparsable, never converted


# -- answer parsing -------------------------------------------------------------------------------
_TOKEN = re.compile(r"[0-9]+|-->|->|--|→|⟶|[A-Za-z]+|\S")


_ARROWS = frozenset({"->", "-->", "--", "-", "→", "⟶"})


_LIST_SEPARATORS = frozenset({",", ";"}) | _ARROWS


_OPEN, _CLOSE = "([{", ")]}"


def tokens(text: str) -> list[str]:
    """Numbers, arrows, words (lower-cased) and single punctuation marks; whitespace dropped.

    Linear in the text; digits are ASCII only (``int`` would accept other scripts' digits).
    """
    return _TOKEN.findall(text.lower())


def _number(token: str) -> int:
    if not token.isascii() or not token.isdigit():
        raise AnswerError(f"expected a node number, found {token[:20]!r}")
    if len(token) > MAX_NODE_DIGITS:
        raise AnswerError("a node number is too long")
    return int(token)


def _strip_brackets(toks: list[str]) -> list[str]:
    """Drop one enclosing pair of brackets and a trailing full stop."""
    if toks and toks[-1] == ".":
        toks = toks[:-1]
    if len(toks) >= 2 and toks[0] in _OPEN and toks[-1] == _CLOSE[_OPEN.index(toks[0])]:
        toks = toks[1:-1]
    return toks


def node_list(toks: list[str]) -> list[int]:
    """Node numbers separated by commas, arrows (``->``, ``-``, ``→``) or spaces.

    ``0 -> 3 -> 5``, ``0, 3, 5``, ``[0, 3, 5]`` and ``0 3 5`` all give ``[0, 3, 5]``.
    """
    toks = _strip_brackets(toks)
    if not toks:
        raise AnswerError("no nodes given")
    out: list[int] = []
    expect_number = True
    for tok in toks:
        if tok[0].isdigit():
            out.append(_number(tok))
            expect_number = False
        elif tok in _LIST_SEPARATORS and not expect_number:
            expect_number = True
        else:
            raise AnswerError(f"unexpected {tok[:20]!r} in a list of nodes")
    if expect_number:
        raise AnswerError("the list ends with a separator")
    return out


def parse_nodes(text: str) -> list[int]:
    """A node list (see :func:`node_list`) from answer text."""
    return node_list(tokens(text))


def is_none(text: str) -> bool:
    """True for the answer ``none`` (any case, optional full stop)."""
    return text.strip().rstrip(".").strip().lower() == "none"


def none_witness(text: str) -> list[int] | None:
    """The nodes after a leading ``none`` (``none: 3, 0, 1``), or None when the answer does
    not start with the word none.

    Used where "there is none" must come with a certificate (a topological order, nodes of
    odd degree), so that answering ``none`` to everything earns nothing. A bare ``none``
    raises :class:`AnswerError`: the witness is part of the documented syntax.
    """
    toks = tokens(text)
    if not toks or toks[0] != "none":
        return None
    rest = toks[1:]
    if rest and rest[0] in (":", ",", ";", "-", "--"):
        rest = rest[1:]
    if not [t for t in rest if t != "."]:
        raise AnswerError("a none answer needs its witness after the word none")
    return node_list(rest)


def parse_int(text: str) -> int:
    """A non-negative integer literal in the shared number syntax (:mod:`rlvr_envs.numbers`:
    ``42``, ``+42``, ``1,000``), optionally followed by a full stop; at most 15 digits.

    ``42.0`` is a decimal and ``-3`` is negative: both are unparsable here.
    """
    body = text.strip().removesuffix(".")
    value = numbers.parse_integer(body) if len(body) <= 24 else None
    if value is None or value < 0 or value >= 10**15:
        raise AnswerError("expected a single non-negative integer")
    return value


def parse_mapping(text: str) -> list[tuple[int, int]]:
    """``node: value`` pairs separated by commas, semicolons or line breaks (``=`` also works).

    ``0: 1, 1: 2`` and ``{0: 1; 1: 2}`` both give ``[(0, 1), (1, 2)]``.
    """
    toks = _strip_brackets(tokens(text))
    return read_pairs(toks, (":", "="), "expected pairs written as node: colour")


def read_pairs(toks: list[str], links: tuple[str, ...], why: str) -> list[tuple[int, int]]:
    """``a <link> b`` pairs from tokens, separated by commas or semicolons; ``why`` is the
    error when a pair is malformed."""
    pairs: list[tuple[int, int]] = []
    i = 0
    while i < len(toks):
        if i + 2 >= len(toks) or toks[i + 1] not in links:
            raise AnswerError(why)
        pairs.append((_number(toks[i]), _number(toks[i + 2])))
        i += 3
        if i < len(toks) and toks[i] in (",", ";"):
            i += 1
            if i == len(toks):
                raise AnswerError("the list ends with a separator")
    if not pairs:
        raise AnswerError("no pairs given")
    return pairs


def parse_edges(text: str) -> list[tuple[int, int]]:
    """Edges written ``u-v`` (or ``u -- v``) or ``(u, v)``, separated by commas or spaces.

    ``0-3, 2-5`` and ``(0, 3), (2, 5)`` both give ``[(0, 3), (2, 5)]``; ``[...]`` around
    the whole list is allowed.
    """
    toks = tokens(text)
    if toks and toks[-1] == ".":
        toks = toks[:-1]
    if len(toks) >= 2 and toks[0] == "[" and toks[-1] == "]":
        toks = toks[1:-1]
    edges: list[tuple[int, int]] = []
    i = 0
    while i < len(toks):
        if toks[i] == "(":
            if i + 4 >= len(toks) or toks[i + 2] not in (",", "-", "--") or toks[i + 4] != ")":
                raise AnswerError("expected an edge written (u, v)")
            edges.append((_number(toks[i + 1]), _number(toks[i + 3])))
            i += 5
        else:
            if i + 2 >= len(toks) or toks[i + 1] not in ("-", "--"):
                raise AnswerError("expected an edge written u-v")
            edges.append((_number(toks[i]), _number(toks[i + 2])))
            i += 3
        if i < len(toks) and toks[i] in (",", ";"):
            i += 1
            if i == len(toks):
                raise AnswerError("the list ends with a separator")
    if not edges:
        raise AnswerError("no edges given")
    return edges
