"""What is specific to the graph families beyond the generic family contract.

networkx is the reference oracle here: every answer our generators compute with their own
textbook algorithms is recomputed with networkx on the problem's graph. For each family with
several right answers, an alternative valid answer found independently (with networkx)
scores 1, and hypothesis-generated perturbations of the oracle answer are judged exactly as
an independent networkx-based validity check says: valid ones score 1, invalid ones below 1.
The prompt encodes the graph faithfully in each of the three encodings.

Tests of one family are in test_<family>.py beside this module.
"""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
from collections import Counter

import pytest

import rlvr_envs
from rlvr_envs.families.graph import GRAPH_V0
from rlvr_envs.families.graph.knobs import ENCODINGS
from rlvr_envs.families.graph.model import Graph
from rlvr_envs.families.graph.parsing import (
    AnswerError,
    parse_edges,
    parse_int,
    parse_mapping,
    parse_nodes,
)
from rlvr_envs.registry import format_answer
from tests.families.graph.helpers import _gen, _nx_answer_agrees, _score

GRAPH_IDS = rlvr_envs.list_envs(domain="graph", mixtures=False)


CROSS_DIFFICULTIES = (0.0, 0.5, 1.0)


def _problems(env_id: str, seeds: int = 40):
    for seed, difficulty in itertools.product(range(seeds), CROSS_DIFFICULTIES):
        yield _gen(env_id, seed, difficulty)


def test_the_mixture_is_frozen_and_holds_every_graph_family():
    assert set(GRAPH_V0) <= set(GRAPH_IDS) and len(set(GRAPH_V0)) == len(GRAPH_V0) >= 12
    task = rlvr_envs.make_task("rlvr/Graph-v0")
    assert [m.env_id for m in task.members] == GRAPH_V0
    assert all(rlvr_envs.make_task(e).domain == "graph" for e in GRAPH_V0)


def test_every_family_has_the_encoding_knob_outside_the_difficulty_map():
    for env_id in GRAPH_IDS:
        task = rlvr_envs.make_task(env_id)
        knob = task.knob_space["encoding"]
        assert knob.choices == ENCODINGS
        assert {task.family.knobs_for(d)["encoding"] for d in (0, 0.5, 1)} == {"edge_list"}
        moving = [
            name
            for name in task.knob_space
            if task.family.knobs_for(0)[name] != task.family.knobs_for(1)[name]
        ]
        assert len(moving) >= 2, (env_id, moving)


@pytest.mark.parametrize("env_id", GRAPH_IDS)
def test_reference_answers_agree_with_networkx(env_id):
    for problem in _problems(env_id):
        assert _nx_answer_agrees(problem), (problem.seed, problem.knobs, problem.answer)


@pytest.mark.parametrize("env_id", GRAPH_IDS)
def test_reference_answers_agree_with_networkx_at_the_knob_limits(env_id):
    task = rlvr_envs.make_task(env_id)
    for name, knob in task.knob_space.items():
        if knob.type in ("int", "float"):
            for value, seed in itertools.product((knob.low, knob.high), range(2)):
                value = int(value) if knob.type == "int" else value
                problem = task.generate(seed, knobs={name: value})
                assert _nx_answer_agrees(problem), (name, value, seed)


def test_yes_no_families_are_balanced():
    for env_id, key in [
        ("rlvr/CycleDetection-v0", "acyclic"),
        ("rlvr/Bipartite-v0", "bipartite"),
        ("rlvr/EulerianPath-v0", "eulerian"),
    ]:
        share = sum(_gen(env_id, s, 0.5).meta[key] for s in range(200)) / 200
        assert 0.35 < share < 0.65, (env_id, share)


# -- the prompt encodes the graph faithfully ----------------------------------------------
_NUMBERS = re.compile(r"-?\d+")


