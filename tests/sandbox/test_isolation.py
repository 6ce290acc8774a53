"""Attacks on the sandbox: each is contained, the host is unaffected, the verdict is clean.

Every test runs a hostile program through :func:`rlvr_envs.sandbox.run` and then checks,
from the host, that nothing escaped: no file written outside, no process left behind, no
connection made, no secret read, the host process alive and small.
"""

from __future__ import annotations

import os
import resource
import socket
import textwrap
import threading
import time
import uuid
from pathlib import Path

import pytest

from rlvr_envs import sandbox


def run(source: str, **kwargs) -> sandbox.RunResult:
    return sandbox.run(textwrap.dedent(source), **kwargs)


def processes_named(token: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if token in (entry / "comm").read_text():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def test_a_plain_program_runs_isolated_and_unprivileged():
    result = run(
        """
        import os
        print(os.getuid(), os.getgid(), os.getpid(), os.getppid(), os.getcwd())
        print(sorted(os.listdir("/")))
        """
    )
    assert result.status == "ok" and result.exit_code == 0 and result.isolation == "jail"
    ids, listing = result.stdout.splitlines()
    assert ids == "1000 1000 1 0 /tmp"  # pid 1 of its own namespace, uid 1000, in /tmp
    assert "proc" not in listing and "home" not in listing and "etc" not in listing


def test_fork_bomb_is_capped_and_killed_with_all_its_children():
    token = f"fb{uuid.uuid4().hex[:10]}"
    result = run(
        f"""
        import ctypes, os, time
        ctypes.CDLL(None).prctl(15, b"{token}", 0, 0, 0)  # PR_SET_NAME, inherited by forks
        forks = 0
        while True:
            try:
                os.fork()
                forks += 1
            except OSError:
                break
        print("capped", flush=True)
        time.sleep(60)
        """,
        timeout=2,
    )
    assert result.status == "timeout" and "capped" in result.stdout
    assert processes_named(token) == []


def test_thread_bomb_is_capped():
    result = run(
        """
        import threading, time
        threads = []
        try:
            while True:
                t = threading.Thread(target=time.sleep, args=(30,), daemon=True)
                t.start()
                threads.append(t)
        except RuntimeError:
            print("capped at", len(threads))
        """,
        timeout=5,
    )
    assert result.status == "ok" and result.stdout.startswith("capped at")
    assert int(result.stdout.split()[-1]) < sandbox.MAX_PROCESSES


def test_memory_bomb_hits_the_address_space_limit():
    for source in ("x = bytearray(4 * 1024**3)", "x = []\nwhile True: x.append(' ' * 10**7)"):
        result = run(source, memory_mb=256, timeout=10)
        assert result.status == "memory_exceeded", result


def test_disk_fill_stops_at_the_private_tmp_limits():
    big = run("with open('/tmp/big', 'wb') as f:\n    while True: f.write(b'x' * 2**20)")
    assert big.status == "runtime_error" and "File too large" in big.stderr
    many = run("for i in range(10**6):\n    open(f'f{i}', 'w').close()", timeout=10)
    assert many.status == "runtime_error" and "No space left" in many.stderr
    after = run("import os\nprint(os.listdir('/tmp'))")  # every run starts with an empty /tmp
    assert after.stdout.strip() == "[]"


@pytest.mark.parametrize("source", ["while True:\n    pass", "import time\ntime.sleep(3600)"])
def test_infinite_loop_and_sleeping_forever_are_killed_on_time(source):
    start = time.monotonic()
    result = run(source, timeout=1)
    assert result.status == "timeout" and time.monotonic() - start < 3


def test_no_network_not_even_to_a_loopback_listener_on_the_host():
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    listener.settimeout(0.2)
    port = listener.getsockname()[1]
    accepted = []

    def accept() -> None:
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:
            try:
                accepted.append(listener.accept())
            except OSError:
                continue

    thread = threading.Thread(target=accept)
    thread.start()
    result = run(
        f"""
        import socket
        for family, address in ((socket.AF_INET, ("127.0.0.1", {port})),
                                (socket.AF_INET6, ("::1", {port}))):
            try:
                socket.create_connection(address, timeout=1)
                print("CONNECTED")
            except OSError as exc:
                print("refused", exc.errno)
        try:
            socket.getaddrinfo("pypi.org", 443)
            print("RESOLVED")
        except OSError:
            print("no dns")
        """,
        timeout=5,
    )
    thread.join()
    listener.close()
    assert accepted == []
    assert "CONNECTED" not in result.stdout and "RESOLVED" not in result.stdout, result


def test_host_files_and_the_parents_environment_are_out_of_reach(monkeypatch, tmp_path):
    secret = f"s3cret-{uuid.uuid4().hex}"
    monkeypatch.setenv("RLVR_TEST_SECRET", secret)
    (tmp_path / "secret.txt").write_text(secret)
    result = run(
        f"""
        import os
        print(dict(os.environ))
        for path in ["/etc/passwd", "/etc/shadow", "/root/.bash_history", {str(tmp_path)!r},
                     {str(tmp_path / "secret.txt")!r}, "/proc/1/environ", "/proc/self/environ",
                     "/work", "/home", "/sys", "/proc"]:
            try:
                print(path, open(path).read()[:200])
            except OSError as exc:
                print(path, "unreadable", exc.errno)
        print(open("/dev/urandom", "rb").read(4).hex())
        """
    )
    assert result.status == "ok", result
    assert secret not in result.stdout + result.stderr
    assert "root:x:0:0" not in result.stdout
    assert "RLVR_TEST_SECRET" not in result.stdout


def test_nothing_can_be_written_outside_the_jail(tmp_path):
    targets = [tmp_path / "pwned", Path("/tmp") / f"rlvr-pwned-{uuid.uuid4().hex}"]
    result = run(
        f"""
        import os
        for path in {[str(t) for t in targets]!r} + ["/usr/pwned", "/pwned", "/dev/pwned"]:
            try:
                os.makedirs(os.path.dirname(path), exist_ok=True)
                open(path, "w").write("x")
                print("wrote", path)
            except OSError as exc:
                print("denied", path, exc.errno)
        """
    )
    assert result.status == "ok"
    assert not any(t.exists() for t in targets)
    assert not Path("/usr/pwned").exists() and not Path("/pwned").exists()


def test_the_parent_cannot_be_killed():
    before = os.getpid()
    result = run(
        f"""
        import os, signal
        for pid in (os.getppid(), {before}, -1, 0, 1, 2):
            try:
                os.kill(pid, signal.SIGKILL) if pid not in (0, 1) else None
            except OSError as exc:
                print(pid, exc.errno)
        for pid in range(2, 4096):
            try:
                os.kill(pid, signal.SIGKILL)
                print("killed", pid)
            except OSError:
                pass
        print("done")
        """
    )
    assert result.stdout.strip().endswith("done") and "killed" not in result.stdout
    assert os.getpid() == before
    assert sandbox.run("print(7)").stdout == "7\n"  # the zygote is alive too


def test_double_forked_daemons_die_with_the_run():
    token = f"dm{uuid.uuid4().hex[:10]}"
    result = run(
        f"""
        import ctypes, os, time
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                ctypes.CDLL(None).prctl(15, b"{token}", 0, 0, 0)
                for fd in range(3):
                    os.close(fd)
                time.sleep(60)
            os._exit(0)
        time.sleep(0.2)
        print("parent exits")
        """
    )
    assert result.status == "ok" and "parent exits" in result.stdout
    assert processes_named(token) == []
    later = run("import os\nprint(os.getpid())")  # and the next run sees only itself
    assert later.stdout.strip() == "1"


def test_a_gigabyte_of_output_is_capped_while_streaming():
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result = run(
        "import sys\nchunk = 'x' * 2**20\nfor _ in range(1024):\n    sys.stdout.write(chunk)"
    )
    assert result.status == "output_exceeded"
    assert len(result.stdout) <= sandbox.OUTPUT_LIMIT
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss_before) / 1024
    assert grown_mb < 64


