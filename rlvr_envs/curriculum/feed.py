"""A curriculum feed: a teacher in the loop of any trainer (ours, TRL, verl, a Ray job).

A trainer that runs the teacher itself has to sample specs, turn them into problems, keep
them until their completions are scored, regroup the rewards by prompt, and update the
teacher with one :class:`~rlvr_envs.curriculum.Outcome` per group. :class:`CurriculumFeed`
does that once for all of them::

    feed = CurriculumFeed(make_teacher("lp-bandit", TaskSpace.from_suite(suite)), group_size=8)
    for item in feed:                        # FeedItem(problem_id, index, spec, problem), in order
        ...                                  # prompt the model G times with item.problem.prompt
        feed.report(item.problem_id, reward) # per completion, in any order, from any thread

**Blocks and lookahead.** The feed asks the teacher for ``block`` specs at a time (a
:meth:`take` that needs more draws several blocks; with ``lookahead`` 1, one block of what it
needs, since the next block would wait for this one's rewards). Block ``j``
is drawn only once every group of the blocks before ``j - lookahead + 1`` is complete, so
block ``j`` always comes from a teacher that has learned exactly blocks ``0 .. j - lookahead``.
So the teacher's decisions depend only on the rewards, never on the order or the thread in
which they arrived or on how far ahead the trainer reads: the feed is deterministic for a
seed, and two processes that report the same rewards see the same problems. A trainer that
asks for more than ``lookahead`` blocks before reporting gets :class:`LookaheadError` (naming
the fix) at once, or, with ``wait`` seconds, after waiting that long for another thread's
reports.

**When the teacher learns.** Block ``k`` is applied (one ``update`` call with its outcomes,
in the order its problems were issued) as soon as it and every block before it are complete:
inside the :meth:`report` or :meth:`report_group` call that completes the last of them. With
``lookahead`` ``L >= 2`` the feed first draws block ``k + L - 1`` if the trainer has not asked
for it yet (that draw may not see block ``k``, and it never depended on it), so the teacher
sees the same calls, in the same order, however early or late the rewards come:
``sample(0) .. sample(L-1), update(0), sample(L), update(1), ...``. Until then a complete
group *waits*: its block still has open groups, or an earlier block does. :meth:`stats` counts
issued, open, waiting and learned groups; :meth:`flush` applies whatever can be applied (which
is nothing: the feed already did), so calling it at a checkpoint never changes a later draw.

**Seeds.** A spec without a seed gets ``stable_seed(seed, "feed", index)`` folded into
``[0, 2**31 - 1)`` (a range every RNG accepts, below the evaluation seeds
``core.EVAL_SEEDS``), or the seed the caller passes to :meth:`take`.

**Rewards.** :meth:`report` takes one completion's reward (and optionally the trainer's
advantage, and a separate ``correct`` flag when the reward mixes in format or length terms:
the teacher then learns from correctness, as our trainer's does); :meth:`report_group` takes
a group at once. A group's rewards are sorted before they reach the teacher, so arrival order
does not matter. Rewards for an unknown problem id, for a problem whose group is already
complete, or more than ``group_size`` of them, raise :class:`FeedError`.

:meth:`state_dict` / :meth:`load_state_dict` checkpoint the teacher, the issued problems
still waiting for rewards (with the rewards they have) and the position in the stream.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rlvr_envs.core import EVAL_SEEDS, Problem, stable_seed
from rlvr_envs.curriculum.space import Outcome, TaskSpec
from rlvr_envs.curriculum.teachers.base import Teacher


class FeedError(ValueError):
    """A reward the feed cannot place: unknown problem id, finished group, bad value."""


class LookaheadError(RuntimeError):
    """The trainer read further ahead than the feed's lookahead allows."""


@dataclass(frozen=True)
class FeedItem:
    """One problem of the stream: its id (what rewards are reported under), its position,
    the teacher's spec and the generated problem."""

    problem_id: str
    index: int
    spec: TaskSpec
    problem: Problem


@dataclass
class _Group:
    item: FeedItem
    block: int
    rewards: list[float] = field(default_factory=list)
    correct: list[float] = field(default_factory=list)
    advantages: list[float | None] = field(default_factory=list)

    def outcome(self) -> Outcome:
        rows = sorted(
            zip(self.correct, self.rewards, self.advantages, strict=True),
            key=lambda r: (r[0], r[1], -math.inf if r[2] is None else r[2]),
        )
        advantages = [a for _, _, a in rows]
        return Outcome(
            self.item.spec,
            [c for c, _, _ in rows],
            None if any(a is None for a in advantages) else advantages,  # type: ignore[misc]
            self.item.problem.to_dict(),
        )


