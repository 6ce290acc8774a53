"""What is specific to the composition families beyond the generic family contract.

Every generated chain is rebuilt from its problem's meta and type-checked; the brute-force
shortcut check (every subset of links skipped, a near miss at every step) passes on every
generated chain, independently of the incremental check the builder uses; a wrong
intermediate step (a near miss, or a skipped link) gives a wrong final answer that the
verifier rejects; the step syntax and partial credit behave as documented; hypothesis-
generated edits of string answers fail; the skills match independent references (networkx
for graphs, brute force for puzzles, worked examples for string functions).

Tests of one family are in test_<family>.py beside this module.
"""

from __future__ import annotations

import itertools
import math
import time
from collections import Counter
from fractions import Fraction

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.compose import links as L
from rlvr_envs.families.compose._base import parse_int_list, parse_steps
from rlvr_envs.families.compose.chained_math import TEMPLATES, TEMPLATES_BY_NAME
from rlvr_envs.families.compose.skills import (
    ANSWERABLE,
    GRAPH,
    INT,
    STR,
    ChainTypeError,
    Graph,
    Link,
    chain_from_json,
    fits,
    held_out_pair,
    near_miss,
    render,
    run,
    shortcut,
    typecheck,
)
from rlvr_envs.families.compose.string_ops import STRING_OPS, STRING_OPS_BY_NAME
from rlvr_envs.registry import format_answer
from tests.families.compose.helpers import _score, _task

SC, CO, CM = "rlvr/StringCompose-v0", "rlvr/Compose-v0", "rlvr/ChainedMath-v0"


IDS = (SC, CO, CM)


CATALOGS = {SC: STRING_OPS_BY_NAME, CO: L.CATALOG, CM: TEMPLATES_BY_NAME}


DEPTH = {SC: "depth", CO: "depth", CM: "horizon"}


def _start(problem):
    """The start value from the meta's literal (independent of the generator's objects)."""
    meta = problem.meta
    text = meta["start"]
    if meta["start_type"] == STR:
        return text[1:-1]
    if meta["start_type"] == INT:
        return int(text)
    return parse_int_list(text)


def _chain(problem):
    return chain_from_json(problem.meta, CATALOGS[problem.env_id], _start(problem))


def _sample(env_id: str, count: int = 40):
    task = _task(env_id)
    for seed in range(count):
        yield task.generate(seed=seed, difficulty=(seed % 11) / 10)


@pytest.mark.parametrize("env_id", IDS)
def test_every_generated_chain_type_checks_and_recomputes_its_meta(env_id):
    for problem in _sample(env_id):
        chain = _chain(problem)  # raises ChainTypeError on an ill-typed chain
        assert len(chain.links) == problem.knobs[DEPTH[env_id]]
        assert chain.types == problem.meta["types"]
        assert chain.steps() == problem.meta["steps"]
        assert chain.answer == problem.answer
        assert chain.types[-1] in ANSWERABLE
        for value, type_name in zip(chain.values, chain.types):
            assert fits(type_name, value)


def test_an_ill_typed_chain_is_refused():
    edges, add = L.CATALOG["edges"], L.CATALOG["add"]
    with pytest.raises(ChainTypeError, match="takes graph, but receives int"):
        typecheck(INT, [Link(add, {"k": 1}), Link(edges, {})])
    assert typecheck(INT, [Link(L.CATALOG["cycle_graph"], {}), Link(edges, {})]) == [
        INT,
        GRAPH,
        INT,
    ]


def test_libraries_are_large_enough_and_cross_families():
    assert len(STRING_OPS) >= 25 and len({s.name for s in STRING_OPS}) == len(STRING_OPS)
    assert all(s.source == s.target == STR for s in STRING_OPS)
    assert len(L.LINKS) >= 20 and len(L.AREAS) >= 3
    types = {t for s in L.LINKS for t in (s.source, s.target)}
    assert types == {"int", "rational", "str", "list[int]", "graph", "grid"}
    assert len(TEMPLATES) >= 12
    seen, areas, mixed = Counter(), Counter(), 0
    task = _task(CO)
    for seed in range(300):
        problem = task.generate(seed=seed, knobs={"depth": 4, "link_level": 1 + seed % 3})
        names = [link["skill"] for link in problem.meta["links"]]
        seen.update(names)
        chain_areas = {L.CATALOG[name].area for name in names}
        areas.update(chain_areas)
        mixed += len(chain_areas) >= 2
    assert len(seen) >= 60 and len(areas) == len(L.AREAS)
    assert mixed >= 225, "most chains of depth 4 should cross families"


