r"""The zygote: a warm interpreter that starts every untrusted program, one child per run.

This file is *not* imported by the host. The host passes its text to
``python -I -S -c <text> <config>``, which runs it inside the bubblewrap jail (or, with
``isolation="rlimits"``, directly), so it uses the standard library only and never sees the
project tree. Why a zygote: a fresh ``python -I -S`` costs ~12 ms of start-up; forking a
warm interpreter that has already imported the common standard library costs well under
one, and the child then isolates itself.

Per run, in jail mode (namespaces: ``namespaces(7)``, ``user_namespaces(7)``):

* ``clone(2)`` with ``CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWUTS``: the child is pid 1 of
  its own pid namespace (when it exits, the kernel kills every process it left behind,
  double-forked daemons included; the wall-clock limit kills it and so the whole run), with
  its own System V IPC and hostname;
* the network namespace is the run's *slot*'s: one per concurrent slot, made at start-up,
  with no interface up (not even loopback), so there is no network at all and concurrent
  runs cannot reach each other (abstract unix sockets are per network namespace). A slot is
  reused only after the pid namespace of its previous run has emptied, so no socket of an
  earlier run is left. (A fresh network namespace per run costs ~2 ms of kernel time,
  most of it in the asynchronous clean-up; it alone would cap the rate near 450 runs/s.)
* the child drops to its slot's uid and gid (a distinct non-root uid per slot outside when
  the host runs as root, so ``RLIMIT_NPROC`` is enforced: the kernel exempts root), then
  makes a user namespace of its own in which that uid is 1000 (``RLIMIT_NPROC`` counts per
  user namespace, so per run);
* the child ``chroot(2)``\ s into its slot's root, made at start-up: the interpreter and
  ``/usr`` bound read-only, ``/dev/null``, ``zero``, ``full``, ``random`` and ``urandom``, and
  ``/tmp``, the slot's own size- and inode-limited tmpfs, which the zygote makes afresh when
  a run leaves anything in it. No ``/proc``, no ``/dev/pts``, no other slot. (A chrooted
  process may not create user namespaces, so it cannot gain the capability to leave; and
  a mount namespace per run would cost ~0.5 ms of kernel time in RCU synchronisation when
  it is torn down.)
* then ``setresgid``/``setresuid`` to 1000 (supplementary groups were dropped first), an
  empty capability set (``capset(2)``), ``PR_SET_NO_NEW_PRIVS`` and rlimits on address
  space, CPU seconds, file size, open files, processes, locked memory and message queues.

Protocol, over a ``SOCK_SEQPACKET`` unix socket (fd given in the config): the host sends one
JSON header per run with four file descriptors attached (``SCM_RIGHTS``): the input (the JSON
payload, source and tests without expected values, followed by stdin), stdout, stderr and
the results channel, all memfds the host created and reads back itself. The zygote never
reads a run's data, so nothing of one run lingers in the memory that later children
inherit. It answers with one JSON message per finished run: exit status, CPU time from
``wait4(2)``, and whether the wall-clock limit killed it.
"""

import contextlib
import ctypes
import gc
import json
import os
import platform
import resource
import selectors
import signal
import socket
import sys
import time
import traceback
import types

CLONE_NEWNS = 0x00020000
CLONE_NEWUTS = 0x04000000
CLONE_NEWIPC = 0x08000000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000
RUN_FLAGS = CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWUTS  # and CLONE_NEWUSER, by the child
SYS_CLONE = {"x86_64": 56, "aarch64": 220}
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_REMOUNT, MS_BIND, MS_REC = 0x1, 0x2, 0x4, 0x20, 0x1000, 0x4000
DEVICES = ("null", "zero", "full", "random", "urandom")
MNT_DETACH = 2
PR_SET_NO_NEW_PRIVS = 38
PR_SET_DUMPABLE = 4
CAP_VERSION_3 = 0x20080522
RUN_UID = 1000
SLOTS_DIR = "/slots"
SETUP_FAILED = 125
# Imported once here, so programs get them for free; each megabyte of the zygote's heap
# costs every run page-table copies at fork and tear-down at exit, so the list stays short.
PRELOAD = [
    "ast",
    "bisect",
    "collections",
    "functools",
    "heapq",
    "itertools",
    "math",
    "operator",
    "re",
    "string",
]
WARM_UP = """
import collections, heapq, math, re
def f(xs):
    return sorted(collections.Counter(xs).items())
try:
    f(None)
except TypeError:
    pass
"""

