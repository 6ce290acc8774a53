"""What is specific to the logic families beyond the generic family contract.

For every family with several right answers: answers computed independently of the
generator (another solver, another search order, brute force) score 1, and perturbed oracle
answers score exactly as an independent re-check of the puzzle's rules says (so broken ones
fail). For the families whose answer is unique (Sudoku, zebra, cryptarithms, knights and
knaves, nonograms), uniqueness is re-proved here by a different method than the generator's.
Nothing here imports the families' own solvers: each check is written from the puzzle's rules.
"""

from __future__ import annotations

import ast
import itertools
import json
import operator
import subprocess
import sys
from collections import deque
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from pysat.solvers import Solver

import rlvr_envs
from rlvr_envs.registry import format_answer

PERTURB = settings(max_examples=40, deadline=None)
SEED = st.integers(0, 10**6)
DIFFICULTY = st.floats(0, 1)
LOGIC_IDS = rlvr_envs.list_envs(domain="logic", mixtures=False)


def _gen(env_id: str, seed: int, difficulty: float | None = None, **knobs):
    task = rlvr_envs.make_task(env_id)
    return task.generate(seed=seed, difficulty=difficulty, knobs=knobs or None)


def _score(problem, answer: str):
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format))


def test_the_mixture_holds_every_logic_family_and_is_frozen():
    from rlvr_envs.families.logic import LOGIC_V0

    assert len(LOGIC_IDS) >= 12
    assert sorted(LOGIC_V0) == LOGIC_IDS
    task = rlvr_envs.make_task("rlvr/Logic-v0")
    seen = {task.generate(seed=s).family for s in range(300)}
    assert seen == {rlvr_envs.make_task(i).family.name for i in LOGIC_IDS}


# -- Sudoku ------------------------------------------------------------------------------
def _sudoku_models(puzzle: list[str], limit: int = 2) -> list[list[list[int]]]:
    """Solutions by Glucose 3 on the minimal encoding (cells at least one digit, groups at
    most one), enumerated with blocking clauses: another solver and another encoding than
    the generator's."""
    n = len(puzzle)
    bh, bw = {4: (2, 2), 6: (2, 3), 9: (3, 3)}[n]

    def var(r: int, c: int, d: int) -> int:
        return (r * n + c) * n + d

    groups = [[(r, c) for c in range(n)] for r in range(n)]
    groups += [[(r, c) for r in range(n)] for c in range(n)]
    groups += [
        [(br + i, bc + j) for i in range(bh) for j in range(bw)]
        for br in range(0, n, bh)
        for bc in range(0, n, bw)
    ]
    clauses = [[var(r, c, d) for d in range(1, n + 1)] for r in range(n) for c in range(n)]
    for group in groups:
        for d in range(1, n + 1):
            for (r1, c1), (r2, c2) in itertools.combinations(group, 2):
                clauses.append([-var(r1, c1, d), -var(r2, c2, d)])
    for r, row in enumerate(puzzle):
        for c, char in enumerate(row):
            if char != ".":
                clauses.append([var(r, c, int(char))])
    found = []
    with Solver(name="glucose3", bootstrap_with=clauses) as solver:
        while len(found) < limit and solver.solve():
            model = {lit for lit in solver.get_model() if lit > 0}
            grid = [
                [next(d for d in range(1, n + 1) if var(r, c, d) in model) for c in range(n)]
                for r in range(n)
            ]
            found.append(grid)
            solver.add_clause([-var(r, c, grid[r][c]) for r in range(n) for c in range(n)])
    return found


@pytest.mark.parametrize("size", [4, 6, 9])
def test_sudoku_puzzles_have_exactly_one_solution(size):
    for seed, clues in itertools.product(range(6), (0.2, 0.5)):
        problem = _gen("rlvr/Sudoku-v0", seed, size=size, clues=clues)
        solutions = _sudoku_models(problem.meta["puzzle"])
        assert len(solutions) == 1
        assert "\n".join("".join(map(str, row)) for row in solutions[0]) == problem.answer


def test_sudoku_clue_counts_follow_the_knob_until_uniqueness_stops_them():
    for clues in (0.4, 0.6, 0.8):
        problem = _gen("rlvr/Sudoku-v0", 3, size=9, clues=clues)
        given = sum(ch != "." for row in problem.meta["puzzle"] for ch in row)
        assert given == round(clues * 81)
    hardest = _gen("rlvr/Sudoku-v0", 3, size=9, clues=0.2)
    assert 17 <= sum(ch != "." for row in hardest.meta["puzzle"] for ch in row) <= 30


