"""``rlvr/FirstFollowSets-v0``: the sets are recomputed here from the prompt's grammar as
reachability in networkx graphs (X -> Y when Y can begin X; Y -> X when FOLLOW(X) flows into
FOLLOW(Y)), not by the family's fixpoints; reordered spellings score 1, any changed set 0."""

from __future__ import annotations

import random

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_grammars import gen, prompt_rules, score, verdict

ID = "rlvr/FirstFollowSets-v0"


def nullable_set(rules: dict[str, list[str]]) -> set[str]:
    null: set[str] = set()
    while True:
        new = {x for x, alts in rules.items() if any(all(c in null for c in r) for r in alts)}
        if new == null:
            return null
        null = new


def sets_by_graphs(rules: dict[str, list[str]]) -> tuple[dict, dict]:
    null = nullable_set(rules)
    begins = nx.DiGraph()  # X -> symbol when symbol can begin a form derived from X
    begins.add_nodes_from(rules)
    for x, alts in rules.items():
        for rhs in alts:
            for c in rhs:
                begins.add_edge(x, c)
                if c not in null:
                    break
    first = {
        x: {c for c in nx.descendants(begins, x) if c.islower()} | ({"ε"} if x in null else set())
        for x in rules
    }
    flows = nx.DiGraph()  # X -> Y: FOLLOW(X) is part of FOLLOW(Y)
    flows.add_nodes_from(rules)
    direct: dict[str, set[str]] = {x: set() for x in rules}
    direct["S"].add("$")
    for x, alts in rules.items():
        for rhs in alts:
            for k, c in enumerate(rhs):
                if not c.isupper():
                    continue
                rest = rhs[k + 1 :]
                for d in rest:
                    direct[c] |= {d} if d.islower() else first[d] - {"ε"}
                    if d not in null:
                        break
                else:
                    flows.add_edge(x, c)
    follow = {
        y: set().union(direct[y], *(direct[x] for x in nx.ancestors(flows, y))) for y in rules
    }
    return first, follow


def write(first: dict, follow: dict, rng: random.Random | None = None) -> str:
    lines = [f"FIRST({x}) = {{{', '.join(sorted(v))}}}" for x, v in first.items()]
    lines += [f"FOLLOW({x}) = {{{', '.join(sorted(v))}}}" for x, v in follow.items()]
    if rng:
        rng.shuffle(lines)
    return "\n".join(lines)


def test_the_sets_agree_with_graph_reachability_and_changes_fail():
    rng = random.Random(0)
    for seed in range(30):
        problem = gen(ID, seed, seed / 29)
        first, follow = sets_by_graphs(prompt_rules(problem.prompt))
        assert score(problem, write(first, follow)) == 1.0
        assert score(problem, write(first, follow, rng).replace("ε", "eps")) == 1.0
        x = rng.choice(sorted(first))
        changed = {**follow, x: follow[x] ^ {"z"}}
        v = verdict(problem, write(first, changed))
        assert v.reward == 0.0 and f"FOLLOW({x})" in v.details["why"]
        changed = {**first, x: first[x] ^ {"ε"}}
        assert score(problem, write(changed, follow)) == 0.0
        missing = write(first, follow).splitlines()[1:]
        assert score(problem, "\n".join(missing)) == 0.0
        doubled = write(first, follow) + "\n" + write(first, follow).splitlines()[0]
        assert score(problem, doubled) == 0.0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), which=st.integers(0, 20), element=st.sampled_from("abcdeε$"))
def test_a_set_list_scores_exactly_when_every_set_is_right(seed, which, element):
    problem = gen(ID, seed, 0.5)
    first, follow = sets_by_graphs(prompt_rules(problem.prompt))
    keys = [("first", x) for x in first] + [("follow", x) for x in follow]
    kind, x = keys[which % len(keys)]
    table = {"first": dict(first), "follow": dict(follow)}
    table[kind][x] = table[kind][x] ^ {element}
    unchanged = table["first"] == first and table["follow"] == follow
    assert score(problem, write(table["first"], table["follow"])) == float(unchanged)
