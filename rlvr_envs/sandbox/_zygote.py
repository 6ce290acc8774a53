r"""The zygote: a warm interpreter that starts every untrusted program, one child per run.

This file is *not* imported by the host. The host passes its text to
``python -I -S -c <text> <config>``, which runs it inside the bubblewrap jail (or, with
``isolation="rlimits"``, directly), so it uses the standard library only and never sees the
project tree. Why a zygote: a fresh ``python -I -S`` costs ~12 ms of start-up; forking a
warm interpreter that has already imported the common standard library costs about one.

Two processes, both started here:

* the **zygote** (this process) talks to the host, picks a slot for each run, streams the
  run's output, enforces the wall-clock and output limits, reaps, cleans up and replies;
* the **template**, forked once after warm-up, does nothing but fork: it reads a slot
  number, ``clone(2)``\ s a child for it and writes the child's pid back. What a fork costs
  on top of the kernel's page-table copy is a copy-on-write fault for every page that
  either side writes afterwards while the other still maps it; a zygote that ran its event
  loop between forks paid ~200 such faults per run, the template's loop touches a handful.
  ``CLONE_PARENT`` makes the zygote, not the template, the child's parent, so the zygote
  waits for it, kills it and reads its resource usage as before.

Per run, in jail mode (namespaces: ``namespaces(7)``, ``user_namespaces(7)``):

* ``clone(2)`` with ``CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWUTS``: the child is pid 1 of
  its own pid namespace (when it exits, the kernel kills every process it left behind,
  double-forked daemons included; the wall-clock limit kills it and so the whole run), with
  its own System V IPC and hostname;
* the network namespace is the run's *slot*'s: one per concurrent slot, made at start-up,
  with no interface up (not even loopback), so there is no network at all and concurrent
  runs cannot reach each other (abstract unix sockets are per network namespace). A slot is
  reused only after the pid namespace of its previous run has emptied, so no socket of an
  earlier run is left, and an unprivileged process can change nothing else in a network
  namespace it does not own. (A fresh network namespace per run costs ~1 ms of kernel time
  in the parent and more in the asynchronous clean-up; it alone would cap the rate below
  the rest of the run's cost.)
* the child enters its slot's network namespace, drops to its slot's uid and gid (a
  distinct non-root uid per slot outside when the host runs as root, so ``RLIMIT_NPROC`` is
  enforced: the kernel exempts root), then makes a user namespace of its own in which that
  uid is 1000 (``RLIMIT_NPROC`` counts per user namespace, so per run);
* the child ``chroot(2)``\ s into its slot's root, made at start-up: the interpreter and
  ``/usr`` bound read-only, ``/dev/null``, ``zero``, ``full``, ``random`` and ``urandom``, and
  ``/tmp``, the slot's own size- and inode-limited tmpfs (its size is the run's ``tmp_mb``:
  a program that fills it gets ``ENOSPC``), which the zygote makes afresh when a run leaves
  anything in it. No ``/proc``, no ``/dev/pts``, no other slot. (A chrooted process may not
  create user namespaces, so it cannot gain the capability to leave; and a mount namespace
  per run would cost ~0.5 ms of kernel time in RCU synchronisation when it is torn down.)
* then ``setresgid``/``setresuid`` to 1000 (supplementary groups were dropped first), an
  empty capability set (``capset(2)``), ``PR_SET_NO_NEW_PRIVS`` and rlimits on address
  space, CPU seconds, file size, open files, processes, locked memory and message queues.

Output: stdout, stderr and the results channel (fd 3) are pipes whose read ends only the
zygote holds. It moves what arrives into the slot's output memfd with ``splice(2)`` (in
the kernel: no run's data passes through the zygote's memory, so none lingers in the pages
later children inherit), at most ``output_limit`` bytes per stream; one byte more and the
run is killed and reported as over its output limit. Nothing is buffered beyond that.

Protocol: slot ``k`` has its own ``SOCK_SEQPACKET`` channel to the host and its own input
and output memfds, all inherited at start-up (fds in the config). Per run the host writes
the input (the request's length, the request as marshal data: limits, source, the tests;
then stdin) and sends one JSON header (id, wall-clock limit, ``/tmp`` size) on the
channel; the zygote answers on it with one JSON message when the run is over: exit status,
CPU time from ``wait4(2)``, the bytes per stream, and whether the wall-clock or the output
limit killed it. The child opens its input (read-only) and its pipes' write ends through
the zygote's ``/proc/<pid>/fd`` (``Plan.files``) before it drops its privileges: nothing
is passed to it, and it parses no JSON (its results go out as JSON, which the host parses).
In the jail each slot's pipes are made once (no writer outlives a run's pid namespace);
with ``rlimits`` each run gets fresh ones.
"""