def test_sudoku_accepts_spaced_and_boxed_grids_and_rejects_broken_ones():
    problem = _gen("rlvr/Sudoku-v0", 1, size=4)
    rows = problem.answer.split("\n")
    boxed = "\n".join(f"{r[0]} {r[1]} | {r[2]} {r[3]}" for r in rows[:2])
    boxed += "\n----+----\n" + "\n".join(f"{r[0]} {r[1]} | {r[2]} {r[3]}" for r in rows[2:])
    assert _score(problem, boxed).reward == 1.0
    assert _score(problem, " / ".join(rows)).reward == 1.0
    assert _score(problem, "".join(rows)).reward == 1.0
    assert _score(problem, "\n".join(",".join(row) for row in rows)).reward == 1.0
    swapped = [rows[0][1] + rows[0][0] + rows[0][2:], *rows[1:]]  # row still valid
    assert _score(problem, "\n".join(swapped)).reward == 0.0
    assert _score(problem, "\n".join(rows[:3])).reason == "unparsable"
    assert _score(problem, problem.answer.replace("1", "x")).reason == "unparsable"


# -- zebra puzzles -----------------------------------------------------------------------
def _zebra_holds(clue: list, where: dict[tuple[int, int], int]) -> bool:
    """A clue's meaning, written from the prompt's wording (houses numbered left to right)."""
    x = where[(clue[1], clue[2])]
    if clue[0] in ("at", "not_at"):
        return (x == clue[3]) == (clue[0] == "at")
    y = where[(clue[3], clue[4])]
    return {
        "same": x == y,
        "not_same": x != y,
        "next_to": abs(x - y) == 1,
        "left": x + 1 == y,
        "before": x < y,
    }[clue[0]]


def _zebra_solutions(meta: dict) -> list[dict[tuple[int, int], int]]:
    houses, count = meta["houses"], len(meta["attributes"])
    found = []
    for perms in itertools.product(itertools.permutations(range(houses)), repeat=count):
        where = {(a, v): perms[a][v] for a in range(count) for v in range(houses)}
        if all(_zebra_holds(clue, where) for clue in meta["clues"]):
            found.append(where)
    return found


def test_zebra_puzzles_have_exactly_one_solution_by_brute_force():
    for seed, kinds in itertools.product(range(4), ("same_house", "neighbours", "all")):
        problem = _gen("rlvr/Zebra-v0", seed, houses=4, attributes=3, clue_kinds=kinds)
        solutions = _zebra_solutions(problem.meta)
        assert len(solutions) == 1
        attributes = problem.meta["attributes"]
        for line in problem.answer.split("\n"):
            house, values = line.split(": ")
            for value in values.split(", "):
                a, v = next(
                    (a, vals.index(value))
                    for a, (_, vals) in enumerate(attributes)
                    if value in vals
                )
                assert solutions[0][(a, v)] == int(house) - 1


def test_zebra_clues_are_irredundant_and_use_the_asked_kinds():
    allowed = {
        "same_house": {"same", "at"},
        "neighbours": {"same", "at", "next_to", "left"},
        "all": {"same", "at", "next_to", "left", "before", "not_same", "not_at"},
    }
    for seed, kinds in itertools.product(range(3), allowed):
        problem = _gen("rlvr/Zebra-v0", seed, houses=3, attributes=3, clue_kinds=kinds)
        clues = problem.meta["clues"]
        assert {c[0] for c in clues} <= allowed[kinds]
        for index in range(len(clues)):
            fewer = dict(problem.meta, clues=clues[:index] + clues[index + 1 :])
            assert len(_zebra_solutions(fewer)) > 1, "a clue the others imply"


def test_zebra_prompt_wording_matches_the_clue_meaning():
    problem = _gen("rlvr/Zebra-v0", 0, houses=5, attributes=4, clue_kinds="all")
    text = problem.prompt
    for clue in problem.meta["clues"]:
        words = {
            "left": "directly to the left of",
            "before": "somewhere to the left of",
            "next_to": "next to",
            "at": "lives in house",
            "not_at": "does not live in house",
        }
        if clue[0] in words:
            assert words[clue[0]] in text


def test_zebra_accepts_reordered_houses_and_values():
    problem = _gen("rlvr/Zebra-v0", 5, houses=4, attributes=4)
    lines = problem.answer.split("\n")
    shuffled = [
        f"House {line.split(': ')[0]}: " + ", ".join(reversed(line.split(": ")[1].split(", ")))
        for line in reversed(lines)
    ]
    assert _score(problem, "\n".join(shuffled)).reward == 1.0
    assert _score(problem, "; ".join(lines).upper()).reward == 1.0
    assert _score(problem, "\n".join(lines[:-1])).reason == "unparsable"


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_zebra_swapping_two_houses_values_fails(seed, difficulty, data):
    problem = _gen("rlvr/Zebra-v0", seed, difficulty)
    rows = [line.split(": ")[1].split(", ") for line in problem.answer.split("\n")]
    a = data.draw(st.integers(0, len(rows[0]) - 1))
    i, j = data.draw(st.lists(st.integers(0, len(rows) - 1), min_size=2, max_size=2, unique=True))
    rows[i][a], rows[j][a] = rows[j][a], rows[i][a]
    answer = "\n".join(f"{h}: {', '.join(vals)}" for h, vals in enumerate(rows, 1))
    assert _score(problem, answer).reward == 0.0


