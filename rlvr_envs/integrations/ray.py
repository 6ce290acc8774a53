"""Ray backends: verification, export and the curriculum feed spread over a Ray cluster.

Three pieces, each on `Ray <https://docs.ray.io>`_ (the engine verl, NeMo Gym and OpenRLHF
run on), none of them a scheduler of our own:

* :func:`verify_batch` (also ``rlvr_envs.verify_batch(..., backend="ray")``: this module
  registers it with :func:`rlvr_envs.registry.register_batch_backend`, and the registry finds
  the module through its entry point in ``pyproject.toml``): the pairs are
  cut into chunks, and each chunk is one Ray task that grades it with the local
  :func:`rlvr_envs.verify_batch` in whatever worker process, on whatever node, Ray gives it.
  Code runs in that node's own sandbox jails (each worker process starts its own, as any
  process does), so every node needs what the sandbox needs (docs/ray.md). Verdicts come
  back in input order, with ``verify``'s guarantees: a completion never makes it raise, and
  ``timeout`` bounds each verification in the worker.
* :func:`export_sharded` (``rlvr export ... --ray``): the driver draws the problem specs
  (env id, seed, difficulty, knobs) from the same random stream as the local export, in
  shards of ``shard_size``; Ray tasks generate each shard's rows and send them back, and the
  driver writes each shard to a file as it arrives, then joins the shards in order into the
  output. So the output is byte for byte the local export's, and a rerun after an
  interruption skips the shards already on disk: each shard's file name carries a digest of
  the export's arguments, the shard's specs and its bytes, so a truncated or edited shard, or
  one of another export, is made again, never joined in. Workers need no shared file system.
* :func:`feed_actor`: a :class:`~rlvr_envs.curriculum.feed.CurriculumFeed` living in one Ray
  actor, behind a :class:`FeedClient` with the feed's API (``take``, ``report``,
  ``report_group``, ``flush``, ``state_dict``). The client pickles, so any number of rollout
  and reward workers share one teacher; the feed's determinism (the teacher depends only on
  the rewards, not on their order or sender) holds across processes as it does across
  threads.

**Connecting.** Like Ray's own libraries (Ray Data, Ray Train), these use the Ray that the
process has initialised, and otherwise call ``ray.init()`` (:func:`connect`), which joins
the cluster named by ``RAY_ADDRESS`` or, without it, starts a local one on this machine.
Call ``ray.init(address=...)`` first to choose. Ray is imported only when one of these is
called: ``import rlvr_envs`` never imports it. Install it with ``pip install
'rlvr-envs[ray]'``.

**Families registered at run time.** Problems of families a program registers itself
(:func:`rlvr_envs.register`) are graded on workers that never ran that program: the driver
sends those registrations along with the chunks (Ray pickles a class by reference when its
module is importable on the worker, by value when it lives in ``__main__``).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import logging
import math
import os
import shutil
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any

from rlvr_envs.core import Problem, Verdict
from rlvr_envs.curriculum.feed import CurriculumFeed, FeedItem
from rlvr_envs.curriculum.space import Outcome
from rlvr_envs.curriculum.teachers.base import Teacher
from rlvr_envs.integrations.trl import Spec
from rlvr_envs.registry import register_batch_backend
from rlvr_envs.writers import FORMATS, with_progress, write_parquet, writer_for

log = logging.getLogger(__name__)

INSTALL_HINT = "pip install 'rlvr-envs[ray]'"
SHARD_SIZE = 10_000  # problems per export shard: a few seconds of one worker's time
_REMOTES: dict[str, Any] = {}
_REMOTES_LOCK = threading.Lock()


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ValueError(f"the Ray backend needs ray: {INSTALL_HINT}") from None
    return ray


def connect(address: str | None = None, **init_options: Any) -> Any:
    """The ``ray`` module, initialised: as it is when this process already called
    ``ray.init``, else ``ray.init(address, **init_options)`` (``address`` None: the cluster in
    ``RAY_ADDRESS``, or a new local one). Raises ValueError naming the install when ray is
    missing."""
    ray = _import_ray()
    if not ray.is_initialized():
        log.info("starting Ray: ray.init(address=%r)", address)
        ray.init(address=address, **init_options)
    return ray


def _remote(name: str, target: Any, **options: Any) -> Any:
    """``ray.remote(**options)(target)``, made once per process (Ray ships it to workers)."""
    with _REMOTES_LOCK:
        handle = _REMOTES.get(name)
        if handle is None:
            ray = _import_ray()
            handle = _REMOTES[name] = ray.remote(**options)(target)
        return handle


def cluster_cpus() -> int:
    """CPUs of the connected cluster (at least 1)."""
    ray = connect()
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def _submit_in_order(
    submit: Any, jobs: Iterable[Any], workers: int, on_done: Any = None
) -> list[Any]:
    """Run ``submit(job)`` (a Ray ObjectRef per job) with at most ``workers`` in flight;
    results in job order. With ``on_done``, each result goes to ``on_done(index, result)``
    as it finishes instead, and is not kept (the list holds None)."""
    ray = _import_ray()
    results: dict[int, Any] = {}
    pending: dict[Any, int] = {}

    def drain(until: int) -> None:
        while len(pending) > until:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                index = pending.pop(ref)
                result = _result(ray, ref)
                if on_done is None:
                    results[index] = result
                else:
                    on_done(index, result)

    count = 0
    try:
        for index, job in enumerate(jobs):
            drain(workers - 1)
            pending[submit(job)] = index
            count = index + 1
        drain(0)
    except BaseException:
        for ref in pending:  # nobody will read them: stop the work
            ray.cancel(ref)
        raise
    return [results.get(i) for i in range(count)]


def _result(ray: Any, ref: Any) -> Any:
    """``ray.get(ref)``, raising a task's own exception (a SandboxUnavailable naming the
    fix, a ValueError) rather than Ray's wrapper; the wrapper, with the remote traceback,
    stays attached as its cause."""
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as exc:
        cause = getattr(exc, "cause", None)
        if isinstance(cause, Exception):
            raise cause from exc
        raise


def _sandbox_on_this_node() -> str:
    from rlvr_envs import sandbox

    try:
        return sandbox.require()
    except sandbox.SandboxUnavailable as exc:
        return f"unavailable: {exc}"


def check_nodes() -> dict[str, str]:
    """The sandbox on every alive node of the cluster: node id -> its isolation (``jail``,
    or ``rlimits`` where that node opted in) or ``unavailable: <the fix>``. Run it once
    after setting up a cluster: code grading needs a working sandbox on every node that may
    get a chunk."""
    ray = connect()
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    task = _remote("sandbox_check", _sandbox_on_this_node, num_cpus=0)
    nodes = [node["NodeID"] for node in ray.nodes() if node.get("Alive")]
    refs = [
        task.options(scheduling_strategy=NodeAffinitySchedulingStrategy(node, soft=False)).remote()
        for node in nodes
    ]
    return dict(zip(nodes, ray.get(refs)))


# -- verification ---------------------------------------------------------------------------------
def _registrations(problems: Sequence[Problem]) -> list[tuple[Any, ...]]:
    """``register`` arguments for the families in ``problems`` that a program registered at
    run time (built-in families are loaded by import path on every worker)."""
    from rlvr_envs import registry

    registry._ensure_builtins()
    found = []
    for key in sorted({(p.family, p.version) for p in problems}):
        spec = registry._SPECS[registry._BY_FAMILY[key]]
        if not isinstance(spec.loader, str):
            found.append((spec.loader, spec.env_id, spec.domain, spec.version, spec.options))
    return found


def _register_on_worker(registrations: Sequence[tuple[Any, ...]]) -> None:
    from rlvr_envs import registry

    for family_cls, env_id, domain, version, options in registrations:
        if env_id not in registry.list_envs():
            registry.register(family_cls, env_id, domain=domain, version=version, **options)


def _verify_chunk(
    registrations: Sequence[tuple[Any, ...]],
    problems: Sequence[Problem],
    completions: Sequence[Any],
    timeout: float | None,
    threads: int | None,
) -> list[Verdict]:
    """One Ray task: the local verify_batch in this worker (its threads, its sandbox)."""
    from rlvr_envs.registry import verify_batch as local_verify_batch

    _register_on_worker(registrations)
    return local_verify_batch(problems, completions, workers=threads, timeout=timeout)


def verify_batch(
    problems: Sequence[Problem | Mapping[str, Any]],
    completions: Sequence[Any],
    *,
    workers: int | None = None,
    timeout: float | None = None,
    chunk_size: int | None = None,
    threads: int | None = None,
) -> list[Verdict]:
    """Score (problem, completion) pairs on a Ray cluster; verdicts in input order.

    The pairs are cut into chunks of ``chunk_size`` (default: enough for four chunks per
    worker, at most 256 pairs); at most ``workers`` chunks (default: the cluster's CPU count)
    are graded at once, each by one Ray task (one CPU) running the local
    :func:`rlvr_envs.verify_batch` with ``threads`` threads (default: that node's CPU count)
    and that node's sandbox. ``timeout`` is ``verify``'s, per pair. Setup errors (an
    unregistered family, a malformed problem) raise here before any work is sent.
    """
    from rlvr_envs.registry import _as_problem, family_for

    if len(problems) != len(completions):
        raise ValueError(f"{len(problems)} problems but {len(completions)} completions")
    problems = [_as_problem(p) for p in problems]
    for problem in problems:
        family_for(problem)
    for name, value in (("workers", workers), ("chunk_size", chunk_size), ("threads", threads)):
        if value is not None and (type(value) is not int or value < 1):
            raise ValueError(f"{name} must be a positive int or None, got {value!r}")
    if not problems:
        return []
    connect()
    workers = workers or cluster_cpus()
    size = chunk_size or max(1, min(256, math.ceil(len(problems) / (4 * workers))))
    registrations = _registrations(problems)
    task = _remote("verify_chunk", _verify_chunk, num_cpus=1, max_retries=3)
    ray = _import_ray()
    shared = ray.put(registrations)
    chunks = [range(i, min(i + size, len(problems))) for i in range(0, len(problems), size)]

    def submit(rows: range) -> Any:
        return task.remote(
            shared,
            problems[rows.start : rows.stop],
            list(completions[rows.start : rows.stop]),
            timeout,
            threads,
        )

    verdicts = _submit_in_order(submit, chunks, workers)
    return [verdict for chunk in verdicts for verdict in chunk]


register_batch_backend("ray", verify_batch)  # rlvr_envs.verify_batch(..., backend="ray")


# -- export ---------------------------------------------------------------------------------------
def draw_specs(
    source: str | Sequence[str],
    n: int,
    *,
    seed: int = 0,
    difficulty: tuple[float, float] = (0.0, 1.0),
) -> Iterator[Spec]:
    """:func:`rlvr_envs.integrations.trl.iter_specs`: what ``iter_source`` draws, in order."""
    from rlvr_envs.integrations.trl import iter_specs

    return iter(iter_specs(source, n, seed=seed, difficulty=difficulty))


_TASKS: dict[str, Any] = {}


def _generate(spec: Spec) -> Problem:
    from rlvr_envs.registry import make_task

    env_id, seed, difficulty, knobs = spec
    task = _TASKS.get(env_id)
    if task is None:
        task = _TASKS[env_id] = make_task(env_id)
    return task.generate(seed, difficulty, knobs)


def _shard_lines(
    specs: Sequence[Spec],
    start: int,
    format: str,
    system_prompt: str | None,
    conversational: bool,
) -> bytes:
    """One Ray task: the shard's rows, one JSON line each. For ``jsonl`` the lines are the
    output's own (sorted keys); otherwise they keep the row's key order, which the parquet
    and dataset writers see again when the driver reads them back."""
    from rlvr_envs.integrations.trl import problem_row
    from rlvr_envs.integrations.verl import domain_of, verl_row

    lines = []
    for offset, spec in enumerate(specs):
        problem = _generate(spec)
        if format == "verl":
            row = verl_row(
                problem,
                start + offset,
                "train",
                domain=domain_of(problem.env_id),
                system_prompt=system_prompt,
            )
        else:
            row = problem_row(problem, system_prompt, conversational)
        lines.append(json.dumps(row, ensure_ascii=False, sort_keys=format == "jsonl"))
    return ("\n".join(lines) + "\n").encode("utf-8") if lines else b""


@dataclass(frozen=True)
class ShardedExport:
    """What :func:`export_sharded` did: the path written, the shard count, and how many
    shards an earlier, interrupted run had already finished (reused, not regenerated)."""

    path: Path
    shards: int
    reused: int


def export_sharded(
    source: str | Sequence[str],
    out: str | os.PathLike[str],
    *,
    format: str = "jsonl",
    n: int,
    seed: int = 0,
    difficulty: tuple[float, float] = (0.0, 1.0),
    system_prompt: str | None = None,
    conversational: bool = True,
    progress: bool = True,
    shard_size: int = SHARD_SIZE,
    workers: int | None = None,
    keep_shards: bool = False,
) -> ShardedExport:
    """``rlvr_envs.export.export(..., backend="ray")`` for the training split: the same
    output, made by Ray tasks ``shard_size`` problems at a time.

    Shards are written to ``<out>.shards/`` as they finish (each file complete or absent),
    with a manifest of the arguments; a rerun with the same arguments reuses the shards there
    whose digest (in the file name: the arguments, the shard's specs and its bytes) checks
    out, and makes the others again (missing, truncated, edited, or another export's: never
    mixed in). A manifest of other arguments is refused. Once the output is written the shard
    directory is removed (``keep_shards`` keeps it). ``workers`` bounds the shards in flight
    (default: twice the cluster's CPU count: Ray runs one per CPU and queues the rest, so
    that no CPU waits for the driver between shards).
    """
    from rlvr_envs import __version__

    if format not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}, got {format!r}")
    if type(n) is not int or n < 0:
        raise ValueError(f"export with Ray needs n, a non-negative int (got {n!r}): use --n")
    if type(shard_size) is not int or shard_size < 1:
        raise ValueError(f"shard_size must be a positive int, got {shard_size!r}")
    if workers is not None and (type(workers) is not int or workers < 1):
        raise ValueError(f"workers must be a positive int or None, got {workers!r}")
    if not 0.0 <= difficulty[0] <= difficulty[1] <= 1.0:
        raise ValueError(f"difficulty must be a range within [0, 1], got {difficulty!r}")
    writer = writer_for(format)  # a missing library fails before any file is made
    _import_ray()  # a missing ray fails before any file is made
    specs = draw_specs(source, n, seed=seed, difficulty=difficulty)  # checks the source
    out = Path(out)
    target = out / "train.parquet" if format == "verl" else out
    shard_dir = target.with_name(target.name + ".shards")
    manifest = {
        "rlvr_envs": __version__,
        "source": source if isinstance(source, str) else list(source),
        "n": n,
        "seed": seed,
        "difficulty": list(difficulty),
        "format": format,
        "system_prompt": system_prompt,
        "conversational": conversational,
        "shard_size": shard_size,
    }
    _open_shard_dir(shard_dir, manifest)
    count = math.ceil(n / shard_size)
    found: dict[int, Path] = {}  # shard -> its file, once finished (reused or written)
    keys: dict[int, bytes] = {}  # shard -> what its digest covers besides its bytes
    bar = _progress(progress, n, f"export {source} (ray)", 0)

    def jobs() -> Iterator[tuple[int, list[Spec]]]:
        for k in range(count):
            chunk = list(islice(specs, shard_size))  # drawn even when reused: the stream moves
            keys[k] = _shard_key(manifest, k * shard_size, chunk)
            reused = _finished_shard(shard_dir, k, keys[k])
            if reused is None:
                yield k, chunk
                continue
            found[k] = reused
            if bar is not None:
                bar.update(len(chunk))

    def done(_: int, result: tuple[int, bytes, int]) -> None:
        k, data, rows = result
        found[k] = _shard_path(shard_dir, k, keys[k], data)
        _write_shard(found[k], data)
        if bar is not None:
            bar.update(rows)

    todo = jobs()
    first = next(todo, None)  # Ray is started only when some shard must be made
    made = 0
    if first is not None:
        connect()
        task = _remote("shard", _shard_task, num_cpus=1, max_retries=3)

        def submit(job: tuple[int, list[Spec]]) -> Any:
            nonlocal made
            k, chunk = job
            made += 1
            return task.remote(k, chunk, k * shard_size, format, system_prompt, conversational)

        in_flight = workers or 2 * cluster_cpus()
        _submit_in_order(submit, itertools.chain([first], todo), in_flight, done)
    if bar is not None:
        bar.close()
    paths = [found[k] for k in range(count)]
    if format == "jsonl":
        _join(paths, target)
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        rows = (json.loads(line) for path in paths for line in _lines(path))
        writer(rows, target)  # verl's writer is the Parquet one
    if format == "verl" and isinstance(source, str) and not source.startswith("rlvr/"):
        _write_verl_eval(source, out, system_prompt, progress)
    if not keep_shards:
        shutil.rmtree(shard_dir)
    return ShardedExport(out, count, count - made)


def _shard_task(
    k: int,
    specs: Sequence[Spec],
    start: int,
    format: str,
    system_prompt: str | None,
    conversational: bool,
) -> tuple[int, bytes, int]:
    return k, _shard_lines(specs, start, format, system_prompt, conversational), len(specs)


def _open_shard_dir(shard_dir: Path, manifest: dict[str, Any]) -> None:
    """Create ``shard_dir`` with its manifest, or check that the one there is for the same
    export (shards of another export must never be mixed in)."""
    path = shard_dir / "manifest.json"
    if path.exists():
        try:
            found = json.loads(path.read_text(encoding="utf-8"))
        except (ValueError, UnicodeDecodeError):
            raise ValueError(
                f"{path} is not a readable manifest (not JSON): delete {shard_dir} to start "
                "this export afresh"
            ) from None
        if found != manifest:
            raise ValueError(
                f"{shard_dir} holds the shards of another export ({found}); delete it, or "
                "rerun with the same arguments to resume that one"
            )
        return
    shard_dir.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.write_text(json.dumps(manifest, sort_keys=True), encoding="utf-8")
    partial.replace(path)


def _shard_key(manifest: Mapping[str, Any], start: int, specs: Sequence[Spec]) -> bytes:
    """What a shard's digest covers besides its bytes: the export's arguments and the shard's
    own specs (so a shard of another export, or another position, never passes)."""
    text = json.dumps([manifest, start, [list(spec) for spec in specs]], sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).digest()


def _shard_path(shard_dir: Path, k: int, key: bytes, data: bytes) -> Path:
    """``<k>-<digest>.jsonl``: the digest of ``key`` and the shard's bytes."""
    digest = hashlib.sha256(key + data).hexdigest()[:32]
    return shard_dir / f"{k:06d}-{digest}.jsonl"


def _finished_shard(shard_dir: Path, k: int, key: bytes) -> Path | None:
    """Shard ``k``'s file if one on disk checks out against its digest; files for ``k``
    that do not (truncated, edited, another export's, an older layout) are deleted."""
    valid = None
    candidates = sorted(shard_dir.glob(f"{k:06d}-*.jsonl"))
    if (shard_dir / f"{k:06d}.jsonl").exists():  # the layout before digests
        candidates.append(shard_dir / f"{k:06d}.jsonl")
    for path in candidates:
        if valid is None and path == _shard_path(shard_dir, k, key, path.read_bytes()):
            valid = path
            continue
        log.warning("export: %s does not match its digest; making shard %d again", path, k)
        path.unlink()
    return valid


def _write_shard(path: Path, data: bytes) -> None:
    partial = path.with_name(path.name + ".partial")  # a complete shard file or none
    partial.write_bytes(data)
    partial.replace(path)


def _lines(path: Path) -> Iterator[str]:
    with path.open(encoding="utf-8") as fh:
        yield from fh


def _join(paths: Sequence[Path], target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    with partial.open("wb") as out:
        for path in paths:
            with path.open("rb") as fh:
                shutil.copyfileobj(fh, out)
    partial.replace(target)


def _write_verl_eval(source: str, out: Path, system_prompt: str | None, progress: bool) -> None:
    """A suite's frozen evaluation set as ``out/eval.parquet`` (read, not generated)."""
    from rlvr_envs.integrations.trl import iter_source
    from rlvr_envs.integrations.verl import verl_rows

    problems = iter_source(source, None, split="eval")
    rows = verl_rows(problems, "eval", system_prompt=system_prompt)
    write_parquet(
        with_progress(rows, progress, None, f"export {source} (eval)"), out / "eval.parquet"
    )


def _progress(enabled: bool, total: int, desc: str, initial: int) -> Any:
    if not enabled:
        return None
    from tqdm import tqdm

    return tqdm(total=total, initial=min(initial, total), desc=desc, unit="problem")


# -- the curriculum feed as an actor --------------------------------------------------------------
class _FeedActor:
    """The actor's body: one CurriculumFeed. Threaded (``max_concurrency``), so a ``take``
    waiting for rewards (the feed's ``wait``) does not hold up the ``report`` calls it waits
    for; the feed's own lock orders them."""

    def __init__(self, teacher: Teacher, options: dict[str, Any]) -> None:
        self.feed = CurriculumFeed(teacher, **options)

    def take(self, n: int, seeds: Sequence[int] | None) -> list[FeedItem]:
        return self.feed.take(n, seeds)

    def report(self, problem_id: str, reward: float, options: dict[str, Any]) -> Outcome | None:
        return self.feed.report(problem_id, reward, **options)

    def report_group(
        self, problem_id: str, rewards: Sequence[float], options: dict[str, Any]
    ) -> Outcome:
        return self.feed.report_group(problem_id, rewards, **options)

    def flush(self) -> int:
        return self.feed.flush()

    def pending(self) -> int:
        return self.feed.pending

    def stats(self) -> dict[str, int]:
        return self.feed.stats()

    def state_dict(self) -> dict[str, Any]:
        return self.feed.state_dict()

    def load_state_dict(self, state: Mapping[str, Any]) -> None:
        self.feed.load_state_dict(state)


class FeedClient:
    """The :class:`~rlvr_envs.curriculum.feed.CurriculumFeed` API, over a feed that lives in
    a Ray actor. It pickles: pass it to Ray tasks and actors, which then share the one
    teacher. Errors are the feed's own (:class:`~rlvr_envs.curriculum.feed.FeedError`,
    :class:`~rlvr_envs.curriculum.feed.LookaheadError`), raised in the caller."""

    def __init__(self, handle: Any) -> None:
        self.handle = handle

    @classmethod
    def connect(cls, name: str, namespace: str | None = None) -> FeedClient:
        """The client of the feed actor made with ``feed_actor(..., name=name,
        namespace=namespace)``, from any job connected to the same cluster."""
        ray = connect()
        return cls(ray.get_actor(name, namespace=namespace))

    def _get(self, ref: Any) -> Any:
        return _result(_import_ray(), ref)

    def __iter__(self) -> Iterator[FeedItem]:
        while True:
            yield self.take(1)[0]

    def take(self, n: int, seeds: Sequence[int] | None = None) -> list[FeedItem]:
        """The next ``n`` problems (see ``CurriculumFeed.take``)."""
        return self._get(self.handle.take.remote(n, None if seeds is None else list(seeds)))

    def report(
        self,
        problem_id: str,
        reward: float,
        *,
        correct: bool | float | None = None,
        advantage: float | None = None,
    ) -> Outcome | None:
        """One completion's reward; the group's Outcome when it completes it."""
        options = {"correct": correct, "advantage": advantage}
        return self._get(self.handle.report.remote(problem_id, reward, options))

    def report_group(
        self,
        problem_id: str,
        rewards: Sequence[float],
        *,
        correct: Sequence[bool | float] | None = None,
        advantages: Sequence[float] | None = None,
    ) -> Outcome:
        """A whole group's rewards at once."""
        options = {"correct": correct, "advantages": advantages}
        return self._get(self.handle.report_group.remote(problem_id, list(rewards), options))

    def flush(self) -> int:
        """Apply every block that can be applied now (see ``CurriculumFeed.flush``)."""
        return self._get(self.handle.flush.remote())

    @property
    def pending(self) -> int:
        """Issued problems still waiting for rewards."""
        return self._get(self.handle.pending.remote())

    def stats(self) -> dict[str, int]:
        """Issued, open, waiting and learned groups (see ``CurriculumFeed.stats``)."""
        return self._get(self.handle.stats.remote())

    def state_dict(self) -> dict[str, Any]:
        """The feed's checkpoint (its teacher's state under ``"teacher"``)."""
        return self._get(self.handle.state_dict.remote())

    def load_state_dict(self, state: Mapping[str, Any]) -> None:
        """Restore a checkpoint from :meth:`state_dict`."""
        self._get(self.handle.load_state_dict.remote(dict(state)))


def feed_actor(
    teacher: Teacher,
    *,
    group_size: int,
    block: int = 16,
    lookahead: int = 1,
    seed: int = 0,
    wait: float = 0.0,
    name: str | None = None,
    namespace: str | None = None,
    max_concurrency: int = 64,
) -> FeedClient:
    """A :class:`~rlvr_envs.curriculum.feed.CurriculumFeed` over ``teacher`` in a new Ray
    actor (arguments as the feed's); returns its client.

    The teacher is copied into the actor: read its state with
    ``client.state_dict()["teacher"]``. The actor lives as long as the job that made it;
    ``name`` makes it findable with :meth:`FeedClient.connect` (from other jobs, give a
    ``namespace`` too: each job's own is anonymous). ``max_concurrency`` is the number of
    calls the actor serves at once; give the feed a ``wait`` when several workers take while
    others still report, so that a ``take`` beyond the lookahead waits for those rewards
    instead of failing at once.
    """
    CurriculumFeed(teacher, group_size=group_size, block=block, lookahead=lookahead, wait=wait)
    if type(max_concurrency) is not int or max_concurrency < 1:
        raise ValueError(f"max_concurrency must be a positive int, got {max_concurrency!r}")
    connect()
    actor = _remote("feed", _FeedActor, num_cpus=0).options(
        max_concurrency=max_concurrency, name=name, namespace=namespace
    )
    options = {
        "group_size": group_size,
        "block": block,
        "lookahead": lookahead,
        "seed": seed,
        "wait": wait,
    }
    return FeedClient(actor.remote(teacher, options))
