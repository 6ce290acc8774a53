"""Generation throughput of the composition envs at chain depth 1, 3 and 6, on one core.

Run: ``python bench/compose_bench.py [--seconds 2]``. Each (env, depth) cell times
``task.generate`` over fresh seeds for ``--seconds`` after a warm-up, pinned to one CPU core,
with the other knobs at difficulty 0.5 (so intermediates are asked for and Compose adds two
distractor facts). The depth knob is ``depth`` for StringCompose and Compose and ``horizon``
for ChainedMath. Every chain is built shortcut-free (every subset of links skipped and a
near miss at every step checked), which is what the cost grows with. Writes
``bench/results/compose.{json,md}``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
from pathlib import Path

from generation_bench import rate  # same timing loop as the other benches

import rlvr_envs

ENVS = {
    "rlvr/StringCompose-v0": "depth",
    "rlvr/Compose-v0": "depth",
    "rlvr/ChainedMath-v0": "horizon",
}
DEPTHS = (1, 3, 6)
RESULTS = Path(__file__).parent / "results"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    rows = []
    for env_id, knob in ENVS.items():
        task = rlvr_envs.make_task(env_id)
        for depth in DEPTHS:

            def make(i: int, task=task, knob=knob, depth=depth) -> object:
                return task.generate(seed=i, difficulty=0.5, knobs={knob: depth})

            row = {
                "env_id": env_id,
                "depth": depth,
                "generate_per_s": rate(make, args.seconds),
            }
            rows.append(row)
            print(
                f"{env_id:<24} depth {depth}  {row['generate_per_s']:>8.0f} problems/s",
                flush=True,
            )
    machine = f"{platform.processor() or platform.machine()}, Python {platform.python_version()}"
    if hasattr(os, "getloadavg"):  # other work on the machine slows every cell alike
        machine += f", load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "compose.json").write_text(
        json.dumps({"rows": rows, "machine": machine, "seconds": args.seconds}, indent=2) + "\n"
    )
    table = [
        "| env id | depth | problems generated /s |",
        "|---|---:|---:|",
        *(f"| {r['env_id']} | {r['depth']} | {r['generate_per_s']:.0f} |" for r in rows),
        "",
        "One core, other knobs at difficulty 0.5 (intermediate answers asked for; Compose with "
        "two distractor facts); depth is `horizon` for ChainedMath. Every chain is checked "
        f"shortcut-free while it is built ({machine}).",
    ]
    (RESULTS / "compose.md").write_text("\n".join(table) + "\n")
    print("\n".join(table))


if __name__ == "__main__":
    main()