# -- knights and knaves --------------------------------------------------------------------
def _says(formula: list, knight: list[bool]) -> bool:
    op = formula[0]
    if op == "atom":
        return knight[formula[1]]
    if op == "not":
        return not _says(formula[1], knight)
    a, b = _says(formula[1], knight), _says(formula[2], knight)
    return {"and": a and b, "or": a or b, "imp": (not a) or b, "iff": a == b}[op]


def _roles_text(names: list[str], knight: tuple[bool, ...]) -> str:
    return ", ".join(f"{n}: {'knight' if k else 'knave'}" for n, k in zip(names, knight))


def test_knights_knaves_has_one_consistent_assignment_by_brute_force():
    for seed, difficulty in itertools.product(range(15), (0.0, 0.5, 1.0)):
        problem = _gen("rlvr/KnightsKnaves-v0", seed, difficulty)
        names, statements = problem.meta["names"], problem.meta["statements"]
        consistent = [
            knight
            for knight in itertools.product((False, True), repeat=len(names))
            if all(_says(s, list(knight)) == knight[i] for i, s in enumerate(statements))
        ]
        assert len(consistent) == 1
        assert _roles_text(names, consistent[0]) == problem.answer
        for knight in itertools.product((False, True), repeat=len(names)):
            verdict = _score(problem, _roles_text(names, knight))
            assert verdict.correct == (knight == consistent[0])


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_knights_knaves_flipping_any_roles_fails(seed, difficulty, data):
    problem = _gen("rlvr/KnightsKnaves-v0", seed, difficulty)
    names = problem.meta["names"]
    knight = [item.endswith("knight") for item in problem.answer.split(", ")]
    flips = data.draw(st.sets(st.integers(0, len(names) - 1), min_size=1))
    flipped = tuple(k != (i in flips) for i, k in enumerate(knight))
    consistent = all(
        _says(s, list(flipped)) == flipped[i] for i, s in enumerate(problem.meta["statements"])
    )
    assert not consistent  # the puzzle is unique, so any other roles break a statement
    assert _score(problem, _roles_text(names, flipped)).reward == 0.0


def test_knights_knaves_accepts_sentences_in_any_order():
    problem = _gen("rlvr/KnightsKnaves-v0", 4, people=3)
    items = problem.answer.split(", ")
    sentences = [f"{i.split(': ')[0]} is a {i.split(': ')[1]}." for i in reversed(items)]
    assert _score(problem, "\n".join(sentences)).reward == 1.0
    assert _score(problem, "; ".join(items).upper()).reward == 1.0
    assert _score(problem, ", ".join(items[:-1])).reason == "unparsable"
    assert _score(problem, problem.answer + ", " + items[0]).reason == "unparsable"


def test_knights_knaves_statements_read_in_the_speakers_voice():
    problem = _gen("rlvr/KnightsKnaves-v0", 0, people=4, depth=2)
    assert problem.prompt.count(" says: ") == 4
    for name in problem.meta["names"]:
        assert f'{name} says: "' in problem.prompt


# -- propositional entailment ------------------------------------------------------------
def test_entailment_labels_and_countermodels_match_a_truth_table():
    labels = set()
    for seed, difficulty in itertools.product(range(20), (0.0, 0.5, 1.0)):
        problem = _gen("rlvr/Entailment-v0", seed, difficulty)
        meta = problem.meta
        names = "pqrstuvw"[: meta["atoms"]]
        counter = []
        for values in itertools.product((False, True), repeat=meta["atoms"]):
            env = list(values)
            premises = all(_says(p, env) for p in meta["premises"])
            if premises and not _says(meta["conclusion"], env):
                counter.append(values)
        labels.add(not counter)
        assert problem.answer.startswith("yes") == (not counter)
        for values in itertools.product((False, True), repeat=meta["atoms"]):
            text = "no: " + ", ".join(f"{a}={int(v)}" for a, v in zip(names, values))
            assert _score(problem, text).correct == (values in counter)
        assert not _score(problem, "yes").correct  # a yes needs its premises
        assert not _score(problem, "no").correct
        for chosen in _subsets(len(meta["premises"])):
            text = "yes: " + ", ".join(f"P{i + 1}" for i in chosen)
            valid = not counter and _minimal_entailing(meta, chosen)
            assert _score(problem, text).correct == valid, (text, problem.answer)
    assert labels == {True, False}


def _subsets(n: int):
    for size in range(1, n + 1):
        yield from itertools.combinations(range(n), size)


def _entailed_by(meta, chosen) -> bool:
    """Truth-table check, independent of the family's bitmasks."""
    for values in itertools.product((False, True), repeat=meta["atoms"]):
        env = list(values)
        premises_hold = all(_says(meta["premises"][i], env) for i in chosen)
        if premises_hold and not _says(meta["conclusion"], env):
            return False
    return True


def _minimal_entailing(meta, chosen) -> bool:
    return _entailed_by(meta, chosen) and not any(
        _entailed_by(meta, [j for j in chosen if j != i]) for i in chosen
    )