import collections
import ctypes
import gc
import json
import marshal
import os
import platform
import resource
import select
import signal
import socket
import sys
import time
import traceback
import types

CLONE_NEWNS = 0x00020000
CLONE_PARENT = 0x00008000
CLONE_NEWUTS = 0x04000000
CLONE_NEWIPC = 0x08000000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000
JAIL_FLAGS = CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWUTS  # and CLONE_NEWUSER, by the child
SYS_CLONE = {"x86_64": 56, "aarch64": 220}
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_REMOUNT, MS_BIND, MS_REC = 0x1, 0x2, 0x4, 0x20, 0x1000, 0x4000
DEVICES = ("null", "zero", "full", "random", "urandom")
MNT_DETACH = 2
PR_SET_PDEATHSIG = 1
SIGKILL = 9
PR_SET_DUMPABLE = 4
PR_SET_NO_NEW_PRIVS = 38
CAP_VERSION_3 = 0x20080522
RUN_UID = 1000
SLOTS_DIR = "/slots"
SETUP_FAILED = 125
DONE = b'{"done": true, "error": null}\n'
STREAMS = 3  # stdout, stderr, results: each a pipe, each spliced into its own region
FD_BASE = 512  # a run's input and pipes sit at FD_BASE + 4 * slot + 0..3 in the zygote
SPLICE_FLAGS = os.SPLICE_F_NONBLOCK | os.SPLICE_F_MOVE
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


# -- the child: isolate, then become the program ---------------------------------------------
class Plan:
    """What every child needs, made once before the template is forked, so a child only
    reads it: no formatting, no new ctypes types, no imports between fork and program."""

    def __init__(self, zygote):
        self.jail = zygote.jail
        self.proc = zygote.proc
        # the run's input (read-only: its own offset, and no way to change it) and pipes,
        # opened through the zygote's /proc/<pid>/fd: nothing to receive, nothing to parse
        here = os.getpid()
        self.files = [
            [
                (b"%d/fd/%d" % (here, FD_BASE + 4 * slot + i), flags)
                for i, flags in enumerate((os.O_RDONLY,) + (os.O_WRONLY,) * STREAMS)
            ]
            for slot in range(zygote.slots)
        ]
        self.nets = getattr(zygote, "nets", [])
        self.roots = getattr(zygote, "roots", [])
        self.uids = zygote.uids
        self.dirs = [zygote.slot_dir(slot) for slot in range(zygote.slots)]
        self.maps = [
            [
                (b"self/setgroups", b"deny"),
                (b"self/gid_map", b"%d %d 1" % (RUN_UID, uid)),
                (b"self/uid_map", b"%d %d 1" % (RUN_UID, uid)),
            ]
            for uid in self.uids
        ]
        self.cap_header = (ctypes.c_uint32 * 2)(CAP_VERSION_3, 0)
        self.cap_data = (ctypes.c_uint32 * 6)()
        self.setns, self.unshare, self.prctl = libc.setns, libc.unshare, libc.prctl
        self.capset = libc.capset


def _set_limits(limits):
    """``limits``: address space and file size in bytes, CPU seconds, files, processes."""
    address_space, cpu, fsize, nofile, nproc = limits
    setrlimit = resource.setrlimit
    setrlimit(resource.RLIMIT_AS, (address_space, address_space))
    setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
    setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))
    setrlimit(resource.RLIMIT_CORE, (0, 0))
    setrlimit(resource.RLIMIT_MEMLOCK, (0, 0))
    setrlimit(resource.RLIMIT_MSGQUEUE, (0, 0))
    setrlimit(resource.RLIMIT_NPROC, (nproc, nproc))


def _fail(what):
    if what:
        err = ctypes.get_errno()
        raise OSError(err, os.strerror(err))