def test_invalid_utf8_output_is_decoded_with_replacement():
    result = run(
        "import sys\n"
        "sys.stdout.buffer.write(b'ok \\xff\\xfe \\xc3')\n"
        "sys.stderr.buffer.write(b'\\x80')"
    )
    assert result.status == "ok" and result.stdout.startswith("ok ") and "\ufffd" in result.stdout
    assert result.stderr == "\ufffd"


def test_a_ctypes_segfault_is_a_runtime_error():
    result = run("import ctypes\nctypes.string_at(0)")
    assert result.status == "runtime_error" and result.exit_code == -11


def test_recursion_crashes_are_contained():
    soft = run("def f(n):\n    return f(n + 1)\nf(0)")
    assert soft.status == "runtime_error" and "RecursionError" in soft.stderr
    # Recursion through C frames past a raised limit overflows the C stack: SIGSEGV.
    hard = run(
        "import sys\nsys.setrecursionlimit(10**8)\n"
        "def f(n):\n    return list(map(f, [n + 1]))\nf(0)",
        timeout=5,
    )
    assert hard.status in ("runtime_error", "memory_exceeded", "timeout")
    assert sandbox.run("print(1)").status == "ok"


def test_privilege_escalation_is_refused():
    result = run(
        """
        import ctypes, os
        libc = ctypes.CDLL(None, use_errno=True)
        for what, call in [("setuid", lambda: os.setuid(0)),
                           ("unshare-user", lambda: libc.unshare(0x10000000) or 0),
                           ("chroot", lambda: libc.chroot(b"/tmp") or 0),
                           ("mount", lambda: libc.mount(b"none", b"/tmp", b"tmpfs", 0, None) or 0)]:
            try:
                print(what, call())
            except OSError as exc:
                print(what, "refused", exc.errno)
        print(open("/proc/self/status").read() if os.path.exists("/proc") else "no proc")
        """
    )
    assert result.status == "ok"
    lines = dict(line.split(" ", 1) for line in result.stdout.splitlines())
    assert lines["setuid"].startswith("refused")
    for call in ("unshare-user", "chroot", "mount"):
        assert lines[call] == "-1", lines


