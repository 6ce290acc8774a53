"""Difficulty cards: how often a model passes an env at each difficulty, measured and fitted.

A :class:`DifficultyCard` records one calibration sweep of one env (``rlvr calibrate``): the
env's difficulty range cut into equal bins, per bin the pass rate among non-error samples
with its Wilson score interval, a fit of the pass rate that is non-increasing in difficulty
(weighted isotonic regression), and the difficulties where the fit crosses 90%, 50% and 10%.

The fit and the thresholds follow one rule (see :meth:`DifficultyCard.threshold`):

* **fit**: the weighted least-squares projection of the bin rates onto non-increasing
  sequences (pool adjacent violators; Ayer et al. 1955, Barlow et al. 1972), each bin weighted
  by its number of non-error samples; bins with no such sample are left out;
* **curve**: the fitted values at the bin centres joined by straight lines, constant beyond
  the outermost fitted centres (:meth:`DifficultyCard.rate_at`);
* **threshold** ``d@r``: where that curve crosses ``r``; where it sits exactly at ``r`` over
  an interval, the interval's midpoint. A curve that is below ``r`` already at the easiest
  fitted centre has no ``d@r`` in range ("easier than the range"); one that is still above
  ``r`` at the hardest is "harder than the range".

Cards round-trip through JSON (``to_dict``/``from_dict``, ``save``/``load``); a suite's cards
share one file, ``cards.json`` = ``{"suite", "model", "cards": [...]}`` (:func:`save_cards`,
:func:`load_cards`). :func:`plot_cards` draws them, one panel per env. This module needs
numpy only; the fit imports scipy and the plot matplotlib, when they run.

Cards are made by :mod:`rlvr_envs.calibration.sweep` (with a model's scores from ``rlvr
calibrate``, or a simulated student's) and read by the teachers
(:mod:`rlvr_envs.curriculum.prior`); they live here, below both.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from statistics import NormalDist
from typing import Any

import numpy as np

LEVELS: tuple[float, ...] = (0.9, 0.5, 0.1)
"""The pass rates a card reports the difficulty of (``d@90``, ``d@50``, ``d@10``)."""

IN_RANGE = "in range"
EASIER = "easier than the range"
HARDER = "harder than the range"
NO_DATA = "no data"


def wilson_interval(passes: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion ``passes / n``.

    Wilson, "Probable inference, the law of succession, and statistical inference", JASA
    1927; the interval recommended by Newcombe (Statistics in Medicine, 1998) and by Brown,
    Cai & DasGupta (Statistical Science, 2001) over the normal (Wald) interval, which
    collapses to a point at 0 or n passes. With ``z`` the two-sided normal quantile:
    ``(p + z²/2n ± z sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)``.
    """
    if n <= 0:
        raise ValueError(f"the Wilson interval needs n >= 1 samples, got n={n}")
    if not 0 <= passes <= n:
        raise ValueError(f"passes must lie in [0, n], got passes={passes}, n={n}")
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must lie in (0, 1), got {confidence}")
    z = NormalDist().inv_cdf(0.5 + confidence / 2.0)
    p = passes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1.0 - p) / n + z2 / (4 * n * n)) / denom
    # the exact ends at 0 and n passes, free of rounding
    low = 0.0 if passes == 0 else max(0.0, centre - half)
    high = 1.0 if passes == n else min(1.0, centre + half)
    return low, high


def fit_monotone(rates: Sequence[float], weights: Sequence[float]) -> list[float]:
    """The weighted isotonic (non-increasing) least-squares fit of ``rates``.

    Minimises ``sum w_i (x_i - rate_i)^2`` subject to ``x_1 >= x_2 >= ...``: pool adjacent
    violators (Ayer et al., Ann. Math. Stat. 1955), via ``scipy.optimize.isotonic_regression``.
    """
    if len(rates) != len(weights):
        raise ValueError(f"{len(rates)} rates but {len(weights)} weights")
    if not rates:
        return []
    w = np.asarray(weights, dtype=float)
    if (w <= 0).any() or not np.isfinite(w).all():
        raise ValueError("every weight of the monotone fit must be a positive number")
    try:
        from scipy.optimize import isotonic_regression
    except ImportError:  # pragma: no cover - scipy is in the eval extra
        raise ImportError(
            "the monotone fit of a difficulty card needs scipy>=1.12: pip install 'rlvr-envs[eval]'"
        ) from None
    result = isotonic_regression(np.asarray(rates, dtype=float), weights=w, increasing=False)
    return [float(x) for x in result.x]


