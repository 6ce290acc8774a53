"""Difficulty cards: the Wilson interval, the monotone fit, the threshold rule, JSON and plots."""

from __future__ import annotations

import itertools
import json
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rlvr_envs.calibration.cards import (
    EASIER,
    HARDER,
    IN_RANGE,
    NO_DATA,
    DifficultyCard,
    fit_monotone,
    load_cards,
    plot_cards,
    save_cards,
    wilson_interval,
)

# -- the Wilson score interval -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("passes", "n", "low", "high"),
    [  # Newcombe, Statistics in Medicine 17 (1998), Table II, method 3 (Wilson score)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (29, 29, 0.8830, 1.0),
    ],
)
def test_wilson_interval_matches_published_values(passes, n, low, high):
    got = wilson_interval(passes, n)
    assert got == pytest.approx((low, high), abs=5e-5)


@given(st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_contains_the_rate_and_stays_in_the_unit_interval(case):
    passes, n = case
    low, high = wilson_interval(passes, n)
    assert 0.0 <= low <= passes / n <= high <= 1.0
    assert low < high


@given(st.integers(1, 200).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_shrinks_with_more_samples_at_the_same_rate(case):
    passes, n = case
    low, high = wilson_interval(passes, n)
    low4, high4 = wilson_interval(4 * passes, 4 * n)
    assert high4 - low4 < high - low


def test_wilson_interval_widens_with_confidence():
    narrow = wilson_interval(7, 20, confidence=0.8)
    wide = wilson_interval(7, 20, confidence=0.99)
    assert wide[0] < narrow[0] and wide[1] > narrow[1]


@pytest.mark.parametrize(
    ("passes", "n", "confidence", "match"),
    [(0, 0, 0.95, "n >= 1"), (5, 4, 0.95, r"\[0, n\]"), (-1, 4, 0.95, r"\[0, n\]"),
     (1, 4, 1.0, "confidence")],
)  # fmt: skip
def test_wilson_interval_rejects_bad_input(passes, n, confidence, match):
    with pytest.raises(ValueError, match=match):
        wilson_interval(passes, n, confidence)


# -- the monotone fit --------------------------------------------------------------------------

rates_and_weights = st.integers(1, 8).flatmap(
    lambda m: st.tuples(
        st.lists(st.floats(0, 1, allow_nan=False), min_size=m, max_size=m),
        st.lists(st.integers(1, 50), min_size=m, max_size=m),
    )
)


def minimax_fit(y: list[float], w: list[float]) -> list[float]:
    """The non-increasing isotonic fit by its closed form (Barlow et al. 1972, Thm 1.4.4,
    for the reversed order): ``x_i = min_{j <= i} max_{k >= i} Av(j..k)``; no pooling."""
    m = len(y)

    def av(j: int, k: int) -> float:
        return sum(w[t] * y[t] for t in range(j, k + 1)) / sum(w[j : k + 1])

    return [min(max(av(j, k) for k in range(i, m)) for j in range(i + 1)) for i in range(m)]


@given(rates_and_weights)
def test_monotone_fit_is_non_increasing_and_keeps_the_weighted_mean(case):
    y, w = case
    x = fit_monotone(y, w)
    assert all(a >= b - 1e-12 for a, b in itertools.pairwise(x))
    assert sum(wi * xi for wi, xi in zip(w, x)) == pytest.approx(
        sum(wi * yi for wi, yi in zip(w, y)), abs=1e-9
    )


@given(rates_and_weights)
def test_monotone_fit_equals_the_closed_form_projection(case):
    y, w = case
    assert fit_monotone(y, w) == pytest.approx(minimax_fit(y, w), abs=1e-9)


@given(rates_and_weights, st.lists(st.floats(0, 1), min_size=8, max_size=8))
def test_monotone_fit_is_the_weighted_least_squares_projection(case, other):
    """KKT: partial sums of w (y - x) are <= 0 and vanish at the end; and no non-increasing
    sequence is closer to y in the weighted norm."""
    y, w = case
    x = np.asarray(fit_monotone(y, w))
    residual = np.cumsum(np.asarray(w) * (np.asarray(y) - x))
    assert (residual <= 1e-9).all() and abs(residual[-1]) < 1e-9
    candidate = np.sort(np.asarray(other[: len(y)]))[::-1]
    cost = lambda z: float(np.sum(np.asarray(w) * (z - np.asarray(y)) ** 2))  # noqa: E731
    assert cost(x) <= cost(candidate) + 1e-9


def test_monotone_fit_pools_violators_by_weight():
    # 0.2 then 0.8 violate "non-increasing"; pooled by weights 3:1 -> 0.35
    assert fit_monotone([0.9, 0.2, 0.8, 0.1], [1, 3, 1, 1]) == pytest.approx([0.9, 0.35, 0.35, 0.1])
    with pytest.raises(ValueError, match="positive"):
        fit_monotone([0.5, 0.4], [1, 0])
    with pytest.raises(ValueError, match="2 rates but 1 weights"):
        fit_monotone([0.5, 0.4], [1])


# -- cards and their thresholds ----------------------------------------------------------------


def card_of(
    rates_n: list[tuple[int, int]], errors: list[int] | None = None, **kw
) -> DifficultyCard:
    """A card over [0, 1] with (passes, n) per bin."""
    errors = errors or [0] * len(rates_n)
    counts = [(n + e, n, p, e) for (p, n), e in zip(rates_n, errors)]
    return DifficultyCard.from_counts("rlvr/Toy-v0", "toy-model", (0.0, 1.0), counts, **kw)


def test_thresholds_interpolate_between_bin_centres():
    # rates 1.0, 0.8, 0.4, 0.0 at centres 0.125, 0.375, 0.625, 0.875
    card = card_of([(10, 10), (8, 10), (4, 10), (0, 10)])
    assert card.fit == pytest.approx([1.0, 0.8, 0.4, 0.0])
    # 0.9 lies halfway between 1.0 and 0.8; 0.5 a quarter from 0.8 to 0.4; 0.1 ...
    assert card.thresholds["0.9"] == pytest.approx(0.25)
    assert card.thresholds["0.5"] == pytest.approx(0.375 + 0.75 * 0.25)
    assert card.thresholds["0.1"] == pytest.approx(0.625 + 0.75 * 0.25)
    assert set(card.threshold_notes.values()) == {IN_RANGE}
    assert card.rate_at(0.0) == 1.0 and card.rate_at(1.0) == 0.0  # constant beyond the ends
    assert card.rate_at(0.5) == pytest.approx(0.6)


def test_a_flat_stretch_at_the_level_gives_its_midpoint():
    card = card_of([(10, 10), (5, 10), (5, 10), (0, 10)])
    assert card.thresholds["0.5"] == pytest.approx(0.5)  # midway between 0.375 and 0.625


def test_violations_are_pooled_before_thresholds_are_read():
    card = card_of([(9, 10), (3, 10), (7, 10), (1, 10)])
    assert card.fit == pytest.approx([0.9, 0.5, 0.5, 0.1])
    assert card.thresholds == pytest.approx({"0.9": 0.125, "0.5": 0.5, "0.1": 0.875})


@given(st.lists(st.tuples(st.integers(0, 20), st.integers(1, 20)), min_size=1, max_size=12))
def test_a_threshold_is_where_the_fitted_curve_crosses_its_level(bins):
    card = card_of([(min(p, n), n) for p, n in bins])
    for level in (0.9, 0.5, 0.1):
        value, note = card.threshold(level)
        if note == IN_RANGE:
            assert card.rate_at(value) == pytest.approx(level, abs=1e-9)
        elif note == EASIER:
            assert card.rate_at(0.0) < level and card.difficulty_at(level) == 0.0
        else:
            assert note == HARDER
            assert card.rate_at(1.0) > level and card.difficulty_at(level) == 1.0


def test_all_pass_and_none_pass_leave_the_range():
    everything = card_of([(10, 10)] * 5)
    assert everything.thresholds == {"0.9": None, "0.5": None, "0.1": None}
    assert set(everything.threshold_notes.values()) == {HARDER}
    nothing = card_of([(0, 10)] * 5)
    assert set(nothing.threshold_notes.values()) == {EASIER}
    assert nothing.difficulty_at(0.5) == 0.0 and everything.difficulty_at(0.5) == 1.0


def test_a_bin_of_errors_is_reported_and_left_out_of_the_fit():
    card = card_of([(10, 10), (0, 0), (5, 10), (0, 10)], errors=[0, 10, 0, 0])
    empty = card.bins[1]
    assert (empty.n, empty.errors, empty.problems) == (0, 10, 10)
    assert empty.rate is None and empty.ci_lo is None and card.fit[1] is None
    assert card.fit[0] == 1.0 and card.fit[2] == 0.5
    # the curve joins the neighbours of the empty bin: 0.5 at centre 0.625
    assert card.thresholds["0.5"] == pytest.approx(0.625)
    assert card.rate_at(0.375) == pytest.approx(0.75)


def test_a_card_without_any_answer_has_no_curve():
    card = card_of([(0, 0)] * 3, errors=[4, 4, 4])
    assert not card.has_data and set(card.threshold_notes.values()) == {NO_DATA}
    with pytest.raises(ValueError, match="every sample was an error"):
        card.rate_at(0.5)
    with pytest.raises(ValueError, match="every sample was an error"):
        card.difficulty_at(0.5)


def test_bin_edges_cover_the_range_and_rates_carry_wilson_intervals():
    card = DifficultyCard.from_counts(
        "rlvr/Toy-v0", "m", (0.2, 0.8), [(4, 4, 1, 0), (4, 4, 3, 0), (4, 3, 3, 1)]
    )
    assert [b.lo for b in card.bins] == pytest.approx([0.2, 0.4, 0.6])
    assert card.bins[-1].hi == 0.8 and card.bins[1].centre == pytest.approx(0.5)
    b = card.bins[0]
    assert (b.rate, (b.ci_lo, b.ci_hi)) == (0.25, wilson_interval(1, 4))
    assert card.settings["confidence"] == 0.95 and card.version


@pytest.mark.parametrize(
    ("counts", "rng", "match"),
    [([(1, 1, 2, 0)], (0, 1), "passes <= n"), ([(1, 1, 1, -1)], (0, 1), "errors >= 0"),
     ([], (0, 1), "at least one bin"), ([(1, 1, 1, 0)], (0.5, 0.5), "low < high")],
)  # fmt: skip
def test_bad_counts_are_refused_with_a_message(counts, rng, match):
    with pytest.raises(ValueError, match=match):
        DifficultyCard.from_counts("rlvr/Toy-v0", "m", rng, counts)


# -- JSON --------------------------------------------------------------------------------------


def test_cards_round_trip_through_json(tmp_path):
    card = card_of([(10, 10), (0, 0), (5, 10), (1, 10)], errors=[0, 3, 0, 0], settings={"k": 2})
    again = DifficultyCard.from_dict(json.loads(json.dumps(card.to_dict())))
    assert again == card
    assert DifficultyCard.load(card.save(tmp_path / "one.json")) == card
    other = card_of([(3, 10), (1, 10)])
    other.env_id = "rlvr/Other-v0"
    path = save_cards([card, other], tmp_path / "cards.json", suite="toy-v0", model="toy-model")
    data = json.loads(path.read_text())
    assert (data["suite"], data["model"], len(data["cards"])) == ("toy-v0", "toy-model", 2)
    assert load_cards(path) == [card, other]
    assert load_cards(tmp_path / "one.json") == [card]


def test_loading_something_else_says_what_is_wrong(tmp_path):
    with pytest.raises(ValueError, match="no cards file"):
        load_cards(tmp_path / "missing.json")
    (tmp_path / "bad.json").write_text("{not json")
    with pytest.raises(ValueError, match="is not JSON"):
        load_cards(tmp_path / "bad.json")
    with pytest.raises(ValueError, match="not a difficulty card"):
        load_cards({"cards": [{"env_id": "x"}]})


# -- plots -------------------------------------------------------------------------------------


def test_plot_cards_writes_pages_of_panels(tmp_path):
    import inspect

    import matplotlib.image

    good = card_of([(10, 10), (8, 10), (4, 10), (0, 10)])
    empty = card_of([(0, 0)] * 4, errors=[2] * 4)
    paths = plot_cards([good] * 7 + [empty], tmp_path / "cards.png", "toy suite", per_page=6)
    assert [p.name for p in paths] == ["cards.png", "cards-2.png"]
    first, second = (matplotlib.image.imread(p) for p in paths)
    assert first.shape[1] > 1200 and first.shape[0] > second.shape[0]  # 4 x 2 panels, 2 x 1
    assert inspect.signature(plot_cards).parameters["per_page"].default == 30
    assert plot_cards([good], tmp_path / "one.png", "one")[0].read_bytes()[:4] == b"\x89PNG"
    with pytest.raises(ValueError, match="no cards"):
        plot_cards([], tmp_path / "none.png", "none")


def test_the_logistic_rates_give_thresholds_near_the_truth():
    """Exact bin-centre rates of a logistic: the thresholds are its inverse up to the
    interpolation between centres."""
    true = lambda d: 1 / (1 + math.exp(12 * (d - 0.4)))  # noqa: E731
    n = 10_000
    counts = [(n, n, round(n * true((b + 0.5) / 20)), 0) for b in range(20)]
    card = DifficultyCard.from_counts("rlvr/Toy-v0", "m", (0.0, 1.0), counts)
    for level in (0.9, 0.5, 0.1):
        assert card.thresholds[f"{level:g}"] == pytest.approx(
            0.4 + math.log(1 / level - 1) / 12, abs=0.01
        )