libc = ctypes.CDLL(None, use_errno=True)


def _check(result, what):
    if result != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def _mount(source, target, fstype, flags, data=None):
    _check(
        libc.mount(
            source.encode(),
            target.encode(),
            fstype.encode() if fstype else None,
            ctypes.c_ulong(flags),
            data.encode() if data else None,
        ),
        f"mount {target}",
    )


def _capset_zero():
    header = (ctypes.c_uint32 * 2)(CAP_VERSION_3, 0)
    data = (ctypes.c_uint32 * 6)()
    _check(libc.capset(header, data), "capset")


def _clone(flags):
    """fork(2) with namespace flags: the raw syscall, as ``os.fork`` takes no flags."""
    number = SYS_CLONE[platform.machine()]
    pid = libc.syscall(number, ctypes.c_ulong(flags | signal.SIGCHLD), None, None, None, None)
    if pid < 0:
        err = ctypes.get_errno()
        raise OSError(err, f"clone: {os.strerror(err)}")
    return pid


# -- the child: isolate, then become the program ---------------------------------------------
def _set_limits(hdr):
    cpu = hdr["cpu_s"]
    limits = [
        (resource.RLIMIT_AS, hdr["memory_mb"] * 1024 * 1024),
        (resource.RLIMIT_CPU, (cpu, cpu + 1)),
        (resource.RLIMIT_FSIZE, hdr["fsize"]),
        (resource.RLIMIT_NOFILE, hdr["nofile"]),
        (resource.RLIMIT_CORE, 0),
        (resource.RLIMIT_MEMLOCK, 0),
        (resource.RLIMIT_MSGQUEUE, 0),
        (resource.RLIMIT_NPROC, hdr["nproc"]),
    ]
    for which, value in limits:
        resource.setrlimit(which, value if isinstance(value, tuple) else (value, value))


def _child_setup_jail(proc_fd, outer, root_fd):
    """Become ``outer`` (the slot's uid in the jail), then uid 1000 of a user namespace of
    our own, chrooted into the slot's root, with no capability left."""
    with contextlib.suppress(PermissionError):  # denied in an unprivileged jail: none to drop
        os.setgroups([])
    os.setresgid(outer, outer, outer)
    os.setresuid(outer, outer, outer)
    _check(libc.prctl(PR_SET_DUMPABLE, 1, 0, 0, 0), "prctl(DUMPABLE)")  # own /proc/self again
    _check(libc.unshare(CLONE_NEWUSER), "unshare(CLONE_NEWUSER)")
    for name, text in (
        ("setgroups", "deny"),
        ("gid_map", f"{RUN_UID} {outer} 1"),
        ("uid_map", f"{RUN_UID} {outer} 1"),
    ):
        fd = os.open(f"self/{name}", os.O_WRONLY, dir_fd=proc_fd)
        try:
            os.write(fd, text.encode())
        finally:
            os.close(fd)
    os.fchdir(root_fd)  # a directory fd the zygote opened: /slots itself is closed to us now
    os.chroot(".")
    os.setresgid(RUN_UID, RUN_UID, RUN_UID)
    os.setresuid(RUN_UID, RUN_UID, RUN_UID)
    _capset_zero()
    _check(libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "prctl(NO_NEW_PRIVS)")
    os.chdir("/tmp")


def _child_setup_rlimits(workdir):
    os.setsid()  # its own process group, which the zygote kills as a whole
    os.chdir(workdir)
    os.environ.update({"HOME": workdir, "TMPDIR": workdir})


