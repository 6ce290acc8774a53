"""Math-answer equivalence: our verifier against math-verify, side by side on one core.

Run from the repository root (math-verify comes with the ``bench`` extra)::

    python bench/verify_bench.py                      # tests/data/math_equivalence.jsonl
    python bench/verify_bench.py --repeat 5 --corpus path/to/pairs.jsonl

Both verifiers score every (gold, prediction) pair of a labelled corpus (one JSON object a
line: ``gold``, ``pred``, ``equivalent``, ``category``, ``note``). Ours runs with its
defaults (exact values, no precision), as the labels are. The script reports accuracy
against the labels, overall and per category, false positives (a pair labelled not
equivalent that a verifier accepts: the error a reward must not make) and false negatives,
the machine's load average before the run, throughput in pairs per second
(best of ``--repeat`` timed passes, ``time.perf_counter``), the ratio ours/theirs, and every
pair each verifier gets wrong. Results go to ``bench/results/verify.json`` and
``bench/results/verify.md``; the table is printed.

Fairness:

* the whole run is pinned to one CPU (``--cpu``); our worker processes inherit the pin;
* no pass profits from the one before it. Ours: the result caches (``compare_answers``, and
  the parse cache beside it) are cleared, and the worker pool is restarted, warmed
  (``pool.get_pool().warm(1)``) and primed with one call that loads its lazy LaTeX parser,
  before each timed pass, so neither process start-up nor sympy's internal cache (which
  lives in the worker and would otherwise make passes 2 and 3 about four times faster on
  this corpus) is counted. math-verify: sympy's cache is cleared before each timed pass;
  ``--keep-caches`` keeps sympy's caches (both sides) between passes;
* math-verify: each answer is wrapped so its extractor finds it; every wrapping in
  ``WRAPPINGS`` is scored first and the most accurate one is timed and reported. It is
  called in the main thread, where its signal-based timeouts work. Its own defaults are
  kept (``parse`` with the default extraction configs, ``verify(gold, pred)``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import logging
import os
import platform
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DEFAULT_CORPUS = ROOT / "tests" / "data" / "math_equivalence.jsonl"
RESULTS = ROOT / "bench" / "results"
SLOWEST = 5
SLOW_PAIR_S = 1.0  # pairs this slow on either side are left out of the secondary rate
TIMEOUT = 2.0  # seconds per pair for ours; math-verify keeps its own default (5 s)

WRAPPINGS: dict[str, Callable[[str], str]] = {
    "dollars": lambda s: f"${s}$",
    "boxed": lambda s: f"\\boxed{{{s}}}",
    "dollars+boxed": lambda s: f"$\\boxed{{{s}}}$",
    "raw": lambda s: s,
}

Pair = dict
Scorer = Callable[[str, str], bool]


def load_corpus(path: Path) -> list[Pair]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def pin_to_one_core(cpu: int | None) -> str:
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity on this platform)"
    allowed = sorted(os.sched_getaffinity(0))
    chosen = allowed[0] if cpu is None else cpu
    os.sched_setaffinity(0, {chosen})
    return f"pinned to CPU {chosen}"


# -- the two verifiers ----------------------------------------------------------------------
PRIME = ("\\overline{7}", "\\overline{7}")  # outside our grammar: loads the LaTeX parser


def _fresh_worker(pool, ours_math) -> None:
    """Replace the pool's workers with a fresh, warmed, primed one (empty sympy cache)."""
    pool.get_pool().close()
    pool._POOL = None  # the next get_pool() builds a new pool
    pool.get_pool().warm(1)
    ours_math.compare_answers(*PRIME, TIMEOUT)


def make_ours(keep_caches: bool = False) -> tuple[Scorer, Callable[[], None]]:
    from rlvr_envs.mathcheck import compare as ours_math
    from rlvr_envs.workers import pool

    pool.get_pool().warm(1)
    ours_math.compare_answers(*PRIME, TIMEOUT)

    def score(gold: str, pred: str) -> bool:
        return ours_math.is_equivalent(gold, pred, TIMEOUT)

    def reset() -> None:
        if not keep_caches:
            _fresh_worker(pool, ours_math)
        ours_math.compare_answers.cache_clear()
        parse_cache = getattr(ours_math, "_parse_cached", None)
        if parse_cache is not None:
            parse_cache.cache_clear()

    return score, reset


