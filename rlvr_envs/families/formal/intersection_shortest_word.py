"""IntersectionShortestWord: a shortest string that two DFAs both accept.

Two complete DFAs over one alphabet are shown as transition tables (:mod:`automata`'s
syntax); the answer is a string both accept that is as short as possible. The reference is a
breadth-first search of the product automaton (the first string in alphabet order among
the shortest). Several strings are often shortest, so the check runs both automata on the
answer and compares its length with the shortest length, naming which automaton rejects it
or that a shorter one exists. The shortest common string has at least one letter (the
empty string is never the answer) and at least ``depth`` where the sizes allow it. The
letters are x, y and z, which English prose around the tables never uses as words.

Answer syntax: one string of letters (``xyy``).

Knobs: ``states`` (states of each automaton, 3 -> 6), ``letters`` (2 -> 3) and ``depth``
(the least length of the shortest common string, 3 -> 5). Difficulty raises all three.
"""

from __future__ import annotations

import random
from collections import deque
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.automata import (
    Dfa,
    accepts,
    letters_text,
    product,
    random_dfa,
    shortest_accepted,
    write_dfa,
)

ALPHABET = "xyz"


def distances(a: Dfa, b: Dfa) -> dict[tuple[int, int], int]:
    """Breadth-first distances from the start pair to every reachable pair of states."""
    dist = {(0, 0): 0}
    queue = deque([(0, 0)])
    while queue:
        p, q = queue.popleft()
        for i in range(len(a.alphabet)):
            pair = (a.delta[p][i], b.delta[q][i])
            if pair not in dist:
                dist[pair] = dist[(p, q)] + 1
                queue.append(pair)
    return dist


def common_pair(rng: random.Random, n: int, alphabet: str, depth: int) -> tuple[Dfa, Dfa, str]:
    """Two DFAs whose shortest common string has at least ``depth`` letters (fewer only
    where no pair of ``n``-state tables reached that deep in many draws), and that string.

    The moves are drawn first; then a pair of states at distance at least ``depth`` in the
    product is made accepting, and further states of each automaton join the accepting
    sets only where that creates no nearer accepting pair."""
    best = None
    for attempt in range(200):
        a = random_dfa(rng, n, alphabet)
        b = random_dfa(rng, n, alphabet)
        dist = distances(a, b)
        far = [pair for pair, d in sorted(dist.items()) if d >= depth]
        if far or attempt == 199:
            break
        deepest = max(dist.values())
        if best is None or deepest > best[0]:
            best = (deepest, a, b, dist)
    if not far:
        _, a, b, dist = best or (0, a, b, dist)
        far = [pair for pair, d in sorted(dist.items()) if d == max(dist.values())]
    p, q = rng.choice(far)
    limit = dist[(p, q)]
    accept_a, accept_b = {p}, {q}
    for which in rng.sample(range(2 * n), 2 * n):
        state = which % n
        if rng.random() < 0.6:
            continue
        if which < n and all(dist.get((state, t), limit) >= limit for t in accept_b):
            accept_a.add(state)
        elif which >= n and all(dist.get((t, state), limit) >= limit for t in accept_a):
            accept_b.add(state)
    a = Dfa(alphabet, a.delta, frozenset(accept_a))
    b = Dfa(alphabet, b.delta, frozenset(accept_b))
    return a, b, shortest_accepted(product(a, b, "and")) or ""


class IntersectionShortestWord(Family):
    """Any shortest string accepted by both of two shown DFAs."""

    knobs: ClassVar[dict[str, Knob]] = {
        "states": Knob("int", 2, 8, default=4, easy=3, hard=6, doc="states of each DFA"),
        "letters": Knob("int", 2, 3, default=2, easy=2, hard=3, doc="alphabet size"),
        "depth": Knob("int", 1, 6, default=4, easy=3, hard=5, doc="least shortest length"),
    }  # fmt: skip
    answer_syntax = "one string of letters"
    answer_form = "string"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, depth = int(knobs["states"]), int(knobs["depth"])
        alphabet = ALPHABET[: int(knobs["letters"])]
        a, b, word = common_pair(rng, n, alphabet, depth)
        tables = "\n\n".join(f"Automaton {name}:\n{write_dfa(d)}" for name, d in
                             (("A", a), ("B", b)))  # fmt: skip
        question = (
            f"Two deterministic finite automata over the letters {letters_text(alphabet)} "
            "are given as transition tables (state 1 is the start of each; 'accept:' lists "
            "the accepting states; 'q: σ -> r' means that in state q the letter σ leads to "
            f"state r):\n\n{tables}\n\nGive a shortest string that both automata accept (a "
            "string is accepted when reading it letter by letter from state 1 ends in an "
            "accepting state). If several are shortest, any of them will do."
        )
        meta = {"dfas": [a.to_json(), b.to_json()], "length": len(word)}
        return Draft(question, word, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        a, b = (Dfa.from_json(d) for d in problem.meta["dfas"])
        word = answer.strip()
        if not word or len(word) > 200 or any(c not in a.alphabet for c in word):
            return Judgement.unparsable(f"expected one string of the letters {a.alphabet}")
        for name, dfa in (("A", a), ("B", b)):
            if not accepts(dfa, word):
                return Judgement.wrong(why=f"automaton {name} rejects {word!r}")
        if len(word) > problem.meta["length"]:
            return Judgement.wrong(why=f"both accept {word!r}, but a shorter string exists")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """The shortest length times the product's possible pairs."""
        sizes = [len(d["delta"]) for d in problem.meta["dfas"]]
        return float(problem.meta["length"] * sizes[0] * sizes[1])