def _child_setup_jail(plan, slot):
    """Become the slot's uid in the jail, then uid 1000 of a user namespace of our own,
    chrooted into the slot's root, with no capability left."""
    outer = plan.uids[slot]
    try:  # noqa: SIM105 (contextlib.suppress would cost the child its pages)
        os.setgroups([])
    except PermissionError:  # denied in an unprivileged jail: there are none to drop
        pass
    os.setresgid(outer, outer, outer)
    os.setresuid(outer, outer, outer)
    _fail(plan.prctl(PR_SET_DUMPABLE, 1, 0, 0, 0))  # own /proc/self again
    _fail(plan.unshare(CLONE_NEWUSER))
    for name, text in plan.maps[slot]:
        fd = os.open(name, os.O_WRONLY, dir_fd=plan.proc)
        os.write(fd, text)
        os.close(fd)
    os.fchdir(plan.roots[slot])  # a directory fd the zygote opened: /slots is closed to us
    os.chroot(".")
    os.setresgid(RUN_UID, RUN_UID, RUN_UID)
    os.setresuid(RUN_UID, RUN_UID, RUN_UID)
    _fail(plan.capset(plan.cap_header, plan.cap_data))
    _fail(plan.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
    os.chdir("/tmp")


def _child_setup_rlimits(plan, slot):
    os.setsid()  # its own process group, which the zygote kills as a whole
    _fail(plan.prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0))  # and dies with the zygote
    workdir = plan.dirs[slot]
    os.chdir(workdir)
    os.environ["HOME"] = os.environ["TMPDIR"] = workdir


def _child(plan, slot):
    """Runs in the fresh child; never returns."""
    try:
        fds = [os.open(path, flags, dir_fd=plan.proc) for path, flags in plan.files[slot]]
        # The input: the request's length (8 bytes), the request (marshal data the host
        # made: limits, source, the tests or None), then stdin.
        size = int.from_bytes(os.pread(fds[0], 8, 0), "little")
        limits, source, tests = marshal.loads(os.pread(fds[0], size, 8))
        if plan.jail:
            _fail(plan.setns(plan.nets[slot], CLONE_NEWNET))
            _child_setup_jail(plan, slot)
        else:
            _child_setup_rlimits(plan, slot)
        # The zygote's sys.stdin/stdout/stderr objects (never used by the zygote, so their
        # buffers are empty) now read and write the run's input and pipes.
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
        os.closerange(4, 1 << 16)
        os.lseek(0, 8 + size, os.SEEK_SET)  # stdin follows the request
        _set_limits(limits)
        del plan
        gc.enable()
    except BaseException as exc:  # our fault or the machine's, never the program's
        try:
            os.write(2, f"sandbox setup failed: {type(exc).__name__}: {exc}\n".encode())
        finally:
            os._exit(SETUP_FAILED)
    try:
        _run_program(source, tests)
    finally:
        os._exit(1)  # only if the harness itself failed (say, fd 3 closed under it)


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


def _run_program(source, tests):
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
        exec(compile(source, "main.py", "exec"), module.__dict__)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if exc.code is not None and not isinstance(exc.code, int):
            print(exc.code, file=sys.stderr)
    except BaseException as exc:
        code, error = 1, type(exc).__name__
        traceback.print_exception(type(exc), exc, exc.__traceback__.tb_next)  # not our frame
    if tests is not None and error is None and code == 0:
        _call_tests(module.__dict__, tests)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException as exc:
        error = error or type(exc).__name__
    if error is None:
        os.write(3, DONE)  # what _record would write, without the encoder's pages
    else:
        _record({"done": True, "error": error})
    os._exit(code & 0xFF)


def _call_tests(namespace, tests):
    for index, test in enumerate(tests):
        try:
            fn = namespace[test["fn"]]
        except KeyError:
            _record({"i": index, "e": f"NameError: no function named {test['fn']!r}"})
            continue
        args, kwargs = test.get("args", []), test.get("kwargs", {})
        try:
            value = fn(*args, **kwargs)
        except BaseException as exc:  # SystemExit too: a test the program did not pass
            _record({"i": index, "e": _describe(exc)})
            continue
        if test.get("args_unchanged"):  # the arguments as the call left them, for the host
            _record({"i": index, "v": value, "a": [args, kwargs]})
        else:
            _record({"i": index, "v": value})


