"""What ``rlvr/CardProbability-v0`` must do beyond the generic family contract: every answer
equals a brute-force count over all hands (``itertools.combinations``) or all ordered draws
(``itertools.permutations``) of the deck read back from the prompt, wherever that count is
small enough to enumerate; other written forms score 1, wrong ones 0."""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.math.card_probability import CardProbability
from tests.families.math.helpers import _gen, _score

ENV = "rlvr/CardProbability-v0"
LEVELS = CardProbability.knobs["level"].choices
SUITS = ("hearts", "diamonds", "clubs", "spades")
LIMIT = 45_000


def _deck(question: str) -> list[tuple[str, str]]:
    if "standard 52-card deck" in question:
        ranks = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
        return [(r, s) for r in ranks for s in SUITS]
    listed = re.search(r"containing the ranks (.+?) in each of the four suits", question)
    if listed:
        ranks = listed.group(1).replace(" and ", ", ").split(", ")
        return [(r, s) for r in ranks for s in SUITS]
    ranks, suits = map(
        int, re.search(r"ranks 1 to (\d+) in each of (\d+) suits", question).groups()
    )
    return [(str(r), f"suit{s}") for r in range(1, ranks + 1) for s in range(suits)]


def _kind(phrase: str):
    if "spade or an ace" in phrase:
        return lambda c: c[1] == "spades" or c[0] == "A"
    if "king" in phrase:
        return lambda c: c[0] in ("K", "Q")
    if "face" in phrase:
        return lambda c: c[0] in ("J", "Q", "K")
    if "red card" in phrase:
        return lambda c: c[1] in ("hearts", "diamonds")
    if "number card" in phrase:
        return lambda c: c[0].isdigit()
    if "heart" in phrase:
        return lambda c: c[1] == "hearts"
    if "ace" in phrase:
        return lambda c: c[0] == "A"
    raise AssertionError(phrase)


def _poker(hand, name: str) -> bool:
    shape = sorted(Counter(r for r, _ in hand).values(), reverse=True)
    if name.startswith("four of a kind"):
        return shape == [4, 1]
    if name.startswith("a full house"):
        return shape == [3, 2]
    if name.startswith("a flush"):
        return len({s for _, s in hand}) == 1
    if name.startswith("exactly three of a kind"):
        return shape == [3, 1, 1]
    if name.startswith("two pair"):
        return shape == [2, 2, 1]
    if name.startswith("exactly one pair"):
        return shape == [2, 1, 1, 1]
    raise AssertionError(name)


def _hand_event(text: str):
    nums = [int(x) for x in re.findall(r"\d+", text)]
    if text.startswith("the hand is "):
        return lambda h: _poker(h, text[len("the hand is ") :])
    if "same colour" in text:
        return lambda h: len({s in ("hearts", "diamonds") for _, s in h}) == 1
    if "same suit" in text:
        return lambda h: len({s for _, s in h}) == 1
    if "of the cards in the hand are red" in text:
        return lambda h: sum(s in ("hearts", "diamonds") for _, s in h) == nums[0]
    if "every suit" in text:
        return lambda h: len({s for _, s in h}) == 4
    if "different suits" in text:
        return lambda h: len({s for _, s in h}) == nums[0]
    if "heart" in text and "spade" in text and "exactly" in text:
        i, j = nums[:2]
        return lambda h: (
            (sum(s == "hearts" for _, s in h), sum(s == "spades" for _, s in h))
            == (
                i,
                j,
            )
        )
    if "at least one card that is" in text:
        kind = _kind(text.split("that is ", 1)[1])
        return lambda h: any(kind(c) for c in h)
    if "contains exactly" in text:
        kind = _kind(text.split(f"exactly {nums[0]} ", 1)[1])
        return lambda h: sum(kind(c) for c in h) == nums[0]
    if "contains at most" in text:
        kind = _kind(text.split(f"at most {nums[0]} ", 1)[1])
        return lambda h: sum(kind(c) for c in h) <= nums[0]
    raise AssertionError(text)


