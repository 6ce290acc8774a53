"""Logic families: generation and verification throughput, ours against reasoning-gym's, one core.

Run: ``python bench/logic_bench.py`` (needs the ``bench`` extra: reasoning-gym). The process
is pinned to one CPU core. Every rate is the best of ``--repeats`` windows of ``--seconds``,
and the windows of the things being compared are interleaved, so that load from other
processes on a shared machine hits both sides alike.

* Generation: ``task.generate(seed=i, ...)`` against reasoning-gym's ``dataset[i]`` (its
  items are built in ``__getitem__``).
* Verification: ``rlvr_envs.verify(problem, completion)`` on the whole completion (answer
  extraction included) against ``dataset.score_answer(answer, entry)`` on the bare answer,
  once with the reference answer and once with its last character changed.
* Comparable difficulty: each counterpart runs at its default configuration and ours at the
  knobs that match it (listed in the table: the same grid, people, houses, numbers...).
  Where a guarantee differs (uniqueness), the table says so.

Writes ``bench/results/logic.{json,md}``.
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
POOL = 64  # problems (or entries) cycled through when timing verification

# (our id, our knobs matching the counterpart's default, counterpart, what its default is)
COMPARISONS: list[tuple[str, dict[str, Any], str, str]] = [
    ("rlvr/Sudoku-v0", {"size": 9, "clues": 41 / 81}, "sudoku", "9x9, 31-51 clues"),
    ("rlvr/Sudoku-v0", {"size": 4, "clues": 6 / 16}, "mini_sudoku", "4x4, 4-8 clues"),
    (
        "rlvr/Zebra-v0",
        {"houses": 4, "attributes": 4, "clue_kinds": "all"},
        "zebra_puzzles",
        "4 people x 4 attributes",
    ),
    ("rlvr/KnightsKnaves-v0", {"people": 2, "depth": 2}, "knights_knaves", "2 people, depth 2"),
    (
        "rlvr/Entailment-v0",
        {"atoms": 3, "premises": 3, "depth": 2},
        "propositional_logic",
        "2-4 atoms, 2-4 premises, depth 1-3",
    ),
    ("rlvr/Countdown-v0", {"numbers": 5, "largest": 100}, "countdown", "4-6 numbers to 100"),
    ("rlvr/Countdown-v0", {"numbers": 4, "largest": 10}, "puzzle24", "4 numbers to 10"),
    (
        "rlvr/Cryptarithm-v0",
        {"addends": 3, "digits": 4},
        "cryptarithm",
        "2-3 addends of 3-5 digits; theirs may have several solutions, ours never",
    ),
    ("rlvr/TowerOfHanoi-v0", {"disks": 5, "start": "tower"}, "tower_of_hanoi", "3-7 disks"),
    ("rlvr/NQueens-v0", {"size": 8, "placed": 0.5}, "n_queens", "8x8, 1-7 queens given"),
    ("rlvr/Maze-v0", {"size": 8, "walls": 0.25}, "maze", "5x5 to 10x10, distance 5-10"),
]
NOTES = {
    "cryptarithm": (
        "reasoning-gym draws a random addition and stops (96 of its first 100 default puzzles "
        "have several solutions; its scorer accepts any); ours are proved to have exactly one by "
        "an exhaustive search (revealing a letter's digit while a rival solution exists), "
        "which is nearly all of our cost, so the two are not the same task."
    ),
}
NO_COUNTERPART = {
    "rlvr/Satisfiability-v0": "reasoning-gym has no SAT task",
    "rlvr/LightsOut-v0": "reasoning-gym has no Lights Out task",
    "rlvr/Nonogram-v0": "reasoning-gym has no nonogram task",
}


def rates(steps: dict[str, Callable[[int], object]], seconds: float, repeats: int) -> dict:
    """Calls per second of each ``step(i)``, best of ``repeats`` interleaved windows."""
    for step in steps.values():  # warm-up: imports, caches, first solvers
        for i in range(10):
            step(10**6 + i)
    best = dict.fromkeys(steps, 0.0)
    for _ in range(repeats):
        for name, step in steps.items():
            done, start = 0, time.perf_counter()
            while (elapsed := time.perf_counter() - start) < seconds:
                step(done)
                done += 1
            best[name] = max(best[name], done / elapsed)
    return best


def corrupt(text: str) -> str:
    """The text with its last character changed (a near miss that must be checked)."""
    if not text:
        return "x"
    last = text[-1]
    return text[:-1] + ("1" if last != "1" else "2")


def our_steps(env_id: str, difficulty: float | None, knobs: dict | None) -> dict[str, Callable]:
    task = rlvr_envs.make_task(env_id)
    problems = [task.generate(seed=s, difficulty=difficulty, knobs=knobs) for s in range(POOL)]
    right = [rlvr_envs.oracle_completion(p) for p in problems]
    wrong = [format_answer(corrupt(p.answer), p.answer_format) for p in problems]
    return {
        "generate": lambda i: task.generate(seed=i, difficulty=difficulty, knobs=knobs),
        "verify_right": lambda i: rlvr_envs.verify(problems[i % POOL], right[i % POOL]),
        "verify_corrupted": lambda i: rlvr_envs.verify(problems[i % POOL], wrong[i % POOL]),
    }


def their_steps(name: str) -> dict[str, Callable]:
    import reasoning_gym

    dataset = reasoning_gym.create_dataset(name, size=10**7, seed=0)
    entries = [dataset[i] for i in range(POOL)]
    answers = [str(e["answer"]) for e in entries]
    return {
        "generate": lambda i: dataset[i % dataset.size],
        "verify_right": lambda i: dataset.score_answer(answers[i % POOL], entries[i % POOL]),
        "verify_corrupted": lambda i: dataset.score_answer(
            corrupt(answers[i % POOL]), entries[i % POOL]
        ),
    }


def family_rows(seconds: float, repeats: int) -> list[dict]:
    rows = []
    for env_id in rlvr_envs.list_envs(domain="logic", mixtures=False):
        default = our_steps(env_id, None, None)
        steps = {
            "generate_default": default["generate"],
            "generate_d0.5": our_steps(env_id, 0.5, None)["generate"],
            "generate_d1": our_steps(env_id, 1.0, None)["generate"],
            "verify_right": default["verify_right"],
            "verify_corrupted": default["verify_corrupted"],
        }
        row = {"env_id": env_id, **rates(steps, seconds, repeats)}
        rows.append(row)
        cells = "  ".join(f"{k} {v:8.0f}" for k, v in row.items() if k != "env_id")
        print(f"{env_id:<26} {cells}", flush=True)
    return rows


def comparison_rows(seconds: float, repeats: int) -> list[dict]:
    rows = []
    for env_id, knobs, peer, theirs in COMPARISONS:
        ours = our_steps(env_id, None, knobs)
        try:
            peer_steps = their_steps(peer)
        except Exception as exc:  # a peer that cannot run here is reported, not hidden
            rows.append({"env_id": env_id, "peer": peer, "error": f"{type(exc).__name__}: {exc}"})
            continue
        steps = {f"ours_{k}": v for k, v in ours.items()}
        steps.update({f"theirs_{k}": v for k, v in peer_steps.items()})
        measured = rates(steps, seconds, repeats)
        row = {"env_id": env_id, "knobs": knobs, "peer": peer, "their_default": theirs}
        row.update(measured)
        for kind in ("generate", "verify_right", "verify_corrupted"):
            row[f"ratio_{kind}"] = measured[f"ours_{kind}"] / measured[f"theirs_{kind}"]
        rows.append(row)
        print(
            f"{env_id:<26} vs {peer:<20} generate {row['ours_generate']:8.0f} / "
            f"{row['theirs_generate']:8.0f} = {row['ratio_generate']:6.1f}x"
        )
    return rows


def markdown(families: list[dict], comparisons: list[dict], summary: dict) -> str:
    out = [
        "# Logic families: throughput, one core",
        "",
        f"{summary['machine']}; best of {summary['repeats']} windows of "
        f"{summary['seconds']} s. Generation in problems per second, verification in "
        "completions per second (the whole completion, answer extraction included). On a "
        "machine shared with other jobs, absolute rates vary up to 2x between runs; the "
        "ratios below come from interleaved windows and vary much less.",
        "",
        "| env id | generate (default) | generate (d=0.5) | generate (d=1) "
        "| verify (right) | verify (corrupted) |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for r in families:
        out.append(
            f"| {r['env_id']} | {r['generate_default']:.0f} | {r['generate_d0.5']:.0f} "
            f"| {r['generate_d1']:.0f} | {r['verify_right']:.0f} | {r['verify_corrupted']:.0f} |"
        )
    out += [
        "",
        "## Against reasoning-gym",
        "",
        "Theirs at its default configuration, ours at the knobs that match it. Verification: "
        "ours scores the whole completion and checks the answer against the puzzle's rules; "
        "theirs scores the bare answer, so the corrupted column (the answer's last character "
        "changed) compares the checking work itself.",
        "",
        "| ours | matched knobs | reasoning-gym (default) | generate /s ours / theirs "
        "| ratio | verify right, ours / theirs | verify corrupted, ours / theirs |",
        "|---|---|---|---:|---:|---:|---:|",
    ]
    for r in comparisons:
        if "error" in r:
            out.append(f"| {r['env_id']} | | {r['peer']}: {r['error']} | | | | |")
            continue
        knobs = ", ".join(f"{k}={_knob(v)}" for k, v in r["knobs"].items())
        out.append(
            f"| {r['env_id']} | {knobs} | {r['peer']} ({r['their_default']}) "
            f"| {r['ours_generate']:.0f} / {r['theirs_generate']:.0f} "
            f"| **{r['ratio_generate']:.1f}x** "
            f"| {r['ours_verify_right']:.0f} / {r['theirs_verify_right']:.0f} "
            f"({r['ratio_verify_right']:.2f}x) "
            f"| {r['ours_verify_corrupted']:.0f} / {r['theirs_verify_corrupted']:.0f} "
            f"({r['ratio_verify_corrupted']:.2f}x) |"
        )
    out += ["", *(f"Note on {peer}: {note}" for peer, note in NOTES.items())]
    out += [
        "",
        f"Generation ratio: minimum {summary['min_generate_ratio']:.1f}x, geometric mean "
        f"{summary['geomean_generate_ratio']:.1f}x. Families without a counterpart: "
        + "; ".join(f"{k} ({v})" for k, v in NO_COUNTERPART.items())
        + ".",
    ]
    return "\n".join(out) + "\n"


def _knob(value: Any) -> str:
    return f"{value:.3g}" if isinstance(value, float) else str(value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=0.25)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument(
        "--render", action="store_true", help="rewrite logic.md from logic.json, no timing"
    )
    args = parser.parse_args()
    if args.render:
        payload = json.loads((RESULTS / "logic.json").read_text())
        (RESULTS / "logic.md").write_text(
            markdown(payload["families"], payload["comparisons"], payload)
        )
        return
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    families = family_rows(args.seconds, args.repeats)
    comparisons = comparison_rows(args.seconds, args.repeats)
    ratios = [r["ratio_generate"] for r in comparisons if "ratio_generate" in r]
    summary = {
        "machine": f"{platform.machine()}, Python {platform.python_version()}",
        "seconds": args.seconds,
        "repeats": args.repeats,
        "min_generate_ratio": min(ratios),
        "geomean_generate_ratio": statistics.geometric_mean(ratios),
    }
    RESULTS.mkdir(exist_ok=True)
    payload = {"families": families, "comparisons": comparisons, **summary}
    (RESULTS / "logic.json").write_text(json.dumps(payload, indent=2) + "\n")
    (RESULTS / "logic.md").write_text(markdown(families, comparisons, summary))
    print(markdown(families, comparisons, summary))


if __name__ == "__main__":
    main()
