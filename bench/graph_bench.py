"""Graph families: generation and verification throughput, ours against reasoning-gym's, one core.

Run: ``python bench/graph_bench.py`` (needs the ``bench`` extra: reasoning-gym). Pinned to one
CPU core; every rate is the best of ``--repeats`` windows of ``--seconds`` each, interleaved
with the windows of what it is compared with (the machine may be shared), after a warm-up.

* Generation: ``task.generate(seed=i, ...)`` against reasoning-gym's ``dataset[i]`` (items are
  built in ``__getitem__``).
* Verification: ``rlvr_envs.verify(problem, completion)`` on the whole completion text
  (answer extraction included) against reasoning-gym's ``score_answer(answer, entry)`` on the
  bare answer; once with the reference answer and once with a corrupted one (its last
  character changed), since reasoning-gym returns early when the answer equals its
  reference string while we always check the answer against the graph.
* Comparable difficulty: for each counterpart we measure the mean size (nodes, edges) of its
  default instances and set our knobs to the same size ("matched"); ratios are reported both
  at our defaults and matched.

Writes ``bench/results/graph.{json,md}``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import rlvr_envs
from rlvr_envs.registry import format_answer

RESULTS = Path(__file__).parent / "results"

# Our family -> reasoning-gym's counterparts (same question on a comparable graph).
PEERS: dict[str, list[str]] = {
    "rlvr/ShortestPath-v0": ["shortest_path", "path_star"],
    "rlvr/ConnectedComponents-v0": ["largest_island"],
    "rlvr/CycleDetection-v0": ["course_schedule"],
    "rlvr/TopologicalOrder-v0": ["course_schedule"],
    "rlvr/MinimumSpanningTree-v0": [],
    "rlvr/MaxFlow-v0": [],
    "rlvr/Bipartite-v0": [],
    "rlvr/GraphColoring-v0": ["graph_color"],
    "rlvr/EulerianPath-v0": [],
    "rlvr/Diameter-v0": [],
    "rlvr/MaximumMatching-v0": [],
    "rlvr/ArticulationPoints-v0": [],
    "rlvr/Bridges-v0": [],
}
NOT_COMPARED = {
    "the 12 families added in Graph-v1 and the newer versions in Graph-v2": "reasoning-gym's "
    "graphs category has no Hamiltonian, TSP, clique, cover, SCC, isomorphism, negative-weight, "
    "path-count, cut, chromatic-number, tree-query or spanning-tree task",
    "family_relationships": "kinship questions over a family tree, not a graph-algorithm task",
    "quantum_lock": "a button-press search over an implicit state space, no graph in the prompt",
}


def rates(steps: dict[str, Callable[[int], object]], seconds: float, repeats: int) -> dict:
    """Calls per second of each ``step(i)``: the best of ``repeats`` windows of ``seconds``.

    The windows of the different steps are interleaved (a, b, c, a, b, c, ...), so that a
    burst of load from other processes hits ours and theirs alike, and the best window of
    each is what the step costs on an idle core.
    """
    for step in steps.values():
        for i in range(20):
            step(10**6 + i)
    best = dict.fromkeys(steps, 0.0)
    count = 0
    for _ in range(repeats):
        for name, step in steps.items():
            done, start = 0, time.perf_counter()
            while (elapsed := time.perf_counter() - start) < seconds:
                for _ in range(10):
                    step(count)
                    count += 1
                    done += 1
            best[name] = max(best[name], done / elapsed)
    return best


def corrupt(answer: str) -> str:
    """The answer with its last character changed (True/False flipped)."""
    flips = {"True": "False", "False": "True"}
    if answer in flips:
        return flips[answer]
    last = answer[-1]
    if last.isdigit():
        return answer[:-1] + str((int(last) + 1) % 10)
    return answer[:-1] + ("x" if last != "x" else "y")


# -- ours -------------------------------------------------------------------------------------
def ours_generate(env_id: str, difficulty: float | None, knobs: dict | None = None):
    task = rlvr_envs.make_task(env_id)
    return lambda i: task.generate(seed=i, difficulty=difficulty, knobs=knobs)


def ours_verify(env_id: str, knobs: dict | None, corrupted: bool, pool: int = 200):
    task = rlvr_envs.make_task(env_id)
    problems = [task.generate(seed=i, knobs=knobs) for i in range(pool)]
    family = task.family
    completions = []
    for problem in problems:
        answer = family.oracle_answer(problem)
        completions.append(format_answer(corrupt(answer) if corrupted else answer, "tags"))
    return lambda i: rlvr_envs.verify(problems[i % pool], completions[i % pool])


# -- reasoning-gym ----------------------------------------------------------------------------
def peer_dataset(name: str, size: int = 10**7):
    import reasoning_gym

    return reasoning_gym.create_dataset(name, size=size, seed=0)


def peer_generate(name: str) -> Callable[[int], object]:
    dataset = peer_dataset(name)
    return lambda i: dataset[i % dataset.size]


def peer_answer(name: str, entry: dict) -> str:
    if name == "graph_color":
        return json.dumps({str(k): v for k, v in entry["metadata"]["possible_answer"].items()})
    return entry["answer"]


def peer_verify(name: str, corrupted: bool, pool: int = 200):
    dataset = peer_dataset(name)
    entries = [dataset[i] for i in range(pool)]
    answers = [peer_answer(name, e) for e in entries]
    answers = [corrupt(a) if corrupted else a for a in answers]
    return lambda i: dataset.score_answer(answers[i % pool], entries[i % pool])


def peer_size(name: str, entry: dict) -> tuple[int, int, int]:
    """(nodes, edges, components) of the graph behind one reasoning-gym instance."""
    import networkx as nx

    meta = entry["metadata"]
    if name in ("shortest_path", "largest_island"):
        grid = meta["matrix"] if name == "shortest_path" else meta["grid"]
        open_cell = (lambda c: c != "X") if name == "shortest_path" else (lambda c: c == 1)
        graph = nx.Graph()
        for r, row in enumerate(grid):
            for c, cell in enumerate(row):
                if open_cell(cell):
                    graph.add_node((r, c))
                    for nr, nc in ((r - 1, c), (r, c - 1)):
                        if nr >= 0 and nc >= 0 and open_cell(grid[nr][nc]):
                            graph.add_edge((r, c), (nr, nc))
        return (
            graph.number_of_nodes(),
            graph.number_of_edges(),
            nx.number_connected_components(graph),
        )
    if name == "course_schedule":
        return len(meta["courses"]), len(meta["prerequisites"]), 1
    if name == "graph_color":
        return len(meta["puzzle"]["vertices"]), len(meta["puzzle"]["edges"]), 1
    if name == "path_star":
        task = [line for line in entry["question"].splitlines() if line.startswith("|")][-1]
        edges = [item.split() for item in task.split("/")[0].split("|") if item.strip()]
        return len({x for edge in edges for x in edge}), len(edges), 1
    raise ValueError(name)


def matched_knobs(env_id: str, name: str) -> tuple[dict[str, Any], dict[str, float]]:
    """Our knobs at the mean instance size of the counterpart's default config."""
    dataset = peer_dataset(name, size=200)
    sizes = [peer_size(name, dataset[i]) for i in range(200)]
    nodes = statistics.mean(s[0] for s in sizes)
    edges = statistics.mean(s[1] for s in sizes)
    parts = statistics.mean(s[2] for s in sizes)
    task = rlvr_envs.make_task(env_id)
    space = task.knob_space

    def clip(knob: str, value: float) -> float:
        return min(space[knob].high, max(space[knob].low, value))

    knobs: dict[str, Any] = {"nodes": int(clip("nodes", round(nodes)))}
    directed = env_id in ("rlvr/CycleDetection-v0", "rlvr/TopologicalOrder-v0")
    degree = edges / nodes if directed else 2 * edges / nodes
    knobs["degree"] = round(clip("degree", degree), 2)
    if env_id == "rlvr/ShortestPath-v0":
        knobs["max_weight"] = 1  # their grids are unweighted
    if env_id == "rlvr/ConnectedComponents-v0":
        knobs["components"] = int(clip("components", round(parts)))
    if env_id == "rlvr/GraphColoring-v0":
        knobs["colours"] = 3
    return knobs, {"nodes": nodes, "edges": edges, "components": parts}


