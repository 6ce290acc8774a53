"""`rlvr eval`'s client against a plain concurrent client: requests/s on the same server.

Issue 17 asks that the evaluation client never be the bottleneck: at least 0.9x the
requests/s of a plain client that sends the same prompts with the same concurrency to the
same server. The server is the test suite's fake OpenAI-compatible server
(``tests/evaluation/fake_server.py``) in ``--fast`` mode, in its own process (so its CPU does
not compete with the client for one GIL), answering every request at once with the oracle's
completion; the client process is pinned to one core and the server to another when there
are two.

Clients, each run ``--reps`` times, interleaved:

* ``plain``: ``asyncio`` + ``httpx.AsyncClient``, a semaphore of ``--concurrency``, one POST
  per sample with the same body, the completion's text taken from the JSON; nothing else.
* ``plain + thread hop``: the same, handing each completion's text to a thread pool and
  back (``loop.run_in_executor``), as ``rlvr eval`` does to score it off the event loop.
  On a busy machine this alone changes the wall-clock rate a lot (the event loop that
  waits for a thread is woken sooner than one that waits on its sockets only), so it is
  the like-for-like baseline there; on an idle machine the two plain rows agree.
* ``rlvr eval``: :func:`rlvr_envs.evaluation.score_problems` with
  :func:`~rlvr_envs.evaluation.openai_backend` as ``rlvr eval`` runs it: retries armed, every
  completion appended to a fresh JSONL cache and scored with ``rlvr_envs.verify`` as it
  arrives, the tqdm progress bar on (written to /dev/null).
* ``rlvr eval, cached rerun``: the same call again on the filled cache (no request at all).

Problems: the frozen evaluation sets of ``math-v0``, ``puzzles-v0``, ``graph-v1`` and
``algorithms-v0`` (1080 problems), ``--k`` samples each. Usage::

    python bench/eval_bench.py            # ~2 minutes; writes bench/results/eval.{json,md}
    python bench/eval_bench.py --quick    # a smoke run, nothing written
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import contextlib
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

import rlvr_envs
from rlvr_envs.evaluation import openai_backend, score_problems

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).parent / "results"
SUITES = ("math-v0", "puzzles-v0", "graph-v1", "algorithms-v0")
MODEL = "fake"


def load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


@contextlib.contextmanager
def fast_server(problems: list[rlvr_envs.Problem], cpu: int | None):
    """The fake server in its own process; yields its base URL."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        for problem in problems:
            f.write(json.dumps(problem.to_dict()) + "\n")
    command = [sys.executable, "-m", "tests.evaluation.fake_server", "--fast", "--problems"]
    proc = subprocess.Popen([*command, f.name], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        port = int(proc.stdout.readline())
        if cpu is not None:
            os.sched_setaffinity(proc.pid, {cpu})
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        proc.kill()
        proc.wait()
        os.unlink(f.name)


async def plain_client(
    url: str, problems: list[rlvr_envs.Problem], k: int, concurrency: int, hop: bool = False
) -> list[str]:
    """The baseline: what anyone would write with httpx and a semaphore (``hop``: and each
    text handed to a thread and back)."""
    loop = asyncio.get_running_loop()
    pool = concurrent.futures.ThreadPoolExecutor(os.cpu_count()) if hop else None
    semaphore = asyncio.Semaphore(concurrency)
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(timeout=120.0, limits=limits) as client:

        async def one(problem: rlvr_envs.Problem, sample: int) -> str:
            body = {
                "model": MODEL,
                "messages": [{"role": "user", "content": problem.prompt}],
                "temperature": 0.0,
                "max_tokens": 1024,
            }
            async with semaphore:
                response = await client.post(url + "/chat/completions", json=body)
            text = response.json()["choices"][0]["message"]["content"]
            if pool is not None:
                await loop.run_in_executor(pool, str.strip, text)
            return text

        try:
            return await asyncio.gather(*[one(p, i) for p in problems for i in range(k)])
        finally:
            if pool is not None:
                pool.shutdown()


def run_plain(
    url: str, problems: list[rlvr_envs.Problem], k: int, concurrency: int, hop: bool = False
) -> tuple[float, float]:
    """Requests/s and the client's CPU milliseconds per request."""
    start, cpu = time.perf_counter(), time.process_time()
    texts = asyncio.run(plain_client(url, problems, k, concurrency, hop))
    assert len(texts) == len(problems) * k
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return len(texts) / elapsed, 1000 * cpu / len(texts)


def run_ours(
    url: str, problems: list[rlvr_envs.Problem], k: int, concurrency: int, cache: Path
) -> tuple[float, float, int, float]:
    """Samples/s, the client's CPU milliseconds per sample (every thread: scoring included),
    requests sent, and pass@1 (1.0: every oracle answer scored right)."""
    backend = openai_backend(url, MODEL, concurrency=concurrency, api_key="")
    start, cpu = time.perf_counter(), time.process_time()
    with open(os.devnull, "w") as devnull, contextlib.redirect_stderr(devnull):
        results = score_problems(problems, backend, k=k, cache=cache, progress=True)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    samples = [s for r in results for s in r.samples]
    requests = sum(s.requests for s in samples)
    assert not any(s.error for s in samples), [s.error for s in samples if s.error][:3]
    accuracy = sum(bool(s.correct) for s in samples) / len(samples)
    return len(samples) / elapsed, 1000 * cpu / len(samples), requests, accuracy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reps", type=int, default=5, help="interleaved repetitions")
    parser.add_argument("--k", type=int, default=2, help="samples per problem")
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--quick", action="store_true", help="short run, nothing written")
    args = parser.parse_args()
    problems = [p for suite in SUITES for p in rlvr_envs.load_suite(suite).load_eval_set()]
    reps = args.reps
    if args.quick:
        problems, reps = problems[::8], 1
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    server_cpu = cpus[1] if len(cpus) > 1 else None
    if server_cpu is not None:
        os.sched_setaffinity(0, {cpus[0]})
    load_before = load()
    names = ("plain", "plain + thread hop", "rlvr eval", "rlvr eval, cached rerun")
    rows: dict[str, list[float]] = {name: [] for name in names}
    cpu_ms: dict[str, list[float]] = {name: [] for name in names}
    accuracy = 1.0
    with fast_server(problems, server_cpu) as url, tempfile.TemporaryDirectory() as tmp:
        run_plain(url, problems[:64], 1, args.concurrency)  # warm-up: imports, connections
        run_ours(url, problems[:64], 1, args.concurrency, Path(tmp) / "warm.jsonl")
        for rep in range(reps):
            cache = Path(tmp) / f"rep{rep}.jsonl"

            runs = names[:3]
            order = runs[rep % 3 :] + runs[: rep % 3]  # rotate who goes first
            for name in order:
                if name.startswith("plain"):
                    hop = name != "plain"
                    rate, cpu = run_plain(url, problems, args.k, args.concurrency, hop)
                else:
                    rate, cpu, requests, accuracy = run_ours(
                        url, problems, args.k, args.concurrency, cache
                    )
                    assert requests == len(problems) * args.k
                rows[name].append(rate)
                cpu_ms[name].append(cpu)
            rate, cpu, requests, _ = run_ours(url, problems, args.k, args.concurrency, cache)
            assert requests == 0, f"the cached rerun sent {requests} requests"
            rows["rlvr eval, cached rerun"].append(rate)
            cpu_ms["rlvr eval, cached rerun"].append(cpu)
            print(f"rep {rep}: " + ", ".join(f"{n} {v[-1]:.0f}/s" for n, v in rows.items()))
    median = {name: statistics.median(values) for name, values in rows.items()}
    median_cpu = {name: statistics.median(values) for name, values in cpu_ms.items()}
    paired = [ours / plain for ours, plain in zip(rows["rlvr eval"], rows["plain"])]
    ratio = median["rlvr eval"] / median["plain"]
    ratio_hop = median["rlvr eval"] / median["plain + thread hop"]
    result = {
        "machine": f"{platform.processor() or platform.machine()}, Python "
        f"{platform.python_version()}, {os.cpu_count()} cores, httpx {httpx.__version__}",
        "load_before": load_before,
        "load_after": load(),
        "problems": len(problems),
        "k": args.k,
        "requests_per_rep": len(problems) * args.k,
        "concurrency": args.concurrency,
        "reps": reps,
        "requests_per_s": rows,
        "median_requests_per_s": median,
        "client_cpu_ms_per_request": cpu_ms,
        "median_client_cpu_ms_per_request": median_cpu,
        "ratio": ratio,
        "ratio_to_thread_hop": ratio_hop,
        "paired_ratios": paired,
        "cpu_ratio": median_cpu["rlvr eval"] / median_cpu["plain"],
        "oracle_accuracy": accuracy,
    }
    table = markdown(result)
    print(table)
    if args.quick:
        return
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "eval.json").write_text(json.dumps(result, indent=2) + "\n")
    (RESULTS / "eval.md").write_text(table)


