"""The killable worker pool: every verification that can be slow runs here, under a hard limit.

Design rules (design.md, "Hard limits"): the wall-clock limit is enforced by killing the
worker process (SIGKILL), never by ``signal.alarm`` or threads, so a runaway sympy call is
stopped wherever it is. Workers are plain subprocesses speaking JSON lines over pipes, not
``multiprocessing`` children, which makes the pool safe to use

* from many threads at once (a lock guards the idle list; each call owns one worker),
* from processes of a caller's own pool, daemonic ones included (``multiprocessing`` refuses
  children of daemonic processes; ``subprocess`` does not mind),
* after ``fork`` (a child never touches its parent's workers; it starts its own),
* from async code, through :func:`asyncio.to_thread`.

A worker imports what it runs on start-up and then announces itself, so its start-up time
never counts against a call's limit: each worker starts with the modules registered with
:func:`preload` (verifier code registers what its targets need: :mod:`rlvr_envs.mathcheck`
registers its sympy module) and those of every target called so far, the first call's
included. So the pool names no verifier module itself. After a kill a replacement starts at
once, in the background, so the next call finds a warm worker. Workers die with their parent (Linux
``PR_SET_PDEATHSIG``, and end-of-file on their input everywhere).
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import select
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

STARTUP_TIMEOUT = 60.0
ALLOWED_PREFIX = "rlvr_envs."


class WorkerTimeout(TimeoutError):
    """The call ran past its limit; its worker was killed."""


class WorkerError(RuntimeError):
    """The call raised inside the worker."""


class WorkerCrash(WorkerError):
    """The worker died (or never started) before it answered."""


class _Worker:
    def __init__(self, memory_mb: int, modules: Sequence[str] = ()) -> None:
        package_root = str(Path(__file__).resolve().parents[2])
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (package_root, env.get("PYTHONPATH")) if p)
        env["RLVR_WORKER_MEMORY_MB"] = str(memory_mb)
        self.proc = subprocess.Popen(
            [sys.executable, "-u", "-m", "rlvr_envs.workers.process", *modules],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            close_fds=True,
        )
        self.buffer = b""
        self.ready = False

    def _read_line(self, deadline: float) -> bytes:
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise WorkerTimeout
            readable, _, _ = select.select([fd], [], [], remaining)
            if not readable:
                raise WorkerTimeout
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                raise WorkerCrash("worker exited")
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def wait_ready(self) -> None:
        if not self.ready:
            if self._read_line(time.monotonic() + STARTUP_TIMEOUT) != b"ready":
                raise WorkerCrash("worker failed to start")
            self.ready = True

    def call(self, target: str, args: list[Any], timeout: float) -> Any:
        self.wait_ready()
        request = json.dumps({"target": target, "args": args}) + "\n"
        try:
            self.proc.stdin.write(request.encode())
            self.proc.stdin.flush()
        except OSError:
            raise WorkerCrash("worker exited") from None
        reply = json.loads(self._read_line(time.monotonic() + timeout))
        if not reply["ok"]:
            raise WorkerError(reply["error"])
        return reply["result"]

    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        if self.alive():
            self.proc.kill()
        self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout):
            with contextlib.suppress(OSError):
                stream.close()


class WorkerPool:
    """Up to ``size`` worker processes, each running one call at a time."""

    def __init__(self, size: int | None = None, memory_mb: int = 4096) -> None:
        self.size = size or max(2, os.cpu_count() or 2)
        self.memory_mb = memory_mb
        self.pid = os.getpid()
        self._idle: list[_Worker] = []
        self._busy: set[_Worker] = set()  # workers inside a call (or starting for one)
        self._count = 0
        self._cond = threading.Condition()
        self._closed = False

    def _start(self) -> _Worker:
        with _PRELOAD_LOCK:
            modules = tuple(_PRELOAD)
        return _Worker(self.memory_mb, modules)

    def _acquire(self) -> _Worker:
        with self._cond:
            while True:
                if self._closed:
                    raise WorkerError("pool is closed")
                if self._idle:
                    worker = self._idle.pop()
                    self._busy.add(worker)
                    return worker
                if self._count < self.size:
                    self._count += 1
                    break
                self._cond.wait()
        try:
            worker = self._start()
            with self._cond:
                self._busy.add(worker)
            return worker
        except BaseException:
            with self._cond:
                self._count -= 1
                self._cond.notify()
            raise

    def _release(self, worker: _Worker, healthy: bool) -> None:
        with self._cond:
            self._busy.discard(worker)
            if self._closed:
                worker.kill()
                return
        replacement = None
        if not healthy:
            worker.kill()
            try:  # warm a replacement now, so the next call does not pay start-up
                replacement = self._start()
            except OSError:
                replacement = None
        with self._cond:
            if self._closed:
                (replacement or worker).kill()
                return
            if healthy:
                self._idle.append(worker)
            elif replacement is not None:
                self._idle.append(replacement)
            else:
                self._count -= 1
            self._cond.notify()

    def call(self, target: str, args: list[Any], timeout: float) -> Any:
        """Run ``module:function(*args)`` in a worker; kill it after ``timeout`` seconds."""
        if not target.startswith(ALLOWED_PREFIX):
            raise ValueError(f"worker targets must live in {ALLOWED_PREFIX}*, got {target!r}")
        preload(target.partition(":")[0])
        for attempt in range(2):  # an idle worker may have died (killed by the OS, say)
            worker = self._acquire()
            healthy = False
            try:
                result = worker.call(target, list(args), timeout)
                healthy = True
                return result
            except WorkerCrash:
                if attempt:
                    raise
            except WorkerError:
                healthy = worker.alive()
                raise
            finally:
                self._release(worker, healthy)
        raise AssertionError("unreachable")

    def warm(self, count: int = 1) -> None:
        """Start up to ``count`` workers now and wait until they are ready."""
        workers = [self._acquire() for _ in range(min(count, self.size))]
        for worker in workers:
            worker.wait_ready()
            self._release(worker, True)

    def close(self, kill_busy: bool = False) -> None:
        """Stop the idle workers now; busy ones are killed as their calls end, or at once
        with ``kill_busy`` (their calls then raise :class:`WorkerCrash`): an interrupted
        caller must not wait for a call, or for a worker still starting, to finish."""
        with self._cond:
            self._closed = True
            idle, self._idle = self._idle, []
            busy = list(self._busy) if kill_busy else []
            self._cond.notify_all()
        for worker in idle:
            worker.kill()
        for worker in busy:  # its caller sees the end of output and releases (and reaps) it
            if worker.alive():
                worker.proc.kill()


_POOL: WorkerPool | None = None
_POOL_LOCK = threading.Lock()
_PRELOAD: dict[str, None] = {}  # modules a new worker imports before `ready`, in order
_PRELOAD_LOCK = threading.Lock()


def preload(*modules: str) -> None:
    """Have every worker started from now on (in any pool of this process) import
    ``modules`` before it says ``ready``, so that no call's limit pays for them. A module that
    fails to import there is left for the call that needs it to report."""
    for module in modules:
        if not module.startswith(ALLOWED_PREFIX):
            raise ValueError(f"worker modules must live in {ALLOWED_PREFIX}*, got {module!r}")
    with _PRELOAD_LOCK:
        for module in modules:
            _PRELOAD.setdefault(module, None)


def get_pool() -> WorkerPool:
    """The process-wide pool; a forked child gets a fresh one of its own."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None or _POOL.pid != os.getpid():
            _POOL = WorkerPool()
        return _POOL


def call(target: str, args: list[Any], timeout: float) -> Any:
    """Run ``target`` in the shared pool; see :meth:`WorkerPool.call`."""
    return get_pool().call(target, args, timeout)


@atexit.register
def shutdown(kill_busy: bool = False) -> None:
    """Stop this process's workers now, and kill busy ones as their calls end (at once with
    ``kill_busy``: after Ctrl-C); a later call starts a fresh pool. Runs at exit too: callers
    with threads of their own (a trainer's process group, say) call it first, so that
    nothing is left for interpreter teardown."""
    global _POOL
    with _POOL_LOCK:
        pool, _POOL = _POOL, None
    if pool is not None and pool.pid == os.getpid():
        pool.close(kill_busy)
