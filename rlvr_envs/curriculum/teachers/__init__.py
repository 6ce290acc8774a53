"""Every teacher behind the one interface; importing this package registers them all.

Modules by what a teacher controls: ``schedules`` (a difficulty per env: fixed schedule, RLVE's
threshold ladder, ADR's bounds), ``bandits`` (arms: SEC, DUMP, learning progress, MoPPS),
``problems`` (single problems with seeds: balanced filtering, VCRL, PLR) and ``regions``
(the continuous knob box: ALP-GMM, RIAC).
"""

from __future__ import annotations

from rlvr_envs.curriculum.teachers import bandits, problems, regions, schedules

__all__ = ["bandits", "problems", "regions", "schedules"]
