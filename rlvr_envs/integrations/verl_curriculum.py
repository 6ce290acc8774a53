"""A teacher in verl's loop: a ``data.custom_cls`` dataset fed by a
:class:`~rlvr_envs.curriculum.CurriculumFeed` and updated from ``on_batch_end``.

verl builds the class as ``cls(data_files=, tokenizer=, processor=, config=, max_samples=)``
and, in its (non-v1) PPO trainer, calls ``dataset.on_batch_end(batch)`` after every step;
the batch holds each response's ``uid`` (one per prompt), ``extra_info`` (ours carries the
``problem_id``) and ``token_level_scores``. This dataset issues problems in index order from
the feed and regroups the batch's scores by ``uid`` into one group per problem for the
teacher. Config (``+data.rlvr.suite=math-v1`` and so on on verl's command line)::

    data.custom_cls.path=<site-packages>/rlvr_envs/integrations/verl_curriculum.py
    data.custom_cls.name=CurriculumDataset
    data.shuffle=False data.dataloader_num_workers=0
    +data.rlvr.suite=math-v1 +data.rlvr.teacher=learning-progress
    +data.rlvr.group_size=8          # = actor_rollout_ref.rollout.n
    +data.rlvr.length=100000         # problems per epoch (verl sizes its schedule from it)

Limits: ``data.shuffle`` must be off (problems come in the teacher's order; an index out of
order is an error naming the fix) and ``dataloader_num_workers`` 0 (a worker process would
hold a stale copy of the teacher). verl's v1 trainer (``trainer.use_v1=true``) does not call
``on_batch_end``: the teacher then never learns, so this dataset is for the default trainer.
``data_files`` are not read. Rewards come from
:func:`rlvr_envs.integrations.verl.compute_score` as usual.

**When the teacher learns.** A block is ``data.rlvr.block`` problems (default
``data.train_batch_size``: one step's prompts) and two blocks are in flight
(``data.rlvr.lookahead``, default 2: verl's loader reads the next batch before a step
ends). The teacher is updated with a block inside the ``on_batch_end`` that reports its last
group, and draws step ``j``'s prompts knowing exactly steps ``0 .. j - 2``. ``feed.stats()``
counts the groups learned, waiting and open; :meth:`CurriculumDataset.state_dict` flushes
the feed first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import torch
from torch.utils.data import Dataset

from rlvr_envs.curriculum import CurriculumFeed, TaskSpace, make_teacher
from rlvr_envs.integrations.verl import domain_of, verl_row


def _options(config: Any) -> dict[str, Any]:
    rlvr = config.get("rlvr") if config is not None else None
    if not rlvr or not rlvr.get("suite"):
        raise ValueError(
            "CurriculumDataset needs data.rlvr.suite (e.g. +data.rlvr.suite=math-v1) and "
            "data.rlvr.group_size (= actor_rollout_ref.rollout.n)"
        )
    return {str(k): v for k, v in rlvr.items()}


class CurriculumDataset(Dataset):
    """Problems a teacher picks, as verl's RL dataset rows; the teacher learns from each
    step's scores through :meth:`on_batch_end`."""

    def __init__(
        self,
        data_files: Any = None,
        tokenizer: Any = None,
        processor: Any = None,
        config: Any = None,
        max_samples: int = -1,
    ) -> None:
        import rlvr_envs

        options = _options(config)
        if config.get("shuffle", False):
            raise ValueError(
                "CurriculumDataset needs data.shuffle=False: problems come in the teacher's order"
            )
        suite = rlvr_envs.load_suite(str(options["suite"]))
        space = TaskSpace.from_suite(suite, bins=int(options.get("bins", 10)))
        seed = int(options.get("seed", 0))
        teacher = make_teacher(
            str(options.get("teacher", "learning-progress")),
            space,
            seed=seed,
            **dict(options.get("teacher_options", {})),
        )
        block = int(options.get("block", config.get("train_batch_size", 16)))
        self.feed = CurriculumFeed(
            teacher,
            group_size=int(options["group_size"]),
            block=block,
            lookahead=int(options.get("lookahead", 2)),
            seed=seed,
        )
        length = int(options.get("length", max_samples if max_samples and max_samples > 0 else 0))
        if length <= 0:
            raise ValueError("CurriculumDataset needs data.rlvr.length: problems per epoch")
        self.length = length
        self.system_prompt = options.get("system_prompt")
        self.tokenizer, self.processor = tokenizer, processor
        self._rows: dict[int, dict[str, Any]] = {}
        self._issued = 0

    def __len__(self) -> int:
        return self.length

    def __getitem__(self, index: int) -> dict[str, Any]:
        index = int(index)
        while self._issued <= index:
            (item,) = self.feed.take(1)
            row = verl_row(
                item.problem, item.index, "train", domain=domain_of(item.problem.env_id),
                system_prompt=self.system_prompt,
            )  # fmt: skip
            row["extra_info"]["problem_id"] = item.problem_id
            self._rows[item.index] = row
            self._issued += 1
        row = self._rows.get(index)
        if row is None:
            raise IndexError(
                f"problem {index} was read before and is gone: CurriculumDataset serves each "
                "index once, in order (data.shuffle=False, one pass per index)"
            )
        del self._rows[index]
        return {
            **row,
            "raw_prompt": row["prompt"],
            "dummy_tensor": torch.tensor([0], dtype=torch.uint8),
            "index": row["extra_info"]["index"],
            "tools_kwargs": {},
            "interaction_kwargs": {},
        }

    def on_batch_end(self, batch: Any) -> None:
        """Regroup the step's scores by ``uid`` and report each group to the feed."""
        scores = batch.batch["token_level_scores"].sum(dim=-1).tolist()
        uids = batch.non_tensor_batch["uid"]
        extra = batch.non_tensor_batch["extra_info"]
        groups: dict[Any, tuple[str, list[float]]] = {}
        for score, uid, info in zip(scores, uids, extra, strict=True):
            problem_id = info.get("problem_id") if isinstance(info, Mapping) else None
            if problem_id is None:
                continue  # a row that did not come from this dataset
            groups.setdefault(uid, (problem_id, []))[1].append(float(score))
        for problem_id, rewards in groups.values():
            self.feed.report_group(problem_id, rewards)

    def state_dict(self) -> dict[str, Any]:
        """The feed's state (teacher, problems in flight) for a checkpoint, after
        ``feed.flush()`` (which never changes a later draw)."""
        self.feed.flush()
        return {"feed": self.feed.state_dict(), "issued": self._issued}
