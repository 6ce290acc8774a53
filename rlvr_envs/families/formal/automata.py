"""Finite automata and regular expressions for the formal domain's automata families.

What is here:

- :class:`Dfa`: a complete deterministic automaton over a small alphabet (states ``0..n-1``,
  start ``0``), with :func:`accepts`, :func:`minimise` (Moore's partition refinement on the
  reachable part, states numbered in breadth-first order, so two equivalent automata
  minimise to the same table), :func:`counterexample` (a shortest string, first in
  alphabet order, on which two automata disagree: breadth-first search of their product),
  :func:`product`, :func:`count_accepted` (the transfer-matrix count of accepted strings of
  one length) and :func:`shortest_accepted`;
- :class:`Nfa` with epsilon moves and :func:`determinise` (the subset construction, Rabin and
  Scott 1959);
- a small regular-expression language (:func:`parse_regex`, :func:`write_regex`,
  :func:`regex_to_nfa` by Glushkov's position automaton, :func:`random_regex`): letters of the
  alphabet, concatenation, ``|``, postfix ``*``, ``+`` and ``?`` (at most one per operand,
  as in Python's ``re``), parentheses, and ``()`` for the empty string. An expression of
  this language means the same under ``re.fullmatch``.
- the transition-table syntax the prompts show and the answers use (:func:`write_dfa`,
  :func:`parse_dfa`, :func:`write_nfa`)::

      accept: 2 3
      1: a -> 2, b -> 1
      2: a -> 3, b -> 1
      3: a -> 3, b -> 3

  States are numbers, state 1 is the start, ``accept:`` lists the accepting states
  (``accept: none`` for none), and each state has one row with exactly one move per letter.
  Rows and the accept line may come in any order, separated by new lines or ``;``. An NFA
  row names a set per letter (``1: a -> {1, 2}, b -> {}``), which the DFA syntax refuses.
"""

from __future__ import annotations

import random
import re
from collections import deque
from dataclasses import dataclass, field

from rlvr_envs.families.shared.answer_parsing import AnswerError

MAX_STATES = 200
"""The most rows a table answer may have."""
MAX_REGEX_DEPTH = 30


# -- deterministic automata -------------------------------------------------------------------
@dataclass(frozen=True)
class Dfa:
    """A complete DFA: ``delta[state][i]`` is the next state on ``alphabet[i]``; start 0."""

    alphabet: str
    delta: tuple[tuple[int, ...], ...]
    accepting: frozenset[int]

    @property
    def size(self) -> int:
        return len(self.delta)

    def step(self, state: int, letter: str) -> int:
        return self.delta[state][self.alphabet.index(letter)]

    def to_json(self) -> dict:
        return {
            "alphabet": self.alphabet,
            "delta": [list(row) for row in self.delta],
            "accept": sorted(self.accepting),
        }

    @classmethod
    def from_json(cls, data: dict) -> Dfa:
        return cls(data["alphabet"], tuple(tuple(r) for r in data["delta"]),
                   frozenset(data["accept"]))  # fmt: skip


def accepts(dfa: Dfa, word: str) -> bool:
    """Whether ``dfa`` accepts ``word`` (every letter must be in its alphabet)."""
    state = 0
    index = {c: i for i, c in enumerate(dfa.alphabet)}
    for letter in word:
        state = dfa.delta[state][index[letter]]
    return state in dfa.accepting


