"""HuffmanCodeLengths: the code lengths of an optimal prefix code for given frequencies.

The prompt gives ``n`` symbols (lower-case letters) with how often each occurs in a message.
The task: a binary prefix code (no codeword is a prefix of another) that makes the encoded
message as short as possible; the answer gives the message's total length in bits and a code
length per symbol. Reference: Huffman's algorithm (Huffman 1952, "A method for the
construction of minimum-redundancy codes"), merging the two lightest trees with a heap.

Answer syntax: the total number of bits, a colon, then each symbol's code length as
``symbol=length``, separated by commas (``23: a=1, b=2, c=3, d=3``). Several length
assignments can be optimal (ties between frequencies); any is right. The verifier checks that
every symbol gets exactly one positive length, that the lengths satisfy Kraft's inequality
(sum of 2^-length <= 1, so a prefix code with them exists), that the stated total is
sum(frequency * length), and that it equals Huffman's total. A valid assignment that is not
optimal is wrong with partial credit ``score = optimum / total``.

Knobs: ``symbols`` (4 -> 20), ``max_frequency`` (10 -> 100), ``skewed`` (False -> True:
frequencies spread over orders of magnitude, which makes deep, unbalanced trees with codes
over ten bits long) and ``given`` (``counts``, ``message``: the counts are stated, or the
message itself, hundreds of symbols long at difficulty 1, is shown and must be counted
first). Difficulty raises all four.
"""

from __future__ import annotations

import heapq
import random
import re
import string
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.intervals import unwrap
from rlvr_envs.numbers import normalise, parse_integer

_HEAD = re.compile(r"\s*(?:[A-Za-z][A-Za-z ]{0,30}=\s*)?([-+]?[0-9]+)\s*:(.*)\Z", re.S)
_PAIR = re.compile(r"(?<![A-Za-z0-9'])'?([a-z])'?\s*(?:=|->|:)\s*([0-9]{1,4})(?![0-9])")
_BETWEEN = re.compile(r"\s*[,;]\s*|\s+")  # one comma or semicolon, or spaces
_BLANK = re.compile(r"\s*")
MAX_LENGTH = 64


def huffman_lengths(freqs: list[int]) -> list[int]:
    """Code length per symbol from Huffman's merges (ties broken by creation order)."""
    heap = [(f, i, [i]) for i, f in enumerate(freqs)]
    heapq.heapify(heap)
    depth = [0] * len(freqs)
    counter = len(freqs)
    while len(heap) > 1:
        fa, _, a = heapq.heappop(heap)
        fb, _, b = heapq.heappop(heap)
        for s in a + b:
            depth[s] += 1
        heapq.heappush(heap, (fa + fb, counter, a + b))
        counter += 1
    return depth


