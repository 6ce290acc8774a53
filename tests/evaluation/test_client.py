"""The OpenAI-compatible client against the fake server: retries (429 with Retry-After, 5xx,
timeouts, dropped connections), errors that are not retried, malformed responses reported as
errors (never as wrong answers), headers and request bodies."""

from __future__ import annotations

import asyncio
import email.utils
import json
import math
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rlvr_envs.evaluation import BackendError, openai_backend, score_problems, summarise
from rlvr_envs.evaluation.client import parse_chat_response, retry_after_seconds
from tests.evaluation.fake_server import Reply, fail_first, oracle, stop_after
from tests.timing import wall_budget


def fast_backend(server, **options):
    """A backend that retries without waiting long (tests stay fast)."""
    options = {"backoff": 0.01, "max_backoff": 0.05, "api_key": "", **options}
    return openai_backend(server.url, "fake", **options)


def run(problems, backend, **options):
    return score_problems(problems, backend, progress=False, **options)


def test_429_is_retried_after_the_servers_retry_after(serve, arithmetic):
    problems = arithmetic[:2]
    server = serve(problems, fail_first(1, Reply(status=429, headers={"Retry-After": "1"})))
    start = time.monotonic()
    results = run(problems, fast_backend(server, retries=2))
    assert all(s.correct for r in results for s in r.samples)
    assert server.requests == 4
    for problem in problems:
        times = [r.time for r in server.seen if r.problem == problem]
        assert len(times) == 2 and times[1] - times[0] >= 0.95  # not the 0.01 s backoff
    assert time.monotonic() - start < wall_budget(5)


@pytest.mark.parametrize("status", [500, 502, 503])
def test_server_errors_are_retried_until_an_answer(serve, arithmetic, status):
    problems = arithmetic[:3]
    server = serve(problems, fail_first(2, Reply(status=status, body=b'{"error": "busy"}')))
    results = run(problems, fast_backend(server, retries=3))
    assert [s.correct for r in results for s in r.samples] == [True] * 3
    assert server.requests == 9 and sum(s.requests for r in results for s in r.samples) == 3


def test_retries_exhausted_give_errors_that_are_not_wrong_answers(serve, arithmetic):
    problems = arithmetic[:4]
    always_503 = fail_first(99, Reply(status=503))
    server = serve(problems, lambda r: oracle(r) if r.problem.seed % 2 else always_503(r))
    results = run(problems, fast_backend(server, retries=2))
    failed = [r for r in results if r.problem.seed % 2 == 0]
    assert failed and all(r.samples[0].error == "HTTP 503: {} (3 attempts)" for r in failed)
    assert all(r.samples[0].correct is None and r.samples[0].reward is None for r in failed)
    summary = summarise(results)
    assert summary["pass@1"] == 1.0  # the failed problems are left out, not scored 0
    assert summary["errors"] == len(failed) and summary["excluded"]["1"] == len(failed)
    assert server.requests == 3 * len(failed) + (len(problems) - len(failed))


def test_timeouts_are_retried_then_reported(serve, arithmetic):
    problems = arithmetic[:3]
    slow = problems[0]
    server = serve(problems, lambda r: Reply(delay=3.0) if r.problem == slow else oracle(r))
    start = time.monotonic()
    results = run(problems, fast_backend(server, retries=1, timeout=0.3))
    assert time.monotonic() - start < wall_budget(2.5)
    first = results[0].samples[0]
    assert first.error == "timed out after 0.3 s (2 attempts)" and first.correct is None
    assert [r.samples[0].correct for r in results[1:]] == [True, True]
    assert sum(r.problem == slow for r in server.seen) == 2


def test_a_dropped_connection_is_retried(serve, arithmetic):
    problems = arithmetic[:2]
    server = serve(problems, fail_first(1, Reply(drop=True)))
    results = run(problems, fast_backend(server, retries=1))
    assert all(s.correct for r in results for s in r.samples) and server.requests == 4


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"{not json", "malformed response: not JSON: '{not json'"),
        (b'{"id": "x"}', "malformed response: no choices[0].message.content"),
        (b'{"choices": []}', "malformed response: no choices[0].message.content"),
        (b'{"choices": [{"message": {"role": "assistant"}}]}', "no choices[0].message.content"),
        (b'{"error": {"message": "model overloaded"}}', "server error"),
    ],
)
def test_malformed_responses_are_errors_not_wrong_answers(serve, arithmetic, body, message):
    problems = arithmetic[:2]
    server = serve(problems, lambda r: Reply(body=body))
    results = run(problems, fast_backend(server, retries=3))
    for result in results:
        sample = result.samples[0]
        assert message in sample.error and sample.correct is None and sample.format_ok is None
    assert server.requests == 2  # not retried
    assert summarise(results)["pass@1"] is None