@dataclass
class CardBin:
    """One difficulty bin of a card: ``[lo, hi)`` with its centre, ``problems`` generated,
    ``n`` non-error samples of which ``passes`` were correct, ``errors`` failed samples (never
    counted as wrong answers), the pass rate and its Wilson interval (None when ``n == 0``)."""

    lo: float
    hi: float
    centre: float
    problems: int
    n: int
    passes: int
    errors: int = 0
    rate: float | None = None
    ci_lo: float | None = None
    ci_hi: float | None = None


@dataclass
class DifficultyCard:
    """How hard one env is for one model: binned pass rates, a monotone fit, thresholds.

    ``fit`` holds the fitted pass rate per bin (None for bins without a non-error sample);
    ``thresholds`` maps ``"0.9"``, ``"0.5"``, ``"0.1"`` to ``d@r`` or None, and
    ``threshold_notes`` says why a threshold is None (``"easier than the range"``, ``"harder
    than the range"``, ``"no data"``) or ``"in range"``. See the module doc for the rule.
    """

    env_id: str
    model: str
    difficulty_range: tuple[float, float]
    bins: list[CardBin]
    fit: list[float | None]
    thresholds: dict[str, float | None]
    threshold_notes: dict[str, str]
    settings: dict[str, Any] = field(default_factory=dict)
    date: str = ""
    version: str = ""

    # -- building ---------------------------------------------------------------------------

    @classmethod
    def from_counts(
        cls,
        env_id: str,
        model: str,
        difficulty_range: tuple[float, float],
        counts: Sequence[tuple[int, int, int, int]],
        *,
        confidence: float = 0.95,
        settings: Mapping[str, Any] | None = None,
        date: str = "",
        version: str | None = None,
    ) -> DifficultyCard:
        """A card from per-bin counts ``(problems, n_ok, passes, errors)``, for equal-width
        bins over ``difficulty_range``: computes rates, Wilson intervals, the fit and the
        thresholds."""
        low, high = float(difficulty_range[0]), float(difficulty_range[1])
        if not 0.0 <= low < high <= 1.0:
            raise ValueError(
                f"difficulty range must satisfy 0 <= low < high <= 1, got {difficulty_range}"
            )
        if not counts:
            raise ValueError("a card needs at least one bin")
        width = (high - low) / len(counts)
        bins = []
        for b, (problems, n, passes, errors) in enumerate(counts):
            if n < 0 or errors < 0 or not 0 <= passes <= max(n, 0):
                raise ValueError(
                    f"bin {b} of {env_id}: need 0 <= passes <= n and errors >= 0, got "
                    f"passes={passes}, n={n}, errors={errors}"
                )
            lo, hi = low + b * width, low + (b + 1) * width if b < len(counts) - 1 else high
            rate = ci_lo = ci_hi = None
            if n > 0:
                rate = passes / n
                ci_lo, ci_hi = wilson_interval(passes, n, confidence)
            bins.append(
                CardBin(lo, hi, 0.5 * (lo + hi), int(problems), int(n), int(passes),
                        int(errors), rate, ci_lo, ci_hi)
            )  # fmt: skip
        kept = [i for i, b in enumerate(bins) if b.n > 0]
        fitted = fit_monotone([bins[i].rate for i in kept], [bins[i].n for i in kept])
        fit: list[float | None] = [None] * len(bins)
        for i, value in zip(kept, fitted):
            fit[i] = value
        if version is None:
            from rlvr_envs import __version__ as version
        card = cls(
            env_id, model, (low, high), bins, fit, {}, {},
            {"confidence": confidence, **dict(settings or {})}, date, version,
        )  # fmt: skip
        for level in LEVELS:
            value, note = card.threshold(level)
            card.thresholds[_key(level)] = value
            card.threshold_notes[_key(level)] = note
        return card

    # -- reading ----------------------------------------------------------------------------

    def _curve(self) -> tuple[np.ndarray, np.ndarray]:
        """The fitted points (bin centre, fitted rate), easy to hard."""
        pts = [(b.centre, f) for b, f in zip(self.bins, self.fit) if f is not None]
        if not pts:
            raise ValueError(
                f"the card of {self.env_id} has no fitted bin (every sample was an error); "
                "rerun `rlvr calibrate` once the server answers"
            )
        x, y = zip(*pts)
        return np.asarray(x, dtype=float), np.asarray(y, dtype=float)

    @property
    def has_data(self) -> bool:
        """Whether any bin has a non-error sample (else the card has no curve)."""
        return any(f is not None for f in self.fit)

    def rate_at(self, difficulty: float) -> float:
        """The fitted pass rate at ``difficulty``: linear between fitted bin centres,
        constant beyond the outermost ones."""
        x, y = self._curve()
        return float(np.interp(float(difficulty), x, y))

    def threshold(self, rate: float) -> tuple[float | None, str]:
        """``d@rate`` by the module's rule, with a note: ``(d, "in range")``, or ``(None,
        "easier than the range")`` when the fit is below ``rate`` at the easiest fitted bin,
        ``(None, "harder than the range")`` when it is above ``rate`` at the hardest, ``(None,
        "no data")`` when no bin has data."""
        if not 0.0 <= rate <= 1.0:
            raise ValueError(f"a pass rate lies in [0, 1], got {rate}")
        if not self.has_data:
            return None, NO_DATA
        x, y = self._curve()
        if y[0] < rate:
            return None, EASIER
        if y[-1] > rate:
            return None, HARDER
        # y is non-increasing with y[0] >= rate >= y[-1]: the curve meets `rate` on
        # [first point where it is <= rate, last point where it is >= rate]
        return 0.5 * (_first_at_most(x, y, rate) + _last_at_least(x, y, rate)), IN_RANGE

    def difficulty_at(self, rate: float) -> float:
        """``d@rate`` clamped to the card's range: the threshold where the curve crosses
        ``rate``, the range's easy end where the model passes less than ``rate`` throughout,
        its hard end where it passes more (what a teacher starting from the card uses)."""
        value, note = self.threshold(rate)
        if note == NO_DATA:
            self._curve()  # raises the clear error
        if value is not None:
            return value
        return self.difficulty_range[0] if note == EASIER else self.difficulty_range[1]

    # -- JSON ---------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dict (what ``cards.json`` holds per env)."""
        return {
            "env_id": self.env_id,
            "model": self.model,
            "difficulty_range": list(self.difficulty_range),
            "bins": [asdict(b) for b in self.bins],
            "fit": list(self.fit),
            "thresholds": dict(self.thresholds),
            "threshold_notes": dict(self.threshold_notes),
            "settings": dict(self.settings),
            "date": self.date,
            "version": self.version,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DifficultyCard:
        """The card a :meth:`to_dict` dict describes. Fields this version does not know are
        ignored; a card written without the derived fields (``fit``, ``thresholds``,
        ``threshold_notes``, a bin's edges, ``rate`` and interval) is rebuilt from its
        per-bin counts by :meth:`from_counts`, as a card of this version would be."""
        try:
            if not _has_derived_fields(data):
                return cls._rebuilt(data)
            bins = [CardBin(**{k: v for k, v in b.items() if k in _BIN_FIELDS})
                    for b in data["bins"]]  # fmt: skip
            card = cls(
                env_id=data["env_id"],
                model=data.get("model", ""),
                difficulty_range=tuple(data["difficulty_range"]),
                bins=bins,
                fit=list(data["fit"]),
                thresholds=dict(data["thresholds"]),
                threshold_notes=dict(data["threshold_notes"]),
                settings=dict(data.get("settings", {})),
                date=data.get("date", ""),
                version=data.get("version", ""),
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(
                f"not a difficulty card (missing or malformed {exc}): {data!r:.200}"
            ) from None
        if len(card.fit) != len(card.bins):
            raise ValueError(
                f"card of {card.env_id}: {len(card.fit)} fitted values for {len(card.bins)} bins"
            )
        return card

    @classmethod
    def _rebuilt(cls, data: Mapping[str, Any]) -> DifficultyCard:
        counts = [
            (int(b.get("problems", 0)), int(b["n"]), int(b["passes"]), int(b.get("errors", 0)))
            for b in data["bins"]
        ]
        settings = dict(data.get("settings", {}))
        return cls.from_counts(
            data["env_id"], data.get("model", ""), tuple(data["difficulty_range"]), counts,
            confidence=float(settings.get("confidence", 0.95)), settings=settings,
            date=data.get("date", ""), version=data.get("version", ""),
        )  # fmt: skip

    def save(self, path: str | Path) -> Path:
        """Write this card alone as JSON."""
        path = Path(path)
        path.write_text(json.dumps(self.to_dict(), indent=2) + "\n")
        return path

    @classmethod
    def load(cls, path: str | Path) -> DifficultyCard:
        """Read a card written by :meth:`save`."""
        return cls.from_dict(json.loads(Path(path).read_text()))


_BIN_FIELDS = frozenset(f.name for f in fields(CardBin))
_DERIVED_BIN_FIELDS = ("lo", "hi", "centre", "rate", "ci_lo", "ci_hi")


def _has_derived_fields(data: Mapping[str, Any]) -> bool:
    """Whether a card dict carries its fit, thresholds and bin rates (else it is rebuilt)."""
    if not all(k in data for k in ("fit", "thresholds", "threshold_notes")):
        return False
    return all(k in b for b in data["bins"] for k in _DERIVED_BIN_FIELDS)


def _key(level: float) -> str:
    return f"{level:g}"


def _first_at_most(x: np.ndarray, y: np.ndarray, rate: float) -> float:
    """The smallest d on the piecewise-linear curve with curve(d) <= rate."""
    i = int(np.argmax(y <= rate))
    if i == 0 or y[i - 1] == y[i]:
        return float(x[i])
    return float(x[i - 1] + (y[i - 1] - rate) / (y[i - 1] - y[i]) * (x[i] - x[i - 1]))


def _last_at_least(x: np.ndarray, y: np.ndarray, rate: float) -> float:
    """The largest d on the piecewise-linear curve with curve(d) >= rate."""
    i = len(y) - 1 - int(np.argmax(y[::-1] >= rate))
    if i == len(y) - 1 or y[i] == y[i + 1]:
        return float(x[i])
    return float(x[i] + (y[i] - rate) / (y[i] - y[i + 1]) * (x[i + 1] - x[i]))


# -- a suite's cards in one file ---------------------------------------------------------------


def save_cards(
    cards: Iterable[DifficultyCard], path: str | Path, *, suite: str | None, model: str
) -> Path:
    """Write a suite's cards as ``{"suite", "model", "cards": [...]}``."""
    path = Path(path)
    data = {"suite": suite, "model": model, "cards": [c.to_dict() for c in cards]}
    path.write_text(json.dumps(data, indent=2) + "\n")
    return path


def load_cards(source: str | Path | Mapping[str, Any]) -> list[DifficultyCard]:
    """The cards of a ``cards.json`` (or of a single card's file, or of their parsed dict)."""
    data = source if isinstance(source, Mapping) else _read_json(Path(source))
    if "cards" in data:
        return [DifficultyCard.from_dict(c) for c in data["cards"]]
    return [DifficultyCard.from_dict(data)]


def _read_json(path: Path) -> Any:
    if not path.is_file():
        raise ValueError(f"no cards file at {path}; write one with `rlvr calibrate ... --out DIR`")
    try:
        return json.loads(path.read_text())
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path} is not JSON: {exc}") from None


# -- plotting ----------------------------------------------------------------------------------

_LEVEL_STYLE = {0.9: ("tab:green", "d@90"), 0.5: ("tab:orange", "d@50"), 0.1: ("tab:red", "d@10")}


def plot_cards(
    cards: Sequence[DifficultyCard],
    path: str | Path,
    title: str,
    *,
    per_page: int = 30,
) -> list[Path]:
    """Draw cards as PNG pages of small panels, one per env (at most ``per_page`` a page).

    Each panel: the bin pass rates with their Wilson intervals as error bars (hollow where a
    bin has no non-error sample: nothing is drawn), the fitted monotone curve, and the
    ``d@90``/``d@50``/``d@10`` thresholds as vertical lines (a triangle at the edge where one
    lies outside the range). The first page is written to ``path``, later ones to
    ``<stem>-2.png``, ``<stem>-3.png``, ...; returns the paths written.
    """
    if not cards:
        raise ValueError("no cards to plot")
    if per_page < 1:
        raise ValueError(f"per_page must be >= 1, got {per_page}")
    try:
        import matplotlib
    except ImportError:  # pragma: no cover - matplotlib is in the eval and plots extras
        raise ImportError(
            "plotting difficulty cards needs matplotlib: pip install 'rlvr-envs[eval]'"
        ) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    path = Path(path)
    pages = [cards[i : i + per_page] for i in range(0, len(cards), per_page)]
    written = []
    for p, page in enumerate(pages):
        cols = min(len(page), 6 if len(page) > 16 else 4 if len(page) > 4 else len(page))
        rows = math.ceil(len(page) / cols)
        fig, axes = plt.subplots(
            rows, cols, figsize=(max(3.0 * cols, 6.5), 2.5 * rows + 1.0), squeeze=False,
            sharex=False, sharey=True,
        )  # fmt: skip
        for i, (ax, card) in enumerate(zip(axes.flat, page)):
            _panel(ax, card)
            if i % cols == 0:
                ax.set_ylabel("pass rate", fontsize=8)
            if i + cols >= len(page):  # nothing below it
                ax.set_xlabel("difficulty", fontsize=8)
        for ax in list(axes.flat)[len(page) :]:
            ax.set_visible(False)
        handles = [
            plt.Line2D([], [], color="black", marker="o", ls="", label="pass rate, Wilson CI"),
            plt.Line2D([], [], color="tab:blue", label="monotone fit"),
        ]
        handles += [
            plt.Line2D([], [], color=c, ls="--", label=lab) for c, lab in _LEVEL_STYLE.values()
        ]
        suffix = f" (page {p + 1} of {len(pages)})" if len(pages) > 1 else ""
        height = fig.get_figheight()
        fig.suptitle(title + suffix, fontsize=11, y=1 - 0.12 / height, va="top")
        fig.legend(
            handles=handles, loc="upper center", bbox_to_anchor=(0.5, 1 - 0.42 / height),
            ncol=5, fontsize=8, frameon=False,
        )  # fmt: skip
        fig.tight_layout(rect=(0, 0, 1, 1 - 0.75 / height))
        out = path if p == 0 else path.with_name(f"{path.stem}-{p + 1}{path.suffix}")
        fig.savefig(out, dpi=110)
        plt.close(fig)
        written.append(out)
    return written


def _panel(ax: Any, card: DifficultyCard) -> None:
    low, high = card.difficulty_range
    data = [b for b in card.bins if b.rate is not None]
    if data:
        x = [b.centre for b in data]
        y = [b.rate for b in data]
        err = [[b.rate - b.ci_lo for b in data], [b.ci_hi - b.rate for b in data]]
        ax.errorbar(x, y, yerr=err, fmt="o", color="black", ms=3, lw=0.8, capsize=2)
    if card.has_data:
        fx = [b.centre for b, f in zip(card.bins, card.fit) if f is not None]
        fy = [f for f in card.fit if f is not None]
        ax.plot(fx, fy, color="tab:blue", lw=1.5)
    for level, (color, _) in _LEVEL_STYLE.items():
        value, note = card.threshold(level)
        if value is not None:
            ax.axvline(value, color=color, ls="--", lw=1)
        elif note in (EASIER, HARDER):
            edge = low if note == EASIER else high
            ax.plot([edge], [level], marker="<" if note == EASIER else ">", color=color, ms=6)
    name = card.env_id.removeprefix("rlvr/")
    ax.set_title(name if card.has_data else f"{name} (no data)", fontsize=9)
    ax.set_xlim(low, high)
    ax.set_ylim(-0.03, 1.03)
    ax.tick_params(labelsize=7)
    ax.grid(alpha=0.3)