def test_entailment_yes_witness_syntax():
    problem = next(
        p for s in range(80) if (p := _gen("rlvr/Entailment-v0", s)).answer.startswith("yes")
    )
    named = problem.answer.removeprefix("yes: ")
    assert _score(problem, f"Yes, {named.lower()}.").correct
    assert _score(problem, "yes: " + " ".join(reversed(named.split(", ")))).correct
    k = len(problem.meta["premises"])
    assert _score(problem, f"yes: P{k + 1}").reason == "unparsable"
    assert _score(problem, f"yes: {named}, {named.split(', ')[0]}").reason == "unparsable"


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_entailment_verdict_equals_independent_countermodel_check(seed, difficulty, data):
    problem = _gen("rlvr/Entailment-v0", seed, difficulty)
    meta = problem.meta
    values = data.draw(st.lists(st.booleans(), min_size=meta["atoms"], max_size=meta["atoms"]))
    countermodel = all(_says(p, values) for p in meta["premises"]) and not _says(
        meta["conclusion"], values
    )
    text = "no: " + ", ".join(f"{a}={int(v)}" for a, v in zip("pqrstuvw", values))
    assert _score(problem, text).correct == countermodel


def test_entailment_accepts_spelled_out_values():
    problem = next(p for s in range(50) if (p := _gen("rlvr/Entailment-v0", s)).answer[:2] == "no")
    spelled = problem.answer.replace("=1", " = true").replace("=0", " = false").upper()
    assert _score(problem, spelled.replace("NO:", "No,")).reward == 1.0
    assert _score(problem, problem.answer.rsplit(",", 1)[0]).reason == "unparsable"


# -- satisfiability ------------------------------------------------------------------------
def _satisfies(clauses: list[list[int]], values: dict[int, bool]) -> bool:
    return all(any(values[abs(lit)] == (lit > 0) for lit in clause) for clause in clauses)


def _assignment_text(values: dict[int, bool]) -> str:
    return ", ".join(f"x{v}={int(values[v])}" for v in sorted(values))


def test_satisfiability_other_models_score_one_and_unsat_is_confirmed():
    statuses = set()
    for seed in range(40):
        problem = _gen("rlvr/Satisfiability-v0", seed, variables=12, ratio=4.26)
        clauses, n = problem.meta["clauses"], problem.meta["variables"]
        with Solver(name="cadical153", bootstrap_with=clauses) as solver:
            satisfiable = solver.solve()
            statuses.add(satisfiable)
            assert satisfiable == (problem.answer != "UNSAT")
            if not satisfiable:
                assert _score(problem, "UNSAT").reward == 1.0
                every_false = {v: False for v in range(1, n + 1)}
                assert _score(problem, _assignment_text(every_false)).reward == 0.0
                continue
            assert _score(problem, "unsatisfiable").reward == 0.0
            oracle = {
                int(k[1:]): v == "1" for k, v in (i.split("=") for i in problem.answer.split(", "))
            }
            solver.add_clause([-v if oracle[v] else v for v in range(1, n + 1)])
            if solver.solve():  # another model, from another solver
                model = {abs(lit): lit > 0 for lit in solver.get_model()}
                other = {v: model.get(v, False) for v in range(1, n + 1)}
                assert other != oracle and _satisfies(clauses, other)
                assert _score(problem, _assignment_text(other)).reward == 1.0
    assert statuses == {True, False}


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, flips=st.lists(st.integers(1, 60), min_size=1))
def test_satisfiability_verdict_equals_evaluating_every_clause(seed, difficulty, flips):
    problem = _gen("rlvr/Satisfiability-v0", seed, difficulty)
    assume(problem.answer != "UNSAT")
    n = problem.meta["variables"]
    values = {int(k[1:]): v == "1" for k, v in (i.split("=") for i in problem.answer.split(", "))}
    for v in flips:
        if v <= n:
            values[v] = not values[v]
    verdict = _score(problem, _assignment_text(values))
    assert verdict.correct == _satisfies(problem.meta["clauses"], values)


def test_satisfiability_rejects_partial_and_repeated_assignments():
    problem = _gen("rlvr/Satisfiability-v0", 2, variables=5, ratio=2.0)
    items = problem.answer.split(", ")
    assert _score(problem, ", ".join(items[:-1])).reason == "unparsable"
    assert _score(problem, problem.answer + ", " + items[0]).reason == "unparsable"
    assert _score(problem, problem.answer.replace(", ", " ")).reward == 1.0


# -- Countdown -------------------------------------------------------------------------------
_AST_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul}


def _value(text: str) -> tuple[Fraction, list[int]]:
    """Exact value and numbers of an expression we wrote ourselves (tests only)."""
    numbers: list[int] = []

    def walk(node: ast.AST) -> Fraction:
        if isinstance(node, ast.Constant):
            numbers.append(node.value)
            return Fraction(node.value)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            return walk(node.left) / walk(node.right)
        assert isinstance(node, ast.BinOp)
        return _AST_OPS[type(node.op)](walk(node.left), walk(node.right))

    return walk(ast.parse(text, mode="eval").body), numbers