def brute_force(question: str) -> Fraction | None:
    """The probability by enumeration, or None where there are too many cases."""
    deck = _deck(question)
    n = len(deck)
    asked = question.split("probability that ", 1)[1].rstrip("?")
    if "hand" in question.split("What is", 1)[0] and "drawn one at a time" not in question:
        size = 5 if "five-card" in question else int(re.search(r"hand of (\d+)", question)[1])
        if math.comb(n, size) > LIMIT:
            return None
        event = _hand_event(asked if asked.startswith("the hand is") else asked.split("hand ")[-1]
                            if asked.startswith("the hand contains") else asked)  # fmt: skip
        hands = list(itertools.combinations(deck, size))
        return Fraction(sum(1 for h in hands if event(h)), len(hands))
    first = re.search(r"the first card that is (.+?) appears at the (\d+)\w\w draw", asked)
    if first:
        kind, k = _kind(first.group(1)), int(first.group(2))
        if math.perm(n, k) > LIMIT:
            return None
        rows = list(itertools.permutations(deck, k))
        hits = sum(1 for r in rows if kind(r[-1]) and not any(kind(c) for c in r[:-1]))
        return Fraction(hits, len(rows))
    distinct = re.search(r"the first (\d+) cards have", asked)
    if distinct:
        k = int(distinct.group(1))
        if math.perm(n, k) > LIMIT:
            return None
        rows = list(itertools.permutations(deck, k))
        hits = sum(
            1
            for r in rows
            if len({c[0] for c in r}) == k and int(r[-1][0]) == max(int(c[0]) for c in r)
        )
        return Fraction(hits, len(rows))
    parts = re.findall(r"the \d\w\w card is (.+?)(?:, | and (?=the \d)|$)", asked)
    kinds = [_kind(p) for p in parts]
    if math.perm(n, len(kinds)) > LIMIT:
        return None
    rows = list(itertools.permutations(deck, len(kinds)))
    hits = sum(1 for r in rows if all(k(c) for k, c in zip(kinds, r)))
    return Fraction(hits, len(rows))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), level=st.sampled_from(LEVELS), cards=st.integers(2, 3))
def test_answers_match_enumeration_where_it_is_small(seed, level, cards):
    problem = _gen(ENV, seed, level=level, cards=cards)
    expected = brute_force(problem.meta["question"])
    if expected is not None:
        assert Fraction(problem.answer) == expected, problem.meta["question"]


def test_every_template_is_checked_by_enumeration():
    checked = Counter()
    for seed in range(300):
        level = LEVELS[seed % len(LEVELS)]
        problem = _gen(ENV, seed, level=level, cards=2 + seed % 2)
        expected = brute_force(problem.meta["question"])
        if expected is not None:
            assert Fraction(problem.answer) == expected, problem.meta["question"]
            checked[problem.meta["template"]] += 1
    templates = {t.__name__.lstrip("_") for g in CardProbability.levels.values() for t in g}
    assert set(checked) == templates, checked


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_other_forms_score_one_and_wrong_ones_zero(seed, difficulty):
    problem = rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty)
    value = Fraction(problem.answer)
    assert _score(problem, rf"\frac{{{value.numerator}}}{{{value.denominator}}}").reward == 1.0
    assert _score(problem, f"{value.numerator}/{value.denominator}").reward == 1.0
    assert _score(problem, f"{2 * value.numerator}/{2 * value.denominator}").reward == 0.0
    assert _score(problem, str(float(value))).reward == 0.0
    assert _score(problem, str(value * Fraction(7, 8))).reward == 0.0
    assert _score(problem, f"{value.numerator}/{value.denominator + 1}").reward == 0.0


def test_poker_counts_match_the_standard_deck_table():
    from rlvr_envs.families.math.card_probability import poker_counts

    counts = poker_counts(13, 4)
    assert counts["four of a kind"] == 624
    assert counts["a full house (three of one rank and two of another)"] == 3744
    flush = "a flush (all five cards of the same suit; straight flushes count too)"
    assert counts[flush] == 5148  # the prompt says straight flushes count
    assert sum(v for k, v in counts.items() if k.startswith("exactly three")) == 54912
    assert sum(v for k, v in counts.items() if k.startswith("two pair")) == 123552
    assert sum(v for k, v in counts.items() if k.startswith("exactly one pair")) == 1098240


def test_counted_kinds_have_one_reading():
    """ "exactly 1 king or a queen" also reads "exactly one king, or a queen", and "exactly 2
    kings or queens" "exactly 2 kings or exactly 2 queens": compound kinds are counted as
    "cards that are ...", and one card is singular ("at most 1 ace", not "1 aces")."""
    seen = set()
    for seed in range(600):
        problem = _gen(ENV, seed, level="hands", cards=2 + seed % 5)
        asked = re.search(r"contains (exactly|at most) (\d+) (.+)\?$", problem.meta["question"])
        if not asked:
            continue
        count, phrase = int(asked.group(2)), asked.group(3)
        if " or " in phrase and "(" not in phrase:
            assert phrase.startswith("card that is a" if count == 1 else "cards that are a"), phrase
        if count == 1:
            assert not re.match(r"(aces|hearts|face cards|red cards|number cards|cards)\b", phrase)
        seen.add((count == 1, phrase.split()[0]))
    assert (True, "card") in seen and (False, "cards") in seen, seen


def test_flush_prompt_says_straight_flushes_count():
    """The poker tables' "flush" leaves out straight flushes (5108 hands); the answer counts
    every same-suit hand (5148), so the prompt must say so."""
    for seed in range(400):
        problem = _gen(ENV, seed, level="poker", cards=5)
        if "flush" in problem.meta["question"]:
            assert "straight flushes count too" in problem.meta["question"]
            return
    raise AssertionError("no flush question drawn")
