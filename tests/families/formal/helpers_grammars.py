"""Helpers the grammar and machine families' tests share: generating, scoring, and reading
instances back from their prompts (so the tests recompute answers from what a model sees)."""

from __future__ import annotations

import re

import rlvr_envs
from rlvr_envs.registry import format_answer


def gen(env_id: str, seed: int, difficulty: float | None = None, **knobs):
    task = rlvr_envs.make_task(env_id)
    return task.generate(seed=seed, difficulty=difficulty, knobs=knobs or None)


def score(problem, answer: str) -> float:
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format)).reward


def verdict(problem, answer: str):
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format))


def prompt_rules(prompt: str) -> dict[str, list[str]]:
    """The grammar written in a prompt: each nonterminal's right-hand sides ('' for ε)."""
    rules: dict[str, list[str]] = {}
    for lhs, alts in re.findall(r"^([A-Z]) -> (.+)$", prompt, re.M):
        rules[lhs] = ["" if a.strip() == "ε" else a.strip() for a in alts.split("|")]
    return rules


def earley_count_free_recognise(rules: dict[str, list[str]], word: str, start: str = "S") -> bool:
    """Whether ``word`` is in the language: an Earley recogniser written here (handles empty
    and unit rules), independent of the families' parse counting."""
    n = len(word)
    chart: list[set[tuple[str, str, int, int]]] = [set() for _ in range(n + 1)]
    chart[0] = {(start, rhs, 0, 0) for rhs in rules[start]}
    for i in range(n + 1):
        agenda = list(chart[i])
        while agenda:
            lhs, rhs, dot, origin = agenda.pop()
            items = []
            if dot < len(rhs) and rhs[dot].isupper():  # predict (and nullable completion)
                items += [(rhs[dot], r, 0, i) for r in rules[rhs[dot]]]
                if any(it[0] == rhs[dot] and it[2] == len(it[1]) and it[3] == i for it in chart[i]):
                    items.append((lhs, rhs, dot + 1, origin))
            elif dot < len(rhs):  # scan
                if i < n and word[i] == rhs[dot]:
                    chart[i + 1].add((lhs, rhs, dot + 1, origin))
            else:  # complete
                items += [(l2, r2, d2 + 1, o2) for l2, r2, d2, o2 in list(chart[origin])
                          if d2 < len(r2) and r2[d2] == lhs]  # fmt: skip
            for item in items:
                if item not in chart[i]:
                    chart[i].add(item)
                    agenda.append(item)
    return any(lhs == start and dot == len(rhs) and o == 0 for lhs, rhs, dot, o in chart[n])


def all_parse_trees(rules: dict[str, list[str]], word: str, symbol: str = "S", cap: int = 3) -> int:
    """Parse trees of ``word`` from ``symbol``, by backtracking over leftmost derivations
    (grammars without empty or unit rules), counted up to ``cap``."""
    count = 0

    def walk(form: str) -> None:
        nonlocal count
        if count >= cap or len(form) > len(word):
            return
        k = next((i for i, c in enumerate(form) if c.isupper()), None)
        if k is None:
            count += form == word
            return
        if form[:k] != word[:k]:
            return
        for rhs in rules[form[k]]:
            walk(form[:k] + rhs + form[k + 1 :])

    walk(symbol)
    return count