def _all_expressions(items: list[tuple[str, Fraction]]):
    """Every expression over all ``items`` (text, value), fully parenthesised."""
    if len(items) == 1:
        yield items[0]
        return
    for i, j in itertools.permutations(range(len(items)), 2):
        (a, x), (b, y) = items[i], items[j]
        rest = [item for k, item in enumerate(items) if k not in (i, j)]
        options = [(f"({a} + {b})", x + y), (f"({a} - {b})", x - y), (f"({a} * {b})", x * y)]
        if y:
            options.append((f"({a} / {b})", x / y))
        for option in options:
            yield from _all_expressions([*rest, option])


def test_countdown_independently_found_expressions_score_one():
    for seed in range(12):
        problem = _gen("rlvr/Countdown-v0", seed, numbers=4, largest=12)
        numbers, target = problem.meta["numbers"], problem.meta["target"]
        assert _value(problem.answer) == (target, _value(problem.answer)[1])
        assert sorted(_value(problem.answer)[1]) == numbers
        found = [
            text
            for text, value in _all_expressions([(str(n), Fraction(n)) for n in numbers])
            if value == target
        ]
        others = [t for t in found if t.replace("(", "").replace(")", "") != problem.answer]
        assert others
        for text in others[:: max(1, len(others) // 5)]:
            assert _score(problem, text).reward == 1.0, text
        assert _score(problem, f"{others[0]} = {target}").reward == 1.0


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_countdown_verdict_equals_independent_evaluation(seed, difficulty, data):
    problem = _gen("rlvr/Countdown-v0", seed, difficulty)
    tokens = problem.answer.split(" ")
    index = data.draw(st.integers(0, len(tokens) - 1))
    token = tokens[index].strip("()")
    if token.isdigit():
        new = str(data.draw(st.integers(1, 200)))
    else:
        new = data.draw(st.sampled_from("+-*/"))
    tokens[index] = tokens[index].replace(token, new) if token else tokens[index]
    text = " ".join(tokens)
    try:
        value, used = _value(text)
    except ZeroDivisionError:
        value, used = None, []
    right = value == problem.meta["target"] and sorted(used) == problem.meta["numbers"]
    assert _score(problem, text).correct == right


@pytest.mark.parametrize(
    "text, reason",
    [
        ("2 ** 3", "unparsable"),
        ("2 ^ 3", "unparsable"),
        ("-(2 - 3)", "unparsable"),
        ("(((2 + 3)", "unparsable"),
        ("2 + 3 = 6", "unparsable"),
        ("1 / (1 - 1) + 1 + 1 + 1", "wrong"),
        ("__import__('os')", "unparsable"),
    ],
)
def test_countdown_rejects_what_the_rules_forbid(text, reason):
    problem = _gen("rlvr/Countdown-v0", 0, numbers=4, largest=10)
    assert _score(problem, text).reason == reason


def test_countdown_accepts_unicode_and_latex_operators():
    problem = _gen("rlvr/Countdown-v0", 7)
    for sign, spelled in (("*", "×"), ("*", "\\times"), ("/", "÷"), ("/", "\\div")):
        assert _score(problem, problem.answer.replace(sign, spelled)).reward == 1.0


# -- cryptarithms ----------------------------------------------------------------------------
def test_cryptarithms_have_one_solution_by_brute_force():
    for seed, difficulty in itertools.product(range(10), (0.0, 0.4)):
        problem = _gen("rlvr/Cryptarithm-v0", seed, difficulty)
        words, hints = problem.meta["words"], problem.meta["hints"]
        letters = sorted(set("".join(words)) - set(hints))
        free = [d for d in range(10) if d not in hints.values()]
        solutions = []
        for digits in itertools.permutations(free, len(letters)):
            value = {**hints, **dict(zip(letters, digits))}
            if any(value[w[0]] == 0 for w in words if len(w) > 1):
                continue
            numbers = [int("".join(str(value[ch]) for ch in w)) for w in words]
            if sum(numbers[:-1]) == numbers[-1]:
                solutions.append(value)
        assert len(solutions) == 1
        expected = ", ".join(f"{k}={solutions[0][k]}" for k in sorted(solutions[0]))
        assert expected == problem.answer
        assert _score(problem, expected.lower().replace(", ", "; ")).reward == 1.0


# -- Tower of Hanoi --------------------------------------------------------------------------
def _hanoi_bfs(pegs: list[int], target: int) -> list[tuple[int, int]]:
    """A shortest move list to "all on the target" by breadth-first search over
    configurations, trying moves in reverse order (another path than the generator's)."""
    start, goal = tuple(pegs), tuple([target] * len(pegs))
    parent = {start: None}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if state == goal:
            break
        tops = {}
        for disk in range(len(state) - 1, -1, -1):
            tops[state[disk]] = disk  # smallest disk on each peg wins
        for a, b in reversed(list(itertools.permutations(range(3), 2))):
            if a in tops and (b not in tops or tops[b] > tops[a]):
                nxt = list(state)
                nxt[tops[a]] = b
                nxt = tuple(nxt)
                if nxt not in parent:
                    parent[nxt] = (state, (a, b))
                    queue.append(nxt)
    moves, state = [], goal
    while parent[state] is not None:
        state, move = parent[state]
        moves.append(move)
    return moves[::-1]


def _hanoi_valid(pegs: list[int], target: int, moves: list[tuple[int, int]]) -> bool:
    stacks = [[d for d in range(len(pegs), 0, -1) if pegs[d - 1] == p] for p in range(3)]
    for a, b in moves:
        if a == b or not stacks[a] or (stacks[b] and stacks[b][-1] < stacks[a][-1]):
            return False
        stacks[b].append(stacks[a].pop())
    return len(stacks[target]) == len(pegs)


def _moves_text(moves: list[tuple[int, int]]) -> str:
    return ", ".join(f"{'ABC'[a]}->{'ABC'[b]}" for a, b in moves)


def test_hanoi_breadth_first_solutions_score_one_and_minimum_is_right():
    targets = set()
    for seed, start, disks in itertools.product(range(6), ("tower", "scattered"), (1, 3, 5)):
        problem = _gen("rlvr/TowerOfHanoi-v0", seed, disks=disks, start=start)
        targets.add(problem.meta["target"])
        assert f"onto peg {'ABC'[problem.meta['target']]} " in problem.prompt
        moves = _hanoi_bfs(problem.meta["pegs"], problem.meta["target"])
        assert len(moves) == problem.meta["optimal"]
        assert _score(problem, _moves_text(moves)).reward == 1.0
        spelled = " ".join(f"{'abc'[a]} to {'abc'[b]}" for a, b in moves)
        assert _score(problem, spelled).reward == 1.0
    assert targets == {0, 1, 2}


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_hanoi_verdict_equals_independent_replay(seed, difficulty, data):
    problem = _gen("rlvr/TowerOfHanoi-v0", seed, difficulty)
    moves = [("ABC".index(m[0]), "ABC".index(m[-1])) for m in problem.answer.split(", ")]
    kind = data.draw(st.sampled_from(["swap", "drop", "change", "detour"]))
    i = data.draw(st.integers(0, len(moves) - 1))
    if kind == "swap" and len(moves) > 1:
        j = data.draw(st.integers(0, len(moves) - 1))
        moves[i], moves[j] = moves[j], moves[i]
    elif kind == "drop":
        del moves[i]
    elif kind == "change":
        moves[i] = (moves[i][0], 3 - moves[i][0] - moves[i][1])
    else:  # a legal detour: move a disk away and back
        a, b = moves[i]
        moves[i : i + 1] = [(a, 3 - a - b), (3 - a - b, b)]
    verdict = _score(problem, _moves_text(moves))
    valid = _hanoi_valid(problem.meta["pegs"], problem.meta["target"], moves)
    right = valid and len(moves) == problem.meta["optimal"]
    assert verdict.correct == right
    if valid and not right:
        assert verdict.reason == "partial" and 0 < verdict.score < 1


# -- N-queens ----------------------------------------------------------------------------------
def _queen_completions(n: int, given: dict[int, int]) -> list[list[int]]:
    """Every completion, by backtracking over the columns from the right."""
    found = []

    def place(row: int, columns: list[int]) -> None:
        if row == n:
            found.append(list(columns))
            return
        options = [given[row]] if row in given else range(n - 1, -1, -1)
        for c in options:
            if all(c != d and abs(c - d) != row - r for r, d in enumerate(columns)):
                place(row + 1, [*columns, c])

    place(0, [])
    return found


def test_n_queens_every_completion_scores_one():
    for seed, size in itertools.product(range(5), (4, 6, 8)):
        problem = _gen("rlvr/NQueens-v0", seed, size=size, placed=0.25)
        given = {int(r): c for r, c in problem.meta["given"].items()}
        completions = _queen_completions(size, given)
        assert completions
        for columns in completions[:20]:
            assert _score(problem, " ".join(str(c + 1) for c in columns)).reward == 1.0
        assert _score(problem, ",".join(str(c + 1) for c in completions[-1])).reward == 1.0


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_n_queens_verdict_equals_independent_check(seed, difficulty, data):
    problem = _gen("rlvr/NQueens-v0", seed, difficulty)
    n = problem.meta["size"]
    columns = [int(c) - 1 for c in problem.answer.split()]
    i = data.draw(st.integers(0, n - 1))
    columns[i] = data.draw(st.integers(0, n - 1))
    if data.draw(st.booleans()):
        j = data.draw(st.integers(0, n - 1))
        columns[i], columns[j] = columns[j], columns[i]
    attacks = any(
        a == b or abs(a - b) == abs(r - s)
        for (r, a), (s, b) in itertools.combinations(enumerate(columns), 2)
    )
    kept = all(columns[int(r)] == c for r, c in problem.meta["given"].items())
    verdict = _score(problem, " ".join(str(c + 1) for c in columns))
    assert verdict.correct == (not attacks and kept)


# -- Lights Out --------------------------------------------------------------------------------
def _press(n: int, state: int, cells) -> int:
    for r, c in cells:
        for dr, dc in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= r + dr < n and 0 <= c + dc < n:
                state ^= 1 << ((r + dr) * n + c + dc)
    return state


def _chase(n: int, state: int) -> list[list[tuple[int, int]]]:
    """Every solution by light chasing: try each first-row press set, then each row's
    presses are forced by the lights left on in the row above."""
    found = []
    for first in itertools.product((0, 1), repeat=n):
        presses = [(0, c) for c in range(n) if first[c]]
        current = _press(n, state, presses)
        for r in range(1, n):
            row = [(r, c) for c in range(n) if current >> ((r - 1) * n + c) & 1]
            presses += row
            current = _press(n, current, row)
        if current == 0:
            found.append(presses)
    return found


def test_lights_out_every_solution_scores_one():
    counts = set()
    for seed, size in itertools.product(range(4), (3, 4, 5)):
        problem = _gen("rlvr/LightsOut-v0", seed, size=size)
        solutions = _chase(size, problem.meta["state"])
        counts.add(len(solutions))
        assert min(len(s) for s in solutions) == problem.meta["fewest"]
        for presses in solutions:
            text = ", ".join(f"({r + 1}, {c + 1})" for r, c in reversed(presses))
            assert _score(problem, text).reward == 1.0
    assert max(counts) > 1  # 4x4 and 5x5 boards have several solutions


@PERTURB
@given(
    seed=SEED,
    difficulty=DIFFICULTY,
    extra=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), min_size=1, max_size=4),
)
def test_lights_out_verdict_equals_independent_replay(seed, difficulty, extra):
    problem = _gen("rlvr/LightsOut-v0", seed, difficulty)
    n = problem.meta["size"]
    presses = [tuple(int(x) - 1 for x in p.strip("()").split(",")) for p in problem.answer.split()]
    presses += [(r % n, c % n) for r, c in extra]
    verdict = _score(problem, " ".join(f"({r + 1},{c + 1})" for r, c in presses))
    assert verdict.correct == (_press(n, problem.meta["state"], presses) == 0)


