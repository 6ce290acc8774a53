"""What ``rlvr/MaximumSubarray-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/MaximumSubarray-v0"


def _ranges(a, variant, k):
    """Every allowed (i, j, value), 1-based, by brute force over all stretches."""
    n = len(a)
    out = []
    for i in range(n):
        for size in range(1, n + 1):
            if variant != "circular" and i + size > n:
                break
            if variant == "bounded" and size > k:
                break
            picked = [a[(i + t) % n] for t in range(size)]
            value = math.prod(picked) if variant == "product" else sum(picked)
            out.append((i + 1, (i + size - 1) % n + 1, value))
    return out


def _text(word, value, i, j):
    return f"{word} {value}; range {i} to {j}"


@pytest.mark.parametrize("variant", ["plain", "bounded", "circular", "product"])
def test_every_optimal_range_found_by_brute_force_scores_one(variant):
    for seed in range(12):
        problem = _gen(ENV, seed, variant=variant, length=12, magnitude=20)
        meta = problem.meta
        word = "product" if variant == "product" else "sum"
        allowed = _ranges(meta["array"], variant, meta["k"])
        best = max(v for _, _, v in allowed)
        assert meta["best"] == best
        assert _score(problem, problem.answer).reward == 1.0
        for i, j, value in allowed:
            verdict = _score(problem, _text(word, value, i, j))
            assert (verdict.reward == 1.0) == (value == best), (i, j, value, verdict)
        if variant == "circular":  # the instance needs the wrap
            assert best > max(v for i, j, v in allowed if i <= j)
        if variant == "bounded":
            assert best < max(v for _, _, v in _ranges(meta["array"], "plain", None))


def test_forbidden_ranges_and_wrong_values_fail():
    problem = _gen(ENV, 1, variant="bounded", length=14, magnitude=30)
    a, k, best = problem.meta["array"], problem.meta["k"], problem.meta["best"]
    n = len(a)
    i, j = (int(x) for x in problem.answer.split("range ")[1].split(" to "))
    longer = max(
        ((p, q, sum(a[p - 1 : q])) for p in range(1, n + 1) for q in range(p + k, n + 1)),
        key=lambda t: t[2],
    )
    assert longer[2] > best
    bad = [
        _text("sum", longer[2], longer[0], longer[1]),  # too many elements
        _text("sum", best + 1, i, j),
        _text("sum", best, j, i) if i != j else _text("sum", best, i, i + 1),
        _text("sum", best, 0, j),
        _text("sum", best, i, n + 1),
        _text("sum", sum(a), 1, n),
        f"sum {best}",
        str(best),
        "sum 0; range 1 to 1",
        "none",
        f"sum {best}; range {i} to {j} or {i} to {j + 1}",
        f"sum {best}; range {i} to {j} and more",
    ]
    for text in bad:
        assert _score(problem, text).reward == 0.0, text
    circ = _gen(ENV, 2, variant="circular", length=10, magnitude=30)
    wrapped = circ.answer
    assert _score(circ, wrapped).reward == 1.0
    plain = _gen(ENV, 2, variant="plain", length=10, magnitude=30)
    p, q = (int(x) for x in plain.answer.split("range ")[1].split(" to "))
    assert _score(plain, _text("sum", plain.meta["best"], q, p)).reward == 0.0 or p == q


def test_reasonable_spellings_score_one():
    problem = _gen(ENV, 6, variant="plain", length=12)
    best = problem.meta["best"]
    i, j = (int(x) for x in problem.answer.split("range ")[1].split(" to "))
    for text in [
        f"sum {best}; range {i} to {j}",
        f"Sum: {best}; range: {i}-{j}",
        f"maximum sum = {best}\nrange [{i}, {j}]",
        f"{best}; {i}..{j}",
        f"sum is {best}; from {i} to {j}",
        f"value {best}; indices ({i}, {j})",
        f"sum {best}; range {i} to {j}.",
    ]:
        assert _score(problem, text).reward == 1.0, text
    big = _gen(ENV, 3, variant="product", length=30)
    value = big.meta["best"]
    p, q = big.answer.split("range ")[1].split(" to ")
    assert _score(big, f"product {value:,}; range {p} to {q}").reward == 1.0


def test_hard_problems_mix_the_three_variants():
    problems = [_gen(ENV, seed, 1.0) for seed in range(40)]
    assert {p.meta["variant"] for p in problems} == {"bounded", "circular", "product"}
    assert all(len(p.meta["array"]) == 40 for p in problems)
    assert max(len(str(p.meta["best"])) for p in problems if p.meta["variant"] == "product") > 8


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.floats(0, 1), st.integers(0, 10**4))
def test_any_range_is_judged_like_brute_force(seed, difficulty, pick):
    problem = _gen(ENV, seed, difficulty)
    meta = problem.meta
    allowed = _ranges(meta["array"], meta["variant"], meta["k"])
    best = max(v for _, _, v in allowed)
    assert meta["best"] == best
    i, j, value = allowed[pick % len(allowed)]
    word = "product" if meta["variant"] == "product" else "sum"
    assert (_score(problem, _text(word, value, i, j)).reward == 1.0) == (value == best)
    assert _score(problem, _text(word, value + 1, i, j)).reward == 0.0


def test_the_optimum_follows_from_the_prompt_text_alone():
    import re

    for difficulty in (0.0, 0.2, 0.4, 0.6, 0.8, 1.0):
        for seed in range(15):
            problem = _gen(ENV, seed, difficulty)
            prompt = problem.prompt
            a = [int(x) for x in prompt.split("\n")[1].split()]
            task = prompt.split("Find ")[1].split(", and one range")[0]
            if "product" in task:
                variant = "product"
            elif "circular" in task:
                variant = "circular"
            elif m := re.search(r"at most (\d+) elements", task):
                variant = "bounded"
            else:
                variant = "plain"
            k = int(m.group(1)) if variant == "bounded" else None
            best = max(v for _, _, v in _ranges(a, variant, k))
            word = "product" if variant == "product" else "sum"
            assert problem.answer.startswith(f"{word} {best};")


def test_a_comma_before_range_scores_and_the_wrong_word_fails():
    problem = _gen(ENV, 3, variant="plain", length=10, magnitude=20)
    value, rest = problem.answer.split("; ")
    assert _score(problem, f"{value}, {rest}").reward == 1.0
    assert _score(problem, problem.answer.replace("sum", "product")).reward == 0.0
    assert _score(problem, f"{value}, 1 to 2").reward == 0.0
    product = _gen(ENV, 3, variant="product", length=10, magnitude=5)
    assert _score(product, product.answer.replace("product", "sum")).reward == 0.0
    assert _score(product, product.answer.replace("product ", "")).reward == 1.0
