"""What ``rlvr/StronglyConnectedComponents-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import random

import networkx as nx
from hypothesis import given
from hypothesis import strategies as st

from tests.families.graph.helpers import _DIFF, _SEED, PERTURB, _gen, _score, nx_graph

ENV = "rlvr/StronglyConnectedComponents-v0"


def _sccs(problem) -> set[frozenset[int]]:
    return {frozenset(c) for c in nx.strongly_connected_components(nx_graph(problem))}


def _written(groups, rng) -> str:
    groups = [sorted(g) for g in groups]
    rng.shuffle(groups)
    for group in groups:
        rng.shuffle(group)
    style = rng.choice(["braces", "brackets", "semicolons", "lines", "outer"])
    if style == "braces":
        return ", ".join("{" + ", ".join(map(str, g)) + "}" for g in groups)
    if style == "brackets":
        return " ".join("[" + " ".join(map(str, g)) + "]" for g in groups)
    if style == "semicolons":
        return "; ".join(", ".join(map(str, g)) for g in groups)
    if style == "lines":
        return "\n".join(" ".join(map(str, g)) for g in groups)
    return "[" + ", ".join("{" + ",".join(map(str, g)) + "}" for g in groups) + "]."


@PERTURB
@given(seed=_SEED, difficulty=_DIFF)
def test_reference_is_networkx_partition_and_several_nontrivial(seed, difficulty):
    problem = _gen(ENV, seed, difficulty)
    expected = _sccs(problem)
    graph = nx_graph(problem)
    assert graph.number_of_edges() == len(problem.meta["edges"])  # no repeated edge
    assert _score(problem, problem.answer).correct
    assert len(expected) >= 2
    assert max(len(c) for c in expected) >= 2
    assert sum(len(c) >= 2 for c in expected) >= len(expected) // 2


def test_any_order_and_writing_score_one():
    rng = random.Random(1)
    for seed in range(60):
        problem = _gen(ENV, seed, seed / 60)
        assert _score(problem, _written(_sccs(problem), rng)).correct


_MOVES = st.lists(
    st.tuples(st.integers(0, 10**6), st.integers(0, 10**6),
              st.sampled_from(["move", "drop", "dup", "merge", "split"])),
    min_size=1, max_size=3,
)  # fmt: skip


@PERTURB
@given(seed=_SEED, difficulty=_DIFF, moves=_MOVES)
def test_perturbed_partitions_judged_as_networkx_judges(seed, difficulty, moves):
    problem = _gen(ENV, seed, difficulty)
    groups = [sorted(c) for c in _sccs(problem)]
    for a, b, op in moves:
        i, j = a % len(groups), b % len(groups)
        if op == "move" and len(groups[i]) > 1:
            groups[j].append(groups[i].pop(b % len(groups[i])))
        elif op == "drop" and len(groups[i]) > 1:
            groups[i].pop()
        elif op == "dup":
            groups[j].append(groups[i][0])
        elif op == "merge" and i != j:
            groups[i] = groups[i] + groups[j]
            del groups[j]
        elif op == "split" and len(groups[i]) > 1:
            groups.append([groups[i].pop()])
    verdict = _score(problem, ", ".join("{" + ", ".join(map(str, g)) + "}" for g in groups))
    nodes = [u for g in groups for u in g]
    repeated = len(set(nodes)) < len(nodes)
    valid = not repeated and {frozenset(g) for g in groups} == _sccs(problem)
    assert verdict.correct == valid
    assert (verdict.reason == "unparsable") == repeated


def test_weak_components_and_constants_fail():
    for seed in range(40):
        problem = _gen(ENV, seed, 0.5)
        graph = nx_graph(problem)
        weak = {frozenset(c) for c in nx.weakly_connected_components(graph)}
        if weak != _sccs(problem):
            assert not _score(problem, "; ".join(" ".join(map(str, c)) for c in weak)).correct
        n = problem.meta["nodes"]
        every = ", ".join(map(str, range(n)))
        for answer in (f"{{{every}}}", ", ".join(f"{{{u}}}" for u in range(n)), "0", "none"):
            assert not _score(problem, answer).correct


def test_malformed_answers_are_unparsable():
    problem = _gen(ENV, 3, 0.3)
    for answer in ("{0, 1", "{0, 1}, ", "{0, x}", "{}", "0 or 1", "{0, 1} {1, 2}", "{0}}"):
        assert _score(problem, answer).reason == "unparsable", answer


def test_knob_limits_agree_with_networkx():
    import rlvr_envs

    task = rlvr_envs.make_task(ENV)
    for name, knob in task.knob_space.items():
        if knob.type in ("int", "float"):
            for value in (knob.low, knob.high):
                value = int(value) if knob.type == "int" else value
                for seed in range(3):
                    problem = task.generate(seed, knobs={name: value})
                    assert _score(problem, _written(_sccs(problem), random.Random(seed))).correct


def test_set_of_sets_braces_around_all_groups_score_as_networkx_judges():
    # review: ``{{0, 1, 4}, {2, 3, 5}}`` (a set of sets) was unparsable, a false negative
    rng = random.Random(7)
    for seed in range(40):
        problem = _gen(ENV, seed, seed / 40)
        groups = [sorted(c) for c in _sccs(problem)]
        rng.shuffle(groups)
        inner = ", ".join("{" + ", ".join(map(str, g)) + "}" for g in groups)
        assert _score(problem, "{" + inner + "}").correct
        assert _score(problem, "{ " + inner + " }.").correct
        if len(groups) >= 2:  # a wrong partition in outer braces is still wrong
            merged = [groups[0] + groups[1], *groups[2:]]
            text = "{" + ", ".join("{" + ", ".join(map(str, g)) + "}" for g in merged) + "}"
            assert not _score(problem, text).correct
    problem = _gen(ENV, 3, 0.5)
    for bad in ("{{0, 1}}, {{2}}", "{" + problem.answer, "{{" + problem.answer + "}}"):
        assert not _score(problem, bad).correct
