"""Sandbox throughput, side by side: rlvr_envs.sandbox against the usual ways of running code.

Two workloads, each run by every backend in the same process, with the same concurrency
(a thread pool of ``--workers`` callers, 4 by default):

* **executions/s** of a trivial program (``print(1)``);
* **grading throughput** (problems/s): hidden-test grading of oracle solutions of
  ``rlvr/FunctionSynthesis-v0`` and ``rlvr/CuratedCode-v0`` problems.

Backends:

* ``rlvr-jail``: :func:`rlvr_envs.sandbox.run` / :func:`~rlvr_envs.sandbox.run_tests` with the
  default isolation (bubblewrap jail, per-run namespaces, rlimits);
* ``rlvr-rlimits``: the same with ``isolation="rlimits"`` (limits only, no isolation);
* ``subprocess``: a plain ``subprocess.run([python, "-c", source])`` per run (no isolation;
  for grading, the solution plus ``assert`` lines, judged by exit code);
* ``gem-bwrap``: GEM's sandbox helper (``gem.utils.sandbox.run_python``, PyPI ``gem-llm``) in
  its ``bwrap`` mode: a fresh bubblewrap and interpreter per run. GEM binds ``sys.prefix``
  as the jail's interpreter, so it is pointed at a self-contained ``venv --copies`` of the
  system interpreter (the layout it assumes);
* ``bare-fork`` (reference ceiling, no isolation and no result channel): a warm
  interpreter forking per task, on every core.

Latencies are per call as its caller sees it (p50/p99 in ms) under that concurrency. Rates
depend on what else the machine runs, so ours are measured in ``--reps`` interleaved
repetitions (jail trivial, jail grading, rlimits trivial, rlimits grading, then again) and
the median is reported with the load average (``os.getloadavg()``) before each repetition;
the baselines run once, after. The ratios to baselines measured in the same run are what
carry over to another machine. Usage::

    python bench/sandbox_bench.py             # ~3 minutes; writes bench/results/sandbox.{json,md}
    python bench/sandbox_bench.py --ours-only # the four rlvr rows only; nothing written
    python bench/sandbox_bench.py --quick     # a smoke run, nothing written
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import rlvr_envs
from rlvr_envs import sandbox
from rlvr_envs.sandbox.jail import find_bwrap

RESULTS = Path(__file__).parent / "results"
TRIVIAL = "print(1)"
PYTHON = sys.executable  # what a user's subprocess.run would start


# -- workloads -----------------------------------------------------------------------------
def grading_problems(count: int) -> list[tuple[str, list[dict[str, Any]]]]:
    """(oracle source, hidden tests) for ``count`` problems of two families."""
    out = []
    for env_id in ("rlvr/FunctionSynthesis-v0", "rlvr/CuratedCode-v0"):
        task = rlvr_envs.make_task(env_id)
        for seed in range(count // 2):
            problem = task.generate(seed=seed, difficulty=(seed % 5) / 4)
            out.append((problem.answer, problem.meta["hidden_tests"]))
    return out


def assert_program(source: str, tests: list[dict[str, Any]]) -> str:
    """How a baseline without a results channel grades: asserts, judged by exit code."""
    lines = [source]
    for t in tests:
        args = ", ".join(repr(a) for a in t["args"])
        lines.append(f"assert {t['fn']}({args}) == {t['expected']!r}")
    return "\n".join(lines) + "\n"


# -- backends ------------------------------------------------------------------------------
def subprocess_run(source: str) -> bool:
    result = subprocess.run([PYTHON, "-c", source], capture_output=True, timeout=30)
    return result.returncode == 0


class Gem:
    """GEM's ``run_python(code, "bwrap")`` with its expectations met (see module doc)."""

    def __init__(self) -> None:
        from gem.utils import sandbox as gem_sandbox

        self.run_python = gem_sandbox.run_python
        system_python = shutil.which("python3", path="/usr/bin:/bin")
        bwrap = find_bwrap()
        if system_python is None or bwrap is None:
            raise RuntimeError("needs /usr/bin/python3 and a bwrap binary")
        self.dir = Path(tempfile.mkdtemp(prefix="gem-bench-"))
        venv = self.dir / "venv"
        subprocess.run(
            [system_python, "-m", "venv", "--copies", "--without-pip", str(venv)], check=True
        )
        self.prefix = str(venv)
        self.path = f"{Path(bwrap).parent}{os.pathsep}{os.environ.get('PATH', '')}"

    @contextlib.contextmanager
    def active(self):
        saved = sys.prefix, os.environ.get("PATH", ""), os.getcwd()
        sys.prefix, os.environ["PATH"] = self.prefix, self.path
        os.chdir(self.dir)  # run_python makes its temporary directories in the cwd
        try:
            yield
        finally:
            sys.prefix, os.environ["PATH"] = saved[0], saved[1]
            os.chdir(saved[2])

    def run(self, source: str) -> bool:
        ok, _, _ = self.run_python(source, "bwrap")
        return ok

    def close(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)