# -- mazes ---------------------------------------------------------------------------------------
_STEP = {"D": (1, 0), "R": (0, 1), "U": (-1, 0), "L": (0, -1)}


def _maze_walk(grid: list[str], start: list[int], moves: str) -> list[int] | None:
    r, c = start
    for move in moves:
        r, c = r + _STEP[move][0], c + _STEP[move][1]
        if not (0 <= r < len(grid) and 0 <= c < len(grid)) or grid[r][c] == "#":
            return None
    return [r, c]


def _maze_paths(grid: list[str], start: list[int], goal: list[int]) -> list[str]:
    """Every shortest path, by breadth-first layers from the start in D, R, U, L order."""
    dist = {tuple(start): 0}
    queue = deque([tuple(start)])
    while queue:
        r, c = queue.popleft()
        for dr, dc in _STEP.values():
            nxt = (r + dr, c + dc)
            if (
                0 <= nxt[0] < len(grid)
                and 0 <= nxt[1] < len(grid)
                and grid[nxt[0]][nxt[1]] != "#"
                and nxt not in dist
            ):
                dist[nxt] = dist[(r, c)] + 1
                queue.append(nxt)
    paths = [("", tuple(start))]
    for _ in range(dist[tuple(goal)]):
        paths = [
            (p + m, (r + dr, c + dc))
            for p, (r, c) in paths
            for m, (dr, dc) in _STEP.items()
            if dist.get((r + dr, c + dc)) == dist[(r, c)] + 1
        ][:200]
    return [p for p, cell in paths if list(cell) == goal]


