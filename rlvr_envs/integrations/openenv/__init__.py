"""``rlvr serve``: every env id, suite or teacher as an OpenEnv-compatible server.

``rlvr_envs.integrations.openenv.session`` (problem sources, one client's episodes) needs
nothing beyond the core; ``rlvr_envs.integrations.openenv.server`` (the OpenEnv app) needs
the ``serve`` extra (``pip install 'rlvr-envs[serve]'``) and is imported only when used, so
``import rlvr_envs`` never needs OpenEnv. See docs/serve.md.
"""

from __future__ import annotations

from typing import Any

from rlvr_envs.integrations.openenv.session import (
    EnvSource,
    ProblemSource,
    ServeError,
    Session,
    SuiteSource,
    TeacherSource,
    make_source,
)

__all__ = [
    "EnvSource",
    "ProblemSource",
    "RlvrAction",
    "RlvrEnvironment",
    "RlvrObservation",
    "RlvrState",
    "ServeError",
    "Session",
    "SuiteSource",
    "TeacherSource",
    "load_test",
    "make_app",
    "make_source",
    "serve",
]

_SERVER = {"RlvrAction", "RlvrEnvironment", "RlvrObservation", "RlvrState", "make_app", "serve"}


def __getattr__(name: str) -> Any:
    if name in _SERVER:
        from rlvr_envs.integrations.openenv import server

        return getattr(server, name)
    if name == "load_test":
        from rlvr_envs.integrations.openenv.load import load_test

        return load_test
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
