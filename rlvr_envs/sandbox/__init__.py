"""Isolated execution of untrusted Python programs, and grading them by hidden tests.

Entry points (design.md, API appendix)::

    result = rlvr_envs.sandbox.run(source, stdin="", timeout=5.0, memory_mb=512, tmp_mb=64)
    report = rlvr_envs.sandbox.run_tests(source, tests, timeout=5.0, memory_mb=512, tmp_mb=64)

Every run is isolated from the host and from every other run, concurrent or earlier
(see :mod:`rlvr_envs.sandbox.jail` for the bubblewrap jail and
:mod:`rlvr_envs.sandbox._zygote` for what each run gets inside it: its own user, pid, ipc
and uts namespaces, a chroot with a read-only interpreter and a private ``/tmp`` of
``tmp_mb`` megabytes, its slot's network namespace with no interface, an unprivileged uid,
no capabilities, and rlimits). stdout, stderr and the results channel are cut at
:data:`OUTPUT_LIMIT` bytes each while they stream; a run that writes more is stopped with
status ``output_exceeded``. A warm interpreter in each jail forks per program, so a run
costs about two milliseconds of machine time rather than an interpreter start-up
(docs/sandbox.md says where they go).

Grading cannot be gamed by the program: its return values come back as plain JSON on a
results channel, never parsed from stdout; the expected values never enter the jail; the
comparison runs here, on decoded JSON (no object the program made takes part); exit codes
are not trusted. A program can at most write values onto the channel, and writing the right
value for a hidden input is what solving the problem means.

Where the jail cannot start, :func:`run` and :func:`require` raise
:class:`SandboxUnavailable` naming the fix; ``isolation="rlimits"`` (or the environment
variable ``RLVR_SANDBOX_ISOLATION=rlimits``) is an explicit opt-in to resource limits
only, and every result it produces says ``isolation == "rlimits"``.
"""

from __future__ import annotations

import atexit
import itertools
import json
import marshal
import math
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rlvr_envs.sandbox.jail import JailDied, SandboxUnavailable, ZygoteHandle
from rlvr_envs.sandbox.results import RawRun, RunResult, TestReport

__all__ = [
    "ISOLATIONS",
    "RunResult",
    "Sandbox",
    "SandboxUnavailable",
    "TestReport",
    "default_isolation",
    "require",
    "run",
    "run_tests",
]

ISOLATIONS = ("jail", "rlimits")
STATUSES = ("ok", "runtime_error", "timeout", "memory_exceeded", "output_exceeded", "killed")
OUTPUT_LIMIT = 4 * 1024 * 1024  # bytes per stream (stdout, stderr, results), cut on the stream
TMP_MB = 64  # default size of a run's private /tmp (scratch disk), in megabytes
MAX_PROCESSES = 64  # RLIMIT_NPROC: processes and threads of one run
MAX_FILES = 256  # RLIMIT_NOFILE
REPLY_GRACE = 10.0  # seconds past the limit before the host gives up on a zygote


def default_isolation() -> str:
    """``jail`` unless ``RLVR_SANDBOX_ISOLATION`` opts in to ``rlimits``."""
    value = os.environ.get("RLVR_SANDBOX_ISOLATION", "jail").strip() or "jail"
    if value not in ISOLATIONS:
        raise ValueError(f"RLVR_SANDBOX_ISOLATION must be one of {ISOLATIONS}, got {value!r}")
    return value