def test_maze_other_shortest_paths_score_one():
    several = 0
    for seed in range(15):
        problem = _gen("rlvr/Maze-v0", seed)
        meta = problem.meta
        paths = _maze_paths(meta["grid"], meta["start"], meta["goal"])
        assert paths and all(len(p) == meta["shortest"] for p in paths)
        several += len(paths) > 1
        for path in paths[:10]:
            assert _score(problem, ", ".join(path)).reward == 1.0
        words = {"U": "up", "D": "down", "L": "left", "R": "right"}
        assert _score(problem, " ".join(words[m] for m in paths[-1])).reward == 1.0
    assert several > 5


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_maze_verdict_equals_independent_walk(seed, difficulty, data):
    problem = _gen("rlvr/Maze-v0", seed, difficulty)
    meta = problem.meta
    moves = list(problem.answer)
    i = data.draw(st.integers(0, len(moves) - 1))
    kind = data.draw(st.sampled_from(["change", "drop", "detour"]))
    if kind == "change":
        moves[i] = data.draw(st.sampled_from("UDLR"))
    elif kind == "drop":
        del moves[i]
    else:
        moves[i:i] = data.draw(st.sampled_from([["U", "D"], ["L", "R"], ["D", "U"]]))
    path = "".join(moves)
    end = _maze_walk(meta["grid"], meta["start"], path)
    verdict = _score(problem, path)
    assert verdict.correct == (end == meta["goal"] and len(path) == meta["shortest"])
    if end == meta["goal"] and len(path) > meta["shortest"]:
        assert verdict.reason == "partial"


