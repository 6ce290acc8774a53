"""`rlvr serve` against OpenEnv's own client and validator, over HTTP and the WebSocket.

Each server is the real command (``python -m rlvr_envs.cli serve ... --port 0``) on
127.0.0.1, started once per module and stopped by pid in the fixture's finaliser. Runs in
the OpenEnv venv (scripts/openenv_test.sh sets RLVR_REQUIRE_OPENENV=1, so a broken install
fails there); in the main test venv, without OpenEnv, the module is skipped.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.timing import wall_budget

if os.environ.get("RLVR_REQUIRE_OPENENV") == "1":
    import openenv  # noqa: F401
else:
    pytest.importorskip("openenv")

import httpx  # comes with openenv
from openenv.core import GenericEnvClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as ws_connect

import rlvr_envs
from rlvr_envs.integrations.openenv.load import load_test

ARITH = "rlvr/Arithmetic-v0"
REPAIR = "rlvr/CodeRepair-v0"
WRONG = "<answer>not it</answer>"
MAX_BYTES = 1_048_576


def _start(tmp_path_factory, name: str, *args: str):
    log = tmp_path_factory.mktemp(name) / "server.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "rlvr_envs.cli", "serve", *args,
             "--host", "127.0.0.1", "--port", "0"],
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    deadline = time.monotonic() + 60
    url = None
    while time.monotonic() < deadline and proc.poll() is None:
        first = log.read_text().splitlines()[:1]
        if first and first[0].startswith("rlvr serve: http://"):
            url = first[0].split()[2]
            try:
                if httpx.get(f"{url}/health", timeout=2).json() == {"status": "healthy"}:
                    return proc, url
            except httpx.HTTPError:
                pass
        time.sleep(0.2)
    _stop(proc)
    raise RuntimeError(f"rlvr serve did not come up:\n{log.read_text()}")


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(10)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)  # worker processes it started (its process group)


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    proc, base = _start(
        tmp_path_factory, "env", ARITH, "--max-sessions", "40", "--timeout", "5",
        "--max-request-bytes", str(MAX_BYTES),
    )  # fmt: skip
    yield base
    _stop(proc)
    assert proc.returncode is not None


@pytest.fixture(scope="module")
def teacher_url(tmp_path_factory):
    proc, base = _start(
        tmp_path_factory, "teacher", ARITH, "--teacher", "uniform", "--group-size", "2",
        "--block", "1", "--lookahead", "1", "--wait", "0.5", "--max-sessions", "3",
    )  # fmt: skip
    yield base
    _stop(proc)


def _oracle(env_id: str, seed: int, difficulty=None, knobs=None) -> str:
    problem = rlvr_envs.make_task(env_id).generate(seed, difficulty, knobs)
    return rlvr_envs.oracle_completion(problem)


def _healthy(url: str) -> None:
    assert httpx.get(f"{url}/health", timeout=5).json() == {"status": "healthy"}
    with GenericEnvClient(base_url=url).sync() as env:
        env.reset(env_id=ARITH, seed=99)
        assert env.step({"completion": _oracle(ARITH, 99)}).reward == 1.0


# -- OpenEnv's contract -----------------------------------------------------------------------
def test_openenvs_own_validator_passes(url):
    tool = Path(sys.executable).parent / "openenv"
    out = subprocess.run(
        [str(tool), "validate", "--url", url, "--json"], capture_output=True, text=True,
        timeout=60,
    )  # fmt: skip
    report = json.loads(out.stdout)
    assert report["passed"], report["summary"]
    assert report["mode"] == "simulation"
    schema = httpx.get(f"{url}/schema").json()
    assert {"completion", "episode"} <= set(schema["action"]["properties"])
    assert "text" in schema["observation"]["properties"]


# -- HTTP: stateless ----------------------------------------------------------------------------
def test_http_reset_then_a_step_carrying_the_episode(url):
    reset = httpx.post(f"{url}/reset", json={"env_id": REPAIR, "seed": 4, "difficulty": 0.3})
    assert reset.status_code == 200
    body = reset.json()
    problem = rlvr_envs.make_task(REPAIR).generate(4, 0.3)
    assert body["observation"]["text"] == problem.prompt and body["done"] is False
    episode = body["metadata"]["episode"]
    for completion, reward in ((rlvr_envs.oracle_completion(problem), 1.0), (WRONG, 0.0)):
        step = httpx.post(
            f"{url}/step", json={"action": {"completion": completion, "episode": episode}}
        )
        assert step.status_code == 200, step.text
        data = step.json()
        assert data["reward"] == reward and data["done"] is True
        assert data["metadata"]["problem_id"] == body["metadata"]["problem_id"]
    default = httpx.post(f"{url}/reset", json={}).json()["metadata"]["episode"]
    assert default["env_id"] == ARITH  # the server's env id


@pytest.mark.parametrize(
    ("path", "payload", "status", "error"),
    [
        ("/reset", {"env_id": "rlvr/Nope-v0"}, 400, "unknown_env"),
        ("/reset", {"env_id": ARITH, "knobs": {"digits": 99}}, 400, "bad_knobs"),
        ("/reset", {"difficulty": 2}, 400, "bad_difficulty"),
        ("/reset", {"dificulty": 0.5}, 400, "bad_request"),
        ("/step", {"action": {"completion": "x"}}, 400, "no_episode"),
        ("/step", {"action": {"completion": "x" * 300_000,
                              "episode": {"env_id": ARITH, "seed": 1}}}, 413, "too_large"),
        ("/step", {"action": {"completion": "x" * (MAX_BYTES + 10)}}, 413, "too_large"),
    ],
)  # fmt: skip
def test_http_refusals_are_json_with_a_code(url, path, payload, status, error):
    response = httpx.post(f"{url}{path}", json=payload, timeout=30)
    assert response.status_code == status
    assert response.json()["error"] == error and response.json()["detail"]


def test_malformed_http_bodies_get_4xx_and_the_server_lives_on(url):
    deep = "[" * 200_000 + "]" * 200_000
    headers = {"content-type": "application/json"}
    assert httpx.post(f"{url}/step", content=deep, headers=headers).status_code == 400
    assert httpx.post(f"{url}/step", content=b"\xff\xfe\x00", headers=headers).status_code in (
        400,
        422,
    )

    def chunks():  # no content-length: the limit is counted as the body streams in
        yield b'{"action": {"completion": "'
        for _ in range(MAX_BYTES // 65_536 + 1):
            yield b"a" * 65_536
        yield b'"}}'

    streamed = httpx.post(f"{url}/step", content=chunks(), headers=headers)
    assert streamed.status_code == 413 and streamed.json()["error"] == "too_large"
    nested = {"action": {"completion": {"a": [[[1]]]}}}
    assert httpx.post(f"{url}/step", json=nested).status_code == 422
    _healthy(url)


# -- the WebSocket: sessions ------------------------------------------------------------------
def test_single_turn_over_openenvs_client(url):
    with GenericEnvClient(base_url=url).sync() as env:
        result = env.reset(env_id="rlvr/LinearEquation-v0", seed=5, knobs={"coefficients": 4})
        meta = result.observation["metadata"]
        assert meta["episode"]["knobs"] == {"coefficients": 4} and not result.done
        answer = _oracle("rlvr/LinearEquation-v0", 5, knobs={"coefficients": 4})
        step = env.step({"completion": answer})
        assert step.done and step.reward == 1.0
        assert step.observation["metadata"]["verdict"]["reason"] == "ok"
        state = env.state()
        assert state["problem_id"] == meta["problem_id"] and state["step_count"] == 1
        with pytest.raises(RuntimeError, match="episode_over"):
            env.step({"completion": answer})


def test_multi_turn_continues_with_the_familys_feedback(url):
    with GenericEnvClient(base_url=url).sync() as env:
        env.reset(env_id=REPAIR, seed=1)
        first = env.step({"completion": "```python\nprint(1)\n```"})
        assert not first.done and first.reward == 0.0
        assert "passed 0 of" in first.observation["text"]
        assert "expected" not in first.observation["metadata"]["verdict"]
        last = env.step({"completion": _oracle(REPAIR, 1)})
        assert last.done and last.reward == 1.0 and last.observation["metadata"]["turn"] == 2


def test_bad_resets_over_the_websocket_are_errors_and_the_session_lives_on(url):
    with GenericEnvClient(base_url=url).sync() as env:
        for kwargs, code in (
            ({"env_id": "rlvr/Nope-v0"}, "unknown_env"),
            ({"env_id": ARITH, "knobs": {"digits": "many"}}, "bad_knobs"),
            ({"seed": -4}, "bad_seed"),
            ({"difficulty": 1.01}, "bad_difficulty"),
        ):
            with pytest.raises(RuntimeError, match=code):
                env.reset(**kwargs)
        env.reset(env_id=ARITH, seed=3)
        assert env.step({"completion": _oracle(ARITH, 3)}).reward == 1.0


def test_concurrent_sessions_keep_their_own_episodes(url):
    with GenericEnvClient(base_url=url).sync() as a, GenericEnvClient(base_url=url).sync() as b:
        a.reset(env_id=ARITH, seed=1)
        b.reset(env_id=ARITH, seed=2)
        assert b.step({"completion": _oracle(ARITH, 1)}).reward == 0.0  # a's answer
        assert a.step({"completion": _oracle(ARITH, 1)}).reward == 1.0
        b.reset(env_id=REPAIR, seed=3)
        a.reset(env_id=REPAIR, seed=4)
        assert a.step({"completion": _oracle(REPAIR, 4)}).reward == 1.0
        assert not b.step({"completion": _oracle(REPAIR, 4)}).done  # b's turn 1 of 3


HOSTILE = [
    "\x00\x01\x02\xff" * 2000,
    "\ud800<answer>\udfff</answer>",
    "[" * 100_000,
    json.dumps({"k": [[[[{"v": "<answer>1</answer>"}]]]] * 200}),
    "<answer>" * 30_000,
    "\u202e\U0001f600\u0000" * 3000,
]


def test_hostile_completions_score_zero_and_the_server_stays_healthy(url):
    with GenericEnvClient(base_url=url).sync() as env:
        for completion in HOSTILE:
            env.reset(env_id=ARITH, seed=7)
            result = env.step({"completion": completion})
            assert result.done and result.reward == 0.0
    for completion in HOSTILE:
        action = {"completion": completion, "episode": {"env_id": ARITH, "seed": 7}}
        body = json.dumps({"action": action})  # ASCII with escapes: lone surrogates survive
        response = httpx.post(
            f"{url}/step", content=body, headers={"content-type": "application/json"}, timeout=30
        )
        assert response.status_code == 200 and response.json()["reward"] == 0.0
    _healthy(url)


def test_hostile_websocket_frames_get_errors_and_the_server_lives_on(url):
    ws_url = url.replace("http://", "ws://") + "/ws"
    with ws_connect(ws_url, max_size=None) as ws:
        ws.send("this is not json")
        assert json.loads(ws.recv(timeout=10))["data"]["code"] == "INVALID_JSON"
        ws.send(json.dumps({"type": "step", "data": {"completion": 3}}))
        assert json.loads(ws.recv(timeout=10))["data"]["code"] == "VALIDATION_ERROR"
        ws.send("[" * 100_000 + "]" * 100_000)  # nesting past Python's recursion limit
        assert json.loads(ws.recv(timeout=10))["type"] == "error"
    with ws_connect(ws_url, max_size=None) as ws, pytest.raises(ConnectionClosed) as closed:
        ws.send("x" * (MAX_BYTES + 1))  # a frame over --max-request-bytes
        ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    _healthy(url)


# -- a teacher's server -----------------------------------------------------------------------
def test_a_teachers_server_hands_each_problem_to_a_group_and_learns(teacher_url):
    refused = httpx.post(f"{teacher_url}/reset", json={})
    assert refused.status_code == 400 and refused.json()["error"] == "websocket_only"
    clients = [GenericEnvClient(base_url=teacher_url).sync() for _ in range(3)]
    a, b, c = clients
    try:
        first = [x.reset().observation["metadata"]["problem_id"] for x in (a, b)]
        assert first == ["p0", "p0"]
        with pytest.raises(RuntimeError, match="busy"):  # p0's group is not complete yet
            c.reset()
        with pytest.raises(RuntimeError, match="teacher_owns_reset"):
            c.reset(seed=3)
        episode = a.state()
        assert episode["problem_id"] == "p0"
        a.step({"completion": WRONG})
        b.step({"completion": WRONG})
        assert c.reset().observation["metadata"]["problem_id"] == "p1"
        summary = httpx.get(f"{teacher_url}/curriculum").json()
        assert summary["outcomes_learned"] == 1 and summary["blocks_applied"] == 1
        c.close()  # leaves p1 unfinished: its place is replayed
        assert a.reset().observation["metadata"]["problem_id"] == "p1"
    finally:
        for client in clients:
            client.close()


def test_sessions_past_max_sessions_are_refused(teacher_url):
    held = [GenericEnvClient(base_url=teacher_url).sync() for _ in range(3)]
    try:
        deadline = time.monotonic() + 10
        while True:  # sessions of the previous test close asynchronously
            try:
                for client in held:
                    client.state()
                break
            except RuntimeError:
                assert time.monotonic() < deadline
                time.sleep(0.2)
        with (
            GenericEnvClient(base_url=teacher_url).sync() as extra,
            pytest.raises(RuntimeError, match="CAPACITY_REACHED"),
        ):
            extra.state()
    finally:
        for client in held:
            client.close()


# -- load ---------------------------------------------------------------------------------------
def test_load_32_concurrent_clients(url, capsys):
    start = time.monotonic()
    report = asyncio.run(load_test(url, clients=32, episodes=10, env_id=ARITH))
    assert time.monotonic() - start < wall_budget(30)
    with capsys.disabled():
        print(f"\nrlvr serve load test: {report.summary()}")
    assert report.errors == [] and report.mismatched == 0
    assert len(report.step_ms) == 320 and report.percentile("step", 99) < 10_000