def reachable(dfa: Dfa) -> list[int]:
    """The states reachable from the start, in breadth-first order (letters in order)."""
    seen, order, queue = {0}, [0], deque([0])
    while queue:
        for nxt in dfa.delta[queue.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                order.append(nxt)
                queue.append(nxt)
    return order


def minimise(dfa: Dfa) -> Dfa:
    """The minimal complete DFA of the same language, states in breadth-first order."""
    states = reachable(dfa)
    block = {s: int(s in dfa.accepting) for s in states}
    count = len(set(block.values()))
    while True:
        signature = {s: (block[s], *(block[t] for t in dfa.delta[s])) for s in states}
        names: dict[tuple, int] = {}
        for s in states:
            names.setdefault(signature[s], len(names))
        block = {s: names[signature[s]] for s in states}
        if len(names) == count:
            break
        count = len(names)
    # renumber the blocks breadth-first from the start's block
    number: dict[int, int] = {block[0]: 0}
    rep: dict[int, int] = {block[0]: 0}
    queue = deque([0])
    while queue:
        s = queue.popleft()
        for t in dfa.delta[s]:
            if block[t] not in number:
                number[block[t]] = len(number)
                rep[block[t]] = t
                queue.append(t)
    by_number = sorted(number, key=number.get)
    delta = tuple(tuple(number[block[t]] for t in dfa.delta[rep[b]]) for b in by_number)
    accept = frozenset(number[b] for b in by_number if rep[b] in dfa.accepting)
    return Dfa(dfa.alphabet, delta, accept)


def product(a: Dfa, b: Dfa, rule: str = "and") -> Dfa:
    """The reachable product of two DFAs over one alphabet; ``rule`` (``and``, ``or``,
    ``xor``, ``minus``) decides which pairs accept."""
    if a.alphabet != b.alphabet:
        raise ValueError("the automata have different alphabets")
    keep = {
        "and": lambda x, y: x and y,
        "or": lambda x, y: x or y,
        "xor": lambda x, y: x != y,
        "minus": lambda x, y: x and not y,
    }[rule]
    number = {(0, 0): 0}
    pairs, rows = [(0, 0)], []
    for p, q in pairs:
        row = []
        for i in range(len(a.alphabet)):
            pair = (a.delta[p][i], b.delta[q][i])
            if pair not in number:
                number[pair] = len(pairs)
                pairs.append(pair)
            row.append(number[pair])
        rows.append(tuple(row))
    accept = frozenset(
        n for (p, q), n in number.items() if keep(p in a.accepting, q in b.accepting)
    )
    return Dfa(a.alphabet, tuple(rows), accept)


def shortest_accepted(dfa: Dfa) -> str | None:
    """A shortest accepted string, first in alphabet order among those (None: none)."""
    parent: dict[int, tuple[int, str] | None] = {0: None}
    queue = deque([0])
    while queue:
        s = queue.popleft()
        if s in dfa.accepting:
            letters = []
            while parent[s] is not None:
                s, letter = parent[s]
                letters.append(letter)
            return "".join(reversed(letters))
        for letter, t in zip(dfa.alphabet, dfa.delta[s]):
            if t not in parent:
                parent[t] = (s, letter)
                queue.append(t)
    return None


def counterexample(a: Dfa, b: Dfa) -> str | None:
    """A shortest string accepted by exactly one of ``a`` and ``b`` (None: equivalent)."""
    return shortest_accepted(product(a, b, "xor"))


def count_accepted(dfa: Dfa, length: int) -> int:
    """How many strings of exactly ``length`` letters ``dfa`` accepts (a transfer-matrix
    walk: ways[s] is the number of strings leading to s)."""
    ways = [0] * dfa.size
    ways[0] = 1
    for _ in range(length):
        nxt = [0] * dfa.size
        for s, w in enumerate(ways):
            if w:
                for t in dfa.delta[s]:
                    nxt[t] += w
        ways = nxt
    return sum(ways[s] for s in dfa.accepting)


def random_dfa(rng: random.Random, states: int, alphabet: str, accept_share: float = 0.4) -> Dfa:
    """A DFA with ``states`` states, all reachable from the start (a random spanning tree
    first, the rest of the moves at random), some but not all of them accepting."""
    k = len(alphabet)
    delta: list[list[int | None]] = [[None] * k for _ in range(states)]
    for s in range(1, states):  # a tree: each new state hangs off an earlier one
        while True:
            p, i = rng.randrange(s), rng.randrange(k)
            if delta[p][i] is None:
                delta[p][i] = s
                break
    for row in delta:
        for i in range(k):
            if row[i] is None:
                row[i] = rng.randrange(states)
    accept = {s for s in range(states) if rng.random() < accept_share}
    if not accept:
        accept = {rng.randrange(states)}
    if len(accept) == states and states > 1:
        accept.discard(rng.randrange(states))
    return Dfa(alphabet, tuple(tuple(r) for r in delta), frozenset(accept))  # type: ignore[arg-type]


def random_minimal_dfa(rng: random.Random, states: int, alphabet: str) -> Dfa:
    """A random DFA with exactly ``states`` states that is already minimal."""
    while True:
        dfa = random_dfa(rng, states, alphabet, rng.uniform(0.3, 0.6))
        if minimise(dfa).size == states:
            return dfa


def shuffled(rng: random.Random, dfa: Dfa) -> Dfa:
    """The same automaton with the states other than the start renumbered at random."""
    rest = list(range(1, dfa.size))
    rng.shuffle(rest)
    new = {0: 0, **{old: i + 1 for i, old in enumerate(rest)}}
    delta = [()] * dfa.size
    for old, row in enumerate(dfa.delta):
        delta[new[old]] = tuple(new[t] for t in row)
    return Dfa(dfa.alphabet, tuple(delta), frozenset(new[s] for s in dfa.accepting))


# -- the table syntax -------------------------------------------------------------------------
_SPLIT = re.compile(r"[\n;]")
_ROW = re.compile(r"(?:state\s*)?(q?\d{1,4})\s*:\s*(.*)", re.I | re.S)
_ACCEPT = re.compile(r"accept(?:ing)?(?:\s+states)?\s*:\s*(.*)", re.I | re.S)
_MOVE = re.compile(r"([a-z])\s*(?:->|→|=>)\s*(q?\d{1,4})\s*")
_STATE = re.compile(r"q?(\d{1,4})")


def write_dfa(dfa: Dfa) -> str:
    """The table of ``dfa`` in the answer syntax (states numbered from 1)."""
    accept = " ".join(str(s + 1) for s in sorted(dfa.accepting)) or "none"
    rows = [
        f"{s + 1}: " + ", ".join(f"{c} -> {t + 1}" for c, t in zip(dfa.alphabet, row))
        for s, row in enumerate(dfa.delta)
    ]
    return "\n".join([f"accept: {accept}", *rows])


def _state(text: str) -> int:
    match = _STATE.fullmatch(text.strip())
    if not match:
        raise AnswerError(f"{text[:10]!r} is not a state number")
    return int(match.group(1))


def parse_dfa(text: str, alphabet: str, max_states: int = MAX_STATES) -> Dfa:
    """A complete DFA in the table syntax; :class:`AnswerError` says what is wrong.

    State 1 is the start and must have a row; every state named anywhere must have a row;
    each row has exactly one move per letter of ``alphabet`` and no other."""
    lines = [line.strip() for line in _SPLIT.split(text) if line.strip()]
    if len(lines) > max_states + 1:
        raise AnswerError(f"more than {max_states} states")
    accept_text: str | None = None
    rows: dict[int, dict[str, int]] = {}
    for line in lines:
        if (match := _ACCEPT.fullmatch(line)) is not None:
            if accept_text is not None:
                raise AnswerError("two accept lines")
            accept_text = match.group(1).strip()
            continue
        match = _ROW.fullmatch(line)
        if match is None:
            raise AnswerError(f"expected a row 'state: letter -> state, ...', got {line[:30]!r}")
        state = _state(match.group(1))
        if state in rows:
            raise AnswerError(f"state {state} has two rows")
        rows[state] = _moves(match.group(2), alphabet, state)
    if accept_text is None:
        raise AnswerError("no 'accept:' line")
    if 1 not in rows:
        raise AnswerError("state 1 (the start) has no row")
    accepting = set()
    if accept_text.lower() not in ("none", "", "{}", "-"):
        for item in re.split(r"[\s,]+", accept_text.strip("{}[] ")):
            if item:
                accepting.add(_state(item))
    for state in accepting | {t for row in rows.values() for t in row.values()}:
        if state not in rows:
            raise AnswerError(f"state {state} is used but has no row")
    order = [1, *sorted(s for s in rows if s != 1)]
    index = {s: i for i, s in enumerate(order)}
    delta = tuple(tuple(index[rows[s][c]] for c in alphabet) for s in order)
    return Dfa(alphabet, delta, frozenset(index[s] for s in accepting))


def _moves(text: str, alphabet: str, state: int) -> dict[str, int]:
    moves: dict[str, int] = {}
    pos = 0
    text = text.strip()
    while pos < len(text):
        match = _MOVE.match(text, pos)
        if match is None:
            raise AnswerError(
                f"state {state}: expected 'letter -> state' at {text[pos : pos + 20]!r}"
                " (one state per letter)"
            )
        letter, target = match.group(1), _state(match.group(2))
        if letter not in alphabet:
            raise AnswerError(f"state {state}: {letter!r} is not a letter of the alphabet")
        if letter in moves:
            raise AnswerError(f"state {state} has two moves on {letter!r}: not deterministic")
        moves[letter] = target
        pos = match.end()
        if pos < len(text):
            if text[pos] != ",":
                raise AnswerError(f"state {state}: expected ',' between moves")
            pos += 1
            while pos < len(text) and text[pos].isspace():
                pos += 1
    missing = [c for c in alphabet if c not in moves]
    if missing:
        raise AnswerError(f"state {state} has no move on {missing[0]!r}: not complete")
    return moves


# -- nondeterministic automata ----------------------------------------------------------------
@dataclass(frozen=True)
class Nfa:
    """An NFA: ``moves[(state, letter)]`` the successors, ``eps[state]`` the epsilon
    successors; start state 0."""

    alphabet: str
    states: int
    moves: dict[tuple[int, str], frozenset[int]]
    accepting: frozenset[int]
    eps: dict[int, frozenset[int]] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {
            "alphabet": self.alphabet,
            "states": self.states,
            "moves": [[s, c, sorted(t)] for (s, c), t in sorted(self.moves.items())],
            "eps": [[s, sorted(t)] for s, t in sorted(self.eps.items())],
            "accept": sorted(self.accepting),
        }

    @classmethod
    def from_json(cls, data: dict) -> Nfa:
        return cls(
            data["alphabet"],
            data["states"],
            {(s, c): frozenset(t) for s, c, t in data["moves"]},
            frozenset(data["accept"]),
            {s: frozenset(t) for s, t in data["eps"]},
        )


def _closure(nfa: Nfa, states: frozenset[int]) -> frozenset[int]:
    seen, stack = set(states), list(states)
    while stack:
        for t in nfa.eps.get(stack.pop(), ()):
            if t not in seen:
                seen.add(t)
                stack.append(t)
    return frozenset(seen)


def determinise(nfa: Nfa) -> Dfa:
    """The subset construction: a complete DFA (the empty set is a dead state when
    reached), subsets numbered in breadth-first order."""
    closure = [_closure(nfa, frozenset({s})) for s in range(nfa.states)]
    # each state's successors on each letter, epsilon moves already followed
    step = {
        (s, c): frozenset(u for t in targets for u in closure[t])
        for (s, c), targets in nfa.moves.items()
    }
    empty: frozenset[int] = frozenset()
    start = closure[0]
    number = {start: 0}
    subsets, rows = [start], []
    for subset in subsets:
        row = []
        for c in nfa.alphabet:
            nxt = empty.union(*(step.get((s, c), empty) for s in subset))
            if nxt not in number:
                number[nxt] = len(subsets)
                subsets.append(nxt)
            row.append(number[nxt])
        rows.append(tuple(row))
    accept = frozenset(i for i, sub in enumerate(subsets) if sub & nfa.accepting)
    return Dfa(nfa.alphabet, tuple(rows), accept)


def write_nfa(nfa: Nfa) -> str:
    """An NFA without epsilon moves in the table syntax with sets (``a -> {1, 2}``)."""
    accept = " ".join(str(s + 1) for s in sorted(nfa.accepting)) or "none"
    rows = []
    for s in range(nfa.states):
        parts = []
        for c in nfa.alphabet:
            targets = ", ".join(str(t + 1) for t in sorted(nfa.moves.get((s, c), ())))
            parts.append(f"{c} -> {{{targets}}}")
        rows.append(f"{s + 1}: " + ", ".join(parts))
    return "\n".join([f"accept: {accept}", *rows])


def random_nfa(rng: random.Random, states: int, alphabet: str, density: float) -> Nfa:
    """An NFA without epsilon moves, every state reachable, at least one move to two or
    more states (so it is not already deterministic)."""
    moves: dict[tuple[int, str], set[int]] = {}
    for s in range(1, states):
        moves.setdefault((rng.randrange(s), rng.choice(alphabet)), set()).add(s)
    for s in range(states):
        for c in alphabet:
            for t in range(states):
                if rng.random() < density:
                    moves.setdefault((s, c), set()).add(t)
    if all(len(t) < 2 for t in moves.values()):
        s, c = rng.randrange(states), rng.choice(alphabet)
        targets = moves.setdefault((s, c), set())
        targets.update(rng.sample(range(states), 2))
    accept = frozenset(s for s in range(states) if rng.random() < 0.35) or frozenset(
        {rng.randrange(1, states) if states > 1 else 0}
    )
    return Nfa(alphabet, states, {k: frozenset(v) for k, v in moves.items() if v}, accept)


# -- regular expressions ----------------------------------------------------------------------
@dataclass(frozen=True)
class Regex:
    """A node: ``kind`` is ``lit`` (``value`` the letter), ``eps``, ``cat``, ``alt``
    (``parts``), or ``star``, ``plus``, ``opt`` (one part)."""

    kind: str
    value: str = ""
    parts: tuple[Regex, ...] = ()


POSTFIX = {"*": "star", "+": "plus", "?": "opt"}
_SYMBOL = {v: k for k, v in POSTFIX.items()}


def parse_regex(text: str, alphabet: str) -> Regex:
    """An expression of the small language; :class:`AnswerError` where it is not one."""
    pos = 0

    def peek() -> str:
        return text[pos] if pos < len(text) else ""

    def alternation(depth: int) -> Regex:
        nonlocal pos
        if depth > MAX_REGEX_DEPTH:
            raise AnswerError("the expression is nested too deeply")
        options = [concatenation(depth)]
        while peek() == "|":
            pos += 1
            options.append(concatenation(depth))
        return options[0] if len(options) == 1 else Regex("alt", parts=tuple(options))

    def concatenation(depth: int) -> Regex:
        items = []
        while peek() and peek() not in "|)":
            items.append(postfix(depth))
        if not items:
            raise AnswerError(f"an empty alternative at position {pos}")
        return items[0] if len(items) == 1 else Regex("cat", parts=tuple(items))

    def postfix(depth: int) -> Regex:
        nonlocal pos
        node = atom(depth)
        if peek() in POSTFIX and peek():
            node = Regex(POSTFIX[peek()], parts=(node,))
            pos += 1
            if peek() in POSTFIX and peek():
                raise AnswerError("two postfix operators in a row")
        return node

    def atom(depth: int) -> Regex:
        nonlocal pos
        char = peek()
        if char == "(":
            pos += 1
            if peek() == ")":
                pos += 1
                return Regex("eps")
            node = alternation(depth + 1)
            if peek() != ")":
                raise AnswerError("an unclosed parenthesis")
            pos += 1
            return node
        if char and char in alphabet:
            pos += 1
            return Regex("lit", char)
        raise AnswerError(f"unexpected {char!r} at position {pos}")

    if not text:
        raise AnswerError("an empty expression")
    node = alternation(0)
    if pos != len(text):
        raise AnswerError(f"unexpected {text[pos]!r} at position {pos}")
    return node


def write_regex(node: Regex) -> str:
    """The expression as text, with only the parentheses precedence needs."""
    if node.kind == "lit":
        return node.value
    if node.kind == "eps":
        return "()"
    if node.kind == "alt":
        return "|".join(write_regex(p) for p in node.parts)
    if node.kind == "cat":
        return "".join(
            f"({write_regex(p)})" if p.kind == "alt" else write_regex(p) for p in node.parts
        )
    inner = node.parts[0]
    text = write_regex(inner)
    if inner.kind not in ("lit", "eps"):
        text = f"({text})"
    return text + _SYMBOL[node.kind]


def regex_size(node: Regex) -> int:
    """Letters plus operators (``|`` once per extra option, postfix symbols)."""
    own = {"lit": 1, "eps": 1, "cat": 0, "alt": len(node.parts) - 1}.get(node.kind, 1)
    return own + sum(regex_size(p) for p in node.parts)


def regex_to_nfa(node: Regex, alphabet: str) -> Nfa:
    """The position automaton (Glushkov 1961; McNaughton and Yamada 1960): one state per
    letter occurrence plus the start (0), no epsilon moves. A move on letter c from state p
    goes to each occurrence q of c that can follow p (that can come first, from the
    start); a state accepts when its occurrence can come last (the start: when the
    expression matches the empty string)."""
    letters: list[str] = [""]
    follow: dict[int, set[int]] = {}

    def walk(n: Regex) -> tuple[bool, set[int], set[int]]:
        """(matches the empty string, first occurrences, last occurrences)."""
        if n.kind == "lit":
            letters.append(n.value)
            p = len(letters) - 1
            follow[p] = set()
            return False, {p}, {p}
        if n.kind == "eps":
            return True, set(), set()
        if n.kind == "alt":
            nullable, first, last = False, set(), set()
            for part in n.parts:
                e, f, la = walk(part)
                nullable, first, last = nullable or e, first | f, last | la
            return nullable, first, last
        if n.kind == "cat":
            nullable, first, last = True, set(), set()
            for part in n.parts:
                e, f, la = walk(part)
                for p in last:
                    follow[p] |= f
                first = first | f if nullable else first
                last = last | la if e else la
                nullable = nullable and e
            return nullable, first, last
        e, f, la = walk(n.parts[0])
        if n.kind in ("star", "plus"):
            for p in la:
                follow[p] |= f
        return e or n.kind in ("star", "opt"), f, la

    nullable, first, last = walk(node)
    moves: dict[tuple[int, str], set[int]] = {}
    for p, targets in [(0, first), *follow.items()]:
        for q in targets:
            moves.setdefault((p, letters[q]), set()).add(q)
    accept = set(last) | ({0} if nullable else set())
    return Nfa(alphabet, len(letters), {k: frozenset(v) for k, v in moves.items()},
               frozenset(accept))  # fmt: skip


def regex_dfa(node: Regex, alphabet: str) -> Dfa:
    """The minimal DFA of an expression."""
    return minimise(determinise(regex_to_nfa(node, alphabet)))


def random_regex(rng: random.Random, size: int, alphabet: str) -> Regex:
    """A random expression with about ``size`` letters and operators, never an operator
    applied to an operator of the same kind (``(a*)*``) nor a postfix on the empty string."""
    if size <= 1:
        return Regex("lit", rng.choice(alphabet))
    roll = rng.random()
    if roll < 0.3 and size >= 2:
        inner = random_regex(rng, size - 1, alphabet)
        if inner.kind in POSTFIX.values():
            inner = inner.parts[0]
        return Regex(rng.choice(("star", "star", "plus", "opt")), parts=(inner,))
    left = rng.randint(1, size - 1) if roll >= 0.65 else rng.randint(1, max(1, size - 2))
    a = random_regex(rng, left, alphabet)
    b = random_regex(rng, max(1, size - left - (roll < 0.65)), alphabet)
    kind = "alt" if roll < 0.65 else "cat"
    parts: list[Regex] = []
    for p in (a, b):
        for part in p.parts if p.kind == kind else (p,):
            if kind == "cat" or part not in parts:  # no repeated alternative (a|a)
                parts.append(part)
    return parts[0] if len(parts) == 1 else Regex(kind, parts=tuple(parts))


# -- prompts and judgements the table families share ------------------------------------------
def letters_text(alphabet: str) -> str:
    """The alphabet as a set, ``{a, b}`` (never a bare letter an answer could copy)."""
    return "{" + ", ".join(alphabet) + "}"


def example_dfa(alphabet: str) -> Dfa:
    """The automaton the prompts show as an example of the syntax: strings whose last
    letter is the alphabet's first (two states)."""
    k = len(alphabet)
    return Dfa(alphabet, ((1,) + (0,) * (k - 1), (1,) + (0,) * (k - 1)), frozenset({1}))


def table_rules(alphabet: str) -> str:
    """The paragraph that explains the DFA table syntax, with an example table."""
    example = write_dfa(example_dfa(alphabet)).replace("\n", "; ")
    return (
        "Write a DFA as a table: a line 'accept:' with the accepting states (or "
        "'accept: none'), then one line per state, 'state: letter -> next, ...', with exactly "
        f"one next state for each letter of {letters_text(alphabet)}. States are numbered, "
        "state 1 is the start, and every state you name needs its own line; lines may also be "
        f"separated by ';'. For example, '{example}' accepts the strings whose last letter "
        f"is {alphabet[0]}."
    )


def judge_dfa(
    target: Dfa, answer: str, *, max_states: int | None = None, min_states: int | None = None
):
    """The judgement of a table answer that must be a complete DFA equivalent to ``target``
    with at most ``max_states`` states; ``min_states`` (the minimum) makes a larger
    equivalent answer wrong ("not minimal"). The reason names a shortest string on which
    the answer and the language differ."""
    from rlvr_envs.core import Judgement

    try:
        dfa = parse_dfa(answer, target.alphabet)
    except AnswerError as exc:
        return Judgement.unparsable(str(exc))
    witness = counterexample(dfa, target)
    if witness is not None:
        shown = f"'{witness}'" if witness else "the empty string"
        verb = "accepts" if accepts(dfa, witness) else "rejects"
        return Judgement.wrong(
            why=f"not equivalent: your automaton {verb} {shown}, which it should not",
            counterexample=witness,
        )
    if max_states is not None and dfa.size > max_states:
        return Judgement.wrong(why=f"equivalent, but {dfa.size} states is over {max_states}")
    if min_states is not None and dfa.size > min_states:
        return Judgement.wrong(why=f"equivalent, but {dfa.size} states is not the minimum")
    return Judgement.right(states=dfa.size)