class HuffmanCodeLengths(Family):
    """Optimal prefix-code lengths for symbol frequencies: any optimal assignment is right."""

    knobs: ClassVar[dict[str, Knob]] = {
        "symbols": Knob("int", 2, 26, default=6, easy=4, hard=20, doc="number of symbols"),
        "max_frequency": Knob(
            "int", 5, 1000, default=30, easy=10, hard=100, doc="largest frequency"
        ),
        "skewed": Knob(
            "bool", default=False, easy=False, hard=True, doc="frequencies over orders of magnitude"
        ),
        "given": Knob(
            "categorical",
            choices=("counts", "message"),
            default="counts",
            doc="the counts are stated, or the message itself is shown and must be counted",
        ),
    }
    answer_syntax = (
        "the total number of bits, a colon, then each symbol's code length as symbol=length "
        "separated by commas (e.g. 23: a=1, b=2, c=3, d=3)"
    )
    answer_form = "total bits and code lengths"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, top, skewed = int(knobs["symbols"]), int(knobs["max_frequency"]), bool(knobs["skewed"])
        names = string.ascii_lowercase[:n]
        if skewed:
            freqs = [max(1, int(top ** rng.random())) for _ in range(n)]
        else:
            freqs = [rng.randint(1, top) for _ in range(n)]
        lengths = huffman_lengths(freqs)
        total = sum(f * b for f, b in zip(freqs, lengths))
        if knobs["given"] == "message":
            letters = [s for s, f in zip(names, freqs) for _ in range(f)]
            rng.shuffle(letters)
            text = "".join(letters)
            blocks = " ".join(text[i : i + 10] for i in range(0, len(text), 10))
            head = (
                f"Here is a message of {len(text)} symbols over the {n} symbols "
                f"{', '.join(names)} (spaces after every ten symbols are only for reading "
                f"and are not part of it):\n{blocks}\n\nCount how often each symbol occurs."
            )
        else:
            listing = ", ".join(
                f"{s} occurs {f} time{'s' if f != 1 else ''}" for s, f in zip(names, freqs)
            )
            head = f"A message uses {n} symbols: {listing}."
        question = (
            f"{head} Encode each symbol with a binary "
            "codeword so that no codeword is a prefix of another (a prefix code), making the "
            "encoded message as short as possible. Give the total length of the encoded "
            "message in bits, a colon, then the code length of every symbol as symbol=length, "
            "separated by commas."
        )
        meta = {"symbols": names, "frequencies": freqs, "best": total, "depth": max(lengths)}
        meta["message"] = knobs["given"] == "message"
        answer = f"{total}: " + ", ".join(f"{s}={b}" for s, b in zip(names, lengths))
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        match = _HEAD.match(normalise(answer))
        if not match:
            return Judgement.unparsable("expected the total, a colon, then symbol=length pairs")
        value = parse_integer(match.group(1))
        rest = unwrap(match.group(2).strip().removesuffix("."))
        meta = problem.meta
        names, freqs = meta["symbols"], meta["frequencies"]
        lengths: dict[str, int] = {}
        position = 0
        for pair in _PAIR.finditer(rest):
            gap = _BETWEEN if lengths else _BLANK
            if not gap.fullmatch(rest, position, pair.start()):
                return Judgement.unparsable(
                    f"{rest[position : pair.start()].strip()[:30]!r} is not symbol=length"
                )
            symbol, length = pair.group(1), int(pair.group(2))
            if symbol in lengths:
                return Judgement.wrong(why=f"symbol {symbol} has two lengths")
            lengths[symbol] = length
            position = pair.end()
            if len(lengths) > len(string.ascii_lowercase):
                return Judgement.unparsable("too many pairs")
        if not lengths or not _BLANK.fullmatch(rest, position):
            return Judgement.unparsable(
                f"{rest[position:].strip()[:30]!r} is not symbol=length pairs separated by commas"
            )
        if set(lengths) != set(names):
            return Judgement.wrong(why="every symbol, and only those, needs one length")
        if min(lengths.values()) < 1 or max(lengths.values()) > MAX_LENGTH:
            return Judgement.wrong(why=f"code lengths must be between 1 and {MAX_LENGTH}")
        if sum(1 << (MAX_LENGTH - b) for b in lengths.values()) > 1 << MAX_LENGTH:
            return Judgement.wrong(why="the lengths break Kraft's inequality: no prefix code")
        got = sum(f * lengths[s] for s, f in zip(names, freqs))
        if got != value:
            return Judgement.wrong(why=f"these lengths give {got} bits, not {value}")
        best = meta["best"]
        if got > best:
            return Judgement.wrong(score=best / got, why="a shorter prefix code exists")
        return Judgement.right(bits=got)

    def complexity(self, problem: Problem) -> float:
        """Symbols times the depth of the Huffman tree, plus a tenth of the message length
        where the message must be counted."""
        meta = problem.meta
        size = len(meta["frequencies"]) * meta["depth"]
        return size + (sum(meta["frequencies"]) / 10 if meta.get("message") else 0)
