"""One domain's families: generation and verification throughput, ours against reasoning-gym's.

The machinery behind ``logic_bench.py`` and ``puzzles_bench.py``; each of those holds only its
table of counterparts. The process is pinned to one CPU core. Every rate is the best of
``--repeats`` windows of ``--seconds``, and the windows of the things being compared are
interleaved, so that load from other processes on a shared machine hits both sides alike.

* Generation: ``task.generate(seed=i, ...)`` against reasoning-gym's ``dataset[i]`` (its
  items are built in ``__getitem__``).
* Verification: ``rlvr_envs.verify(problem, completion)`` on the whole completion (answer
  extraction included) against ``dataset.score_answer(answer, entry)`` on the bare answer,
  once with the reference answer and once with its last character changed.
* Comparable difficulty: each counterpart runs at its default configuration and ours at the
  knobs that match it (listed in the table). Where a guarantee differs (uniqueness), a note
  says so.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rlvr_envs
from rlvr_envs.registry import format_answer

RESULTS = Path(__file__).parent / "results"
POOL = 64  # problems (or entries) cycled through when timing verification


@dataclass
class Comparisons:
    """A domain's benchmark: its counterparts in reasoning-gym and what the table says of them.

    ``rows`` holds (our id, our knobs matching the counterpart's default, counterpart, what
    its default is); ``notes`` a paragraph per counterpart; ``none`` why a family has none.
    """

    domain: str
    title: str
    rows: list[tuple[str, dict[str, Any], str, str]]
    notes: dict[str, str] = field(default_factory=dict)
    none: dict[str, str] = field(default_factory=dict)


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

    try:
        dataset = reasoning_gym.create_dataset(name, size=10**7, seed=0)
    except ValueError:  # some refuse a size beyond the distinct items they can make
        dataset = reasoning_gym.create_dataset(name, size=1000, seed=0)
    entries = [dataset[i] for i in range(POOL)]
    answers = [str(e["answer"]) for e in entries]
    return {
        "generate": lambda i: dataset[i % dataset.size],
        "verify_right": lambda i: dataset.score_answer(answers[i % POOL], entries[i % POOL]),
        "verify_corrupted": lambda i: dataset.score_answer(
            corrupt(answers[i % POOL]), entries[i % POOL]
        ),
    }


def family_rows(domain: str, seconds: float, repeats: int, only: str | None) -> list[dict]:
    rows = []
    for env_id in rlvr_envs.list_envs(domain=domain, mixtures=False):
        if only and only not in env_id:
            continue
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
        print(f"{env_id:<30} {cells}", flush=True)
    return rows


def comparison_rows(table: Comparisons, seconds: float, repeats: int, only: str | None) -> list:
    rows = []
    for env_id, knobs, peer, theirs in table.rows:
        if only and only not in env_id:
            continue
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
            f"{env_id:<30} vs {peer:<20} generate {row['ours_generate']:8.0f} / "
            f"{row['theirs_generate']:8.0f} = {row['ratio_generate']:6.1f}x",
            flush=True,
        )
    return rows


def markdown(table: Comparisons, families: list[dict], comparisons: list[dict], summary: dict):
    out = [
        f"# {table.title}: throughput, one core",
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
            f"| **{_ratio(r['ratio_generate'])}** "
            f"| {r['ours_verify_right']:.0f} / {r['theirs_verify_right']:.0f} "
            f"({r['ratio_verify_right']:.2f}x) "
            f"| {r['ours_verify_corrupted']:.0f} / {r['theirs_verify_corrupted']:.0f} "
            f"({r['ratio_verify_corrupted']:.2f}x) |"
        )
    out += ["", *(f"Note on {peer}: {note}" for peer, note in table.notes.items())]
    if summary.get("min_generate_ratio") is not None:
        out += [
            "",
            f"Generation ratio: minimum {_ratio(summary['min_generate_ratio'])}, geometric "
            f"mean {_ratio(summary['geomean_generate_ratio'])}.",
        ]
    if table.none:
        out += [
            "",
            "Families without a counterpart: "
            + "; ".join(f"{k} ({v})" for k, v in table.none.items())
            + ".",
        ]
    return "\n".join(out) + "\n"


def _ratio(value: float) -> str:
    """A ratio with two significant digits below 10 (0.04x, 3.9x), whole above (592x)."""
    return f"{value:.2g}x" if value < 10 else f"{value:.0f}x"


def _knob(value: Any) -> str:
    return f"{value:.3g}" if isinstance(value, float) else str(value)


def main(table: Comparisons, doc: str | None = None) -> None:
    parser = argparse.ArgumentParser(description=doc or __doc__)
    parser.add_argument("--seconds", type=float, default=0.25)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--only", help="only the ids that contain this text (no files written)")
    parser.add_argument(
        "--render", action="store_true", help="rewrite the .md from the .json, no timing"
    )
    args = parser.parse_args()
    json_path = RESULTS / f"{table.domain}.json"
    md_path = RESULTS / f"{table.domain}.md"
    if args.render:
        payload = json.loads(json_path.read_text())
        md_path.write_text(markdown(table, payload["families"], payload["comparisons"], payload))
        return
    for env_id, knobs, _, _ in table.rows:  # a bad knob fails now, not after the long part
        if not args.only or args.only in env_id:
            rlvr_envs.make_task(env_id).generate(seed=0, knobs=knobs)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    families = family_rows(table.domain, args.seconds, args.repeats, args.only)
    comparisons = comparison_rows(table, args.seconds, args.repeats, args.only)
    ratios = [r["ratio_generate"] for r in comparisons if "ratio_generate" in r]
    summary = {
        "machine": f"{platform.machine()}, Python {platform.python_version()}",
        "seconds": args.seconds,
        "repeats": args.repeats,
        "min_generate_ratio": min(ratios) if ratios else None,
        "geomean_generate_ratio": statistics.geometric_mean(ratios) if ratios else None,
    }
    text = markdown(table, families, comparisons, summary)
    if not args.only:
        RESULTS.mkdir(exist_ok=True)
        payload = {"families": families, "comparisons": comparisons, **summary}
        json_path.write_text(json.dumps(payload, indent=2) + "\n")
        md_path.write_text(text)
    print(text)
