"""PostCorrespondence: a solution of a bounded Post correspondence instance, checked by
concatenation.

Tiles carry a top and a bottom string over ``a`` and ``b``; a solution is a non-empty
sequence of tile numbers (tiles may repeat) whose tops and bottoms, each concatenated in
that order, spell the same string. The instance is planted: one word is cut into ``length``
pieces in two ways with no cut in common but the ends, the pairs of pieces become tiles,
``decoys`` random tiles join them (duplicate tiles are dropped), and the tiles are
shuffled, so a solution of at most ``length`` tiles exists. Instances whose shortest
solution has fewer than min(``length`` - 1, 3) tiles (or one tile: a tile with equal top and
bottom) are drawn again. Any solution of at most ``length`` tiles is accepted; the
reference is a shortest one, found by breadth-first search over the unmatched overhang.

Answer syntax: tile numbers separated by spaces (``3 1 2``).

Knobs: ``length`` (tiles of the planted solution, 2 -> 6), ``decoys`` (extra tiles, 0 -> 3)
and ``piece`` (the longest piece on a tile, 2 -> 3). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from collections import deque
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem

_NUMBERS = re.compile(r"\d{1,3}(?:\s*[,\s]\s*\d{1,3})*")


def shortest_solution(tiles: list[tuple[str, str]], bound: int) -> list[int] | None:
    """A shortest solution of at most ``bound`` tiles (0-based tile indices), or ``None``.

    Breadth-first over states (which side is ahead, its unmatched overhang): a tile extends
    both sides and is allowed when one side stays a prefix of the other."""
    start = ("", "")
    parent: dict[tuple[str, str], tuple[tuple[str, str], int] | None] = {start: None}
    frontier = deque([(start, 0)])
    while frontier:
        state, depth = frontier.popleft()
        if depth == bound:
            continue
        side, over = state
        for k, (top, bottom) in enumerate(tiles):
            a = (over if side == "top" else "") + top
            b = (over if side == "bottom" else "") + bottom
            if a.startswith(b):
                nxt = ("top", a[len(b) :])
            elif b.startswith(a):
                nxt = ("bottom", b[len(a) :])
            else:
                continue
            if not nxt[1]:
                path, at = [k], state
                while parent[at] is not None:
                    at, step = parent[at]
                    path.append(step)
                return path[::-1]
            if nxt not in parent:
                parent[nxt] = (state, k)
                frontier.append((nxt, depth + 1))
    return None


def _composition(rng: random.Random, total: int, parts: int, top: int) -> list[int]:
    """Random part sizes from 1 to ``top`` summing to ``total``."""
    sizes = [1] * parts
    for _ in range(total - parts):
        k = rng.choice([i for i in range(parts) if sizes[i] < top])
        sizes[k] += 1
    return sizes


def _cut(word: str, sizes: list[int]) -> list[str]:
    out, at = [], 0
    for size in sizes:
        out.append(word[at : at + size])
        at += size
    return out


class PostCorrespondence(Family):
    """Any solution of at most ``length`` tiles of a planted Post correspondence instance."""

    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 2, 8, default=3, easy=2, hard=6, doc="planted solution's tiles"),
        "decoys": Knob("int", 0, 4, default=1, easy=0, hard=3, doc="extra tiles"),
        "piece": Knob("int", 2, 4, default=2, easy=2, hard=3, doc="longest piece"),
    }
    answer_syntax = "the tile numbers separated by spaces"
    answer_form = "a sequence of tile numbers"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        length, decoys, piece = int(knobs["length"]), int(knobs["decoys"]), int(knobs["piece"])
        while True:
            tops, bottoms = self._cuts(rng, length, piece)
            word = "".join(rng.choice("ab") for _ in range(sum(tops)))
            tiles = list(dict.fromkeys(zip(_cut(word, tops), _cut(word, bottoms), strict=True)))
            wanted = len(tiles) + decoys
            for _ in range(20 * decoys):
                if len(tiles) == wanted:
                    break
                size = (rng.randint(1, piece), rng.randint(1, piece))
                tile = tuple("".join(rng.choice("ab") for _ in range(n)) for n in size)
                if tile[0] != tile[1] and tile not in tiles:
                    tiles.append(tile)
            rng.shuffle(tiles)
            solution = shortest_solution(tiles, length)
            if solution and len(solution) >= max(2, min(length - 1, 3)):
                break
        n = len(tiles)
        listing = "\n".join(f"{k}: {t} / {b}" for k, (t, b) in enumerate(tiles, start=1))
        question = (
            "Each tile below has a top string and a bottom string (written top / bottom). "
            "Find a sequence of tiles (a tile may be used more than once) such that the tops "
            "concatenated in that order spell the same string as the bottoms concatenated in "
            f"that order, using at most {length} tiles.\n\n{listing}\n\n"
            "Give the tile numbers in order, separated by spaces (were there tiles "
            f"{n + 1} and {n + 3}, using {n + 1}, then {n + 3}, then {n + 1} again would be "
            f"written `{n + 1} {n + 3} {n + 1}`)."
        )
        meta = {"tiles": [list(t) for t in tiles], "bound": length, "shortest": len(solution)}
        return Draft(question, " ".join(str(k + 1) for k in solution), meta)

    @staticmethod
    def _cuts(rng: random.Random, length: int, piece: int) -> tuple[list[int], list[int]]:
        """Piece sizes for the tops and the bottoms of one word, with no cut in common but the
        ends (so no planted tile has equal top and bottom): independent random sizes where a
        few draws find such a pair, else cuts that alternate between the two sides."""
        for _ in range(20):
            tops = [rng.randint(1, piece) for _ in range(length)]
            bottoms = _composition(rng, sum(tops), length, piece)
            top_cuts = {sum(tops[:k]) for k in range(1, length)}
            if not top_cuts & {sum(bottoms[:k]) for k in range(1, length)}:
                return tops, bottoms
        gaps = [rng.randint(1, piece - 1)]
        for _ in range(2 * length - 2):
            gaps.append(rng.randint(1, piece - gaps[-1]))
        first = [gaps[0]] + [gaps[k] + gaps[k + 1] for k in range(1, 2 * length - 1, 2)]
        second = [gaps[k] + gaps[k + 1] for k in range(0, 2 * length - 2, 2)] + [gaps[-1]]
        return (first, second) if rng.random() < 0.5 else (second, first)

    def check(self, problem: Problem, answer: str) -> Judgement:
        text = answer.strip()
        if not _NUMBERS.fullmatch(text):
            return Judgement.unparsable("expected tile numbers separated by spaces")
        numbers = [int(n) for n in re.findall(r"\d+", text)]
        tiles, bound = problem.meta["tiles"], problem.meta["bound"]
        if not all(1 <= n <= len(tiles) for n in numbers):
            return Judgement.wrong(why=f"the tiles are numbered 1 to {len(tiles)}")
        if len(numbers) > bound:
            return Judgement.wrong(why=f"{len(numbers)} tiles, more than the {bound} allowed")
        top = "".join(tiles[n - 1][0] for n in numbers)
        bottom = "".join(tiles[n - 1][1] for n in numbers)
        if top == bottom:
            return Judgement.right()
        at = next((i for i, (x, y) in enumerate(zip(top, bottom)) if x != y), None)
        why = (
            f"top and bottom differ at letter {at + 1}"
            if at is not None
            else f"the tops spell {len(top)} letters and the bottoms {len(bottom)}"
        )
        return Judgement.wrong(why=why)

    def complexity(self, problem: Problem) -> float:
        """Tiles to choose from times the shortest solution's length, plus the letters on
        the tiles."""
        tiles = problem.meta["tiles"]
        letters = sum(len(t) + len(b) for t, b in tiles)
        return float(len(tiles) * problem.meta["shortest"] + letters)
