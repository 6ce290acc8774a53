"""Fixtures for the evaluation tests: fake OpenAI-compatible servers (stopped, their threads
joined, when the test ends) and small sets of evaluation problems."""

from __future__ import annotations

import pytest

from rlvr_envs.evaluation import eval_problems
from tests.evaluation.fake_server import FakeServer


@pytest.fixture
def serve():
    """``serve(problems, responder)`` starts a fake server on 127.0.0.1 and returns it."""
    servers: list[FakeServer] = []

    def start(problems=(), responder=None, **kwargs) -> FakeServer:
        server = FakeServer(problems, **({"responder": responder} if responder else {}), **kwargs)
        servers.append(server.start())
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def arithmetic():
    """Ten evaluation problems of rlvr/Arithmetic-v0 (fast to verify)."""
    return eval_problems("rlvr/Arithmetic-v0", 10)