def make_theirs(
    wrap: Callable[[str], str], keep_caches: bool = False
) -> tuple[Scorer, Callable[[], None]]:
    from math_verify import parse, verify
    from sympy.core.cache import clear_cache

    def score(gold: str, pred: str) -> bool:
        return bool(verify(parse(wrap(gold)), parse(wrap(pred))))

    def reset() -> None:
        if not keep_caches:
            clear_cache()

    return score, reset


def quiet_math_verify() -> None:
    """math-verify logs every parse failure and timeout; keep the table readable."""
    names = ("math_verify", "math_verify.parser", "math_verify.grader", "latex2sympy2_extended")
    for name in names:
        logging.getLogger(name).setLevel(logging.CRITICAL)


# -- scoring and timing -----------------------------------------------------------------------
class Pass(NamedTuple):
    verdicts: list[bool | None]  # None when the scorer raised
    errors: list[str | None]
    seconds: list[float]  # per pair


def run_pass(score: Scorer, pairs: list[Pair]) -> Pass:
    """One pass over the corpus."""
    result = Pass([], [], [])
    sink = io.StringIO()
    clock = time.perf_counter
    for pair in pairs:
        start = clock()
        try:
            with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
                result.verdicts.append(bool(score(pair["gold"], pair["pred"])))
            result.errors.append(None)
        except Exception as exc:  # a benchmark records a crash as a wrong answer
            result.verdicts.append(None)
            result.errors.append(f"{type(exc).__name__}: {exc}"[:200])
        result.seconds.append(clock() - start)
    return result


def timed_passes(
    score: Scorer, reset: Callable[[], None], pairs: list[Pair], repeat: int
) -> tuple[list[float], Pass]:
    times: list[float] = []
    best: Pass | None = None
    for _ in range(max(1, repeat)):
        reset()
        start = time.perf_counter()
        result = run_pass(score, pairs)
        times.append(time.perf_counter() - start)
        if times[-1] == min(times):
            best = result
    assert best is not None
    return times, best


def accuracy(pairs: list[Pair], verdicts: list[bool | None]) -> dict:
    by_cat: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    false_positives = false_negatives = 0
    for pair, verdict in zip(pairs, verdicts):
        hit = verdict is not None and verdict == pair["equivalent"]
        by_cat[pair["category"]][0] += hit
        by_cat[pair["category"]][1] += 1
        false_positives += verdict is True and not pair["equivalent"]
        false_negatives += verdict is not True and pair["equivalent"]
    correct = sum(c for c, _ in by_cat.values())
    return {
        "correct": correct,
        "total": len(pairs),
        "accuracy": correct / len(pairs),
        "false_positives": false_positives,
        "false_negatives": false_negatives,
        "per_category": {cat: {"correct": c, "total": n} for cat, (c, n) in by_cat.items()},
    }


def failures(
    pairs: list[Pair], verdicts: list[bool | None], errors: list[str | None]
) -> list[dict]:
    out = []
    for pair, verdict, error in zip(pairs, verdicts, errors):
        if verdict is None or verdict != pair["equivalent"]:
            row = {k: pair[k] for k in ("category", "gold", "pred", "equivalent", "note")}
            row["got"] = verdict
            if error:
                row["error"] = error
            out.append(row)
    return out


