"""Ray backends on one machine: code grading with 1 and 2 Ray workers against the local
pool, and generating a large dataset with ``export --ray``.

* **Grading** (pairs/s): ``--pairs`` (problem, completion) pairs of
  ``rlvr/FunctionSynthesis-v0``, half oracle solutions and half wrong programs, graded in
  the bubblewrap sandbox by ``rlvr_envs.verify_batch`` with its defaults (``local``: threads
  of this process, CPU-count many) and with ``backend="ray"`` at ``workers=1`` and
  ``workers=2`` (Ray tasks in flight, one CPU each; each runs the local pool in its worker
  process, with that node's jails). Every backend is warmed once (worker processes, imports,
  jails), then the three run ``--reps`` interleaved times; the median is reported, and the
  verdicts must be the same for all three.
* **Generation** (problems/s): ``export(source, n)`` of the same ``min(n, 10^5)`` problems
  into JSONL locally (one process) and with ``backend="ray"`` (shards of 10^4 on the local
  2-CPU cluster), ``--reps`` interleaved times, the outputs equal byte for byte; then
  ``--problems`` problems (default 10^6) with Ray once, whose first rows must be the local
  output (the stream is the same).

The cluster is a local one (``ray.init(num_cpus=2)``) on this machine, so the ratios say
what Ray costs or gains here; on a cluster, each node adds its own CPUs and jails. Usage::

    python bench/ray_bench.py            # writes bench/results/ray.{json,md} (~5 minutes)
    python bench/ray_bench.py --quick    # a smoke run, nothing written

Needs ``pip install -e ".[ray]"`` (scripts/ray_test.sh builds ``.venv-ray`` with it).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("RAY_AUTH_MODE", "disabled")  # a throwaway local cluster: no token file

import rlvr_envs
from rlvr_envs.export import export

RESULTS = Path(__file__).parent / "results"
WRONG = "```python\ndef process_list(xs):\n    return sorted(xs)\n```"


def grading_pairs(count: int) -> tuple[list[Any], list[str]]:
    task = rlvr_envs.make_task("rlvr/FunctionSynthesis-v0")
    problems = [task.generate(seed=s, difficulty=(s % 5) / 4) for s in range(count)]
    completions = [
        rlvr_envs.oracle_completion(p) if i % 2 == 0 else WRONG for i, p in enumerate(problems)
    ]
    return problems, completions


def bench_grading(pairs: int, reps: int) -> dict[str, Any]:
    problems, completions = grading_pairs(pairs)
    backends = {
        "local": {},
        "ray, 1 worker": {"backend": "ray", "workers": 1},
        "ray, 2 workers": {"backend": "ray", "workers": 2},
    }
    reference = None
    rates: dict[str, list[float]] = {name: [] for name in backends}
    for name, options in backends.items():  # warm: worker processes, imports, jails
        verdicts = rlvr_envs.verify_batch(problems, completions, **options)
        reference = reference or verdicts
        assert verdicts == reference, f"{name} disagrees with the local pool"
    for _ in range(reps):
        for name, options in backends.items():
            started = time.perf_counter()
            rlvr_envs.verify_batch(problems, completions, **options)
            rates[name].append(pairs / (time.perf_counter() - started))
    assert reference is not None
    correct = sum(v.correct for v in reference)
    rows = {
        name: {"pairs_per_s": round(statistics.median(r), 1), "reps": [round(x, 1) for x in r]}
        for name, r in rates.items()
    }
    local = rows["local"]["pairs_per_s"]
    return {
        "pairs": pairs,
        "correct": correct,
        "rows": rows,
        "ratios": {
            "ray 1 worker / local": round(rows["ray, 1 worker"]["pairs_per_s"] / local, 2),
            "ray 2 workers / local": round(rows["ray, 2 workers"]["pairs_per_s"] / local, 2),
            "ray 2 workers / ray 1 worker": round(
                rows["ray, 2 workers"]["pairs_per_s"] / rows["ray, 1 worker"]["pairs_per_s"], 2
            ),
        },
    }


def bench_generation(source: str, problems: int, reps: int) -> dict[str, Any]:
    """The same ``min(problems, 10^5)`` problems exported locally and with Ray, ``reps``
    interleaved times (medians and their ratio), then ``problems`` with Ray once."""
    small = min(problems, 100_000)
    rates: dict[str, list[float]] = {"local": [], "ray": []}
    with tempfile.TemporaryDirectory(prefix="ray-bench-") as tmp:
        out = Path(tmp)
        for _ in range(reps):
            for name in rates:
                started = time.perf_counter()
                path = export(source, out / f"{name}.jsonl", n=small, progress=False,
                              backend=name)  # fmt: skip
                rates[name].append(small / (time.perf_counter() - started))
        local = (out / "local.jsonl").read_bytes()
        assert (out / "ray.jsonl").read_bytes() == local, "the Ray export differs"
        started = time.perf_counter()
        path = export(source, out / "big.jsonl", n=problems, progress=True, backend="ray")
        big_s = time.perf_counter() - started
        with path.open("rb") as fh:
            assert fh.read(len(local)) == local, "the large Ray export's prefix differs"
        with path.open("rb") as fh:
            lines = sum(1 for _ in fh)
        assert lines == problems, f"{lines} rows for {problems} problems"
        total_bytes = path.stat().st_size
    medians = {name: statistics.median(r) for name, r in rates.items()}
    return {
        "source": source,
        "small": small,
        "rows": {
            name: {"problems_per_s": round(medians[name]), "reps": [round(x) for x in r]}
            for name, r in rates.items()
        },
        "ratio ray / local": round(medians["ray"] / medians["local"], 2),
        "large": {"problems": problems, "seconds": round(big_s, 1),
                  "problems_per_s": round(problems / big_s), "bytes": total_bytes,
                  "shard_size": 10_000},
    }  # fmt: skip


def markdown(result: dict[str, Any]) -> str:
    grading, generation = result["grading"], result["generation"]
    lines = [
        "# Ray backends on one machine",
        "",
        f"{result['machine']}; a local Ray {result['ray']} cluster of {result['cpus']} CPUs "
        f"on the same machine; load average (1, 5, 15 min) before {result['load_before']}, "
        f"after {result['load_after']}: other processes shared the cores, so the ratios, "
        "measured in one run, carry over better than the rates. Written by "
        "`python bench/ray_bench.py`.",
        "",
        f"## Code grading: {grading['pairs']} pairs of rlvr/FunctionSynthesis-v0 "
        f"({grading['correct']} oracle solutions scoring 1, the rest wrong programs)",
        "",
        "| backend | pairs/s (median) | repetitions |",
        "| --- | ---: | --- |",
    ]
    for name, row in grading["rows"].items():
        lines.append(f"| {name} | {row['pairs_per_s']} | {row['reps']} |")
    lines += ["", "Ratios (same run):", ""]
    lines += [f"- {name}: {value}x" for name, value in grading["ratios"].items()]
    large, rows = generation["large"], generation["rows"]
    lines += [
        "",
        f"## Generation: `rlvr export {generation['source']} --ray` (JSONL, shards of "
        f"{large['shard_size']})",
        "",
        f"The same {generation['small']} problems, local export (one process) and Ray (2 "
        "CPUs), interleaved:",
        "",
        "| backend | problems/s (median) | repetitions |",
        "| --- | ---: | --- |",
        f"| local | {rows['local']['problems_per_s']} | {rows['local']['reps']} |",
        f"| ray | {rows['ray']['problems_per_s']} | {rows['ray']['reps']} |",
        "",
        f"Ray / local: {generation['ratio ray / local']}x (same bytes written).",
        "",
        f"{large['problems']} problems with Ray: {large['seconds']} s, "
        f"{large['problems_per_s']} problems/s, {large['bytes'] / 1e9:.2f} GB; its first "
        f"{generation['small']} rows are the local export's, byte for byte.",
        "",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=600)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--source", default="math-v0")
    parser.add_argument("--problems", type=int, default=1_000_000)
    parser.add_argument("--quick", action="store_true", help="small sizes; nothing written")
    args = parser.parse_args()
    if args.quick:
        args.pairs, args.reps, args.problems = 60, 1, 30_000
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        result = {
            "machine": f"{os.cpu_count()} cores, {platform.platform()}, Python "
            f"{platform.python_version()}",
            "ray": ray.__version__,
            "cpus": int(ray.cluster_resources()["CPU"]),
            "load_before": [round(x, 2) for x in os.getloadavg()],
            "grading": bench_grading(args.pairs, args.reps),
            "generation": bench_generation(args.source, args.problems, args.reps),
            "load_after": [round(x, 2) for x in os.getloadavg()],
        }
    finally:
        ray.shutdown()
    text = markdown(result)
    print(text)
    if not args.quick:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "ray.json").write_text(json.dumps(result, indent=2) + "\n")
        (RESULTS / "ray.md").write_text(text)


if __name__ == "__main__":
    sys.exit(main())
