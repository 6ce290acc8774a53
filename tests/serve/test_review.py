"""Review of ``rlvr serve`` as a hostile client: sessions that never expire, idle sessions.

OpenEnv 0.10 offers three ways to hold a session besides a ``/ws`` connection (``POST /mcp``
``openenv/session/create``, the ``/mcp`` WebSocket, ``/ws?session_id=`` attaching to one),
none with an expiry, and keeps an idle ``/ws`` session forever: four anonymous POSTs locked
every client out of a ``--max-sessions 4`` server, and one client that reset and went quiet
stalled a teacher's curriculum for good. These tests start the real command on 127.0.0.1
(stopped by pid in the fixture's finaliser) and run in the OpenEnv venv
(scripts/openenv_test.sh); without OpenEnv they are skipped.
"""

from __future__ import annotations

import json
import os
import time

import pytest

from tests.timing import wall_budget

if os.environ.get("RLVR_REQUIRE_OPENENV") == "1":
    import openenv  # noqa: F401
else:
    pytest.importorskip("openenv")

import httpx
from openenv.core import GenericEnvClient
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect as ws_connect

import rlvr_envs
from rlvr_envs import cli
from tests.serve.test_server import _start, _stop

ARITH = "rlvr/Arithmetic-v0"
IDLE = 1.5  # the servers' --idle-timeout, seconds


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    proc, base = _start(
        tmp_path_factory, "review-env", ARITH, "--max-sessions", "2", "--idle-timeout", str(IDLE)
    )
    yield base
    _stop(proc)


@pytest.fixture(scope="module")
def teacher_url(tmp_path_factory):
    proc, base = _start(
        tmp_path_factory, "review-teacher", ARITH, "--teacher", "uniform", "--group-size", "2",
        "--block", "1", "--lookahead", "1", "--wait", "0.3", "--max-sessions", "3",
        "--idle-timeout", str(IDLE),
    )  # fmt: skip
    yield base
    _stop(proc)


def _play(url: str, seed: int) -> float:
    problem = rlvr_envs.make_task(ARITH).generate(seed, None)
    with GenericEnvClient(base_url=url).sync() as env:
        env.reset(env_id=ARITH, seed=seed)
        return env.step({"completion": rlvr_envs.oracle_completion(problem)}).reward


def _eventually(check, seconds: float = 10.0):
    """``check()``'s value once it stops raising RuntimeError (sessions close asynchronously)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return check()
        except RuntimeError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def test_http_mcp_sessions_are_refused_and_take_no_slot(url):
    for i in range(5):  # more than --max-sessions: before the fix these held every slot
        reply = httpx.post(
            f"{url}/mcp",
            json={"jsonrpc": "2.0", "id": i, "method": "openenv/session/create", "params": {}},
        )
        assert reply.status_code == 200
        body = reply.json()
        assert body["jsonrpc"] == "2.0" and body["id"] == i
        assert "result" not in body and "/ws" in body["error"]["message"]
    for body in (b"{}", b"[" * 100_000, b"\xff"):  # OpenEnv's validator posts {}
        reply = httpx.post(f"{url}/mcp", content=body, headers={"content-type": "application/json"})
        assert reply.status_code == 200 and reply.json()["error"]["code"] == -32601
    assert _eventually(lambda: _play(url, 1)) == 1.0
    assert _play(url, 2) == 1.0


@pytest.mark.parametrize("path", ["/mcp", "/ws?session_id=anything", "/ws?x=1&session_id="])
def test_websocket_routes_that_hold_sessions_without_expiry_are_refused(url, path):
    with pytest.raises(InvalidStatus) as refused:
        ws_connect(url.replace("http://", "ws://") + path, open_timeout=10)
    assert refused.value.response.status_code == 403


def test_an_idle_session_is_closed_and_frees_its_slot(url):
    ws = url.replace("http://", "ws://") + "/ws"
    with ws_connect(ws) as first, ws_connect(ws) as second:  # both slots of --max-sessions 2
        start = time.monotonic()
        second.send(json.dumps({"type": "reset", "data": {"env_id": ARITH, "seed": 3}}))
        assert json.loads(second.recv(timeout=10))["type"] == "observation"
        for _ in range(4):  # a client that talks is never idle
            time.sleep(IDLE / 2)
            second.send(json.dumps({"type": "state"}))
            assert json.loads(second.recv(timeout=10))["data"]["env_id"] == ARITH
        with pytest.raises(ConnectionClosed) as closed:
            first.recv(timeout=10)
        assert closed.value.rcvd.code == 4408 and "--idle-timeout" in closed.value.rcvd.reason
        assert IDLE <= time.monotonic() - start < IDLE + wall_budget(5)
        assert _eventually(lambda: _play(url, 4)) == 1.0  # the idle one's slot is free again


def test_an_idle_client_of_a_teacher_gives_its_place_back(teacher_url):
    """One client takes p0 and goes quiet; the curriculum goes on once it is closed."""
    idle = GenericEnvClient(base_url=teacher_url).sync()
    busy = GenericEnvClient(base_url=teacher_url).sync()
    try:
        assert idle.reset().observation["metadata"]["problem_id"] == "p0"
        assert busy.reset().observation["metadata"]["problem_id"] == "p0"
        busy.step({"completion": "<answer>0</answer>"})

        def next_problem() -> str:
            result = busy.reset()  # busy (RuntimeError) until the idle session is closed
            busy.step({"completion": "<answer>0</answer>"})
            return result.observation["metadata"]["problem_id"]

        assert _eventually(next_problem) == "p0"  # the idle client's place, replayed
        assert busy.reset().observation["metadata"]["problem_id"] == "p1"
        summary = httpx.get(f"{teacher_url}/curriculum").json()
        assert summary["outcomes_learned"] == 1 and summary["replays_waiting"] == 0
    finally:
        idle.close()
        busy.close()


def test_bad_idle_timeouts_are_refused(capsys):
    assert cli.main(["serve", ARITH, "--idle-timeout", "-1"]) == 2
    assert "--idle-timeout must be >= 0" in capsys.readouterr().err
    from rlvr_envs.integrations.openenv import EnvSource, make_app

    with pytest.raises(ValueError, match="idle_timeout"):
        make_app(EnvSource(ARITH), idle_timeout=0)
    assert make_app(EnvSource(ARITH), idle_timeout=None) is not None  # never