@pytest.mark.parametrize("env_id", IDS)
def test_depth_and_length_knobs_shape_the_chain(env_id):
    task = _task(env_id)
    depth = DEPTH[env_id]
    for value in range(1, 7):
        problem = task.generate(seed=value, knobs={depth: value})
        assert len(problem.meta["links"]) == value == len(problem.meta["types"])
    if env_id == SC:
        for length in (3, 9, 24):
            problem = task.generate(seed=1, knobs={"length": length})
            assert len(problem.meta["start"]) == length + 2  # with its quotes


@pytest.mark.parametrize("env_id", IDS)
def test_no_generated_chain_has_a_shortcut(env_id):
    """The brute-force check agrees with the builder's incremental one on every chain."""
    for problem in _sample(env_id, 60):
        chain = _chain(problem)
        assert shortcut(chain.start_type, chain.start, chain.links, chain.values) == ""


@pytest.mark.parametrize("env_id", IDS)
def test_skipping_any_link_changes_the_answer_and_scores_zero(env_id):
    skipped_any = 0
    for problem in _sample(env_id, 30):
        chain = _chain(problem)
        for i in range(len(chain.links)):
            rest = chain.links[:i] + chain.links[i + 1 :]
            try:
                typecheck(chain.start_type, rest)
            except ChainTypeError:
                continue
            values = run(chain.start_type, chain.start, rest) if rest else [chain.start]
            if values is None:
                continue
            final_type = rest[-1].skill.target if rest else chain.start_type
            if final_type not in ANSWERABLE:
                continue
            answer = render(final_type, values[-1])
            assert answer != problem.answer, (problem.seed, i)
            assert _score(problem, answer).reward == 0.0
            skipped_any += 1
    assert skipped_any >= 30


@pytest.mark.parametrize("env_id", IDS)
def test_a_wrong_intermediate_step_gives_a_wrong_final_answer(env_id):
    """A near miss at step i, carried through the rest of the chain, is wrong at the end;
    written out with its steps it is wrong, with partial credit for the right steps."""
    checked = 0
    for problem in _sample(env_id, 30):
        chain = _chain(problem)
        types = chain.types
        for i in range(len(chain.links) - 1):
            wrong = near_miss(types[i], chain.values[i])
            if not fits(types[i], wrong):
                continue
            values = [*chain.values[:i], wrong]
            rest = run(types[i], wrong, chain.links[i + 1 :])
            if rest is None:
                continue
            values += rest
            final = render(types[-1], values[-1])
            assert final != problem.answer
            steps = [
                f"step {k}: {render(t, v)}"
                for k, (t, v) in enumerate(zip(types[:-1], values[:-1]), start=1)
                if t in ANSWERABLE
            ]
            verdict = _score(problem, "\n".join([*steps, final]))
            right = sum(t in ANSWERABLE for t in types[:i])
            assert not verdict.correct and verdict.reward == 0.0
            assert verdict.score == pytest.approx(right / (len(steps) + 1))
            assert verdict.reason == ("partial" if right else "wrong")
            checked += 1
    assert checked >= 20


def _with(env_id: str, **knobs):
    return _task(env_id).generate(seed=3, knobs=knobs)


def test_step_syntax_partial_credit_and_missing_steps():
    problem = _with(SC, depth=3, intermediates=True)
    s1, s2 = problem.meta["steps"]
    final = problem.answer
    assert _score(problem, f"step 1: {s1}\nstep 2: {s2}\n{final}").reward == 1.0
    assert _score(problem, f"  step 1 = {s1}\n\nSTEP 2:{s2}  \nstep 3: {final}").reward == 1.0
    missing = _score(problem, final)
    assert not missing.correct and missing.details["missing_steps"] == [1, 2]
    assert missing.score == pytest.approx(1 / 3)
    wrong_step = _score(problem, f"step 1: {s1}x\nstep 2: {s2}\n{final}")
    assert not wrong_step.correct and wrong_step.score == pytest.approx(2 / 3)
    assert wrong_step.details["wrong_steps"] == [1]
    for bad in (f"step 2: {s2}\nstep 1: {s1}\n{final}", f"step 1: {s1}\nstep 1: {s1}\n{final}",
                f"step 0: {s1}\n{final}", f"step 3: {s2}\n{final}", f"{s1}\n{final}",
                f"step 1: {s1}\nstep 2: {s2}\nstep 2: {final}"):  # fmt: skip
        assert _score(problem, bad).reason == "unparsable", bad
    relaxed = _with(SC, depth=3, intermediates=False)
    assert _score(relaxed, relaxed.answer).reward == 1.0
    steps = relaxed.meta["steps"]
    assert _score(relaxed, f"step 2: {steps[1]}\n{relaxed.answer}").reward == 1.0
    assert _score(relaxed, f"step 2: {steps[1]}z\n{relaxed.answer}").reward == 0.0


