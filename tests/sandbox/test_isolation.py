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
from tests.timing import wall_budget

ISOLATIONS = ["jail", "rlimits"]  # for the attacks that limits alone contain too


def run(source: str, **kwargs) -> sandbox.RunResult:
    return sandbox.run(textwrap.dedent(source), **kwargs)


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


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


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_memory_bomb_hits_the_address_space_limit(isolation):
    for source in ("x = bytearray(4 * 1024**3)", "x = []\nwhile True: x.append(' ' * 10**7)"):
        result = run(source, memory_mb=256, timeout=10, isolation=isolation)
        assert result.status == "memory_exceeded", result


ORDINARY = """
import os, sys, tempfile, threading
block = bytearray(100 * 1024 * 1024)
block[::4096] = b"x" * len(block[::4096])  # every page really used
sums = []
threads = [threading.Thread(target=lambda: sums.append(sum(range(10**5)))) for _ in range(2)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
path = os.path.join(tempfile.gettempdir(), "scratch.bin")
data = os.urandom(1 << 20) * 10
with open(path, "wb") as f:
    f.write(data)
with open(path, "rb") as f:
    same = f.read() == data
os.remove(path)
text = sys.stdin.read()
print(len(sums), same, os.path.exists(path), len(text), text.count("\\n"))
"""


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_an_ordinary_program_runs(isolation):
    # 100 MB of memory, two threads, a 10 MB scratch file written, read back and deleted,
    # stdin read to EOF: this failed with "File too large" while the file-size rlimit was
    # also the output cap.
    stdin = "a line of input\n" * 40_000
    result = run(ORDINARY, stdin=stdin, isolation=isolation, timeout=20)
    assert result.status == "ok", result
    assert result.stdout.split() == ["2", "True", "False", str(len(stdin)), "40000"]
    assert result.isolation == isolation


FILL = """
import os
written = 0
try:
    with open(os.path.join(os.environ["TMPDIR"], "big"), "wb") as f:
        while True:
            f.write(b"x" * 2**20)
            f.flush()
            written += 1
except OSError as exc:
    print(written, exc.errno)
"""
STATVFS = """
import os
st = os.statvfs("/tmp")
print(sorted(os.listdir("/tmp")), st.f_blocks * st.f_frsize >> 20)
"""


def test_filling_the_private_tmp_gets_enospc_and_the_next_run_has_it_all_again():
    full = run(FILL, tmp_mb=16)
    written, errno = map(int, full.stdout.split())
    assert full.status == "ok" and errno == 28 and 12 <= written <= 16, full  # ENOSPC
    many = run("for i in range(10**6):\n    open(f'f{i}', 'w').close()", timeout=10)
    assert many.status == "runtime_error" and "No space left" in many.stderr
    after = run(STATVFS)  # an empty /tmp of the default size again
    assert after.status == "ok" and after.stdout.split() == ["[]", str(sandbox.TMP_MB)]
    assert run(FILL, tmp_mb=40).stdout.split()[1] == "28"  # and a bigger one on request
    assert run(STATVFS, tmp_mb=8).stdout.split() == ["[]", "8"]


def test_rlimits_mode_caps_each_scratch_file_and_removes_them_after_the_run():
    # No private tmpfs without the jail: each file is capped at tmp_mb (EFBIG), and the
    # run's work directory is removed once it ends.
    full = run(FILL, tmp_mb=8, isolation="rlimits")
    written, errno = map(int, full.stdout.split())
    assert full.status == "ok" and errno == 27 and written == 8, full  # EFBIG
    after = run("import os\nprint(os.listdir(os.environ['TMPDIR']))", isolation="rlimits")
    assert after.stdout.strip() == "[]"


def test_tmp_mb_must_be_a_positive_number_of_megabytes():
    for bad in (0, -1, 1.5, "64", True):
        with pytest.raises(ValueError, match="tmp_mb"):
            sandbox.run("print(1)", tmp_mb=bad)


@pytest.mark.parametrize("isolation", ISOLATIONS)
@pytest.mark.parametrize("source", ["while True:\n    pass", "import time\ntime.sleep(3600)"])
def test_infinite_loop_and_sleeping_forever_are_killed_on_time(source, isolation):
    start = time.monotonic()
    result = run(source, timeout=1, isolation=isolation)
    assert result.status == "timeout" and time.monotonic() - start < wall_budget(3)


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