def _child(zygote, hdr, fds, slot):
    """Runs in the fresh child; never returns."""
    try:
        signal.set_wakeup_fd(-1)
        for sig in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, signal.SIG_DFL)
        if zygote.jail:
            _child_setup_jail(zygote.proc, zygote.uids[slot], zygote.roots[slot])
        else:
            _child_setup_rlimits(zygote.slot_dir(slot))
        input_fd, stdout_fd, stderr_fd, results_fd = fds
        payload = os.pread(input_fd, hdr["payload_bytes"], 0)
        # The zygote's sys.stdin/stdout/stderr objects (never used by the zygote, so their
        # buffers are empty) now read and write the run's memfds; stdin follows the payload.
        for target, fd in enumerate((input_fd, stdout_fd, stderr_fd, results_fd)):
            os.dup2(fd, target)
        os.closerange(4, 1 << 16)
        os.lseek(0, hdr["payload_bytes"], os.SEEK_SET)
        _set_limits(hdr)
        request = json.loads(payload)
        del payload, zygote
        gc.enable()
    except BaseException as exc:  # our fault or the machine's, never the program's
        try:
            os.write(2, f"sandbox setup failed: {type(exc).__name__}: {exc}\n".encode())
        finally:
            os._exit(SETUP_FAILED)
    _run_program(request)


def _record(obj):
    """One line on the results channel (fd 3), written with a raw syscall, unbuffered."""
    try:
        line = json.dumps(obj, ensure_ascii=True)
    except (TypeError, ValueError, RecursionError) as exc:
        line = json.dumps({"i": obj.get("i"), "e": f"result is not JSON data: {exc}"[:300]})
    data = (line + "\n").encode()
    while data:
        data = data[os.write(3, data) :]


def _describe(exc):
    return f"{type(exc).__name__}: {exc}"[:1000]


def _run_program(request):
    """Execute the program, then (for function tests) call it on each hidden input.

    Each result goes out as plain JSON on fd 3 as soon as it exists, so a crash or a kill
    later keeps the results before it; expected values are never here to compare with.
    """
    module = types.ModuleType("__main__")
    module.__file__ = "/tmp/main.py"
    sys.modules["__main__"] = module
    sys.argv = ["main.py"]
    code, error = 0, None
    try:
        exec(compile(request.get("source", ""), "main.py", "exec"), module.__dict__)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if exc.code is not None and not isinstance(exc.code, int):
            print(exc.code, file=sys.stderr)
    except BaseException as exc:
        code, error = 1, type(exc).__name__
        traceback.print_exception(type(exc), exc, exc.__traceback__.tb_next)  # not our frame
    tests = request.get("tests")
    if tests is not None and error is None and code == 0:
        _call_tests(module.__dict__, tests)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException as exc:
        error = error or type(exc).__name__
    _record({"done": True, "error": error})
    os._exit(code & 0xFF)


def _call_tests(namespace, tests):
    for index, test in enumerate(tests):
        try:
            fn = namespace[test["fn"]]
        except KeyError:
            _record({"i": index, "e": f"NameError: no function named {test['fn']!r}"})
            continue
        try:
            value = fn(*test.get("args", []), **test.get("kwargs", {}))
        except BaseException as exc:  # SystemExit too: a test the program did not pass
            _record({"i": index, "e": _describe(exc)})
            continue
        _record({"i": index, "v": value})