def test_string_answers_are_exact_but_ignore_surrounding_whitespace():
    problem = _with(SC, depth=2)
    answer = problem.answer
    assert _score(problem, f"  {answer} \n").reward == 1.0
    assert _score(problem, f'"{answer}"').reward == 0.0
    assert _score(problem, answer.swapcase()).reward == (1.0 if answer.swapcase() == answer else 0)
    assert _score(problem, answer + answer[-1]).reward == 0.0


def test_numbers_are_judged_in_the_asked_form_and_lists_by_value():
    task = _task(CO)
    found = {}
    for seed in range(400):
        problem = task.generate(seed=seed, knobs={"depth": 2})
        found.setdefault(problem.meta["types"][-1], problem)
        if len(found) == 4:
            break
    assert set(found) == set(ANSWERABLE)
    integer = found["int"]
    whole = int(integer.answer)
    assert _score(integer, f"+{whole}" if whole >= 0 else str(whole)).reward == 1.0
    assert _score(integer, str(whole + 1)).reward == 0.0
    # the value, but not a whole number written in digits: a decimal, a sum, a power
    for formula in (f"{whole}.0", f"{whole - 3} + 3", f"({whole})^1"):
        verdict = _score(integer, formula)
        assert verdict.reward == 0.0 and verdict.details["final_correct"] is False, formula
    fraction = found["rational"]
    value = Fraction(fraction.answer)
    assert _score(fraction, f"\\frac{{{value.numerator}}}{{{value.denominator}}}").reward == 1.0
    assert _score(fraction, f"{value.numerator * 3}/{value.denominator * 3}").reward == 0.0
    assert _score(fraction, str(float(value) + 0.001)).reward == 0.0
    listed = found["list[int]"]
    items = parse_int_list(listed.answer)
    assert _score(listed, ",".join(map(str, items))).reward == 1.0
    assert _score(listed, str(list(items[::-1]))).reward == (1.0 if items == items[::-1] else 0)
    assert _score(listed, f"[{items[0]}").reason == "unparsable"
    assert _score(integer, "seven").reason == "unparsable"


def test_graph_and_grid_steps_are_never_asked_for():
    task = _task(CO)
    for seed in range(300):
        problem = task.generate(seed=seed, knobs={"depth": 4, "intermediates": True})
        if None in problem.meta["steps"]:
            break
    else:
        pytest.fail("no chain with a graph or grid step")
    k = problem.meta["steps"].index(None) + 1
    assert f"step {k}:" not in rlvr_envs.oracle_completion(problem)
    assert _score(problem, f"step {k}: 3\n{problem.answer}").reason == "unparsable"
    assert rlvr_envs.verify(problem, rlvr_envs.oracle_completion(problem)).reward == 1.0


def _edit(answer: str, data) -> str:
    kind = data.draw(st.sampled_from(["substitute", "delete", "insert", "swap", "case"]))
    i = data.draw(st.integers(0, len(answer) - 1))
    char = data.draw(st.sampled_from("abcXYZ019"))
    if kind == "substitute":
        return answer[:i] + char + answer[i + 1 :]
    if kind == "delete":
        return answer[:i] + answer[i + 1 :]
    if kind == "insert":
        return answer[:i] + char + answer[i:]
    if kind == "swap" and i + 1 < len(answer):
        return answer[:i] + answer[i + 1] + answer[i] + answer[i + 2 :]
    return answer[:i] + answer[i].swapcase() + answer[i + 1 :]


def _with_final(problem, final: str) -> str:
    """The oracle's answer block (steps included when asked for) with another final line."""
    family = rlvr_envs.family_for(problem)
    lines = family.oracle_answer(problem).splitlines()
    return format_answer("\n".join([*lines[:-1], final]), problem.answer_format)