def test_concurrent_runs_cannot_see_each_other():
    from concurrent.futures import ThreadPoolExecutor

    source = textwrap.dedent(
        """
        import os, socket, time
        mine = os.environ.get("X", "")
        open("/tmp/mark", "w").write("here")
        s = socket.socket(socket.AF_UNIX)
        try:
            s.bind("\\0rlvr-shared")
            s.listen()
            print("bound")
        except OSError:
            print("taken")
        time.sleep(0.3)
        print(sorted(os.listdir("/tmp")))
        """
    )
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda _: sandbox.run(source), range(4)))
    for result in results:
        assert result.stdout.split() == ["bound", "['mark']"], result


def test_rlimits_mode_is_an_explicit_opt_in_that_says_so():
    result = sandbox.run("print('hi')", isolation="rlimits")
    assert result.status == "ok" and result.stdout == "hi\n" and result.isolation == "rlimits"
    killed = sandbox.run("while True: pass", timeout=0.5, isolation="rlimits")
    assert killed.status == "timeout" and killed.isolation == "rlimits"
    with pytest.raises(ValueError, match="isolation"):
        sandbox.run("print(1)", isolation="none")


def test_rlimits_work_directory_is_unique_and_removed_when_the_zygote_is_killed():
    # It was /tmp/rlvr-sandbox-<zygote pid>, left behind by every killed zygote; once pids
    # wrapped around, a new zygote with a recycled pid failed to start.
    import os

    from rlvr_envs.sandbox.jail import Zygote

    zygotes = [Zygote("rlimits", slots=1) for _ in range(2)]
    bases = [z.base for z in zygotes]
    try:
        assert len(set(bases)) == 2 and all(os.path.isdir(b) for b in bases)
    finally:
        for z in zygotes:
            z.close()  # SIGKILL: the zygote's own clean-up never runs
    assert not any(os.path.exists(b) for b in bases)
