"""``rlvr eval`` against a real server: vLLM's OpenAI-compatible server on 127.0.0.1 serving the
embedded SmolLM2-135M-Instruct on the CPU, and the real ``rlvr`` command as a subprocess.

What the CLI reports must be what scoring the same completions offline gives: every
completion in its cache is re-verified here with :func:`rlvr_envs.verify` against its problem
(found by content hash in the suite's frozen set), and pass@1, the format rate and the per-env
block are recomputed and compared exactly. A rerun of the same command is served from the
cache (no request) and reports the same numbers.

That test runs only where vLLM is installed (its own venv: ``bash scripts/vllm_test.sh``,
which runs this file); the main test environment skips it. The machinery around the server
(``scripts/serve_model.sh`` and ``tests/evaluation/real_server.py``: start, bounded wait,
stop by process group, errors) is tested everywhere, with a stand-in for the vLLM venv.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from rlvr_envs import Problem, verify
from tests.evaluation.real_server import ROOT, RealServer, start_server
from tests.timing import wall_budget

SUITE = "demo-v0"
N = 8
MAX_TOKENS = 256
# Zero-shot, SmolLM2-135M-Instruct almost never writes <answer> tags; shown the form, it
# sometimes does, so both well-formed and malformed completions get scored.
SYSTEM = "You are a calculator. Reply in this form: 4 + 6 = 10\n<answer>10</answer>"
FROZEN = Path(__file__).resolve().parents[2] / "tasks" / f"{SUITE}.eval.jsonl"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The embedded model served from this venv (the one vLLM is installed in)."""
    if os.environ.get("RLVR_REQUIRE_VLLM") == "1":  # scripts/vllm_test.sh: a broken install fails
        import vllm  # noqa: F401
    else:
        pytest.importorskip("vllm")
    log = tmp_path_factory.mktemp("server") / "vllm.log"
    started = start_server("smollm2-135m", timeout=600, log=log, env={"RLVR_VLLM_VENV": sys.prefix})
    yield started
    started.stop()


