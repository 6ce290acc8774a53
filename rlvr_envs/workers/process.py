"""Worker process of :mod:`rlvr_envs.workers.pool`: runs trusted verifier code on data.

Protocol: one JSON request per line on stdin (``{"target": "module:function", "args":
[...]}``), one JSON reply per line on stdout. The worker limits its own address space,
dies with its parent, and imports the modules named on its command line (the pool passes
those of the targets it has run, so sympy is loaded for the math checks) before it says
``ready``.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import sys
import threading
import time


def _die_with_parent() -> None:
    """Exit as soon as the parent is gone, even in the middle of a computation.

    (``PR_SET_PDEATHSIG`` would fire when the parent *thread* that started us exits, which
    kills workers started from a caller's thread pool; polling the parent id does not.)
    """
    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def _limit_memory() -> None:
    megabytes = int(os.environ.get("RLVR_WORKER_MEMORY_MB", "0"))
    if megabytes <= 0:
        return
    try:
        import resource

        limit = megabytes * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):
        pass


def _resolve(target: str):
    module_name, _, function_name = target.partition(":")
    if not module_name.startswith("rlvr_envs."):
        raise ValueError(f"refusing target {target!r}")
    return getattr(importlib.import_module(module_name), function_name)


def _preload(modules: list[str]) -> None:
    """Import ``modules`` now, so that no call pays for it; one that fails is left for the
    call that needs it to report."""
    for module in modules:
        if module.startswith("rlvr_envs."):
            with contextlib.suppress(Exception):
                importlib.import_module(module)


def main() -> None:
    _die_with_parent()
    _limit_memory()
    _preload(sys.argv[1:])
    out = sys.stdout.buffer
    out.write(b"ready\n")
    out.flush()
    for line in sys.stdin.buffer:
        try:
            request = json.loads(line)
            result = _resolve(request["target"])(*request["args"])
            reply = {"ok": True, "result": result}
        except Exception as exc:  # reported to the caller, which decides what it means
            reply = {"ok": False, "error": f"{type(exc).__name__}: {exc}"[:2000]}
        out.write(json.dumps(reply).encode() + b"\n")
        out.flush()


if __name__ == "__main__":
    main()