# -- the zygote loop -----------------------------------------------------------------------
class Zygote:
    def __init__(self, config):
        self.jail = config["mode"] == "jail"
        self.sock = socket.socket(fileno=config["fd"])
        self.slots = config["slots"]
        self.uids = config.get("uids") or [0] * self.slots  # jail-namespace uid per slot
        self.binds = config.get("binds", [])  # read-only host paths every slot's root gets
        self.links = config.get("links", [])  # (target, path) symlinks such as /lib -> usr/lib
        self.tmp_mb = config.get("tmp_mb", 64)
        self.free = list(range(self.slots))[::-1]
        self.runs = {}  # pid -> state
        if self.jail:
            self._prepare_jail()
        else:  # the host made the directory (unique, and removed by the host on close)
            self.base = config["base"]
        os.environ.pop("PWD", None)
        os.environ.update({"HOME": "/tmp", "TMPDIR": "/tmp", "LANG": "C.UTF-8"})
        self.wake_r, wake_w = os.pipe()
        os.set_blocking(self.wake_r, False)
        os.set_blocking(wake_w, False)
        signal.set_wakeup_fd(wake_w)
        signal.signal(signal.SIGCHLD, lambda *_: None)
        for name in PRELOAD:
            __import__(name)
        self._warm_up()
        # Every object so far moves to the permanent generation: the collector of a child
        # never walks (and so never copies) the zygote's heap; the zygote itself allocates
        # too little to need a collector.
        gc.collect()
        gc.freeze()
        gc.disable()

    @staticmethod
    def _warm_up():
        """Do once here what every child would otherwise do first (the parser's AST types,
        the JSON codecs, traceback formatting are initialised lazily): then each child
        inherits it instead of paying for it, and copying the pages it writes."""
        namespace = {"__name__": "__warm__"}
        exec(compile(WARM_UP, "main.py", "exec"), namespace)
        try:
            namespace["f"](None)
        except TypeError as exc:
            traceback.format_exception(type(exc), exc, exc.__traceback__)
        json.loads(json.dumps({"i": 0, "v": [1, 2.5, "x", None, True, {"k": [1]}]}))
        json.dumps({"done": True, "error": None}, ensure_ascii=True)
        types.ModuleType("__main__")

    def _prepare_jail(self):
        self.tmp_state = {}
        self.proc = os.open("/proc", os.O_RDONLY | os.O_DIRECTORY)
        self.home_net = os.open("self/ns/net", os.O_RDONLY, dir_fd=self.proc)
        self.nets = []
        for _ in range(self.slots):
            _check(libc.unshare(CLONE_NEWNET), "unshare(CLONE_NEWNET)")
            self.nets.append(os.open("self/ns/net", os.O_RDONLY, dir_fd=self.proc))
        _check(libc.setns(self.home_net, CLONE_NEWNET), "setns")
        os.mkdir(SLOTS_DIR, 0o700)
        self.roots = []
        for slot in range(self.slots):
            self._make_root(self.slot_dir(slot))
            self.fresh_tmp(slot)
            self.roots.append(os.open(self.slot_dir(slot), os.O_RDONLY | os.O_DIRECTORY))
        for path in (b"/proc", b"/dev/pts"):  # invisible to every child from now on
            _check(libc.umount2(path, MNT_DETACH), f"umount {path.decode()}")

    def _make_root(self, root):
        """A slot's root: read-only binds of the interpreter and /usr, a few devices."""
        os.mkdir(root, 0o755)
        for path in self.binds:
            target = root + path
            os.makedirs(target, exist_ok=True)
            _mount(path, target, None, MS_BIND | MS_REC)
            _mount("none", target, None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV)
        for target, path in self.links:
            os.symlink(target, root + path)
        os.mkdir(root + "/dev", 0o755)
        for name in DEVICES:
            node = f"{root}/dev/{name}"
            open(node, "w").close()
            _mount(f"/dev/{name}", node, None, MS_BIND)
        os.mkdir(root + "/tmp", 0o700)

    def slot_dir(self, slot):
        return f"{SLOTS_DIR}/{slot}" if self.jail else f"{self.base}/{slot}"

    def fresh_tmp(self, slot):
        uid = self.uids[slot]
        options = f"size={self.tmp_mb}m,nr_inodes=4096,mode=0700,uid={uid},gid={uid}"
        _mount("tmpfs", self.slot_dir(slot) + "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, options)
        self.tmp_state[slot] = self._tmp_signature(slot)

    def _tmp_signature(self, slot):
        tmp = self.slot_dir(slot) + "/tmp"
        st, free = os.stat(tmp), os.statvfs(tmp)
        return (st.st_mode, st.st_uid, st.st_gid, st.st_mtime_ns, free.f_ffree, free.f_bfree)

    def clean_tmp(self, slot):
        """Give the slot an empty /tmp again: a new tmpfs when the last run left anything."""
        if self.jail:
            if self._tmp_signature(slot) != self.tmp_state[slot]:
                tmp = self.slot_dir(slot) + "/tmp"
                _check(libc.umount2(tmp.encode(), MNT_DETACH), "umount slot tmp")
                self.fresh_tmp(slot)
            return
        import shutil

        shutil.rmtree(self.slot_dir(slot), ignore_errors=True)

    def reply(self, obj):
        self.sock.send(json.dumps(obj).encode())

    def start(self, hdr, fds):
        if not self.free:
            for fd in fds:
                os.close(fd)
            self.reply({"id": hdr["id"], "error": "no free slot"})
            return
        slot = self.free.pop()
        if self.jail:
            _check(libc.setns(self.nets[slot], CLONE_NEWNET), "setns")
        else:
            os.makedirs(self.slot_dir(slot), 0o700, exist_ok=True)
        started = time.monotonic()
        try:
            pid = _clone(RUN_FLAGS) if self.jail else os.fork()
        except OSError as exc:
            pid, error = -1, f"cannot start the run: {exc}"
        if pid == 0:
            _child(self, hdr, fds, slot)
        if self.jail:
            _check(libc.setns(self.home_net, CLONE_NEWNET), "setns")
        for fd in fds:
            os.close(fd)
        if pid < 0:
            self.free.append(slot)
            self.clean_tmp(slot)
            self.reply({"id": hdr["id"], "error": error})
            return
        self.runs[pid] = {
            "hdr": hdr,
            "slot": slot,
            "start": started,
            "deadline": started + hdr["timeout"],
            "timed_out": False,
        }

    def kill(self, pid):
        try:
            if self.jail:
                os.kill(pid, signal.SIGKILL)  # pid 1 of its namespace: takes every process
            else:
                os.killpg(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    def reap(self):
        while self.runs:
            try:
                pid, status, usage = os.wait4(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            run = self.runs.pop(pid, None)
            if run is None:
                continue
            if not self.jail:
                self.kill(pid)  # stragglers left in its process group
            self.clean_tmp(run["slot"])
            self.free.append(run["slot"])
            hdr = run["hdr"]
            self.reply(
                {
                    "id": hdr["id"],
                    "exit": os.waitstatus_to_exitcode(status),
                    "wall": time.monotonic() - run["start"],
                    "cpu": usage.ru_utime + usage.ru_stime,
                    "timed_out": run["timed_out"],
                }
            )

    def expire(self):
        now = time.monotonic()
        for pid, run in self.runs.items():
            if not run["timed_out"] and now >= run["deadline"]:
                run["timed_out"] = True
                self.kill(pid)

    def serve(self):
        selector = selectors.DefaultSelector()
        selector.register(self.sock, selectors.EVENT_READ, "sock")
        selector.register(self.wake_r, selectors.EVENT_READ, "wake")
        self.reply({"ready": True, "pid": os.getpid()})
        while True:
            pending = [r["deadline"] for r in self.runs.values() if not r["timed_out"]]
            timeout = max(0.0, min(pending) - time.monotonic()) if pending else None
            for key, _ in selector.select(timeout):
                if key.data == "wake":
                    try:
                        while os.read(self.wake_r, 4096):
                            pass
                    except BlockingIOError:
                        pass
                    continue
                message, fds, _, _ = socket.recv_fds(self.sock, 1 << 16, 8)
                if not message:
                    return  # the host has gone: the jail goes with us
                self.start(json.loads(message), fds)
            self.reap()
            self.expire()


def main():
    zygote = Zygote(json.loads(sys.argv[1]))
    try:
        zygote.serve()
    finally:
        if not zygote.jail:
            import shutil

            shutil.rmtree(zygote.base, ignore_errors=True)


if __name__ == "__main__":
    main()
