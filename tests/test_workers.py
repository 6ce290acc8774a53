"""The killable worker pool: hard limits, recovery, and use from threads, processes, async."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from rlvr_envs.mathcheck.compare import compare_answers, is_equivalent
from rlvr_envs.workers import pool

SLEEP = "rlvr_envs.workers._testing:sleep"
LOADED = "rlvr_envs.workers._testing:loaded"


def test_a_runaway_call_is_killed_at_its_limit_and_the_pool_recovers():
    p = pool.WorkerPool(size=1)
    try:
        p.warm(1)
        start = time.perf_counter()
        with pytest.raises(pool.WorkerTimeout):
            p.call(SLEEP, [30], timeout=0.3)
        assert time.perf_counter() - start < 2.0
        assert p.call(SLEEP, [0], timeout=30) == 0
    finally:
        p.close()


def test_a_worker_imports_registered_modules_and_earlier_targets_before_its_first_call(
    monkeypatch,
):
    monkeypatch.setattr(pool, "_PRELOAD", dict(pool._PRELOAD))  # this test's additions go away
    assert "rlvr_envs.mathcheck.symbolic" in pool._PRELOAD  # registered by mathcheck.compare
    pool.preload("rlvr_envs.writers", "rlvr_envs.no_such_module")  # the latter: left to a call
    with pytest.raises(ValueError, match="must live in"):
        pool.preload("os")
    modules = ["rlvr_envs.writers", "rlvr_envs.calibration.cards", "sympy"]
    p = pool.WorkerPool(size=1)
    try:
        assert p.call(LOADED, [modules], timeout=30) == [True, False, True]
        low, high = p.call("rlvr_envs.calibration.cards:wilson_interval", [3, 10], timeout=30)
        assert 0 < low < 0.3 < high < 1
        with pytest.raises(pool.WorkerTimeout):
            p.call(SLEEP, [30], timeout=0.3)  # the worker is killed; a replacement starts
        assert p.call(LOADED, [modules], timeout=30) == [True, True, True]  # and loads cards
    finally:
        p.close()


def test_targets_outside_the_package_are_refused():
    with pytest.raises(ValueError):
        pool.call("os:system", ["true"], 1.0)


def test_errors_inside_the_worker_come_back_as_worker_error():
    with pytest.raises(pool.WorkerError, match="ZeroDivisionError"):
        pool.call("rlvr_envs.workers._testing:divide", [1, 0], 5.0)


def symbolic_pair(i: int) -> bool:
    compare_answers.cache_clear()
    return is_equivalent(rf"\sqrt{{{4 * i * i}}}", f"{2 * i}") and not is_equivalent(
        rf"\sqrt{{2}} + {i}", f"{i}"
    )


def test_safe_from_many_threads():
    with ThreadPoolExecutor(8) as executor:
        assert all(executor.map(symbolic_pair, range(1, 33)))


def _in_daemonic_pool(i: int) -> tuple[int, bool]:
    return os.getpid(), symbolic_pair(i)


def test_safe_from_a_callers_process_pool():
    context = multiprocessing.get_context("fork")
    with context.Pool(2) as processes:  # daemonic workers: multiprocessing children would fail
        results = processes.map(_in_daemonic_pool, range(1, 5))
    assert all(ok for _, ok in results)


def test_safe_from_async_code():
    async def main() -> list[bool]:
        return await asyncio.gather(*(asyncio.to_thread(symbolic_pair, i) for i in range(1, 9)))

    assert all(asyncio.run(main()))


def test_a_forked_child_gets_its_own_pool():
    parent = pool.get_pool()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # child
        ok = pool.get_pool() is not parent and symbolic_pair(3)
        os.write(write, b"1" if ok else b"0")
        os._exit(0)
    os.waitpid(pid, 0)
    assert os.read(read, 1) == b"1"


def test_closing_with_kill_busy_ends_a_call_in_flight_at_once():
    # Ctrl-C in rlvr eval: a check in flight (or a worker still starting) must not hold the exit
    p = pool.WorkerPool(size=1)
    p.warm(1)
    with ThreadPoolExecutor(1) as executor:
        future = executor.submit(p.call, SLEEP, [30], 60)
        deadline = time.monotonic() + 30
        while not p._busy and time.monotonic() < deadline:
            time.sleep(0.01)
        start = time.perf_counter()
        p.close(kill_busy=True)
        with pytest.raises((pool.WorkerCrash, pool.WorkerError)):
            future.result(timeout=30)
        assert time.perf_counter() - start < 10.0  # not the call's 30 s
    assert not p._busy and not p._idle