@pytest.mark.parametrize("isolation", ISOLATIONS)
@pytest.mark.parametrize("stream", ["stdout", "stderr"])
def test_flooding_output_ends_the_run_at_the_cap_quickly_with_bounded_host_memory(
    stream, isolation
):
    # It writes 10 GB and ignores every error: the zygote stops reading at the cap and
    # kills the run, long before its 60 s limit, and the host never holds more than the cap.
    before = peak_rss_mb()
    start = time.monotonic()
    result = run(
        f"""
        import sys
        chunk = "x" * 2**20
        for _ in range(10240):
            try:
                sys.{stream}.write(chunk)
            except BaseException:
                pass
        """,
        timeout=60,
        isolation=isolation,
    )
    assert result.status == "output_exceeded", result.status
    assert time.monotonic() - start < wall_budget(5)
    assert len(getattr(result, stream)) == sandbox.OUTPUT_LIMIT
    assert peak_rss_mb() - before < 64


@pytest.mark.parametrize(("extra", "status"), [(0, "ok"), (1, "output_exceeded")])
def test_the_output_cap_is_exact(extra, status):
    result = run(f"import sys\nsys.stdout.write('y' * ({sandbox.OUTPUT_LIMIT} + {extra}))")
    assert result.status == status
    assert result.stdout == "y" * sandbox.OUTPUT_LIMIT


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_invalid_utf8_output_is_decoded_with_replacement(isolation):
    result = run(
        "import sys\n"
        "sys.stdout.buffer.write(b'ok \\xff\\xfe \\xc3')\n"
        "sys.stderr.buffer.write(b'\\x80')",
        isolation=isolation,
    )
    assert result.status == "ok" and result.stdout.startswith("ok ") and "\ufffd" in result.stdout
    assert result.stderr == "\ufffd"


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_a_ctypes_segfault_is_a_runtime_error(isolation):
    result = run("import ctypes\nctypes.string_at(0)", isolation=isolation)
    assert result.status == "runtime_error" and result.exit_code == -11


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_recursion_crashes_are_contained(isolation):
    soft = run("def f(n):\n    return f(n + 1)\nf(0)", isolation=isolation)
    assert soft.status == "runtime_error" and "RecursionError" in soft.stderr
    # Recursion through C frames past a raised limit overflows the C stack: SIGSEGV.
    hard = run(
        "import sys\nsys.setrecursionlimit(10**8)\n"
        "def f(n):\n    return list(map(f, [n + 1]))\nf(0)",
        timeout=5,
        isolation=isolation,
    )
    assert hard.status in ("runtime_error", "memory_exceeded", "timeout")
    assert sandbox.run("print(1)", isolation=isolation).status == "ok"


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

    from rlvr_envs.sandbox.jail import ZygoteHandle

    zygotes = [ZygoteHandle("rlimits", slots=1) for _ in range(2)]
    bases = [z.base for z in zygotes]
    try:
        assert len(set(bases)) == 2 and all(os.path.isdir(b) for b in bases)
    finally:
        for z in zygotes:
            z.close()  # SIGKILL: the zygote's own clean-up never runs
    assert not any(os.path.exists(b) for b in bases)