class Sandbox:
    """A set of zygotes for one isolation mode; safe to use from many threads at once.

    ``jails`` zygotes (default: the CPU count, at most 4) each run up to ``slots`` programs
    at a time. A caller holds one slot of one zygote for the length of a run. A forked child
    of the caller makes its own (see :func:`get_sandbox`).
    """

    def __init__(self, isolation: str = "jail", jails: int | None = None, slots: int = 4) -> None:
        if isolation not in ISOLATIONS:
            raise ValueError(f"isolation must be one of {ISOLATIONS}, got {isolation!r}")
        self.isolation = isolation
        self.slots = slots
        self.pid = os.getpid()
        self._ids = itertools.count(1)
        self._cond = threading.Condition()
        self._closed = False
        count = jails or max(1, min(4, os.cpu_count() or 1))
        self._zygotes: list[ZygoteHandle | None] = [None] * count
        self._free = [list(range(slots)) for _ in range(count)]
        self._starting = [threading.Lock() for _ in range(count)]
        self._start(0)  # fails now, with the fix, if this isolation cannot be had
        try:
            self._probe()
        except BaseException:
            self.close()
            raise

    def _start(self, index: int) -> ZygoteHandle:
        zygote = ZygoteHandle(self.isolation, self.slots, index, TMP_MB, OUTPUT_LIMIT)
        self._zygotes[index] = zygote
        return zygote

    def _probe(self) -> None:
        check = "import os\nprint(os.getuid())\nprint(os.path.exists('/proc'))\n"
        raw = self.execute({"source": check}, b"", timeout=20.0, memory_mb=512)
        lines = raw.stdout.decode(errors="replace").splitlines()
        if raw.status != "ok" or len(lines) != 2:
            detail = raw.stderr.decode(errors="replace").strip()[-2000:]
            raise SandboxUnavailable(
                f"the {self.isolation} sandbox started but cannot run programs "
                f"(status {raw.status}): {detail}"
            )
        if self.isolation == "jail" and lines != ["1000", "False"]:
            raise SandboxUnavailable(f"the jail is not isolating as designed: {lines}")

    # -- slots ------------------------------------------------------------------------------
    def _acquire(self) -> tuple[int, int, ZygoteHandle]:
        with self._cond:
            while True:
                if self._closed:
                    raise RuntimeError("the sandbox is closed")
                index = max(range(len(self._free)), key=lambda i: (len(self._free[i]), -i))
                if self._free[index]:
                    slot = self._free[index].pop()
                    zygote = self._zygotes[index]
                    break
                self._cond.wait()
        if zygote is None or not zygote.alive():
            try:
                with self._starting[index]:  # one thread (re)starts it, the others reuse it
                    zygote = self._zygotes[index]
                    if zygote is None or not zygote.alive():
                        if zygote is not None:
                            zygote.close()
                        zygote = self._start(index)
            except BaseException:
                self._release(index, slot)
                raise
        return index, slot, zygote

    def _release(self, index: int, slot: int) -> None:
        with self._cond:
            self._free[index].append(slot)
            self._cond.notify()

    # -- one run ----------------------------------------------------------------------------
    def execute(
        self,
        payload: dict[str, Any],
        stdin: bytes,
        timeout: float,
        memory_mb: int,
        tmp_mb: int = TMP_MB,
    ) -> RawRun:
        """Run one program (``payload``: source and optional tests); retry once if the
        zygote died under it (a machine problem, never the program's doing)."""
        timeout = max(0.05, float(timeout))
        # The tmpfs bounds scratch files in the jail (ENOSPC comes first); without one
        # (rlimits), no single file may pass its size.
        fsize = (tmp_mb << 20) * (2 if self.isolation == "jail" else 1)
        cpu_s = max(1, math.ceil(timeout))
        limits = (int(memory_mb) << 20, cpu_s, fsize, MAX_FILES, MAX_PROCESSES)
        tests = payload.get("tests")
        if tests is not None:  # JSON semantics, as before (tuples become lists, keys strings)
            tests = json.loads(json.dumps(tests))
        # marshal data (made here, read by the run without a parser of its own)
        request = marshal.dumps((limits, str(payload["source"]), tests))
        body = len(request).to_bytes(8, "little") + request + stdin
        for attempt in range(2):
            try:
                return self._execute_once(body, timeout, tmp_mb)
            except JailDied:
                if attempt:
                    return RawRun("killed", None, b"", b"", b"", 0.0, 0.0, self.isolation)
        raise AssertionError("unreachable")

    def _execute_once(self, body: bytes, timeout: float, tmp_mb: int) -> RawRun:
        header = {"id": next(self._ids), "timeout": timeout, "tmp_mb": tmp_mb}
        index, slot, zygote = self._acquire()
        try:
            answer = zygote.run(slot, body, header, timeout + REPLY_GRACE, OUTPUT_LIMIT)
            if answer is None:  # stuck: take the whole jail down; the next run restarts it
                zygote.close()
                return RawRun("killed", None, b"", b"", b"", timeout, 0.0, self.isolation)
            return self._collect(*answer)
        finally:
            self._release(index, slot)

    def _collect(self, reply: dict[str, Any], streams: list[bytes]) -> RawRun:
        if reply.get("error") and "exit" not in reply:
            raise RuntimeError(f"sandbox error: {reply['error']}")
        stdout, stderr, results = streams
        exit_code = reply.get("exit")
        done = _done_record(results)
        if reply.get("timed_out") or exit_code == -24:  # SIGXCPU: the CPU-seconds limit
            status = "timeout"
        elif reply.get("over"):
            status = "output_exceeded"
        elif done.get("error") == "MemoryError":
            status = "memory_exceeded"
        elif exit_code == 0 and done:
            status = "ok"
        elif exit_code == -9:
            status = "killed"
        else:
            status = "runtime_error"
        return RawRun(
            status=status,
            exit_code=exit_code,
            stdout=stdout,
            stderr=stderr,
            results=results,
            wall_s=float(reply.get("wall", 0.0)),
            cpu_s=float(reply.get("cpu", 0.0)),
            isolation=self.isolation,
        )

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        for zygote in self._zygotes:
            if zygote is not None:
                zygote.close()