# -- nonograms -------------------------------------------------------------------------------
def _runs(line) -> list[int]:
    text = "".join("#" if v else "." for v in line)
    return [len(run) for run in text.split(".") if run] or [0]


def test_nonograms_are_unique_by_brute_force_and_any_fitting_grid_scores_one():
    for seed, size in [*itertools.product(range(5), (2, 3)), (0, 4), (1, 4)]:
        problem = _gen("rlvr/Nonogram-v0", seed, size=size)
        rows, cols = problem.meta["rows"], problem.meta["cols"]
        fitting = []
        for cells in itertools.product((0, 1), repeat=size * size):
            grid = [cells[r * size : (r + 1) * size] for r in range(size)]
            if [_runs(r) for r in grid] == rows and [_runs(c) for c in zip(*grid)] == cols:
                fitting.append(grid)
        assert len(fitting) == 1 or not problem.meta["unique"]
        for grid in fitting:
            text = "\n".join(" ".join("1" if v else "0" for v in row) for row in grid)
            assert _score(problem, text).reward == 1.0


def test_nonograms_accept_every_grid_that_fits_an_ambiguous_clue_set():
    problem = _gen("rlvr/Nonogram-v0", 0, size=2)
    problem.meta.update(rows=[[1], [1]], cols=[[1], [1]], unique=False)  # two diagonals
    assert _score(problem, "#.\n.#").reward == 1.0
    assert _score(problem, ".#\n#.").reward == 1.0
    assert _score(problem, "##\n..").reward == 0.0


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_nonogram_verdict_equals_independent_clue_check(seed, difficulty, data):
    problem = _gen("rlvr/Nonogram-v0", seed, difficulty)
    grid = [[ch == "#" for ch in row] for row in problem.answer.split("\n")]
    n = len(grid)
    for _ in range(data.draw(st.integers(1, 3))):
        r, c = data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, n - 1))
        grid[r][c] = not grid[r][c]
    fits = [_runs(r) for r in grid] == problem.meta["rows"] and [
        _runs(c) for c in zip(*grid)
    ] == problem.meta["cols"]
    text = "\n".join("".join("#" if v else "." for v in row) for row in grid)
    assert _score(problem, text).correct == fits


# -- all families -------------------------------------------------------------------------------
def test_verification_never_needs_pysat():
    """pysat generates puzzles; scoring them must work where it is missing."""
    problems = [
        _gen(env_id, 3).to_dict()
        for env_id in ("rlvr/Sudoku-v0", "rlvr/Zebra-v0", "rlvr/Satisfiability-v0")
    ]
    script = (
        "import json, sys; sys.modules['pysat'] = None; import rlvr_envs; "
        "problems = json.loads(sys.argv[1]); "
        "print(all(rlvr_envs.verify(p, rlvr_envs.oracle_completion(p)).correct for p in problems))"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, json.dumps(problems)],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).parents[2],
    )
    assert result.stdout.strip() == "True"


ANSWER_ALPHABET = (
    "0123456789 ,;:=()[]\n#.-+*/>xXABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz|"
)


@pytest.mark.parametrize("env_id", LOGIC_IDS)
@settings(max_examples=60, deadline=None)
@given(text=st.text(alphabet=ANSWER_ALPHABET, max_size=300), cut=st.integers(0, 400))
def test_garbled_answers_never_break_the_verifier(env_id, text, cut):
    problem = _gen(env_id, 1)
    for answer in (text, problem.answer[:cut] + text, problem.answer + text):
        verdict = _score(problem, answer)
        assert verdict.reason in ("ok", "wrong", "partial", "unparsable", "no_answer")


@pytest.mark.parametrize("env_id", LOGIC_IDS)
def test_meta_is_plain_json_and_answers_within_the_cap(env_id):
    for difficulty in (0.0, 1.0):
        problem = _gen(env_id, 11, difficulty)
        assert rlvr_envs.Problem.from_dict(problem.to_dict()) == problem
        assert len(problem.answer) <= rlvr_envs.make_task(env_id).family.max_answer_chars
        assert not _score(problem, "").correct


@pytest.mark.parametrize("env_id", LOGIC_IDS)
def test_largest_knob_values_generate_quickly(env_id):
    task = rlvr_envs.make_task(env_id)
    hardest = {}
    for name, knob in task.knob_space.items():
        if knob.type in ("int", "float"):
            hardest[name] = knob.high if knob.hard >= knob.easy else knob.low
        else:
            hardest[name] = knob.choices[-1]
    problem = task.generate(seed=0, knobs=hardest)
    assert rlvr_envs.verify(problem, rlvr_envs.oracle_completion(problem)).reward == 1.0