LEAVE = """
import ctypes, math, os, socket, string, sys, time
open(os.path.join(os.environ["TMPDIR"], "left-behind"), "w").write("secret")
os.environ["LEFT"] = "behind"
math.pi, string.digits, sys.modules["leftover"] = 3, "", sys
sys.stdin.read()
if JAIL:
    libc = ctypes.CDLL(None, use_errno=True)
    print("shm", libc.shmget(0x5EED, 4096, 0o1666) >= 0)  # IPC_CREAT: a System V segment
    if os.fork() == 0:  # a daemon that would keep writing and keep a name bound
        os.setsid()
        if os.fork() == 0:
            s = socket.socket(socket.AF_UNIX)
            s.bind("\\0rlvr-left-behind")
            s.listen()
            while True:
                with open("/tmp/daemon", "a") as f:
                    f.write("x")
                time.sleep(0.01)
        os._exit(0)
    time.sleep(0.1)
print("left")
"""
LOOK = """
import ctypes, errno, math, os, socket, string, sys, time
time.sleep(0.1)  # a surviving daemon would write meanwhile
print(sorted(os.listdir(os.environ["TMPDIR"])), os.environ.get("LEFT"), sys.stdin.read())
print(math.pi == 3.141592653589793, string.digits, "leftover" in sys.modules)
if JAIL:
    socket.socket(socket.AF_UNIX).bind("\\0rlvr-left-behind")  # the name is free
    libc = ctypes.CDLL(None, use_errno=True)
    print("shm", libc.shmget(0x5EED, 4096, 0o666))  # no such segment here
    others = []
    for pid in range(2, 300):
        try:
            os.kill(pid, 0)
            others.append(pid)
        except OSError as exc:
            assert exc.errno == errno.ESRCH
    print("pids", os.getpid(), others)
"""


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_a_run_leaves_nothing_for_the_next_one_in_its_slot(isolation):
    # One zygote with one slot: the second run gets exactly the slot (network namespace,
    # /tmp or work directory, uid) the first one had.
    jail = isolation == "jail"
    box = sandbox.Sandbox(isolation, jails=1, slots=1)
    try:
        prelude = f"JAIL = {jail}\n"
        first = box.execute({"source": prelude + LEAVE}, b"first stdin", 5, 512)
        second = box.execute({"source": prelude + LOOK}, b"", 5, 512)
    finally:
        box.close()
    assert first.status == "ok" and first.stdout.endswith(b"left\n"), first
    lines = second.stdout.decode().splitlines()
    assert second.status == "ok", second
    assert lines[:2] == ["[] None ", "True 0123456789 False"]
    if jail:
        assert first.stdout.startswith(b"shm True")
        assert lines[2:] == ["shm -1", "pids 1 []"]


def test_a_jail_killed_under_a_run_is_replaced_and_the_run_retried():
    import signal

    box = sandbox.Sandbox("jail", jails=1, slots=2)
    try:
        first = box._zygotes[0]  # its pid 1 killed, as the OOM killer might
        killer = threading.Timer(0.3, signal.pidfd_send_signal, (first.jail_pidfd, 9))
        killer.start()
        raw = box.execute({"source": "import time\ntime.sleep(1)\nprint('slept')"}, b"", 5, 512)
        killer.join()
        assert raw.status == "ok" and raw.stdout == b"slept\n"
        assert box._zygotes[0] is not first and not first.alive()
        again = box.execute({"source": "print(len(input()))"}, b"x" * (20 << 20), 5, 512)
        assert again.status == "ok" and again.stdout == str(20 << 20).encode() + b"\n"
    finally:
        box.close()


def descendants(pid: int) -> list[int]:
    found, stack = [], [pid]
    while stack:
        current = stack.pop()
        try:
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:
            continue
        found += [int(c) for c in children]
        stack += [int(c) for c in children]
    return found


def running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_closing_a_stuck_zygote_ends_every_process_of_its_jail():
    # bwrap's jail is a session of its own: killing bwrap's process group alone left the
    # jail's pid 1, and a zygote that no longer reads its channels, running.
    import signal

    from rlvr_envs.sandbox.jail import ZygoteHandle

    zygote = ZygoteHandle("jail", slots=1)
    inside = descendants(zygote.proc.pid)
    assert len(inside) >= 3  # the jail's pid 1, the zygote, the template
    for pid in inside:
        os.kill(pid, signal.SIGSTOP)  # stuck
    zygote.close()
    deadline = time.monotonic() + 5
    while any(map(running, inside)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(map(running, inside))


def test_run_and_run_tests_honour_the_isolation_environment_variable(monkeypatch):
    monkeypatch.setenv("RLVR_SANDBOX_ISOLATION", "rlimits")
    assert sandbox.run("print(1)").isolation == "rlimits"
    test = {"fn": "f", "args": [2], "expected": 3}
    assert sandbox.run_tests("def f(x):\n    return x + 1\n", [test]).isolation == "rlimits"
    monkeypatch.setenv("RLVR_SANDBOX_ISOLATION", "jail")
    assert sandbox.run("print(1)").isolation == "jail"