def _edges_from_prompt(problem) -> Counter:
    """Recover the edge multiset from the prompt text alone."""
    meta, encoding = problem.meta, problem.knobs["encoding"]
    body = problem.prompt.split("\n\n")[1]
    found: Counter = Counter()
    if encoding == "edge_list":
        for line in body.splitlines()[1:]:
            found[tuple(int(x) for x in _NUMBERS.findall(line))] += 1
    elif encoding == "adjacency_list":
        for line in body.splitlines()[1:]:
            head, _, rest = line.partition(":")
            for item in rest.split(","):
                numbers = [int(x) for x in _NUMBERS.findall(item)]
                if numbers:
                    found[(int(head), *numbers)] += 1
    else:
        sentences = body.split(". ")[1:]
        for sentence in sentences:
            weight = re.search(r"(?:weight|capacity) (-?\d+)", sentence)
            ends = _NUMBERS.findall(re.sub(r"(?:weight|capacity) -?\d+", "", sentence))
            key = tuple(int(x) for x in ends) + ((int(weight.group(1)),) if weight else ())
            found[key] += 1
    if not meta["directed"]:
        merged: Counter = Counter()
        for key, count in found.items():
            merged[(*sorted(key[:2]), *key[2:])] += count
        found = merged
        if encoding == "adjacency_list":  # each undirected edge is listed at both ends
            found = Counter({k: c // 2 for k, c in found.items()})
    return found


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("env_id", GRAPH_IDS)
def test_each_encoding_states_exactly_the_graph(env_id, encoding):
    for seed in range(4):
        problem = _gen(env_id, seed, 0.6, encoding=encoding)
        graph = Graph.from_meta(problem.meta)
        expected = Counter(
            (e[0], e[1], *e[2:]) if graph.directed else (*sorted(e[:2]), *e[2:])
            for e in graph.edges
        )
        assert _edges_from_prompt(problem) == expected, (env_id, encoding, seed)
        assert f"{graph.n} nodes, numbered 0 to {graph.n - 1}" in problem.prompt


def test_sentences_vary_their_phrasing():
    prompt = _gen("rlvr/ShortestPath-v0", 0, 1.0, encoding="sentences").prompt
    assert "joined by an edge of weight" in prompt and "has weight" in prompt


# -- answer syntax ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text", ["0 -> 3 -> 5", "0, 3, 5", "[0, 3, 5]", "0 3 5", "0-3-5", "0 → 3 → 5", "(0,3,5)."]
)
def test_node_lists_accept_the_documented_separators(text):
    assert parse_nodes(text) == [0, 3, 5]


@pytest.mark.parametrize(
    "text",
    ["", "0 -> -> 3", "0, 3,", "-1, 3", "path: 0 -> 3", "0.5", "1e3", "٣", "1234567", "0 -> x"],
)
def test_malformed_node_lists_are_rejected(text):
    with pytest.raises(AnswerError):
        parse_nodes(text)


def test_other_answer_parsers():
    assert parse_mapping("{0: 1; 1 = 2\n2: 3}") == [(0, 1), (1, 2), (2, 3)]
    assert parse_edges("(0, 3), (2, 5)") == parse_edges("0-3, 2 -- 5") == [(0, 3), (2, 5)]
    assert parse_int(" 42. ") == parse_int("+42") == parse_int("42") == 42
    assert parse_int("1,000") == parse_int("1 000") == parse_int("1\u202f000") == 1000
    for bad in ("0: 1, 1", "0: 1,", ": 1"):
        with pytest.raises(AnswerError):
            parse_mapping(bad)
    for bad in ("0, 3, 2, 5", "(0, 3", "0-3,", "0-"):
        with pytest.raises(AnswerError):
            parse_edges(bad)
    for bad in ("-3", "\u22123", "4.5", "42.0", "1,00", "٤٢", "4²", "9" * 16, "four", "40 + 2"):
        with pytest.raises(AnswerError):
            parse_int(bad)


def test_set_answers_accept_any_order_and_orientation_and_reject_repeats():
    for seed in range(30):
        points = _gen("rlvr/ArticulationPoints-v0", seed)
        if points.answer != "none":
            nodes = parse_nodes(points.answer)
            assert _score(points, " ".join(map(str, reversed(nodes)))).correct
            assert _score(points, ", ".join(map(str, nodes + nodes[:1]))).reason == "unparsable"
            assert not _score(points, "none").correct
        bridges = _gen("rlvr/Bridges-v0", seed)
        if bridges.answer != "none":
            edges = parse_edges(bridges.answer)
            flipped = ", ".join(f"({v}, {u})" for u, v in reversed(edges))
            assert _score(bridges, flipped).correct
            assert not _score(bridges, ", ".join(f"{u}-{v}" for u, v in edges[1:])).correct


def test_constant_answers_earn_nothing_on_problems_with_a_none_case():
    for env_id in ("rlvr/CycleDetection-v1", "rlvr/EulerianPath-v1"):
        for constant in ("none", "None.", "none: 0, 1, 2"):
            rewards = [_score(_gen(env_id, s, 0.5), constant).reward for s in range(100)]
            assert sum(rewards) <= 10, (env_id, constant, sum(rewards))


COUNTS = [
    ("rlvr/ConnectedComponents-v1", "components"),
    ("rlvr/MaximumMatching-v1", "size"),
    ("rlvr/Diameter-v1", "diameter"),
]


def test_a_count_alone_is_no_answer_to_components_matching_or_diameter():
    for seed in range(20):
        for env_id, key in COUNTS:
            problem = _gen(env_id, seed, 0.5)
            assert _score(problem, str(problem.meta[key])).reward == 0.0


# -- everything else -------------------------------------------------------------------------
@pytest.mark.parametrize("env_id", GRAPH_IDS)
def test_answers_naming_missing_nodes_are_wrong_not_errors(env_id):
    problem = _gen(env_id, 3, 0.5)
    n = problem.meta["nodes"]
    for answer in (f"{n} -> {n + 1}", f"{n}: 1", f"yes: {n} | 0", f"{n}-{n + 1}", "999999"):
        verdict = _score(problem, answer)
        assert verdict.reward == 0.0 and verdict.reason in ("wrong", "unparsable"), verdict


def test_importing_the_package_and_using_graph_families_never_imports_networkx():
    script = (
        "import sys, rlvr_envs\n"
        "for env_id in rlvr_envs.list_envs(domain='graph'):\n"
        "    p = rlvr_envs.make_task(env_id).generate(1, 0.5)\n"
        "    assert rlvr_envs.verify(p, rlvr_envs.oracle_completion(p)).reward == 1.0\n"
        "print(json.dumps('networkx' in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", "import json\n" + script],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(out.stdout) is False


def test_networkx_is_a_test_dependency_not_a_core_one():
    from pathlib import Path

    import tomllib

    project = tomllib.loads((Path(__file__).parents[3] / "pyproject.toml").read_text())["project"]
    assert not any(d.startswith("networkx") for d in project["dependencies"])
    assert any(d.startswith("networkx") for d in project["optional-dependencies"]["dev"])


@pytest.mark.parametrize("env_id", rlvr_envs.list_envs("graph", mixtures=False))
def test_every_encoding_of_a_seed_shows_the_same_instance(env_id):
    task = rlvr_envs.make_task(env_id)
    for seed in range(10):
        problems = [
            task.generate(seed=seed, knobs={"encoding": enc, "nodes": 8})
            for enc in task.knob_space["encoding"].choices
        ]
        assert len({p.prompt for p in problems}) == len(problems)
        assert all(p.meta == problems[0].meta for p in problems)
        assert all(p.answer == problems[0].answer for p in problems)


# -- Graph-v1 (issue 15) ------------------------------------------------------------------------
def test_graph_v1_extends_graph_v0_which_stays_frozen():
    from rlvr_envs.families.graph import GRAPH_V0, GRAPH_V1

    assert GRAPH_V1[: len(GRAPH_V0)] == GRAPH_V0 and len(GRAPH_V1) - len(GRAPH_V0) >= 12
    assert set(GRAPH_V1) <= set(rlvr_envs.list_envs("graph", mixtures=False))
    task = rlvr_envs.make_task("rlvr/Graph-v1")
    assert {task.generate(seed=s).family for s in range(600)} == {
        rlvr_envs.make_task(i).family.name for i in GRAPH_V1
    }


def test_graph_v3_holds_the_newest_version_of_every_family():
    from rlvr_envs.families.graph import GRAPH_V1, GRAPH_V2, GRAPH_V3

    newest: dict[str, str] = {}
    for env_id in rlvr_envs.list_envs("graph", mixtures=False):
        name, version = env_id.rsplit("-v", 1)
        if name not in newest or int(version) > int(newest[name].rsplit("-v", 1)[1]):
            newest[name] = env_id
    assert sorted(GRAPH_V3) == sorted(newest.values())
    assert [i.rsplit("-v", 1)[0] for i in GRAPH_V3] == [i.rsplit("-v", 1)[0] for i in GRAPH_V1]
    assert "rlvr/CountingShortestPaths-v1" in GRAPH_V2 and "rlvr/Diameter-v1" in GRAPH_V3


REISSUED = ["ConnectedComponents", "CycleDetection", "EulerianPath", "Diameter", "MaximumMatching"]


@pytest.mark.parametrize("name", REISSUED)
def test_restored_v0_asks_as_first_released_and_graph_v1_v2_keep_what_they_froze(name):
    """v0's generator was changed in place after Graph-v0 shipped, then restored: v0 asks
    what it first asked (a count or a bare none), v1 carries the change, and Graph-v1 and
    Graph-v2, frozen while the change ran under the v0 id, still generate it there; their
    problems verify with v1's check."""
    v0, v1 = rlvr_envs.make_task(f"rlvr/{name}-v0"), rlvr_envs.make_task(f"rlvr/{name}-v1")
    assert v0.family.instruction() != v1.family.instruction()
    for mixture in ("rlvr/Graph-v1", "rlvr/Graph-v2"):
        task = rlvr_envs.make_task(mixture)
        seeds = [s for s in range(400) if task.member_for(s).family.name == name][:4]
        for seed in seeds:
            problem = task.generate(seed, 0.5)
            assert problem.version == 0 and problem.prompt.endswith(v1.family.instruction())
            own = v0.generate(seed, 0.5)
            assert own.prompt.endswith(v0.family.instruction()) and own.version == 0
            assert type(rlvr_envs.registry.family_for(problem)) is type(v1.family)
            assert type(rlvr_envs.registry.family_for(own)) is type(v0.family)
            assert rlvr_envs.verify(problem, rlvr_envs.oracle_completion(problem)).correct
            assert rlvr_envs.verify(own, rlvr_envs.oracle_completion(own)).correct
            if problem.answer != own.answer:  # the other's answer does not pass
                assert not rlvr_envs.verify(problem, format_answer(own.answer, "tags")).correct
    graph_v0 = rlvr_envs.make_task("rlvr/Graph-v0")
    for seed in [s for s in range(400) if graph_v0.member_for(s).family.name == name][:4]:
        assert graph_v0.generate(seed, 0.5).prompt == v0.generate(seed, 0.5).prompt


@pytest.mark.parametrize("difficulty", [0.0, 0.5])
def test_counting_shortest_paths_v1_leaves_no_constant_to_guess_at_the_easy_end(difficulty):
    """v0 drew 6 nodes at difficulty 0: counts 1-4, and the constant 2 was right 64% of the
    time. v1 starts at 12 nodes; v0 itself stays as it was (golden hashes)."""
    from rlvr_envs.audit import best_constant_answer

    audit = best_constant_answer(
        "rlvr/CountingShortestPaths-v1", difficulty=difficulty, problems=100
    )
    assert audit.reward <= 0.15, audit
    old = best_constant_answer("rlvr/CountingShortestPaths-v0", difficulty=0.0, problems=100)
    assert old.reward >= 0.5  # what v1 fixes; v0 generates what it always did


def _graph_v1_new_ids() -> list[str]:
    from rlvr_envs.families.graph import GRAPH_V0, GRAPH_V1

    return [i for i in GRAPH_V1 if i not in GRAPH_V0]


@pytest.mark.parametrize("env_id", _graph_v1_new_ids())
def test_no_constant_answer_earns_more_than_a_tenth_on_the_new_families(env_id):
    from rlvr_envs.audit import best_constant_answer

    audit = best_constant_answer(env_id, difficulty=0.5, problems=60)
    assert audit.reward <= 0.10, audit