def markdown(r: dict[str, Any]) -> str:
    median = r["median_requests_per_s"]
    lines = [
        "# `rlvr eval` client throughput vs a plain concurrent client",
        "",
        f"{r['problems']} problems x {r['k']} samples = {r['requests_per_rep']} requests per "
        f"run, concurrency {r['concurrency']}, against the fake OpenAI-compatible server in "
        f"`--fast` mode in its own process (one core each for client and server); median of "
        f"{r['reps']} interleaved runs; {r['machine']}; load average before "
        f"{r['load_before']}, after {r['load_after']}.",
        "",
        "| client | requests/s (median) | runs | client CPU ms per request (median) |",
        "| --- | ---: | --- | ---: |",
    ]
    cpu = r["median_client_cpu_ms_per_request"]
    for name, values in r["requests_per_s"].items():
        runs = ", ".join(f"{v:.0f}" for v in values)
        lines.append(f"| {name} | {median[name]:.0f} | {runs} | {cpu[name]:.2f} |")
    paired = ", ".join(f"{x:.2f}" for x in r["paired_ratios"])
    lines += [
        "",
        f"`rlvr eval` / plain: **{r['ratio']:.2f}x** the requests/s (target >= 0.9x; run by "
        f"run: {paired}); / plain + thread hop: **{r['ratio_to_thread_hop']:.2f}x**. Client "
        f"CPU per request: {r['cpu_ratio']:.2f}x the plain client's.",
        "",
        "`rlvr eval` does more per request than the plain client: it scores every completion "
        f"(oracle answers, so pass@1 = {r['oracle_accuracy']:.2f}) on a thread, appends it to "
        "the JSONL cache and updates the progress bar; the cached rerun sends no request (it "
        "reads the cache and scores again). It still needs less CPU per request because it "
        "spreads its connections over httpx clients of 4 connections each, where the plain "
        "client has one pool of all of them: httpcore's pool does work proportional to its "
        "connections times its waiting requests at every request's state change. CPU time is "
        "the client process's, all threads; a busy machine inflates wall time, not CPU time. "
        "The plain + thread hop row hands each text to a thread and back, as `rlvr eval` does "
        "to score it: on a busy machine that alone raises the wall-clock rate (an event loop "
        "waiting for a thread is woken sooner than one waiting on sockets only), so it is "
        "the like-for-like baseline for wall time. Runs rotate which client goes first.",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
