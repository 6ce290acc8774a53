"""WordLadder: turn one word into another, one letter at a time, in as few steps as possible.

Lewis Carroll's "doublets" (1879): every step changes exactly one letter in place (no
adding, removing or reordering), and every word on the way is a word of the list. The
list is :mod:`rlvr_envs.families.puzzles.words` (common English nouns, verbs and adjectives in
their base form, which the prompt describes). The start and target are drawn so that the
shortest ladder, found by breadth-first search over the list, has exactly ``steps`` steps
(the longest available when the start's component is smaller).

Answer syntax: the words of the ladder from the start to the target, both included,
separated by ``->``, commas or spaces, e.g. ``cold -> cord -> card -> ward -> warm``. Any
shortest ladder is right; a valid but longer ladder is wrong with partial credit
``score = shortest / steps``.

Knobs: ``letters`` (3..5: longer words have fewer neighbours, so the ladders thread through
a sparser graph) and ``steps`` (2..10 steps of the shortest ladder).

Versions: v0 uses the ``wonderwords`` list, which breaks the prompt's promise (it holds
plurals and past tenses such as ``socks`` and ``led``, and lacks ``dog``, ``hot`` or
``hand``, so some of its "shortest" ladders are not shortest in English). v1 (issue 26) uses
the ``common`` list of :mod:`~rlvr_envs.families.puzzles.words`, built from lexicons with
lemma data and word frequencies; generation and checking are otherwise the same, and the
shortest ladder is shortest over the list the check accepts.
"""

from __future__ import annotations

import itertools
import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.words import DESCRIPTION, all_words, neighbours, of_length

MAX_TRIES = 50


class WordLadder(Family):
    """Find a shortest word ladder (any shortest one is right)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "letters": Knob("int", 3, 5, default=4, easy=3, hard=5, doc="letters per word"),
        "steps": Knob("int", 2, 10, default=4, easy=2, hard=8, doc="steps of the shortest ladder"),
    }
    answer_syntax = "the words from the start to the target, joined by -> (e.g. cat -> cot -> dot)"
    answer_form = "word ladder"
    unique_answer = False
    single_answer = False
    lexicon: ClassVar[str] = "wonderwords"  # the word list (see words.py)

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, want = int(knobs["letters"]), int(knobs["steps"])
        graph = neighbours(n, self.lexicon)
        pool = [w for w in of_length(n, self.lexicon) if graph[w]]
        best: tuple[int, str, dict] | None = None
        for _ in range(MAX_TRIES):
            start = rng.choice(pool)
            parent = _bfs(graph, start)
            far = max(parent.values(), key=lambda item: item[1])[1]
            got = min(want, far)
            if best is None or got > best[0]:
                best = (got, start, parent)
            if got == want:
                break
        steps, start, parent = best
        target = rng.choice(sorted(w for w, (_, d) in parent.items() if d == steps))
        ladder = [target]
        while ladder[-1] != start:
            ladder.append(parent[ladder[-1]][0])
        ladder.reverse()
        question = (
            f"Word ladder: change {start.upper()} into {target.upper()} one letter at a time. "
            f"Each step replaces exactly one letter (the letters keep their places; nothing "
            f"is added or removed), and every word on the way must be one of the {DESCRIPTION}. "
            f"Give a shortest ladder: every word from {start.upper()} to {target.upper()}, "
            f"both included, in order."
        )
        meta = {"start": start, "target": target, "steps": steps}
        return Draft(question, " -> ".join(ladder), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        n = len(meta["start"])
        if len(answer) > 40 * (n + 4):
            return Judgement.unparsable("the ladder is far too long")
        words = re.findall(r"[A-Za-z]+", answer)
        rest = re.sub(r"[A-Za-z]+|->|→|[\s,;>]", "", answer)
        if rest.strip("-"):
            return Judgement.unparsable(f"unexpected characters {rest[:10]!r} between words")
        if len(words) < 2:
            return Judgement.unparsable("expected the words of the ladder")
        words = [w.lower() for w in words]
        if words[0] != meta["start"] or words[-1] != meta["target"]:
            return Judgement.wrong(why="the ladder must run from the start to the target")
        vocabulary = all_words(self.lexicon)
        for word in words:
            if word not in vocabulary:
                return Judgement.wrong(why=f"{word!r} is not in the word list")
        for a, b in itertools.pairwise(words):
            if len(b) != n or sum(x != y for x, y in zip(a, b)) != 1:
                return Judgement.wrong(why=f"{a} -> {b} does not change exactly one letter")
        steps = len(words) - 1
        if steps > meta["steps"]:
            return Judgement.wrong(score=meta["steps"] / steps, why="a shorter ladder exists")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Steps of the shortest ladder times the letters per word."""
        return problem.meta["steps"] * len(problem.meta["start"])


class WordLadderV1(WordLadder):
    """v1: the word list built from lexicons with lemma data, as the prompt describes it."""

    name = "WordLadder"
    lexicon: ClassVar[str] = "common"


def _bfs(graph: dict[str, tuple[str, ...]], start: str) -> dict[str, tuple[str, int]]:
    """word -> (the word before it on a shortest ladder from ``start``, distance)."""
    parent = {start: (start, 0)}
    queue = [start]
    for word in queue:
        d = parent[word][1] + 1
        for other in graph[word]:
            if other not in parent:
                parent[other] = (word, d)
                queue.append(other)
    return parent