@settings(max_examples=80)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), data=st.data())
def test_edited_string_answers_fail(seed, difficulty, data):
    problem = _task(SC).generate(seed=seed, difficulty=difficulty)
    wrong = _edit(problem.answer, data)
    verdict = rlvr_envs.verify(problem, _with_final(problem, wrong))
    if wrong.strip() == problem.answer:
        assert verdict.correct
    else:
        assert not verdict.correct and verdict.reward == 0.0, (problem.answer, wrong)


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), data=st.data())
def test_edited_compose_string_answers_fail(seed, difficulty, data):
    problem = _task(CO).generate(seed=seed, difficulty=difficulty)
    if problem.meta["types"][-1] != STR:
        return
    wrong = _edit(problem.answer, data)
    verdict = rlvr_envs.verify(problem, _with_final(problem, wrong))
    assert verdict.correct == (wrong.strip() == problem.answer)


HOSTILE = [
    "<answer>step 1: a\n" * 3000 + "b</answer>",
    "<answer>" + "step 99999999999: 1\n" + "1</answer>",
    "<answer>" + "[" * 5000 + "1" + "]" * 5000 + "</answer>",
    "<answer>[" + ", ".join(["9" * 50] * 150) + "]</answer>",
    "<answer>step 1: \nstep 2: \n\n</answer>",
    "<answer>\nstep 1: 9**9**9**9\n2</answer>",
    "<answer>step\u00a01: x\nabc</answer>",
    "<answer>" + "\n" * 5000 + "x</answer>",
    "<answer>step 1: " + "(" * 3000 + "</answer>",
]


@pytest.mark.parametrize("env_id", IDS)
def test_hostile_step_blocks_get_a_verdict_fast(env_id):
    problem = _task(env_id).generate(seed=2, knobs={DEPTH[env_id]: 3, "intermediates": True})
    for completion in HOSTILE:
        start = time.perf_counter()
        verdict = rlvr_envs.verify(problem, completion, timeout=1.0)
        assert time.perf_counter() - start < 3.0
        assert not verdict.correct and verdict.reward == 0.0
        assert verdict.reason in ("wrong", "partial", "unparsable", "no_answer", "timeout")


def test_parse_steps_and_lists():
    assert parse_steps("x", 1) == ({}, "x")
    assert parse_steps("step 1: a\n b ", 3) == ({1: "a"}, "b")
    assert parse_int_list("[1, -2,3]") == (1, -2, 3) and parse_int_list("4") == (4,)
    for bad in ("[1, 2", "1 2", "[]", "[1,,2]", "1, 2]"):
        assert parse_int_list(bad) is None, bad


@pytest.mark.parametrize("env_id", [SC, CO])
def test_pair_splits_draw_only_their_pairs(env_id):
    task = _task(env_id)
    for split in ("train", "heldout"):
        for seed in range(25):
            problem = task.generate(seed=seed, knobs={"depth": 4, "pair_split": split})
            for first, second in problem.meta["pairs"]:
                assert held_out_pair(first, second) == (split == "heldout")
    for difficulty in (0.0, 0.5, 1.0):  # difficulty never moves the split
        assert task.generate(seed=0, difficulty=difficulty).knobs["pair_split"] == "any"


def test_about_a_quarter_of_pairs_are_held_out_and_the_split_is_stable():
    names = [s.name for s in L.LINKS]
    pairs = list(itertools.product(names, names))
    share = sum(held_out_pair(a, b) for a, b in pairs) / len(pairs)
    assert 0.2 < share < 0.3
    assert held_out_pair("reverse", "caesar") == held_out_pair("reverse", "caesar")


def test_distractor_facts_are_counted_and_never_name_the_chain():
    task = _task(CO)
    for seed in range(30):
        problem = task.generate(seed=seed, knobs={"distractors": 4, "depth": 3})
        facts = problem.meta["facts"]
        assert len(facts) == 4
        notes = [line for line in problem.prompt.splitlines() if line.startswith("Note: ")]
        assert sorted(n[len("Note: ") : -1] for n in notes) == sorted(facts)
        for fact in facts:
            assert not any(f"x{k}" in fact.split() for k in range(7))
    assert not task.generate(seed=0, knobs={"distractors": 0}).meta["facts"]


def test_prompts_name_every_step_and_the_format():
    sc = _with(SC, depth=3)
    assert sc.prompt.count("(s) = ") >= 1 and 'Let x = "' in sc.prompt
    assert "character for character" in sc.prompt
    co = _with(CO, depth=3)
    assert all(f"Step {k}: x{k} = " in co.prompt for k in (1, 2, 3)) and "What is x3?" in co.prompt
    cm = _with(CM, horizon=3)
    assert "Problem 3:" in cm.prompt and "A2" in cm.prompt and "What is A3" in cm.prompt