def _tree_cpu(pid: int) -> float:
    """CPU seconds of a process and every descendant, reaped ones included."""
    total, stack, tick = 0.0, [pid], os.sysconf("SC_CLK_TCK")
    while stack:
        current = stack.pop()
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:
            continue
        total += sum(int(f) for f in fields[11:15]) / tick  # utime stime cutime cstime
        stack += [int(c) for c in children]
    return total


def cpu_snapshot(isolation: str) -> tuple[float, float]:
    """(this process's CPU, the zygotes' CPU with their children) for ``isolation``."""
    box = sandbox.get_sandbox(isolation)
    own = os.times()
    zygotes = sum(_tree_cpu(z.proc.pid) for z in box._zygotes if z is not None)
    return own.user + own.system, zygotes


def measure(
    call: Callable[[Any], bool],
    items: list[Any],
    workers: int,
    seconds: float,
    isolation: str | None = None,
) -> dict:
    """Run ``call`` over ``items`` (cycled) on ``workers`` threads for about ``seconds``:
    each thread calls again as soon as its call returns (no batches, no idle callers)."""
    latencies: list[float] = []
    failures = 0
    before = cpu_snapshot(isolation) if isolation is not None else (0.0, 0.0)
    deadline = time.monotonic() + seconds
    start = time.perf_counter()
    indexes = itertools.count()

    def caller() -> None:
        nonlocal failures
        while time.monotonic() < deadline:
            t0 = time.perf_counter()
            ok = call(items[next(indexes) % len(items)])
            latencies.append(time.perf_counter() - t0)
            failures += not ok

    with ThreadPoolExecutor(workers) as pool:
        for future in [pool.submit(caller) for _ in range(workers)]:
            future.result()
    elapsed = time.perf_counter() - start
    latencies.sort()
    n = len(latencies)
    row = {
        "runs": n,
        "seconds": round(elapsed, 2),
        "per_second": round(n / elapsed, 1),
        "p50_ms": round(1000 * statistics.median(latencies), 2) if n else None,
        "p99_ms": round(1000 * latencies[min(n - 1, int(n * 0.99))], 2) if n else None,
        "failures": failures,
    }
    if isolation is not None and n:
        host, zygotes = (b - a for a, b in zip(before, cpu_snapshot(isolation)))
        row["cpu_ms_per_run"] = {
            "host": round(1000 * host / n, 3),
            "zygotes_and_runs": round(1000 * zygotes / n, 3),
        }
        # What the machine could do if these processes had every core to themselves.
        row["cpu_bound_per_second"] = round((os.cpu_count() or 1) * n / (host + zygotes), 1)
    return row


BARE_FORK = """
import os, sys, time, json
seconds = float(sys.argv[1])
def worker():
    done, deadline = 0, time.monotonic() + seconds
    while time.monotonic() < deadline:
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            exec(compile(%r, "main.py", "exec"), {})
            os.write(w, b"1")
            os._exit(0)
        os.close(w); os.read(r, 1); os.close(r); os.waitpid(pid, 0)
        done += 1
    return done
cores = os.cpu_count() or 1
read, write = os.pipe()
start = time.perf_counter()
for _ in range(cores):
    if os.fork() == 0:
        os.write(write, b"%%d\\n" %% worker()); os._exit(0)
for _ in range(cores):
    os.wait()
os.close(write)
total = sum(int(x) for x in os.read(read, 1 << 16).split())
print(json.dumps({"runs": total, "seconds": time.perf_counter() - start}))
"""


