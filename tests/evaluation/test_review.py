"""Adversarial review of `rlvr eval` and `rlvr calibrate` (issue 17): a hostile or broken
server, a killed run, caches shared between settings, multi-turn gaming, old card files.

What a response is, as `rlvr eval` decides it (docs/evaluation.md, "What is an error"):
the model's answer is scored whenever the server returned one, empty or cut short by
``max_tokens`` included; the sample is an *error* when there is no answer to score (a
transport failure, a body that is not a chat completion, tool calls instead of text).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import rlvr_envs
from rlvr_envs.calibration import calibrate_env
from rlvr_envs.evaluation import (
    BackendError,
    Completion,
    CompletionCache,
    eval_problems,
    load_cards,
    openai_backend,
    score_problems,
    summarise,
)
from rlvr_envs.evaluation.client import parse_chat_response
from tests.evaluation.fake_server import Reply, oracle
from tests.timing import wall_budget

ROOT = Path(__file__).resolve().parents[2]


def backend_for(url, **options):
    options = {"api_key": "", "backoff": 0.01, "max_backoff": 0.02, **options}
    return openai_backend(url, "fake", **options)


def run(problems, backend, **options):
    return score_problems(problems, backend, progress=False, **options)


TOOL_CALL = {"id": "1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
SSE = b'data: {"choices": [{"delta": {"content": "4"}}]}\n\ndata: [DONE]\n\n'


def chat(message: dict, finish_reason: str | None = "stop") -> bytes:
    return json.dumps({"choices": [{"message": message, "finish_reason": finish_reason}]}).encode()


# -- what is scored, what is an error ----------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (chat({"role": "assistant", "content": ""}), "no_answer"),
        (chat({"role": "assistant", "content": None}), "no_answer"),
        (chat({"role": "assistant", "content": None}, "length"), "no_answer"),
        (chat({"role": "assistant", "content": "<answer>x</answer>"}, "length"), "wrong"),
        (chat({"role": "assistant", "content": None, "refusal": "I can't."}), "no_answer"),
    ],
    ids=["empty", "null", "null-length", "cut-short", "refusal"],
)
def test_an_answer_the_model_gave_is_scored_even_when_empty(serve, arithmetic, body, reason):
    server = serve(arithmetic[:1], lambda r: Reply(body=body))
    sample = run(arithmetic[:1], backend_for(server.url))[0].samples[0]
    assert sample.error is None and sample.correct is False and sample.reason == reason
    assert server.requests == 1


@pytest.mark.parametrize(
    ("reply", "message"),
    [
        (Reply(body=b"\x1f\x8b garbage", headers={"Content-Encoding": "gzip"}), "malformed"),
        (Reply(body=chat({"content": [{"type": "text", "text": 5}]})), "malformed"),
        (Reply(body=b"[" * 100_000 + b"]" * 100_000), "malformed"),
        (
            Reply(body=chat({"content": None, "tool_calls": [TOOL_CALL]}, "tool_calls")),
            "tool calls",
        ),
        (Reply(body=SSE), "not JSON"),
        (Reply(body=b"<html><body>502 Bad Gateway</body></html>"), "not JSON"),
        (Reply(body=b'{"error": {"message": "overloaded", "code": 503}}'), "server error"),
    ],
    ids=["gzip-garbage", "parts-not-text", "deep-nesting", "tool-calls", "sse", "html", "error"],
)
def test_a_body_without_an_answer_is_an_error_never_a_crash(serve, arithmetic, reply, message):
    problems = arithmetic[:3]
    server = serve(problems, lambda r: reply)
    results = run(problems, backend_for(server.url, retries=2))
    for result in results:
        sample = result.samples[0]
        assert message in sample.error and sample.correct is None and sample.reward is None
    assert summarise(results)["pass@1"] is None and server.requests == len(problems)


def test_parse_chat_response_keeps_text_next_to_tool_calls():
    body = chat({"content": "<answer>4</answer>", "tool_calls": [{"id": "1"}]}, "tool_calls")
    assert parse_chat_response(body).text == "<answer>4</answer>"
    with pytest.raises(BackendError, match="tool calls"):
        parse_chat_response(chat({"content": "", "tool_calls": [{"id": "1"}]}))


def test_finish_reasons_are_reported_and_cut_short_answers_counted(serve, arithmetic, tmp_path):
    problems = arithmetic[:4]
    cut = {problems[0].prompt, problems[1].prompt}

    def respond(request):
        text = oracle(request).text
        reason = "length" if request.problem.prompt in cut else "stop"
        return Reply(body=chat({"content": text if reason == "stop" else text[:3]}, reason))

    server = serve(problems, respond)
    cache = tmp_path / "c.jsonl"
    results = run(problems, backend_for(server.url), cache=cache)
    assert [r.samples[0].finish_reason for r in results] == ["length", "length", "stop", "stop"]
    summary = summarise(results)
    assert summary["truncated"] == 2 and summary["pass@1"] == 0.5
    assert summary["per_env"]["rlvr/Arithmetic-v0"]["truncated"] == 2
    again = run(problems, backend_for(server.url), cache=cache)  # from the cache
    assert [r.samples[0].finish_reason for r in again] == ["length", "length", "stop", "stop"]


# -- text the server should not have sent ------------------------------------------------------


def test_lone_surrogates_neither_crash_the_run_nor_the_cache(serve, arithmetic, tmp_path):
    problems = arithmetic[:2]
    body = b'{"choices": [{"message": {"content": "half an emoji \\ud83d <answer>0</answer>"}}]}'
    server = serve(problems, lambda r: Reply(body=body))
    cache = tmp_path / "c.jsonl"
    results = run(problems, backend_for(server.url), cache=cache)
    assert [s.reason for r in results for s in r.samples] == ["wrong", "wrong"]
    assert "\ufffd" in results[0].samples[0].completions[0]
    assert len(CompletionCache(cache)) == 2
    run(problems, backend_for(server.url), cache=cache)
    assert server.requests == 2


def test_lone_surrogates_in_a_multi_turn_conversation(serve):
    problems = eval_problems("rlvr/CodeRepair-v0", 1)
    body = b'{"choices": [{"message": {"content": "no code \\udc80 here"}}]}'
    server = serve(problems, lambda r: Reply(body=body) if r.turn == 0 else oracle(r))
    sample = run(problems, backend_for(server.url))[0].samples[0]
    assert sample.error is None and sample.correct is True and sample.turns == 2
    assert "\ufffd" in server.seen[1].body["messages"][1]["content"]


def test_a_cache_line_cut_inside_a_multibyte_character_is_skipped(tmp_path):
    path = tmp_path / "c.jsonl"
    with CompletionCache(path) as cache:
        cache.put("a", Completion("x × y ≤ z"))
        cache.put("b", Completion("ééééé"))
    data = path.read_bytes()
    path.write_bytes(data[: data.rindex("é".encode()) + 1])  # killed mid-character
    cache = CompletionCache(path)
    assert len(cache) == 1 and cache.skipped == 1 and cache.get("a").text == "x × y ≤ z"
    cache.put("c", Completion("après"))
    cache.close()
    again = CompletionCache(path)
    assert again.get("c").text == "après" and len(again) == 2


# -- bodies too big or too slow ----------------------------------------------------------------


class RawServer:
    """A loopback server that answers every request with ``handler(writer)``'s bytes."""

    def __init__(self, handler):
        self.handler = handler
        self.requests = 0
        self.loop = asyncio.new_event_loop()
        self.tasks: set[asyncio.Task] = set()
        ready = threading.Event()

        async def serve():
            self.server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
            self.port = self.server.sockets[0].getsockname()[1]

        def target():
            asyncio.set_event_loop(self.loop)
            self.loop.run_until_complete(serve())
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=target, daemon=True)
        self.thread.start()
        assert ready.wait(10)
        self.url = f"http://127.0.0.1:{self.port}/v1"

    async def _handle(self, reader, writer):
        self.tasks.add(asyncio.current_task())
        try:
            while await reader.readline():
                length = 0
                while (header := await reader.readline()) not in (b"\r\n", b""):
                    name, _, value = header.decode().partition(":")
                    if name.strip().lower() == "content-length":
                        length = int(value)
                await reader.readexactly(length)
                self.requests += 1
                if not await self.handler(writer):
                    break
        except (ConnectionError, asyncio.CancelledError, asyncio.IncompleteReadError):
            pass
        finally:
            writer.close()

    def stop(self):
        async def shutdown():
            self.server.close()
            for task in list(self.tasks):
                task.cancel()
            await asyncio.gather(*self.tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(shutdown(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


@pytest.fixture
def raw_server():
    servers = []

    def start(handler):
        servers.append(RawServer(handler))
        return servers[-1]

    yield start
    for server in servers:
        server.stop()


def test_a_server_that_trickles_its_body_forever_times_out(raw_server, arithmetic):
    async def trickle(writer):
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n{")
        while True:  # a byte every 50 ms: never silent for --timeout, never done
            writer.write(b" ")
            await writer.drain()
            await asyncio.sleep(0.05)

    server = raw_server(trickle)
    start = time.monotonic()
    backend = backend_for(server.url, timeout=0.4, body_timeout=0.5, retries=1)
    sample = run(arithmetic[:1], backend)[0].samples[0]
    assert sample.error == "timed out: the body took over 0.5 s to arrive (2 attempts)"
    assert time.monotonic() - start < wall_budget(4) and server.requests == 2


def test_a_connection_closed_mid_body_is_retried(raw_server, arithmetic):
    body = chat({"content": "<answer>0</answer>"})

    async def cut(writer):
        if server.requests == 1:
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n" + body[:10])
            await writer.drain()
            return False
        head = f"HTTP/1.1 200 OK\r\nContent-Length: {len(body)}\r\n\r\n".encode()
        writer.write(head + body)
        await writer.drain()
        return True

    server = raw_server(cut)
    sample = run(arithmetic[:1], backend_for(server.url, retries=1))[0].samples[0]
    assert sample.error is None and sample.reason == "wrong" and server.requests == 2


def test_a_huge_body_is_refused_without_being_read(raw_server, arithmetic):
    chunk = b" " * (1 << 16)
    sent = []

    async def huge(writer):
        writer.write(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
        for _ in range(1 << 12):  # 256 MiB of JSON whitespace
            writer.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            await writer.drain()
            sent.append(1)
        writer.write(b"2\r\n{}\r\n0\r\n\r\n")
        await writer.drain()
        return True

    server = raw_server(huge)
    options = {"retries": 2, "max_response_bytes": 1 << 20}
    sample = run(arithmetic[:1], backend_for(server.url, **options))[0].samples[0]
    assert "larger than 1048576 bytes" in sample.error and server.requests == 1
    assert len(sent) < 1 << 10  # it stopped reading long before the end

    async def declared(writer):
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 99999999999\r\n\r\n")
        await writer.drain()
        return False

    server = raw_server(declared)
    sample = run(arithmetic[:1], backend_for(server.url, **options))[0].samples[0]
    assert "larger than 1048576 bytes" in sample.error and server.requests == 1


def test_bad_response_limits_are_refused():
    with pytest.raises(ValueError, match="max_response_bytes"):
        openai_backend("http://127.0.0.1:1/v1", "m", max_response_bytes=0)
    with pytest.raises(ValueError, match="body_timeout"):
        openai_backend("http://127.0.0.1:1/v1", "m", body_timeout=0)
    assert openai_backend("http://127.0.0.1:1/v1", "m", timeout=3).body_timeout == 30


def test_the_concurrency_bound_holds_through_a_429_storm(serve, arithmetic):
    storm = Reply(status=429, headers={"Retry-After": "0.1"}, delay=0.02)

    def respond(request):
        return storm if request.attempt < 2 else Reply(text=oracle(request).text, delay=0.02)

    server = serve(arithmetic, respond)
    results = run(arithmetic, backend_for(server.url, concurrency=3, retries=3), k=2, seed=0)
    assert server.max_in_flight <= 3 and server.requests == 3 * 2 * len(arithmetic)
    assert summarise(results)["pass@1"] == 1.0 and summarise(results)["errors"] == 0


def test_results_json_has_the_issues_schema_on_a_mixed_run(serve, tmp_path, capsys):
    from rlvr_envs.cli import main

    problems = eval_problems("demo-v0", 6)
    failing = {problems[0].prompt, problems[3].prompt}

    def respond(request):
        if request.problem.prompt in failing and request.body["seed"] == 0:
            return Reply(status=500)
        return oracle(request) if request.body["seed"] == 1 else Reply(text="<answer>x</answer>")

    server = serve(problems, respond)
    out = tmp_path / "out"
    args = ["eval", "demo-v0", "--n", "6", "--k", "2", "--seed", "0", "--retries", "0", "--out",
            str(out), "--base-url", server.url, "--model", "fake", "--no-progress"]  # fmt: skip
    assert main(args) == 1  # samples failed
    data = json.loads((out / "results.json").read_text())
    for key in ("suite", "model", "n", "pass@1", "pass@k", "format_rate", "per_env", "errors"):
        assert key in data
    assert data["suite"] == "demo-v0" and data["n"] == 6 and data["errors"] == 2
    # 4 problems with 1 wrong + 1 right, 2 with an error + 1 right: pass@1 (4 * 0.5 + 2) / 6
    assert data["pass@1"] == pytest.approx(4 / 6) and data["pass@k"]["2"] == 1.0
    assert data["excluded"] == {"1": 0, "2": 2}
    assert data["format_rate"] == 1.0
    for env_id, block in data["per_env"].items():
        rows = [p for p in problems if p.env_id == env_id]
        assert block["n"] == len(rows) and set(block) >= {"n", "pass@1", "format_rate"}
    assert sum(b["n"] for b in data["per_env"].values()) == 6
    failing.clear()  # the server is well again: a rerun retries only the 2 failed samples
    assert main(args) == 0
    assert server.requests == 12 + 2
    assert json.loads((out / "results.json").read_text())["pass@1"] == pytest.approx(0.5)


# -- the cache -----------------------------------------------------------------------------------


def test_equal_requests_share_a_cache_entry(serve, arithmetic, tmp_path):
    problems = arithmetic[:2]
    server = serve(problems)
    cache = tmp_path / "c.jsonl"
    run(problems, backend_for(server.url), cache=cache, temperature=0.0, system_prompt=None)
    run(problems, backend_for(server.url), cache=cache, temperature=0, system_prompt="")
    assert server.requests == 2  # 0 == 0.0, and "" sends no system message, as None


def test_settings_that_change_the_request_are_other_cache_entries(serve, arithmetic, tmp_path):
    problems = arithmetic[:2]
    server = serve(problems)
    cache = tmp_path / "c.jsonl"
    run(problems, backend_for(server.url), cache=cache)
    run(problems, backend_for(server.url, extra_body={"top_p": 0.5}), cache=cache)
    assert server.requests == 4 and server.seen[-1].body["top_p"] == 0.5
    run(problems, backend_for(server.url, extra_body={"top_p": 0.5}), cache=cache)
    assert server.requests == 4
    run(problems, backend_for(server.url), cache=cache, system_prompt="Be brief.")
    assert server.requests == 6
    run(problems, openai_backend(server.url, "another-model", api_key=""), cache=cache)
    assert server.requests == 8
    run(problems, backend_for(server.url), cache=cache, k=3, seed=0)  # seeds 0, 1, 2
    run(problems, backend_for(server.url), cache=cache, k=4, seed=0)  # only seed 3 is new
    assert server.requests == 8 + 6 + 2


class CountingBackend:
    """A backend whose completions depend on ``weights``, which it names in ``cache_id``."""

    concurrency = 4
    model = "counting"

    def __init__(self, weights: str) -> None:
        self.name, self.weights, self.calls = "local", weights, 0

    @property
    def cache_id(self) -> str:
        return f"weights={self.weights}"

    async def complete(self, messages, *, temperature, max_tokens, seed):
        self.calls += 1
        return Completion(f"<answer>{self.weights}</answer>")

    async def aclose(self):
        pass


def test_a_backend_names_what_else_decides_its_completions(arithmetic, tmp_path):
    cache = tmp_path / "c.jsonl"
    first = run(arithmetic[:2], CountingBackend("a"), cache=cache)
    assert first[0].samples[0].completions == ["<answer>a</answer>"]
    backend = CountingBackend("b")
    second = run(arithmetic[:2], backend, cache=cache)
    assert backend.calls == 2 and second[0].samples[0].completions == ["<answer>b</answer>"]
    backend = CountingBackend("b")
    run(arithmetic[:2], backend, cache=cache)
    assert backend.calls == 0


def test_an_overwritten_checkpoint_is_not_read_from_the_cache(tmp_path):
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from rlvr_envs.cli import main
    from tests.trainers.tiny_model import build_tiny_model

    model = tmp_path / "checkpoint"
    out = tmp_path / "out"
    args = ["eval", "rlvr/Arithmetic-v0", "--hf", str(model), "--n", "2", "--max-tokens", "4",
            "--out", str(out), "--no-progress"]  # fmt: skip
    build_tiny_model(model, seed=0)
    assert main(args) == 0
    assert json.loads((out / "results.json").read_text())["timing"]["requests"] == 2
    build_tiny_model(model, seed=1)  # the trainer saved new weights at the same path
    assert main(args) == 0
    assert json.loads((out / "results.json").read_text())["timing"]["requests"] == 2
    assert main(args) == 0
    assert json.loads((out / "results.json").read_text())["timing"]["requests"] == 0


def test_two_runs_writing_one_cache_at_once_leave_every_line_whole(serve, arithmetic, tmp_path):
    big = "résumé " * 5000  # lines longer than any write buffer
    server = serve(arithmetic, lambda r: Reply(text=big + oracle(r).text))
    cache = tmp_path / "c.jsonl"
    threads = [
        threading.Thread(target=run, args=(arithmetic, backend_for(server.url)),
                         kwargs={"cache": cache, "k": 3, "seed": seed})
        for seed in (0, 100)
    ]  # fmt: skip
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    lines = cache.read_bytes().splitlines()
    assert len(lines) == 2 * 3 * len(arithmetic)
    assert all(json.loads(line)["text"].startswith(big) for line in lines)


def test_temperature_must_be_a_finite_number(serve, arithmetic):
    server = serve(arithmetic[:1])
    with pytest.raises(ValueError, match="temperature"):
        run(arithmetic[:1], backend_for(server.url), temperature=float("inf"))
    assert server.requests == 0


_DEFAULT_SIGINT_CLI = (
    "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "from rlvr_envs.cli import main; sys.exit(main(sys.argv[1:]))"
)
"""``python -m rlvr_envs.cli`` with SIGINT handled as Python does when it starts with it at
the default, whatever the test process inherited."""


def test_ctrl_c_leaves_a_cache_that_a_rerun_completes(serve, tmp_path):
    problems = eval_problems("rlvr/Arithmetic-v0", 30)
    # the first 6 requests are answered at once, the rest are held (an hour) until the
    # interrupt: the run cannot finish before the signal arrives however long a busy machine
    # stalls this test's polling (a fresh-clone run under memory pressure once saw the whole
    # run end first when the rest took 3 s each); the interrupt cancels the held requests
    served, held = itertools.count(), threading.Event()
    held.set()

    def reply(r):
        late = next(served) >= 6 and held.is_set()
        return Reply(text=oracle(r).text + " — ✓", delay=3600.0 if late else 0.05)

    server = serve(problems, reply)
    out = tmp_path / "out"
    # Ctrl-C as a terminal sends it: the eval starts with SIGINT at Python's default handler.
    # A test command started in the background (nohup ... &) runs every process with SIGINT
    # ignored, which a child inherits through exec; the SIGINT below then did nothing, and this
    # test failed in three fresh-clone runs started that way (the eval's main task was still
    # waiting on its requests 60 s later, never cancelled). -X faulthandler: if the run does
    # not stop, SIGABRT makes it print every thread's stack.
    command = [sys.executable, "-X", "faulthandler", "-c", _DEFAULT_SIGINT_CLI, "eval",
               "rlvr/Arithmetic-v0", "--n", "30", "--base-url", server.url, "--model", "fake",
               "--out", str(out), "--concurrency", "2", "--no-progress"]  # fmt: skip
    env = {**os.environ, "OPENAI_API_KEY": "", "PYTHONPATH": str(ROOT)}
    # stderr to a file, and wait() rather than communicate(): a pipe kept open by some other
    # process would otherwise hide whether the eval itself exited (and lose its stacks)
    log = tmp_path / "stderr.txt"
    with log.open("wb") as stderr:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=stderr, env=env)
    cache = out / "completions.jsonl"
    deadline = time.monotonic() + 120  # a loaded machine starts the process slowly
    while time.monotonic() < deadline and process.poll() is None:
        if cache.exists() and len(cache.read_bytes().splitlines()) >= 4:
            break
        time.sleep(0.01)
    assert cache.exists() and len(cache.read_bytes().splitlines()) >= 4, "no 4 completions"
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGABRT)
        process.wait(timeout=30)
        stacks = log.read_bytes().decode(errors="replace")[-4000:]
        pytest.fail("the interrupted run did not stop; its threads:\n" + stacks)
    finally:
        held.clear()
    err = log.read_bytes()
    assert process.returncode == 130 and b"rerun the same command to resume" in err
    done = len(CompletionCache(cache))
    assert 4 <= done < 30
    before = server.requests
    finished = subprocess.run(command, capture_output=True, env=env, timeout=60)
    assert finished.returncode == 0, finished.stderr.decode()[-500:]
    assert server.requests - before == 30 - done
    assert json.loads((out / "results.json").read_text())["pass@1"] == 1.0


# -- multi-turn ----------------------------------------------------------------------------------


def _lookup_program(problem, messages) -> str:
    """A model that learns nothing but the answers it was shown: the prompt's examples and
    every failing test's expected output from the feedback, hard-coded."""
    fn = problem.meta["hidden_tests"][0]["fn"]
    table = {}
    for message in messages:
        text = message["content"]
        for call, value in re.findall(rf"{fn}\((.*)\) == (.*)", text):
            table[call] = value
        for call, value in re.findall(rf"^\s+{fn}\((.*)\)\nexpected: (.*)$", text, re.M):
            table[call] = value
    rows = ",\n".join(f"        {k!r}: {v}" for k, v in table.items())
    return (
        f"```python\ndef {fn}(*args):\n    table = {{\n{rows}\n    }}\n"
        "    return table.get(', '.join(map(repr, args)), 0)\n```"
    )


def test_echoing_code_repair_feedback_earns_nothing(serve):
    problems = eval_problems("rlvr/CodeRepair-v0", 6)
    server = serve(problems, lambda r: Reply(text=_lookup_program(r.problem, r.body["messages"])))
    results = run(problems, backend_for(server.url))
    samples = [s for r in results for s in r.samples]
    assert all(s.error is None and s.turns == 3 and s.requests == 3 for s in samples)
    assert not any(s.correct for s in samples)
    assert max(r.turn for r in server.seen) == 2  # no fourth attempt
    # the feedback did reveal expected outputs: the table grew turn by turn
    sizes = [r.body["messages"][-1]["content"].count("expected:") for r in server.seen]
    assert max(sizes) == 1 and sum(sizes) == 2 * len(problems)


def test_an_answer_after_the_turn_limit_earns_nothing(serve):
    problems = eval_problems("rlvr/CodeRepair-v0", 2)
    server = serve(problems, lambda r: oracle(r) if r.turn >= 2 else Reply(text="no code"))
    results = run(problems, backend_for(server.url), max_turns=2)
    assert [(s.correct, s.turns) for r in results for s in r.samples] == [(False, 2)] * 2
    assert max(r.turn for r in server.seen) == 1
    results = run(problems, backend_for(server.url))  # the env's 3 turns
    assert [(s.correct, s.turns) for r in results for s in r.samples] == [(True, 3)] * 2


# -- difficulty cards ----------------------------------------------------------------------------


def _card():
    def easy_half(problems):
        return [(int(p.difficulty < 0.5), 1) for p in problems]

    card = calibrate_env("rlvr/Arithmetic-v0", easy_half, bins=4, n=2)
    return card, card.to_dict()


def test_a_card_file_without_its_derived_fields_is_rebuilt(tmp_path):
    card, data = _card()
    old = {k: v for k, v in data.items() if k not in ("fit", "thresholds", "threshold_notes")}
    old["bins"] = [{k: v for k, v in b.items() if k not in ("rate", "ci_lo", "ci_hi")}
                   for b in old["bins"]]  # fmt: skip
    old["bins"][0]["note"] = "a field from a later version"
    (tmp_path / "cards.json").write_text(json.dumps({"suite": None, "model": "", "cards": [old]}))
    [loaded] = load_cards(tmp_path / "cards.json")
    assert loaded.fit == card.fit and loaded.thresholds == card.thresholds
    assert loaded.threshold_notes == card.threshold_notes
    assert [b.rate for b in loaded.bins] == [b.rate for b in card.bins]
    assert loaded.rate_at(0.2) == card.rate_at(0.2)


def test_a_card_file_missing_what_cannot_be_rebuilt_names_it(tmp_path):
    _, data = _card()
    del data["bins"][1]["passes"]
    with pytest.raises(ValueError, match="passes"):
        load_cards(data)


def test_cards_for_other_envs_or_teachers_without_cards_are_clear_errors(tmp_path):
    from rlvr_envs.curriculum import TaskSpace, make_teacher

    card, _ = _card()
    space = TaskSpace(["rlvr/LinearEquation-v0"])
    with pytest.raises(ValueError, match="none of which is in the task space"):
        make_teacher("sec", space, cards=[card])
    with pytest.raises(ValueError, match="no option 'cards'"):
        make_teacher("uniform", TaskSpace(["rlvr/Arithmetic-v0"]), cards=[card])
    assert make_teacher("sec", TaskSpace(["rlvr/Arithmetic-v0"]), cards=[card]) is not None


def test_calibration_seeds_are_disjoint_from_eval_and_training_seeds():
    from rlvr_envs.calibration import CALIBRATION_SEEDS, sweep_points

    points = sweep_points(10, 20, seed=3)
    seeds = [p.seed for p in points]
    assert len(set(seeds)) == len(seeds) and all(s in CALIBRATION_SEEDS for s in seeds)
    assert all(s in rlvr_envs.EVAL_SEEDS for s in seeds)
    suites = [rlvr_envs.load_suite(name) for name in ("math-v0", "demo-v0")]
    frozen = [p.seed for suite in suites for p in suite.load_eval_set()]
    env_eval = [p.seed for p in eval_problems("rlvr/Arithmetic-v0", 100)]
    assert not set(seeds) & (set(frozen) | set(env_eval))


# -- a local Hugging Face model ----------------------------------------------------------------


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory):
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from tests.trainers.tiny_model import build_tiny_model

    return build_tiny_model(tmp_path_factory.mktemp("hf") / "tiny")


def test_hf_batches_of_mixed_lengths_match_one_at_a_time(tiny_model):
    from rlvr_envs.evaluation import hf_backend

    problems = eval_problems("demo-v0", 6)
    assert len({len(p.prompt) for p in problems}) > 1  # left padding is exercised
    texts = {}
    for batch in (1, 6):
        backend = hf_backend(str(tiny_model), batch_size=batch, device="cpu")
        results = run(problems, backend, max_tokens=5)
        texts[batch] = [(s.completions, s.completion_tokens, s.finish_reason)
                        for r in results for s in r.samples]  # fmt: skip
    assert texts[1] == texts[6]
    assert all(1 <= tokens <= 5 for _, tokens, _ in texts[1])
    assert all(reason == "length" for _, tokens, reason in texts[1] if tokens == 5 and reason)


def test_hf_without_a_chat_template_is_refused(tiny_model, tmp_path):
    import shutil

    from rlvr_envs.evaluation import hf_backend

    copy = Path(shutil.copytree(tiny_model, tmp_path / "no-template"))
    config = json.loads((copy / "tokenizer_config.json").read_text())
    config.pop("chat_template", None)
    (copy / "tokenizer_config.json").write_text(json.dumps(config))
    for extra in copy.glob("chat_template.*"):
        extra.unlink()
    with pytest.raises(ValueError, match="no chat template"):
        hf_backend(str(copy), device="cpu")