def test_chained_math_templates_use_the_previous_answer_and_stay_whole():
    task = _task(CM)
    for seed in range(40):
        problem = task.generate(seed=seed, knobs={"horizon": 5, "magnitude": 1 + seed % 3})
        for k in range(2, 6):
            line = next(x for x in problem.prompt.splitlines() if x.startswith(f"Problem {k}:"))
            assert f"A{k - 1}" in line
        for value in [*problem.meta["steps"], problem.answer]:
            assert value.isdigit() and 1 <= int(value) <= 100_000


def _ops(name: str, s: str, **params) -> str:
    return STRING_OPS_BY_NAME[name].fn(s, **params)


def test_string_functions_on_worked_examples():
    assert _ops("reverse", "abC1") == "1Cba"
    assert _ops("rotate_left", "abcdef", k=2) == "cdefab"
    assert _ops("rotate_right", "abcdef", k=2) == "efabcd"
    assert _ops("caesar", "xYz9", k=3) == "aBc9"
    assert _ops("atbash", "abZ1") == "zyA1"
    assert _ops("sort_asc", "bA1a") == "1Aab" and _ops("sort_desc", "bA1a") == "baA1"
    assert _ops("dedupe", "abAab") == "abA"
    assert _ops("remove_vowels", "hEllo1") == "hll1"
    assert _ops("riffle", "abcde") == "adbec" and _ops("riffle", "abcdef") == "adbecf"
    assert _ops("swap_pairs", "abcde") == "badce"
    assert _ops("odd_positions", "abcde") == "ace"
    assert _ops("digit_complement", "a09") == "a90" and _ops("digit_increment", "a09") == "a10"
    assert _ops("next_vowel", "aUz") == "eAz"
    assert _ops("alternate_case", "abCD1e") == "AbCd1e"
    assert _ops("mirror", "ab") == "abba" and _ops("duplicate", "ab") == "abab"
    assert _ops("swap_ends", "abc") == "cba" and _ops("collapse_runs", "aabbba") == "aba"
    assert _ops("digits_to_end", "a1b2") == "ab12" and _ops("upper_to_front", "aBcD") == "BDac"
    assert _ops("reverse_blocks", "abcdefg", k=3) == "cbafedg"
    assert _ops("take_first", "abcdef", k=2) == "ab" and _ops("delete_at", "abcd", k=2) == "acd"
    assert _ops("replace_char", "abca", a="a", b="Z") == "ZbcZ"
    assert _ops("append", "ab", w="xy") == "abxy"
    assert _ops("progressive_shift", "aaZ1") == "bcC1"
    assert _ops("double_chars", "ab") == "aabb"
    assert _ops("swapcase", "aB") == "Ab" and _ops("upper", "aB1") == "AB1"


def _nx(graph: Graph) -> nx.Graph:
    g = nx.Graph()
    g.add_nodes_from(range(1, graph.n + 1))
    g.add_edges_from(graph.edges)
    return g


def test_graph_links_match_networkx():
    graphs = [
        L.CATALOG[builder].fn(x)
        for builder in ("cycle_graph", "divisibility_graph", "coprime_graph")
        for x in range(0, 12)
    ] + [L.CATALOG["bits_graph"].fn(x) for x in range(1, 1024, 37)]
    graphs += [L.CATALOG["complement"].fn(g) for g in graphs]
    for graph in graphs:
        g = _nx(graph)
        assert L.CATALOG["edges"].fn(graph) == g.number_of_edges()
        assert L.CATALOG["triangles"].fn(graph) == sum(nx.triangles(g).values()) // 3
        assert L.CATALOG["components"].fn(graph) == nx.number_connected_components(g)
        degrees = [d for _, d in g.degree()]
        assert L.CATALOG["odd_degree"].fn(graph) == sum(d % 2 for d in degrees)
        if g.number_of_edges():
            assert L.CATALOG["max_degree"].fn(graph) == max(degrees)
            diameter = max(
                nx.diameter(g.subgraph(c)) for c in nx.connected_components(g) if len(c) > 1
            )
            assert L.CATALOG["diameter"].fn(graph) == diameter
    cycle = L.CATALOG["cycle_graph"].fn(4)  # 3 + 4 mod 10 = 7 vertices
    assert nx.is_isomorphic(_nx(cycle), nx.cycle_graph(7))