@pytest.mark.parametrize("status", [400, 401, 404])
def test_client_errors_fail_at_once(serve, arithmetic, status):
    server = serve(arithmetic[:1], lambda r: Reply(status=status, body=b'{"error": "nope"}'))
    results = run(arithmetic[:1], fast_backend(server, retries=3))
    assert results[0].samples[0].error == f'HTTP {status}: {{"error": "nope"}}'
    assert server.requests == 1


def test_request_body_headers_and_seeds(serve, arithmetic, monkeypatch):
    problems = arithmetic[:2]
    server = serve(problems)
    backend = fast_backend(server, api_key="sekrit", extra_body={"top_p": 0.5})
    run(problems, backend, k=3, seed=10, temperature=0.7, max_tokens=77, system_prompt="Be brief.")
    assert server.requests == 6
    for request in server.seen:
        body = request.body
        assert request.headers["authorization"] == "Bearer sekrit"
        assert body["model"] == "fake" and body["temperature"] == 0.7
        assert body["max_tokens"] == 77 and body["top_p"] == 0.5
        assert body["messages"] == [
            {"role": "system", "content": "Be brief."},
            {"role": "user", "content": request.problem.prompt},
        ]
    for problem in problems:
        seeds = sorted(r.body["seed"] for r in server.seen if r.problem == problem)
        assert seeds == [10, 11, 12]
    monkeypatch.setenv("OPENAI_API_KEY", "from-env")
    run(problems[:1], openai_backend(server.url, "fake"))
    assert server.seen[-1].headers["authorization"] == "Bearer from-env"
    assert "seed" not in server.seen[-1].body
    run(problems[:1], openai_backend(server.url, "fake", api_key=""))
    assert "authorization" not in server.seen[-1].headers


def test_a_backend_serves_one_event_loop_after_another(serve, arithmetic):
    server = serve(arithmetic[:2])
    backend = fast_backend(server)

    async def one():
        messages = [{"role": "user", "content": arithmetic[0].prompt}]
        completion = await backend.complete(messages, temperature=0, max_tokens=8, seed=None)
        await backend.aclose()
        return completion

    first, second = asyncio.run(one()), asyncio.run(one())
    assert first == second and first.completion_tokens == len(first.text.split())


def test_a_server_gone_after_some_requests_gives_connection_errors(serve, arithmetic):
    server = serve(arithmetic[:4], stop_after(2))
    results = run(arithmetic[:4], fast_backend(server, retries=1, concurrency=1))
    errors = [s.error for r in results for s in r.samples if s.error]
    assert len(errors) == 2 and all(e.startswith("connection error: ") for e in errors)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"base_url": "127.0.0.1:8000"}, "must start with http"),
        ({"concurrency": 0}, "concurrency must be >= 1"),
        ({"retries": -1}, "retries must be >= 0"),
        ({"timeout": 0}, "timeout must be > 0"),
        ({"model": ""}, "model must be a non-empty name"),
    ],
)
def test_bad_settings_fail_when_the_backend_is_made(kwargs, message):
    args = {"base_url": "http://127.0.0.1:1/v1", "model": "m", **kwargs}
    with pytest.raises(ValueError, match=message):
        openai_backend(args.pop("base_url"), args.pop("model"), **args)


def test_the_endpoint_url():
    assert openai_backend("http://h:1/v1/", "m").url == "http://h:1/v1/chat/completions"
    assert openai_backend("http://h:1/v1/chat/completions", "m").url.count("chat") == 1


@given(st.floats(0, 1e6, allow_nan=False) | st.integers(0, 10**6))
def test_retry_after_seconds_reads_delay_seconds(value):
    assert retry_after_seconds(str(value)) == pytest.approx(float(value))


@given(st.integers(0, 10**6))
def test_retry_after_seconds_reads_http_dates(offset):
    now = 1_700_000_000
    header = email.utils.formatdate(now + offset, usegmt=True)
    assert math.isclose(retry_after_seconds(header, now=now), offset)
    past = email.utils.formatdate(now - 1 - offset, usegmt=True)
    assert retry_after_seconds(past, now=now) == 0.0


@pytest.mark.parametrize("value", [None, "", "soon", "-3", "nan", "inf", "Mon, 99 Foo 2020"])
def test_retry_after_seconds_ignores_what_it_cannot_read(value):
    assert retry_after_seconds(value) is None


def test_parse_chat_response_shapes():
    null = parse_chat_response(b'{"choices": [{"message": {"content": null}}]}')
    assert null.text == "" and null.completion_tokens is None
    parts = [{"type": "text", "text": "a"}, {"text": "b"}]
    body = json.dumps({"choices": [{"message": {"content": parts}}]})
    assert parse_chat_response(body).text == "ab"
    usage = parse_chat_response(
        '{"choices": [{"message": {"content": "x"}, "finish_reason": "length"}],'
        ' "usage": {"completion_tokens": 3, "prompt_tokens": true}}'
    )
    assert (usage.completion_tokens, usage.prompt_tokens) == (3, None)
    assert usage.finish_reason == "length"
    with pytest.raises(BackendError, match="content is int"):
        parse_chat_response('{"choices": [{"message": {"content": 5}}]}')