# -- the template: fork, and nothing else ----------------------------------------------------
def _close_all_but(keep):
    """Close every descriptor above 2 that is not in ``keep``."""
    low = 3
    for fd in [*sorted(keep), 1 << 16]:
        if fd > low:
            os.closerange(low, fd)
        low = max(low, fd + 1)


def _template(plan, command_fd, flags):
    """Loop of the template process: one slot number in, one child out, its pid back.

    Everything here touches as little memory as it can: every page the template writes is
    copied once per live child that still shares it.
    """
    number = SYS_CLONE[platform.machine()]
    syscall, get_errno = libc.syscall, ctypes.get_errno
    flags = ctypes.c_ulong(flags | CLONE_PARENT | signal.SIGCHLD)
    read, write = os.read, os.write
    while True:
        request = read(command_fd, 8)
        if not request:
            os._exit(0)  # the zygote has gone
        pid = syscall(number, flags, None, None, None, None)
        if pid == 0:
            _child(plan, request[0])
        write(command_fd, b"%d" % (pid if pid > 0 else -get_errno()))


# -- the zygote ----------------------------------------------------------------------------
class Run:
    __slots__ = ("deadline", "id", "over", "pid", "reads", "slot", "start", "timed_out")

    def __init__(self, hdr, slot, reads):
        self.id = hdr["id"]
        self.slot = slot
        self.start = time.monotonic()
        self.deadline = self.start + hdr["timeout"]
        self.timed_out = self.over = False
        self.pid = None
        self.reads = reads  # [pipe read end, bytes so far, region offset] per stream


