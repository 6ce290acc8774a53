"""Problem-generation throughput, ours against reasoning-gym's equivalent generators, one core.

Run: ``python bench/generation_bench.py`` (needs the ``bench`` extra: reasoning-gym).
Each generator runs for ``--seconds`` after a warm-up, pinned to one CPU core; ours at its
default knobs and at difficulty 0.5, reasoning-gym at its default config (items are built in
``__getitem__``, which is what we time). Writes ``bench/results/generation.{json,md}``.
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

import rlvr_envs

# Our family -> reasoning-gym's nearest generators (None where it has none).
PEERS: dict[str, list[str]] = {
    "rlvr/Arithmetic-v0": ["basic_arithmetic"],
    "rlvr/FractionArithmetic-v0": ["fraction_simplification"],
    "rlvr/LinearEquation-v0": ["simple_equations"],
    "rlvr/LinearSystem-v0": [],
    "rlvr/Quadratic-v0": ["polynomial_equations"],
    "rlvr/PolynomialExpand-v0": ["polynomial_multiplication"],
    "rlvr/PolynomialFactor-v0": [],
    "rlvr/ModularArithmetic-v0": [],
    "rlvr/GcdLcm-v0": ["gcd", "lcm"],
    "rlvr/BaseConversion-v0": ["base_conversion"],
    "rlvr/Combinatorics-v0": [],
    "rlvr/Sequences-v0": ["number_sequence"],
    "rlvr/WordProblems-v0": ["gsm_symbolic"],
}

RESULTS = Path(__file__).parent / "results"


def rate(make: Callable[[int], object], seconds: float) -> float:
    """Items per second of ``make(i)`` over at least ``seconds`` (after 20 warm-up calls)."""
    for i in range(20):
        make(10**6 + i)
    count, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(10):
            make(count)
            count += 1
    return count / elapsed


def ours(env_id: str, difficulty: float | None) -> Callable[[int], object]:
    task = rlvr_envs.make_task(env_id)
    return lambda i: task.generate(seed=i, difficulty=difficulty)


def theirs(name: str) -> Callable[[int], object]:
    import reasoning_gym

    dataset = reasoning_gym.create_dataset(name, size=10**7, seed=0)
    return lambda i: dataset[i % dataset.size]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    rows = []
    for env_id, peers in PEERS.items():
        row = {
            "env_id": env_id,
            "ours_default": rate(ours(env_id, None), args.seconds),
            "ours_d0.5": rate(ours(env_id, 0.5), args.seconds),
            "peers": {},
        }
        for name in peers:
            try:
                row["peers"][name] = rate(theirs(name), args.seconds)
            except Exception as exc:  # a peer that cannot run here is reported, not hidden
                row["peers"][name] = f"failed: {type(exc).__name__}: {exc}"[:200]
        numeric = [v for v in row["peers"].values() if isinstance(v, float)]
        row["peer_rate"] = statistics.mean(numeric) if numeric else None
        row["ratio"] = row["ours_default"] / row["peer_rate"] if row["peer_rate"] else None
        rows.append(row)
        print(_line(row), flush=True)
    ratios = [r["ratio"] for r in rows if r["ratio"]]
    summary = {
        "min_ratio": min(ratios),
        "geomean_ratio": statistics.geometric_mean(ratios),
        "machine": f"{platform.processor() or platform.machine()}, {platform.python_version()}",
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "generation.json").write_text(json.dumps({"rows": rows, **summary}, indent=2))
    table = [
        "| env id | ours (default) /s | ours (d=0.5) /s | reasoning-gym | rg /s | ratio |",
        "|---|---:|---:|---|---:|---:|",
        *(_md(r) for r in rows),
        "",
        f"Ratio = ours at default knobs / reasoning-gym at its default config, one core. "
        f"Minimum {summary['min_ratio']:.1f}x, geometric mean {summary['geomean_ratio']:.1f}x "
        f"({summary['machine']}).",
    ]
    (RESULTS / "generation.md").write_text("\n".join(table) + "\n")
    print("\n".join(table))


def _line(row: dict) -> str:
    ratio = f"{row['ratio']:.1f}x" if row["ratio"] else "n/a"
    peer = row["peer_rate"] or 0
    return f"{row['env_id']:<30} ours {row['ours_default']:>9.0f}/s  peer {peer:>8.0f}/s  {ratio}"


def _md(row: dict) -> str:
    peers = ", ".join(row["peers"]) or "none"
    peer = f"{row['peer_rate']:.0f}" if row["peer_rate"] else "-"
    ratio = f"{row['ratio']:.1f}x" if row["ratio"] else "-"
    return (
        f"| {row['env_id']} | {row['ours_default']:.0f} | {row['ours_d0.5']:.0f} | {peers} "
        f"| {peer} | {ratio} |"
    )


if __name__ == "__main__":
    main()
