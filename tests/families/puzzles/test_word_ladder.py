"""What ``rlvr/WordLadder-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.puzzles import words
from rlvr_envs.registry import format_answer
from tests.families.puzzles.helpers import PERTURB, SEED

ENV = "rlvr/WordLadder-v0"


def _gen(seed, difficulty=None, **knobs):
    return rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty, knobs=knobs or None)


def _score(problem, answer):
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format))


def _graph(n):
    """The one-letter-change graph built directly from the word list with networkx."""
    vocabulary = [w for w in words.all_words() if len(w) == n]
    graph = nx.Graph()
    graph.add_nodes_from(vocabulary)
    for a, b in itertools.combinations(vocabulary, 2):
        if sum(x != y for x, y in zip(a, b)) == 1:
            graph.add_edge(a, b)
    return graph


GRAPHS = {n: _graph(n) for n in (3, 4)}


def test_the_word_list_is_the_pinned_one():
    assert words.digest() == words.WORDLIST_SHA256
    assert 7000 < len(words.all_words()) < 9000
    assert all(w.isascii() and w.isalpha() and w.islower() for w in words.all_words())


@pytest.mark.parametrize("letters", [3, 4])
def test_every_shortest_ladder_networkx_finds_scores_one(letters):
    for seed in range(8):
        problem = _gen(seed, letters=letters, steps=2 + seed % 5)
        start, target = problem.meta["start"], problem.meta["target"]
        graph = GRAPHS[letters]
        assert nx.shortest_path_length(graph, start, target) == problem.meta["steps"]
        assert problem.meta["steps"] == 2 + seed % 5
        for path in itertools.islice(nx.all_shortest_paths(graph, start, target), 5):
            assert _score(problem, " -> ".join(path)).reward == 1.0


def test_longer_ladders_earn_partial_score_only():
    problem = _gen(3, letters=4, steps=4)
    ladder = problem.answer.split(" -> ")
    graph = GRAPHS[4]
    detour = next(w for w in graph[ladder[0]] if w != ladder[1])  # out and back: 2 extra steps
    longer = [ladder[0], detour, *ladder]
    verdict = _score(problem, " -> ".join(longer))
    assert verdict.reward == 0.0 and verdict.score == pytest.approx(4 / 6)


def test_broken_ladders_fail_with_a_reason():
    problem = _gen(5, letters=4, steps=4)
    ladder = problem.answer.split(" -> ")
    skip = [ladder[0], *ladder[2:]]  # two letters change in one step
    assert "exactly one letter" in _score(problem, " -> ".join(skip)).details["why"]
    fake = [ladder[0], "zzzz", *ladder[1:]]
    assert "not in the word list" in _score(problem, " -> ".join(fake)).details["why"]
    assert _score(problem, " -> ".join(reversed(ladder))).reason == "wrong"
    assert _score(problem, " -> ".join(ladder[1:])).reason == "wrong"
    assert _score(problem, ladder[0]).reason == "unparsable"
    assert _score(problem, " -> ".join(ladder) + " (5 steps)").reason == "unparsable"


def test_separators_and_case_vary():
    problem = _gen(7)
    ladder = problem.answer.split(" -> ")
    assert _score(problem, ", ".join(ladder)).reward == 1.0
    assert _score(problem, " ".join(w.upper() for w in ladder)).reward == 1.0
    assert _score(problem, "\n".join(ladder)).reward == 1.0
    assert _score(problem, " → ".join(ladder)).reward == 1.0


@PERTURB
@given(seed=SEED, letters=st.sampled_from([3, 4]), steps=st.integers(2, 8), data=st.data())
def test_a_changed_ladder_scores_as_networkx_says(seed, letters, steps, data):
    problem = _gen(seed, letters=letters, steps=steps)
    graph = GRAPHS[letters]
    ladder = problem.answer.split(" -> ")
    vocabulary = sorted(graph.nodes)
    change = data.draw(st.sampled_from(["replace", "drop", "insert", "neighbour"]))
    i = data.draw(st.integers(0, len(ladder) - 1))
    if change == "replace":
        ladder[i] = data.draw(st.sampled_from(vocabulary))
    elif change == "drop":
        del ladder[i]
    elif change == "insert":
        ladder.insert(i, data.draw(st.sampled_from(vocabulary)))
    else:  # a word one letter away from the one before: a valid step, maybe a detour
        near = sorted(graph[ladder[i]])
        ladder[min(i + 1, len(ladder) - 1)] = data.draw(st.sampled_from(near))
    valid = (
        len(ladder) >= 2
        and ladder[0] == problem.meta["start"]
        and ladder[-1] == problem.meta["target"]
        and all(graph.has_edge(a, b) for a, b in itertools.pairwise(ladder))
        and len(ladder) - 1 == nx.shortest_path_length(graph, ladder[0], ladder[-1])
    )
    assert _score(problem, " -> ".join(ladder)).correct == valid