class Zygote:
    def __init__(self, config):
        self.jail = config["mode"] == "jail"
        self.slots = config["slots"]
        self.channels = [socket.socket(fileno=fd) for fd in config["channels"]]
        self.outputs = config["outputs"]
        self.uids = config.get("uids") or [0] * self.slots  # jail-namespace uid per slot
        self.binds = config.get("binds", [])  # read-only host paths every slot's root gets
        self.links = config.get("links", [])  # (target, path) symlinks such as /lib -> usr/lib
        self.tmp_mb = [config.get("tmp_mb", 64)] * self.slots
        self.output_limit = config["output_limit"]
        self.runs = {}  # pid -> Run
        self.spawning = collections.deque()  # runs asked of the template, pid not yet back
        self.exited = {}  # pid -> (status, usage) of children reaped before their pid came
        self.streams = {}  # pipe read end -> (slot, stream index)
        self.active = {}  # slot -> its Run
        if self.jail:
            self._prepare_jail()
        else:  # the host made the directory (unique, and removed by the host on close)
            self.base = config["base"]
            self.proc = os.open("/proc", os.O_RDONLY | os.O_DIRECTORY)
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        needed = FD_BASE + 4 * self.slots + 64
        if soft < needed:
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(needed, hard), hard))
        for slot, fd in enumerate(config["inputs"]):  # where the slot's child opens it
            os.dup2(fd, FD_BASE + 4 * slot)
            os.close(fd)
        os.environ.pop("PWD", None)
        os.environ.update({"HOME": "/tmp", "TMPDIR": "/tmp", "LANG": "C.UTF-8"})
        for name in PRELOAD:
            __import__(name)
        self._warm_up()
        self._fork_template()
        self.wake_r, wake_w = os.pipe()
        os.set_blocking(self.wake_r, False)
        os.set_blocking(wake_w, False)
        signal.set_wakeup_fd(wake_w)
        signal.signal(signal.SIGCHLD, lambda *_: None)

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
        marshal.loads(marshal.dumps(((1, 2, 3, 4, 5), "print(1)", None)))

    def _fork_template(self):
        """Fork the template now, while this process has no signal handlers, no wakeup
        fd and no run state: the template's (and so every child's) memory is final here."""
        plan = Plan(self)
        self.command, template_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        # Every object so far moves to the permanent generation: a child's collector never
        # walks (and so never copies) the inherited heap; these processes allocate too
        # little to need a collector.
        gc.collect()
        gc.freeze()
        gc.disable()
        pid = os.fork()
        if pid == 0:
            try:
                keep = [template_end.fileno(), self.proc]
                if self.jail:
                    keep += [*self.nets, *self.roots]
                _close_all_but(keep)  # the host's socket above all
                _template(plan, template_end.fileno(), JAIL_FLAGS if self.jail else 0)
            finally:
                os._exit(SETUP_FAILED)
        self.template = pid
        template_end.close()

    def _prepare_jail(self):
        self.tmp_state = {}
        self.proc = os.open("/proc", os.O_RDONLY | os.O_DIRECTORY)
        self.home_net = os.open("self/ns/net", os.O_RDONLY, dir_fd=self.proc)
        self.nets = []
        for _ in range(self.slots):
            _check(libc.unshare(CLONE_NEWNET), "unshare(CLONE_NEWNET)")
            self.nets.append(os.open("self/ns/net", os.O_RDONLY, dir_fd=self.proc))
        _check(libc.setns(self.home_net, CLONE_NEWNET), "setns")
        os.close(self.home_net)
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
        size = self.tmp_mb[slot]
        options = f"size={size}m,nr_inodes=4096,mode=0700,uid={uid},gid={uid}"
        _mount("tmpfs", self.slot_dir(slot) + "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, options)
        self.tmp_state[slot] = self._tmp_signature(slot)

    def replace_tmp(self, slot):
        tmp = self.slot_dir(slot) + "/tmp"
        _check(libc.umount2(tmp.encode(), MNT_DETACH), "umount slot tmp")
        self.fresh_tmp(slot)

    def _tmp_signature(self, slot):
        tmp = self.slot_dir(slot) + "/tmp"
        st, free = os.stat(tmp), os.statvfs(tmp)
        return (st.st_mode, st.st_uid, st.st_gid, st.st_mtime_ns, free.f_ffree, free.f_bfree)

    def clean_tmp(self, slot):
        """Give the slot an empty /tmp again: a new tmpfs when the last run left anything."""
        if self.jail:
            if self._tmp_signature(slot) != self.tmp_state[slot]:
                self.replace_tmp(slot)
            return
        import shutil

        shutil.rmtree(self.slot_dir(slot), ignore_errors=True)

    def reply(self, slot, obj):
        self.channels[slot].send(json.dumps(obj).encode())

    # -- runs ------------------------------------------------------------------------------
    def _slot_pipes(self, slot):
        """Three pipes for a run in ``slot``: their read ends here, watched; their write
        ends where the child opens them (``Plan.files``)."""
        reads = []
        for index in range(STREAMS):
            r, w = os.pipe()
            os.dup2(w, FD_BASE + 4 * slot + 1 + index)
            os.close(w)
            self.streams[r] = (slot, index)
            self.poll.register(r, select.EPOLLIN)
            reads.append(r)
        return reads

    def start(self, slot, message):
        hdr = json.loads(message)
        if self.jail:
            if hdr["tmp_mb"] != self.tmp_mb[slot]:  # the slot's /tmp is empty: resize it
                self.tmp_mb[slot] = hdr["tmp_mb"]
                self.replace_tmp(slot)
            reads = self.pipes[slot]
        else:
            os.makedirs(self.slot_dir(slot), 0o700, exist_ok=True)
            reads = self._slot_pipes(slot)
        stride = self.output_limit + 4096
        run = Run(hdr, slot, [[r, 0, i * stride] for i, r in enumerate(reads)])
        self.active[slot] = run
        self.spawning.append(run)
        self.command.send(bytes([slot]))

    def spawned(self, answer):
        """The template's answer for the oldest request: the child's pid, or -errno."""
        run = self.spawning.popleft()
        pid = int(answer)
        if pid < 0:
            self.finish(run, None, None, f"cannot start the run: {os.strerror(-pid)}")
            return
        run.pid = pid
        early = self.exited.pop(pid, None)
        if early is not None:
            self.finish(run, *early)
            return
        self.runs[pid] = run
        if run.over:
            self.kill(run)

    def pump(self, fd, drain=False):
        """Move what the pipe holds into the run's region of the slot's output memfd; once a
        stream passes the limit, kill the run and throw the rest away. With ``drain``, until
        the pipe is empty (the run is over: nothing more can come)."""
        slot, index = self.streams[fd]
        run = self.active.get(slot)
        state = run.reads[index] if run is not None else None
        limit = self.output_limit
        while True:
            try:
                if run is None or run.over:
                    moved = os.splice(fd, self.null, 1 << 20, flags=SPLICE_FLAGS)
                else:
                    moved = os.splice(
                        fd,
                        self.outputs[slot],
                        limit + 1 - state[1],
                        None,
                        state[2] + state[1],
                        SPLICE_FLAGS,
                    )
                    state[1] += moved
                    if state[1] > limit:
                        run.over = True
                        self.kill(run)
            except BlockingIOError:
                return
            if moved == 0:  # every write end is closed (rlimits mode only)
                self.close_stream(fd)
                return
            if not drain and (run is None or not run.over):
                return

    def close_stream(self, fd):
        if fd in self.streams:
            del self.streams[fd]
            self.poll.unregister(fd)
            os.close(fd)

    def kill(self, run):
        pid = run.pid
        if pid is None:
            return  # not started yet: spawned() kills it once its pid arrives
        try:
            if self.jail:
                os.kill(pid, signal.SIGKILL)  # pid 1 of its namespace: takes every process
            else:
                os.killpg(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    def reap(self):
        while True:
            try:
                pid, status, usage = os.wait4(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            if pid == self.template:
                raise SystemExit("the template died")
            run = self.runs.pop(pid, None)
            if run is None:
                self.exited[pid] = (status, usage)  # its pid is still on its way
                continue
            self.finish(run, status, usage)

    def finish(self, run, status, usage, error=None):
        if not self.jail and status is not None:
            self.kill(run)  # stragglers left in its process group
        for stream in run.reads:  # the run is over: what its pipes hold is all there is
            if stream[0] in self.streams:
                self.pump(stream[0], drain=True)
        if not self.jail:  # fresh pipes per run: a straggler keeps only a broken one
            for stream in run.reads:
                self.close_stream(stream[0])
            base = FD_BASE + 4 * run.slot
            os.closerange(base + 1, base + 4)
        del self.active[run.slot]
        self.clean_tmp(run.slot)
        if error is not None:
            self.reply(run.slot, {"id": run.id, "error": error})
            return
        self.reply(
            run.slot,
            {
                "id": run.id,
                "exit": os.waitstatus_to_exitcode(status),
                "wall": time.monotonic() - run.start,
                "cpu": usage.ru_utime + usage.ru_stime,
                "timed_out": run.timed_out,
                "over": run.over,
                "lengths": [min(stream[1], self.output_limit) for stream in run.reads],
            },
        )

    def expire(self):
        now = time.monotonic()
        for run in self.runs.values():
            if not run.timed_out and now >= run.deadline:
                run.timed_out = True
                self.kill(run)

    def serve(self):
        self.poll = select.epoll()
        self.null = os.open("/dev/null", os.O_WRONLY)
        # In the jail the pipes are the slot's for good: a run's pid namespace dies with it,
        # so no writer outlives the run. Without one, a run that escaped its process group
        # could write into the next run's output: there each run gets fresh pipes.
        self.pipes = [self._slot_pipes(slot) for slot in range(self.slots)] if self.jail else []
        channels = {channel.fileno(): slot for slot, channel in enumerate(self.channels)}
        wake, command = self.wake_r, self.command.fileno()
        for fd in [*channels, wake, command]:
            self.poll.register(fd, select.EPOLLIN)
        self.reply(0, {"ready": True, "pid": os.getpid()})
        while True:
            deadlines = [run.deadline for run in self.runs.values() if not run.timed_out]
            soonest = min(deadlines) if deadlines else None
            timeout = -1 if soonest is None else max(0.0, soonest - time.monotonic())
            exited = False
            for fd, _ in self.poll.poll(timeout):
                if fd in self.streams:
                    self.pump(fd)
                elif fd in channels:
                    message = self.channels[channels[fd]].recv(1 << 16)
                    if not message:
                        return  # the host has gone: the jail goes with us
                    self.start(channels[fd], message)
                elif fd == command:
                    self.spawned(self.command.recv(64))
                elif fd == wake:  # SIGCHLD: a byte per signal (what is left wakes us again)
                    os.read(wake, 4096)
                    exited = True
            if exited:
                self.reap()
            if soonest is not None and time.monotonic() >= soonest:
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