# -- the run ----------------------------------------------------------------------------------
def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=0.3)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    seconds, repeats = args.seconds, args.repeats
    load_start = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    rows, pairs = [], []
    from rlvr_envs.families.graph import GRAPH_V1

    every = GRAPH_V1 + [
        i for i in rlvr_envs.list_envs("graph", mixtures=False) if i not in GRAPH_V1
    ]
    import importlib.metadata

    from reasoning_gym.factory import DATASETS

    version = importlib.metadata.version("reasoning-gym")
    not_compared = dict(NOT_COMPARED)
    for env_id in every:
        peers = [p for p in PEERS.get(env_id, []) if p in DATASETS]
        for missing in set(PEERS.get(env_id, [])) - set(peers):  # gem-llm pins an older one
            not_compared[missing] = f"not in the installed reasoning-gym {version}"
        row = {
            "env_id": env_id,
            **rates(
                {
                    "generate_default": ours_generate(env_id, None),
                    "generate_d0.5": ours_generate(env_id, 0.5),
                    "generate_d1": ours_generate(env_id, 1.0),
                    "verify_right": ours_verify(env_id, None, False),
                    "verify_corrupted": ours_verify(env_id, None, True),
                },
                seconds,
                repeats,
            ),
        }
        rows.append(row)
        print(_line(row), flush=True)
        for name in peers:
            knobs, size = matched_knobs(env_id, name)
            pair = {"env_id": env_id, "peer": name, "peer_size": size, "matched_knobs": knobs}
            pair |= rates(
                {
                    "peer_generate": peer_generate(name),
                    "ours_generate_matched": ours_generate(env_id, None, knobs),
                    "ours_generate_default": ours_generate(env_id, None),
                    "peer_verify_right": peer_verify(name, False),
                    "ours_verify_right_matched": ours_verify(env_id, knobs, False),
                    "peer_verify_corrupted": peer_verify(name, True),
                    "ours_verify_corrupted_matched": ours_verify(env_id, knobs, True),
                },
                seconds,
                repeats,
            )
            theirs = pair["peer_generate"]
            pair["ratio_generate_default"] = pair["ours_generate_default"] / theirs
            pair["ratio_generate_matched"] = pair["ours_generate_matched"] / theirs
            pair["ratio_verify_right"] = (
                pair["ours_verify_right_matched"] / pair["peer_verify_right"]
            )
            pair["ratio_verify_corrupted"] = (
                pair["ours_verify_corrupted_matched"] / pair["peer_verify_corrupted"]
            )
            pairs.append(pair)
            print(
                f"  vs {name:<16} generate {pair['ratio_generate_matched']:.2f}x matched, "
                f"verify {pair['ratio_verify_corrupted']:.2f}x (corrupted answers)",
                flush=True,
            )
    summary = {
        "slowest_generate_default": min(r["generate_default"] for r in rows),
        "slowest_generate_d1": min(r["generate_d1"] for r in rows),
        "geomean_ratio_generate_matched": statistics.geometric_mean(
            [p["ratio_generate_matched"] for p in pairs]
        ),
        "machine": f"{platform.processor() or platform.machine()}, Python "
        f"{platform.python_version()}",
        "load_average": [load_start, os.getloadavg()[0] if hasattr(os, "getloadavg") else None],
        "cpus": os.cpu_count(),
        "seconds": seconds,
        "repeats": repeats,
        "not_compared": not_compared,
        "reasoning_gym": version,
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "graph.json").write_text(
        json.dumps({"families": rows, "pairs": pairs, **summary}, indent=2) + "\n"
    )
    (RESULTS / "graph.md").write_text(_markdown(rows, pairs, summary))
    print(_markdown(rows, pairs, summary))