class CurriculumFeed:
    """Problems from a teacher, in order; rewards back by problem id; the teacher updated
    with whole groups, deterministically (see the module docstring)."""

    def __init__(
        self,
        teacher: Teacher,
        *,
        group_size: int,
        block: int = 16,
        lookahead: int = 1,
        seed: int = 0,
        wait: float = 0.0,
        tasks: dict[str, Any] | None = None,
    ) -> None:
        for name, value in (("group_size", group_size), ("block", block), ("lookahead", lookahead)):
            if type(value) is not int or value < 1:
                raise ValueError(f"{name} must be a positive int, got {value!r}")
        if wait < 0:
            raise ValueError(f"wait must be >= 0 seconds, got {wait!r}")
        self.teacher = teacher
        self.group_size = group_size
        self.block = block
        self.lookahead = lookahead
        self.seed = int(seed)
        self.wait = float(wait)
        self._tasks: dict[str, Any] = {} if tasks is None else tasks
        self._lock = threading.Condition()
        self._next_index = 0  # the next problem to issue
        self._drawn: list[tuple[TaskSpec, int | None]] = []  # specs drawn, not yet issued
        self._blocks: list[int] = []  # size of every block drawn so far
        self._open: dict[str, _Group] = {}  # issued, group incomplete
        self._done: dict[int, list[tuple[int, Outcome]]] = {}  # block -> complete, not applied
        self._remaining: dict[int, int] = {}  # block -> groups not complete yet
        self._applied = 0  # blocks whose outcomes the teacher has seen

    # -- issuing ------------------------------------------------------------------------------
    def __iter__(self) -> Iterator[FeedItem]:
        while True:
            yield self.take(1)[0]

    def take(self, n: int, seeds: Sequence[int] | None = None) -> list[FeedItem]:
        """The next ``n`` problems. ``seeds`` (one per problem) replaces the feed's own seed
        for specs that do not set one. Draws new blocks when the drawn specs run out: blocks
        of ``block`` specs, or with ``lookahead`` 1 one block of ``max(block, what is
        missing)``."""
        if type(n) is not int or n < 0:
            raise ValueError(f"n must be a non-negative int, got {n!r}")
        if seeds is not None and len(seeds) != n:
            raise ValueError(f"{len(seeds)} seeds for {n} problems")
        with self._lock:
            while len(self._drawn) < n:
                missing = n - len(self._drawn)
                self._draw(self.block if self.lookahead > 1 else max(self.block, missing), n)
            taken, self._drawn = self._drawn[:n], self._drawn[n:]
            items = []
            for k, (spec, block) in enumerate(taken):
                index = self._next_index
                self._next_index += 1
                seed = spec.seed
                if seed is None:
                    seed = seeds[k] if seeds is not None else self.problem_seed(index)
                item = FeedItem(f"p{index}", index, spec, self._generate(spec, seed))
                self._open[item.problem_id] = _Group(item, block)
                items.append(item)
            return items

    def problem_seed(self, index: int) -> int:
        """The seed of the ``index``-th problem when neither its spec nor the caller sets one:
        a train seed, below the evaluation seeds."""
        seed = stable_seed(self.seed, "feed", index) % (2**31 - 1)
        assert seed < EVAL_SEEDS[0]
        return seed

    def _generate(self, spec: TaskSpec, seed: int) -> Problem:
        task = self._tasks.get(spec.env_id)
        if task is None:
            import rlvr_envs

            task = self._tasks[spec.env_id] = rlvr_envs.make_task(spec.env_id)
        space = getattr(self.teacher, "space", None)
        if space is not None:  # knobs a suite gives ranges for stay in them
            spec = space.within_ranges(spec)
        return task.generate(seed, spec.difficulty, spec.knobs)

    def _draw(self, size: int, n: int) -> None:
        """Draw the next block for a ``take(n)``, once the blocks it must wait for are
        complete."""
        block = len(self._blocks)
        must = block - self.lookahead + 1  # blocks [0, must) complete before drawing
        deadline = time.monotonic() + self.wait
        while not self._complete_before(must):
            unissued = {b for _, b in self._drawn if self._applied <= b < must}
            if unissued:  # this very take would issue what the new block waits for
                raise LookaheadError(
                    f"take({n}) needs block {block} of the curriculum, which waits for the "
                    f"rewards of block {min(unissued)}, whose problems this same take would "
                    f"issue (lookahead {self.lookahead} block(s) of {self.block}). Take at "
                    "most what the blocks in flight hold, or raise lookahead (and block)"
                )
            left = deadline - time.monotonic()
            if left <= 0:
                waiting = sum(self._remaining.get(b, 0) for b in range(self._applied, must))
                raise LookaheadError(
                    f"the trainer asked for block {block} of the curriculum while {waiting} "
                    f"groups of earlier blocks still wait for their {self.group_size} rewards "
                    f"(lookahead {self.lookahead} block(s) of {self.block}). Report rewards "
                    "before reading further, or raise lookahead (and block) to cover what "
                    "the trainer reads ahead, e.g. its generation batch in prompts"
                    + ("" if self.wait else ", or give wait= seconds if another thread reports")
                )
            self._lock.wait(left)
        self._apply(must)  # already applied, unless a draw failed inside a report
        self._sample(size)

    def _sample(self, size: int) -> None:
        """Ask the teacher for block ``len(self._blocks)``."""
        block = len(self._blocks)
        specs = self.teacher.sample(size)
        if len(specs) != size:
            raise RuntimeError(f"teacher {self.teacher.name} gave {len(specs)} specs, not {size}")
        self._blocks.append(size)
        self._remaining[block] = size
        self._drawn += [(spec, block) for spec in specs]

    def _complete_before(self, must: int) -> bool:
        return all(self._remaining.get(b, 0) == 0 for b in range(self._applied, must))

    def _apply(self, upto: int) -> int:
        """Update the teacher with the outcomes of blocks [applied, upto), in issue order;
        returns the number of groups applied."""
        groups = 0
        while self._applied < upto:
            done = sorted(self._done.pop(self._applied, []), key=lambda pair: pair[0])
            if done:
                self.teacher.update([outcome for _, outcome in done])
                groups += len(done)
            self._remaining.pop(self._applied, None)
            self._applied += 1
        return groups

    def _apply_ready(self) -> int:
        """Apply every block the teacher can learn from now without changing a later draw:
        block ``k`` once it and the blocks before it are complete, after drawing block
        ``k + lookahead - 1`` if nobody has asked for it yet (its draw must not see block
        ``k``; blocks drawn early have ``block`` specs, as :meth:`take` would draw them).
        Returns the number of groups applied."""
        groups = 0
        while self._applied < len(self._blocks) and self._remaining.get(self._applied, 0) == 0:
            k = self._applied
            while len(self._blocks) < k + self.lookahead:
                self._sample(self.block)
            groups += self._apply(k + 1)
        return groups

    # -- rewards ------------------------------------------------------------------------------
    def report(
        self,
        problem_id: str,
        reward: float,
        *,
        correct: bool | float | None = None,
        advantage: float | None = None,
    ) -> Outcome | None:
        """One completion's reward; returns the group's Outcome when it completes it."""
        value = _number(reward, "reward", problem_id)
        right = value if correct is None else _number(correct, "correct", problem_id)
        adv = None if advantage is None else _number(advantage, "advantage", problem_id)
        with self._lock:
            group = self._open.get(problem_id)
            if group is None:
                raise FeedError(self._unknown(problem_id))
            group.rewards.append(value)
            group.correct.append(right)
            group.advantages.append(adv)
            if len(group.rewards) < self.group_size:
                return None
            return self._close(problem_id, group)

    def report_group(
        self,
        problem_id: str,
        rewards: Sequence[float],
        *,
        correct: Sequence[bool | float] | None = None,
        advantages: Sequence[float] | None = None,
    ) -> Outcome:
        """A whole group's rewards at once (``group_size`` of them)."""
        if len(rewards) != self.group_size:
            raise FeedError(
                f"{len(rewards)} rewards for problem {problem_id!r}; the group size is "
                f"{self.group_size}"
            )
        for name, values in (("correct", correct), ("advantages", advantages)):
            if values is not None and len(values) != len(rewards):
                raise FeedError(f"{len(values)} {name} for {len(rewards)} rewards")
        values = [_number(r, "reward", problem_id) for r in rewards]
        right = values if correct is None else [_number(c, "correct", problem_id) for c in correct]
        adv = (
            [None] * len(values)
            if advantages is None
            else [_number(a, "advantage", problem_id) for a in advantages]
        )
        with self._lock:
            group = self._open.get(problem_id)
            if group is None:
                raise FeedError(self._unknown(problem_id))
            if group.rewards:
                raise FeedError(
                    f"problem {problem_id!r} already has {len(group.rewards)} rewards reported "
                    "one by one; report the rest with report()"
                )
            group.rewards, group.correct, group.advantages = values, right, adv
            return self._close(problem_id, group)

    def _close(self, problem_id: str, group: _Group) -> Outcome:
        del self._open[problem_id]
        outcome = group.outcome()
        self._done.setdefault(group.block, []).append((group.item.index, outcome))
        self._remaining[group.block] -= 1
        try:
            self._apply_ready()
        finally:
            self._lock.notify_all()
        return outcome

    def _unknown(self, problem_id: str) -> str:
        index = problem_id[1:] if isinstance(problem_id, str) else ""
        if index.isdigit() and int(index) < self._next_index:
            return (
                f"problem {problem_id!r} already has its {self.group_size} rewards (or was "
                "issued before this feed's checkpoint)"
            )
        return (
            f"unknown problem id {problem_id!r}: this feed has issued p0..p{self._next_index - 1}"
        )

    # -- state --------------------------------------------------------------------------------
    @property
    def pending(self) -> int:
        """Issued problems still waiting for rewards (``stats()["open"]``)."""
        with self._lock:
            return len(self._open)

    def stats(self) -> dict[str, int]:
        """Where the curriculum stands, as counts of groups (one group per problem):

        * ``issued``: problems issued so far;
        * ``open``: issued, still waiting for some of their ``group_size`` rewards;
        * ``waiting``: complete, not learned yet (their block, or an earlier one, still has
          open groups or problems not issued);
        * ``learned``: groups the teacher has been updated with;
        * ``blocks_drawn``, ``blocks_applied``: blocks asked of the teacher, and learned;
        * ``next_update_missing``: groups the next block to learn (``blocks_applied``) still
          needs before the teacher learns it (0 when no block is in flight).
        """
        with self._lock:
            nxt = self._applied
            return {
                "issued": self._next_index,
                "open": len(self._open),
                "waiting": sum(len(pairs) for pairs in self._done.values()),
                "learned": sum(self._blocks[: self._applied]),
                "blocks_drawn": len(self._blocks),
                "blocks_applied": self._applied,
                "next_update_missing": self._remaining.get(nxt, 0)
                if nxt < len(self._blocks)
                else 0,
            }

    def flush(self) -> int:
        """Apply every block that can be applied now; returns the number of groups applied.

        The feed applies a block as soon as it and every block before it are complete, so
        this returns 0 unless a draw failed inside a report. It never applies part of a
        block, and never changes what the teacher is asked next: call it at checkpoints
        and at the end of training to be sure, and keep :meth:`state_dict` for the groups
        still open or waiting."""
        with self._lock:
            return self._apply_ready()

    def state_dict(self) -> dict[str, Any]:
        """Everything needed to resume exactly: JSON-serialisable."""
        with self._lock:
            return {
                "seed": self.seed,
                "group_size": self.group_size,
                "teacher": self.teacher.state_dict(),
                "next_index": self._next_index,
                "blocks": list(self._blocks),
                "applied": self._applied,
                "remaining": {str(b): n for b, n in self._remaining.items()},
                "drawn": [[spec.to_dict(), block] for spec, block in self._drawn],
                "open": [
                    {
                        "index": g.item.index,
                        "block": g.block,
                        "spec": g.item.spec.to_dict(),
                        "problem": g.item.problem.to_dict(),
                        "rewards": g.rewards,
                        "correct": g.correct,
                        "advantages": g.advantages,
                    }
                    for g in self._open.values()
                ],
                "done": {
                    str(b): [[i, o.to_dict()] for i, o in pairs] for b, pairs in self._done.items()
                },
            }

    def load_state_dict(self, state: Mapping[str, Any]) -> None:
        """Restore a state from :meth:`state_dict` (a feed over the same teacher and space)."""
        if int(state["group_size"]) != self.group_size:
            raise ValueError(
                f"state is for groups of {state['group_size']}, this feed's are {self.group_size}"
            )
        with self._lock:
            self.seed = int(state["seed"])
            self.teacher.load_state_dict(state["teacher"])
            self._next_index = int(state["next_index"])
            self._blocks = [int(b) for b in state["blocks"]]
            self._applied = int(state["applied"])
            self._remaining = {int(b): int(n) for b, n in state["remaining"].items()}
            self._drawn = [(TaskSpec.from_dict(s), int(b)) for s, b in state["drawn"]]
            self._open = {}
            for row in state["open"]:
                item = FeedItem(
                    f"p{row['index']}",
                    int(row["index"]),
                    TaskSpec.from_dict(row["spec"]),
                    Problem.from_dict(row["problem"]),
                )
                self._open[item.problem_id] = _Group(
                    item,
                    int(row["block"]),
                    list(row["rewards"]),
                    list(row["correct"]),
                    list(row["advantages"]),
                )
            self._done = {
                int(b): [(int(i), Outcome.from_dict(o)) for i, o in pairs]
                for b, pairs in state["done"].items()
            }
            self._apply_ready()  # a state saved before blocks were applied at once


def _number(value: Any, what: str, problem_id: str) -> float:
    if isinstance(value, bool):
        return float(value)
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise FeedError(f"{what} for problem {problem_id!r} is not a number: {value!r}") from None
    if not math.isfinite(number):
        raise FeedError(f"{what} for problem {problem_id!r} is not finite: {value!r}")
    return number
