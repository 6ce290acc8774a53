"""A load test for a running ``rlvr serve``: N concurrent OpenEnv clients, M episodes each.

Every client is OpenEnv's own ``GenericEnvClient`` on its own WebSocket session, all on one
asyncio loop. Each episode resets with an explicit env id and seed, and answers with the
oracle's completion (even episodes) or a wrong one (odd episodes), which the client computes
from the same pure generator; a reward other than the expected 1 or 0, or a problem id that
is not the one this seed makes, counts as ``mismatched`` (sessions mixing their episodes
would show here). Latencies are per request, measured at the client::

    report = asyncio.run(load_test("http://127.0.0.1:8000", clients=32, episodes=5))
    print(report.summary())
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

import rlvr_envs

WRONG = "<answer>this is not the answer</answer>"


@dataclass
class LoadReport:
    """What :func:`load_test` measured (latencies in milliseconds)."""

    clients: int
    episodes: int  # per client
    env_id: str
    wall_s: float
    reset_ms: list[float] = field(default_factory=list)
    step_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    mismatched: int = 0

    @property
    def requests(self) -> int:
        return len(self.reset_ms) + len(self.step_ms)

    def percentile(self, which: str, q: float) -> float:
        values = getattr(self, f"{which}_ms")
        return float(np.percentile(values, q)) if values else float("nan")

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        del out["reset_ms"], out["step_ms"]
        for which in ("reset", "step"):
            for q in (50, 99):
                out[f"{which}_p{q}_ms"] = round(self.percentile(which, q), 2)
        out["requests"] = self.requests
        out["episodes_per_s"] = round(len(self.step_ms) / self.wall_s, 1) if self.wall_s else 0.0
        return out

    def summary(self) -> str:
        d = self.to_dict()
        return (
            f"{self.clients} clients x {self.episodes} episodes of {self.env_id}: "
            f"{d['requests']} requests in {self.wall_s:.2f} s ({d['episodes_per_s']} episodes/s), "
            f"reset p50 {d['reset_p50_ms']} ms p99 {d['reset_p99_ms']} ms, "
            f"step p50 {d['step_p50_ms']} ms p99 {d['step_p99_ms']} ms, "
            f"{len(self.errors)} errors, {self.mismatched} mismatched"
        )


async def load_test(
    url: str,
    *,
    clients: int = 32,
    episodes: int = 5,
    env_id: str = "rlvr/Arithmetic-v0",
    difficulty: float = 0.5,
    seed: int = 0,
    message_timeout_s: float = 60.0,
) -> LoadReport:
    """Run ``clients`` concurrent sessions of ``episodes`` single-turn episodes each against
    the server at ``url`` and return what was measured; never raises for a failed request
    (it is counted in ``errors``)."""
    from openenv.core import GenericEnvClient

    task = rlvr_envs.make_task(env_id)
    report = LoadReport(clients, episodes, env_id, 0.0)

    async def one_client(index: int) -> None:
        try:
            async with GenericEnvClient(base_url=url, message_timeout_s=message_timeout_s) as env:
                for episode in range(episodes):
                    await one_episode(env, index, episode)
        except Exception as exc:  # a dropped session: count it, keep the others going
            report.errors.append(f"client {index}: {type(exc).__name__}: {exc}")

    async def one_episode(env: Any, index: int, episode: int) -> None:
        problem_seed = seed + index * episodes + episode
        problem = task.generate(problem_seed, difficulty)
        start = time.perf_counter()
        result = await env.reset(env_id=env_id, seed=problem_seed, difficulty=difficulty)
        report.reset_ms.append((time.perf_counter() - start) * 1e3)
        right = episode % 2 == 0
        completion = rlvr_envs.oracle_completion(problem) if right else WRONG
        start = time.perf_counter()
        step = await env.step({"completion": completion})
        report.step_ms.append((time.perf_counter() - start) * 1e3)
        metadata = result.observation.get("metadata", {})
        if (
            metadata.get("problem_id") != problem.content_hash()[:16]
            or step.reward != (1.0 if right else 0.0)
            or not step.done
        ):
            report.mismatched += 1

    start = time.perf_counter()
    await asyncio.gather(*(one_client(i) for i in range(clients)))
    report.wall_s = time.perf_counter() - start
    return report