def _josephus_brute(n: int, k: int) -> int:
    people, index = list(range(1, n + 1)), 0
    while len(people) > 1:
        index = (index + k - 1) % len(people)
        people.pop(index)
    return people[0]


def test_number_and_puzzle_links_match_brute_force():
    for n in range(1, 60):
        for k in (2, 3, 5):
            assert L.josephus(n, k) == _josephus_brute(n, k)
        coins = sum(1 for a in range(n + 1) for b in range(n // 2 + 1) if (n - a - 2 * b) % 5 == 0
                    and n - a - 2 * b >= 0)  # fmt: skip
        assert L.CATALOG["coins"].fn(n) == coins
        if n >= 2:
            assert L.divisor_count(n) == sum(n % d == 0 for d in range(1, n + 1))
            factors = [p for p in range(2, n + 1) if n % p == 0 and L.is_prime(p)]
            assert L.largest_prime_factor(n) == max(factors)
            assert L.totient(n) == sum(math.gcd(n, i) == 1 for i in range(1, n + 1))
            assert L.next_prime(n) == next(p for p in range(n + 1, 3 * n) if L.is_prime(p))
    tilings = [1, 1]
    for _ in range(30):
        tilings.append(tilings[-1] + tilings[-2])
    assert [L.CATALOG["dominoes"].fn(n) for n in range(1, 20)] == tilings[1:20]
    assert L.CATALOG["hanoi"].fn(5) == 31 and L.CATALOG["handshakes"].fn(10) == 45
    assert L.CATALOG["lattice_paths"].fn(2, k=2) == 6


def test_grid_links_on_worked_examples():
    blinker = L.CATALOG["bits_grid"].fn(0b0000_1110_0000_0000)
    assert blinker == ((0, 0, 0, 0), (1, 1, 1, 0), (0, 0, 0, 0), (0, 0, 0, 0))
    assert L.CATALOG["life_step"].fn(blinker) == ((0, 1, 0, 0),) * 3 + ((0, 0, 0, 0),)
    assert L.CATALOG["read_bits"].fn(blinker) == 0b0000_1110_0000_0000
    assert L.CATALOG["rotate_grid"].fn(blinker)[0] == (0, 0, 1, 0)
    assert L.CATALOG["mirror_grid"].fn(blinker)[1] == (0, 1, 1, 1)
    checker = L.CATALOG["bits_grid"].fn(0b1010_0101_1010_0101)
    assert L.CATALOG["regions"].fn(checker) == 8 and L.CATALOG["filled"].fn(checker) == 8


def test_list_rational_and_string_conversion_links():
    c = L.CATALOG
    assert c["digits"].fn(507) == (5, 0, 7) and c["divisors"].fn(12) == (1, 2, 3, 4, 6, 12)
    assert c["running_totals"].fn((1, 2, 3)) == (1, 3, 6)
    assert c["differences"].fn((1, 4, 2)) == (3, -2)
    assert c["alternating_sum"].fn((5, 1, 2)) == 6 and c["nth"].fn((4, 5, 6), k=2) == 5
    assert c["count_above"].fn((1, 5, 7), k=5) == 1
    assert c["fraction"].fn(10, k=4) == Fraction(5, 2)
    assert c["num_plus_den"].fn(Fraction(5, 2)) == 7 and c["floor"].fn(Fraction(7, 2)) == 3
    assert c["add_fraction"].fn(Fraction(1, 2), f=[1, 3]) == Fraction(5, 6)
    assert c["binary"].fn(6) == "110" and c["base"].fn(10, b=3) == "101"
    assert c["from_binary"].fn("0110") == 6 and c["digit_letters"].fn(109) == "baj"
    assert c["rotate_word"].fn(9, w="falcon") == "confal"
    assert c["letter_sum"].fn("aZ1") == 27 and c["letter_positions"].fn("Cab") == (3, 1, 2)
    for params, skill in ((None, c["divide"]), ({"k": 3}, c["divide"])):
        with pytest.raises(ValueError):
            skill.fn(10, **(params or {"k": 4}))


def test_near_misses_stay_in_type_and_differ():
    assert near_miss("str", "1011") == "0011" and near_miss("str", "aaa") == "baa"
    assert near_miss("int", 4) == 5 and near_miss("list[int]", (1, 2)) == (2, 2)
    graph = Graph.from_edges(3, [(1, 2), (2, 3)])
    assert near_miss("graph", graph) == Graph.from_edges(3, [(2, 3)])
    assert near_miss("grid", ((0, 1),)) == ((1, 1),)