def measure(name: str, score: Scorer, reset: Callable[[], None], pairs: list[Pair], repeat: int):
    times, best_pass = timed_passes(score, reset, pairs, repeat)
    best = min(times)
    slowest = sorted(range(len(pairs)), key=best_pass.seconds.__getitem__, reverse=True)[:SLOWEST]
    result = {
        "name": name,
        "pass_seconds": [round(t, 4) for t in times],
        "best_seconds": round(best, 4),
        "pairs_per_s": len(pairs) / best,
        "median_pair_ms": 1000 * statistics.median(best_pass.seconds),
        "slowest_pairs": [
            {
                "category": pairs[i]["category"],
                "gold": pairs[i]["gold"],
                "pred": pairs[i]["pred"],
                "ms": round(1000 * best_pass.seconds[i], 2),
            }
            for i in slowest
        ],
        **accuracy(pairs, best_pass.verdicts),
        "failures": failures(pairs, best_pass.verdicts, best_pass.errors),
        "pair_seconds": [round(t, 6) for t in best_pass.seconds],
    }
    print(
        f"{name}: {result['correct']}/{result['total']} correct, "
        f"{result['false_positives']} false positives, "
        f"{result['pairs_per_s']:.1f} pairs/s (passes {result['pass_seconds']})",
        file=sys.stderr,
    )
    return result


# -- report ---------------------------------------------------------------------------------------
def _short(text: str, width: int = 60) -> str:
    text = text.replace("\n", "\\n").replace("|", "\\|")
    return text if len(text) <= width else text[: width - 3] + "..."