def bare_fork(seconds: float) -> dict:
    code = BARE_FORK % TRIVIAL
    out = subprocess.run(
        [PYTHON, "-I", "-S", "-c", code, str(seconds)], capture_output=True, text=True, check=True
    )
    data = json.loads(out.stdout)
    return {
        "runs": data["runs"],
        "seconds": round(data["seconds"], 2),
        "per_second": round(data["runs"] / data["seconds"], 1),
        "p50_ms": None,
        "p99_ms": None,
        "failures": 0,
    }


# -- the run -------------------------------------------------------------------------------
def load() -> float:
    return round(os.getloadavg()[0], 2)


def median_row(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The repetition with the median rate, with every repetition's rate and load beside it."""
    ordered = sorted(rows, key=lambda row: row["per_second"])
    row = dict(ordered[(len(ordered) - 1) // 2])
    row["per_second_reps"] = [r["per_second"] for r in rows]
    row["load_reps"] = [r["load"] for r in rows]
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="per row and repetition")
    parser.add_argument("--reps", type=int, default=5, help="interleaved repetitions of ours")
    parser.add_argument("--workers", type=int, default=4, help="concurrent callers")
    parser.add_argument("--problems", type=int, default=60, help="grading problems (cycled)")
    parser.add_argument("--ours-only", action="store_true", help="no baselines, nothing written")
    parser.add_argument("--quick", action="store_true", help="short run, nothing written")
    args = parser.parse_args()
    seconds, reps = (1.0, 1) if args.quick else (args.seconds, args.reps)

    load_before = os.getloadavg()
    t0 = time.perf_counter()
    sandbox.require("jail")
    jail_startup = time.perf_counter() - t0
    sandbox.require("rlimits")
    problems = grading_problems(args.problems)
    graded = [(source, tests, assert_program(source, tests)) for source, tests in problems]

    def ours(isolation: str) -> Callable[[Any], bool]:
        return lambda _: sandbox.run(TRIVIAL, isolation=isolation).status == "ok"

    def ours_grading(isolation: str) -> Callable[[Any], bool]:
        return lambda item: sandbox.run_tests(item[0], item[1], isolation=isolation).all_passed

    print(
        f"jail start-up {jail_startup:.2f}s; {reps} x {seconds:.0f}s per row, "
        f"{args.workers} callers, {os.cpu_count()} cores, load {load()}"
    )
    rows: dict[tuple[str, str], list[dict[str, Any]]] = {}
    plan = [
        ("trivial", "rlvr-jail", ours("jail"), [None], "jail"),
        ("grading", "rlvr-jail", ours_grading("jail"), graded, "jail"),
        ("trivial", "rlvr-rlimits", ours("rlimits"), [None], "rlimits"),
        ("grading", "rlvr-rlimits", ours_grading("rlimits"), graded, "rlimits"),
    ]
    for _, _, call, items, isolation in plan:  # every zygote started before we count
        measure(call, items, args.workers, 0.5, isolation)
    for rep, (workload, name, call, items, isolation) in itertools.product(range(reps), plan):
        before = load()
        row = measure(call, items, args.workers, seconds, isolation)
        row["load"] = before
        rows.setdefault((workload, name), []).append(row)
        print(f"rep {rep + 1} {workload:8s} {name:13s} {row['per_second']:7.1f}/s  load {before}")
    results: dict[str, dict[str, Any]] = {"trivial": {}, "grading": {}}
    for (workload, name), reps_rows in rows.items():
        results[workload][name] = median_row(reps_rows)
    for workload, by_name in results.items():
        for name, row in by_name.items():
            print(
                f"median {workload:8s} {name:13s} {row['per_second']:7.1f}/s "
                f"(reps {row['per_second_reps']}, loads {row['load_reps']}) "
                f"CPU ms/run {row.get('cpu_ms_per_run')}"
            )
    if args.quick or args.ours_only:
        print(f"load average now {os.getloadavg()}")
        return
    for workload, call, items in (
        ("trivial", lambda _: subprocess_run(TRIVIAL), [None]),
        ("grading", lambda item: subprocess_run(item[2]), graded),
    ):
        results[workload]["subprocess"] = measure(call, items, args.workers, seconds)
        print(workload, "subprocess", results[workload]["subprocess"])
    try:
        gem = Gem()
    except Exception as exc:  # not installed, or no system interpreter / bwrap
        print(f"GEM unavailable: {exc}")
        gem = None
    if gem is not None:
        with gem.active():
            results["trivial"]["gem-bwrap"] = measure(
                lambda _: gem.run(TRIVIAL), [None], args.workers, seconds
            )
            print("trivial gem-bwrap", results["trivial"]["gem-bwrap"])
            results["grading"]["gem-bwrap"] = measure(
                lambda item: gem.run(item[2]), graded, args.workers, seconds
            )
            print("grading gem-bwrap", results["grading"]["gem-bwrap"])
        gem.close()
    results["trivial"]["bare-fork"] = bare_fork(seconds)
    print("trivial bare-fork", results["trivial"]["bare-fork"])

    ratios = {}
    for workload, by_name in results.items():
        ours_rate = by_name["rlvr-jail"]["per_second"]
        for other in ("subprocess", "gem-bwrap", "bare-fork"):
            if other in by_name and by_name[other]["per_second"]:
                ratios[f"{workload}: rlvr-jail / {other}"] = round(
                    ours_rate / by_name[other]["per_second"], 2
                )
    report = {
        "machine": {
            "cores": os.cpu_count(),
            "kernel": platform.release(),
            "python": platform.python_version(),
            "load_average_before": [round(x, 2) for x in load_before],
            "load_average_after": [round(x, 2) for x in os.getloadavg()],
        },
        "settings": {
            "seconds": seconds,
            "reps": reps,
            "workers": args.workers,
            "problems": len(problems),
        },
        "jail_startup_s": round(jail_startup, 2),
        "results": results,
        "ratios": ratios,
    }
    print(json.dumps(ratios, indent=1))
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "sandbox.json").write_text(json.dumps(report, indent=1) + "\n")
    (RESULTS / "sandbox.md").write_text(markdown(report))
    print(f"wrote {RESULTS / 'sandbox.json'} and sandbox.md")


def markdown(report: dict[str, Any]) -> str:
    machine = report["machine"]
    lines = [
        "# Sandbox throughput",
        "",
        f"{machine['cores']} cores, Linux {machine['kernel']}, Python {machine['python']}; "
        f"load average before/after: {machine['load_average_before'][0]} / "
        f"{machine['load_average_after'][0]}; {report['settings']['workers']} concurrent "
        f"callers, {report['settings']['seconds']:.0f} s per row; rlvr rows are the median "
        f"of {report['settings']['reps']} interleaved repetitions (every rate and the load "
        "before it are in sandbox.json). Written by `python bench/sandbox_bench.py`.",
        "",
    ]
    titles = {
        "trivial": "Executions of a trivial program (`print(1)`)",
        "grading": "Hidden-test grading of oracle solutions (problems)",
    }
    for workload, rows in report["results"].items():
        lines += [
            f"## {titles[workload]}",
            "",
            "| backend | per second | p50 ms | p99 ms | runs | CPU ms/run (host + jail) "
            "| CPU-bound per second |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for name, row in rows.items():
            p50 = "" if row["p50_ms"] is None else row["p50_ms"]
            p99 = "" if row["p99_ms"] is None else row["p99_ms"]
            cpu = row.get("cpu_ms_per_run")
            cpu_text = f"{cpu['host']} + {cpu['zygotes_and_runs']}" if cpu else ""
            bound = row.get("cpu_bound_per_second", "")
            lines.append(
                f"| {name} | {row['per_second']} | {p50} | {p99} | {row['runs']} | {cpu_text} "
                f"| {bound} |"
            )
        lines.append("")
    lines += ["## Ratios (rlvr-jail throughput over each baseline, same run)", ""]
    lines += [f"- {k}: {v}x" for k, v in report["ratios"].items()]
    lines += [
        "",
        "`rlvr-jail` isolates every run (bubblewrap jail; per-run user, pid, ipc and uts "
        "namespaces; a network namespace and private /tmp per concurrent slot; unprivileged "
        "uid; no capabilities; rlimits; output capped on the stream) and grades through a "
        "results channel. "
        "`subprocess` and `bare-fork` isolate nothing; `gem-bwrap` starts a bubblewrap and "
        "a fresh interpreter per run. `bare-fork` is the ceiling: a warm interpreter forking "
        "per task on every core, with no isolation and no results.",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
