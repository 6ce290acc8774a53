"""Helpers the code families' tests share."""

from __future__ import annotations

import rlvr_envs
from rlvr_envs.registry import format_answer


def code(source: str) -> str:
    return format_answer(source, "code")


def tags(text: str) -> str:
    return f"<answer>{text}</answer>"


def task(env_id: str):
    return rlvr_envs.make_task(env_id)


def load_function(source: str, name: str):
    """Function ``name`` from ``source``, our own reference or test program (never model
    text), executed in-process to compare it with the reference on many inputs quickly."""
    namespace: dict = {}
    exec(compile(source, "solution", "exec"), namespace)
    return namespace[name]