def markdown(report: dict) -> str:
    ours, theirs = report["ours"], report["math_verify"]
    lines = [
        "# Math-answer equivalence: rlvr-envs vs math-verify",
        "",
        f"Corpus `{report['corpus']}`: {report['pairs']} labelled pairs "
        f"({report['equivalent_pairs']} equivalent). {report['cpu']}; best of "
        f"{report['repeat']} passes; load average before the run "
        f"{report['load_average_before']}. math-verify wrapping: "
        f"`{report['math_verify_wrapping']}` "
        "(the most accurate of " + ", ".join(f"`{w}`" for w in report["wrapping_accuracy"]) + ").",
        "",
        "| | rlvr-envs | math-verify |",
        "| --- | ---: | ---: |",
        f"| accuracy | {ours['accuracy']:.1%} ({ours['correct']}/{ours['total']}) "
        f"| {theirs['accuracy']:.1%} ({theirs['correct']}/{theirs['total']}) |",
        f"| false positives (labelled not equivalent, accepted) | {ours['false_positives']} "
        f"| {theirs['false_positives']} |",
        f"| false negatives (labelled equivalent, rejected) | {ours['false_negatives']} "
        f"| {theirs['false_negatives']} |",
        f"| pairs/s | {ours['pairs_per_s']:.1f} | {theirs['pairs_per_s']:.1f} |",
        f"| median time per pair | {ours['median_pair_ms']:.3f} ms "
        f"| {theirs['median_pair_ms']:.3f} ms |",
        f"| throughput ratio (ours/theirs) | {report['throughput_ratio']:.2f}x | 1.00x |",
        f"| pairs/s without the {report['slow_pairs_excluded']} pairs taking "
        f">= {report['slow_pair_threshold_s']:g} s on either side "
        f"| {ours['pairs_per_s_without_slow']:.1f} | {theirs['pairs_per_s_without_slow']:.1f} |",
        f"| ratio without those pairs | {report['throughput_ratio_without_slow']:.2f}x | 1.00x |",
        "",
        "| category | pairs | rlvr-envs | math-verify |",
        "| --- | ---: | ---: | ---: |",
    ]
    for cat, counts in report["categories"].items():
        o = ours["per_category"][cat]
        t = theirs["per_category"][cat]
        lines.append(
            f"| {cat} | {counts} | {o['correct'] / o['total']:.0%} ({o['correct']}) "
            f"| {t['correct'] / t['total']:.0%} ({t['correct']}) |"
        )
    wrap_row = ", ".join(f"`{w}` {a:.1%}" for w, a in report["wrapping_accuracy"].items())
    lines += ["", f"math-verify accuracy by wrapping: {wrap_row}."]
    for title, result in (("rlvr-envs", ours), ("math-verify", theirs)):
        slow = "; ".join(
            f"`{_short(r['gold'], 24)}` vs `{_short(r['pred'], 24)}` {r['ms']:.0f} ms"
            for r in result["slowest_pairs"]
        )
        lines += ["", f"Slowest pairs, {title}: {slow}."]
    for title, result in (("rlvr-envs", ours), ("math-verify", theirs)):
        lines += [
            "",
            f"## Pairs {title} gets wrong ({len(result['failures'])})",
            "",
            "| category | gold | prediction | label | got |",
            "| --- | --- | --- | --- | --- |",
        ]
        for f in result["failures"]:
            got = "error" if f["got"] is None else str(f["got"]).lower()
            lines.append(
                f"| {f['category']} | `{_short(f['gold'])}` | `{_short(f['pred'])}` "
                f"| {str(f['equivalent']).lower()} | {got} |"
            )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="labelled JSONL")
    parser.add_argument("--repeat", type=int, default=3, help="timed passes; the best counts")
    parser.add_argument("--cpu", type=int, default=None, help="CPU to pin to (default: first)")
    parser.add_argument("--out", type=Path, default=RESULTS, help="results directory")
    parser.add_argument(
        "--keep-caches",
        action="store_true",
        help="keep sympy's caches (and our worker) between timed passes",
    )
    args = parser.parse_args(argv)

    load_before = [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None
    cpu = pin_to_one_core(args.cpu)
    pairs = load_corpus(args.corpus)
    quiet_math_verify()

    # math-verify: score every wrapping once (untimed), keep the most accurate.
    wrapping_accuracy = {}
    for wname, wrap in WRAPPINGS.items():
        score, _ = make_theirs(wrap, keep_caches=True)
        wrapping_accuracy[wname] = accuracy(pairs, run_pass(score, pairs).verdicts)["accuracy"]
        print(f"math-verify wrapping {wname!r}: {wrapping_accuracy[wname]:.1%}", file=sys.stderr)
    best_wrap = max(wrapping_accuracy, key=wrapping_accuracy.__getitem__)

    keep = args.keep_caches
    ours = measure("rlvr-envs", *make_ours(keep), pairs, args.repeat)
    theirs = measure("math-verify", *make_theirs(WRAPPINGS[best_wrap], keep), pairs, args.repeat)

    try:
        corpus_name = str(args.corpus.resolve().relative_to(ROOT))
    except ValueError:
        corpus_name = str(args.corpus)
    report = {
        "corpus": corpus_name,
        "pairs": len(pairs),
        "equivalent_pairs": sum(p["equivalent"] for p in pairs),
        "categories": dict(Counter(p["category"] for p in pairs)),
        "repeat": args.repeat,
        "sympy_caches_kept_between_passes": keep,
        "cpu": cpu,
        "load_average_before": load_before,
        "python": platform.python_version(),
        "machine": platform.platform(),
        "ours_timeout_s": TIMEOUT,
        "math_verify_wrapping": best_wrap,
        "wrapping_accuracy": wrapping_accuracy,
        "throughput_ratio": ours["pairs_per_s"] / theirs["pairs_per_s"],
        "ours": ours,
        "math_verify": theirs,
    }
    # Throughput without the pairs that hit a multi-second limit on either side, so the
    # headline ratio is not only a count of the peer's timeouts.
    slow = {
        i
        for result in (ours, theirs)
        for i, t in enumerate(result["pair_seconds"])
        if t >= SLOW_PAIR_S
    }
    kept = [i for i in range(len(pairs)) if i not in slow]
    for result in (ours, theirs):
        result["pairs_per_s_without_slow"] = len(kept) / sum(
            result["pair_seconds"][i] for i in kept
        )
    report["slow_pair_threshold_s"] = SLOW_PAIR_S
    report["slow_pairs_excluded"] = len(slow)
    report["throughput_ratio_without_slow"] = (
        ours["pairs_per_s_without_slow"] / theirs["pairs_per_s_without_slow"]
    )
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "verify.json").write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    table = markdown(report)
    (args.out / "verify.md").write_text(table)
    print(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