def _done_record(results: bytes) -> dict[str, Any]:
    """The harness's final record (the last line that is one), or {} if it never wrote it."""
    for line in reversed(results.splitlines()[-4:]):
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):
            continue
        if isinstance(record, dict) and record.get("done") is True:
            return record
    return {}


_SANDBOXES: dict[str, Sandbox] = {}
_FAILURES: dict[str, SandboxUnavailable] = {}
_LOCK = threading.Lock()


def get_sandbox(isolation: str | None = None) -> Sandbox:
    """The process-wide sandbox for ``isolation``; a forked child gets a fresh one."""
    isolation = isolation or default_isolation()
    if isolation not in ISOLATIONS:
        raise ValueError(f"isolation must be one of {ISOLATIONS}, got {isolation!r}")
    with _LOCK:
        sandbox = _SANDBOXES.get(isolation)
        if sandbox is not None and sandbox.pid == os.getpid():
            return sandbox
        failure = _FAILURES.get(isolation)
        if failure is not None and getattr(failure, "pid", None) == os.getpid():
            raise failure
        try:
            sandbox = _SANDBOXES[isolation] = Sandbox(isolation)
        except SandboxUnavailable as exc:
            exc.pid = os.getpid()  # type: ignore[attr-defined]
            _FAILURES[isolation] = exc
            raise
        return sandbox


def require(isolation: str | None = None) -> str:
    """Start (or reuse) the sandbox now; raise :class:`SandboxUnavailable` naming the fix.

    Code families call this when they are made, so a machine without a jail fails at
    ``make_task``/``gym.make`` rather than in the middle of training. Returns the isolation.
    """
    return get_sandbox(isolation).isolation


@atexit.register
def _shutdown() -> None:
    for sandbox in list(_SANDBOXES.values()):
        if sandbox.pid == os.getpid():
            sandbox.close()


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def _check_tmp_mb(tmp_mb: int) -> int:
    if isinstance(tmp_mb, bool) or not isinstance(tmp_mb, int) or tmp_mb < 1:
        raise ValueError(f"tmp_mb must be a positive number of megabytes, got {tmp_mb!r}")
    return tmp_mb


def run(
    source: str,
    *,
    stdin: str = "",
    timeout: float = 5.0,
    memory_mb: int = 512,
    isolation: str | None = None,
    tmp_mb: int = TMP_MB,
) -> RunResult:
    """Run ``source`` as ``__main__`` with ``stdin``, isolated, under hard limits.

    ``timeout`` is the wall-clock limit (the whole run is killed when it passes; CPU seconds
    are limited to its ceiling); ``memory_mb`` limits the address space; ``tmp_mb`` is the
    size of the run's private ``/tmp``, its scratch disk (writing past it fails with
    ``ENOSPC``; with ``isolation="rlimits"``, which has no private ``/tmp``, it caps each
    file's size instead). stdout and stderr are cut at :data:`OUTPUT_LIMIT` bytes each: the
    run is stopped there and its status is ``output_exceeded``. ``isolation`` None means
    ``$RLVR_SANDBOX_ISOLATION``, else ``jail``. Raises :class:`SandboxUnavailable` (naming
    the fix) when that isolation cannot be had here.
    """
    raw = get_sandbox(isolation).execute(
        {"source": source},
        stdin.encode("utf-8", errors="replace"),
        timeout,
        memory_mb,
        _check_tmp_mb(tmp_mb),
    )
    return RunResult(
        status=raw.status,
        exit_code=raw.exit_code,
        stdout=_text(raw.stdout),
        stderr=_text(raw.stderr),
        wall_s=raw.wall_s,
        cpu_s=raw.cpu_s,
        isolation=raw.isolation,
    )


def run_tests(
    source: str,
    tests: Sequence[Mapping[str, Any]],
    *,
    timeout: float = 5.0,
    memory_mb: int = 512,
    isolation: str | None = None,
    tmp_mb: int = TMP_MB,
    judge: Callable[[Mapping[str, Any], Any], bool] | None = None,
) -> TestReport:
    """Grade ``source`` against hidden ``tests``; the comparison happens here, on the host.

    A test is ``{"fn", "args", "kwargs", "expected"}`` (the program is run once, then each
    function call is made in the jail and its return value comes back as JSON; with
    ``"args_unchanged": True`` the arguments come back too, as the call left them, and the
    test fails when they differ from the inputs) or
    ``{"stdin", "expected_stdout"}`` (one run per test, stdout compared after trimming
    trailing whitespace). Expected values never leave this process. The limits are those
    of :func:`run`, per run. Where several outputs are right, ``judge(test, output)``
    decides instead of the comparison with ``expected`` (see
    :mod:`rlvr_envs.sandbox.grading`).
    """
    from rlvr_envs.sandbox import grading

    return grading.run_tests(
        get_sandbox(isolation), source, tests, timeout, memory_mb, _check_tmp_mb(tmp_mb), judge
    )