def _line(row: dict) -> str:
    return (
        f"{row['env_id']:<30} generate {row['generate_default']:>8.0f}/s "
        f"(d=1 {row['generate_d1']:>7.0f}/s)  verify {row['verify_right']:>8.0f}/s"
    )


def _markdown(rows: list[dict], pairs: list[dict], summary: dict) -> str:
    lines = [
        "# Graph families: throughput, one core",
        "",
        f"{summary['machine']}; best of {summary['repeats']} windows of {summary['seconds']} s; "
        f"1-minute load average {summary['load_average'][0]:.1f} at the start and "
        f"{summary['load_average'][1]:.1f} at the end on {summary['cpus']} CPUs (a shared machine: "
        "absolute rates are pessimistic, the interleaved ratios much less so).",
        "",
        "| env id | generate /s (default) | generate /s (d=0.5) | generate /s (d=1) "
        "| verify /s (right) | verify /s (corrupted) |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['env_id']} | {r['generate_default']:.0f} | {r['generate_d0.5']:.0f} "
            f"| {r['generate_d1']:.0f} | {r['verify_right']:.0f} | {r['verify_corrupted']:.0f} |"
        )
    lines += [
        "",
        "## Against reasoning-gym",
        "",
        "Matched: our knobs set to the mean graph size (nodes, edges) of the counterpart's "
        "default instances. Verification: ours scores the whole completion (answer "
        "extraction included) and always checks the answer against the graph; "
        "reasoning-gym scores the bare answer and returns early when it equals its reference "
        "string, so the corrupted-answer column compares the checking work itself.",
        "",
        "| ours | reasoning-gym | their size (nodes / edges) | matched knobs "
        "| generate /s ours (matched) | generate /s theirs | ratio default | ratio matched "
        "| verify right, ours / theirs | verify corrupted, ours / theirs |",
        "|---|---|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for p in pairs:
        size = p["peer_size"]
        knobs = ", ".join(f"{k}={v}" for k, v in p["matched_knobs"].items())
        lines.append(
            f"| {p['env_id']} | {p['peer']} | {size['nodes']:.1f} / {size['edges']:.1f} "
            f"| {knobs} | {p['ours_generate_matched']:.0f} | {p['peer_generate']:.0f} "
            f"| {p['ratio_generate_default']:.2f}x | {p['ratio_generate_matched']:.2f}x "
            f"| {p['ours_verify_right_matched']:.0f} / {p['peer_verify_right']:.0f} "
            f"({p['ratio_verify_right']:.2f}x) "
            f"| {p['ours_verify_corrupted_matched']:.0f} / {p['peer_verify_corrupted']:.0f} "
            f"({p['ratio_verify_corrupted']:.2f}x) |"
        )
    lines += [
        "",
        f"Slowest family: {summary['slowest_generate_default']:.0f} problems/s at default "
        f"knobs, {summary['slowest_generate_d1']:.0f}/s at difficulty 1. Geometric mean of "
        f"the matched generation ratios: {summary['geomean_ratio_generate_matched']:.2f}x.",
        "",
        "Not compared: "
        + "; ".join(f"`{name}` ({why})" for name, why in summary["not_compared"].items())
        + ".",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
