"""Automatic curriculum learning: task spaces, teachers, simulated students, the benchmark.

::

    from rlvr_envs.curriculum import TaskSpace, TaskSpec, Outcome, make_teacher, TEACHERS

    space = TaskSpace(["rlvr/Sudoku-v0", "rlvr/LinearEquation-v0"])  # knobs from the families
    teacher = make_teacher("alp-gmm", space, seed=0)                  # TEACHERS: name -> class
    specs = teacher.sample(16)                                         # list[TaskSpec]
    teacher.update([Outcome(spec, rewards) for spec, rewards in ...])  # list[Outcome]
    state = teacher.state_dict()                                       # JSON-serialisable

    feed = CurriculumFeed(teacher, group_size=8)  # the teacher in any trainer's loop
    for item in feed:                             # FeedItem(problem_id, index, spec, problem)
        feed.report(item.problem_id, reward)      # per completion, any order, any thread

Statistics and plots (the benchmark's leaderboard) import matplotlib lazily; importing this
package pulls in only numpy.
"""

from __future__ import annotations

from rlvr_envs.curriculum.feed import CurriculumFeed, FeedError, FeedItem, LookaheadError
from rlvr_envs.curriculum.space import Arm, Dim, Outcome, TaskSpace, TaskSpec
from rlvr_envs.curriculum.teachers import TEACHERS, Teacher, make_teacher, register_teacher

__all__ = [
    "TEACHERS",
    "Arm",
    "CurriculumFeed",
    "Dim",
    "FeedError",
    "FeedItem",
    "LookaheadError",
    "Outcome",
    "TaskSpace",
    "TaskSpec",
    "Teacher",
    "make_teacher",
    "register_teacher",
]
