"""Helpers the automata families' tests share, written independently of
``rlvr_envs.families.formal.automata``: reading tables back from prompts, running them as
plain dictionaries, enumerating every string up to a length (brute force instead of product
search), and Python's ``re.fullmatch`` for the regular expressions."""

from __future__ import annotations

import itertools
import random
import re

import rlvr_envs
from rlvr_envs.registry import format_answer

Table = tuple[dict[tuple[int, str], int], set[int]]


def gen(env_id: str, seed: int, difficulty: float | None = None, **knobs):
    task = rlvr_envs.make_task(env_id)
    return task.generate(seed=seed, difficulty=difficulty, knobs=knobs or None)


def verdict(problem, answer: str):
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format))


def score(problem, answer: str) -> float:
    return verdict(problem, answer).reward


def read_table(text: str) -> Table:
    """A deterministic table (``accept: ...`` and rows ``q: a -> r, ...``) as a dict."""
    moves: dict[tuple[int, str], int] = {}
    accept: set[int] = set()
    for line in text.strip().splitlines():
        line = line.strip()
        if line.startswith("accept:"):
            accept = {int(s) for s in re.findall(r"\d+", line)}
        elif m := re.fullmatch(r"(\d+): (.*)", line):
            for letter, target in re.findall(r"([a-z]) -> (\d+)", m.group(2)):
                moves[(int(m.group(1)), letter)] = int(target)
    return moves, accept


def prompt_tables(prompt: str) -> list[Table]:
    """Every deterministic table in a prompt (the blocks that start with ``accept:``)."""
    blocks = re.findall(r"^(accept: .*\n(?:\d+: [a-z] -> \d+.*\n?)+)", prompt, re.M)
    return [read_table(b) for b in blocks]


def prompt_nfa(prompt: str) -> tuple[dict[tuple[int, str], set[int]], set[int]]:
    """The NFA table of a prompt (rows ``q: a -> {1, 2}, b -> {}``)."""
    block = re.search(r"^(accept: .*\n(?:\d+: [a-z] -> \{.*\n?)+)", prompt, re.M).group(1)
    moves: dict[tuple[int, str], set[int]] = {}
    accept: set[int] = set()
    for line in block.strip().splitlines():
        if line.startswith("accept:"):
            accept = {int(s) for s in re.findall(r"\d+", line)}
            continue
        state = int(line.split(":")[0])
        for letter, targets in re.findall(r"([a-z]) -> \{([^}]*)\}", line):
            moves[(state, letter)] = {int(t) for t in re.findall(r"\d+", targets)}
    return moves, accept


def fullmatches(regex: str):
    """Whether ``re.fullmatch`` of ``regex`` matches a string, as a predicate."""
    return lambda word: bool(re.fullmatch(regex, word))


def run(table: Table, word: str) -> bool:
    moves, accept = table
    state = 1
    for letter in word:
        state = moves[(state, letter)]
    return state in accept


def run_nfa(nfa: tuple[dict[tuple[int, str], set[int]], set[int]], word: str) -> bool:
    moves, accept = nfa
    current = {1}
    for letter in word:
        current = {t for s in current for t in moves.get((s, letter), set())}
    return bool(current & accept)


def words(alphabet: str, longest: int):
    """Every string over ``alphabet`` of length 0..longest, shortest first, then in order."""
    for n in range(longest + 1):
        for letters in itertools.product(alphabet, repeat=n):
            yield "".join(letters)


def same_language(accept_a, accept_b, alphabet: str, longest: int) -> str | None:
    """The first string up to ``longest`` letters on which two predicates differ."""
    for word in words(alphabet, longest):
        if accept_a(word) != accept_b(word):
            return word
    return None


def table_text(moves: dict[tuple[int, str], int], accept: set[int], alphabet: str) -> str:
    states = sorted({s for s, _ in moves})
    rows = [f"{s}: " + ", ".join(f"{c} -> {moves[(s, c)]}" for c in alphabet) for s in states]
    return "\n".join([f"accept: {' '.join(map(str, sorted(accept))) or 'none'}", *rows])


def renumbered(text: str, alphabet: str, seed: int, offset: int = 10) -> str:
    """The same table with every state but 1 renamed (and the rows shuffled): an equal
    automaton written differently."""
    moves, accept = read_table(text)
    states = sorted({s for s, _ in moves})
    rest = [s for s in states if s != 1]
    rng = random.Random(seed)
    shuffled = rest[:]
    rng.shuffle(shuffled)
    name = {1: 1, **{s: offset + i for s, i in zip(rest, range(len(rest)))}}
    name.update({s: offset + rest.index(t) for s, t in zip(rest, shuffled)})
    new_moves = {(name[s], c): name[t] for (s, c), t in moves.items()}
    lines = table_text(new_moves, {name[s] for s in accept}, alphabet).splitlines()
    body = lines[1:]
    rng.shuffle(body)
    return "\n".join([*body, lines[0]])


def with_duplicate_state(text: str, alphabet: str) -> str:
    """The same language with one more state: a copy of state 1's row that state 1's own
    moves into state 1 are sent to (or, if none, an unreachable copy)."""
    moves, accept = read_table(text)
    fresh = max(s for s, _ in moves) + 1
    for c in alphabet:
        moves[(fresh, c)] = moves[(1, c)]
    if 1 in accept:
        accept = accept | {fresh}
    return table_text(moves, accept, alphabet)


def flipped(text: str, state: int = 1) -> str:
    """The table with ``state``'s acceptance flipped (a different language, unless that
    state cannot be reached)."""
    moves, accept = read_table(text)
    alphabet = "".join(sorted({c for _, c in moves}))
    return table_text(moves, accept ^ {state}, alphabet)