def _rlvr_eval(server: RealServer, out: Path) -> subprocess.CompletedProcess[str]:
    rlvr = Path(sys.executable).with_name("rlvr")
    command = [
        str(rlvr), "eval", SUITE, "--n", str(N), "--base-url", server.base_url,
        "--model", server.model, "--max-tokens", str(MAX_TOKENS), "--out", str(out),
        "--concurrency", "8", "--system-prompt", SYSTEM, "--no-progress",
        "--no-chat-examples",  # the system prompt alone: what _prompt_tokens counts
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"rlvr eval failed ({done.returncode}):\n{done.stderr[-3000:]}"
    return done


def _prompt_tokens(server: RealServer, prompt: str) -> int:
    """What the server counts for the chat of the system prompt and ``prompt``."""
    messages = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": prompt}]
    body = {"model": server.model, "messages": messages, "add_generation_prompt": True}
    request = urllib.request.Request(
        server.base_url.removesuffix("/v1") + "/tokenize",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)["count"]


@pytest.mark.slow
def test_rlvr_eval_against_vllm_matches_offline_scoring(server, tmp_path):
    out = tmp_path / "eval"
    _rlvr_eval(server, out)
    results = json.loads((out / "results.json").read_text())
    cache = [json.loads(line) for line in (out / "completions.jsonl").read_text().splitlines()]

    # the problems: N of the frozen set, evenly spread (rows 0, 6, 12, ... of 48)
    rows = [json.loads(line) for line in FROZEN.read_text().splitlines()]
    chosen = [Problem.from_dict(rows[i * len(rows) // N]) for i in range(N)]
    by_hash = {p.content_hash(): p for p in chosen}
    assert sorted(r["problem"] for r in cache) == sorted(by_hash)
    assert results["n"] == N and results["errors"] == 0 and results["requests"] == N

    # re-score each completion offline
    verdicts = []
    for record in cache:
        problem = by_hash[record["problem"]]
        assert record["finish_reason"] in ("stop", "length")
        assert 0 < record["completion_tokens"] <= MAX_TOKENS
        # the server was sent exactly the system prompt and the problem's prompt
        assert record["prompt_tokens"] == _prompt_tokens(server, problem.prompt)
        verdicts.append(verify(problem, record["text"]))
    pass_at_1 = sum(v.correct for v in verdicts) / N
    format_rate = sum(v.format_ok for v in verdicts) / N
    assert results["pass@1"] == pass_at_1
    assert results["pass@k"] == {"1": pass_at_1}
    assert results["format_rate"] == format_rate
    assert results["completion_tokens"] == sum(r["completion_tokens"] for r in cache)
    assert list(results["per_env"]) == ["rlvr/Arithmetic-v0"]
    env_block = results["per_env"]["rlvr/Arithmetic-v0"]
    assert (env_block["n"], env_block["pass@1"], env_block["format_rate"]) == (
        N,
        pass_at_1,
        format_rate,
    )
    samples = {
        row["problem"]: row["samples"][0]
        for row in map(json.loads, (out / "samples.jsonl").read_text().splitlines())
    }
    for record, verdict in zip(cache, verdicts):
        sample = samples[record["problem"]]
        assert (sample["correct"], sample["format_ok"], sample["reason"]) == (
            verdict.correct,
            verdict.format_ok,
            verdict.reason,
        )

    # a rerun is served from the cache: no request, the same numbers
    _rlvr_eval(server, out)
    again = json.loads((out / "results.json").read_text())
    assert again["requests"] == 0
    for key in ("n", "pass@1", "pass@k", "format_rate", "errors", "per_env", "completion_tokens"):
        assert again[key] == results[key], key


# -- the machinery, with a stand-in for the vLLM venv ---------------------------------------

# A "python" for serve_model.sh: module checks pass, prepare_model.py prints the model dir
# back, and "-m vllm.entrypoints.openai.api_server" serves GET /v1/models on the given port
# (after a short delay, as a loading server would) with a child process beside it, as vLLM's
# engine is.
FAKE_PYTHON = """#!/bin/sh
case "$*" in
*find_spec*) exit 0 ;;
*prepare_model.py*) echo "$2"; exit 0 ;;
*vllm.entrypoints.openai.api_server*)
    [ -n "$FAKE_EXIT" ] && { echo "engine failed: $FAKE_EXIT"; exit 3; }
    sleep 300 &
    echo $! > "$FAKE_CHILD"
    exec "$REAL_PYTHON" -c "$FAKE_SERVER" "$@" ;;
esac
exit 1
"""
FAKE_SERVER = """
import http.server, json, sys, time
args = sys.argv[1:]
print("fake vllm:", " ".join(args), flush=True)
port, name = int(args[args.index("--port") + 1]), args[args.index("--served-model-name") + 1]
time.sleep(float(__import__("os").environ.get("FAKE_DELAY", "0.5")))
class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = json.dumps({"data": [{"id": name}]}).encode()
        self.send_response(200); self.send_header("Content-Length", str(len(body)))
        self.end_headers(); self.wfile.write(body)
    def log_message(self, *a): pass
http.server.HTTPServer(("127.0.0.1", port), Handler).serve_forever()
"""


@pytest.fixture
def fake_venv(tmp_path, monkeypatch):
    """A stand-in vLLM venv and a local model directory to serve; yields (env, model dir)."""
    python = tmp_path / "venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(FAKE_PYTHON)
    python.chmod(python.stat().st_mode | stat.S_IXUSR)
    model = tmp_path / "tiny-model"
    model.mkdir()
    (model / "config.json").write_text("{}")
    env = {
        "RLVR_VLLM_VENV": str(tmp_path / "venv"),
        "REAL_PYTHON": sys.executable,
        "FAKE_SERVER": FAKE_SERVER,
        "FAKE_CHILD": str(tmp_path / "child.pid"),
    }
    return env, model


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    state = Path(f"/proc/{pid}/stat")
    return not (state.exists() and state.read_text().split(") ")[-1].startswith("Z"))


def test_start_serves_then_stop_ends_the_whole_process_group(fake_venv, tmp_path):
    env, model = fake_venv
    server = start_server(str(model), timeout=30, log=tmp_path / "serve.log", env=env)
    try:
        assert server.model == "tiny-model"
        assert server.base_url.startswith("http://127.0.0.1:") and server.base_url.endswith("/v1")
        assert 0.5 <= server.start_s < 30
        log = server.log_tail()
        assert "at --base-url " + server.base_url in log  # what serve_model.sh tells a user
        flags = log.split("fake vllm: ", 1)[1].splitlines()[0].split()
        assert flags[flags.index("--model") + 1] == str(model)
        assert flags[flags.index("--host") + 1] == "127.0.0.1"  # loopback only
        assert flags[flags.index("--port") + 1] == server.base_url.split(":")[-1][:-3]
        assert flags[flags.index("--dtype") + 1] == "bfloat16" and "--enforce-eager" in flags
        child = int((tmp_path / "child.pid").read_text())
        assert _alive(server.pid) and _alive(child)
    finally:
        server.stop(timeout=5)
    deadline = time.monotonic() + 5
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(server.pid) and not _alive(child)


def test_a_server_that_exits_fails_with_its_log(fake_venv, tmp_path):
    env, model = fake_venv
    with pytest.raises(RuntimeError, match=r"exited with status 3(.|\n)*engine failed: boom"):
        start_server(str(model), timeout=30, log=tmp_path / "log", env={**env, "FAKE_EXIT": "boom"})


def test_a_server_that_never_serves_is_stopped_at_the_timeout(fake_venv, tmp_path):
    env, model = fake_venv
    start = time.monotonic()
    with pytest.raises(RuntimeError, match="did not serve 'tiny-model' within 1 s"):
        start_server(str(model), timeout=1, log=tmp_path / "log", env={**env, "FAKE_DELAY": "60"})
    assert time.monotonic() - start < wall_budget(10)
    child = int((tmp_path / "child.pid").read_text())
    deadline = time.monotonic() + 5
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(child)


def test_without_a_vllm_venv_the_error_says_how_to_build_one(tmp_path):
    with pytest.raises(RuntimeError, match=r"no vLLM in .*bash scripts/vllm_test.sh"):
        start_server("smollm2-135m", timeout=30, log=tmp_path / "log",
                     env={"RLVR_VLLM_VENV": str(tmp_path / "none")})  # fmt: skip


def test_prepare_model_rejects_an_unknown_name_with_the_known_ones(tmp_path):
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "prepare_model.py"), str(tmp_path / "nothing")],
        capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert done.returncode != 0
    assert "smollm2-135m, gemma3-270m, or a local HF model dir" in done.stderr
